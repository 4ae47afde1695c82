from ..registry import Param, generator
from .division import divisions


@generator("skewed", "Skewed recursive division", short="Skewed division", group="perfect", order=145, initial="posts", perfect=True, params=[
    Param("skew", "choice", "horizontal", choices=("horizontal", "vertical"),
          help="the direction most walls run in"),
    Param("bias", "float", 0.85, min=0.5, max=1.0,
          help="the chance that a chamber is cut by a wall in the skew direction"),
])
def skewed(maze, rng, skew="horizontal", bias=0.85, watch=True):
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
    yield from divisions(maze, _skew(rng, skew, bias), rng.random, watch)


def _skew(rng, skew, bias):
    """Which way to cut a chamber: a function ``(cw, ch) -> across`` (a horizontal wall)."""
    random = rng.random
    if skew == "horizontal":
        return lambda cw, ch: random() < bias
    return lambda cw, ch: not random() < bias


skewed.packed = True
