from ..events import MILESTONE, WALL, Kinds, Trace
from ..registry import Param, generator

KINDS = Kinds((WALL | MILESTONE, 1, 0))    # what a watched run reports (see events.Trace)
OPENED = 0                                 # a passage opened: a milestone


@generator("binary", "Binary tree", group="perfect", order=110, initial="closed", perfect=True, params=[
    Param("bias", "choice", "NW", choices=("NW", "NE", "SW", "SE"),
          help="the two directions every cell may open toward"),
])
def binary(maze, rng, bias="NW", watch=True):
    """Binary tree: every cell opens one of two fixed directions, chosen by a coin.

    1. Start with every cell open and every wall standing.
    2. For every cell, row by row, open the wall toward one of the two
       ``bias`` directions (e.g. north or west), picked at random; where one
       of them leads out of the maze, take the other; the corner cell where
       both do opens nothing.

    Property: perfect (a spanning tree); no memory at all.  Strongly
    biased: the two edges on the ``bias`` side are straight corridors and
    every route runs diagonally toward that corner.
    Source: Walter D. Pullen, "Think Labyrinth: Maze Algorithms"; Jamis
    Buck, "Maze Generation: Binary Tree algorithm".
    """
    cw, ch, w = maze.cells_w, maze.cells_h, maze.width
    vertical = -w if bias[0] == "N" else w
    horizontal = 1 if bias[1] == "E" else -1
    edge_y = 0 if bias[0] == "N" else ch - 1       # the row with no way out vertically
    edge_x = cw - 1 if bias[1] == "E" else 0       # the column with no way out horizontally
    wall, random = maze.wall, rng.random
    trace = Trace(KINDS) if watch else None
    for cy in range(ch):
        row = (2 * cy + 1) * w + 1
        for cx in range(cw):
            p = row + 2 * cx
            if cx != edge_x:
                via = p + vertical if cy != edge_y and random() < 0.5 else p + horizontal
            elif cy != edge_y:
                via = p + vertical
            else:
                continue                           # the corner: both ways lead out
            wall[via] = 0
            if watch:
                trace.add(OPENED, via)
        if watch and trace.full():
            yield trace.batch()
    if watch:
        yield trace.batch()


binary.packed = True
