from array import array

from ..events import CHUNK, MARK, MILESTONE, M_CURRENT, M_VISITED, N_FOUND, N_NO_ROUTE, N_TRAPPED, NOTE, pack
from ..graph import rotation
from ..registry import Param, solver
from ._base import LoopErasedPath, drained, no_route, quiet_route, show_route
from ._packed import nothing, route
from ._walk import MOVES, cut, goal_flags, square_moves


@solver("wall", "Wall follower", group="walker", order=150, params=[
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
    ending = yield from _walk(maze, hand, True)
    if ending[0] == N_FOUND:
        yield route(maze, ending[1])
    elif ending[0] == N_TRAPPED:
        yield array("i", (NOTE | MILESTONE, ending[1], N_TRAPPED, ending[2]))
    else:
        yield nothing(maze)


def _steps(maze, hand="right"):
    """The walk a step (a tuple of events) at a time: what ``wall`` packs, in order."""
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
    g, side, sets = square_moves(maze)
    return g, side, [[tuple(moves[k] + ((k + 2) % 4,) for k in ((b + t) % 4 for t in order) if moves[k])
                      for b in range(4)] for moves in sets]


def _walk(maze, hand, watch):
    """The walk over flat per-square arrays: its final marks, and when ``watch`` is set its moves
    packed (``_walk.MOVES``) and yielded a chunk at a time.  Returns how it ended: ``(N_FOUND,
    route)`` (the walk loop-erased, not yet marked), ``(N_TRAPPED, node, states met)`` or
    ``(N_NO_ROUTE,)``."""
    mark = maze.mark
    n = len(maze.wall)
    goal = goal_flags(maze)
    p = maze.start
    at = array("i", [-1]) * n       # the loop-erased walk: each node's place in ``nodes``
    nodes = [p]
    at[p] = 0
    states = array("i", bytes(4 * n))   # per node: the sides behind it met there, one bit each
    count = 1
    visited, current = M_VISITED, M_CURRENT
    kind, index = bytearray(), []
    mark[p] = current
    if watch:
        yield array("i", (MARK | MILESTONE, p, 0, current))
    lattice = maze.lattice is not None
    if lattice:
        first, degree, move, back = rotation(maze)
        turn = -1 if hand == "right" else 1
        behind = first
    else:
        g, side, table = square_turns(maze, (3, 2, 1, 0) if hand == "right" else (1, 2, 3, 0))
        behind = 2
    states[p] = 1 << behind
    while not goal[p]:
        if lattice:
            sides = degree(p)
            for t in range(1, sides + 1):
                k = (behind + turn * t) % sides
                q = move(p, k)
                if q >= 0:
                    break
            else:
                break
            behind = back(p, k)
        else:
            for d, d2, k in table[side[p]][behind]:
                if not g[p + d]:
                    break
            else:
                break
            q = p + d2
            behind = k
        if watch:
            kind.append(mark[q])
            index.append(p)
            index.append(q)
            if len(kind) >= CHUNK:
                yield pack(MOVES, kind, index)
                kind, index = bytearray(), []
        mark[p] = visited
        mark[q] = current
        p = q
        bit = 1 << behind
        if states[p] & bit:
            if kind:
                yield pack(MOVES, kind, index)
            return N_TRAPPED, p, count
        states[p] |= bit
        count += 1
        i = at[p]
        if i < 0:
            at[p] = len(nodes)
            nodes.append(p)
        else:
            cut(at, nodes, i)
    if kind:
        yield pack(MOVES, kind, index)
    return (N_FOUND, nodes) if goal[p] else (N_NO_ROUTE,)


def _instant(maze, rng, hand="right"):
    """The wall follower with nobody watching: the same walk, final marks and notes; returns
    ``(route, visited, notes)`` (see ``Run.finish``)."""
    ending = drained(_walk(maze, hand, False))
    if ending[0] == N_FOUND:
        return quiet_route(maze, ending[1])
    if ending[0] == N_TRAPPED:
        # Trapped on a node it has left before: marked visited once, current now.
        return [], maze.mark.count(M_VISITED) + 1, [(N_TRAPPED, ending[2], ending[1])]
    return [], 0, [(N_NO_ROUTE, 0, maze.goal)]


wall.packed = True
wall.instant = _instant
