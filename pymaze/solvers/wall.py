from ..events import M_CURRENT, M_VISITED, N_TRAPPED, Trace
from ..graph import rotation
from ..registry import Param, solver
from ._base import LoopErasedPath, end
from ._walk import ARRIVE, LEAVE, MOVES, goal_flags, stop


@solver("wall", "Wall follower", short="Wall follower", group="walker", order=150, params=[
    Param("hand", "choice", "right", choices=("right", "left"), help="the hand kept on the wall"),
], work=("Keeps one hand on the wall: no memory needed, but it walks every dead end on its side, "
         "and loops can trap it."))
def wall(maze, rng, hand="right", watch=True):
    """Wall follower: walk with one hand on the wall until G, or until the walk repeats itself.

    1. Stand on S facing north (on hex, triangle and polar mazes: with the
       cell's first side, clockwise from north, behind).
    2. At each node try its sides in turn, starting next to the side just
       come through and turning towards the hand (right hand: anticlockwise,
       so right, straight on, left on a square), the way back last; take
       the first open one.
    3. The walk is fully decided by (node, side behind).  Arriving in a
       state met before means it will circle forever: stop and say
       "trapped in a loop".
    4. At G, erase the loops of the walk (cut back to the first visit of a
       node each time the walk returns to it) and show that route.

    Property: solves every perfect maze (it tours the tree); loops can trap
    it, e.g. when S or G sits by a wall that does not touch the others.
    Not optimal.  Source: the classic hand-on-wall rule (Pullen, "Think Labyrinth").
    """
    first, degree, move, back = rotation(maze)
    mark, goal = maze.mark, goal_flags(maze)
    turn = -1 if hand == "right" else 1
    trace = Trace(MOVES) if watch else None
    p, behind = maze.start, first
    walk = LoopErasedPath(p)
    states = {(p, behind)}
    if watch:
        trace.add(ARRIVE + mark[p], p)
    mark[p] = M_CURRENT
    while not goal[p]:
        sides = degree(p)
        for t in range(1, sides + 1):
            k = (behind + turn * t) % sides
            q = move(p, k)
            if q >= 0:
                break
        else:
            break                   # S has no open side
        behind = back(p, k)
        if watch:
            trace.add(LEAVE, p)
            trace.add(ARRIVE + mark[q], q)
            if trace.full():
                yield trace.batch()
        mark[p], mark[q] = M_VISITED, M_CURRENT
        p = q
        if (p, behind) in states:
            return (yield from stop(maze, trace, p, N_TRAPPED, len(states), True))
        states.add((p, behind))
        walk.add(p)
    return (yield from end(maze, walk.nodes if goal[p] else None, watch, trace=trace))


wall.packed = True
