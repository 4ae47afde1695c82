from ..registry import Param, generator
from ._base import carve, open_cell


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
    cw, ch = maze.cells_w, maze.cells_h
    if pattern == "spiral":
        order = spiral_order(cw, ch)
    else:
        order = [(x if y % 2 == 0 else cw - 1 - x, y) for y in range(ch) for x in range(cw)]
    fx, fy = rng.random() < 0.5, rng.random() < 0.5
    cells = [maze.cell(cw - 1 - x if fx else x, ch - 1 - y if fy else y) for x, y in order]
    yield open_cell(maze, cells[0])
    for a, b in zip(cells, cells[1:]):
        yield carve(maze, (a + b) // 2, b)
