import heapq
from itertools import count

from ..events import MARK, MILESTONE, M_FRONTIER, M_VISITED, N_HEURISTIC, NOTE
from ..graph import links, path_to, heuristic as estimate
from ..registry import Param, solver
from ._base import no_route, parents, show_route


@solver("astar", "A* search", order=40, optimal=True, params=[
    Param("heuristic", "choice", "manhattan", choices=("manhattan", "euclidean", "octile", "zero"),
          help="the estimate of the distance to the nearest goal (all admissible here; zero is Dijkstra)"),
    Param("weight", "float", 1.0, min=1.0, max=10.0,
          help="weighted A*: multiply the estimate; above 1 it searches less but the route may be longer"),
])
def astar(maze, rng, heuristic="manhattan", weight=1.0):
    """A* search: best-first by moves walked plus an estimate of the moves left.

    1. Put S in the open set (a priority queue) with g = 0, f = g + h, where
       h estimates the distance to the nearest goal.
    2. Take the open node with the least f (ties: the smaller h, then the
       earliest pushed) and close it; skip it if it was closed already.
    3. If it is a goal, walk the parents back to S.  Otherwise, for every
       neighbour not closed, g + 1 is a way in; when it beats the best way
       known, remember the parent and push the neighbour with its new f.
    4. An empty open set means no goal can be reached.

    Property: optimal when h never overestimates and never drops by more
    than one per move (Manhattan, Euclidean, octile and zero all qualify on
    four-neighbour unit moves).  With weight w > 1, f = g + w * h: fewer
    nodes expanded, a route at most w times the shortest, and a note says
    the result is a heuristic.  Source: Hart, Nilsson and Raphael (1968);
    weighted A*: Pohl (1970).
    """
    h = estimate(maze, heuristic)
    nbrs = links(maze)
    mark = maze.mark
    parent = parents(maze)
    start, goals = maze.start, set(maze.goals)
    best = {start: 0}
    parent[start] = start
    tick = count()
    h0 = h(start)
    heap = [(weight * h0, h0, next(tick), start)]
    mark[start] = M_FRONTIER
    yield (MARK, start, 0, M_FRONTIER)
    if weight > 1:
        yield (NOTE, -1, N_HEURISTIC, 1)
    push, pop = heapq.heappush, heapq.heappop
    while heap:
        _, _, _, p = pop(heap)
        if mark[p] == M_VISITED:
            continue
        mark[p] = M_VISITED
        step = [MARK | MILESTONE, p, M_FRONTIER, M_VISITED]
        if p in goals:
            yield step
            yield from show_route(maze, path_to(parent, p))
            return
        cost = best[p] + 1
        for q in nbrs(p):
            if mark[q] == M_VISITED or cost >= best.get(q, cost + 1):
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
