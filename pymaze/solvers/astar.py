import heapq
from itertools import count

from ..events import MARK, M_FRONTIER, M_VISITED, N_HEURISTIC, NOTE
from ..graph import path_to
from ..registry import solver
from ._base import no_route, parents
from ._moves import EPS, close, diagonal_param, estimate, finish, heuristic_param, moves, weight_param


@solver("astar", "A* search", order=40, optimal=True,
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
    nbrs = moves(maze, diagonal)
    h = estimate(maze, heuristic, maze.goals)
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
