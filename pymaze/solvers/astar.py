import heapq
from array import array

from ..events import M_FRONTIER, M_VISITED, N_HEURISTIC, NOTE, Trace
from ..graph import path_to, steps
from ..registry import solver
from ._base import EXPAND, KINDS, SEEN, diagonal_moves, end, parents
from ._moves import EPS, SQRT2, cost_note, entering, diagonal_param, estimate, heuristic_param, weight_param


@solver("astar", "A* search", short="A*", group="shortest", order=40, optimal=True, costs=True,
        params=[heuristic_param(), weight_param(), diagonal_param()],
        work=("Expands the cell with the fewest moves walked plus moves estimated to G, so it skips "
              "cells leading away from G and still ends with a shortest route."))
def astar(maze, rng, heuristic="manhattan", weight=1.0, diagonal="never", watch=True):
    """A* search: best-first by moves walked plus an estimate of the moves left.

    1. Put S in the open heap with g = 0 and f = g + h, where h estimates
       the distance to the nearest goal.  A heap entry is (f, h, order,
       cell): ties go to the smaller h, then to the earliest pushed.
    2. Pop the entry of least f and close its cell; skip it if the cell
       was closed already (a stale entry: a better way in was pushed later).
    3. If it is a goal, walk the parents back to S.  Otherwise, for every
       neighbour not closed, g + the step's cost (1, or sqrt 2 for a
       diagonal step on an open grid, times the terrain cost of the node
       entered when the maze has one) is a way in; when it beats the best
       way known, remember the parent and push the neighbour with its new f.
    4. An empty open heap means no goal can be reached.

    Property: optimal when h never overestimates and never drops by more
    than a step's cost per step (every estimate qualifies on four-neighbour
    unit moves; with diagonal steps manhattan overestimates, so use octile,
    euclidean, chebyshev or zero).  With weight w > 1, f = g + w * h: fewer
    nodes expanded, a route at most w times the shortest, and a note says
    the result is a heuristic.  Source: Hart, Nilsson and Raphael (1968);
    weighted A*: Pohl (1970).
    """
    mark, parent = maze.mark, parents(maze)
    wall, tables, side = steps(maze, diagonal)
    diagonals = diagonal_moves(maze, diagonal)
    cost = entering(maze)
    h = estimate(maze, heuristic, maze.goals)
    start, goals = maze.start, set(maze.goals)
    trace = Trace(KINDS) if watch else None
    parent[start] = start
    g = {start: 0}
    mark[start] = M_FRONTIER
    if watch:
        trace.add(SEEN, start)
        if weight > 1:
            yield trace.batch()
            yield array("i", (NOTE, -1, N_HEURISTIC, 1))
    order = 0
    open_heap = [(weight * h(start), h(start), order, start)]
    push, pop, visited, frontier = heapq.heappush, heapq.heappop, M_VISITED, M_FRONTIER
    path = None
    while open_heap:
        p = pop(open_heap)[3]
        if mark[p] == visited:
            continue
        mark[p] = visited
        if watch:
            trace.add(EXPAND, p)
        if p in goals:
            path = path_to(parent, p)
            break
        g_p = g[p]
        for d, d2 in tables[side[p]]:
            q = p + d2
            if wall[p + d] or mark[q] == visited:
                continue
            way_in = g_p + cost[q] * (SQRT2 if d2 in diagonals else 1)
            if way_in >= g.get(q, way_in + 1) - EPS:
                continue
            g[q] = way_in
            parent[q] = p
            hq = h(q)
            order += 1
            push(open_heap, (way_in + weight * hq, hq, order, q))
            if mark[q] != frontier:
                mark[q] = frontier
                if watch:
                    trace.add(SEEN, q)
        if watch and trace.full():
            yield trace.batch()
    route, visited, notes = yield from end(maze, path, watch, cost_note(maze, path, diagonal), trace=trace)
    if weight > 1:
        notes.insert(0, (N_HEURISTIC, 1, -1))
    return route, visited, notes


astar.packed = True
