from ..registry import Param, generator
from array import array

from ._base import open_cell, open_path, packed_carves


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


@generator("trivial", "Trivial mazes (serpentine, spiral)", group="perfect", order=400, perfect=True, params=[
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
    yield from packed_carves(open_path(maze, cells))


def _cells(maze, rng, pattern):
    """The cells' squares in the order of the pattern and of the mirror image the seed draws."""
    cw, ch, w = maze.cells_w, maze.cells_h, maze.width
    if pattern == "spiral":
        order = spiral_order(cw, ch)
        fx, fy = rng.random() < 0.5, rng.random() < 0.5
        return [(2 * (ch - 1 - y if fy else y) + 1) * w + 2 * (cw - 1 - x if fx else x) + 1 for x, y in order]
    fx, fy = rng.random() < 0.5, rng.random() < 0.5
    cells = array("i")
    for y in range(ch):           # row y runs left to right when even, mirrored by fx; rows by fy
        row = (2 * (ch - 1 - y if fy else y) + 1) * w
        squares = range(row + 1, row + w - 1, 2)
        cells.extend(squares if (y % 2 == 0) != fx else reversed(squares))
    return cells


def _instant(maze, rng, pattern="serpentine"):
    """The trivial maze with nobody watching: the same cells opened, and the passages between."""
    cells = _cells(maze, rng, pattern)
    if pattern == "spiral":
        open_path(maze, cells)
        return
    # Serpentine: every row of cells is open along its length, and each row's last cell joins the
    # next row's first.
    wall, w, cw = maze.wall, maze.width, maze.cells_w
    for y in range(1, maze.height, 2):
        wall[y * w + 1:y * w + w - 1] = bytes(w - 2)
    for k in range(cw, len(cells), cw):
        wall[(cells[k - 1] + cells[k]) >> 1] = 0


trivial.instant = _instant
trivial.packed = True
