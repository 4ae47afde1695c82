from ..events import MILESTONE, NUM, WALL
from ..registry import Param, generator
from ._base import clear_numbers


@generator("eller", "Eller", group="perfect", order=90, initial="closed", perfect=True, layer="cluster", params=[
    Param("join", "float", 0.5, min=0.0, max=1.0,
          help="probability of joining two neighbouring cells of different sets in a row"),
    Param("drop", "float", 0.5, min=0.0, max=1.0,
          help="probability of each extra passage down (every set always gets at least one)"),
])
def eller(maze, rng, join=0.5, drop=0.5, watch=True):
    """Eller: row by row, keeping only which cells of the current row are already connected.

    1. Start with every cell open and every wall standing.  Every cell of
       the first row gets a set of its own (the num layer shows the sets of
       the current row).
    2. Walk along the row: where two neighbours are in different sets,
       with probability ``join`` open the wall between them and merge the
       sets (the smaller set takes the larger one's label).
    3. For every set, open the south wall of each of its cells with
       probability ``drop``, and of one random cell if none was picked:
       every set must continue downward.  Those cells below keep the set;
       the other cells of the next row get new sets of their own.
    4. Repeat for each row.  In the last row, join every pair of
       neighbours in different sets, and drop nothing; then clear the
       labels (a last milestone), so the finished maze carries no set colour.

    Memory: only the current row's sets, however tall the maze.
    Property: perfect (a spanning tree).  Not uniform.
    Source: Marlin Eller (1982), described by Walter D. Pullen, "Think
    Labyrinth: Maze Algorithms", and Jamis Buck, "Maze Generation: Eller's
    Algorithm".
    """
    w, cw, ch = maze.width, maze.cells_w, maze.cells_h
    wall, num = maze.wall, maze.num
    random = rng.random
    squares = [maze.cell(cx, 0) for cx in range(cw)]
    label = list(range(cw))                       # set of each cell of the row
    members = {k: [k] for k in range(cw)}         # set -> cells of the row (column numbers)
    fresh = cw
    if watch:
        yield _numbered(num, squares, [k + 1 for k in label])
    for cy in range(ch):
        last = cy == ch - 1
        for cx in range(cw - 1):                  # 2. join neighbours in different sets
            a, b = label[cx], label[cx + 1]
            if a == b or not (last or random() < join):
                continue
            if len(members[a]) < len(members[b]):
                a, b = b, a
            for k in members[b]:
                label[k] = a
            via = squares[cx] + 1
            wall[via] = 0
            if watch:
                yield _numbered(num, [squares[k] for k in members[b]], a + 1) + (WALL | MILESTONE, via, 1, 0)
            members[a] += members.pop(b)
        if last:
            break
        below = [maze.cell(cx, cy + 1) for cx in range(cw)]
        nxt = [-1] * cw                           # 3. every set goes down at least once
        for k, cells in members.items():
            down = [c for c in cells if random() < drop] or [cells[int(random() * len(cells))]]
            for c in down:
                nxt[c] = k
                wall[squares[c] + w] = 0
                if watch:
                    yield (WALL | MILESTONE, squares[c] + w, 1, 0)
        members = {}
        for cx in range(cw):                      # the other cells below get sets of their own
            if nxt[cx] < 0:
                nxt[cx] = fresh
                fresh += 1
            members.setdefault(nxt[cx], []).append(cx)
        if watch:                                 # the labels move down a row
            step = []
            for p, q, k in zip(squares, below, nxt):
                step += (NUM, p, num[p], 0, NUM, q, 0, k + 1)
                num[p], num[q] = 0, k + 1
            yield tuple(step)
        squares, label = below, nxt
    if watch:
        yield from clear_numbers(maze, squares)


def _numbered(num, squares, values):
    """One step: ``num`` of each of ``squares`` set to ``values`` (one each, or one for all)."""
    if isinstance(values, int):
        values = [values] * len(squares)
    step = []
    for p, v in zip(squares, values):
        step += (NUM, p, num[p], v)
        num[p] = v
    return tuple(step)
