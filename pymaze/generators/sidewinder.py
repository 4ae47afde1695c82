from ..events import MILESTONE, WALL
from ..graph import between
from ..registry import Param, generator
from ._base import open_wall


@generator("sidewinder", "Sidewinder", group="perfect", order=100, initial="closed", perfect=True, shapes=("square", "polar"), params=[
    Param("bias", "float", 0.5, min=0.0, max=1.0,
          help="probability of closing a run at each cell (high: short runs, many passages north)"),
])
def sidewinder(maze, rng, bias=0.5):
    """Sidewinder: runs of cells along each row, each run joined upward once.

    1. Start with every cell open and every wall standing.
    2. Open the whole top row into one corridor.
    3. For every other row, left to right, grow a run of cells: after each
       cell, with probability ``bias`` (and always at the east edge) close
       the run by opening the north wall of one random cell of the run;
       otherwise open the east wall and extend the run.

    On a polar maze the rows are the rings, from the centre out, walked
    clockwise; the centre cell plays the top row, and a run is closed by
    opening the inward wall of one of its cells (always at the ring's last
    cell, so no run wraps round).

    Property: perfect (a spanning tree); memory of one run only.  Not
    uniform: the top row is one straight corridor, and a route from the
    bottom to the top never has to turn back down.
    Source: Walter D. Pullen, "Think Labyrinth: Maze Algorithms"; Jamis
    Buck, "Maze Generation: Sidewinder Algorithm".
    """
    random = rng.random
    if maze.lattice is not None:
        yield from _rings(maze, random, bias)
        return
    w, cw = maze.width, maze.cells_w
    wall, opened = maze.wall, WALL | MILESTONE
    for cx in range(cw - 1):
        via = w + 2 * cx + 2
        wall[via] = 0
        yield (opened, via, 1, 0)
    for cy in range(1, maze.cells_h):
        run = []
        row = (2 * cy + 1) * w + 1
        for cx in range(cw):
            p = row + 2 * cx
            run.append(p)
            if cx == cw - 1 or random() < bias:
                via = run[int(random() * len(run))] - w
                run = []
            else:
                via = p + 1
            wall[via] = 0
            yield (opened, via, 1, 0)


def _rings(maze, random, bias):
    """Sidewinder on a polar maze: a run along each ring, joined inward once."""
    lat, via = maze.lattice, between(maze)
    counts = lat.counts
    for r in range(1, len(counts)):
        c, ratio = counts[r], counts[r] // counts[r - 1]
        run = []
        for i in range(c):
            p = lat.cell_at(i, r)
            run.append(i)
            if i == c - 1 or random() < bias:
                k = run[int(random() * len(run))]
                yield open_wall(maze, via(lat.cell_at(k, r), lat.cell_at(k // ratio, r - 1)))
                run = []
            else:
                yield open_wall(maze, via(p, lat.cell_at(i + 1, r)))
