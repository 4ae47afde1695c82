from array import array

from ..events import M_STACK, MARK
from ..graph import SHAPES, between, cells, moves
from ..registry import generator
from ._base import carve, open_cell, set_mark


@generator("wilson", "Wilson", order=70, perfect=True, uniform=True, shapes=SHAPES)
def wilson(maze, rng):
    """Wilson: loop-erased random walks, each one joined to the tree when it reaches it.

    1. Open the start cell: the tree.
    2. Take the next cell (in index order) that is not in the tree and walk at
       random from it, marking the walk.  When the walk steps onto a cell of
       its own path, erase the loop it just closed (unmark it) and go on
       from there.
    3. When the walk steps onto a tree cell, open every cell and passage
       along the walk (a milestone each): the walk joins the tree.
    4. Repeat until every cell is in the tree.

    Property: perfect and uniform: every spanning tree is equally likely,
    whatever order the walks start in.  Faster than Aldous-Broder, though
    the first walks are long while the tree is small.
    Source: D. B. Wilson, "Generating random spanning trees more quickly
    than the cover time" (1996); Jamis Buck, "Maze Generation: Wilson's
    Algorithm".
    """
    yield open_cell(maze, maze.start)
    yield from walks(maze, rng, cells(maze))


def walks(maze, rng, firsts):
    """Wilson's steps 2 to 4: from each cell of ``firsts`` not yet open, a loop-erased random walk
    (marked as it goes) until it meets an open cell, then opened into the tree."""
    wall, mark = maze.wall, maze.mark
    walk, inside = stepper(maze, rng)
    via_of = between(maze)
    at = array("i", [-1]) * len(wall)   # position of a cell on the current walk, -1 when off it
    for first in firsts:
        if not wall[first]:
            continue
        path = [first]
        at[first] = 0
        mark[first] = M_STACK
        yield (MARK, first, 0, M_STACK)
        p = first
        while True:
            q = walk(p)
            if not inside[q]:
                continue
            if not wall[q]:
                break
            i = at[q]
            if i >= 0:
                erased = path[i + 1:]
                del path[i + 1:]
                step = []
                for c in erased:
                    at[c] = -1
                    mark[c] = 0
                    step += (MARK, c, M_STACK, 0)
                yield tuple(step)
            else:
                at[q] = len(path)
                path.append(q)
                mark[q] = M_STACK
                yield (MARK, q, 0, M_STACK)
            p = q
        path.append(q)
        for k in range(len(path) - 2, -1, -1):
            c = path[k]
            via = via_of(c, path[k + 1])
            at[c] = -1
            yield set_mark(maze, c, 0) + carve(maze, via, c)


def _instant(maze, rng):
    """Wilson with nobody watching: the same walks (the same random draws), no marks, no steps.

    Each walk only remembers the last cell it left every cell for; following those exits from
    the walk's first cell gives exactly its loop-erased path (a loop, once closed, is left for
    good), so the maze is the one the steps build."""
    wall = maze.wall
    fixed, tables, inside = moves(maze)
    jumps = fixed and [dq for _, dq in fixed]
    via_of = between(maze)
    getrandbits, random = rng.getrandbits, rng.random
    wall[maze.start] = 0
    exit_to = array("i", [-1]) * len(wall)
    for first in cells(maze):
        if not wall[first]:
            continue
        p = first
        while wall[p]:
            if jumps:
                q = p + jumps[getrandbits(2)]
            else:
                d = tables[p]
                q = p + d[int(random() * len(d))][1]
            if inside[q]:
                exit_to[p] = q
                p = q
        p = first
        while wall[p]:
            q = exit_to[p]
            wall[via_of(p, q)] = 0
            wall[p] = 0
            p = q


wilson.instant = _instant
def stepper(maze, rng):
    """``(walk, inside)``: ``walk(p)`` is a random one of cell p's neighbour slots, drawn from
    ``rng``, which is a cell when ``inside`` is set there (see ``pymaze.graph.moves``)."""
    fixed, tables, inside = moves(maze)
    if fixed:
        jumps, bits = [dq for _, dq in fixed], rng.getrandbits
        return (lambda p: p + jumps[bits(2)]), inside
    random = rng.random

    def walk(p):
        d = tables[p]
        return p + d[int(random() * len(d))][1]
    return walk, inside
