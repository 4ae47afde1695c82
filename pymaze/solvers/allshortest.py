from array import array

from ..events import MARK, MILESTONE, M_ROUTE2, M_VISITED, N_ROUTE, NOTE
from ..registry import Param, solver
from ..graph import links, steps
from ._base import no_route, quiet_no_route, quiet_route, show_route


@solver("allshortest", "Every shortest route", group="fill", order=134, optimal=True, params=[
    Param("limit", "int", 50, min=1, max=10000, help="the most routes listed one by one"),
])
def allshortest(maze, rng, limit=50):
    """Every shortest route: a breadth-first wave, then every way back down it.

    1. Number the nodes by breadth-first rounds from S (one milestone per
       round) until the round that reaches the nearest goal, at distance D.
    2. Walk back from every goal at distance D through neighbours one
       round nearer S: the nodes met are exactly those on some shortest
       route (a node at distance d from S lies on one iff it can step down
       to S in d moves and up to a goal in D - d).
    3. List the shortest routes one by one, depth-first through that
       layered graph from S (up to ``limit``), marking each as an
       alternative route with a note of its length; the first one is then
       shown as the route.

    Property: optimal, and complete: every shortest route is listed (up to
    the limit; an open room has exponentially many).  Source: mazelib's
    ShortestPaths solver; the layered shortest-path graph is textbook
    breadth-first search (Moore 1959).
    """
    nbrs = links(maze)
    mark = maze.mark
    start, goals = maze.start, set(maze.goals)
    dist = {start: 0}
    layer = [start]
    ends = []
    while layer:
        step = []
        for p in layer:
            step += (MARK, p, mark[p], M_VISITED)
            mark[p] = M_VISITED
        step[0] |= MILESTONE
        yield tuple(step)
        ends = [p for p in layer if p in goals]
        if ends:
            break
        nxt = []
        for p in layer:
            for q in nbrs(p):
                if q not in dist:
                    dist[q] = dist[p] + 1
                    nxt.append(q)
        layer = nxt
    if not ends:
        yield no_route(maze)
        return
    routes = _listed(start, goals, ends, nbrs, lambda q: dist.get(q, -1), limit)
    for route in routes:
        step = []
        for p in route:
            if mark[p] != M_ROUTE2:
                step += (MARK, p, mark[p], M_ROUTE2)
                mark[p] = M_ROUTE2
        yield tuple(step) + (NOTE | MILESTONE, route[-1], N_ROUTE, len(route) - 1)
    yield from show_route(maze, routes[0])


def _listed(start, goals, ends, nbrs, level, limit):
    """Steps 2 and 3: the nodes on some shortest route, walking back from ``ends`` (the goals
    the last round reached) through neighbours one round nearer S (``level(q)``: q's round, -1
    for none), then up to ``limit`` routes depth-first through them from S."""
    on = set(ends)
    back = list(ends)
    for p in back:
        for q in nbrs(p):
            if level(q) == level(p) - 1 >= 0 and q not in on:
                on.add(q)
                back.append(q)
    routes = [[start]] if start in goals else []
    stack = [] if routes else [(start, iter(nbrs(start)))]
    trail = [start]
    while stack and len(routes) < limit:
        p, todo = stack[-1]
        for q in todo:
            if q in on and level(q) == level(p) + 1:
                trail.append(q)
                if q in goals:
                    routes.append(list(trail))
                    trail.pop()
                    continue
                stack.append((q, iter(nbrs(q))))
                break
        else:
            stack.pop()
            trail.pop()
    return routes


def _instant(maze, rng, limit=50):
    """Every shortest route with nobody watching: the same rounds (a flat distance table, no
    steps), routes and final marks.  Returns ``(route, visited, notes)``: visited counts every
    node the rounds marked, as the events would (the routes cover some of them afterwards)."""
    g, pair_sets, side = steps(maze)
    fixed = pair_sets[0] if len(pair_sets) == 1 else None
    mark = maze.mark
    start, goals = maze.start, set(maze.goals)
    dist = array("i", b"\xff" * (4 * len(maze.wall)))
    dist[start] = 0
    mark[start] = M_VISITED
    layer, d, visited = [start], 0, 1
    ends = [start] if start in goals else []
    while layer and not ends:
        d += 1
        nxt = []
        push = nxt.append
        for p in layer:
            for a, b in fixed or pair_sets[side[p]]:
                if not g[p + a] and dist[p + b] < 0:
                    dist[p + b] = d
                    push(p + b)
        layer = nxt
        visited += len(nxt)
        for p in nxt:
            mark[p] = M_VISITED
        ends = [p for p in nxt if p in goals]
    if not ends:
        return quiet_no_route(maze)

    def nbrs(p):
        return [p + b for a, b in fixed or pair_sets[side[p]] if not g[p + a]]
    routes = _listed(start, goals, ends, nbrs, dist.__getitem__, limit)
    notes = []
    for route in routes:
        for p in route:
            mark[p] = M_ROUTE2
        notes.append((N_ROUTE, len(route) - 1, route[-1]))
    route, _, more = quiet_route(maze, routes[0])
    return route, visited, notes + more


allshortest.instant = _instant
