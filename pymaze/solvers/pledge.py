from ..events import M_CURRENT, M_VISITED, N_TRAPPED, Trace
from ..graph import rotation
from ..registry import solver
from ._base import LoopErasedPath, end
from ._walk import ARRIVE, LEAVE, MOVES, goal_flags, stop


def preferred(maze):
    """The heading (0 N, 1 E, 2 S, 3 W) from S towards the first goal along the larger difference."""
    w = maze.width
    dx = maze.goal % w - maze.start % w
    dy = maze.goal // w - maze.start // w
    if abs(dx) >= abs(dy):
        return 1 if dx >= 0 else 3
    return 2 if dy > 0 else 0


@solver("pledge", "Pledge", group="walker", order=152, shapes=("square",))
def pledge(maze, rng, watch=True):
    """Pledge: walk one way; around an obstacle, keep a hand on the wall and count the turning.

    1. Pick a preferred heading: towards G along its larger difference from
       S.  Walk straight that way while the way is open.
    2. Blocked: turn left (turning count +1) and follow the wall with the
       right hand: turn right if open (count -1), else straight on, else
       turn left (count +1).
    3. Leave the wall as soon as the count is back to 0 (facing the
       preferred heading again) and go to step 1.  Reaching G ends the walk;
       the route is the walk with its loops erased.
    4. The walk is decided by (node, heading, count, following).  Back on
       the wall with the same (node, heading) after a lap whose every count
       lay on the side of zero the lap moved towards, the count can never
       reach 0 again: it circles an enclosure without G forever.  Leaving a
       wall twice at the same node repeats the whole walk.  Both say
       "trapped in a loop".

    Property: unlike a plain wall follower it escapes the islands a wall
    follower circles (the count makes it let go only where it can head on),
    and it always escapes to the border from inside any maze; a goal inside
    may still be missed (trapped).  Not optimal.  Source: John Pledge's
    rule (1980s), as told by Abelson and diSessa, "Turtle Geometry" (1980),
    and Walter D. Pullen, "Think Labyrinth: Maze Algorithms".
    """
    move = rotation(maze)[2]  # (p, k) -> the node one move from p heading k (0 N, 1 E, 2 S, 3 W), or -1
    mark, goal = maze.mark, goal_flags(maze)
    trace = Trace(MOVES) if watch else None
    p, heading, turned, following = maze.start, preferred(maze), 0, False
    walk = LoopErasedPath(p)
    left_at = set()     # the nodes where the walker let go of a wall
    lap = {}            # (node, heading) -> its last place in ``counts`` while following
    counts = []         # the turning count after each move along the wall
    anchor = None       # the state a lap is measured from
    trapped = False
    if watch:
        trace.add(ARRIVE + mark[p], p)
    mark[p] = M_CURRENT
    while not goal[p]:
        if following and turned == 0:
            following = False
            if p in left_at:
                trapped = True
                break
            left_at.add(p)
            lap.clear()
            counts.clear()
            anchor = None
        if not following:
            q = move(p, heading)
            if q < 0:
                following = True
                heading, turned = (heading + 3) % 4, turned + 1
                continue
        else:
            for t, dt in ((1, -1), (0, 0), (3, 1), (2, 2)):    # right, straight on, left, back
                q = move(p, (heading + t) % 4)
                if q >= 0:
                    heading, turned = (heading + t) % 4, turned + dt
                    break
            else:
                break           # a node with no open side at all
        if watch:
            trace.add(LEAVE, p)
            trace.add(ARRIVE + mark[q], q)
            if trace.full():
                yield trace.batch()
        mark[p], mark[q] = M_VISITED, M_CURRENT
        p = q
        walk.add(p)
        if following:
            state = (p, heading)
            counts.append(turned)
            i = lap.get(state)
            if i is not None and (anchor is None or anchor == state):
                anchor = state
                drift, seen = turned - counts[i], counts[i:]
                if drift == 0 or drift > 0 and min(seen) > 0 or drift < 0 and max(seen) < 0:
                    trapped = True
                    break
            lap[state] = len(counts) - 1
    if trapped:
        return (yield from stop(maze, trace, p, N_TRAPPED, 0, True))
    return (yield from end(maze, walk.nodes if goal[p] else None, watch, trace=trace))


pledge.packed = True
