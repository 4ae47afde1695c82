import heapq
from itertools import count

from ..events import MARK, MILESTONE, M_ROUTE, M_VISITED, N_COST, N_FOUND, N_TURNS, N_WAYPOINT, NOTE
from ..registry import Param, solver
from ._base import found, no_route, quiet_no_route, show_route

# Headings 0..7 clockwise from north, as (dx, dy) with y growing southwards.
HEADINGS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))


def _bend(a, b):
    """The turn between headings ``a`` and ``b`` in units of 45 degrees (0..4)."""
    d = (a - b) % 8
    return min(d, 8 - d)


@solver("mouse", "Micromouse (diagonal runs, turn costs)", group="shortest", order=160, geometries=("thin",), shapes=("square",),
        max_cells=250_000, params=[
    Param("straight", "float", 1.0, min=0.01, max=100.0, help="cost of crossing a cell straight on"),
    Param("diagonal", "float", 0.7071, min=0.01, max=100.0,
          help="cost of a diagonal step from one side of a cell to the next side"),
    Param("turn45", "float", 0.5, min=0.0, max=100.0, help="cost of each 45 degrees of turning"),
])
def mouse(maze, rng, straight=1.0, diagonal=0.7071, turn45=0.5):
    """Micromouse search: the cheapest route to drive, with diagonal runs between the posts.

    The robot travels between the midpoints of the openings (the gaps
    between posts).  A state is an opening and a heading (eight headings).
    From a state the robot enters the cell ahead and leaves it by another
    open side: straight across (cost ``straight``, one cell) or through the
    neighbouring side at 45 degrees (cost ``diagonal``, half a cell's
    diagonal, about 0.7071 of a cell).  Every change of heading costs
    ``turn45`` per 45 degrees, so a zig-zag staircase of cells becomes one
    straight diagonal run.

    1. Start at S's centre facing north; leave through any open side: half
       a straight step plus the turn to face that side.
    2. Dijkstra over the (opening, heading) states: take the cheapest
       state, mark the cell it enters, relax its moves.
    3. A state entering a goal cell may finish: half a straight step to the
       centre plus the turn to face it.  The first finish taken is the
       cheapest route.
    4. Show the route's cells, its polyline corners as waypoint notes (S's
       centre, each opening where the heading changes, G's centre) and its
       cost in thousandths of a straight step and its turning
       in units of 45 degrees.

    Property: the route of least cost in this model (not the fewest cells).
    Source: micromouse path planning on posts and edges, with diagonals.
    """
    w, g, mark = maze.width, maze.wall, maze.mark
    goals = set(maze.goals)
    start = maze.start
    sides = (-w, 1, w, -1)
    mark[start] = M_VISITED
    yield (MARK | MILESTONE, start, 0, M_VISITED)
    if start in goals:
        yield from _finish(maze, [start], [start], 0, 0.0)
        return
    best, parent = {}, {}
    heap, tick = [], count()

    def push(cost, state, prev):
        if cost < best.get(state, float("inf")):
            best[state] = cost
            parent[state] = prev
            heapq.heappush(heap, (cost, next(tick), state))

    for k, s in enumerate(sides):
        if not g[start + s]:
            push(0.5 * straight + turn45 * _bend(0, 2 * k), (start + s, 2 * k), None)
    while heap:
        cost, _, state = heapq.heappop(heap)
        if cost > best[state]:
            continue
        if state[1] < 0:
            break
        o, h = state
        dx, dy = HEADINGS[h]
        horizontal = (o // w) % 2 == 0
        cell = o + (w if dy > 0 else -w) if horizontal else o + (1 if dx > 0 else -1)
        if mark[cell] != M_VISITED:
            old = mark[cell]
            mark[cell] = M_VISITED
            yield (MARK | MILESTONE, cell, old, M_VISITED)
        if cell in goals:
            k = sides.index(cell - o)
            push(cost + 0.5 * straight + turn45 * _bend(h, 2 * k), (cell, -1), state)
        for s in sides:
            e = cell + s
            if e == o or g[e]:
                continue
            vx, vy = e % w - o % w, e // w - o // w
            nh = HEADINGS.index(((vx > 0) - (vx < 0), (vy > 0) - (vy < 0)))
            step = straight if vx == 0 or vy == 0 else diagonal
            push(cost + step + turn45 * _bend(h, nh), (e, nh), state)
    else:
        yield no_route(maze)
        return
    chain = []
    while state is not None:
        chain.append(state)
        state = parent[state]
    chain.reverse()
    yield from _finish(maze, *_polyline(start, chain, sides), cost)


def _polyline(start, chain, sides):
    """The route of the states ``chain`` ((opening, heading) from S's first, the finish last):
    ``(cells, corners, bends)``, its cells from S, its polyline's corners and its turning."""
    cells, corners = [start], [start]
    bends = _bend(0, chain[0][1])  # S faces north
    for (o, h), (q, nh) in zip(chain, chain[1:]):
        cells.append(2 * o - cells[-1])
        if nh < 0:
            nh = 2 * sides.index(q - o)
        if nh != h:
            corners.append(o)
            bends += _bend(h, nh)
    corners.append(cells[-1])
    return cells, corners, bends


def _finish(maze, cells, corners, bends, cost):
    for i, p in enumerate(corners):
        yield (NOTE, p, N_WAYPOINT, i)
    yield from show_route(maze, cells, note=False)
    yield found(cells[-1], len(cells) - 1)
    yield (NOTE, cells[-1], N_TURNS, bends)
    yield (NOTE, cells[-1], N_COST, round(cost * 1000))


def _instant(maze, rng, straight=1.0, diagonal=0.7071, turn45=0.5):
    """The micromouse search with nobody watching: the same search (the same costs, ties broken
    alike), final marks and notes; returns ``(route, visited, notes)`` (see ``Run.finish``).

    A state (opening ``o``, heading ``h``) is the number ``8 * o + h``; the finish in cell ``c``
    is ``-1 - c``."""
    w, g, mark = maze.width, maze.wall, maze.mark
    n = len(g)
    goal = bytearray(n)
    for q in maze.goals:
        goal[q] = 1
    start = maze.start
    sides = (-w, 1, w, -1)
    visited = M_VISITED
    mark[start] = visited
    if goal[start]:
        return _quiet_finish(maze, [start], [start], 0, 0.0)
    bend = [[turn45 * _bend(a, b) for b in range(8)] for a in range(8)]
    # The moves out of a cell entered through opening o: by the offset from the opening (the
    # side it entered by), every other side as (offset of the opening left by, its heading, cost).
    out = {}
    for s_in in sides:
        moves = []
        for s in sides:
            if s != s_in:
                dx = (1 if s == 1 else -1 if s == -1 else 0) - (1 if s_in == 1 else -1 if s_in == -1 else 0)
                dy = (1 if s == w else -1 if s == -w else 0) - (1 if s_in == w else -1 if s_in == -w else 0)
                nh = HEADINGS.index(((dx > 0) - (dx < 0), (dy > 0) - (dy < 0)))
                moves.append((s - s_in, s, nh, straight if dx == 0 or dy == 0 else diagonal))
        out[s_in] = tuple(moves)
    best, parent = {}, {}
    heap, tick = [], 0
    push, pop = heapq.heappush, heapq.heappop
    for k, s in enumerate(sides):
        if not g[start + s]:
            cost, state = 0.5 * straight + turn45 * _bend(0, 2 * k), 8 * (start + s) + 2 * k
            if cost < best.get(state, float("inf")):
                best[state], parent[state] = cost, None
                push(heap, (cost, tick, state))
                tick += 1
    state = None
    while heap:
        cost, _, state = pop(heap)
        if cost > best[state]:
            continue
        if state < 0:
            break
        o, h = divmod(state, 8)
        dx, dy = HEADINGS[h]
        cell = o + (w if dy > 0 else -w) if (o // w) % 2 == 0 else o + (1 if dx > 0 else -1)
        mark[cell] = visited
        into = o - cell
        if goal[cell]:
            fin = -1 - cell
            c = cost + 0.5 * straight + turn45 * _bend(h, 2 * sides.index(-into))
            if c < best.get(fin, float("inf")):
                best[fin], parent[fin] = c, state
                push(heap, (c, tick, fin))
                tick += 1
        turns = bend[h]
        for _, s, nh, step in out[into]:
            e = cell + s
            if g[e]:
                continue
            c = cost + step + turns[nh]
            st = 8 * e + nh
            if c < best.get(st, float("inf")):
                best[st], parent[st] = c, state
                push(heap, (c, tick, st))
                tick += 1
    else:
        return quiet_no_route(maze)
    chain = []
    while state is not None:
        chain.append(state)
        state = parent[state]
    chain.reverse()
    chain = [divmod(st, 8) if st >= 0 else (-1 - st, -1) for st in chain]
    return _quiet_finish(maze, *_polyline(start, chain, sides), cost)


def _quiet_finish(maze, cells, corners, bends, cost):
    """``_finish`` with nobody watching: the route marked, and what it notes."""
    mark = maze.mark
    visited = mark.count(M_VISITED)
    for p in cells:
        mark[p] = M_ROUTE
    goal = cells[-1]
    notes = [(N_WAYPOINT, i, p) for i, p in enumerate(corners)]
    notes += [(N_FOUND, len(cells) - 1, goal), (N_TURNS, bends, goal), (N_COST, round(cost * 1000), goal)]
    return cells, visited, notes


mouse.instant = _instant
