from array import array

from ..events import (MARK, MILESTONE, M_CURRENT, M_FRONTIER, M_JUMP, M_STACK, M_VISITED, N_BOUND, N_GAVE_UP,
                      N_HEURISTIC, NOTE, Kinds, Trace)
from ..graph import steps
from ..registry import Param, solver
from ._base import diagonal_moves, end
from ._moves import EPS, SQRT2, cost_note, entering, diagonal_param, estimate, heuristic_param, weight_param

INF = float("inf")

# The events of a visit, a step back and a cut, as kinds of packed events (see events.Trace): the
# node left for the trail, back along the trail (visited), up to the node before it, a node cut off
# by the bound, and stepping onto a node whose mark was ``old`` (kind STEP + old).
PUSH, POP, UP, CUT, STEP = 0, 1, 2, 3, 4
KINDS = Kinds((MARK, M_CURRENT, M_STACK), (MARK, M_CURRENT, M_VISITED), (MARK, M_STACK, M_CURRENT),
              (MARK, 0, M_FRONTIER), *((MARK | MILESTONE, old, M_CURRENT) for old in range(M_JUMP + 1)))


@solver("idastar", "IDA* (iterative deepening A*)", group="shortest", order=44, optimal=True, costs=True, params=[
    heuristic_param(), weight_param(), diagonal_param(),
    Param("limit", "int", 2_000_000, min=1000, max=5_000_000,
          help="give up after this many node visits (IDA* revisits nodes, one iteration per bound; at most "
               "5,000,000: every visit is events kept, about 8 s of CPU and 170 MB a million)"),
])
def idastar(maze, rng, heuristic="manhattan", weight=1.0, diagonal="never", limit=2_000_000, watch=True):
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
    mark = maze.mark
    wall, tables, side = steps(maze, diagonal)
    diagonals = diagonal_moves(maze, diagonal)
    cost = entering(maze)
    h = estimate(maze, heuristic, maze.goals)
    start, goals = maze.start, set(maze.goals)
    trace = Trace(KINDS) if watch else None
    notes = [(N_HEURISTIC, 1, -1)] if weight > 1 else []
    if watch and notes:
        yield array("i", (NOTE, -1, N_HEURISTIC, 1))
    ever = bytearray(len(maze.wall))  # marked visited in some iteration
    on_trail = bytearray(len(maze.wall))
    bound, visits, touched = weight * h(start), 0, []
    path, gave_up = None, -1
    while True:
        notes.append((N_BOUND, round(bound * 100), -1))
        cleared = array("i", (NOTE | MILESTONE, -1, N_BOUND, round(bound * 100)))
        for p in touched:
            if mark[p]:
                if watch:
                    cleared.extend((MARK, p, mark[p], 0))
                mark[p] = 0
        if watch:
            yield trace.batch() + cleared + array("i", (MARK, start, 0, M_CURRENT))
        touched = [start]
        mark[start] = M_CURRENT
        if start in goals:
            path = [start]
            break
        best = {start: 0}  # the least cost each node was reached at in this iteration
        trail = [(start, 0, iter(tables[side[start]]))]
        on_trail[start] = 1
        cut, within = INF, bound + EPS
        while trail:
            p, c, todo = trail[-1]
            for d, d2 in todo:
                q = p + d2
                if wall[p + d] or on_trail[q]:
                    continue
                c2 = c + cost[q] * (SQRT2 if d2 in diagonals else 1)
                f = c2 + weight * h(q)
                if f > within:
                    if f < cut:
                        cut = f
                    if not mark[q]:
                        touched.append(q)
                        mark[q] = M_FRONTIER
                        if watch:
                            trace.add(CUT, q)
                    continue
                if c2 < best.get(q, INF) - EPS:
                    break
            else:  # nothing left to step onto: back up
                trail.pop()
                on_trail[p] = 0
                mark[p] = M_VISITED
                ever[p] = 1
                if watch:
                    trace.add(POP, p)
                if trail:
                    mark[trail[-1][0]] = M_CURRENT
                    if watch:
                        trace.add(UP, trail[-1][0])
                if watch and trace.full():
                    yield trace.batch()
                continue
            best[q] = c2
            visits += 1
            touched.append(q)
            if watch:
                trace.add(PUSH, p)
                trace.add(STEP + mark[q], q)
            mark[p], mark[q] = M_STACK, M_CURRENT
            if q in goals:
                path = [t[0] for t in trail] + [q]
                break
            if visits >= limit:
                gave_up = q
                break
            trail.append((q, c2, iter(tables[side[q]])))
            on_trail[q] = 1
        if path or gave_up >= 0 or cut == INF:
            break
        bound = cut
    if watch:
        yield trace.batch()
    if gave_up >= 0:
        notes.append((N_GAVE_UP, visits, gave_up))
        if watch:
            yield array("i", (NOTE | MILESTONE, gave_up, N_GAVE_UP, visits))
        return [], ever.count(1), notes
    route, _, last = yield from end(maze, path, watch, cost_note(maze, path, diagonal))
    return route, ever.count(1), notes + last


idastar.packed = True
