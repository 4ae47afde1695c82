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
"""

import heapq
from itertools import count

from ..events import MARK, MILESTONE, M_FRONTIER, M_FRONTIER2, M_VISITED, M_VISITED2
from ._base import no_route
from ._moves import EPS, finish

INF = float("inf")


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


def two_way(maze, nbrs, key, stop, diagonal, first_keys):
    """Run the search; ``key(i, side, u, q, cost)`` is the priority of reaching ``q`` from ``u``
    on side ``i`` (0 from S, 1 from the goals; ``side`` holds its ``g``, ``key`` and ``parent``
    tables), ``first_keys(i, root)`` the priority of a root."""
    mark = maze.mark
    start, goals = maze.start, list(dict.fromkeys(maze.goals))
    if start in goals:
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
    yield tuple(first)
    best, meet = INF, None
    turn = 0
    while True:
        this, other = sides[turn], sides[1 - turn]
        top = this.top()
        if top == INF:
            break
        if stop == "either" and best <= max(top, other.top()) + EPS:
            break
        if stop == "sum" and best <= top + other.top() + EPS:
            break
        p = heapq.heappop(this.heap)[-1]
        this.closed.add(p)
        step = [MARK | MILESTONE, p, mark[p], this.visited]
        mark[p] = this.visited
        if stop == "close" and p in other.closed:
            meet = p
            yield step
            break
        g = this.g[p]
        touched = False
        for q, c in nbrs(p):
            if q in this.closed:
                continue
            k = key(turn, this, p, q, c)
            if q in this.key and k >= this.key[q] - EPS:
                continue
            this.g[q], this.key[q], this.parent[q] = g + c, k, p
            # A* ties go to the smaller estimate (priority minus cost walked); the others to the earliest
            heapq.heappush(this.heap, (k, k - this.g[q] if stop == "either" else 0, next(tick), q))
            if mark[q] != this.frontier:
                step += (MARK, q, mark[q], this.frontier)
                mark[q] = this.frontier
            if q in other.g:
                total = this.g[q] + other.g[q]
                if total < best - EPS:
                    best, meet = total, q
                touched = True
        yield tuple(step)
        if stop == "touch" and touched:
            break
        turn = 1 - turn
    if meet is None:
        yield no_route(maze)
        return
    there = sides[1].path(meet)
    yield from finish(maze, sides[0].path(meet)[::-1] + there[1:], diagonal)
