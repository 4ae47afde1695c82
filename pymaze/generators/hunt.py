from ..events import M_CURRENT, MARK, MILESTONE, WALL
from ..graph import SHAPES, moves, rule
from ..registry import generator
from ._base import PERMS, open_first, shuffled


@generator("hunt", "Hunt-and-kill", group="perfect", order=120, perfect=True, shapes=SHAPES)
def hunt(maze, rng, watch=True):
    """Hunt-and-kill: walk at random until stuck, then hunt row by row for a new place to start.

    1. Open the start cell; it is the head of the walk (marked).
    2. Kill: step to a random neighbour that is still closed, opening the
       passage and the cell; repeat until every neighbour is open.
    3. Hunt: scan the rows from the top (other shapes: the cells in index
       order) for a closed cell next to an open one; join it to a random
       open neighbour and walk on from there.  Rows (cells) before the
       first one with a closed cell are never scanned again.
    4. Stop when the hunt finds nothing.

    Property: perfect (a spanning tree).  Not uniform.  Long winding
    passages and few dead ends, like the recursive backtracker, but with no
    stack: the hunt replaces backing up.
    Source: Walter D. Pullen, "Think Labyrinth: Maze Algorithms"; Jamis
    Buck, "Maze Generation: Hunt-and-Kill algorithm".
    """
    wall, mark = maze.wall, maze.mark
    fixed, tables, inside = moves(maze)
    may = rule(maze)    # a weave maze: may this passage open now?
    random = rng.random
    w, h = maze.width, maze.height
    p = maze.start
    yield from open_first(maze, p, watch, M_CURRENT)
    first = 1                                 # first square row that may still hold a closed cell

    def joined(x):
        """A random open neighbour of closed cell ``x``, as the offset of the passage from x, or None."""
        joins = [dv for dv, dq in fixed or tables[x] if inside[x + dq] and not wall[x + dq]
                 and (may is None or may.may_open(x + dq, x + dv, x))]
        return joins[int(random() * len(joins))] if joins else None

    def hunted_cells():
        """``hunted`` on graph shapes: the cells in index order."""
        nonlocal first
        n = len(tables)
        x = wall.find(1, first - 1, n)
        if x >= 0:
            first = x + 1
        while x >= 0:
            s = joined(x)
            if s is not None:
                return x, s
            x = wall.find(1, x + 1, n)
        return -1, 0

    def hunted():
        """The first closed cell, scanning rows from the top, next to an open one, and the way in."""
        nonlocal first
        while first < h and wall[first * w + 1:first * w + w - 1:2].find(1) < 0:
            first += 2
        for y in range(first, h, 2):
            cells = wall[y * w + 1:y * w + w - 1:2]
            i = cells.find(1)
            while i >= 0:
                x = y * w + 1 + 2 * i
                s = joined(x) if inside[x] else None
                if s is not None:
                    return x, s
                i = cells.find(1, i + 1)
        return -1, 0

    while True:
        d = fixed or tables[p]          # 2. kill: a random closed neighbour of the head
        for k in PERMS[int(random() * 24)] if fixed else shuffled(len(d), random):
            dv, dq = d[k]
            q = p + dq
            if inside[q] and wall[q] and (may is None or may.may_open(p, p + dv, q)):
                s = p + dv - q
                break
        else:                           # 3. hunt; 4. nothing found: done
            q, s = hunted() if fixed else hunted_cells()
            if q < 0:
                break
        wall[q + s] = 0
        wall[q] = 0
        if watch:
            mark[p] = 0
            mark[q] = M_CURRENT
            yield (MARK, p, M_CURRENT, 0, WALL, q + s, 1, 0, WALL | MILESTONE, q, 1, 0, MARK, q, 0, M_CURRENT)
        p = q
    if watch:
        mark[p] = 0
        yield (MARK, p, M_CURRENT, 0)
