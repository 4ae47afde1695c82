from ..events import CHUNK, MILESTONE, WALL, column
from ..registry import Param, generator


@generator("fill", "Random obstacles (open room)", short="Random obstacles", group="rooms", order=300, initial="posts", perfect=False, params=[
    Param("density", "float", 0.3, min=0.0, max=0.9,
          help="the share of squares (block view) or of passages (thin view) that become wall"),
])
def fill(maze, rng, density=0.3, watch=True):
    """Random obstacles: an open room with walls dropped at random, the ground PathFinding.js users test on.

    1. Start from the open room: only the frame (and, in the thin view,
       the posts) stand.
    2. Block view: take the posts down too, then visit every square inside
       the frame, row by row, and make it wall with probability
       ``density``; S and G stay open.
    3. Thin view: visit every passage between two cells instead and close
       it with probability ``density``.

    Property: not a maze in the strict sense: rooms, loops, and at higher
    densities squares or whole regions cut off from S (then the finders
    report no route).  Around 0.4 in the block view the open squares stop
    forming one big region (site percolation on the square grid sets in
    near 0.593 open).  Source: PathFinding.js's demo ("random obstacles");
    Clement Mihailescu's "random basic maze".
    """
    w, h, wall = maze.width, maze.height, maze.wall
    if maze.geometry == "block":
        posts = [y * w + x for y in range(2, h - 1, 2) for x in range(2, w - 1, 2)]
        for p in posts:
            wall[p] = 0
        if watch and posts:
            yield column(WALL, posts, 1, 0)
        squares = [y * w + x for y in range(1, h - 1) for x in range(1, w - 1)]
    else:
        squares = [y * w + x for y in range(1, h - 1) for x in range(1 + y % 2, w - 1, 2)]
    random = rng.random
    keep = {maze.start, *maze.goals}
    dropped = [p for p in squares if random() < density and p not in keep]
    for p in dropped:
        wall[p] = 1
    if watch:
        for lo in range(0, len(dropped), CHUNK):
            yield column(WALL | MILESTONE, dropped[lo:lo + CHUNK], 0, 1)


fill.packed = True
