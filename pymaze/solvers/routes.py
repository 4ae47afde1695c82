import heapq
from itertools import count

from ..events import MARK, MILESTONE, M_NONE, M_ROUTE2, N_GAVE_UP, N_ROUTE, N_TURNS, N_WAYPOINT, NOTE
from ..registry import Param, solver
from ._base import dict_path, found, links, no_route, show_route, turning

BUDGET = 2_000_000  # node visits over all spur searches before giving up on more routes


def _shortest(nbrs, source, goals, blocked, cut):
    """Breadth-first from ``source`` to the nearest goal avoiding ``blocked`` nodes and ``cut`` edges."""
    parent = {source: source}
    queue = [source]
    for p in queue:
        if p in goals:
            return dict_path(parent, p), len(queue)
        for q in nbrs(p):
            if q not in parent and q not in blocked and (p, q) not in cut:
                parent[q] = p
                queue.append(q)
    return None, len(queue)


def _distinct(path, kept, share):
    """True unless ``share`` or more of the shorter route's cells lie on the other, for some kept route."""
    cells = set(path)
    for other in kept:
        if len(cells & set(other)) >= share * min(len(path), len(other)):
            return False
    return True


@solver("routes", "Several routes (Yen's k shortest)", order=140, params=[
    Param("k", "int", 3, min=1, max=10, help="how many distinct routes to look for"),
])
def routes(maze, rng, k=3):
    """Several routes: up to k distinct S-G routes, shortest first, by Yen's k-shortest-simple-paths.

    1. Find a shortest route (breadth-first).
    2. Yen's step: for each node of the last route found (the spur node),
       keep the route up to it (the root), block the root's other nodes and
       every edge leaving the spur node along an earlier route with the same
       root, and search again from the spur node.  Root + spur route is a
       candidate; the shortest candidate not yet taken is the next route.
    3. Keep a route only when less than 80 % of the shorter route's cells
       lie on any longer route already kept; stop at k kept routes, when
       candidates run out, or when the search budget is spent.
    4. Show each kept route: its polyline corners as waypoint notes (the
       ordinal 0 starts a new route), its cells (the first route with the
       route mark, the others with the second route mark on cells not yet
       marked), its length in moves and its total turning in units of 45
       degrees.

    Property: routes are simple and come in order of length; the first is
    a shortest one.  On a perfect maze there is exactly one.
    Source: J. Y. Yen, "Finding the K Shortest Loopless Paths in a Network" (1971).
    """
    nbrs = links(maze)
    goals = set(maze.goals)
    first, work = _shortest(nbrs, maze.start, goals, set(), set())
    if first is None:
        yield no_route(maze)
        return
    found, kept = [first], []
    heap, tick, seen = [], count(), {tuple(first)}
    while True:
        path = found[-1]
        if _distinct(path, kept, 0.8):
            kept.append(path)
            yield from _show(maze, path, len(kept))
            if len(kept) == k:
                return
        # The root path[:i + 1] grows by one node per spur, so the blocked nodes and the
        # found routes sharing the root are kept up to date instead of rebuilt (O(L) not O(L^2)).
        blocked, sharing = set(), found
        for i in range(len(path) - 1):
            if i:
                blocked.add(path[i - 1])
            sharing = [p for p in sharing if len(p) > i + 1 and p[i] == path[i]]
            cut = {(p[i], p[i + 1]) for p in sharing}
            spur, visits = _shortest(nbrs, path[i], goals, blocked, cut)
            work += visits
            if spur is not None:
                candidate = path[:i] + spur
                key = tuple(candidate)
                if key not in seen:
                    seen.add(key)
                    heapq.heappush(heap, (len(candidate), next(tick), candidate))
            if work > BUDGET:
                yield (NOTE | MILESTONE, -1, N_GAVE_UP, len(kept))
                return
        if not heap:
            return
        found.append(heapq.heappop(heap)[2])


def corners(path):
    """The route's polyline: its first node, every node where it turns, its last node."""
    out = path[:1]
    for a, b, c in zip(path, path[1:], path[2:]):
        if b - a != c - b:
            out.append(b)
    return out + path[1:][-1:]


def _show(maze, path, n):
    goal, moves = path[-1], len(path) - 1
    for i, p in enumerate(corners(path)):
        yield (NOTE, p, N_WAYPOINT, i)
    if n == 1:
        yield from show_route(maze, path, note=False)
        yield found(goal, moves)
    else:
        mark = maze.mark
        step = []
        for p in path:
            if mark[p] == M_NONE:
                mark[p] = M_ROUTE2
                step += (MARK, p, M_NONE, M_ROUTE2)
        if step:
            yield tuple(step)
    yield (NOTE | MILESTONE, goal, N_ROUTE, moves)
    yield (NOTE, goal, N_TURNS, turning(maze, path))
