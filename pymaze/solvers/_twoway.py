"""The two-sided best-first search behind the bidirectional finders (Dijkstra, A*, best-first, swarm).

One side grows from S, the other from every goal at once; each keeps its
own cost walked, priority, parent and closed set per square, its own heap of
(priority, tie, order, cell) and its own colours (frontier / visited and
frontier2 / visited2).  The sides take turns, one expansion each.  What a
finder chooses, as PathFinding.js's finders choose theirs, is the priority
a neighbour is offered (``offer``) and when the search may stop (``stop``):

"either"  exact: stop when the best route met so far costs no more than the
          least priority on either side (A* with consistent estimates);
          ties go to the smaller estimate (priority minus cost walked);
"sum"     exact: stop when it costs no more than the two least priorities
          added (Dijkstra);
"touch"   stop the first time a side reaches a node the other side has seen;
"close"   stop the first time a side expands a node the other side has expanded.

Other ties go to the node queued first.
"""

from array import array
from heapq import heappop, heappush
from itertools import count

from ..events import MARK, MILESTONE, M_FRONTIER, M_FRONTIER2, M_VISITED, M_VISITED2, Kinds, Trace
from ..graph import path_to, steps
from ._base import end, parents
from ._moves import EPS, cost_note, entering, step_cost

INF = float("inf")
# The events of both sides (see events.Trace): a node expanded (a milestone, marked visited) and a
# node reached (marked frontier), one kind for each mark it had before: kind = base + old mark.
_OLD = 16
_EVENTS = ((MARK | MILESTONE, M_VISITED), (MARK, M_FRONTIER), (MARK | MILESTONE, M_VISITED2), (MARK, M_FRONTIER2))
KINDS = Kinds(*[(op, old, new) for op, new in _EVENTS for old in range(_OLD)])
EXPANDED, REACHED = (0, 2 * _OLD), (_OLD, 3 * _OLD)


class Side:
    """One side of the search: per square its cost walked, priority (``key``), parent and whether
    it is closed (expanded); its heap; its colours."""

    def __init__(self, maze, frontier, visited):
        n = len(maze.wall)
        self.cost, self.key = array("d", [INF]) * n, array("d", [INF]) * n
        self.parent, self.closed = parents(maze), bytearray(n)
        self.heap, self.frontier, self.visited = [], frontier, visited

    def top(self):
        """The least priority still queued (entries of closed nodes, or since queued for less, dropped)."""
        heap, closed, key = self.heap, self.closed, self.key
        while heap and (closed[heap[0][-1]] or heap[0][0] > key[heap[0][-1]] + EPS):
            heappop(heap)
        return heap[0][0] if heap else INF


def two_way(maze, watch, offer, stop, diagonal="never", first=lambda i, root: 0):
    """Run the search; ``offer(i, side, p, q, c)`` is the priority of reaching ``q`` from ``p`` on
    side ``i`` (0 from S, 1 from the goals) at cost walked ``c``, ``first(i, root)`` a root's.
    Returns ``(route, visited, notes)``; ``visited``: the nodes either side expanded, once each.

    1. Queue S on one side and every goal on the other, at their first priority.
    2. Take turns: a side stops the search by ``stop``, or expands its least entry still current.
    3. Each neighbour not closed on that side is offered a priority; a lower one than it has
       wins: its cost walked, priority and parent are kept and it is queued again.
    4. A neighbour the other side has reached makes a route; the cheapest is kept.
    5. The route: S's parents up to the meeting node, then the goals' parents down to a goal."""
    mark = maze.mark
    g, tables, side_of = steps(maze, diagonal)
    slanted = diagonal != "never"  # a diagonal step costs sqrt 2
    terrain = entering(maze)  # a move costs the terrain of the node it enters: on the goals' side, p
    start, goals = maze.start, list(dict.fromkeys(maze.goals))
    trace = Trace(KINDS) if watch else None
    path, expanded = None, 0
    if start in goals:
        path = [start]
    sides = (Side(maze, M_FRONTIER, M_VISITED), Side(maze, M_FRONTIER2, M_VISITED2))
    order = count()
    for i, roots in enumerate(([start], goals) if path is None else ()):
        side = sides[i]
        for r in roots:
            k = first(i, r)
            side.cost[r], side.key[r], side.parent[r] = 0, k, r
            heappush(side.heap, (k, k, next(order), r))  # (a root ties on its priority)
            if watch:
                trace.add(REACHED[i] + mark[r], r)
            mark[r] = side.frontier
    either, add, push = stop == "either", trace.add if watch else None, heappush
    best, meet, turn = INF, None, 0
    while path is None:
        this, other = sides[turn], sides[1 - turn]
        top = this.top()
        if top == INF or either and best <= max(top, other.top()) + EPS:
            break
        if stop == "sum" and best <= top + other.top() + EPS:
            break
        p = heappop(this.heap)[-1]
        this.closed[p] = 1
        expanded += not other.closed[p]
        if watch:
            add(EXPANDED[turn] + mark[p], p)
        mark[p] = this.visited
        if stop == "close" and other.closed[p]:
            meet = p
            break
        cost, key, parent, closed, heap = this.cost, this.key, this.parent, this.closed, this.heap
        frontier, reached, other_cost, walked = this.frontier, REACHED[turn], other.cost, this.cost[p]
        touched = False
        for d, d2 in tables[side_of[p]]:
            q = p + d2
            if g[p + d] or closed[q]:
                continue
            c = walked + (step_cost(maze, p, q) if slanted else 1) * terrain[q if turn == 0 else p]
            k = offer(turn, this, p, q, c)
            if k >= key[q] - EPS:
                continue
            cost[q], key[q], parent[q] = c, k, p
            push(heap, (k, k - c if either else 0, next(order), q))
            if mark[q] != frontier:
                if watch:
                    add(reached + mark[q], q)
                mark[q] = frontier
            if other_cost[q] < INF:  # the other side has reached q: a route through q
                touched = True
                if c + other_cost[q] < best - EPS:
                    best, meet = c + other_cost[q], q
        if stop == "touch" and touched:
            break
        if watch and trace.full():
            yield trace.batch()
        turn = 1 - turn
    if meet is not None:
        path = path_to(sides[0].parent, meet) + path_to(sides[1].parent, meet)[-2::-1]
    if watch and trace.index:
        yield trace.batch()
    route, _, notes = yield from end(maze, path, watch, cost_note(maze, path, diagonal))
    return route, expanded, notes
