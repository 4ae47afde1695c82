from array import array

from ..events import MARK, MILESTONE, M_CURRENT, WALL
from ..graph import SHAPES, between, cells as all_cells, moves
from ..registry import Param, generator
from .wilson import stepper


@generator("origin", "Origin shift", order=78, perfect=True, shapes=SHAPES, params=[
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
    w, wall = maze.width, maze.wall
    walk, inside = stepper(maze, rng)
    via_of = between(maze)
    cells = list(all_cells(maze))
    nxt = first_tree(maze, cells, inside) if maze.lattice is None else bfs_tree(maze, cells)
    root = next(c for c in cells if nxt[c] < 0)
    step = []
    for c in cells:
        wall[c] = 0
        step += (WALL, c, 1, 0)
        if nxt[c] >= 0:
            via = via_of(c, nxt[c])
            wall[via] = 0
            step += (WALL, via, 1, 0)
    maze.mark[root] = M_CURRENT
    yield tuple(step) + (MARK | MILESTONE, root, 0, M_CURRENT)
    if steps < 0:
        steps = min(10 * len(cells), 1_000_000)
    done = 0
    while done < steps and len(cells) > 1:
        n = walk(root)
        if not inside[n]:
            continue
        done += 1
        out = (MARK, root, M_CURRENT, 0, MARK | MILESTONE, n, 0, M_CURRENT)
        maze.mark[root], maze.mark[n] = 0, M_CURRENT
        old = nxt[n]
        nxt[root], nxt[n] = n, -1
        if old == root:          # n pointed at the root: the same passage, only the root moves
            yield out
        else:
            a, b = via_of(root, n), via_of(n, old)
            wall[a], wall[b] = 0, 1
            yield (WALL, a, 1, 0, WALL, b, 0, 1) + out
        root = n


def first_tree(maze, cells, inside):
    """The rows tree of a square maze: each cell points east, the last column south (cell -> cell)."""
    w, nxt = maze.width, array("i", [-1]) * len(maze.wall)   # flat: a dict of every cell took 300 MB at 2000x2000
    for c in cells:
        nxt[c] = c + 2 if inside[c + 2] else c + 2 * w if inside[c + 2 * w] else -1
    return nxt


def bfs_tree(maze, cells):
    """A breadth-first tree of every candidate passage from the last cell: cell -> its parent (-1: the root)."""
    tables = moves(maze)[1]
    nxt = {cells[-1]: -1}
    order = [cells[-1]]
    for p in order:
        for _, dq in tables[p]:
            if p + dq not in nxt:
                nxt[p + dq] = p
                order.append(p + dq)
    return nxt
