"""The search the any-angle finders (Theta*, Lazy Theta*) share.  Line of sight between square
centres, straight-line lengths and turning are ``pymaze.sight``'s; the route ends as straight
segments (``_base.end_polyline``).
"""

import heapq

from ..events import M_FRONTIER, M_VISITED, Trace
from ..graph import path_to, steps
from ..sight import bends, length, sight
from ._base import EXPAND, KINDS, SEEN, end, end_polyline, parents
from ._moves import EPS, estimate


def search(maze, lazy, watch):
    """The any-angle search both finders run (``lazy``: Lazy Theta*'s order of the sight checks);
    see ``thetastar`` and ``lazytheta`` for the steps.  Packed events, as A*'s."""
    mark, parent = maze.mark, parents(maze)
    wall, tables, side = steps(maze, "no-corners")
    w = maze.width
    dist = length(w)
    h = estimate(maze, "euclidean", maze.goals)
    start, goals = maze.start, set(maze.goals)
    trace = Trace(KINDS) if watch else None
    parent[start] = start
    g = {start: 0.0}
    mark[start] = M_FRONTIER
    if watch:
        trace.add(SEEN, start)
    order = 0
    open_heap = [(h(start), h(start), order, start)]
    push, pop, visited, frontier = heapq.heappush, heapq.heappop, M_VISITED, M_FRONTIER
    reached = None
    while open_heap:
        p = pop(open_heap)[3]
        if mark[p] == visited:
            continue
        mark[p] = visited
        if watch:
            trace.add(EXPAND, p)
        if lazy and not sight(wall, w, parent[p], p):
            # The parent was assumed in sight: it is not, so the best closed neighbour becomes it.
            best = None
            for d, d2 in tables[side[p]]:
                q = p + d2
                if not wall[p + d] and mark[q] == visited and q != p:
                    way = g[q] + dist(q, p)
                    if best is None or way < best[0] - EPS:
                        best = (way, q)
            g[p], parent[p] = best
        if p in goals:
            reached = p
            break
        g_p, up = g[p], parent[p]
        g_up = g[up]
        for d, d2 in tables[side[p]]:
            q = p + d2
            if wall[p + d] or mark[q] == visited:
                continue
            if lazy or sight(wall, w, up, q):
                way_in, via = g_up + dist(up, q), up
            else:
                way_in, via = g_p + dist(p, q), p
            if way_in >= g.get(q, way_in + 1) - EPS:
                continue
            g[q] = way_in
            parent[q] = via
            hq = h(q)
            order += 1
            push(open_heap, (way_in + hq, hq, order, q))
            if mark[q] != frontier:
                mark[q] = frontier
                if watch:
                    trace.add(SEEN, q)
        if watch and trace.full():
            yield trace.batch()
    if reached is None:
        return (yield from end(maze, None, watch, trace=trace))
    corners = path_to(parent, reached)
    return (yield from end_polyline(maze, corners, corners, bends(w, corners), g[reached], watch, trace))
