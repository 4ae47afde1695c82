from ..events import CHUNK, MILESTONE, WALL, column
from ..registry import Param, generator


@generator("binary", "Binary tree", group="perfect", order=110, initial="closed", perfect=True, params=[
    Param("bias", "choice", "NW", choices=("NW", "NE", "SW", "SE"),
          help="the two directions every cell may open toward"),
])
def binary(maze, rng, bias="NW"):
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
    cw, ch = maze.cells_w, maze.cells_h
    vertical = -maze.width if bias[0] == "N" else maze.width
    horizontal = 1 if bias[1] == "E" else -1
    edge_y = 0 if bias[0] == "N" else ch - 1
    edge_x = cw - 1 if bias[1] == "E" else 0
    random = rng.random
    wall, w = maze.wall, maze.width
    # Every step is one event of one kind, (WALL | MILESTONE, via, 1, 0): the passages opened are
    # gathered and packed a chunk at a time (see events.column).
    vias = []
    add = vias.append
    for cy in range(ch):
        row = (2 * cy + 1) * w + 1
        can_v = cy != edge_y
        for cx in range(cw):
            p = row + 2 * cx
            if cx != edge_x:
                via = p + vertical if can_v and random() < 0.5 else p + horizontal
            elif can_v:
                via = p + vertical
            else:
                continue
            wall[via] = 0
            add(via)
        if len(vias) >= CHUNK:
            yield column(WALL | MILESTONE, vias, 1, 0)
            vias = []
            add = vias.append
    if vias:
        yield column(WALL | MILESTONE, vias, 1, 0)


binary.packed = True
