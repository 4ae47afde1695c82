from array import array
from itertools import chain

from ..events import CHUNK, M_STACK, MARK, MILESTONE, WALL, Kinds, Trace
from ..graph import SHAPES, cells, moves, rule
from ..registry import generator

# What a watched walk reports (see events.Trace): a cell joins the walk (ADDED), leaves it when its
# loop is erased or when the walk joins the tree (LEFT), a passage opened (PASSAGE), a cell opened
# into the tree (OPENED, a milestone).
KINDS = Kinds((MARK, 0, M_STACK), (MARK, M_STACK, 0), (WALL, 1, 0), (WALL | MILESTONE, 1, 0))
ADDED, LEFT, PASSAGE, OPENED = range(4)


@generator("wilson", "Wilson", group="perfect", order=70, perfect=True, uniform=True, shapes=SHAPES)
def wilson(maze, rng, watch=True):
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
    maze.wall[maze.start] = 0
    if watch:
        yield array("i", (WALL | MILESTONE, maze.start, 1, 0))
    yield from walks(maze, rng, cells(maze), watch)


wilson.packed = True


def walks(maze, rng, firsts, watch=True):
    """Wilson's steps 2 to 4 from each cell of ``firsts`` still closed, into the open cells.

    Each cell of a walk remembers the move it last left by (``exit_k``), as in Wilson's own
    ``Next`` array: a loop, once closed, is left for good, so following those moves from the
    walk's first cell gives the loop-erased walk.  Watched, ``path`` keeps the walk as shown
    (``at``: each cell's place on it), a loop erased as soon as it closes."""
    wall, mark = maze.wall, maze.mark
    fixed, tables, inside = moves(maze)
    may = rule(maze)    # a weave maze: may this passage open now?
    getrandbits, random = rng.getrandbits, rng.random
    jumps = fixed and [dq for dv, dq in fixed]
    wide = not fixed and max(map(len, tables)) > 255   # (a polar centre has a move per cell of ring 1)
    exit_k = array("i" if wide else "B", [0]) * len(wall)   # the move each walk cell was last left by
    if watch:
        trace = Trace(KINDS)
        show = trace.add
        at = {}                          # a cell of the shown walk: its place on it
    again = []    # a weave maze: the first cells of walks the rule cut short, to walk from again
    for first in chain(firsts, again):
        if not wall[first]:
            continue
        if watch:
            path = [first]
            at[first] = 0
            mark[first] = M_STACK
            shown = 0                    # path[shown:] joined the walk since it was last reported
        p = first
        while True:                      # 2. walk until the tree is reached
            if jumps:                    # a square maze: one of four moves from two random bits
                k = getrandbits(2)
                q = p + jumps[k]
            else:
                d = tables[p]
                k = int(random() * len(d))
                q = p + d[k][1]
            if not inside[q] or may is not None and not may.may_open(p, p + tables[p][k][0], q):
                continue
            exit_k[p] = k
            if not wall[q]:
                break
            if watch:
                i = at.get(q)
                if i is not None:        # a loop closed at q: erase it
                    erased = path[i + 1:]
                    for c in erased:
                        del at[c]
                        mark[c] = 0
                    full = _report(trace, path[shown:], erased)
                    del path[i + 1:]
                    shown = i + 1
                    if full:                 # (the first walks are long: out as they come)
                        yield trace.batch()
                else:
                    at[q] = len(path)
                    path.append(q)
                    mark[q] = M_STACK
            p = q
        p = first
        if may is not None:              # a weave maze: it joins from the tree back, while the rule allows
            walk = []
            while wall[p]:
                walk.append(p)
                p += tables[p][exit_k[p]][1]
            for c in reversed(walk):
                dv, dq = tables[c][exit_k[c]]
                if not may.may_open(c + dq, c + dv, c):
                    again.append(first)
                    break
                wall[c + dv] = 0
                wall[c] = 0
        while wall[p]:                   # 3. the loop-erased walk joins the tree
            dv, dq = (fixed or tables[p])[exit_k[p]]
            wall[p + dv] = 0
            wall[p] = 0
            p += dq
        if watch:                        # shown from the tree back to the walk's first cell
            _report(trace, path[shown:], [])
            for c in reversed(path):
                del at[c]
                mark[c] = 0
                show(LEFT, c)
                if not wall[c]:
                    show(PASSAGE, c + (fixed or tables[c])[exit_k[c]][0])
                    show(OPENED, c)
            if trace.full():
                yield trace.batch()
    if watch:
        yield trace.batch()


def _report(trace, added, erased):
    """``trace.add`` of every cell ``added`` to the walk since the last report, then of every cell
    ``erased`` from it, in one go; true when a batch is due."""
    trace.kind += bytes((ADDED,)) * len(added) + bytes((LEFT,)) * len(erased)
    trace.index += added + erased
    return len(trace.index) >= CHUNK


