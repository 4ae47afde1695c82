from ..events import MILESTONE, WALL
from ..registry import Param, generator


@generator("stick", "Stick-falling", short="Stick-falling", group="seed", order=40, initial="frame", min_size=2, perfect=True, params=[
    Param("loops", "bool", False,
          help="multi-path: let a stick fall onto a square that is already wall, which leaves loops"),
])
def stick(maze, rng, loops=False, watch=True):
    """Stick-falling (棒倒し法): stand a post on every other square and knock a stick over from each.

    1. Start from a block grid with odd sides (at least 5 x 5): the outer
       frame is wall, the inside floor.
    2. Visit the interior squares whose x and y are both even, in row-major
       order; stand a post there (it becomes wall).
    3. Knock a stick from the post onto one of its four neighbours, chosen
       at random, which becomes wall (a milestone).  Only the first row of
       posts may knock upward, and a stick never falls onto a square that
       is already wall: such a direction is not offered.
    4. Variant ``loops`` (multi-path): skip the "already wall" rule; a stick
       that falls onto wall changes nothing, which leaves a loop.

    Property: perfect (a spanning tree) without ``loops``: every post adds
    one wall segment, no segment can close a ring (a ring would need a
    post below it to knock upward), and the counts match.  With ``loops``
    the maze stays connected (walls still form no ring) but has loops.
    Strongly biased: the first row differs, and passages tend to run down.
    Source: 棒倒し法, a long-standing Japanese programming exercise found
    in many maze-generation (迷路生成) tutorials.
    """
    w, h, wall = maze.width, maze.height, maze.wall
    random = rng.random
    for y in range(2, h - 2, 2):
        dirs = (-w, 1, w, -1) if y == 2 else (1, w, -1)
        for x in range(2, w - 2, 2):
            post = y * w + x
            wall[post] = 1
            if loops:
                fall = post + dirs[int(random() * len(dirs))]
            else:
                free = [post + d for d in dirs if not wall[post + d]]
                fall = free[int(random() * len(free))]
            if wall[fall]:                  # (only with loops) onto wall: nothing more changes
                if watch:
                    yield (WALL | MILESTONE, post, 0, 1)
                continue
            wall[fall] = 1
            if watch:
                yield (WALL, post, 0, 1, WALL | MILESTONE, fall, 0, 1)
