from array import array

from ..events import (CHUNK, MARK, MILESTONE, M_CURRENT, M_FRONTIER, M_JUMP, M_STACK, M_VISITED, N_BOUND,
                      N_GAVE_UP, N_HEURISTIC, N_NO_ROUTE, NOTE, Kinds, pack)
from ..graph import steps
from ..registry import Param, solver
from ._base import drained, quiet_route
from ._moves import EPS, cost_note, diagonal_param, estimate, heuristic_param, moves, weight_param
from ._packed import nothing, route

INF = float("inf")


@solver("idastar", "IDA* (iterative deepening A*)", group="shortest", order=44, optimal=True, params=[
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
    return (yield from _search(maze, heuristic, weight, diagonal, limit, True))


# The events of a visit, a step back and a cut, packed as kinds (see events.pack): the node left
# for the trail, back along the trail (visited), up to the node before it, a node cut off by the
# bound, and stepping onto a node whose mark was ``old`` (kind STEP + old).
PUSH, POP, UP, CUT, STEP = 0, 1, 2, 3, 4
KINDS = Kinds((MARK, M_CURRENT, M_STACK), (MARK, M_CURRENT, M_VISITED), (MARK, M_STACK, M_CURRENT),
              (MARK, 0, M_FRONTIER), *((MARK | MILESTONE, old, M_CURRENT) for old in range(M_JUMP + 1)))


def _search(maze, heuristic, weight, diagonal, limit, watch):
    """The iterations of IDA*: with ``watch`` yields their events packed (``array('i')`` chunks),
    ending with the route's; returns ``(route, visited, notes)`` (see ``quiet_route``; visited
    counts every node ever marked visited, in any iteration, as the events would).

    Without diagonal steps the neighbours are read from the flat tables of ``pymaze.graph.steps``
    (each move costs 1), and one goal's manhattan estimate on a square maze is written inline."""
    mark = maze.mark
    start, goals = maze.start, set(maze.goals)
    h = estimate(maze, heuristic, maze.goals)
    notes = [(N_HEURISTIC, 1, -1)] if weight > 1 else []
    if watch and notes:
        yield array("i", (NOTE, -1, N_HEURISTIC, 1))
    n = len(maze.wall)
    ever = bytearray(n)  # marked visited in some iteration
    on_trail = bytearray(n)
    four = diagonal == "never"
    if four:
        g, tables, side = steps(maze)
        fixed = tables[0] if len(tables) == 1 else None
    else:
        nbrs = moves(maze, diagonal)
    inline = four and heuristic == "manhattan" and maze.lattice is None and len(maze.goals) == 1
    w, k = maze.width, maze.step()
    tx, ty = maze.goal % w, maze.goal // w
    bound = weight * h(start)
    visits = 0
    touched = []
    current, stack, frontier, seen = M_CURRENT, M_STACK, M_FRONTIER, M_VISITED
    kind, index = bytearray(), []
    e, i = kind.append, index.append
    while True:
        notes.append((N_BOUND, round(bound * 100), -1))
        if watch:
            if index:
                yield pack(KINDS, kind, index)
                kind, index = bytearray(), []
                e, i = kind.append, index.append
            out = [NOTE | MILESTONE, -1, N_BOUND, round(bound * 100)]
            for p in touched:
                if mark[p]:
                    out += (MARK, p, mark[p], 0)
                    mark[p] = 0
            out += (MARK, start, 0, M_CURRENT)
            yield array("i", out)
        else:
            for p in touched:
                mark[p] = 0
        touched = [start]
        mark[start] = current
        if start in goals:
            return (yield from _end(maze, [start], ever, notes, diagonal, watch))
        best = {start: 0}
        get = best.get
        trail = [(start, 0, iter(fixed or tables[side[start]]) if four else iter(nbrs(start)))]
        on_trail[start] = 1
        cut = INF
        edge = bound + EPS
        while trail:
            p, c, todo = trail[-1]
            q = -1
            for a, b in todo:  # (wall offset, node offset) of a flat table, or (node, cost) of moves
                if four:
                    if g[p + a]:
                        continue
                    q, c2 = p + b, c + 1
                else:
                    q, c2 = a, c + b
                if on_trail[q]:
                    continue
                f = c2 + weight * (abs(q % w - tx) // k + abs(q // w - ty) // k if inline else h(q))
                if f > edge:
                    if f < cut:
                        cut = f
                    if not mark[q]:
                        touched.append(q)
                        mark[q] = frontier
                        if watch:
                            e(CUT)
                            i(q)
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
                if watch:
                    e(PUSH)
                    i(p)
                    e(STEP + mark[q])
                    i(q)
                mark[p], mark[q] = stack, current
                if q in goals:
                    return (yield from _end(maze, [t[0] for t in trail] + [q], ever, notes, diagonal, watch,
                                            kind, index))
                if visits >= limit:
                    notes.append((N_GAVE_UP, visits, q))
                    if watch:
                        yield pack(KINDS, kind, index) + array("i", (NOTE | MILESTONE, q, N_GAVE_UP, visits))
                    return [], ever.count(1), notes
                trail.append((q, c2, iter(fixed or tables[side[q]]) if four else iter(nbrs(q))))
                on_trail[q] = 1
            else:
                trail.pop()
                on_trail[p] = 0
                mark[p] = seen
                ever[p] = 1
                if watch:
                    e(POP)
                    i(p)
                if trail:
                    up = trail[-1][0]
                    mark[up] = current
                    if watch:
                        e(UP)
                        i(up)
                if watch and len(index) >= CHUNK:
                    yield pack(KINDS, kind, index)
                    kind, index = bytearray(), []
                    e, i = kind.append, index.append
        if cut == INF:
            notes.append((N_NO_ROUTE, 0, maze.goal))
            if watch:
                yield pack(KINDS, kind, index) + nothing(maze)
            return [], ever.count(1), notes
        bound = cut


def _end(maze, path, ever, notes, diagonal, watch, kind=b"", index=()):
    """The route found: marked as ``finish`` marks it (with ``watch``: the events still gathered,
    then the route's, packed); visited counts the nodes ever marked visited."""
    extra = cost_note(maze, path, diagonal)
    if watch:
        yield pack(KINDS, bytearray(kind), index) + route(maze, path, *((NOTE, p, c, v) for c, v, p in extra))
        return None
    found, _, end = quiet_route(maze, path, *extra)
    return found, ever.count(1), notes + end


def _instant(maze, rng, heuristic="manhattan", weight=1.0, diagonal="never", limit=2_000_000):
    """IDA* with nobody watching: the same iterations, visits and final marks, no events.
    Returns ``(route, visited, notes)``."""
    return drained(_search(maze, heuristic, weight, diagonal, limit, False))


idastar.instant = _instant
idastar.packed = True
