from ..events import MARK, MILESTONE, M_CURRENT, M_VISITED, N_TRAPPED, NOTE
from ..graph import rotation
from ..registry import Param, solver
from ._base import LoopErasedPath, no_route, show_route


@solver("wall", "Wall follower", order=150, params=[
    Param("hand", "choice", "right", choices=("right", "left"), help="the hand kept on the wall"),
])
def wall(maze, rng, hand="right"):
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
    mark = maze.mark
    turn = -1 if hand == "right" else 1
    goals = set(maze.goals)
    p, behind = maze.start, first
    route = LoopErasedPath(p)
    states = {(p, behind)}
    mark[p] = M_CURRENT
    yield (MARK | MILESTONE, p, 0, M_CURRENT)
    while p not in goals:
        sides = degree(p)
        for t in range(1, sides + 1):
            k = (behind + turn * t) % sides
            q = move(p, k)
            if q >= 0:
                break
        else:
            yield no_route(maze)
            return
        behind = back(p, k)
        old = mark[q]
        mark[p], mark[q] = M_VISITED, M_CURRENT
        yield (MARK, p, M_CURRENT, M_VISITED, MARK | MILESTONE, q, old, M_CURRENT)
        p = q
        if (p, behind) in states:
            yield (NOTE | MILESTONE, p, N_TRAPPED, len(states))
            return
        states.add((p, behind))
        route.add(p)
    yield from show_route(maze, route.nodes)
