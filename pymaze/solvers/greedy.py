import heapq
from array import array
from itertools import count

from ..events import CHUNK, MARK, MILESTONE, M_FRONTIER, M_VISITED, pack, pack_steps
from ..graph import path_to, steps
from ..registry import solver
from ._base import UNSEEN, drained, no_route, parents, quiet_no_route, quiet_route
from ._moves import cost_note, diagonal_param, estimate, finish, heuristic_param, moves
from ._packed import EXPAND, KINDS, SEEN, nothing, route


@solver("greedy", "Greedy best-first search", group="open", order=60, optimal=False,
        params=[heuristic_param(), diagonal_param()])
def greedy(maze, rng, heuristic="manhattan", diagonal="never"):
    """Greedy best-first search: heads for the goal by estimate alone, fast but not optimal.

    1. Put S in a priority queue keyed by its estimated distance to the
       nearest goal (ties broken by arrival order).
    2. Take the node that looks closest to a goal and expand it: every
       unseen neighbour remembers it as parent and joins the queue with its
       own estimate.  The distance already walked plays no part.
    3. When a goal is discovered, walk the parents back to S.

    Property: not optimal: on a maze with loops the first route it finds
    can be longer than the shortest one (on a perfect maze there is only
    one route).  It takes no weight: the order is by the estimate alone, so
    multiplying it would change nothing (A* has the weight that matters).  Source: Doran and Michie (1966), best-first search.
    """
    if diagonal != "never":
        yield from pack_steps(_watched(maze, heuristic, diagonal))
        return
    yield from _flat(maze, heuristic, True)


def _flat(maze, heuristic, watch):
    """The search without diagonal steps over the flat tables of ``pymaze.graph.steps`` and a flat
    parent table, one goal's manhattan estimate inline.  With ``watch``: yields the events packed
    (gathered as (kind, index) and packed a chunk at a time, as bfs packs them), ending with the
    route's; returns ``(route, visited, notes)`` (see ``quiet_route``)."""
    mark = maze.mark
    g, pair_sets, side = steps(maze)
    fixed = pair_sets[0] if len(pair_sets) == 1 else None
    h, inline, w, k, tx, ty = _estimate(maze, heuristic)
    start, goals = maze.start, set(maze.goals)
    parent = parents(maze)
    parent[start] = start
    mark[start] = M_FRONTIER
    if watch:
        yield array("i", (MARK, start, 0, M_FRONTIER))
    found = start if start in goals else -1
    heap = [] if found >= 0 else [(h(start), 0, start)]
    pop, push = heapq.heappop, heapq.heappush
    t, frontier, visited, unseen = 0, M_FRONTIER, M_VISITED, UNSEEN
    kind, index = bytearray(), []
    e, i = kind.append, index.append
    while heap:
        p = pop(heap)[2]
        mark[p] = visited
        if watch:
            e(EXPAND)
            i(p)
        for a, b in fixed or pair_sets[side[p]]:
            if not g[p + a] and parent[p + b] == unseen:
                q = p + b
                parent[q] = p
                mark[q] = frontier
                if watch:
                    e(SEEN)
                    i(q)
                if q in goals:
                    found = q
                    break
                t += 1
                push(heap, (abs(q % w - tx) // k + abs(q // w - ty) // k if inline else h(q), t, q))
        if found >= 0:
            break
        if watch and len(index) >= CHUNK:
            yield pack(KINDS, kind, index)
            kind, index = bytearray(), []
            e, i = kind.append, index.append
    if watch:
        if index:
            yield pack(KINDS, kind, index)
        yield route(maze, path_to(parent, found)) if found >= 0 else nothing(maze)
        return None
    return quiet_route(maze, path_to(parent, found)) if found >= 0 else quiet_no_route(maze)


def _estimate(maze, heuristic):
    """``(h, inline, w, k, tx, ty)``: the estimate, and whether it is the one goal's manhattan
    distance on a square maze, ``abs(q % w - tx) // k + abs(q // w - ty) // k``, worth writing inline."""
    w, k, goal = maze.width, maze.step(), maze.goal
    inline = heuristic == "manhattan" and maze.lattice is None and len(maze.goals) == 1
    return estimate(maze, heuristic, maze.goals), inline, w, k, goal % w, goal // w


def _watched(maze, heuristic, diagonal):
    """The steps of the search over ``moves`` (diagonal steps), then the route."""
    path = yield from _search(maze, heuristic, diagonal)
    yield from finish(maze, path, diagonal) if path else [no_route(maze)]


def _search(maze, heuristic, diagonal):
    """The search's steps; returns the route found (S to a goal), or None."""
    nbrs = moves(maze, diagonal)
    h = estimate(maze, heuristic, maze.goals)
    mark = maze.mark
    start, goals = maze.start, set(maze.goals)
    parent = {start: start}
    mark[start] = M_FRONTIER
    yield (MARK, start, 0, M_FRONTIER)
    found = start if start in goals else None
    tick = count()
    heap = [(h(start), next(tick), start)]
    while heap and found is None:
        _, _, p = heapq.heappop(heap)
        mark[p] = M_VISITED
        step = [MARK | MILESTONE, p, M_FRONTIER, M_VISITED]
        for q, _ in nbrs(p):
            if q in parent:
                continue
            parent[q] = p
            mark[q] = M_FRONTIER
            step += (MARK, q, 0, M_FRONTIER)
            if q in goals:
                found = q
                break
            heapq.heappush(heap, (h(q), next(tick), q))
        yield step
    return None if found is None else path_to(parent, found)


def _instant(maze, rng, heuristic="manhattan", diagonal="never"):
    """Greedy best-first with nobody watching: the same search, no events; the route marked and
    noted as ``finish`` marks and notes it."""
    if diagonal != "never":
        path = drained(_search(maze, heuristic, diagonal))
        return quiet_route(maze, path, *cost_note(maze, path, diagonal)) if path else quiet_no_route(maze)
    return drained(_flat(maze, heuristic, False))


greedy.instant = _instant
greedy.packed = True
