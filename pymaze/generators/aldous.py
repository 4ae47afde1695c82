from ..events import M_CURRENT, MARK
from ..graph import SHAPES, between, cells, moves
from ..registry import generator
from ._base import carve, open_cell, set_mark


@generator("aldous", "Aldous-Broder", group="perfect", order=80, perfect=True, uniform=True, shapes=SHAPES)
def aldous(maze, rng):
    """Aldous-Broder: a random walk that opens the way into every cell it enters for the first time.

    1. Open the start cell and put the walker there (marked as the head).
    2. Step to a random neighbour (every one equally likely).  If that cell is still closed, open the
       passage walked through and the cell (a milestone).
    3. Repeat until every cell is open.

    Walking over cells that are already open changes nothing in the maze,
    so only the steps that open a cell are shown: the head mark jumps to
    each newly opened cell.  The walk is slow to finish (its cover time is
    about n log^2 n steps for n cells).

    Property: perfect and uniform: every spanning tree is equally likely.
    Source: D. Aldous, "The random walk construction of uniform spanning
    trees and uniform labelled trees" (1990); A. Broder, "Generating random
    spanning trees" (1989).
    """
    wall, mark = maze.wall, maze.mark
    fixed, tables, inside = moves(maze)
    jumps = fixed and [dq for _, dq in fixed]
    via_of = between(maze)
    getrandbits, random = rng.getrandbits, rng.random
    p = maze.start
    yield open_cell(maze, p)
    left = len(cells(maze)) - 1
    head = p
    mark[p] = M_CURRENT
    yield (MARK, p, 0, M_CURRENT)
    while left:
        if jumps:
            q = p + jumps[getrandbits(2)]
        else:
            d = tables[p]
            q = p + d[int(random() * len(d))][1]
        if not inside[q]:
            continue
        if wall[q]:
            left -= 1
            yield set_mark(maze, head, 0) + carve(maze, via_of(p, q), q) + set_mark(maze, q, M_CURRENT)
            head = q
        p = q
    mark[head] = 0
    yield (MARK, head, M_CURRENT, 0)
