from array import array

from ..events import MARK, MILESTONE, M_ROUTE2, M_VISITED, N_ROUTE, NOTE, column
from ..graph import steps
from ..registry import Param, solver
from ._base import end, parents


@solver("allshortest", "Every shortest route", short="Every shortest route", group="fill", order=134, optimal=True, params=[
    Param("limit", "int", 50, min=1, max=10000, help="the most routes listed one by one"),
])
def allshortest(maze, rng, limit=50, watch=True):
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
    wall, tables, side = steps(maze)
    mark = maze.mark
    start, goals = maze.start, set(maze.goals)
    rounds = parents(maze)  # each node's round, its distance from S (-1: not reached)
    rounds[start] = 0
    layer, ends = [start], []
    while layer:
        if watch:
            step = column(MARK, layer, list(map(mark.__getitem__, layer)), M_VISITED)
            step[0] |= MILESTONE
            yield step
        for p in layer:
            mark[p] = M_VISITED
        ends = [p for p in layer if p in goals]
        if ends:
            break
        next_layer = []
        for p in layer:
            for d, d2 in tables[side[p]]:
                if not wall[p + d] and rounds[p + d2] < 0:
                    rounds[p + d2] = rounds[p] + 1
                    next_layer.append(p + d2)
        layer = next_layer
    if not ends:
        return (yield from end(maze, None, watch))
    visited = mark.count(M_VISITED)  # before the routes cover some

    def nbrs(p):
        return [p + d2 for d, d2 in tables[side[p]] if not wall[p + d]]
    routes = _listed(start, goals, ends, nbrs, rounds.__getitem__, limit)
    listed = []
    for route in routes:
        if watch:
            step = array("i")
            for p in route:
                if mark[p] != M_ROUTE2:
                    step.extend((MARK, p, mark[p], M_ROUTE2))
            yield step + array("i", (NOTE | MILESTONE, route[-1], N_ROUTE, len(route) - 1))
        for p in route:
            mark[p] = M_ROUTE2
        listed.append((N_ROUTE, len(route) - 1, route[-1]))
    route, _, notes = yield from end(maze, routes[0], watch)
    return route, visited, listed + notes


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


allshortest.packed = True
