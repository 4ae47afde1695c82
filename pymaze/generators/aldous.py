from ..events import M_CURRENT, MARK, MILESTONE, WALL
from ..graph import SHAPES, cells, moves, rule
from ..registry import generator
from ._base import open_first


@generator("aldous", "Aldous-Broder", short="Aldous–Broder", group="perfect", order=80, perfect=True, uniform=True, shapes=SHAPES)
def aldous(maze, rng, watch=True):
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
    may = rule(maze)    # a weave maze: may this passage open now?
    getrandbits, random = rng.getrandbits, rng.random
    p = maze.start
    yield from open_first(maze, p, watch, M_CURRENT)
    left = len(cells(maze)) - 1     # cells still closed
    head = p                        # the last cell opened (marked)
    while left:
        d = fixed or tables[p]
        dv, dq = d[getrandbits(2) if fixed else int(random() * len(d))]
        q = p + dq
        if not inside[q]:
            continue
        if wall[q]:
            if may is not None and not may.may_open(p, p + dv, q):
                continue                # (a tunnel the rule refuses now: the walk stays)
            left -= 1
            wall[p + dv] = 0
            wall[q] = 0
            if watch:
                mark[head] = 0
                mark[q] = M_CURRENT
                yield (MARK, head, M_CURRENT, 0, WALL, p + dv, 1, 0, WALL | MILESTONE, q, 1, 0, MARK, q, 0, M_CURRENT)
            head = q
        p = q
    if watch:
        mark[head] = 0
        yield (MARK, head, M_CURRENT, 0)
