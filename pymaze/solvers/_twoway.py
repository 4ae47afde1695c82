"""The two-sided best-first search behind the bidirectional finders (A*, Dijkstra, best-first, swarm).

One side grows from S, the other from every goal at once; each keeps its
own costs, parents, priority queue and colours (frontier / visited and
frontier2 / visited2).  The sides take turns, one expansion each.  What
differs between the finders is the priority a neighbour gets (``key``) and
when the search may stop (``stop``):

"either"  exact: stop when the best route met so far costs no more than the
          least priority on either side (A* with consistent estimates);
"sum"     exact: stop when it costs no more than the two least priorities
          added (Dijkstra);
"touch"   stop the first time a side reaches a node the other side has seen;
"close"   stop the first time a side expands a node the other side has expanded.

Two forms of the one search: ``two_way`` over ``moves`` and a ``key``
callback (float costs and estimates: diagonal steps, euclidean and octile
estimates, fractional weights), and ``whole_way`` over flat per-square
arrays and one-int heap entries, for the common case where every cost and
priority is a whole number.  Both expand the same nodes in the same order
(ties: A* the smaller estimate, the others the earliest queued) and make the
same events; each runs watched (steps, or packed chunks) or not at all
(``watch=False``: no events, it returns ``(route, visited, notes)`` as the
solvers' event-free twins do, see ``_base.quiet_route``).
"""

import heapq
from array import array
from itertools import count

from ..events import (CHUNK, MARK, MILESTONE, M_FRONTIER, M_FRONTIER2, M_VISITED, M_VISITED2, NOTE, Kinds, pack,
                      pack_steps)
from ..graph import path_to, steps
from ._base import drained, no_route, parents, quiet_no_route, quiet_route
from ._moves import EPS, cost_note, finish
from ._packed import nothing, route as packed_route

INF = float("inf")

# The packed events (see events.pack) of both sides: for each side a node expanded (a milestone,
# marked visited) and a node reached (marked frontier), one kind for each mark it had before
# (marks are below 16): kind = base + old mark.
_OLD = 16
_EVENTS = ((MARK | MILESTONE, M_VISITED), (MARK, M_FRONTIER), (MARK | MILESTONE, M_VISITED2), (MARK, M_FRONTIER2))
KINDS = Kinds(*[(op, old, new) for op, new in _EVENTS for old in range(_OLD)])
EXPANDED, REACHED = (0, 2 * _OLD), (_OLD, 3 * _OLD)

# Priorities of whole_way: "g" the cost walked (Dijkstra), "h" the estimate (best-first),
# "gh" cost walked plus weight x estimate (A*), "swarm" the parent's priority plus (turn + 1) x
# the Manhattan distance to the other side's root.
G, H, GH, SWARM = range(4)
_STOPS = ("either", "sum", "touch", "close")
_EXPANDED = bytes(b & 3 for b in range(256))  # whole_way's state byte -> its "expanded" bits


class Side:
    __slots__ = ("g", "key", "parent", "closed", "heap", "frontier", "visited")

    def __init__(self, roots, frontier, visited):
        self.g = {r: 0 for r in roots}
        self.key = {r: 0 for r in roots}
        self.parent = {r: r for r in roots}
        self.closed = set()
        self.heap = []
        self.frontier, self.visited = frontier, visited

    def top(self):
        """The least priority still queued (stale entries dropped), or infinity."""
        heap = self.heap
        while heap and (heap[0][-1] in self.closed or heap[0][0] > self.key[heap[0][-1]] + EPS):
            heapq.heappop(heap)
        return heap[0][0] if heap else INF

    def path(self, node):
        out = [node]
        while self.parent[node] != node:
            node = self.parent[node]
            out.append(node)
        return out


def quiet_end(maze, path, visited, diagonal):
    """What an unwatched two-sided search returns: ``(route, visited, notes)`` with ``visited`` the
    nodes either side expanded (a node both expanded counts once), or no route when ``path`` is None."""
    if path is None:
        out = quiet_no_route(maze)
    else:
        out = quiet_route(maze, path, *cost_note(maze, path, diagonal))
    return out[0], visited, out[2]


def packed_end(maze, path, diagonal):
    """``finish(maze, path, diagonal)`` packed, or ``no_route`` packed when ``path`` is None."""
    if path is None:
        return nothing(maze)
    return packed_route(maze, path, *((NOTE, p, code, value) for code, value, p in cost_note(maze, path, diagonal)))


def twin(search):
    """The event-free twin (a finder's ``instant`` attribute) of a finder run by ``search(maze,
    watch, **options)``: the same search, marks and route, no events; it returns ``(route,
    visited, notes)``."""

    def instant(maze, rng, **options):
        return drained(search(maze, False, **options))
    return instant


def packed(search, watch):
    """``two_way``'s steps packed in chunks when watched (as ``whole_way`` hands out its events)."""
    return pack_steps(search) if watch else search


def stepped(nbrs):
    """``moves``' neighbours (``nbrs``) in the shape of ``graph.steps``, ``(g, tables, side)``, so that
    one loop ``for d, d2 in tables[side[p]]: if not g[p + d]: q = p + d2`` walks either: every entry
    of node ``p`` points ``g`` at its one open square (index 0) and steps on to the neighbour."""

    class Tables:
        def __getitem__(self, p):
            return [(-p, q - p) for q, _ in nbrs(p)]
    return b"\0", Tables(), _Same()


class _Same:
    """``side`` of ``stepped``: every node is its own side."""

    def __getitem__(self, p):
        return p


def two_way(maze, nbrs, key, stop, diagonal, first_keys, watch=True):
    """Run the search; ``key(i, side, u, q, cost)`` is the priority of reaching ``q`` from ``u``
    on side ``i`` (0 from S, 1 from the goals; ``side`` holds its ``g``, ``key`` and ``parent``
    tables), ``first_keys(i, root)`` the priority of a root.  Yields one step an expansion; with
    ``watch`` False yields nothing and returns ``(route, visited, notes)``."""
    mark = maze.mark
    start, goals = maze.start, list(dict.fromkeys(maze.goals))
    if start in goals:
        if not watch:
            return quiet_end(maze, [start], 0, diagonal)
        yield from finish(maze, [start], diagonal)
        return
    sides = (Side([start], M_FRONTIER, M_VISITED), Side(goals, M_FRONTIER2, M_VISITED2))
    tick = count()
    first = []
    for i, side in enumerate(sides):
        for r in side.g:
            side.key[r] = first_keys(i, r)
            heapq.heappush(side.heap, (side.key[r], side.key[r], next(tick), r))
            first += (MARK, r, mark[r], side.frontier)
            mark[r] = side.frontier
    if watch:
        yield tuple(first)
    best, meet = INF, None
    turn = 0
    either = stop == "either"
    while True:
        this, other = sides[turn], sides[1 - turn]
        top = this.top()
        if top == INF:
            break
        if either and best <= max(top, other.top()) + EPS:
            break
        if stop == "sum" and best <= top + other.top() + EPS:
            break
        p = heapq.heappop(this.heap)[-1]
        this.closed.add(p)
        step = [MARK | MILESTONE, p, mark[p], this.visited] if watch else None
        mark[p] = this.visited
        if stop == "close" and p in other.closed:
            meet = p
            if watch:
                yield step
            break
        g, gs, ks, frontier = this.g[p], this.g, this.key, this.frontier
        touched = False
        for q, c in nbrs(p):
            if q in this.closed:
                continue
            k = key(turn, this, p, q, c)
            if q in ks and k >= ks[q] - EPS:
                continue
            gs[q], ks[q], this.parent[q] = g + c, k, p
            # A* ties go to the smaller estimate (priority minus cost walked); the others to the earliest
            heapq.heappush(this.heap, (k, k - gs[q] if either else 0, next(tick), q))
            if mark[q] != frontier:
                if watch:
                    step += (MARK, q, mark[q], frontier)
                mark[q] = frontier
            if q in other.g:
                total = gs[q] + other.g[q]
                if total < best - EPS:
                    best, meet = total, q
                touched = True
        if watch:
            yield tuple(step)
        if stop == "touch" and touched:
            break
        turn = 1 - turn
    if meet is None:
        if not watch:
            return quiet_end(maze, None, len(sides[0].closed | sides[1].closed), diagonal)
        yield no_route(maze)
        return
    there = sides[1].path(meet)
    path = sides[0].path(meet)[::-1] + there[1:]
    if not watch:
        return quiet_end(maze, path, len(sides[0].closed | sides[1].closed), diagonal)
    yield from finish(maze, path, diagonal)


def whole(maze, diagonal):
    """Whether ``whole_way`` can run the search: no diagonal steps (every step costs 1)."""
    return diagonal == "never"


def whole_estimate(maze, heuristic):
    """Whether ``_moves.estimate`` gives whole numbers: on a square maze, manhattan, chebyshev and zero."""
    return maze.lattice is None and heuristic in ("manhattan", "chebyshev", "zero")


def whole_way(maze, prio, stop, watch=True, h=(None, None), weight=1, manhattan=False, facing=(0, 0)):
    """``two_way`` when every cost and priority is a whole number (no diagonal steps; for
    ``prio`` H and GH a whole estimate and weight, for SWARM a square maze), over flat per-square
    arrays: a heap entry is one int holding the priority, the tie-break and the arrival number in
    its bits, in the order ``two_way``'s tuples compare them.  Watched, it yields the events packed
    in chunks.  ``h``: each side's estimate (to the goals, to S; for SWARM the Manhattan distance
    in moves), ``manhattan`` when it is the Manhattan distance (worked out inline towards a single
    root); ``facing``: each side's first heading (SWARM)."""
    mark = maze.mark
    start, goals = maze.start, list(dict.fromkeys(maze.goals))
    if start in goals:
        if not watch:
            return quiet_end(maze, [start], 0, "never")
        yield packed_route(maze, [start])
        return
    n = len(maze.wall)
    g, tables, side = steps(maze)
    w = maze.width
    # Each step also carries its heading (swarm: N 0, E 2, S 4, W 6, as the swarm's turner has them).
    headings = {-w: 0, 1: 2, w: 4, -1: 6}
    unit = maze.step() if maze.lattice is None else 1
    tables = tuple(tuple((d, d2, headings.get(d2 // unit, 0) if maze.lattice is None else 0) for d, d2 in t)
                   for t in tables)
    fixed = tables[0] if len(tables) == 1 else None
    mult = [2 + (min(d, 8 - d) + 1) // 2 for d in range(8)]  # turn + 1 by heading change (mod 8)
    either, total_stop, touch, close = (stop == s for s in _STOPS)
    check = either or total_stop
    # A* stopping on "either" orders ties by the estimate, so an entry's priority minus its tie is
    # the cost walked: like Dijkstra it keeps no key but the cost (``gh``: subtract the tie).
    gh = prio == GH and either
    keyed, swarm = not (prio == G or gh), prio == SWARM  # keyed: the key is not the cost
    # Per square, bits 1 and 2: expanded from S, from the goals; 4 and 8: reached from S, from the goals.
    state = bytearray(n)
    # A heap entry: priority << shift | tie << 32 | arrival number (``at`` holds each arrival's node);
    # G and SWARM have no tie (0, roots too), so their entries stay smaller.
    shift = 32 if prio in (G, SWARM) else 64
    at, sides = [], []
    first = array("i")
    for i, roots in enumerate(([start], goals)):
        parent = parents(maze)
        cost = array("i", parent)
        key = array("q", bytes(8 * n)) if keyed else cost
        heading = bytearray(n) if prio == SWARM else None
        heap = []
        frontier, visited = (M_FRONTIER, M_VISITED) if i == 0 else (M_FRONTIER2, M_VISITED2)
        for r in roots:
            k = weight * h[i](r) if prio in (H, GH) else 0  # (weight 1 but for A*)
            key[r] = k
            parent[r], cost[r] = r, 0  # (after: with gh the key is the cost)
            state[r] |= 4 << i
            if heading is not None:
                heading[r] = facing[i]
            heapq.heappush(heap, k << shift | k << 32 | len(at))
            at.append(r)
            first += array("i", (MARK, r, mark[r], frontier))
            mark[r] = frontier
        # The Manhattan distance in moves to a single root of the other side, by column and by row.
        other = goals if i == 0 else [start]
        single = manhattan and len(other) == 1
        tx, ty = other[0] % w, other[0] // w
        xs, ys = [abs(x - tx) // unit for x in range(w)], [abs(y - ty) // unit for y in range(maze.height)]
        sides.append((heap, parent, cost, key, heading, 1 << i, 4 << i, 2 >> i, 8 >> i, frontier, visited,
                      EXPANDED[i], REACHED[i], h[i], single, xs, ys))
    if watch:
        yield first
    kind, index = bytearray(), []
    k_, i_ = kind.append, index.append
    pop, push, arrive = heapq.heappop, heapq.heappush, at.append
    low = (1 << 32) - 1
    best, meet, turn = INF, -1, 0
    while True:
        heap, parent, cost, key, heading, bit, seen, obit, oseen, frontier, visited, expanded, reached, est, single, \
            xs, ys = sides[turn]
        oheap, _, ocost = sides[1 - turn][:3]
        # The least entry still current: entries of a node expanded, or queued again since for
        # less (its key went down: a key is the cost walked for G, that plus the tie for GH), go.
        # Stopping on "either" or "sum" needs both sides' least entries: each side drops its stale
        # entries at the end of its turn, and none goes stale on the other side's turn.
        if check:
            if not heap:
                break
            e = pop(heap)
            p = at[e & low]
            top = e >> shift
            otop = oheap[0] >> shift if oheap else INF  # (with no route met, an empty side ends it too)
            if either:
                if best <= (top if top > otop else otop):
                    break
            elif best <= top + otop:
                break
        else:
            while heap:
                e = pop(heap)
                p = at[e & low]
                if not (state[p] & bit or (e >> shift) - (e >> 32 & low if gh else 0) > key[p]):
                    break
            else:
                break
        state[p] |= bit
        if watch:
            k_(expanded + mark[p])
            i_(p)
        mark[p] = visited
        if close and state[p] & obit:
            meet = p
            break
        c = cost[p] + 1
        if swarm:
            kp, hp = key[p], heading[p]
        touched = False
        for d, d2, hd in fixed or tables[side[p]]:
            if g[p + d]:
                continue
            q = p + d2
            s = state[q]
            if s & bit:
                continue
            # kq: the priority; kept: what ``key`` keeps of it (see gh)
            if prio == G:
                kq = kept = c
                tie = 0
            else:
                hq = xs[q % w] + ys[q // w] if single else est(q)
                if gh:
                    tie = weight * hq
                    kq, kept = c + tie, c
                else:
                    tie = 0
                    if prio == H:
                        kq = kept = hq
                    elif prio == GH:
                        kq = kept = c + weight * hq
                    else:
                        kq = kept = kp + mult[hd - hp] * hq
            if s & seen and kept >= key[q]:
                continue
            state[q] = s | seen
            parent[q] = p
            cost[q] = c
            if keyed:
                key[q] = kept
                if swarm:
                    heading[q] = hd
            push(heap, kq << shift | tie << 32 | len(at))
            arrive(q)
            if mark[q] != frontier:
                if watch:
                    k_(reached + mark[q])
                    i_(q)
                mark[q] = frontier
            if s & oseen:
                if c + ocost[q] < best:
                    best, meet = c + ocost[q], q
                touched = True
        if touch and touched:
            break
        while check and heap:  # (see above)
            e = heap[0]
            q = at[e & low]
            if state[q] & bit or (e >> shift) - (e >> 32 & low if gh else 0) > key[q]:
                pop(heap)
            else:
                break
        if watch and len(index) >= CHUNK:
            yield pack(KINDS, kind, index)
            kind, index = bytearray(), []
            k_, i_ = kind.append, index.append
        turn = 1 - turn
    if watch and index:
        yield pack(KINDS, kind, index)
    path = None
    if meet != -1:
        there = path_to(sides[1][1], meet)
        there.reverse()
        path = path_to(sides[0][1], meet) + there[1:]
    if not watch:
        return quiet_end(maze, path, n - state.translate(_EXPANDED).count(0), "never")
    yield packed_end(maze, path, "never")
