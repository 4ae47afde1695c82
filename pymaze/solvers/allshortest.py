from ..events import MARK, MILESTONE, M_ROUTE2, M_VISITED, N_ROUTE, NOTE
from ..registry import Param, solver
from ..graph import links
from ._base import no_route, show_route


@solver("allshortest", "Every shortest route", order=134, optimal=True, params=[
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
    on = set(ends)
    back = list(ends)
    for p in back:
        for q in nbrs(p):
            if q in dist and dist[q] == dist[p] - 1 and q not in on:
                on.add(q)
                back.append(q)
    routes = [[start]] if start in goals else []
    stack = [] if routes else [(start, iter(nbrs(start)))]
    trail = [start]
    while stack and len(routes) < limit:
        p, todo = stack[-1]
        for q in todo:
            if q in on and dist[q] == dist[p] + 1:
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
    for route in routes:
        step = []
        for p in route:
            if mark[p] != M_ROUTE2:
                step += (MARK, p, mark[p], M_ROUTE2)
                mark[p] = M_ROUTE2
        yield tuple(step) + (NOTE | MILESTONE, route[-1], N_ROUTE, len(route) - 1)
    yield from show_route(maze, routes[0])
