"""Searches on the junction graph of a maze (``pymaze.graph.junction_graph``: dead ends pruned,
corridors contracted to edges weighted by their length): every junction's distance to the goals,
the cheapest route with some junctions and edges blocked, and a route's cells.  Yen's k shortest
routes (``solvers.routes``) are made of these.
"""

import heapq
from itertools import count


def to_goals(adj, edges, goals):
    """Each junction's distance (moves) to the nearest goal in the whole junction graph."""
    dist = {g: 0 for g in goals if g in adj}
    heap = [(0, g) for g in dist]
    while heap:
        d, u = heapq.heappop(heap)
        if d > dist[u]:
            continue
        for v, e in adj[u]:
            nd = d + len(edges[e]) - 1
            if nd < dist.get(v, nd + 1):
                dist[v] = nd
                heapq.heappush(heap, (nd, v))
    return dist


def cheapest(adj, edges, h, source, goals, blocked, cut, penalty=None):
    """A* over the junction graph from ``source`` to the nearest goal, avoiding ``blocked``
    junctions and ``cut`` edge ids: ``(junctions, edge ids)`` or None, and the steps it took.
    ``h`` (the distances to the goals with nothing blocked) never overestimates, since blocking
    only lengthens routes, so the first goal taken is a cheapest one.  ``penalty`` (edge id ->
    factor of at least 1) lengthens edges, which keeps ``h`` a lower bound too."""
    if source not in h:
        return None, 1
    best, parent = {source: 0}, {source: None}
    heap, tick, work = [(h[source], 0, 0, source)], count(1), 0
    while heap:
        _, _, d, u = heapq.heappop(heap)
        work += 1
        if d > best[u]:
            continue
        if u in goals:
            nodes, ids = [u], []
            while parent[nodes[-1]] is not None:
                prev, e = parent[nodes[-1]]
                nodes.append(prev)
                ids.append(e)
            return (nodes[::-1], ids[::-1]), work
        for v, e in adj[u]:
            if v in blocked or e in cut or v not in h:
                continue
            nd = d + (len(edges[e]) - 1) * (penalty.get(e, 1) if penalty else 1)
            if nd < best.get(v, nd + 1):
                best[v], parent[v] = nd, (u, e)
                heapq.heappush(heap, (nd + h[v], next(tick), nd, v))
    return None, work


def route_cells(edges, source, ids):
    """The node path of a route given as edge ids from ``source``."""
    path = [source]
    for e in ids:
        corridor = edges[e]
        path += corridor[1:] if corridor[0] == path[-1] else corridor[-2::-1]
    return path
