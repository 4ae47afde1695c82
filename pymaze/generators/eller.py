from ..events import NUM
from ..registry import Param, generator
from ._base import clear_numbers, open_wall


@generator("eller", "Eller", group="perfect", order=90, initial="closed", perfect=True, layer="cluster", params=[
    Param("join", "float", 0.5, min=0.0, max=1.0,
          help="probability of joining two neighbouring cells of different sets in a row"),
    Param("drop", "float", 0.5, min=0.0, max=1.0,
          help="probability of each extra passage down (every set always gets at least one)"),
])
def eller(maze, rng, join=0.5, drop=0.5):
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
    num = maze.num
    random = rng.random
    squares = [maze.cell(cx, 0) for cx in range(cw)]
    label = list(range(cw))                       # set of each cell of the row
    members = {k: [k] for k in range(cw)}         # set -> cells of the row (column numbers)
    fresh = cw
    step = []
    for cx, p in enumerate(squares):
        num[p] = label[cx] + 1
        step += (NUM, p, 0, label[cx] + 1)
    yield tuple(step)
    for cy in range(ch):
        last = cy == ch - 1
        for cx in range(cw - 1):
            a, b = label[cx], label[cx + 1]
            if a == b or not (last or random() < join):
                continue
            if len(members[a]) < len(members[b]):
                a, b = b, a
            step = []
            for k in members[b]:
                label[k] = a
                p = squares[k]
                step += (NUM, p, b + 1, a + 1)
                num[p] = a + 1
            members[a] += members.pop(b)
            yield (*step, *open_wall(maze, squares[cx] + 1))
        if last:
            yield from clear_numbers(maze, squares)
            break
        below = [maze.cell(cx, cy + 1) for cx in range(cw)]
        nxt = [-1] * cw
        for k, cells in members.items():
            down = [c for c in cells if random() < drop] or [cells[int(random() * len(cells))]]
            for c in down:
                nxt[c] = k
                yield open_wall(maze, squares[c] + w)
        members = {}
        step = []
        for cx in range(cw):
            if nxt[cx] < 0:
                nxt[cx] = fresh
                fresh += 1
            members.setdefault(nxt[cx], []).append(cx)
            step += (NUM, squares[cx], num[squares[cx]], 0, NUM, below[cx], 0, nxt[cx] + 1)
            num[squares[cx]] = 0
            num[below[cx]] = nxt[cx] + 1
        yield tuple(step)
        squares, label = below, nxt
