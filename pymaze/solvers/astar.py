import heapq
from itertools import count

from array import array

from ..events import CHUNK, MARK, M_FRONTIER, M_VISITED, N_HEURISTIC, NOTE, pack, pack_steps
from ..graph import path_to, steps
from ..registry import solver
from ._base import no_route, parents, quiet_no_route, quiet_route
from ._packed import EXPAND, KINDS, SEEN, nothing, route
from ._moves import EPS, close, cost_note, diagonal_param, estimate, finish, heuristic_param, moves, weight_param


@solver("astar", "A* search", group="shortest", order=40, optimal=True,
        params=[heuristic_param(), weight_param(), diagonal_param()])
def astar(maze, rng, heuristic="manhattan", weight=1.0, diagonal="never"):
    """A* search: best-first by moves walked plus an estimate of the moves left.

    1. Put S in the open set (a priority queue) with g = 0, f = g + h, where
       h estimates the distance to the nearest goal.
    2. Take the open node with the least f (ties: the smaller h, then the
       earliest pushed) and close it; skip it if it was closed already.
    3. If it is a goal, walk the parents back to S.  Otherwise, for every
       neighbour not closed, g + the step's cost (1, or sqrt 2 for a
       diagonal step on an open grid) is a way in; when it beats the best
       way known, remember the parent and push the neighbour with its new f.
    4. An empty open set means no goal can be reached.

    Property: optimal when h never overestimates and never drops by more
    than a step's cost per step (every estimate qualifies on four-neighbour
    unit moves; with diagonal steps manhattan overestimates, so use octile,
    euclidean, chebyshev or zero).  With weight w > 1, f = g + w * h: fewer
    nodes expanded, a route at most w times the shortest, and a note says
    the result is a heuristic.  Source: Hart, Nilsson and Raphael (1968);
    weighted A*: Pohl (1970).
    """
    if not _whole(maze, heuristic, weight, diagonal):
        yield from pack_steps(_steps_moves(maze, heuristic, weight, diagonal))
        return
    mark, parent, start, goals, best = _begin(maze)
    g, pair_sets, side = steps(maze)
    fixed = pair_sets[0] if len(pair_sets) == 1 else None
    w, step = maze.width, maze.step()
    h, single, (gx, gy) = _whole_estimate(maze, heuristic)
    wt = int(weight)
    recheck = wt != 1  # see _instant_whole
    at = [start]
    h0 = h(start)
    heap = [(wt * h0) << 56 | h0 << 32]
    low = (1 << 32) - 1
    visited, frontier = M_VISITED, M_FRONTIER
    push, pop, arrive = heapq.heappush, heapq.heappop, at.append
    yield array("i", (MARK, start, 0, M_FRONTIER))
    if weight > 1:
        yield array("i", (NOTE, -1, N_HEURISTIC, 1))
    # The events gathered as (kind, index) and packed a chunk at a time (see events.pack).
    kind, index = bytearray(), []
    k, i = kind.append, index.append
    while heap:
        p = at[pop(heap) & low]
        if mark[p] == visited:
            continue
        mark[p] = visited
        k(EXPAND)
        i(p)
        if p in goals:
            yield pack(KINDS, kind, index)
            yield route(maze, path_to(parent, p))
            return
        cost = best[p] + 1
        for d, d2 in fixed or pair_sets[side[p]]:
            if g[p + d]:
                continue
            q = p + d2
            if cost >= best.get(q, cost + 1) or recheck and mark[q] == visited:
                continue
            best[q] = cost
            parent[q] = p
            hq = abs(q % w - gx) // step + abs(q // w - gy) // step if single else h(q)
            push(heap, (cost + wt * hq) << 56 | hq << 32 | len(at))
            arrive(q)
            if mark[q] != frontier:
                mark[q] = frontier
                k(SEEN)
                i(q)
        if len(index) >= CHUNK:
            yield pack(KINDS, kind, index)
            kind, index = bytearray(), []
            k, i = kind.append, index.append
    if index:
        yield pack(KINDS, kind, index)
    yield nothing(maze)


def _whole(maze, heuristic, weight, diagonal):
    """Whether every f, h and cost is whole: a square maze without diagonals, a whole-number
    estimate (manhattan, chebyshev, zero) and a whole weight."""
    return (diagonal == "never" and maze.lattice is None and heuristic in ("manhattan", "chebyshev", "zero")
            and float(weight).is_integer())


def _begin(maze):
    """What every variant starts from: ``(mark, parent, start, goals, best)``, S marked frontier
    with cost 0 and itself as parent."""
    start = maze.start
    parent = parents(maze)
    parent[start] = start
    maze.mark[start] = M_FRONTIER
    return maze.mark, parent, start, set(maze.goals), {start: 0}


def _whole_estimate(maze, heuristic):
    """``(h, single, (gx, gy))``: the whole estimate ``h(p)`` in moves; ``single`` when it is the
    manhattan distance to the one goal at square (gx, gy), which the searches compute inline."""
    w, step = maze.width, maze.step()
    spots = [(t % w, t // w) for t in maze.goals]

    def h(p):
        x, y = p % w, p // w
        if heuristic == "zero":
            return 0
        if heuristic == "manhattan":
            return min(abs(x - tx) // step + abs(y - ty) // step for tx, ty in spots)
        return min(max(abs(x - tx) // step, abs(y - ty) // step) for tx, ty in spots)
    return h, len(spots) == 1 and heuristic == "manhattan", spots[0]


def _steps_moves(maze, heuristic, weight, diagonal):
    """The watched search over ``moves`` and ``estimate`` (float costs or estimates), one step a node."""
    nbrs, h, heap, tick = _open(maze, heuristic, weight, diagonal)
    mark, parent, start, goals, best = _begin(maze)
    yield (MARK, start, 0, M_FRONTIER)
    if weight > 1:
        yield (NOTE, -1, N_HEURISTIC, 1)
    push, pop = heapq.heappush, heapq.heappop
    while heap:
        _, _, _, p = pop(heap)
        if mark[p] == M_VISITED:
            continue
        step = close(maze, p)
        if p in goals:
            yield step
            yield from finish(maze, path_to(parent, p), diagonal)
            return
        here = best[p]
        for q, c in nbrs(p):
            cost = here + c
            if mark[q] == M_VISITED or cost >= best.get(q, cost + 1) - EPS:
                continue
            best[q] = cost
            parent[q] = p
            hq = h(q)
            push(heap, (cost + weight * hq, hq, next(tick), q))
            if mark[q] != M_FRONTIER:
                step += (MARK, q, mark[q], M_FRONTIER)
                mark[q] = M_FRONTIER
        yield step
    yield no_route(maze)


def _open(maze, heuristic, weight, diagonal):
    """The searches over ``moves`` start from: ``(nbrs, h, heap, tick)``, the heap holding S."""
    h = estimate(maze, heuristic, maze.goals)
    tick = count()
    h0 = h(maze.start)
    return moves(maze, diagonal), h, [(weight * h0, h0, next(tick), maze.start)], tick


def _instant(maze, rng, heuristic="manhattan", weight=1.0, diagonal="never"):
    """A* with nobody watching: the same expansion order, parents and marks, no steps; returns
    ``(route, visited, notes)``.  On a square maze without diagonals, with a whole-number estimate
    (manhattan, chebyshev, zero) and a whole weight, every f, h and cost is whole, so a heap entry
    is one int holding f, then h, then the arrival number in its bits, as the tuples order them."""
    whole = _whole(maze, heuristic, weight, diagonal)
    out = (_instant_whole if whole else _instant_moves)(maze, heuristic, weight, diagonal)
    if weight > 1:
        out[2].insert(0, (N_HEURISTIC, 1, -1))
    return out


def _instant_whole(maze, heuristic, weight, diagonal):
    mark, parent, start, goals, best = _begin(maze)
    g, pair_sets, side = steps(maze)
    fixed = pair_sets[0] if len(pair_sets) == 1 else None
    w, step = maze.width, maze.step()
    h, single, (gx, gy) = _whole_estimate(maze, heuristic)
    wt = int(weight)
    # With weight 1 these estimates are consistent (they drop by at most 1 a step), so a closed
    # node never gets a cheaper way in and the watched run's "skip if closed" test can go.
    recheck = wt != 1
    at = [start]
    h0 = h(start)
    heap = [(wt * h0) << 56 | h0 << 32]
    low = (1 << 32) - 1
    visited, frontier = M_VISITED, M_FRONTIER
    push, pop, arrive = heapq.heappush, heapq.heappop, at.append
    while heap:
        p = at[pop(heap) & low]
        if mark[p] == visited:
            continue
        mark[p] = visited
        if p in goals:
            return quiet_route(maze, path_to(parent, p))
        cost = best[p] + 1
        for d, d2 in fixed or pair_sets[side[p]]:
            if g[p + d]:
                continue
            q = p + d2
            if cost >= best.get(q, cost + 1) or recheck and mark[q] == visited:
                continue
            best[q] = cost
            parent[q] = p
            hq = abs(q % w - gx) // step + abs(q // w - gy) // step if single else h(q)
            push(heap, (cost + wt * hq) << 56 | hq << 32 | len(at))
            arrive(q)
            mark[q] = frontier
    return quiet_no_route(maze)


def _instant_moves(maze, heuristic, weight, diagonal):
    """The same over ``moves`` and ``estimate`` with tuple entries (float costs or estimates)."""
    nbrs, h, heap, tick = _open(maze, heuristic, weight, diagonal)
    mark, parent, start, goals, best = _begin(maze)
    push, pop = heapq.heappush, heapq.heappop
    while heap:
        _, _, _, p = pop(heap)
        if mark[p] == M_VISITED:
            continue
        mark[p] = M_VISITED
        if p in goals:
            path = path_to(parent, p)
            return quiet_route(maze, path, *cost_note(maze, path, diagonal))
        here = best[p]
        for q, c in nbrs(p):
            cost = here + c
            if mark[q] == M_VISITED or cost >= best.get(q, cost + 1) - EPS:
                continue
            best[q] = cost
            parent[q] = p
            hq = h(q)
            push(heap, (cost + weight * hq, hq, next(tick), q))
            mark[q] = M_FRONTIER
    return quiet_no_route(maze)


astar.instant = _instant
astar.packed = True
