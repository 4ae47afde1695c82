from ..events import MARK, MILESTONE, M_STACK, WALL
from ..registry import Param, generator
from ._base import PERMS, deltas, shuffle


@generator("extend", "Wall-extending", short="Wall-extending", group="seed", order=50, initial="frame", min_size=2, perfect=True, params=[
    Param("loops", "float", 0.0, min=0.0, max=1.0,
          help="multi-path: chance that a growing wall stops after each stretch without reaching "
               "other wall (leaves islands and loops; 0 keeps the maze perfect)"),
])
def extend(maze, rng, loops=0.0, watch=True):
    """Wall-extending (壁伸ばし法): grow walls from random points until they hit existing wall.

    1. Start with the outer frame wall and the inside floor.  The starting
       points are the interior squares whose x and y are both even.
    2. Take the starting points in random order, skipping those that are
       already wall.  Mark the point "under construction".
    3. From the head of the construction pick a random direction whose
       square two steps away is not under construction, and mark the two
       squares towards it.  If that square was floor, continue from it; if
       it was wall, the construction has joined the existing walls: all of
       it becomes wall (a milestone) and the next starting point is taken.
    4. When every direction is blocked by the construction itself, back up
       along it to the previous point and try from there.  The part backed
       over stays under construction, so the walk never re-enters it, and
       it ends: the frame bounds every region, so wall is always reached.
    5. Variant ``loops`` (multi-path): after each stretch the growing wall
       stops with this probability even though it has not reached other
       wall; it becomes a free-standing island, which leaves loops (the
       lengths decay geometrically: the mean island is about 1 / loops
       stretches).  Walls still never close a ring, so every cell stays
       reachable.

    Property: perfect without ``loops``: every wall is one tree grown from
    the frame.  Many short dead ends, a texture unlike digging.  Not uniform.
    Source: 壁伸ばし法, the wall-extending algorithm of Japanese maze-making
    tutorials.
    """
    w, h = maze.width, maze.height
    wall, mark = maze.wall, maze.mark
    d = deltas(maze)
    random = rng.random
    points = [y * w + x for y in range(2, h - 2, 2) for x in range(2, w - 2, 2)]
    shuffle(points, rng)
    for s in points:
        if wall[s]:
            continue
        mark[s] = M_STACK
        if watch:
            yield (MARK | MILESTONE, s, 0, M_STACK)
        built = [s]                 # every square under construction
        path = [s]                  # the points from s to the head
        link = -1                   # the square that joins the construction to the walls
        while True:
            if loops and random() < loops:
                break
            p = path[-1]
            for k in PERMS[int(random() * 24)]:
                q = p + 2 * d[k]
                if mark[q] != M_STACK:
                    break
            else:
                path.pop()
                continue
            via = p + d[k]
            if wall[q]:
                link = via
                break
            mark[via] = mark[q] = M_STACK
            built += (via, q)
            path.append(q)
            if watch:
                yield (MARK, via, 0, M_STACK, MARK | MILESTONE, q, 0, M_STACK)
        if watch:
            step = []
            for b in built:
                step += (WALL, b, 0, 1, MARK, b, M_STACK, 0)
            if link >= 0:
                step += (WALL, link, 0, 1)
            step[-4] |= MILESTONE
            yield tuple(step)
        for b in built:
            wall[b] = 1
            mark[b] = 0
        if link >= 0:
            wall[link] = 1
