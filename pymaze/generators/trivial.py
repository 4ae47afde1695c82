from ..registry import Param, generator
from array import array

from ._base import open_cell, packed_carves


def spiral_order(cw, ch):
    """The cells (x, y) of a cw x ch grid along a clockwise spiral from the top-left corner inwards."""
    out = []
    x0, y0, x1, y1 = 0, 0, cw - 1, ch - 1
    while x0 <= x1 and y0 <= y1:
        out += [(x, y0) for x in range(x0, x1 + 1)]
        out += [(x1, y) for y in range(y0 + 1, y1 + 1)]
        if y0 < y1:
            out += [(x, y1) for x in range(x1 - 1, x0 - 1, -1)]
        if x0 < x1:
            out += [(x0, y) for y in range(y1 - 1, y0, -1)]
        x0, y0, x1, y1 = x0 + 1, y0 + 1, x1 - 1, y1 - 1
    return out


@generator("trivial", "Trivial mazes (serpentine, spiral)", order=400, perfect=True, params=[
    Param("pattern", "choice", "serpentine", choices=("serpentine", "spiral"),
          help="serpentine: rows joined at alternate ends; spiral: one corridor winding inwards"),
])
def trivial(maze, rng, pattern="serpentine"):
    """Trivial mazes: one corridor through every cell, for teaching what the other algorithms add.

    1. List the cells in the order of the pattern: serpentine goes along the
       first row, down at its end, back along the next row, and so on;
       spiral runs clockwise round the border and winds inwards.  The seed
       picks one of the four mirror images (which corner it starts from).
    2. Open the first cell, then each next cell and the passage to it (a
       milestone each).

    Property: perfect (a spanning tree with no branch at all: a path), so
    every solver finds the route at once and a wall follower walks all of
    it.  The seed only picks the mirror image.  Source: Walter D.
    Pullen, "Think Labyrinth" (trivial mazes); mazelib's TrivialMaze.
    """
    cells = _cells(maze, rng, pattern)
    yield array("i", open_cell(maze, cells[0]))
    index = [0] * (2 * len(cells) - 2)
    index[0::2] = map(_via, cells, cells[1:])
    index[1::2] = cells[1:]
    for c in cells:
        maze.wall[c] = 0
    for v in index[0::2]:
        maze.wall[v] = 0
    yield from packed_carves(index)


def _via(a, b):
    return (a + b) >> 1


def _cells(maze, rng, pattern):
    """The cells' squares in the order of the pattern and of the mirror image the seed draws."""
    cw, ch, w = maze.cells_w, maze.cells_h, maze.width
    if pattern == "spiral":
        order = spiral_order(cw, ch)
    else:
        order = [(x if y % 2 == 0 else cw - 1 - x, y) for y in range(ch) for x in range(cw)]
    fx, fy = rng.random() < 0.5, rng.random() < 0.5
    return [(2 * (ch - 1 - y if fy else y) + 1) * w + 2 * (cw - 1 - x if fx else x) + 1 for x, y in order]


def _instant(maze, rng, pattern="serpentine"):
    """The trivial maze with nobody watching: the same cells opened, and the passages between."""
    wall = maze.wall
    cells = _cells(maze, rng, pattern)
    for c in cells:
        wall[c] = 0
    for v in map(_via, cells, cells[1:]):
        wall[v] = 0


trivial.instant = _instant
trivial.packed = True
