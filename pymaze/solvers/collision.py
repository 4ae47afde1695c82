from array import array

from ..events import CHUNK, MARK, MILESTONE, M_DEAD, M_FILLED, M_VISITED, N_NO_ROUTE, Kinds, column, pack
from ..registry import solver
from ..graph import links, path_to, steps
from ._base import UNSEEN, drained, no_route, parents, quiet_route, show_route
from ._packed import nothing, route
from ._walk import goal_flags


@solver("collision", "Collision", group="fill", order=156, optimal=True)
def collision(maze, rng):
    """Collision: flood from S in rounds; where two floods collide, the later one dies; fill what is left.

    1. Round 0 floods S.  In each round every head of the flood pours into
       each neighbour not yet flooded, which becomes a new head (one
       milestone per round).
    2. A node two heads reach in the same round, or a head that would pour
       into a node already flooded, is a collision: only the first head
       to get there goes on; the collision is shown in red (once per
       meeting).  Every loop of
       the maze is cut at a collision, so the flood is a tree.
    3. Stop when a goal is flooded (or nothing is left to flood: no route).
    4. Fill every branch of the flood that does not lead to that goal,
       from its tip back to where it split off; what is left is the route.

    Property: optimal: the goal is flooded in the round equal to its
    distance, and the branch that reached it is a shortest route.  Unlike
    mazelib's version, which walls the collision node itself (and so can
    cut the only shortest route where two equal routes merge), it stops
    only the later stream.  Source: Walter D. Pullen, "Think Labyrinth:
    Maze Algorithms" (collision solver); mazelib's Collision.
    """
    goal, parent, order = yield from _flood(maze, True)
    if goal is None:
        yield nothing(maze)
        return
    path = path_to(parent, goal)
    filled, olds = _fill(maze, parent, order, path, True)
    yield column(MARK | MILESTONE, filled, olds, M_FILLED)
    yield route(maze, path)


def _steps(maze):
    """The floods and fills a step (a tuple of events) at a time: what ``collision`` packs, in order."""
    nbrs = links(maze)
    mark = maze.mark
    start, goals = maze.start, set(maze.goals)
    parent = {start: start}
    heads = [start]
    mark[start] = M_VISITED
    yield (MARK | MILESTONE, start, 0, M_VISITED)
    goal = start if start in goals else None
    met = set()                          # collisions seen, as (earlier, later) node pairs
    while heads and goal is None:
        step, nxt = [], []
        for p in heads:
            for q in nbrs(p):
                if q == parent[p]:
                    continue
                if q in parent:
                    if (q, p) in met:            # the same meeting, seen from its other side
                        continue
                    met.add((p, q))
                    if mark[q] != M_DEAD:
                        step += (MARK, q, mark[q], M_DEAD)
                        mark[q] = M_DEAD
                    continue
                parent[q] = p
                step += (MARK, q, mark[q], M_VISITED)
                mark[q] = M_VISITED
                nxt.append(q)
                if q in goals and goal is None:
                    goal = q
        if step:
            step[0] |= MILESTONE
            yield tuple(step)
        heads = nxt
    if goal is None:
        yield no_route(maze)
        return
    path = [goal]
    while path[-1] != start:
        path.append(parent[path[-1]])
    keep = set(path)
    children = {}
    for q, p in parent.items():
        if q != p:
            children[p] = children.get(p, 0) + 1
    tips = [q for q in parent if q not in children and q not in keep]
    for q in tips:
        while q not in keep:
            old = mark[q]
            mark[q] = M_FILLED
            yield (MARK | MILESTONE, q, old, M_FILLED)
            up = parent[q]
            children[up] -= 1
            if children[up]:
                break
            q = up
    yield from show_route(maze, path[::-1])


# The events of a round of flooding, as kinds of packed events (see events.pack): a node flooded,
# a collision, and each as the first event of its round (a milestone).
ROUND = Kinds((MARK, 0, M_VISITED), (MARK, M_VISITED, M_DEAD), (MARK | MILESTONE, 0, M_VISITED),
              (MARK | MILESTONE, M_VISITED, M_DEAD))


def _flood(maze, watch):
    """The floods over flat per-square arrays, with their final marks, and when ``watch`` is set
    their events packed a round or more at a time.  Returns ``(goal, parent, order)``: the goal
    flooded first (None if none), the flood's parent table and every flooded node in flood order."""
    mark = maze.mark
    g, tables, side = steps(maze)
    n = len(maze.wall)
    start = maze.start
    goal_at = goal_flags(maze)
    parent = parents(maze)
    parent[start] = start
    order = [start]             # every flooded node, in flood order
    heads = [start]
    visited, dead, unseen = M_VISITED, M_DEAD, UNSEEN
    mark[start] = visited
    if watch:
        yield array("i", (MARK | MILESTONE, start, 0, visited))
    goal = start if goal_at[start] else None
    met = set()                 # collisions seen, as earlier * n + later
    kind, index = bytearray(), []
    k, i = kind.append, index.append
    while heads and goal is None:
        nxt = []
        first = len(kind)
        for p in heads:
            up = parent[p]
            for d, d2 in tables[side[p]]:
                if g[p + d]:
                    continue
                q = p + d2
                if q == up:
                    continue
                if parent[q] != unseen:
                    if q * n + p in met:          # the same meeting, seen from its other side
                        continue
                    met.add(p * n + q)
                    if mark[q] != dead:
                        mark[q] = dead
                        if watch:
                            k(1)
                            i(q)
                    continue
                parent[q] = p
                mark[q] = visited
                if watch:
                    k(0)
                    i(q)
                nxt.append(q)
                if goal is None and goal_at[q]:
                    goal = q
        if len(kind) > first:
            kind[first] |= 2
            if len(kind) >= CHUNK:
                yield pack(ROUND, kind, index)
                kind, index = bytearray(), []
                k, i = kind.append, index.append
        order += nxt
        heads = nxt
    if kind:
        yield pack(ROUND, kind, index)
    return goal, parent, order


def _fill(maze, parent, order, path, watch):
    """Fill every branch of the flood that does not lead to the end of ``path`` (S to the goal),
    each from its tip back to where it split off; returns the nodes filled and their marks
    before, in order, when ``watch`` is set."""
    mark = maze.mark
    n = len(maze.wall)
    keep = bytearray(n)
    for q in path:
        keep[q] = 1
    children = bytearray(n)     # a node's children in the flood (at most its sides)
    for q in order[1:]:
        children[parent[q]] += 1
    filled, olds = [], []
    for q in order:             # the tips in flood order (a node comes before its children)
        if children[q] or keep[q]:
            continue
        while not keep[q]:
            if watch:
                filled.append(q)
                olds.append(mark[q])
            mark[q] = M_FILLED
            up = parent[q]
            children[up] -= 1
            if children[up]:
                break
            q = up
    return filled, olds


def _instant(maze, rng):
    """Collision with nobody watching: the same floods, final marks and notes; returns ``(route,
    visited, notes)`` (see ``Run.finish``)."""
    goal, parent, order = drained(_flood(maze, False))
    if goal is None:
        return [], len(order), [(N_NO_ROUTE, 0, maze.goal)]
    path = path_to(parent, goal)
    _fill(maze, parent, order, path, False)
    route, _, notes = quiet_route(maze, path)
    return route, len(order), notes


collision.packed = True
collision.instant = _instant
