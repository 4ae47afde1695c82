"""The swarm search of Clement Mihailescu's Pathfinding Visualizer, shared by swarm and convergent
swarm (bidirectional swarm runs two of them through ``_twoway``).

A node's priority is its parent's priority plus (turn + w) times the
Manhattan distance to the target raised to a power (1 for the swarm, 7 for
the convergent swarm), where turn is 1 to go straight on, 2 for a quarter
turn (or less) and 3 to turn back (heading: the step into the parent; S
faces east, the goals west), and w the terrain cost of the node entered (1
without terrain, as in the visualizer, where a weight adds to the turn).  Priorities only ever decrease, as in Dijkstra.
"""

from heapq import heappop, heappush
from itertools import count

from ..events import M_FRONTIER, M_VISITED, Trace
from ..graph import path_to, steps
from ._base import EXPAND, KINDS, SEEN, end, parents
from ._moves import cost_note, entering

EAST, WEST = 2, 6  # headings: N 0, NE 1, E 2, SE 3, S 4, SW 5, W 6, NW 7
TURNS = [1 + (min(d, 8 - d) + 1) // 2 for d in range(8)]  # turn by the change of heading (mod 8)


def headings(maze):
    """Each step's heading by its offset on a square maze (a thin maze steps two squares).  On a
    block maze one or two squares wide some offsets coincide; the straight moves win, the only
    ones such a maze has (but for diagonal steps two squares wide)."""
    w, unit = maze.width, maze.step()
    by = ((1 - w, 1), (1 + w, 3), (w - 1, 5), (-w - 1, 7), (1, 2), (-1, 6), (-w, 0), (w, 4))
    return {unit * d: h for d, h in by}


def manhattan_to(maze, targets, power):
    """``far(p)``: the Manhattan distance in moves from ``p`` to the nearest of ``targets``, to ``power``."""
    w, step = maze.width, maze.step()
    spots = [(t % w, t // w) for t in targets]
    if len(spots) == 1:
        (tx, ty), = spots

        def far(p):
            return (abs(p % w - tx) // step + abs(p // w - ty) // step) ** power
        return far

    def far(p):
        x, y = p % w, p // w
        return min(abs(x - tx) // step + abs(y - ty) // step for tx, ty in spots) ** power
    return far


def swarm_search(maze, watch, power, diagonal):
    """The one-sided swarm from S to the nearest goal (see the swarm's docstring); returns
    ``(route, visited, notes)``.  A heap of (priority, order, cell); priorities are whole numbers,
    compared exactly (to the seventh power they pass what a float holds)."""
    mark = maze.mark
    g, tables, side_of = steps(maze, diagonal)
    heading, far = headings(maze), manhattan_to(maze, maze.goals, power)
    terrain = entering(maze)
    start, goals, n = maze.start, set(maze.goals), len(maze.wall)
    key, parent, closed = [None] * n, parents(maze), bytearray(n)
    key[start], parent[start] = 0, start
    heap, order = [(0, 0, start)], count(1)
    trace = Trace(KINDS) if watch else None
    mark[start] = M_FRONTIER
    if watch:
        trace.add(SEEN, start)
    path = None
    while heap:
        k, _, p = heappop(heap)
        if closed[p] or k > key[p]:
            continue
        closed[p] = 1
        mark[p] = M_VISITED
        if watch:
            trace.add(EXPAND, p)
        if p in goals:
            path = path_to(parent, p)
            break
        into = EAST if parent[p] == p else heading[p - parent[p]]
        for d, d2 in tables[side_of[p]]:
            q = p + d2
            if g[p + d] or closed[q]:
                continue
            kq = k + (TURNS[(heading[d2] - into) % 8] + terrain[q]) * far(q)
            if key[q] is None or kq < key[q]:
                key[q], parent[q] = kq, p
                heappush(heap, (kq, next(order), q))
                if mark[q] != M_FRONTIER:
                    mark[q] = M_FRONTIER
                    if watch:
                        trace.add(SEEN, q)
        if watch and trace.full():
            yield trace.batch()
    return (yield from end(maze, path, watch, cost_note(maze, path, diagonal), trace=trace))
