import heapq
from array import array
from itertools import count

from ..events import CHUNK, MARK, MILESTONE, M_FRONTIER, M_VISITED, N_COST, NOTE, NUM, Kinds, pack, pack_steps
from ..graph import path_to, steps
from ..registry import Param, solver
from ._base import no_route, quiet_no_route, quiet_route, show_route
from ._moves import EPS, diagonal_param, moves
from ._packed import nothing, route

# The watched search's events, as kinds of packed events (see events.pack): SETTLE (p, p), a node
# settled (a milestone) and numbered (its number written in after packing); SEEN (q), a node reached.
KINDS = Kinds((MARK | MILESTONE, M_FRONTIER, M_VISITED), (NUM, 0, 0), (MARK, 0, M_FRONTIER))
SETTLE, SEEN = b"\0\1", 2


def random_weights(maze, rng, low=1, high=9):
    """Fill ``maze.weight`` with a cost from ``low`` to ``high`` (drawn from ``rng``) for every square; returns it."""
    maze.weight = array("i", (rng.randint(low, high) for _ in range(len(maze.wall))))
    return maze.weight


@solver("dijkstra", "Dijkstra (weighted cells)", group="shortest", order=50, optimal=True, layer="distance", params=[
    Param("weights", "choice", "maze", choices=("maze", "uniform"),
          help="maze: entering a node costs its weight (1 where the maze has none); uniform: every move costs 1"),
    diagonal_param(),
])
def dijkstra(maze, rng, weights="maze", diagonal="never"):
    """Dijkstra's algorithm: the cheapest route when entering each cell has its own cost.

    1. S costs 0 and joins a priority queue (ties broken by arrival order).
    2. Take the cheapest node from the queue; skip it if already settled.
       Settle it: its cost is final, shown as a number.
    3. For each neighbour, the cost through this node is this node's cost
       plus the neighbour's weight; when that beats what the neighbour had,
       remember the parent and put the neighbour in the queue.
    4. The first goal settled ends the search; walk the parents back to S
       and note the route's total cost.

    With diagonal steps on an open grid, a diagonal step costs sqrt 2 times
    the weight entered (the numbers shown are costs rounded, plus one).
    Property: optimal, the least total weight entered (with uniform
    weights: fewest moves, or the least octile cost with diagonals).  It is A* with a zero estimate.
    Source: Dijkstra (1959).
    """
    if diagonal != "never":
        yield from pack_steps(_steps_moves(maze, weights, diagonal))
        return
    mark, num, weight, start, goals, best, parent = _begin(maze, weights)
    g, pair_sets, side = steps(maze)
    fixed = pair_sets[0] if len(pair_sets) == 1 else None
    heap, at = [0], [start]
    low, far = (1 << 32) - 1, 1 << 62
    visited, frontier = M_VISITED, M_FRONTIER
    pop, push, arrive = heapq.heappop, heapq.heappush, at.append
    yield array("i", (MARK, start, 0, M_FRONTIER))
    # The events gathered as (kind, index) and packed a chunk at a time (see events.pack); a
    # settled node's number is written into its NUM event after the packing (``shown``).
    kind, index, shown = bytearray(), [], []
    k, i = kind.append, index.append
    while heap:
        key = pop(heap)
        p = at[key & low]
        if mark[p] == visited:
            continue
        mark[p] = visited
        cost = key >> 32
        num[p] = cost + 1
        kind += SETTLE
        i(p)
        i(p)
        shown += (4 * len(index) - 1, cost + 1)
        if p in goals:
            yield _packed(kind, index, shown)
            yield route(maze, path_to(parent, p), (NOTE, p, N_COST, 1000 * cost))
            return
        # A settled neighbour never improves (see _instant), so it is left to the comparison.
        c = cost + 1
        for d, d2 in fixed or pair_sets[side[p]]:
            if g[p + d]:
                continue
            q = p + d2
            if weight is not None:
                c = cost + weight[q]
            if c < best.get(q, far):
                best[q] = c
                parent[q] = p
                push(heap, c << 32 | len(at))
                arrive(q)
                if mark[q] != frontier:
                    mark[q] = frontier
                    k(SEEN)
                    i(q)
        if len(index) >= CHUNK:
            yield _packed(kind, index, shown)
            kind, index, shown = bytearray(), [], []
            k, i = kind.append, index.append
    if index:
        yield _packed(kind, index, shown)
    yield nothing(maze)


def _packed(kind, index, shown):
    """The gathered events packed, each NUM event given its number (``shown`` holds, for every
    settled node, where its number goes in the packed array and the number)."""
    out = pack(KINDS, kind, index)
    pairs = iter(shown)
    for j, value in zip(pairs, pairs):
        out[j] = value
    return out


def _begin(maze, weights):
    """What every variant starts from: ``(mark, num, weight, start, goals, best, parent)``, S
    marked frontier with cost 0 and itself as parent (``weight`` None with uniform costs)."""
    start = maze.start
    maze.mark[start] = M_FRONTIER
    return (maze.mark, maze.num, maze.weight if weights == "maze" else None, start, set(maze.goals),
            {start: 0}, {start: start})


def _steps_moves(maze, weights, diagonal):
    """The watched search over ``moves`` (diagonal steps cost sqrt 2: float costs), one step a node."""
    nbrs = moves(maze, diagonal)
    mark, num, weight, start, goals, best, parent = _begin(maze, weights)
    heap, tick = [(0, 0, start)], count(1)
    yield (MARK, start, 0, M_FRONTIER)
    while heap:
        cost, _, p = heapq.heappop(heap)
        if mark[p] == M_VISITED:
            continue
        mark[p] = M_VISITED
        shown = round(cost) + 1
        step = [MARK | MILESTONE, p, M_FRONTIER, M_VISITED, NUM, p, num[p], shown]
        num[p] = shown
        if p in goals:
            yield step
            yield from show_route(maze, path_to(parent, p))
            yield (NOTE, p, N_COST, round(1000 * cost))
            return
        for q, d in nbrs(p):
            if mark[q] == M_VISITED:
                continue
            c = cost + (weight[q] * d if weight is not None else d)
            if c < best.get(q, c + 1) - EPS:
                best[q] = c
                parent[q] = p
                heapq.heappush(heap, (c, next(tick), q))
                if mark[q] != M_FRONTIER:
                    step += (MARK, q, mark[q], M_FRONTIER)
                    mark[q] = M_FRONTIER
        yield step
    yield no_route(maze)


def _instant(maze, rng, weights="maze", diagonal="never"):
    """Dijkstra with nobody watching: the same settling order (ties by arrival), numbers and marks,
    no steps; returns ``(route, visited, notes)``.  Without diagonals every cost is whole, so a
    heap entry is one int: cost, then arrival, in its bits."""
    if diagonal != "never":
        return _instant_moves(maze, weights, diagonal)
    mark, num, weight, start, goals, best, parent = _begin(maze, weights)
    g, pair_sets, side = steps(maze)
    fixed = pair_sets[0] if len(pair_sets) == 1 else None
    # A heap entry is one int: cost, then arrival number (32 bits); ``at`` holds each arrival's node.
    heap, at = [0], [start]
    low, far = (1 << 32) - 1, 1 << 62
    visited, frontier = M_VISITED, M_FRONTIER
    pop, push, arrive = heapq.heappop, heapq.heappush, at.append
    while heap:
        key = pop(heap)
        p = at[key & low]
        if mark[p] == visited:
            continue
        mark[p] = visited
        cost = key >> 32
        num[p] = cost + 1
        if p in goals:
            return quiet_route(maze, path_to(parent, p), (N_COST, 1000 * cost, p))
        # A settled neighbour never improves (its cost is at most this one's, and a step costs at
        # least 1), so the watched run's "skip if settled" test is left to the comparison.
        c = cost + 1
        for d, d2 in fixed or pair_sets[side[p]]:
            if g[p + d]:
                continue
            q = p + d2
            if weight is not None:
                c = cost + weight[q]
            if c < best.get(q, far):
                best[q] = c
                parent[q] = p
                push(heap, c << 32 | len(at))
                arrive(q)
                mark[q] = frontier
    return quiet_no_route(maze)


def _instant_moves(maze, weights, diagonal):
    """The same without the steps, over ``moves`` (diagonal steps cost sqrt 2: float costs)."""
    nbrs = moves(maze, diagonal)
    mark, num, weight, start, goals, best, parent = _begin(maze, weights)
    heap, tick = [(0, 0, start)], count(1)
    while heap:
        cost, _, p = heapq.heappop(heap)
        if mark[p] == M_VISITED:
            continue
        mark[p] = M_VISITED
        num[p] = round(cost) + 1
        if p in goals:
            return quiet_route(maze, path_to(parent, p), (N_COST, round(1000 * cost), p))
        for q, d in nbrs(p):
            if mark[q] == M_VISITED:
                continue
            c = cost + (weight[q] * d if weight is not None else d)
            if c < best.get(q, c + 1) - EPS:
                best[q] = c
                parent[q] = p
                heapq.heappush(heap, (c, next(tick), q))
                mark[q] = M_FRONTIER
    return quiet_no_route(maze)


dijkstra.instant = _instant
dijkstra.packed = True
