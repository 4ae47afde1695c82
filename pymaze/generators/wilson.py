from array import array

from ..events import CHUNK, MILESTONE, M_STACK, MARK, WALL, Kinds, pack
from ..graph import SHAPES, between, cells, moves
from ..registry import generator
from ._base import carve, open_cell, set_mark

# The watched walks' events, as kinds of packed events (see events.pack): ADD (c), a cell joins
# the walk; ERASE (c), a cell of a closed loop leaves it; JOIN (c, via, c), a walk cell is unmarked
# and opened into the tree with the passage toward the next one (a milestone), as ``walks`` yields them.
KINDS = Kinds((MARK, 0, M_STACK), (MARK, M_STACK, 0), (WALL, 1, 0), (WALL | MILESTONE, 1, 0))
ADD, ERASE, JOIN = b"\0", b"\1", b"\1\2\3"


@generator("wilson", "Wilson", group="perfect", order=70, perfect=True, uniform=True, shapes=SHAPES)
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
    yield array("i", open_cell(maze, maze.start))
    yield from _packed_walks(maze, rng, cells(maze))


def _packed_walks(maze, rng, firsts):
    """``walks``, its events packed a chunk at a time: the same walks, marks and events."""
    wall, mark = maze.wall, maze.mark
    fixed, _, inside = moves(maze)
    jumps, getrandbits = fixed and [dq for _, dq in fixed], rng.getrandbits  # square mazes: inline steps
    walk = None if fixed else stepper(maze, rng)[0]
    via_of = between(maze)
    at = array("i", [-1]) * len(wall)   # position of a cell on the current walk, -1 when off it
    stack = M_STACK
    kind, index = bytearray(), []
    for first in firsts:
        if not wall[first]:
            continue
        path = [first]
        add = path.append
        at[first] = 0
        mark[first] = stack
        new = 0  # path[new:] joined the walk since its events were last gathered
        p = first
        while True:
            q = p + jumps[getrandbits(2)] if jumps else walk(p)
            if not inside[q]:
                continue
            if not wall[q]:
                break
            i = at[q]
            if i >= 0:
                # The loop closed at q: its cells leave the walk.  The cells added since the last
                # erasure (in the order they came, as path keeps them) go into the events first.
                index += path[new:]
                kind += ADD * (len(path) - new)
                erased = path[i + 1:]
                del path[i + 1:]
                new = i + 1
                for c in erased:
                    at[c] = -1
                    mark[c] = 0
                index += erased
                kind += ERASE * len(erased)
                if len(index) >= CHUNK:  # (the first walks are long: hand their events out as they come)
                    yield pack(KINDS, kind, index)
                    kind, index = bytearray(), []
            else:
                at[q] = len(path)
                add(q)
                mark[q] = stack
            p = q
        index += path[new:]
        kind += ADD * (len(path) - new)
        path.append(q)
        # Joined: path[-2] back to path[0] unmarked and opened, each with the passage ahead.
        todo = path[-2::-1]
        vias = list(map(via_of, todo, path[:0:-1]))
        for c, via in zip(todo, vias):
            at[c] = -1
            mark[c] = 0
            wall[via] = 0
            wall[c] = 0
        trips = todo * 3
        trips[1::3] = vias
        trips[0::3] = trips[2::3] = todo
        index += trips
        kind += JOIN * len(todo)
        if len(index) >= CHUNK:
            yield pack(KINDS, kind, index)
            kind, index = bytearray(), []
    if index:
        yield pack(KINDS, kind, index)


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
    """Wilson with nobody watching: the same walks (the same random draws), no marks, no steps
    (see ``instant_walks``)."""
    maze.wall[maze.start] = 0
    instant_walks(maze, rng, cells(maze))


def instant_walks(maze, rng, firsts):
    """``walks`` with nobody watching: from each cell of ``firsts`` not yet open, the same walk
    (the same random draws), no marks, no steps.

    Each walk only remembers the last cell it left every cell for; following those exits from
    the walk's first cell gives exactly its loop-erased path (a loop, once closed, is left for
    good), so the maze is the one the steps build."""
    wall = maze.wall
    fixed, tables, inside = moves(maze)
    jumps = fixed and [dq for _, dq in fixed]
    via_of = between(maze)
    getrandbits, random = rng.getrandbits, rng.random
    exit_to = array("i", [-1]) * len(wall)
    for first in firsts:
        if not wall[first]:
            continue
        p = first
        if jumps:
            while wall[p]:
                q = p + jumps[getrandbits(2)]
                if inside[q]:
                    exit_to[p] = q
                    p = q
            p = first
            while wall[p]:
                q = exit_to[p]
                wall[(p + q) >> 1] = 0
                wall[p] = 0
                p = q
        else:
            while wall[p]:
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
wilson.packed = True
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
