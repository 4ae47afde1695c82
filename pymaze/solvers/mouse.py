from heapq import heappop, heappush
from itertools import count

from ..events import MARK, MILESTONE, M_VISITED
from ..registry import Param, solver
from ._base import end, end_polyline

# Headings 0..7 clockwise from north, as (dx, dy) with y growing southwards.
HEADINGS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))


def _bend(a, b):
    """The turn between headings ``a`` and ``b`` in units of 45 degrees (0..4)."""
    d = (a - b) % 8
    return min(d, 8 - d)


@solver("mouse", "Micromouse (diagonal runs, turn costs)", short="Micromouse", group="shortest", order=160, geometries=("thin",), shapes=("square",),
        max_cells=250_000, params=[
    Param("straight", "float", 1.0, min=0.01, max=100.0, help="cost of crossing a cell straight on"),
    Param("diagonal", "float", 0.7071, min=0.01, max=100.0,
          help="cost of a diagonal step from one side of a cell to the next side"),
    Param("turn45", "float", 0.5, min=0.0, max=100.0, help="cost of each 45 degrees of turning"),
])
def mouse(maze, rng, straight=1.0, diagonal=0.7071, turn45=0.5, watch=True):
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
    start, goals = maze.start, set(maze.goals)
    sides = (-w, 1, w, -1)
    if watch:
        yield (MARK | MILESTONE, start, mark[start], M_VISITED)
    mark[start] = M_VISITED
    if start in goals:
        return (yield from end_polyline(maze, [start], [start], 0, 0.0, watch))
    turn = [[turn45 * _bend(a, b) for b in range(8)] for a in range(8)]
    across = _crossings(w, straight, diagonal)
    best, parent, open_heap, order = {}, {}, [], count()

    def offer(cost, state, prev):
        if cost < best.get(state, float("inf")):
            best[state], parent[state] = cost, prev
            heappush(open_heap, (cost, next(order), state))

    for k, s in enumerate(sides):
        if not g[start + s]:
            offer(0.5 * straight + turn[0][2 * k], (start + s, 2 * k), None)
    while open_heap:
        cost, _, state = heappop(open_heap)
        if cost > best[state]:
            continue
        o, h = state
        if h < 0:                   # the finish: the cheapest route
            break
        dx, dy = HEADINGS[h]
        cell = o + (w if dy > 0 else -w) if (o // w) % 2 == 0 else o + (1 if dx > 0 else -1)
        if mark[cell] != M_VISITED:
            if watch:
                yield (MARK | MILESTONE, cell, mark[cell], M_VISITED)
            mark[cell] = M_VISITED
        if cell in goals:
            offer(cost + 0.5 * straight + turn[h][2 * sides.index(cell - o)], (cell, -1), state)
        for s, nh, step in across[o - cell]:
            if not g[cell + s]:
                offer(cost + step + turn[h][nh], (cell + s, nh), state)
    else:
        return (yield from end(maze, None, watch))
    chain = []
    while state is not None:
        chain.append(state)
        state = parent[state]
    chain.reverse()
    return (yield from end_polyline(maze, *_polyline(start, chain, sides), cost, watch))


def _crossings(w, straight, diagonal):
    """The ways across a cell, by the side it was entered through (that opening's offset from the
    cell): every other side as ``(its offset, the heading from one opening to the other, cost)``."""
    unit = {-w: (0, -1), 1: (1, 0), w: (0, 1), -1: (-1, 0)}
    out = {}
    for a, (ax, ay) in unit.items():
        out[a] = tuple((b, HEADINGS.index(((bx > ax) - (bx < ax), (by > ay) - (by < ay))),
                        straight if ax == -bx and ay == -by else diagonal)
                       for b, (bx, by) in unit.items() if b != a)
    return out


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
