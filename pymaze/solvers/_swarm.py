"""The swarm searches of Clement Mihailescu's Pathfinding Visualizer, shared by swarm, convergent swarm
and bidirectional swarm.

A node's priority is its parent's priority plus (turn + 1) times the
Manhattan distance to the target raised to a power (1 for the swarm, 7 for
the convergent swarm), where turn is 1 to go straight on, 2 for a quarter
turn and 3 to turn back (heading: the step into the parent; S faces east,
the goals west).  Priorities only ever decrease, as in Dijkstra.
"""

import heapq
from itertools import count

from array import array

from ..events import CHUNK, MARK, M_FRONTIER, M_VISITED, NOTE, pack
from ..graph import path_to
from ._base import drained, no_route, parents, quiet_no_route, quiet_route
from ._moves import close, cost_note, finish, moves
from ._packed import EXPAND, KINDS, SEEN, nothing, route
from ._walk import square_moves

DIR8 = {(0, -1): 0, (1, -1): 1, (1, 0): 2, (1, 1): 3, (0, 1): 4, (-1, 1): 5, (-1, 0): 6, (-1, -1): 7}
EAST, WEST = 2, 6


def sign(v):
    return (v > 0) - (v < 0)


def turner(maze):
    """``turn(parent, p, q, facing)``: 1 straight on, 2 a quarter turn (or less), 3 turning back.
    ``facing`` is the heading of a root (its own parent)."""
    w = maze.width
    headings = {}   # heading by index offset: a step joins neighbours, whose offset tells dx and dy apart

    def heading(a, b):
        h = headings.get(b - a)
        if h is None:
            h = headings[b - a] = DIR8[(sign(b % w - a % w), sign(b // w - a // w))]
        return h
    turns = [1 + (min(d, 8 - d) + 1) // 2 for d in range(8)]

    def turn(parent, p, q, facing):
        up = parent[p]
        return turns[(heading(p, q) - (facing if up == p else heading(up, p))) % 8]
    return turn


def manhattan_to(maze, targets, power):
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


def swarm_search(maze, nbrs, power, diagonal):
    """One-sided swarm from S to the nearest goal."""
    mark = maze.mark
    start, goals = maze.start, set(maze.goals)
    far = manhattan_to(maze, maze.goals, power)
    turn = turner(maze)
    key, parent, closed = {start: 0}, {start: start}, set()
    tick = count()
    heap = [(0, next(tick), start)]
    mark[start] = M_FRONTIER
    yield (MARK, start, 0, M_FRONTIER)
    while heap:
        k, _, p = heapq.heappop(heap)
        if p in closed or k > key[p]:   # whole numbers: past 2**53 a float tolerance would misjudge them
            continue
        step = close(maze, p, closed)
        if p in goals:
            yield tuple(step)
            yield from finish(maze, path_to(parent, p), diagonal)
            return
        for q, c in nbrs(p):
            if q in closed:
                continue
            kq = k + (turn(parent, p, q, EAST) + 1) * far(q)
            if kq < key.get(q, kq + 1):
                key[q], parent[q] = kq, p
                heapq.heappush(heap, (kq, next(tick), q))
                if mark[q] != M_FRONTIER:
                    step += (MARK, q, mark[q], M_FRONTIER)
                    mark[q] = M_FRONTIER
        yield tuple(step)
    yield no_route(maze)


def swarm_quiet(maze, power, diagonal):
    """``swarm_search`` with nobody watching: the same search (the same order of expansion, ties
    included), final marks and notes; returns ``(route, visited, notes)`` (see ``Run.finish``)."""
    path = drained(_search(maze, power, diagonal, False))
    if path is None:
        return quiet_no_route(maze)
    return quiet_route(maze, path, *cost_note(maze, path, diagonal))


def swarm_packed(maze, power, diagonal):
    """``swarm_search``'s events, packed a chunk at a time (what a packed solver yields)."""
    path = yield from _search(maze, power, diagonal, True)
    if path is None:
        yield nothing(maze)
        return
    yield route(maze, path, *((NOTE, p, code, value) for code, value, p in cost_note(maze, path, diagonal)))


def _search(maze, power, diagonal, watch):
    """The one-sided swarm over flat per-square arrays, with its final marks, and when ``watch``
    is set its events packed (``_packed.KINDS``: each expansion, then the nodes it queues first)
    and yielded a chunk at a time.  Returns the route found (not yet marked) or None."""
    nbrs = moves(maze, diagonal)
    mark = maze.mark
    n = len(maze.wall)
    start = maze.start
    goal = bytearray(n)
    for q in maze.goals:
        goal[q] = 1
    key, parent, closed = [None] * n, parents(maze), bytearray(n)
    key[start] = 0
    parent[start] = start
    heap = [(0, 0, start)]
    tick = 1
    pop, push = heapq.heappop, heapq.heappush
    frontier, visited = M_FRONTIER, M_VISITED
    mark[start] = frontier
    if watch:
        yield array("i", (MARK, start, 0, frontier))
    kind, index = bytearray(), []
    k_, i_ = kind.append, index.append
    w = maze.width
    general = diagonal != "never" or len(maze.goals) > 1
    if general:
        far, turn = manhattan_to(maze, maze.goals, power), turner(maze)
    else:
        # Four moves to one goal: each move's heading comes with it (0 N, 2 E, 4 S, 6 W), each
        # node keeps the heading of the move into it, and the distance is read from a column and
        # a row.
        g, side, sets = square_moves(maze)
        tables = tuple(tuple(move + (2 * k,) for k, move in enumerate(moves) if move) for moves in sets)
        into = bytearray(n)
        into[start] = EAST
        turns = [1 + (min(d, 8 - d) + 1) // 2 for d in range(8)]
        factor = [[turns[(b - a) % 8] + 1 for b in range(8)] for a in range(8)]   # turn + 1, by headings
        step = maze.step()
        tx, ty = maze.goal % w, maze.goal // w
        fx = [(abs(x - tx) // step) for x in range(w)]
        fy = [(abs(y - ty) // step) for y in range(n // w)]
    found = None
    while heap:
        k, _, p = pop(heap)
        if closed[p] or k > key[p]:
            continue
        closed[p] = 1
        mark[p] = visited
        if watch:
            k_(EXPAND)
            i_(p)
        if goal[p]:
            found = p
            break
        if general:
            for q, _ in nbrs(p):
                if closed[q]:
                    continue
                kq = k + (turn(parent, p, q, EAST) + 1) * far(q)
                old = key[q]
                if old is None or kq < old:
                    key[q], parent[q] = kq, p
                    push(heap, (kq, tick, q))
                    tick += 1
                    if mark[q] != frontier:
                        mark[q] = frontier
                        if watch:
                            k_(SEEN)
                            i_(q)
        else:
            by = factor[into[p]]
            for d, d2, h in tables[side[p]]:
                if not g[p + d]:
                    q = p + d2
                    if closed[q]:
                        continue
                    y, x = divmod(q, w)
                    kq = k + by[h] * (fx[x] + fy[y]) ** power
                    old = key[q]
                    if old is None or kq < old:
                        key[q] = kq
                        parent[q] = p
                        into[q] = h
                        push(heap, (kq, tick, q))
                        tick += 1
                        if mark[q] != frontier:
                            mark[q] = frontier
                            if watch:
                                k_(SEEN)
                                i_(q)
        if watch and len(kind) >= CHUNK:
            yield pack(KINDS, kind, index)
            kind, index = bytearray(), []
            k_, i_ = kind.append, index.append
    if kind:
        yield pack(KINDS, kind, index)
    return None if found is None else path_to(parent, found)
