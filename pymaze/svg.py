"""SVG of any maze (square thin-wall and block views, hex, triangle, polar, masked), in plain SVG 1.1.

``Scene`` turns a maze into pixels once: each node's polygon and centre, and
the wall segments (every closed passage and the border) from
``Maze.drawing()``; the SVG writer here and the Pillow renderer in
``pymaze.animate`` both draw from it.  Walls are chained into long
polylines, all in one ``<path>``: a wall segment is two consecutive points
of a subpath.  A block maze's wall squares are merged into row runs, one
``M x y h w v u h -w z`` rectangle each.  The route is one polyline through
the centres of its cells; S and every goal get a disc and a letter; numbers
(``num - 1``) are written on their cells, and heat fills the cells on the
page's perceptual ramp (``web/board/palette.js``).  Coordinates are rounded to
1/100 px and written the same way everywhere, so the same maze gives the
same bytes in CPython and in the page's Pyodide.
"""

import colorsys
import math
from xml.sax.saxutils import escape

from .errors import ParameterError, shown
from .maze import check_maze
from .weave import GAP
from .worlds import stair_marks

# The page's colours (web/board/palette.js; a test keeps the two equal).
WALL, START, GOAL, ROUTE, TEXT, FLOOR = "#1e293b", "#16a34a", "#dc2626", "#c2410c", "#0f172a", "#ffffff"
RAMP = ("#fde725", "#a0da39", "#4ac16d", "#1fa187", "#277f8e", "#365c8d", "#46327e", "#440154")
MARKS = {0: "#ffffff", 1: "#e11d48", 2: "#f59e0b", 3: "#38bdf8", 4: "#c7d2fe", 5: "#fdba74", 6: "#4ade80",
         7: "#d9f99d", 8: "#94a3b8", 9: "#e9d5ff", 10: "#fca5a5", 11: "#e0f2fe", 12: "#0d9488"}

UNITS = {"thin": 24, "block": 12, "hex": 14, "triangle": 34, "polar": 20, "cylinder": 24, "torus": 24, "moebius": 24, "upsilon": 24, "levels": 24,
         "weave": 24, "zeta": 24}  # px per maze unit
MARGIN = 6  # px around the maze


def _rgb(c):
    return tuple(int(c[i:i + 2], 16) for i in (1, 3, 5))


def heat(d, top):
    """Distance ``d`` of a run whose largest distance is ``top`` as ``#rrggbb`` on the ramp (near: light)."""
    t = max(0.0, min(1.0, d / top if top > 0 else 0.0)) * (len(RAMP) - 1)
    i = min(len(RAMP) - 2, int(t))
    f = t - i
    a, b = _rgb(RAMP[i]), _rgb(RAMP[i + 1])
    return "#%02x%02x%02x" % tuple(round(a[k] + (b[k] - a[k]) * f) for k in range(3))


def ink(colour):
    """Text colour on ``colour``: dark on light, white on dark (relative luminance, as the page)."""
    def lin(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = _rgb(colour)
    return TEXT if 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b) > 0.2 else "#ffffff"


def num(v):
    """A coordinate as the shortest text of its value rounded to 1/100 (no '-0')."""
    text = f"{v:.2f}".rstrip("0").rstrip(".")  # the same digits as round(v, 2), one call fewer
    return "0" if text == "-0" else text


class Scene:
    """A maze in pixels: ``width`` x ``height``, node polygons and centres, wall segments.

    ``unit``: px per maze unit (a cell side; default ``UNITS`` of the maze's view).
    """

    def __init__(self, maze, unit=None, margin=MARGIN):
        check_maze(maze)
        self.maze = maze
        self.view = "block" if maze.geometry == "block" else maze.shape if maze.lattice is not None else "thin"
        self.unit = u = float(unit or UNITS[self.view])
        self.margin = margin
        if self.view == "block":
            self.drawn = None
            x0, y0, x1, y1 = 0.0, 0.0, float(maze.width), float(maze.height)
        else:
            self.drawn = maze.drawing()
            x0, y0, x1, y1 = self.drawn["bounds"]
            self.slot = {p: k for k, p in enumerate(self.drawn["cells"])}
        self.x0, self.y0 = x0, y0
        self.width = math.ceil(u * (x1 - x0) + 2 * margin)
        self.height = math.ceil(u * (y1 - y0) + 2 * margin)

    def px(self, x, y):
        return self.margin + self.unit * (x - self.x0), self.margin + self.unit * (y - self.y0)

    def nodes(self):
        """The nodes drawn as polygons: every square (block view), every cell (the others)."""
        return range(len(self.maze.wall)) if self.drawn is None else self.drawn["cells"]

    def polygon(self, p):
        """Node ``p``'s corners in px, clockwise."""
        if self.drawn is None:
            w = self.maze.width
            x, y = p % w, p // w
            return [self.px(*c) for c in ((x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1))]
        k = self.slot[p]
        a, b, pts = self.drawn["starts"][k], self.drawn["starts"][k + 1], self.drawn["polygons"]
        return [self.px(pts[2 * i], pts[2 * i + 1]) for i in range(a, b)]

    def centre(self, p):
        """Node ``p``'s centre in px."""
        m = self.maze
        if m.lattice is not None:
            return self.px(*m.lattice.centre(p))
        x, y = p % m.width, p // m.width
        if self.view == "thin":
            return self.px((x - 1) / 2 + 0.5, (y - 1) / 2 + 0.5)
        return self.px(x + 0.5, y + 0.5)

    def segments(self, wall=None, bridges=True):
        """The walls as px segments ``((x0, y0), (x1, y1))``: each closed passage (in ``wall``, a wall
        layer of a maze of this shape; default the scene's maze's), then the border (thin and graph
        views; a block maze's walls are its wall squares).  A weave maze's tunnel is no wall: where
        one is open, the walls it passes under have its mouth cut out, and (``bridges``) the bridge
        over it follows (``bridge_segments``)."""
        d, g, out = self.drawn, self.maze.wall if wall is None else wall, []
        walls, tunnels = d["walls"], d.get("tunnels", ())  # (a zeta maze's diagonal: a point, never a wall)
        cuts = {c: d["cuts"][8 * i:8 * i + 8] for j, t in enumerate(tunnels) if not g[t]
                for i, c in enumerate(d["covers"][2 * j:2 * j + 2], 2 * j)}
        skip = set(tunnels)
        for k, v in enumerate(d["passages"]):
            if g[v] and v not in skip and (walls[4 * k], walls[4 * k + 1]) != (walls[4 * k + 2], walls[4 * k + 3]):  # (a stair: a point)
                seg = cuts.get(v, walls[4 * k:4 * k + 4])
                for i in range(0, len(seg), 4):
                    out.append((self.px(seg[i], seg[i + 1]), self.px(seg[i + 2], seg[i + 3])))
        ww = d.get("wrap_walls", ())  # a closed passage across a seam is a wall at both edges
        for k, v in enumerate(d.get("wraps", ())):
            if g[v]:
                out.append((self.px(ww[4 * k], ww[4 * k + 1]), self.px(ww[4 * k + 2], ww[4 * k + 3])))
        b = d["border"]
        for j in range(0, len(b), 4):
            out.append((self.px(b[j], b[j + 1]), self.px(b[j + 2], b[j + 3])))
        if bridges:
            out += [seg for segs in self.bridge_segments(g) for seg in segs[:6]]
        return out

    def bridge_segments(self, wall=None):
        """A weave maze: per open tunnel, the bridge over it (the drawing's ``bridges``: its walls,
        without the tunnel's hidden edges, ``hidden=False``) as px segments."""
        d, g, out = self.drawn, self.maze.wall if wall is None else wall, []
        for j, t in enumerate(d.get("tunnels", ()) if d else ()):
            if not g[t]:
                b = d["bridges"][32 * j:32 * j + 32]
                out.append([(self.px(b[i], b[i + 1]), self.px(b[i + 2], b[i + 3])) for i in range(0, 32, 4)])
        return out

    def corridors(self, wall=None):
        """A zeta maze: per open diagonal passage, ``(a, b, half_a, half_b, rails)``: its two cells,
        the halves of the diamond about the corner it runs through (px polygons, to fill in each
        cell's colour over the walls meeting there) and its two rails (px segments)."""
        d, g, out = self.drawn, self.maze.wall if wall is None else wall, []
        if d is None:
            return out
        lat = self.maze.lattice
        for j, v in enumerate(d.get("diagonals", ())):
            if not g[v]:
                b = d["bands"][24 * j:24 * j + 24]
                pts = [self.px(b[i], b[i + 1]) for i in range(0, 24, 2)]
                k = v - lat.n
                out.append((lat.ends[2 * k], lat.ends[2 * k + 1], pts[0:4], pts[4:8], [pts[8:10], pts[10:12]]))
        return out

    def wall_runs(self):
        """A block maze's wall squares as row runs ``(x, y, length)`` in squares."""
        m, out = self.maze, []
        w, g = m.width, m.wall
        for y in range(m.height):
            x = 0
            while x < w:
                if g[y * w + x]:
                    x1 = x
                    while x1 < w and g[y * w + x1]:
                        x1 += 1
                    out.append((x, y, x1 - x))
                    x = x1
                else:
                    x += 1
        return out


def chains(segments):
    """The segments joined into polylines (lists of points), each segment used once.

    Points are compared rounded to 1/100 px.  Walks start at vertices of odd degree (where a
    polyline must end) in order of appearance, then anywhere left; at each vertex the walk goes
    straight on when it can, else takes the first unused segment there.  Deterministic.
    """
    at, pts, ends = {}, {}, []
    for i, (a, b) in enumerate(segments):  # each point's key once: this loop is most of the time
        ka, kb = (round(a[0] * 100), round(a[1] * 100)), (round(b[0] * 100), round(b[1] * 100))
        ends.append((ka, kb))
        for k, pt in ((ka, a), (kb, b)):
            if k in at:
                at[k].append(i)
            else:
                at[k], pts[k] = [i], pt
    used = bytearray(len(segments))
    lines = []
    order = [k for k, segs in at.items() if len(segs) % 2] + list(at)
    for k in order:
        while True:
            first = next((i for i in at[k] if not used[i]), None)
            if first is None:
                break
            line, here, seg = [pts[k]], k, first
            while seg is not None:
                used[seg] = 1
                a, b = ends[seg]
                nxt = b if a == here else a
                line.append(pts[nxt])
                dx, dy = nxt[0] - here[0], nxt[1] - here[1]
                here = nxt
                free = [i for i in at[here] if not used[i]]
                seg = None
                for i in free:
                    a, b = ends[i]
                    o = b if a == here else a
                    if (o[0] - here[0]) * dy == (o[1] - here[1]) * dx and (o[0] - here[0]) * dx + (o[1] - here[1]) * dy > 0:
                        seg = i
                        break
                if seg is None and free:
                    seg = free[0]
            lines.append(line)
    return lines


def polyline(points):
    """``M x y L x y x y ...`` for one polyline."""
    head, rest = points[0], points[1:]
    return f"M{num(head[0])} {num(head[1])}L" + " ".join(f"{num(x)} {num(y)}" for x, y in rest)


def _route_nodes(maze, route):
    if route is None:
        return []
    if isinstance(route, (str, bytes, bytearray, dict)) or not hasattr(route, "__iter__"):
        raise ParameterError(f"route must be None or a list of node indices; got {shown(route)}")
    route = list(route)
    bad = next((p for p in route if not maze.is_node(p)), None)
    if bad is not None:
        raise ParameterError(f"route must hold open nodes of the maze only; {shown(bad)} is not one")
    return route


def to_svg(maze, route=None, numbers=False, heat_map=None, title=None, unit=None):
    """The maze as an SVG 1.1 document (a str).

    ``route``: node indices from S (a Solution's ``squares``) drawn as a line; ``numbers``: write each
    node's number (``num - 1``, a wave's distance) on it; ``heat_map`` (default: as ``numbers``): fill
    the numbered nodes on the ramp; ``title``: the document's title; ``unit``: px per cell side.
    """
    if title is not None and not isinstance(title, str):
        raise ParameterError(f"title must be a text or None; got {shown(title)}")
    if unit is not None and (isinstance(unit, bool) or not isinstance(unit, (int, float)) or not 1 <= unit <= 1000):
        raise ParameterError(f"unit must be a number of pixels from 1 to 1000 (or None); got {shown(unit)}")
    scene = Scene(maze, unit)
    route = _route_nodes(maze, route)
    heat_map = numbers if heat_map is None else heat_map
    W, H, u = scene.width, scene.height, scene.unit
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{W}" height="{H}" viewBox="0 0 {W} {H}">',
           f"<title>{escape(title or describe(maze))}</title>",
           f'<rect width="{W}" height="{H}" fill="{FLOOR}"/>']
    numbered = [p for p in scene.nodes() if maze.num[p] > 0 and not maze.wall[p]] if numbers or heat_map else []
    top = max((maze.num[p] - 1 for p in numbered), default=0)
    if heat_map and numbered:
        by_colour = {}
        for p in numbered:
            by_colour.setdefault(heat(maze.num[p] - 1, top), []).append(p)
        for colour in sorted(by_colour):
            d = "".join(polyline(scene.polygon(p)) + "Z" for p in by_colour[colour])
            out.append(f'<path class="heat" fill="{colour}" d="{d}"/>')
    if scene.view == "block":
        d = "".join(f"M{num(scene.px(x, y)[0])} {num(scene.px(x, y)[1])}h{num(n * u)}v{num(u)}h{num(-n * u)}z"
                    for x, y, n in scene.wall_runs())
        out.append(f'<path class="walls" fill="{WALL}" d="{d}"/>')
    else:
        off = [p for p in scene.nodes() if maze.wall[p]]  # cells never opened
        if off:
            d = "".join(polyline(scene.polygon(p)) + "Z" for p in off)
            out.append(f'<path class="closed" fill="{WALL}" d="{d}"/>')
        width = num(max(1.5, u / 10))
        d = "".join(polyline(line) for line in chains(scene.segments(bridges=False)))
        out.append(f'<path class="walls" fill="none" stroke="{WALL}" stroke-width="{width}" '
                   f'stroke-linecap="round" stroke-linejoin="round" d="{d}"/>')
        for segs in scene.bridge_segments():  # a weave maze: the corridor above each open tunnel
            d = "".join(polyline(line) for line in chains(segs[:6]))
            hidden = "".join(polyline(line) for line in chains(segs[6:]))
            out.append(f'<g class="bridge"><path fill="none" stroke="{WALL}" stroke-width="{width}" '
                       f'stroke-linecap="round" d="{d}"/><path fill="none" stroke="{WALL}" '
                       f'stroke-width="{num(max(1, u / 24))}" stroke-dasharray="{num(u / 12)}" d="{hidden}"/></g>')
    heat_of = {p: heat(maze.num[p] - 1, top) for p in numbered} if heat_map else {}
    for a, b, half_a, half_b, rails in scene.corridors():  # a zeta maze: the corridor of each open diagonal
        fill_a, fill_b = heat_of.get(a, FLOOR), heat_of.get(b, FLOOR)
        d = "".join(polyline(rail) for rail in rails)
        out.append(f'<g class="diagonal"><path fill="{fill_a}" d="{polyline(half_a)}Z"/><path fill="{fill_b}" '
                   f'd="{polyline(half_b)}Z"/><path fill="none" stroke="{WALL}" stroke-width="{width}" '
                   f'stroke-linecap="round" d="{d}"/></g>')
    out.extend(seam_marks(scene))
    out.extend(stair_svg(scene))
    if len(route) > 1:
        d, wide = "".join(polyline(line) for line in route_lines(scene, route)), num(max(2, u / 8))
        out.append(f'<path class="route" fill="none" stroke="{ROUTE}" stroke-width="{wide}" '
                   f'stroke-linecap="round" stroke-linejoin="round" stroke-opacity="0.75" d="{d}"/>')
        under = "".join(polyline(line) for line in route_under(scene, route))
        if under:   # (a weave maze: the route under a bridge, dashed)
            out.append(f'<path class="route-under" fill="none" stroke="{ROUTE}" stroke-width="{wide}" '
                       f'stroke-dasharray="{num(u / 10)}" stroke-opacity="0.75" d="{under}"/>')
    size = _text_size(scene)
    if numbers and numbered:
        out.append(f'<g class="numbers" font-family="sans-serif" font-size="{num(size)}" text-anchor="middle">')
        for p in numbered:
            x, y = scene.centre(p)
            colour = ink(heat(maze.num[p] - 1, top)) if heat_map else TEXT
            out.append(f'<text x="{num(x)}" y="{num(y + size * 0.35)}" fill="{colour}">{maze.num[p] - 1}</text>')
        out.append("</g>")
    out.extend(_ends(maze, scene, size))
    out.append("</svg>")
    return "\n".join(out) + "\n"


SEAM_LIGHT = (0.45, 0.3, 0.58)   # the seam colours' lightness, in turn (web/board/shapes.js: seamColour)


def seam_hue(k):
    """The colour of seam passage number ``k``: hues far apart for neighbouring rows (a golden-ratio
    step), and the lightness in turn of three, so that rows whose hues come round again apart."""
    light = SEAM_LIGHT[k % len(SEAM_LIGHT)]
    return "#%02x%02x%02x" % tuple(round(255 * c) for c in colorsys.hls_to_rgb((k * 0.618034) % 1.0, light, 0.7))


def seam_arrows(drawing):
    """A maze that wraps around: per seam passage, its colour number and two arrows (each three
    points in maze units), pointing out of the drawing at both ends of the passage."""
    walls, ww, out = drawing["walls"], drawing.get("wrap_walls", ()), []
    n = len(drawing["cells"])
    for k, v in enumerate(drawing.get("wraps", ())):
        j = 4 * (v - n)
        ends = []
        for x0, y0, x1, y1 in (walls[j:j + 4], ww[4 * k:4 * k + 4]):
            mx, my, tx, ty = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2
            # the outward normal of a frame side drawn clockwise around its cell: (ty, -tx)
            ox, oy = ty, -tx
            ends.append([(mx + 0.1 * ox + 0.5 * tx, my + 0.1 * oy + 0.5 * ty), (mx + 0.8 * ox, my + 0.8 * oy),
                         (mx + 0.1 * ox - 0.5 * tx, my + 0.1 * oy - 0.5 * ty)])
        out.append((k, ends))
    return out


def seam_marks(scene):
    """SVG of the seam arrows (``seam_arrows``): matching colours at both ends of each passage."""
    if scene.drawn is None or not scene.drawn.get("wraps"):
        return []
    out = ['<g class="seams">']
    for k, ends in seam_arrows(scene.drawn):
        d = "".join(polyline([scene.px(x, y) for x, y in pts]) + "Z" for pts in ends)
        out.append(f'<path fill="{seam_hue(k)}" d="{d}"/>')
    out.append("</g>")
    return out


STAIR = "#7b4fa0"  # the colour of a stair's mark


def stair_svg(scene):
    """SVG of the open stairs of a maze of levels (``pymaze.worlds.stair_marks``): ▼ down, ▲ up."""
    lat = scene.maze.lattice
    if scene.drawn is None or not scene.drawn.get("stairs"):
        return []
    return [f'<path class="stair-{kind}" fill="{STAIR}" d="{polyline([scene.px(x, y) for x, y in pts])}Z"/>'
            for kind, pts in stair_marks(scene.drawn, lat.ends, scene.maze.wall)]


def route_lines(scene, route):
    """The route as px polylines through the node centres; on a maze that wraps around, a move
    across a seam ends one line half a step past the edge and starts the next half a step before
    the other edge (a stair between levels: one line ends, the next starts, at the two cells); on a
    weave maze, a move through a tunnel ends one line at the bridge's near rail and starts the next
    at its far one (``route_under``: the pieces between, under the bridge)."""
    lat, lines = scene.maze.lattice, [[]]
    prev = None
    for p in route:
        if prev is not None and lat is not None and lat.crosses(prev, p):
            (ax, ay), (bx, by) = lat.centre(prev), lat.centre(p)
            (dx, dy), (ex, ey) = lat.vector(prev, p), lat.vector(p, prev)
            lines[-1].append(scene.px(ax + dx / 2, ay + dy / 2))
            lines.append([scene.px(bx + ex / 2, by + ey / 2)])
        for a, b in _under(lat, prev, p):
            lines[-1].append(scene.px(*a))
            lines.append([scene.px(*b)])
        lines[-1].append(scene.centre(p))
        prev = p
    return lines


def route_under(scene, route):
    """A weave maze's route where it runs under a bridge: a px segment per tunnel it takes, from
    rail to rail (drawn dashed, as the tunnel's sides under the bridge are)."""
    lat = scene.maze.lattice
    return [[scene.px(*a), scene.px(*b)] for prev, p in zip(route, route[1:]) for a, b in _under(lat, prev, p)]


def _under(lat, p, q):
    """``[(a, b)]``, the points in maze units where a move from cell p to q goes under a bridge and
    comes out (a weave tunnel: two cells apart in a line), or ``[]``."""
    if p is None or lat is None or lat.shape != "weave":
        return []
    (px, py), (qx, qy) = lat.position(p), lat.position(q)
    if abs(qx - px) + abs(qy - py) != 2:
        return []
    (ax, ay), (bx, by) = lat.centre(p), lat.centre(q)
    mx, my, dx, dy = (ax + bx) / 2, (ay + by) / 2, (bx - ax) / 2, (by - ay) / 2
    return [((mx - GAP * dx, my - GAP * dy), (mx + GAP * dx, my + GAP * dy))]


def _text_size(scene):
    return max(4.0, scene.unit * {"thin": 0.42, "block": 0.62, "hex": 0.7, "triangle": 0.3, "polar": 0.42}.get(scene.view, 0.42))


def _ends(maze, scene, size):
    """S and every goal: a disc and a letter (``SG`` where S is also a goal)."""
    marks = []
    goals = [p for p in maze.goals if 0 <= p < len(maze.wall)]
    for p in dict.fromkeys([maze.start, *goals]):
        if p < 0 or scene.drawn is not None and p not in scene.slot:
            continue
        letter = ("S" if p == maze.start else "") + ("G" if p in goals else "")
        colour = START if p == maze.start else GOAL
        x, y = scene.centre(p)
        r = size * 1.05
        marks.append(f'<g class="{"start" if colour == START else "goal"}"><circle cx="{num(x)}" cy="{num(y)}" '
                     f'r="{num(r)}" fill="{colour}"/><text x="{num(x)}" y="{num(y + size * 0.35)}" '
                     f'font-family="sans-serif" font-size="{num(size * (1 if len(letter) == 1 else 0.75))}" '
                     f'font-weight="bold" text-anchor="middle" fill="#ffffff">{letter}</text></g>')
    return marks


def describe(maze):
    """A short title: the shape and size."""
    if maze.lattice is not None:
        return f"pymaze: {maze.shape} maze {maze.width}x{maze.height}"
    if maze.geometry == "thin":
        return f"pymaze: maze {maze.cells_w}x{maze.cells_h}"
    return f"pymaze: block maze {maze.width}x{maze.height}"
