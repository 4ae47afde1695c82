from array import array

from ..events import MARK, MILESTONE, M_CURRENT, M_VISITED, N_NO_ROUTE, N_TRAPPED, NOTE
from ..graph import rotation, steps
from ..registry import Param, solver
from ._base import LoopErasedPath, no_route, quiet_route, show_route


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


def square_turns(maze, order):
    """For a square maze: ``(g, side, table)``, where ``table[side[p]][k]`` lists what a walker on
    node ``p`` with side ``k`` behind it tries, in turn: ``(d, d2, k2)``, the move (open when
    ``not g[p + d]``, to ``p + d2``) and the side behind it then.  ``order``: the turns tried, each
    a number of quarter turns clockwise from the side behind.  ``g`` and ``side`` are those of
    ``pymaze.graph.steps``: a block maze's moves off the grid are left out or read wall."""
    g, pair_sets, side = steps(maze)
    w = maze.width
    dirs = (-w, 1, w, -1)
    table = []
    for pairs in pair_sets:
        d2s = {d: d2 for d, d2 in pairs}
        table.append([tuple((dirs[k], d2s[dirs[k]], (k + 2) % 4)
                            for k in ((b + t) % 4 for t in order) if dirs[k] in d2s) for b in range(4)])
    return g, side, table


def loop_erase(at, nodes, p):
    """Walk a loop-erased path on to ``p`` (``at``: per node its place in ``nodes``, or -1)."""
    i = at[p]
    if i < 0:
        at[p] = len(nodes)
        nodes.append(p)
    else:
        for q in nodes[i + 1:]:
            at[q] = -1
        del nodes[i + 1:]


def _instant(maze, rng, hand="right"):
    """The wall follower with nobody watching: the same walk, final marks and notes; returns
    ``(route, visited, notes)`` (see ``Run.finish``)."""
    mark = maze.mark
    n = len(maze.wall)
    goal = bytearray(n)
    for q in maze.goals:
        goal[q] = 1
    p = maze.start
    at = array("i", [-1]) * n       # the loop-erased walk: each node's place in ``nodes``
    nodes = [p]
    at[p] = 0
    states = array("i", bytes(4 * n))   # per node: the sides behind it met there, one bit each
    count = 1
    visited, current = M_VISITED, M_CURRENT
    mark[p] = current
    if maze.lattice is None:
        g, side, table = square_turns(maze, (3, 2, 1, 0) if hand == "right" else (1, 2, 3, 0))
        behind = 2
        states[p] = 1 << behind
        while not goal[p]:
            for d, d2, k in table[side[p]][behind]:
                if not g[p + d]:
                    break
            else:
                return [], 0, [(N_NO_ROUTE, 0, maze.goal)]
            mark[p] = visited
            p += d2
            behind = k
            mark[p] = current
            bit = 1 << k
            if states[p] & bit:
                return [], mark.count(visited) + 1, [(N_TRAPPED, count, p)]
            states[p] |= bit
            count += 1
            i = at[p]
            if i < 0:
                at[p] = len(nodes)
                nodes.append(p)
            else:
                for q in nodes[i + 1:]:
                    at[q] = -1
                del nodes[i + 1:]
        return quiet_route(maze, nodes)
    first, degree, move, back = rotation(maze)
    turn = -1 if hand == "right" else 1
    behind = first
    states[p] = 1 << behind
    while not goal[p]:
        sides = degree(p)
        for t in range(1, sides + 1):
            k = (behind + turn * t) % sides
            q = move(p, k)
            if q >= 0:
                break
        else:
            return [], 0, [(N_NO_ROUTE, 0, maze.goal)]
        behind = back(p, k)
        mark[p], mark[q] = visited, current
        p = q
        bit = 1 << behind
        if states[p] & bit:
            return [], mark.count(visited) + 1, [(N_TRAPPED, count, p)]
        states[p] |= bit
        count += 1
        loop_erase(at, nodes, p)
    return quiet_route(maze, nodes)


wall.instant = _instant
