from ..events import MILESTONE, WALL
from ..registry import Param, generator


@generator("skewed", "Skewed recursive division", order=145, initial="posts", perfect=True, params=[
    Param("skew", "choice", "horizontal", choices=("horizontal", "vertical"),
          help="the direction most walls run in"),
    Param("bias", "float", 0.85, min=0.5, max=1.0,
          help="the chance that a chamber is cut by a wall in the skew direction"),
])
def skewed(maze, rng, skew="horizontal", bias=0.85):
    """Skewed recursive division: recursive division that prefers one wall direction.

    1. Start with the frame and the posts standing, every cell and passage
       open: one chamber, the whole maze.
    2. Take a chamber from the stack; one cell wide or high, it is done.
    3. Cut it with a wall in the skew direction with probability ``bias``
       (else across it).  The wall lies at a random row or column of posts
       and spans the chamber but for one random gap (one milestone step).
    4. Push both halves and repeat.

    Property: perfect (a spanning tree): each wall cuts a chamber in two
    joined only through its gap.  Long corridors run in the skew
    direction, so finders race along them and pay for every crossing.
    Source: Clement Mihailescu, Pathfinding Visualizer ("Recursive
    Division (horizontal skew / vertical skew)"), 2019, where the skew is
    in the orientation rule; here it is one probability.
    """
    w = maze.width
    wall = maze.wall
    random = rng.random
    chambers = [(0, 0, maze.cells_w, maze.cells_h)]
    while chambers:
        x0, y0, cw, ch = chambers.pop()
        if cw < 2 or ch < 2:
            continue
        along = random() < bias
        across = along if skew == "horizontal" else not along   # a horizontal wall
        if across:
            at = y0 + int(random() * (ch - 1))
            gap = x0 + int(random() * cw)
            row = (2 * at + 2) * w
            segments = [row + 2 * x + 1 for x in range(x0, x0 + cw) if x != gap]
            chambers += [(x0, at + 1, cw, y0 + ch - at - 1), (x0, y0, cw, at - y0 + 1)]
        else:
            at = x0 + int(random() * (cw - 1))
            gap = y0 + int(random() * ch)
            segments = [(2 * y + 1) * w + 2 * at + 2 for y in range(y0, y0 + ch) if y != gap]
            chambers += [(at + 1, y0, x0 + cw - at - 1, ch), (x0, y0, at - x0 + 1, ch)]
        step = []
        for p in segments:
            wall[p] = 1
            step += (WALL, p, 0, 1)
        step[-4] |= MILESTONE
        yield tuple(step)
