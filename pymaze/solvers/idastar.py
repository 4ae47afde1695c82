from ..events import (MARK, MILESTONE, M_CURRENT, M_FRONTIER, M_STACK, M_VISITED, N_BOUND, N_GAVE_UP,
                      N_HEURISTIC, NOTE)
from ..registry import Param, solver
from ._base import no_route
from ._moves import EPS, diagonal_param, estimate, finish, heuristic_param, moves, weight_param

INF = float("inf")


@solver("idastar", "IDA* (iterative deepening A*)", order=44, optimal=True, params=[
    heuristic_param(), weight_param(), diagonal_param(),
    Param("limit", "int", 2_000_000, min=1000, max=5_000_000,
          help="give up after this many node visits (IDA* revisits nodes, one iteration per bound; at most "
               "5,000,000: every visit is events kept, about 8 s of CPU and 170 MB a million)"),
])
def idastar(maze, rng, heuristic="manhattan", weight=1.0, diagonal="never", limit=2_000_000):
    """IDA*: depth-first searches under a rising cost bound, with almost no memory.

    1. The bound starts at f(S) = h(S), the estimate of the cost from S to
       the nearest goal (a note shows every bound).
    2. Search depth-first from S (an explicit stack, shown as the trail):
       a neighbour already on the trail is skipped; one whose
       f = g + h exceeds the bound is cut off (shown as frontier) and the
       least such f is remembered; one reached before in this iteration at
       no greater cost is skipped; any other is stepped onto.
    3. Stepping onto a goal ends the search: the trail is the route.
    4. When the trail runs out, nothing within the bound reaches a goal:
       clear the marks, raise the bound to the least f cut off, and search
       again from S.  With nothing cut off, no goal can be reached.

    Property: optimal with an admissible estimate (manhattan without
    diagonals; octile, euclidean or chebyshev with them) at weight 1: a
    goal is reached only at cost within the bound, and the bound never
    passes the cheapest route.  Memory is the trail plus one cost per node
    (the table that keeps open grids from blowing up).  It revisits nodes
    in every iteration; ``limit`` caps the visits and says so.  Source:
    Korf (1985), depth-first iterative deepening; PathFinding.js
    IDAStarFinder.
    """
    nbrs = moves(maze, diagonal)
    h = estimate(maze, heuristic, maze.goals)
    mark = maze.mark
    start, goals = maze.start, set(maze.goals)
    if weight > 1:
        yield (NOTE, -1, N_HEURISTIC, 1)
    bound = weight * h(start)
    visits = 0
    touched = []
    while True:
        step = [NOTE | MILESTONE, -1, N_BOUND, round(bound * 100)]
        for p in touched:
            if mark[p]:
                step += (MARK, p, mark[p], 0)
                mark[p] = 0
        touched = [start]
        step += (MARK, start, 0, M_CURRENT)
        mark[start] = M_CURRENT
        yield tuple(step)
        if start in goals:
            yield from finish(maze, [start], diagonal)
            return
        best = {start: 0}
        trail = [(start, 0, iter(nbrs(start)))]
        on_trail = {start}
        cut = INF
        while trail:
            p, g, todo = trail[-1]
            for q, c in todo:
                if q in on_trail:
                    continue
                g2 = g + c
                f = g2 + weight * h(q)
                if f > bound + EPS:
                    if f < cut:
                        cut = f
                    if not mark[q]:
                        touched.append(q)
                        mark[q] = M_FRONTIER
                        yield (MARK, q, 0, M_FRONTIER)
                    continue
                if g2 >= best.get(q, INF) - EPS:
                    continue
                best[q] = g2
                visits += 1
                touched.append(q)
                step = (MARK, p, M_CURRENT, M_STACK, MARK | MILESTONE, q, mark[q], M_CURRENT)
                mark[p], mark[q] = M_STACK, M_CURRENT
                yield step
                if q in goals:
                    yield from finish(maze, [n for n, _, _ in trail] + [q], diagonal)
                    return
                if visits >= limit:
                    yield (NOTE | MILESTONE, q, N_GAVE_UP, visits)
                    return
                trail.append((q, g2, iter(nbrs(q))))
                on_trail.add(q)
                break
            else:
                trail.pop()
                on_trail.discard(p)
                step = [MARK, p, M_CURRENT, M_VISITED]
                mark[p] = M_VISITED
                if trail:
                    up = trail[-1][0]
                    step += (MARK, up, M_STACK, M_CURRENT)
                    mark[up] = M_CURRENT
                yield tuple(step)
        if cut == INF:
            yield no_route(maze)
            return
        bound = cut
