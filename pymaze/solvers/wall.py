from ..events import MARK, MILESTONE, M_CURRENT, M_VISITED, N_TRAPPED, NOTE
from ..registry import Param, solver
from ._base import LoopErasedPath, no_route, show_route

TURNS = {"right": (1, 0, 3, 2), "left": (3, 0, 1, 2)}  # quarter turns tried in order: hand side, ahead, other side, back


def stepper(maze):
    """A function ``(p, k) -> q``: the node one move from ``p`` in direction k (0 N, 1 E, 2 S, 3 W), or -1."""
    w, g, n = maze.width, maze.wall, len(maze.wall)
    dirs = (-w, 1, w, -1)
    if maze.geometry == "thin":
        return lambda p, k: -1 if g[p + dirs[k]] else p + 2 * dirs[k]

    def move(p, k):
        x = p % w
        if k == 1 and x == w - 1 or k == 3 and x == 0:
            return -1
        q = p + dirs[k]
        return q if 0 <= q < n and not g[q] else -1
    return move


@solver("wall", "Wall follower", order=150, params=[
    Param("hand", "choice", "right", choices=("right", "left"), help="the hand kept on the wall"),
])
def wall(maze, rng, hand="right"):
    """Wall follower: walk with one hand on the wall until G, or until the walk repeats itself.

    1. Stand on S facing north.
    2. At each node turn towards the hand's side if that way is open, else
       go straight on, else turn to the other side, else turn back; take
       one move.
    3. The walk is fully decided by (node, heading).  Arriving in a
       (node, heading) state met before means it will circle forever: stop
       and say "trapped in a loop".
    4. At G, erase the loops of the walk (cut back to the first visit of a
       node each time the walk returns to it) and show that route.

    Property: solves every perfect maze (it tours the tree); loops can trap
    it, e.g. when S or G sits by a wall that does not touch the others.
    Not optimal.  Source: the classic hand-on-wall rule (Pullen, "Think Labyrinth").
    """
    move = stepper(maze)
    mark = maze.mark
    turns = TURNS[hand]
    goals = set(maze.goals)
    p, heading = maze.start, 0
    route = LoopErasedPath(p)
    states = {(p, heading)}
    mark[p] = M_CURRENT
    yield (MARK | MILESTONE, p, 0, M_CURRENT)
    while p not in goals:
        for t in turns:
            k = (heading + t) % 4
            q = move(p, k)
            if q >= 0:
                break
        else:
            yield no_route(maze)
            return
        heading = k
        old = mark[q]
        mark[p], mark[q] = M_VISITED, M_CURRENT
        yield (MARK, p, M_CURRENT, M_VISITED, MARK | MILESTONE, q, old, M_CURRENT)
        p = q
        if (p, heading) in states:
            yield (NOTE | MILESTONE, p, N_TRAPPED, len(states))
            return
        states.add((p, heading))
        route.add(p)
    yield from show_route(maze, route.nodes)
