from ..events import MARK, MILESTONE, M_DEAD, M_FILLED, M_VISITED, N_NO_ROUTE
from ..registry import solver
from ..graph import links, path_to, steps
from ._base import UNSEEN, no_route, parents, quiet_route, show_route


@solver("collision", "Collision", order=156, optimal=True)
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


def _instant(maze, rng):
    """Collision with nobody watching: the same floods, final marks and notes; returns ``(route,
    visited, notes)`` (see ``Run.finish``)."""
    mark = maze.mark
    g, tables, side = steps(maze)
    n = len(maze.wall)
    start = maze.start
    goal_at = bytearray(n)
    for q in maze.goals:
        goal_at[q] = 1
    parent = parents(maze)
    parent[start] = start
    order = [start]             # every flooded node, in flood order
    heads = [start]
    visited, dead, unseen = M_VISITED, M_DEAD, UNSEEN
    mark[start] = visited
    goal = start if goal_at[start] else None
    met = set()                 # collisions seen, as earlier * n + later
    while heads and goal is None:
        nxt = []
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
                    mark[q] = dead
                    continue
                parent[q] = p
                mark[q] = visited
                nxt.append(q)
                if goal is None and goal_at[q]:
                    goal = q
        order += nxt
        heads = nxt
    if goal is None:
        return [], len(order), [(N_NO_ROUTE, 0, maze.goal)]
    path = path_to(parent, goal)
    keep = bytearray(n)
    for q in path:
        keep[q] = 1
    children = bytearray(n)     # a node's children in the flood (at most its sides)
    for q in order[1:]:
        children[parent[q]] += 1
    filled = M_FILLED
    for q in order:
        if children[q] or keep[q]:
            continue
        while not keep[q]:
            mark[q] = filled
            up = parent[q]
            children[up] -= 1
            if children[up]:
                break
            q = up
    route, _, notes = quiet_route(maze, path)
    return route, len(order), notes


collision.instant = _instant
