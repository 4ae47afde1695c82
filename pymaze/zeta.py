"""Zeta mazes: square cells with eight directions, no two diagonal passages crossing (see ``pymaze.graph``).

Cells are unit squares in w x h rows, row-major.  A cell meets its eight neighbours clockwise
N, NE, E, SE, S, SW, W, NW: the four it shares a side with and the four it shares only a corner
with.  The two diagonals of one 2 x 2 block (its NW-SE one and its NE-SW one) cross at the
block's middle corner, so never both open.

The rule (``Rule``): a diagonal passage may open only while the one crossing it is closed.  A
generator keeps it by asking ``may_open`` at each opening; nothing else is refused (orthogonal
passages always may open, and any passage may close).

The drawing: the square grid's walls between side neighbours; a diagonal passage is no side,
its segment a point at the corner it runs through (never drawn as a wall).  An open diagonal is
drawn as a corridor through that corner (``bands``): a small diamond about the corner, each half
in the colour of the cell on its side, and two rails along the corridor that cut off the
corners of the two cells beside it (so the walls meeting at the corner stop short of it).
"""

from array import array

from .numbering import along
from .worlds import corners

STEPS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))  # N, NE, E, SE, S, SW, W, NW
CUT = 0.3  # maze units from a corner to where an open diagonal's rails meet the walls


def nbrs(w, h):
    """A function ``raw -> [N, NE, E, SE, S, SW, W, NW]``: the raw neighbours of a raw cell (-1: off the grid)."""
    def out(raw):
        x, y = raw % w, raw // w
        return [(y + dy) * w + x + dx if 0 <= x + dx < w and 0 <= y + dy < h else -1 for dx, dy in STEPS]
    return out


def crossings(lat):
    """``cross[k]``: the passage that crosses passage ``n + k`` (the other diagonal of its 2 x 2
    block), or -1 (an orthogonal passage, or a diagonal whose crossing one is not in the lattice)."""
    w, raw, n, ends, tables = lat.w, lat.raw, lat.n, lat.ends, lat.tables
    cross = array("i", [-1]) * lat.m
    if lat.mask is None and w >= 3:   # a row at a time: p's SE diagonal crosses p + 1's SW one
        for p0, p1, dv in along(lat, w + 1):
            sw = next((d for d, dq in tables[p0] if dq == w - 1), None)
            if sw is not None and p1 - p0 > 1:   # the run's cells but its last: all at once
                cross[p0 + dv - n:p1 - 1 + dv - n] = array("i", range(p0 + 1 + sw, p1 + sw))
                cross[p0 + 1 + sw - n:p1 + sw - n] = array("i", range(p0 + dv, p1 - 1 + dv))
            p = p1 - 1                           # the last: its neighbour p + 1 starts another run
            sw = next((d for d, dq in tables[p + 1] if dq == w - 1), None)
            if sw is not None:
                cross[p + dv - n], cross[p + 1 + sw - n] = p + 1 + sw, p + dv
        return cross
    block = {}  # the top left cell of a 2 x 2 block -> its diagonal passages
    for k in range(lat.m):
        a, b = raw[ends[2 * k]], raw[ends[2 * k + 1]]   # (a is in the row above b)
        if a % w != b % w and a // w != b // w:
            corner = a // w * w + min(a % w, b % w)
            block[corner] = block.get(corner, ()) + (n + k,)
    for pair in block.values():
        if len(pair) == 2:
            cross[pair[0] - n], cross[pair[1] - n] = pair[1], pair[0]
    return cross


class Rule:
    """Which passages of a zeta maze may open or close now (see the module's docstring)."""

    def __init__(self, maze):
        self.wall, self.cross, self.n = maze.wall, maze.lattice.cross, maze.lattice.n

    def may_open(self, p, via, q):
        """May passage ``via`` between cells ``p`` and ``q`` open now?  Not a diagonal whose crossing one is open."""
        c = self.cross[via - self.n]
        return c < 0 or self.wall[c] != 0

    def may_close(self, via):
        """Every passage may close."""
        return True


def chebyshev(lat, targets):
    """``h(p)``: the fewest moves from cell ``p`` to the nearest of ``targets`` on an open grid of
    eight directions (a diagonal move is one move, as every move of a graph shape)."""
    w, raw = lat.w, lat.raw
    goals = [(raw[t] % w, raw[t] // w) for t in targets]

    def h(p):
        y, x = divmod(raw[p], w)
        return min(max(abs(x - gx), abs(y - gy)) for gx, gy in goals)
    return h


def drawing(lat):
    """The drawing of a zeta lattice (see ``Lattice.drawing``): unit squares, a wall segment per
    passage between side neighbours, the border, and per diagonal passage (``diagonals``, its
    passage index) a point at the corner it runs through as its segment, the two cells beside
    that corner (``beside``, -1 for one that is off) and what to draw while it is open
    (``bands``, 24 floats: the diamond's half on the lower-numbered cell's side and the half on
    the other's, four points each, then the two rails, a segment each)."""
    w, n, tables, raw = lat.w, lat.n, lat.tables, lat.raw
    polygons, starts = array("d"), array("i", [0])
    walls, border = array("d", [0.0]) * (4 * lat.m), array("d")
    diagonals, beside, bands = array("i"), array("i"), array("d")
    for p, k in enumerate(raw):
        pts = corners(w, k)     # (the square's sides N, E, S, W: the side neighbours' walls)
        polygons.extend(c for pt in pts for c in pt)
        starts.append(starts[-1] + 4)
        x, y = pts[0]
        via = {dq: dv for dv, dq in tables[p]}
        for side, (dx, dy) in enumerate(STEPS[0::2]):
            q = lat.cell_at(x + dx, y + dy)
            (ax, ay), (bx, by) = pts[side], pts[(side + 1) % 4]
            if q < 0:
                border.extend((ax, ay, bx, by))
            elif q > p:
                v = 4 * (p + via[q - p] - n)
                walls[v:v + 4] = array("d", (ax, ay, bx, by))
        for dx, dy in STEPS[1::2]:
            q = lat.cell_at(x + dx, y + dy)
            if q <= p:
                continue
            v = p + via[q - p]
            cx, cy = x + (dx > 0), y + (dy > 0)   # the corner the diagonal runs through
            walls[4 * (v - n):4 * (v - n) + 4] = array("d", (cx, cy, cx, cy))
            diagonals.append(v)
            beside.append(lat.cell_at(x + dx, y))
            beside.append(lat.cell_at(x, y + dy))
            bands.extend(band(cx, cy, dx, dy))
    return {"cells": array("i", range(n)), "polygons": polygons, "starts": starts,
            "passages": array("i", range(n, n + lat.m)), "walls": walls, "border": border,
            "bounds": lat.bounds(), "diagonals": diagonals, "beside": beside, "bands": bands}


def band(cx, cy, dx, dy, cut=CUT):
    """An open diagonal's corridor through corner ``(cx, cy)``, from the cell on the ``(-dx, -dy)``
    side to the one on the ``(dx, dy)`` side: 24 floats, the diamond about the corner in two
    halves (the first cell's, then the other's, four corners each, split across the corridor),
    then the two rails (the diamond's sides the corridor does not cross)."""
    N, E, S, W = (cx, cy - cut), (cx + cut, cy), (cx, cy + cut), (cx - cut, cy)

    def mid(a, b):
        return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    if dx == dy:    # NW to SE: the corridor crosses the diamond's NW and SE sides
        first, second = [mid(S, W), W, N, mid(N, E)], [mid(N, E), E, S, mid(S, W)]
        rails = [N, E, S, W]
    else:           # NE to SW
        first, second = [mid(W, N), N, E, mid(E, S)], [mid(E, S), S, W, mid(W, N)]
        rails = [W, N, E, S]
    if dy < 0:      # (the first cell is always the one above)
        first, second = second, first
    return [c for pt in first + second + rails for c in pt]
