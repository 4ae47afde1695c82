import heapq
from itertools import count

from ..events import MARK, MILESTONE, M_FRONTIER, M_VISITED
from ..graph import path_to
from ..registry import solver
from ._base import drained, no_route, quiet_no_route, quiet_route
from ._moves import cost_note, diagonal_param, estimate, finish, heuristic_param, moves


@solver("greedy", "Greedy best-first search", order=60, optimal=False,
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
    """Greedy best-first with nobody watching: the same search (its steps drained), the route marked
    and noted as ``finish`` marks and notes it."""
    path = drained(_search(maze, heuristic, diagonal))
    return quiet_route(maze, path, *cost_note(maze, path, diagonal)) if path else quiet_no_route(maze)


greedy.instant = _instant
