"""What the any-angle finders (Theta*, Lazy Theta*) share: line of sight between square centres,
straight-line lengths, and the ending that draws the route as straight segments.

A block maze's squares are unit squares; a route runs between their centres.  Two squares see
each other when the straight segment between their centres touches no wall square, not even at
a corner (the any-angle form of the "no-corners" rule for diagonal steps, so every step A* takes
with that rule is in sight).
"""

import heapq
import math
from array import array
from itertools import chain

from ..events import M_FRONTIER, M_ROUTE, M_VISITED, N_COST, N_FOUND, N_TURNS, N_WAYPOINT, NOTE, Trace
from ..graph import path_to, steps
from ._base import EXPAND, KINDS, SEEN, end, found, parents, show_route
from ._moves import EPS, estimate


def sight(wall, w, a, b):
    """Whether squares ``a`` and ``b`` of a block maze ``w`` squares wide see each other.

    Walks every square the segment between the centres touches (a supercover line, in whole
    numbers): the next square is the one whose side the segment crosses first, and where it passes
    exactly through a corner the two squares beside the corner are touched too."""
    y0, x0 = divmod(a, w)
    y1, x1 = divmod(b, w)
    nx, ny = abs(x1 - x0), abs(y1 - y0)
    sx = 1 if x1 > x0 else -1
    sy = w if y1 > y0 else -w
    p, ix, iy = a, 0, 0
    while ix < nx or iy < ny:
        t = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx
        if t == 0:             # through a corner: the squares on both sides of it are touched
            if wall[p + sx] or wall[p + sy]:
                return False
            p += sx + sy
            ix += 1
            iy += 1
        elif t < 0:
            p += sx
            ix += 1
        else:
            p += sy
            iy += 1
        if wall[p]:
            return False
    return True


def walked(w, corners):
    """The squares a route of ``corners`` passes through, in order (each segment's supercover walk,
    without the squares it only grazes at a corner): what a text drawing marks."""
    out = corners[:1]
    for a, b in zip(corners, corners[1:]):
        y0, x0 = divmod(a, w)
        y1, x1 = divmod(b, w)
        nx, ny = abs(x1 - x0), abs(y1 - y0)
        sx, sy = (1 if x1 > x0 else -1), (w if y1 > y0 else -w)
        p, ix, iy = a, 0, 0
        while ix < nx or iy < ny:
            t = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx
            if t <= 0:
                p += sx
                ix += 1
            if t >= 0:
                p += sy
                iy += 1
            out.append(p)
    return out


def length(w):
    """A function ``(a, b) -> the distance between the centres of squares a and b``."""
    def dist(a, b):
        ay, ax = divmod(a, w)
        by, bx = divmod(b, w)
        return math.hypot(ax - bx, ay - by)
    return dist


def bends(w, corners):
    """The total turning at the route's corners, in whole degrees."""
    total, last = 0.0, None
    for a, b in zip(corners, corners[1:]):
        ay, ax = divmod(a, w)
        by, bx = divmod(b, w)
        angle = math.atan2(by - ay, bx - ax)
        if last is not None:
            total += abs((angle - last + math.pi) % (2 * math.pi) - math.pi)
        last = angle
    return round(math.degrees(total))


def finish(maze, corners, cost, watch):
    """The ending of an any-angle search that reached a goal: the corners as waypoint notes (the
    page draws the straight segments through them), the corners marked as the route, FOUND (the
    segments), TURNS and COST (the euclidean length).  Returns ``(route, visited, notes)`` (see
    ``_base.end``): the route is the corners."""
    goal, visited, w = corners[-1], maze.mark.count(M_VISITED), maze.width
    turns, thousandths = bends(w, corners), round(1000 * cost)
    notes = [(N_WAYPOINT, i, p) for i, p in enumerate(corners)]
    notes += [(N_FOUND, len(corners) - 1, goal), (N_TURNS, turns, goal), (N_COST, thousandths, goal)]
    if watch:
        yield array("i", chain(*((NOTE, p, N_WAYPOINT, i) for i, p in enumerate(corners)),
                               *show_route(maze, corners, note=False), found(goal, len(corners) - 1),
                               (NOTE, goal, N_TURNS, turns, NOTE, goal, N_COST, thousandths)))
    else:
        for p in corners:
            maze.mark[p] = M_ROUTE
    return corners, visited, notes


def search(maze, lazy, watch):
    """The any-angle search both finders run (``lazy``: Lazy Theta*'s order of the sight checks);
    see ``thetastar`` and ``lazytheta`` for the steps.  Packed events, as A*'s."""
    mark, parent = maze.mark, parents(maze)
    wall, tables, side = steps(maze, "no-corners")
    w = maze.width
    dist = length(w)
    h = estimate(maze, "euclidean", maze.goals)
    start, goals = maze.start, set(maze.goals)
    trace = Trace(KINDS) if watch else None
    parent[start] = start
    g = {start: 0.0}
    mark[start] = M_FRONTIER
    if watch:
        trace.add(SEEN, start)
    order = 0
    open_heap = [(h(start), h(start), order, start)]
    push, pop, visited, frontier = heapq.heappush, heapq.heappop, M_VISITED, M_FRONTIER
    reached = None
    while open_heap:
        p = pop(open_heap)[3]
        if mark[p] == visited:
            continue
        mark[p] = visited
        if watch:
            trace.add(EXPAND, p)
        if lazy and not sight(wall, w, parent[p], p):
            # The parent was assumed in sight: it is not, so the best closed neighbour becomes it.
            best = None
            for d, d2 in tables[side[p]]:
                q = p + d2
                if not wall[p + d] and mark[q] == visited and q != p:
                    way = g[q] + dist(q, p)
                    if best is None or way < best[0] - EPS:
                        best = (way, q)
            g[p], parent[p] = best
        if p in goals:
            reached = p
            break
        g_p, up = g[p], parent[p]
        g_up = g[up]
        for d, d2 in tables[side[p]]:
            q = p + d2
            if wall[p + d] or mark[q] == visited:
                continue
            if lazy or sight(wall, w, up, q):
                way_in, via = g_up + dist(up, q), up
            else:
                way_in, via = g_p + dist(p, q), p
            if way_in >= g.get(q, way_in + 1) - EPS:
                continue
            g[q] = way_in
            parent[q] = via
            hq = h(q)
            order += 1
            push(open_heap, (way_in + hq, hq, order, q))
            if mark[q] != frontier:
                mark[q] = frontier
                if watch:
                    trace.add(SEEN, q)
        if watch and trace.full():
            yield trace.batch()
    if watch:
        yield trace.batch()
    if reached is None:
        return (yield from end(maze, None, watch))
    return (yield from finish(maze, path_to(parent, reached), g[reached], watch))
