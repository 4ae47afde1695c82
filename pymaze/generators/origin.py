from array import array
from collections import deque
from itertools import repeat
from operator import add, rshift

from ..events import CHUNK, MARK, MILESTONE, M_CURRENT, WALL, Kinds, column, pack
from ..graph import SHAPES, between, cells as all_cells, moves
from ..registry import Param, generator

# The origin's moves as packed kinds (see events.pack): a passage opened, a passage closed, the
# old origin unmarked, the new one marked (a milestone).  A move onto the cell the origin's
# parent pointer came from is the last two; any other move is all four.
MOVES = Kinds((WALL, 1, 0), (WALL, 0, 1), (MARK, M_CURRENT, 0), (MARK | MILESTONE, 0, M_CURRENT))
TURN, SAME = b"\0\1\2\3", b"\2\3"


@generator("origin", "Origin shift", group="perfect", order=78, perfect=True, shapes=SHAPES, params=[
    Param("steps", "int", -1, min=-1, max=10_000_000,
          help="moves of the origin; -1: ten per cell, at most a million"),
])
def origin(maze, rng, steps=-1):
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
    cells, nxt, vias = _tree(maze)
    index = [0] * (2 * len(cells))  # each cell, then the passage to its parent; the root has none
    index[0::2] = cells
    index[1::2] = vias + [0]
    index.pop()
    step = column(WALL, index, 1, 0)
    step.extend((MARK | MILESTONE, cells[-1], 0, M_CURRENT))
    yield step
    yield from _shift(maze, rng, len(cells), nxt, cells[-1], steps, True)


def _tree(maze):
    """Step 1: ``(cells, nxt, vias)``, the first tree opened (the passage from each cell but the
    root to its parent in ``vias``) and its root, the last cell, marked."""
    wall = maze.wall
    cells = list(all_cells(maze))
    if maze.lattice is None:
        nxt = first_tree(maze) if maze.mask is None else bfs_tree(maze, cells)
        kids = cells[:-1]
        vias = list(map(rshift, map(add, kids, map(nxt.__getitem__, kids)), repeat(1)))
    else:
        nxt = bfs_tree(maze, cells)
        vias = list(map(between(maze), cells[:-1], map(nxt.__getitem__, cells[:-1])))
    deque(map(wall.__setitem__, cells, repeat(0)), maxlen=0)
    deque(map(wall.__setitem__, vias, repeat(0)), maxlen=0)
    maze.mark[cells[-1]] = M_CURRENT
    return cells, nxt, vias


def _shift(maze, rng, n, nxt, root, steps, watched):
    """Steps 2 and 3 on ``n`` cells from the tree ``nxt`` rooted at ``root``: when ``watched``, packed chunks of
    the events, else nothing (the same moves, the same draws)."""
    wall, mark = maze.wall, maze.mark
    fixed, tables, inside = moves(maze)
    via_of = between(maze)
    jumps, bits, random = fixed and [dq for _, dq in fixed], rng.getrandbits, rng.random
    if steps < 0:
        steps = min(10 * n, 1_000_000)
    if n < 2:
        steps = 0
    mark[root] = 0
    if jumps and not watched:       # the same moves, written out for square mazes with nobody watching
        while steps:
            n = root + jumps[bits(2)]
            if inside[n]:
                steps -= 1
                old = nxt[n]
                nxt[root] = n
                nxt[n] = -1
                if old != root:
                    wall[(root + n) >> 1] = 0
                    wall[(n + old) >> 1] = 1
                root = n
        mark[root] = M_CURRENT
        return
    kind, index = bytearray(), []
    while steps and jumps:          # watched on a square maze: the moves written out, events gathered
        n = root + jumps[bits(2)]
        if not inside[n]:
            continue
        steps -= 1
        old = nxt[n]
        nxt[root] = n
        nxt[n] = -1
        if old == root:
            kind += SAME
            index += (root, n)
        else:
            a, b = (root + n) >> 1, (n + old) >> 1
            wall[a] = 0
            wall[b] = 1
            kind += TURN
            index += (a, b, root, n)
        root = n
        if not steps & 511:         # a chunk every 512 moves (at most 2,048 events)
            yield pack(MOVES, kind, index)
            kind, index = bytearray(), []
    while steps:                    # the other shapes: every slot of a cell's table is a cell
        d = tables[root]
        n = root + d[int(random() * len(d))][1]
        steps -= 1
        old = nxt[n]
        nxt[root], nxt[n] = n, -1
        if old == root:          # n pointed at the root: the same passage, only the root moves
            if watched:
                kind += SAME
                index += (root, n)
        else:
            a, b = via_of(root, n), via_of(n, old)
            wall[a], wall[b] = 0, 1
            if watched:
                kind += TURN
                index += (a, b, root, n)
        root = n
        if watched and len(index) >= CHUNK:
            yield pack(MOVES, kind, index)
            kind, index = bytearray(), []
    mark[root] = M_CURRENT
    if index:
        yield pack(MOVES, kind, index)


def _instant(maze, rng, steps=-1):
    """Origin shift with nobody watching: the same first tree and moves, no steps."""
    if maze.lattice is None and maze.mask is None:
        # The rows tree opened by slices: every row of cells along its length, and the last
        # column's passages down; the root is the last cell.
        wall, w, h = maze.wall, maze.width, maze.height
        for y in range(1, h, 2):
            wall[y * w + 1:y * w + w - 1] = bytes(w - 2)
            if y + 2 < h:
                wall[(y + 1) * w + w - 2] = 0
        n, nxt, root = maze.cells_w * maze.cells_h, first_tree(maze), (h - 2) * w + w - 2
        maze.mark[root] = M_CURRENT
    else:
        cells, nxt, _ = _tree(maze)
        n, root = len(cells), cells[-1]
    for _ in _shift(maze, rng, n, nxt, root, steps, False):
        pass


origin.instant = _instant
origin.packed = True


def first_tree(maze):
    """The rows tree of a square maze: each cell points east, the last column south (cell -> cell);
    the last cell is the root (-1)."""
    w, nxt = maze.width, array("i", [-1]) * len(maze.wall)   # flat: a dict of every cell took 300 MB at 2000x2000
    for y in range(1, maze.height, 2):
        row = y * w
        nxt[row + 1:row + w - 3:2] = array("i", range(row + 3, row + w - 1, 2))
        if y + 2 < maze.height:
            nxt[row + w - 2] = row + w - 2 + 2 * w
    return nxt


def bfs_tree(maze, cells):
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
