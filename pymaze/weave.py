"""Weave mazes: a square grid whose passages may run under a straight corridor (see ``pymaze.graph``).

Cells are unit squares in w x h rows, row-major.  Besides its four neighbours N, E, S, W a cell
has a tunnel candidate to each cell two away in a line (NN, EE, SS, WW): a passage that runs
under the middle cell.  The lattice lists them clockwise, each tunnel after the neighbour it
passes: N, NN, E, EE, S, SS, W, WW (at most one of a pair is ever open, so a wall follower's
clockwise order holds).

The rule (``Rule``): a tunnel may open only under a middle cell whose passages are exactly the
two that run straight across it, so never under a dead end, a turn, a junction or another
tunnel; and a cell with a tunnel under it (bridged) gains or loses no passage.  A generator
that opens only into cells outside its tree keeps the rule for good by asking ``may_open`` at
each opening: when a tunnel opens, the bridged cell and all four of its neighbours are in the
tree already, so nothing opens into it later.

The drawing is the square grid's, plus per tunnel its middle cell and the two walls it passes
under (``covers``): where a tunnel is open those walls are drawn with a gap and the middle cell
carries the bridge, its two rails along the corridor above and the tunnel's mouths below them.
"""

from array import array

from .numbering import along

STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))   # N, E, S, W
GAP = 0.25                                    # the tunnel's half width, and the rails' distance from the centre


def nbrs(w, h, on=None):
    """A function ``raw -> [N, NN, E, EE, S, SS, W, WW]``: the raw neighbours of a raw cell, -1 for
    the outer edge (N, E, S, W only: a tunnel that would leave the grid, or pass under or reach a
    switched-off cell when ``on`` says which are on, is left out)."""
    def out(raw):
        x, y = raw % w, raw // w
        res = []
        for dx, dy in STEPS:
            x1, y1, x2, y2 = x + dx, y + dy, x + 2 * dx, y + 2 * dy
            res.append(y1 * w + x1 if 0 <= x1 < w and 0 <= y1 < h else -1)
            if 0 <= x2 < w and 0 <= y2 < h and (on is None or on[y1 * w + x1] and on[y2 * w + x2]):
                res.append(y2 * w + x2)
        return res
    return out


def tunnels(lat):
    """``(middle, under)`` of a weave lattice: ``middle[k]``, the cell passage ``n + k`` runs under
    (-1: an ordinary passage between neighbours); ``under[2 * p]`` and ``under[2 * p + 1]``, the
    tunnels under cell ``p`` from west to east and from north to south, each as its passage's
    offset from ``p`` (0: none)."""
    w, raw, cell, n = lat.w, lat.raw, lat._cell, lat.n
    middle, under = array("i", [-1]) * lat.m, array("i", [0]) * (2 * n)
    if lat.mask is None and w >= 3:   # a row at a time: a tunnel's middle is the cell half way
        for dq, side in ((2, 0), (2 * w, 1)):
            for p0, p1, dv in along(lat, dq):
                middle[p0 + dv - n:p1 + dv - n] = array("i", range(p0 + dq // 2, p1 + dq // 2))
                under[2 * (p0 + dq // 2) + side:2 * (p1 + dq // 2):2] = array("i", [dv - dq // 2]) * (p1 - p0)
        return middle, under
    for k in range(lat.m):
        a, b = raw[lat.ends[2 * k]], raw[lat.ends[2 * k + 1]]
        if abs(a % w - b % w) == 2 or abs(a // w - b // w) == 2:
            mid = cell[(a + b) // 2]
            middle[k] = mid
            under[2 * mid + (a % w == b % w)] = n + k - mid
    return middle, under


def under(lat, p):
    """The tunnels under cell ``p``: their passages."""
    return [p + d for d in lat.under[2 * p:2 * p + 2] if d]


class Rule:
    """Which passages of a weave maze may open or close now (see the module's docstring)."""

    def __init__(self, maze):
        lat = maze.lattice
        self.wall, self.tables, self.n = maze.wall, lat.tables, lat.n
        self.middle, self.under, self.ends = lat.middle, lat.under, lat.ends

    def bridged(self, p):
        """Does an open tunnel run under cell ``p``?"""
        wall, under = self.wall, self.under
        a, b = under[2 * p], under[2 * p + 1]
        return a and not wall[p + a] or b and not wall[p + b]

    def may_open(self, p, via, q):
        """May passage ``via`` between cells ``p`` and ``q`` open now?  Not at a bridged cell; a
        tunnel only under a cell whose open passages are exactly the two across it."""
        if self.bridged(p) or self.bridged(q):
            return False
        m = self.middle[via - self.n]
        if m < 0:
            return True
        along, wall, count = m - p, self.wall, 0
        for dv, dq in self.tables[m]:
            if not wall[m + dv]:
                if dq == along or dq == -along or self.middle[m + dv - self.n] >= 0:
                    return False   # a passage along the tunnel, or a tunnel of its own: no straight corridor across
                count += 1
        return count == 2

    def may_close(self, via):
        """May passage ``via`` close now?  Not when it is a bridged cell's."""
        k = via - self.n
        return not (self.bridged(self.ends[2 * k]) or self.bridged(self.ends[2 * k + 1]))


def fault(maze):
    """The first open tunnel of a weave maze that breaks the rule, in words ("" when all keep it): a
    tunnel keeps it when it could open with everything else as it is (``Rule.may_open``)."""
    lat, wall = maze.lattice, maze.wall
    rule, n = Rule(maze), lat.n
    for k in range(lat.m):
        if lat.middle[k] >= 0 and not wall[n + k]:
            a, b = lat.ends[2 * k], lat.ends[2 * k + 1]
            if not rule.may_open(a, n + k, b):
                return (f"the tunnel between cells {a} and {b} runs under cell {lat.middle[k]}, whose open "
                        "passages must be exactly the two straight across it (and no tunnel may end at a bridged cell)")
    return ""


def crossings(maze, rng, rule, share=1 / 3):
    """Crossings placed in a closed weave maze before a generator joins the rest (Buck's weave
    Kruskal): for the cells in random order, at a ``share`` of those whose four neighbours are there
    and none of the five in a crossing yet, a corridor through the cell one way and a tunnel under
    it the other.  Their passages, each as ``~via``, in the order to open them (the corridor's two,
    then the tunnel, which ``rule`` allows only once the corridor is open); the maze is unchanged."""
    lat, wall = maze.lattice, maze.wall
    tables, n = lat.tables, lat.n

    def via(p, q):
        return next(p + dv for dv, dq in tables[p] if p + dq == q)
    order = list(range(n))
    rng.shuffle(order)
    used, out = bytearray(n), []
    for m in order:
        if rng.random() >= share:
            continue
        x, y = lat.position(m)
        around = [lat.cell_at(x + dx, y + dy) if 0 <= x + dx < lat.w and 0 <= y + dy < lat.h else -1
                  for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0))]   # N, S, W, E
        if min(around) < 0 or used[m] or any(used[q] for q in around):
            continue
        a, b, c, d = around if rng.random() < 0.5 else around[2:] + around[:2]
        over, under = (via(a, m), via(m, b)), via(c, d)   # the corridor a-m-b over the tunnel c-d
        for v in over:
            wall[v] = 0
        ok = rule.may_open(c, under, d)
        for v in over:
            wall[v] = 1
        if ok:
            used[m] = 1
            for q in around:
                used[q] = 1
            out += [~over[0], ~over[1], ~under]
    return out


def drawing(lat):
    """The drawing of a weave lattice (see ``Lattice.drawing``): unit squares, a wall segment per
    ordinary passage, and per tunnel (``tunnels``, its passage index) its ``middles`` cell, the
    two walls it passes under (``covers``, two passage indices each), what to draw while it is
    open: ``bridges``, eight segments (32 floats, ``bridge``: six walls, then the tunnel's two
    hidden edges under the bridge, drawn dashed), and ``cuts``, each covered wall's two end
    pieces (16 floats, ``gapped``).  A tunnel's own segment is the line from one end's centre
    to the other's; it is never drawn as a wall."""
    w, n, tables, raw = lat.w, lat.n, lat.tables, lat.raw
    polygons, starts = array("d"), array("i", [0])
    walls, border = array("d", [0.0]) * (4 * lat.m), array("d")
    for p, k in enumerate(raw):
        x, y = k % w, k // w
        pts = [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)]
        for px, py in pts:
            polygons.append(px)
            polygons.append(py)
        starts.append(starts[-1] + 4)
        ordinary = {dq: dv for dv, dq in tables[p] if lat.middle[p + dv - n] < 0}
        for side, (dx, dy) in enumerate(STEPS):
            (ax, ay), (bx, by) = pts[side], pts[(side + 1) % 4]
            q = lat.cell_at(x + dx, y + dy)
            if q < 0 or q - p not in ordinary:
                border.extend((ax, ay, bx, by))
            elif q > p:
                v = 4 * (p + ordinary[q - p] - n)
                walls[v:v + 4] = array("d", (ax, ay, bx, by))
    tunnel, middles, covers, bridges, cuts = array("i"), array("i"), array("i"), array("d"), array("d")
    between = {}
    for k in range(lat.m):
        between[lat.ends[2 * k], lat.ends[2 * k + 1]] = n + k
    for k in range(lat.m):
        m = lat.middle[k]
        if m < 0:
            continue
        a, b = lat.ends[2 * k], lat.ends[2 * k + 1]
        (ax, ay), (bx, by) = lat.centre(a), lat.centre(b)
        walls[4 * k:4 * k + 4] = array("d", (ax, ay, bx, by))
        tunnel.append(n + k)
        middles.append(m)
        for end in (a, b):
            v = between[min(end, m), max(end, m)]
            covers.append(v)
            for seg in gapped(walls[4 * (v - n):4 * (v - n) + 4]):
                cuts.extend(seg)
        cx, cy = lat.centre(m)
        for seg in bridge(cx, cy, (bx - ax) / 2, (by - ay) / 2):
            bridges.extend(seg)
    return {"cells": array("i", range(n)), "polygons": polygons, "starts": starts,
            "passages": array("i", range(n, n + lat.m)), "walls": walls, "border": border,
            "bounds": lat.bounds(), "tunnels": tunnel, "middles": middles, "covers": covers,
            "bridges": bridges, "cuts": cuts}


def bridge(cx, cy, dx, dy, gap=GAP):
    """The bridge over an open tunnel whose middle cell is centred at ``(cx, cy)`` and which runs
    along the unit vector ``(dx, dy)``: segments ``(x0, y0, x1, y1)`` in maze units, the two rails
    of the corridor above (across the tunnel, the cell's full length) and the four short walls of
    the tunnel's mouths (from each covered wall to a rail); then the tunnel's two edges hidden
    under the bridge (from rail to rail), which a drawing dashes."""
    ox, oy = -dy, dx   # across the tunnel
    out = []
    for s in (-1, 1):
        rx, ry = cx + s * gap * dx, cy + s * gap * dy
        out.append((rx - 0.5 * ox, ry - 0.5 * oy, rx + 0.5 * ox, ry + 0.5 * oy))
        for t in (-1, 1):
            mx, my = cx + t * gap * ox, cy + t * gap * oy
            out.append((mx + s * 0.5 * dx, my + s * 0.5 * dy, mx + s * gap * dx, my + s * gap * dy))
    for t in (-1, 1):
        mx, my = cx + t * gap * ox, cy + t * gap * oy
        out.append((mx - gap * dx, my - gap * dy, mx + gap * dx, my + gap * dy))
    return out


def gapped(seg, gap=GAP):
    """A covered wall with the tunnel's mouth cut out: its two end pieces."""
    x0, y0, x1, y1 = seg
    f = 0.5 - gap
    return [(x0, y0, x0 + f * (x1 - x0), y0 + f * (y1 - y0)), (x1 - f * (x1 - x0), y1 - f * (y1 - y0), x1, y1)]
