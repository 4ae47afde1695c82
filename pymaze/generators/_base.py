"""Helpers shared by the generators: cell geometry on the block grid, and the standard steps."""

from itertools import permutations

from ..events import MARK, MILESTONE, NUM, WALL

PERMS = [list(p) for p in permutations(range(4))]  # direction orders, picked with one rng.random()


def cell_mask(maze):
    """A bytearray the size of the grid plus padding: 1 on every cell square, 0 elsewhere.

    Indexing it two squares past any cell (the padding, or a negative index into the frame rows)
    is always safe and reads 0, so the carving loops need no bounds checks.
    """
    w, h = maze.width, maze.height
    mask = bytearray(w * h + 2 * w + 2)
    ones = b"\x01" * maze.cells_w
    for y in range(1, h, 2):
        mask[y * w + 1:y * w + w - 1:2] = ones
    return mask


def deltas(maze):
    """Square offsets of the four directions N, E, S, W."""
    w = maze.width
    return (-w, 1, w, -1)


def carve(maze, via, q):
    """Open the passage ``via`` and the cell ``q`` beyond it: one milestone step of two events."""
    maze.wall[via] = 0
    maze.wall[q] = 0
    return (WALL, via, 1, 0, WALL | MILESTONE, q, 1, 0)


def open_wall(maze, via):
    """Open the passage square ``via`` between two already open cells: one milestone event."""
    maze.wall[via] = 0
    return (WALL | MILESTONE, via, 1, 0)


def set_mark(maze, p, value):
    old = maze.mark[p]
    maze.mark[p] = value
    return (MARK, p, old, value)


def interior_walls(maze):
    """Every square between two horizontally or vertically adjacent cells, row-major."""
    w, h = maze.width, maze.height
    out = []
    for y in range(1, h - 1):
        xs = range(2, w - 1, 2) if y % 2 else range(1, w - 1, 2)
        out.extend(y * w + x for x in xs)
    return out


def add_loops(maze, rng, fraction):
    """Open ``fraction`` of the passages that are still wall, in random order (the multi-path variant)."""
    closed = [p for p in interior_walls(maze) if maze.wall[p]]
    rng.shuffle(closed)
    for via in closed[:round(fraction * len(closed))]:
        yield open_wall(maze, via)


def open_cell(maze, p):
    """Open the single cell ``p`` (the first cell of a carving generator): one milestone event."""
    maze.wall[p] = 0
    return (WALL | MILESTONE, p, 1, 0)


def cell_squares(maze):
    """Every cell's square index, row-major."""
    w = maze.width
    return [y * w + x for y in range(1, maze.height, 2) for x in range(1, w, 2)]


def clear_numbers(maze, squares, chunk=4096):
    """Steps that clear the num layer on ``squares`` (the cluster labels a generator showed while
    it worked), ``chunk`` squares a step, the last step a milestone: the finished maze carries no
    leftover colours, and stepping back brings the labels back."""
    num = maze.num
    todo = [p for p in squares if num[p]]
    for lo in range(0, len(todo), chunk):
        step = []
        for p in todo[lo:lo + chunk]:
            step += (NUM, p, num[p], 0)
            num[p] = 0
        if lo + chunk >= len(todo):
            step[-4] |= MILESTONE
        yield tuple(step)
