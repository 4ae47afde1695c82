from array import array

from ..registry import Param, generator

from ._base import open_corridor


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


@generator("trivial", "Trivial mazes (serpentine, spiral)", short="Trivial", group="perfect", order=400, perfect=True, params=[
    Param("pattern", "choice", "serpentine", choices=("serpentine", "spiral"),
          help="serpentine: rows joined at alternate ends; spiral: one corridor winding inwards"),
])
def trivial(maze, rng, pattern="serpentine", watch=True):
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
    yield from open_corridor(maze, _cells(maze, rng, pattern), watch)


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


trivial.packed = True
