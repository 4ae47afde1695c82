import heapq
from itertools import count

from ..events import (MARK, MILESTONE, M_NONE, M_ROUTE, M_ROUTE2, N_EXHAUSTED, N_FOUND, N_GAVE_UP, N_ROUTE, N_TURNS,
                      N_WAYPOINT, NOTE)
from ..graph import junction_graph, turning
from ..junctions import cheapest, route_cells, to_goals
from ..registry import Param, solver
from ._base import end, found, show_route

BUDGET = 100_000  # graph steps and route cells Yen's enumeration may take before the penalty rounds
ROUNDS = 25         # penalty rounds per route asked for, after Yen's enumeration stopped short
SHARE = 0.8         # a route sharing this much of the shorter one's cells with a kept route is not kept


def _distinct(path, kept, share):
    """True unless ``share`` or more of the shorter route's cells lie on the other, for some kept route."""
    cells = set(path)
    for other in kept:
        if len(cells & set(other)) >= share * min(len(path), len(other)):
            return False
    return True


@solver("routes", "Several routes (Yen's k shortest)", short="Yen's k routes", group="fill", order=140, max_cells=1_000_000, params=[
    Param("k", "int", 3, min=1, max=10, help="how many distinct routes to look for"),
])
def routes(maze, rng, k=3, watch=True):
    """Several routes: up to k distinct S-G routes, shortest first, by Yen's k-shortest-simple-paths.

    1. Reduce the maze to its junction graph: prune dead-end branches (no
       simple route enters one), then contract every corridor between
       junctions (and S and the goals) into one edge weighted by its length.
       A loopy 60 x 40 maze of 2,400 cells becomes a graph of about a
       hundred junctions.
    2. Find a cheapest route: A* on that graph, guided by every junction's
       distance to the goals (one Dijkstra from the goals, reused by every
       later search: blocking only lengthens routes, so it never
       overestimates).
    3. Yen's step: for each junction of the last route found (the spur
       node), keep the route up to it (the root), block the root's other
       junctions and every edge leaving the spur node along an earlier
       route with the same root, and search again from the spur node.
       Root + spur route is a candidate; the shortest candidate not yet
       taken is the next route.
    4. Keep a route only when less than 80 % of the shorter route's cells
       lie on any route already kept; stop at k kept routes, or when the
       candidates run out (a note says how many simple routes there were:
       no other route exists).
    5. When the search budget is spent first (a maze with many small loops
       has more near-copies of its first routes than can be listed),
       penalty rounds: double the length of every corridor on the routes
       kept (then on the route each round finds), search for the cheapest
       route again, and keep it when
       it differs enough; the new routes are shown shortest first.  Fewer
       than k after all the rounds: a note says the search gave up.
    6. Show each kept route: its polyline corners as waypoint notes (the
       ordinal 0 starts a new route), its cells (the first route with the
       route mark, the others with the second route mark on cells not yet
       marked), its length in moves and its total turning in whole degrees.

    Property: routes are simple and come in order of length; the first is
    a shortest one.  On a perfect maze there is exactly one.
    Source: J. Y. Yen, "Finding the K Shortest Loopless Paths in a Network" (1971);
    the penalty method for alternative routes: de la Barra, Perez and
    Anez, "Multidimensional path search and assignment" (1993).
    """
    goals = set(maze.goals)
    adj, edges = junction_graph(maze)
    h = to_goals(adj, edges, goals)
    first, work = cheapest(adj, edges, h, maze.start, goals, set(), set())
    if first is None:
        return (yield from end(maze, None, watch))
    shown = []  # the notes of the routes shown, as (code, value, index)
    found, kept, kept_ids = [first], [], []
    heap, tick, seen = [], count(), {tuple(first[1])}
    while True:
        nodes, ids = found[-1]
        path = route_cells(edges, maze.start, ids)
        work += len(path)
        if _distinct(path, kept, SHARE):
            kept.append(path)
            kept_ids.append(ids)
            yield from _show(maze, path, len(kept), watch, shown)
            if len(kept) == k:
                return kept[0], 0, shown
        # The root nodes[:i + 1] grows by one junction per spur, so the blocked junctions and
        # the found routes sharing the root are kept up to date instead of rebuilt.
        blocked, sharing, length = set(), found, 0
        for i in range(len(ids)):
            if i:
                blocked.add(nodes[i - 1])
                length += len(edges[ids[i - 1]]) - 1
            sharing = [f for f in sharing if len(f[1]) > i and (i == 0 or f[1][i - 1] == ids[i - 1])]
            cut = {f[1][i] for f in sharing}
            spur, steps = cheapest(adj, edges, h, nodes[i], goals, blocked, cut)
            work += steps
            if spur is not None:
                key = tuple(ids[:i]) + tuple(spur[1])
                if key not in seen:
                    seen.add(key)
                    cost = length + sum(len(edges[e]) - 1 for e in spur[1])
                    heapq.heappush(heap, (cost, next(tick), (nodes[:i] + spur[0], list(key))))
        if not heap:
            return kept[0], 0, (yield from _said(watch, shown, N_EXHAUSTED, len(found)))
        if work > BUDGET:
            break
        found.append(heapq.heappop(heap)[2])
    # Yen's routes come shortest first, but on a maze with many small loops nearly all of them are
    # the kept routes with a detour or two, and the distinct ones lie too far down the list to reach.
    # Penalty rounds: lengthen the corridors of the routes kept, then of each route the rounds find,
    # search again, keep what differs.
    penalty, more, last = {}, [], kept_ids
    for _ in range(ROUNDS * k):
        for ids in last:
            for e in ids:
                penalty[e] = penalty.get(e, 1) * 2
        best, _ = cheapest(adj, edges, h, maze.start, goals, set(), set(), penalty)
        last = [best[1]]
        path = route_cells(edges, maze.start, best[1])
        if _distinct(path, kept + more, SHARE):
            more.append(path)
            if len(kept) + len(more) == k:
                break
    # None of them was among Yen's routes (each of those is a kept route or shares too much with one),
    # so each is at least as long as every kept route: shown shortest first, the order stays.
    for path in sorted(more, key=len):
        kept.append(path)
        yield from _show(maze, path, len(kept), watch, shown)
    if len(kept) < k:
        yield from _said(watch, shown, N_GAVE_UP, len(kept))
    return kept[0], 0, shown


def corners(path, lattice=False):
    """The route's polyline: its first node, every node where it turns, its last node (on a hex,
    triangle or polar maze, where index steps say nothing of straightness: every node)."""
    if lattice:
        return list(path)
    out = path[:1]
    for a, b, c in zip(path, path[1:], path[2:]):
        if b - a != c - b:
            out.append(b)
    return out + path[1:][-1:]


def _show(maze, path, n, watch, shown):
    """Step 6 for the ``n``-th route kept: its corners, cells, length and turning (with ``watch``:
    as events), its notes added to ``shown``."""
    goal, moves, mark = path[-1], len(path) - 1, maze.mark
    notes = [(N_WAYPOINT, i, p) for i, p in enumerate(corners(path, maze.lattice is not None))]
    if watch:
        yield from ((NOTE, p, code, value) for code, value, p in notes)
    if n == 1:
        if watch:
            yield from show_route(maze, path, note=False)
            yield found(goal, moves)
        for p in path:
            mark[p] = M_ROUTE
        notes.append((N_FOUND, moves, goal))
    else:
        step = []
        for p in path:
            if mark[p] == M_NONE:
                mark[p] = M_ROUTE2
                step += (MARK, p, M_NONE, M_ROUTE2)
        if step and watch:
            yield tuple(step)
    notes += [(N_ROUTE, moves, goal), (N_TURNS, turning(maze, path), goal)]
    if watch:
        yield (NOTE | MILESTONE, goal, N_ROUTE, moves)
        yield (NOTE, goal, N_TURNS, notes[-1][1])
    shown += notes


def _said(watch, shown, code, value):
    """A closing note (no more routes, or gave up): yielded with ``watch``; returns ``shown`` with it."""
    if watch:
        yield (NOTE | MILESTONE, -1, code, value)
    shown.append((code, value, -1))
    return shown
