from array import array

from ..events import MARK, MILESTONE, M_CURRENT, WALL, Kinds, Trace, column
from ..graph import RULED, SHAPES, between, cells as all_cells, moves
from ..registry import Param, generator

# The origin's moves as kinds of events (see events.Trace): a passage opened, a passage closed, the
# old origin unmarked, the new one marked (a milestone).  A move onto the cell the origin's parent
# pointer came from is the last two (SAME); any other move is all four (TURN).
MOVES = Kinds((WALL, 1, 0), (WALL, 0, 1), (MARK, M_CURRENT, 0), (MARK | MILESTONE, 0, M_CURRENT))
TURN, SAME = b"\0\1\2\3", b"\2\3"


@generator("origin", "Origin shift", group="perfect", order=78, perfect=True, shapes=tuple(s for s in SHAPES if s not in RULED), params=[
    Param("steps", "int", -1, min=-1, max=10_000_000,
          help="moves of the origin; -1: ten per cell, at most a million"),
])
def origin(maze, rng, steps=-1, watch=True):
    """Origin shift: a perfect maze kept as a tree rooted at the origin; the origin walks and drags the tree.

    1. Start from the simplest rooted tree: every cell points east, the
       last column points south, the root (the origin) is the bottom-right
       cell (hex, triangle and polar mazes: every cell points to its parent
       in a breadth-first tree from the last cell, the root).  Open exactly the passages from each cell to the cell it
       points to (one step), and show the origin.
    2. Move the origin to a random neighbouring cell n: the old origin now
       points to n (open that passage) and n points nowhere, becoming the
       origin (close the passage from n to where it pointed).  One
       milestone; the maze is a spanning tree again after every one.
    3. Repeat ``steps`` times (-1: ten times the number of cells, at most
       a million: on the largest grids fewer than the chain needs to
       forget its start, so pass more steps there).

    Property: perfect after every step.  The origin walks at random and
    the rooted trees form a Markov chain whose stationary law gives each
    (tree, root) a weight proportional to the root's degree, so the tree
    alone is uniform: in the long run every spanning tree is equally
    likely.  It can run forever, each frame a maze.  Source: CaptainLuma,
    "New Maze Generating Algorithm (Origin Shift)" (2024); the chain is
    Broder's and Aldous's tree walk (1989/1990).
    """
    wall, mark = maze.wall, maze.mark
    cells = list(all_cells(maze))             # 1. the first tree, rooted at the last cell
    nxt = _rows_tree(maze) if maze.lattice is None and maze.mask is None else _bfs_tree(maze, cells)
    via_of = between(maze)
    vias = [via_of(c, nxt[c]) for c in cells[:-1]]
    for c in cells:
        wall[c] = 0
    for via in vias:
        wall[via] = 0
    root = first = cells[-1]
    mark[root] = M_CURRENT
    if watch:
        index = [0] * (2 * len(cells) - 1)   # each cell, then the passage to its parent
        index[0::2] = cells
        index[1::2] = vias
        step = column(WALL, index, 1, 0)
        step.extend((MARK | MILESTONE, root, 0, M_CURRENT))
        yield step
        trace = Trace(MOVES)                 # (a move's kinds and squares go in at once)
    fixed, tables, inside = moves(maze)       # 2. and 3. the origin's walk
    jumps, bits, random = fixed and [dq for _, dq in fixed], rng.getrandbits, rng.random
    if steps < 0:
        steps = min(10 * len(cells), 1_000_000)
    if len(cells) < 2:
        steps = 0
    while steps:
        if jumps:
            n = root + jumps[bits(2)]
        else:
            d = tables[root]
            n = root + d[int(random() * len(d))][1]
        if not inside[n]:
            continue
        steps -= 1
        old = nxt[n]                          # n pointed to old; the root now points to n
        nxt[root], nxt[n] = n, -1
        if old == root:                       # the same passage: only the origin moves
            if watch:
                trace.kind += SAME
                trace.index += (root, n)
        else:
            if jumps:
                a, b = (root + n) >> 1, (n + old) >> 1
            else:
                a, b = via_of(root, n), via_of(n, old)
            wall[a], wall[b] = 0, 1
            if watch:
                trace.kind += TURN
                trace.index += (a, b, root, n)
        root = n
        if watch and not steps & 511:         # a batch every 512 moves (at most 2,048 events)
            yield trace.batch()
    mark[first] = 0
    mark[root] = M_CURRENT
    if watch:
        yield trace.batch()


origin.packed = True


def _rows_tree(maze):
    """The rows tree of a square maze: each cell points east, the last column south (cell -> cell);
    the last cell is the root (-1)."""
    w, nxt = maze.width, array("i", [-1]) * len(maze.wall)   # flat: a dict of every cell took 300 MB at 2000x2000
    for y in range(1, maze.height, 2):
        row = y * w
        nxt[row + 1:row + w - 3:2] = array("i", range(row + 3, row + w - 1, 2))
        if y + 2 < maze.height:
            nxt[row + w - 2] = row + w - 2 + 2 * w
    return nxt


def _bfs_tree(maze, cells):
    """A breadth-first tree of every candidate passage from the last cell: cell -> its parent (-1:
    the root), as a flat array over the squares.  (A masked square maze's rows tree would be a
    forest: a cell whose east and south neighbours are switched off points nowhere.)"""
    fixed, tables, inside = moves(maze)
    nxt = array("i", [-2]) * len(maze.wall)    # -2: not reached yet
    nxt[cells[-1]] = -1
    order = [cells[-1]]
    for p in order:
        for _, dq in fixed or tables[p]:
            q = p + dq
            if inside[q] and nxt[q] == -2:
                nxt[q] = p
                order.append(q)
    return nxt
