from array import array

from ..events import CHUNK, MARK, MILESTONE, M_CURRENT, M_VISITED, N_FOUND, N_NO_ROUTE, N_TRAPPED, NOTE, pack
from ..graph import rotation
from ..registry import solver
from ._base import LoopErasedPath, drained, no_route, quiet_route, show_route
from ._packed import nothing, route
from ._walk import MOVES, cut, goal_flags, square_moves


def preferred(maze):
    """The heading (0 N, 1 E, 2 S, 3 W) from S towards the first goal along the larger difference."""
    w = maze.width
    dx = maze.goal % w - maze.start % w
    dy = maze.goal // w - maze.start // w
    if abs(dx) >= abs(dy):
        return 1 if dx >= 0 else 3
    return 2 if dy > 0 else 0


@solver("pledge", "Pledge", group="walker", order=152, shapes=("square",))
def pledge(maze, rng):
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
    ending = yield from _walk(maze, True)
    if ending[0] == N_FOUND:
        yield route(maze, ending[1])
    elif ending[0] == N_TRAPPED:
        yield array("i", (NOTE | MILESTONE, ending[1], N_TRAPPED, 0))
    else:
        yield nothing(maze)


def _steps(maze):
    """The walk a step (a tuple of events) at a time: what ``pledge`` packs, in order."""
    move = rotation(maze)[2]  # (p, k) -> the node one move from p in direction k (0 N, 1 E, 2 S, 3 W), or -1
    mark = maze.mark
    goals = set(maze.goals)
    p, want = maze.start, preferred(maze)
    heading, turned, following = want, 0, False
    route = LoopErasedPath(p)
    left_at = set()
    lap = {}            # (node, heading) -> (count, position in ``counts``) while following
    counts = []
    anchor = None
    mark[p] = M_CURRENT
    yield (MARK | MILESTONE, p, 0, M_CURRENT)
    while p not in goals:
        if following and turned == 0:
            following = False
            if p in left_at:
                yield (NOTE | MILESTONE, p, N_TRAPPED, 0)
                return
            left_at.add(p)
            lap.clear()
            del counts[:]
            anchor = None
        if not following:
            q = move(p, heading)
            if q < 0:
                following = True
                heading, turned = (heading + 3) % 4, turned + 1
                continue
        else:
            for t, dt in ((1, -1), (0, 0), (3, 1), (2, 2)):
                q = move(p, (heading + t) % 4)
                if q >= 0:
                    heading, turned = (heading + t) % 4, turned + dt
                    break
            else:
                yield no_route(maze)    # a node with no open side at all
                return
        step = (MARK, p, M_CURRENT, M_VISITED, MARK | MILESTONE, q, mark[q], M_CURRENT)
        mark[p], mark[q] = M_VISITED, M_CURRENT
        yield step
        p = q
        route.add(p)
        if following:
            state = (p, heading)
            counts.append(turned)
            if state in lap and (anchor is None or anchor == state):
                anchor = state
                before, at = lap[state]
                drift = turned - before
                seen = counts[at:]
                if drift == 0 or drift > 0 and min(seen) > 0 or drift < 0 and max(seen) < 0:
                    yield (NOTE | MILESTONE, p, N_TRAPPED, 0)
                    return
            lap[state] = (turned, len(counts) - 1)
    yield from show_route(maze, route.nodes)


def headings(maze):
    """``(g, side, table)``: ``table[side[p]][k]`` is the move from node ``p`` heading ``k`` (0 N,
    1 E, 2 S, 3 W) as ``(d, d2)``, open when ``not g[p + d]`` and leading to ``p + d2``, or
    ``(None, 0)`` off the grid (see ``_walk.square_moves``)."""
    g, side, sets = square_moves(maze)
    return g, side, [tuple(move or (None, 0) for move in moves) for moves in sets]


def _walk(maze, watch):
    """The walk over flat per-square arrays, with its final marks, and when ``watch`` is set its
    moves packed (``_walk.MOVES``) and yielded a chunk at a time.  Returns how it ended:
    ``(N_FOUND, route)`` (not yet marked), ``(N_TRAPPED, node)`` (a node it had left before) or
    ``(N_NO_ROUTE,)``."""
    mark = maze.mark
    n = len(maze.wall)
    goal = goal_flags(maze)
    g, side, table = headings(maze)
    p, want = maze.start, preferred(maze)
    heading, turned, following = want, 0, False
    at = array("i", [-1]) * n       # the loop-erased walk: each node's place in ``nodes``
    nodes = [p]
    at[p] = 0
    left_at = set()
    lap = {}            # node * 4 + heading -> its last place in ``counts`` (the turning then) while following
    counts = []
    anchor = None
    visited, current = M_VISITED, M_CURRENT
    kind, index = bytearray(), []
    mark[p] = current
    if watch:
        yield array("i", (MARK | MILESTONE, p, 0, current))
    tries = ((1, -1), (0, 0), (3, 1), (2, 2))
    ending = None
    while not goal[p]:
        if following:
            if turned == 0:
                following = False
                if p in left_at:
                    ending = N_TRAPPED, p
                    break
                left_at.add(p)
                lap.clear()
                del counts[:]
                anchor = None
        if not following:
            d, d2 = table[side[p]][heading]
            if d is None or g[p + d]:
                following = True
                heading, turned = (heading + 3) % 4, turned + 1
                continue
        else:
            moves = table[side[p]]
            for t, dt in tries:
                k = (heading + t) % 4
                d, d2 = moves[k]
                if d is not None and not g[p + d]:
                    heading, turned = k, turned + dt
                    break
            else:
                ending = (N_NO_ROUTE,)      # a node with no open side at all
                break
        q = p + d2
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
        i = at[p]
        if i < 0:
            at[p] = len(nodes)
            nodes.append(p)
        else:
            cut(at, nodes, i)
        if following:
            state = p * 4 + heading
            counts.append(turned)
            j = lap.get(state)
            if j is not None and (anchor is None or anchor == state):
                anchor = state
                drift = turned - counts[j]
                seen = counts[j:]
                if drift == 0 or drift > 0 and min(seen) > 0 or drift < 0 and max(seen) < 0:
                    ending = N_TRAPPED, p
                    break
            lap[state] = len(counts) - 1
    if kind:
        yield pack(MOVES, kind, index)
    return ending or (N_FOUND, nodes)


def _instant(maze, rng):
    """Pledge with nobody watching: the same walk, final marks and notes; returns ``(route,
    visited, notes)`` (see ``Run.finish``)."""
    ending = drained(_walk(maze, False))
    if ending[0] == N_FOUND:
        return quiet_route(maze, ending[1])
    if ending[0] == N_TRAPPED:      # on a node it has left before: marked visited once, current now
        return [], maze.mark.count(M_VISITED) + 1, [(N_TRAPPED, 0, ending[1])]
    return [], maze.mark.count(M_VISITED), [(N_NO_ROUTE, 0, maze.goal)]


pledge.packed = True
pledge.instant = _instant
