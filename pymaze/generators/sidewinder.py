from ..events import MILESTONE, WALL, Kinds, Trace
from ..graph import between
from ..registry import Param, generator

KINDS = Kinds((WALL | MILESTONE, 1, 0))    # what a watched run reports (see events.Trace)
OPENED = 0                                 # a passage opened: a milestone


@generator("sidewinder", "Sidewinder", group="perfect", order=100, initial="closed", perfect=True, shapes=("square", "polar"), params=[
    Param("bias", "float", 0.5, min=0.0, max=1.0,
          help="probability of closing a run at each cell (high: short runs, many passages north)"),
])
def sidewinder(maze, rng, bias=0.5, watch=True):
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
    wall, random = maze.wall, rng.random
    trace = Trace(KINDS) if watch else None
    for east, up in _rows(maze):
        if up is None:                 # 2. the top row: one corridor
            opened = east
        else:                          # 3. runs closed by a coin, each joined up once
            opened, run = [], []
            for i in range(len(up)):
                run.append(i)
                if i == len(up) - 1 or random() < bias:
                    opened.append(up[run[int(random() * len(run))]])
                    run = []
                else:
                    opened.append(east[i])
        for via in opened:
            wall[via] = 0
            if watch:
                trace.add(OPENED, via)
        if watch and trace.full():
            yield trace.batch()
    if watch:
        yield trace.batch()


sidewinder.packed = True


def _rows(maze):
    """Each row as ``(east, up)``: the passages east of its cells, west to east, and from each cell
    up (north; polar: inward), or None for the top row.  Polar rows are the rings, from the
    centre out, each walked clockwise (the centre cell is the top row, with nothing to open)."""
    if maze.lattice is None:
        w = maze.width
        for cy in range(maze.cells_h):
            first, last = (2 * cy + 1) * w + 1, (2 * cy + 1) * w + 2 * maze.cells_w - 1
            yield range(first + 1, last, 2), range(first - w, last - w + 1, 2) if cy else None
        return
    lat, via = maze.lattice, between(maze)
    counts = lat.counts
    for r in range(1, len(counts)):
        ring, ratio = [lat.cell_at(i, r) for i in range(counts[r])], counts[r] // counts[r - 1]
        yield ([via(p, q) for p, q in zip(ring, ring[1:])],
               [via(p, lat.cell_at(i // ratio, r - 1)) for i, p in enumerate(ring)])
