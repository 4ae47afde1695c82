from ..events import (MARK, MILESTONE, M_CURRENT, M_FRONTIER, M_STACK, M_VISITED, N_BOUND, N_GAVE_UP,
                      N_HEURISTIC, N_NO_ROUTE, NOTE)
from ..graph import steps
from ..registry import Param, solver
from ._base import no_route, quiet_route
from ._moves import EPS, cost_note, diagonal_param, estimate, finish, heuristic_param, moves, weight_param

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


def _instant(maze, rng, heuristic="manhattan", weight=1.0, diagonal="never", limit=2_000_000):
    """IDA* with nobody watching: the same iterations, visits and final marks, no steps.  The
    neighbours are read from the flat tables of ``pymaze.graph.steps`` (each move costs 1) unless
    diagonal steps are on.  Returns ``(route, visited, notes)``: visited counts every node ever
    marked visited, in any iteration, as the events would."""
    mark = maze.mark
    start, goals = maze.start, set(maze.goals)
    h = estimate(maze, heuristic, maze.goals)
    notes = [(N_HEURISTIC, 1, -1)] if weight > 1 else []
    n = len(maze.wall)
    ever = bytearray(n)  # marked visited in some iteration
    on_trail = bytearray(n)
    if diagonal == "never":
        g, tables, side = steps(maze)
        fixed = tables[0] if len(tables) == 1 else None
    else:
        nbrs = moves(maze, diagonal)
    # The one goal's manhattan estimate inline (what ``h`` computes, without a call per probe).
    inline = heuristic == "manhattan" and maze.lattice is None and len(maze.goals) == 1
    w, k = maze.width, maze.step()
    tx, ty = maze.goal % w, maze.goal // w
    bound = weight * h(start)
    visits = 0
    touched = []
    current, stack, frontier, seen = M_CURRENT, M_STACK, M_FRONTIER, M_VISITED
    while True:
        notes.append((N_BOUND, round(bound * 100), -1))
        for p in touched:
            mark[p] = 0
        touched = [start]
        mark[start] = current
        if start in goals:
            return _end(maze, [start], ever, notes, diagonal)
        best = {start: 0}
        get = best.get
        if diagonal == "never":
            trail = [(start, 0, iter(fixed or tables[side[start]]))]
        else:
            trail = [(start, 0, iter(nbrs(start)))]
        on_trail[start] = 1
        cut = INF
        edge = bound + EPS
        while trail:
            p, c, todo = trail[-1]
            if diagonal == "never":
                for d, q in todo:
                    if g[p + d]:
                        continue
                    q += p
                    if on_trail[q]:
                        continue
                    c2 = c + 1
                    f = c2 + weight * (abs(q % w - tx) // k + abs(q // w - ty) // k if inline else h(q))
                    if f > edge:
                        if f < cut:
                            cut = f
                        if not mark[q]:
                            touched.append(q)
                            mark[q] = frontier
                        continue
                    if c2 >= get(q, INF) - EPS:
                        continue
                    break
                else:
                    q = -1
            else:
                for q, step in todo:
                    if on_trail[q]:
                        continue
                    c2 = c + step
                    f = c2 + weight * h(q)
                    if f > edge:
                        if f < cut:
                            cut = f
                        if not mark[q]:
                            touched.append(q)
                            mark[q] = frontier
                        continue
                    if c2 >= get(q, INF) - EPS:
                        continue
                    break
                else:
                    q = -1
            if q >= 0:
                best[q] = c2
                visits += 1
                touched.append(q)
                mark[p], mark[q] = stack, current
                if q in goals:
                    return _end(maze, [t[0] for t in trail] + [q], ever, notes, diagonal)
                if visits >= limit:
                    notes.append((N_GAVE_UP, visits, q))
                    return [], ever.count(1), notes
                trail.append((q, c2, iter(fixed or tables[side[q]]) if diagonal == "never" else iter(nbrs(q))))
                on_trail[q] = 1
            else:
                trail.pop()
                on_trail[p] = 0
                mark[p] = seen
                ever[p] = 1
                if trail:
                    mark[trail[-1][0]] = current
        if cut == INF:
            notes.append((N_NO_ROUTE, 0, maze.goal))
            return [], ever.count(1), notes
        bound = cut


def _end(maze, path, ever, notes, diagonal):
    """The route found: marked as ``finish`` marks it; visited counts the nodes ever marked visited."""
    route, _, end = quiet_route(maze, path, *cost_note(maze, path, diagonal))
    return route, ever.count(1), notes + end


idastar.instant = _instant
