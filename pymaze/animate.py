"""Pictures with Pillow: a PNG of a maze at any size, and an animated GIF replayed from a run's events.

Both draw a ``pymaze.svg.Scene`` (the same polygons, centres and wall
segments the SVG has).  A GIF frame is a palette image in a fixed table of
colours (floor, walls, the marks, S, G, the route, the ramp's stops), so a
decoded frame equals ``frame(maze)`` pixel for pixel: frame k shows the
state after ``k * events_per_frame`` events of the generator, then of the
solver (which starts from the generated maze, its marks cleared), and the
last frame shows the end.  Pillow joins a frame that repeats the one before
it to that frame (their times add up).  Pillow is an optional extra:
``pip install pymaze[image]``.
"""

import io
import math

from .errors import ParameterError, PymazeError, shown
from .events import apply
from .run import Run
from .svg import (FLOOR, GOAL, MARKS, RAMP, ROUTE, START, WALL, Scene, _rgb, _route_nodes, _text_size, chains, heat,
                  ink, route_lines, route_under, seam_arrows, seam_hue, STAIR)
from .worlds import stair_mark, stair_marks

MAX_PIXELS = 64_000_000  # the largest picture drawn (8000 x 8000)


class NeedsPillow(PymazeError):
    """Pillow is not installed, and a PNG or a GIF needs it."""


def pillow():
    """``(Image, ImageDraw)`` from Pillow, or NeedsPillow saying how to install it."""
    try:
        from PIL import Image, ImageDraw
    except ImportError:
        raise NeedsPillow("PNG and GIF pictures need Pillow: pip install 'pymaze[image]' (or pip install Pillow); "
                          "an SVG (--format svg) needs nothing") from None
    return Image, ImageDraw


# The GIF's colour table: index -> colour.
TABLE = [FLOOR, WALL, START, GOAL, ROUTE] + [MARKS[k] for k in sorted(MARKS) if k] + list(RAMP)
INDEX = {c: i for i, c in reversed(list(enumerate(TABLE)))}


def _number(value, what, lo, hi, whole=False):
    try:
        v = float(value) if not whole else int(str(value).strip())
    except (TypeError, ValueError):
        v = None
    if v is None or not lo <= v <= hi or isinstance(value, bool):
        kind = "a whole number" if whole else "a number"
        raise ParameterError(f"{what} must be {kind} from {lo} to {hi}; got {shown(value)}")
    return v


def scene_at(maze, scale=None, width=None):
    """The Scene of ``maze`` ``scale`` times the SVG's size, or ``width`` px wide (not both)."""
    if scale is not None and width is not None:
        raise ParameterError("give a scale or a width in pixels, not both")
    base = Scene(maze)
    k = 1.0
    if scale is not None:
        k = _number(scale, "scale", 0.05, 50)
    elif width is not None:
        k = _number(width, "width in pixels", 16, 8000, whole=True) / base.width
    if base.width * base.height * k * k > MAX_PIXELS:
        raise ParameterError(f"a {round(base.width * k)}x{round(base.height * k)} picture is over "
                             f"{MAX_PIXELS:,} pixels; ask for a smaller scale or width")
    if k == 1.0:
        return base
    scene = Scene(maze, base.unit * k, base.margin * k)
    if width is not None:  # exactly as wide as asked, as tall as the SVG's shape says (as the page's PNG)
        scene.width, scene.height = int(width), max(1, round(int(width) * base.height / base.width))
    return scene


def _top(nums, nodes):
    """The largest number (``num - 1``) on ``nodes``, 0 when none: the top of the heat ramp."""
    return max(max((nums[p] for p in nodes), default=0) - 1, 0)


def _fill(maze, p, numbers, marks, top):
    """Node ``p``'s fill colour (None: the floor shows)."""
    if maze.wall[p]:
        return WALL
    if marks and maze.mark[p]:
        return MARKS.get(maze.mark[p])
    n = maze.num[p]
    return heat(n - 1, top) if numbers and n > 0 else None


def _line_width(scene):
    return max(1, round(max(1.5, scene.unit / 10)))


def _segment(pen, a, b, lw, fill):
    """One wall segment with round caps (a union of these looks the same in any order)."""
    pen.line([a, b], fill=fill, width=lw)
    for x, y in (a, b):
        pen.ellipse((x - lw / 2, y - lw / 2, x + lw / 2, y + lw / 2), fill=fill)


def _corridor(pen, corridor, fill_of, lw, wall):
    """A zeta maze's open diagonal (``Scene.corridors``): the diamond's halves in its cells' colours
    (``fill_of(cell)``) over the walls meeting at its corner, then its two rails."""
    a, b, half_a, half_b, rails = corridor
    pen.polygon(half_a, fill=fill_of(a))
    pen.polygon(half_b, fill=fill_of(b))
    for p, q in rails:
        _segment(pen, p, q, lw, wall)


def _end_discs(maze, scene):
    """S and every goal drawn: ``(node, box, colour)`` of each disc."""
    size, out = _text_size(scene), []
    for p in dict.fromkeys([maze.start, *maze.goals]):
        if p < 0 or scene.drawn is not None and p not in scene.slot:
            continue
        x, y = scene.centre(p)
        r = size * 1.05
        out.append((p, (x - r, y - r, x + r, y + r), START if p == maze.start else GOAL))
    return out


def draw(maze, scene, image, colour, route=(), numbers=False, letters=False, marks=False, joined=True):
    """Draw ``maze`` on ``image`` through ``colour`` (a ``#rrggbb`` -> fill function for the image's mode):
    walls (and cells never opened), the ``marks`` a run left, heat and (``letters``) the ``numbers``, the
    ``route``, S and every goal.  ``joined``: walls chained into polylines (else each segment alone, with
    round caps: what a GIF frame repaints piece by piece)."""
    _, ImageDraw = pillow()
    pen = ImageDraw.Draw(image)
    u = scene.unit
    g, mark, nums = maze.wall, maze.mark, maze.num
    top = _top(nums, scene.nodes()) if numbers else 0
    for p in scene.nodes():
        fill = _fill(maze, p, numbers, marks, top)
        if fill:
            pen.polygon(scene.polygon(p), fill=colour(fill))
    if scene.view != "block":
        lw = _line_width(scene)
        if joined:
            for line in chains(scene.segments(g)):
                pen.line(line, fill=colour(WALL), width=lw, joint="curve")
                for x, y in (line[0], line[-1]):  # round caps
                    pen.ellipse((x - lw / 2, y - lw / 2, x + lw / 2, y + lw / 2), fill=colour(WALL))
        else:
            for a, b in scene.segments(g):
                _segment(pen, a, b, lw, colour(WALL))
        for corridor in scene.corridors(g):  # a zeta maze: the corridor of each open diagonal
            _corridor(pen, corridor, lambda p: colour(_fill(maze, p, numbers, marks, top) or FLOOR), lw, colour(WALL))
    if scene.drawn is not None and scene.drawn.get("wraps"):
        for k, ends in seam_arrows(scene.drawn):
            for pts in ends:
                pen.polygon([scene.px(x, y) for x, y in pts], fill=colour(seam_hue(k)))
    if scene.drawn is not None and scene.drawn.get("stairs"):
        for _, pts in stair_marks(scene.drawn, maze.lattice.ends, g):
            pen.polygon([scene.px(x, y) for x, y in pts], fill=colour(STAIR))
    if len(route) > 1:
        wide = max(2, round(u / 8))
        for line in route_lines(scene, route):
            pen.line(line, fill=colour(ROUTE), width=wide, joint="curve")
        for (ax, ay), (bx, by) in route_under(scene, route):   # (a weave maze: under a bridge, dashed)
            steps = max(1, round(math.hypot(bx - ax, by - ay) / (u / 10)))
            for i in range(0, steps, 2):
                pen.line([(ax + (bx - ax) * i / steps, ay + (by - ay) * i / steps),
                          (ax + (bx - ax) * (i + 1) / steps, ay + (by - ay) * (i + 1) / steps)],
                         fill=colour(ROUTE), width=wide)
    size = _text_size(scene)
    font = _font(size) if letters else None
    if numbers and font is not None:
        for p in scene.nodes():
            if nums[p] > 0 and not g[p]:
                x, y = scene.centre(p)
                pen.text((x, y), str(nums[p] - 1), fill=colour(_ink(heat(nums[p] - 1, top))), font=font, anchor="mm")
    goals = set(maze.goals)
    for p, box, fill in _end_discs(maze, scene):
        pen.ellipse(box, fill=colour(fill))
        if font is not None:
            x, y = scene.centre(p)
            text = ("S" if p == maze.start else "") + ("G" if p in goals else "")
            pen.text((x, y), text, fill=colour("#ffffff"), font=_font(size * (1 if len(text) == 1 else 0.75)),
                     anchor="mm")
    return image


def _ink(c):
    return ink(c)


def _font(size):
    """Pillow's own scalable font at ``size`` px, or None where it has no FreeType."""
    from PIL import ImageFont
    try:
        return ImageFont.load_default(size=max(4, round(size)))
    except (TypeError, ImportError, OSError):
        return None


def render(maze, scale=None, width=None, route=(), numbers=False):
    """``maze`` as an RGB Pillow image (smooth: drawn twice as large and scaled down)."""
    Image, _ = pillow()
    scene = scene_at(maze, scale, width)
    big = Scene(maze, scene.unit * 2, scene.margin * 2)
    image = Image.new("RGB", (big.width, big.height), _rgb(FLOOR))
    draw(maze, big, image, _rgb, route, numbers, letters=True)
    return image.resize((scene.width, scene.height), Image.LANCZOS)


def to_png(maze, route=None, numbers=False, scale=None, width=None):
    """PNG bytes of ``maze`` (with ``route`` and, with ``numbers``, its distances and their heat)."""
    route = _route_nodes(maze, route)
    buf = io.BytesIO()
    render(maze, scale, width, route, numbers).save(buf, "PNG")
    return buf.getvalue()


# --- animation ----------------------------------------------------------------------

def _stop(c):
    """A heat colour as the nearest stop of the ramp (a GIF frame holds the table's colours only)."""
    rgb = _rgb(c)
    return INDEX[min(RAMP, key=lambda s: sum((a - b) ** 2 for a, b in zip(_rgb(s), rgb)))]


_STOPS = {}


def _index(c):
    """A colour's index in the GIF's table (a heat colour: its nearest stop)."""
    if c in INDEX:
        return INDEX[c]
    if c not in _STOPS:
        _STOPS[c] = _stop(c)
    return _STOPS[c]


def frame(maze, scene, numbers=False):
    """One GIF frame: ``maze`` drawn in the table's colours as a palette ("P") image."""
    Image, _ = pillow()
    image = Image.new("P", (scene.width, scene.height), 0)
    image.putpalette([v for c in TABLE for v in _rgb(c)])
    draw(maze, scene, image, _index, (), numbers, marks=True, joined=False)
    return image


TILE = 32  # px: the side of the squares a frame is repainted in


class Painter:
    """One GIF frame kept between frames: ``update`` repaints only the tiles that changed cells, walls
    and discs touch (each tile redrawn from everything over it, in ``frame``'s order), so a frame costs
    what its events changed, and equals ``frame(maze, scene, numbers)`` pixel for pixel."""

    def __init__(self, maze, scene, numbers):
        self.maze, self.scene, self.numbers = maze, scene, numbers
        self.image = frame(maze, scene, numbers)
        nodes = list(scene.nodes())
        self.nodes, self.order = nodes, {p: i for i, p in enumerate(nodes)}
        self.top = _top(maze.num, nodes) if numbers else 0
        self.fills = {p: _fill(maze, p, numbers, True, self.top) for p in nodes}
        self.cols = max(1, -(-scene.width // TILE))
        self.tiles = {}  # tile -> ([cells], [segments])
        self.box = {}
        for p in nodes:
            pts = scene.polygon(p)
            self.box[p] = box = (min(x for x, _ in pts), min(y for _, y in pts),
                                 max(x for x, _ in pts), max(y for _, y in pts))
            for t in self._cover(box):
                self.tiles.setdefault(t, ([], []))[0].append(p)
        self.passage, self.segs, self.lw = {}, [], _line_width(scene)
        if scene.view != "block":
            d, h = scene.drawn, self.lw / 2
            walls, b = d["walls"], d["border"]
            for k, v in enumerate(d["passages"]):
                self.passage[v] = []
                if (walls[4 * k], walls[4 * k + 1]) == (walls[4 * k + 2], walls[4 * k + 3]):
                    continue  # a stair between levels: no wall to draw
                self.passage[v].append(len(self.segs))
                self.segs.append((v, scene.px(walls[4 * k], walls[4 * k + 1]),
                                  scene.px(walls[4 * k + 2], walls[4 * k + 3])))
            ww = d.get("wrap_walls", ())  # a passage across a seam: its wall at the other edge too
            for k, v in enumerate(d.get("wraps", ())):
                self.passage[v].append(len(self.segs))
                self.segs.append((v, scene.px(ww[4 * k], ww[4 * k + 1]), scene.px(ww[4 * k + 2], ww[4 * k + 3])))
            for j in range(0, len(b), 4):
                self.segs.append((-1, scene.px(b[j], b[j + 1]), scene.px(b[j + 2], b[j + 3])))
            self.segbox = []
            for i, (_, (ax, ay), (bx, by)) in enumerate(self.segs):
                box = (min(ax, bx) - h, min(ay, by) - h, max(ax, bx) + h, max(ay, by) + h)
                self.segbox.append(box)
                for t in self._cover(box):
                    self.tiles.setdefault(t, ([], []))[1].append(i)
        # the seam arrows (a maze that wraps around): drawn again over every tile they touch
        self.arrows = [(_index(seam_hue(k)), [scene.px(x, y) for x, y in pts])
                       for k, ends in (seam_arrows(scene.drawn) if scene.drawn is not None else ()) for pts in ends]
        self.arrows_at = {}
        for i, (_, pts) in enumerate(self.arrows):
            box = (min(x for x, _ in pts), min(y for _, y in pts), max(x for x, _ in pts), max(y for _, y in pts))
            for t in self._cover(box):
                self.arrows_at.setdefault(t, []).append(i)
        # the stairs of a maze of levels: each one's two cells, and each cell's marks (when open)
        self.stairs, self.marks_of = {}, {}
        if scene.drawn is not None and scene.drawn.get("stairs"):
            lat = maze.lattice
            for v in scene.drawn["stairs"]:
                self.stairs[v] = (lat.ends[2 * (v - lat.n)], lat.ends[2 * (v - lat.n) + 1])
            for v, cells in self.stairs.items():
                for kind, p in zip(("down", "up"), cells):
                    pts = stair_mark(scene.drawn, scene.slot[p], kind)
                    self.marks_of.setdefault(p, []).append((v, [scene.px(x, y) for x, y in pts]))
        # a zeta maze: each diagonal's corridor (drawn while it is open), and the tiles it touches
        self.corridors, self.corridor_tiles, self.corridors_at = {}, {}, {}
        for corridor in scene.corridors([0] * len(maze.wall)):
            a, b, half_a, half_b, _ = corridor
            v = scene.drawn["diagonals"][len(self.corridors)]
            pts = half_a + half_b
            box = (min(x for x, _ in pts), min(y for _, y in pts), max(x for x, _ in pts), max(y for _, y in pts))
            self.corridors[v] = corridor
            self.corridor_tiles[v] = tiles = self._cover(box, 2 + self.lw)
            for t in tiles:
                self.corridors_at.setdefault(t, []).append(v)
        self.shown = {v: maze.wall[v] for v in self.passage}
        self.ends = _end_discs(maze, scene)

    def _cover(self, box, pad=2):
        """The tiles a box (in px, ``pad`` px more on each side) overlaps."""
        x0, y0 = max(0, int((box[0] - pad) // TILE)), max(0, int((box[1] - pad) // TILE))
        x1, y1 = int((box[2] + pad) // TILE), int((box[3] + pad) // TILE)
        return [y * self.cols + x for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)]

    def update(self, events):
        """Bring the frame up to the maze after ``events`` (just applied to it)."""
        m, dirty = self.maze, set()
        touched = set(events[1::4])
        if self.numbers and any(op & 0xFF == 3 for op in events[0::4]):
            top = _top(m.num, self.nodes)
            if top != self.top:
                self.top = top
                touched.update(p for p in self.nodes if m.num[p] > 0)
        for p in touched:
            if p in self.fills:
                fill = _fill(m, p, self.numbers, True, self.top)
                if fill != self.fills[p]:
                    self.fills[p] = fill
                    dirty.update(self._cover(self.box[p]))
            if p in self.shown and m.wall[p] != self.shown[p]:
                self.shown[p] = m.wall[p]
                for i in self.passage[p]:
                    dirty.update(self._cover(self.segbox[i]))
                for c in self.stairs.get(p, ()):  # a stair: its marks are in its cells
                    dirty.update(self._cover(self.box[c]))
                dirty.update(self.corridor_tiles.get(p, ()))
        ends = _end_discs(m, self.scene)
        if ends != self.ends:
            for _, box, _ in ends + self.ends:
                dirty.update(self._cover(box))
            self.ends = ends
        if dirty:
            self._repaint(dirty)
        return self.image

    def _repaint(self, dirty):
        Image, ImageDraw = pillow()
        scratch = Image.new("P", self.image.size, 0)
        pen = ImageDraw.Draw(scratch)
        cells, segs, arrows, corridors = set(), set(), set(), set()
        for t in dirty:
            c, s = self.tiles.get(t, ((), ()))
            cells.update(c)
            segs.update(s)
            arrows.update(self.arrows_at.get(t, ()))
            corridors.update(self.corridors_at.get(t, ()))
        for p in sorted(cells, key=self.order.__getitem__):  # frame's order: a later polygon covers an edge
            if self.fills[p]:
                pen.polygon(self.scene.polygon(p), fill=_index(self.fills[p]))
        wall = INDEX[WALL]
        for i in segs:
            v, a, b = self.segs[i]
            if v < 0 or self.maze.wall[v]:
                _segment(pen, a, b, self.lw, wall)
        for v in sorted(corridors):
            if not self.maze.wall[v]:
                _corridor(pen, self.corridors[v], lambda p: _index(self.fills[p] or FLOOR), self.lw, wall)
        for i in sorted(arrows):
            colour, pts = self.arrows[i]
            pen.polygon(pts, fill=colour)
        for p in cells:
            for v, pts in self.marks_of.get(p, ()):
                if not self.maze.wall[v]:
                    pen.polygon(pts, fill=_index(STAIR))
        for _, box, fill in self.ends:
            pen.ellipse(box, fill=_index(fill))
        for t in dirty:
            x, y = t % self.cols * TILE, t // self.cols * TILE
            box = (x, y, min(x + TILE, self.image.width), min(y + TILE, self.image.height))
            if box[0] < box[2] and box[1] < box[3]:
                self.image.paste(scratch.crop(box), box)


class Timeline:
    """A generator's run ``gen`` (not started), then (optionally) ``solver`` with ``seed`` and ``options``
    on the maze it made: ``len(self)`` events in all, and the maze after any number of them (``at(t)``)."""

    def __init__(self, gen, solver=None, seed=0, **options):
        self.parts = [(gen.initial, gen.events())]
        self.numbers = False
        if solver is not None:
            solve = Run.solve(solver, gen.maze, seed, **options)
            self.parts.append((solve.initial, solve.events()))
            self.numbers = solve.algorithm.layer == "distance"
        self.total = sum(len(ev) // 4 for _, ev in self.parts)
        self._state, self._part, self._done = None, -1, 0

    def __len__(self):
        return self.total

    def numbered(self, t):
        """True when the maze after ``t`` events holds a solver's distances (drawn as heat)."""
        return self.numbers and t > len(self.parts[0][1]) // 4

    def at(self, t):
        """The maze after the first ``t`` events (kept between calls: asking in order replays each event once)."""
        for k, (initial, events) in enumerate(self.parts):
            n = len(events) // 4
            if t <= n or k == len(self.parts) - 1:
                self.fresh = k != self._part or t < self._done
                if self.fresh:
                    self._state, self._part, self._done = initial.copy(), k, 0
                self.applied = events[4 * self._done:4 * t]  # what this call changed (from self.fresh's state)
                apply(self._state, self.applied)
                self._done = t
                return self._state
            t -= n
        raise AssertionError("unreachable")


def frames(timeline, events_per_frame):
    """The event counts the frames show: 0, E, 2E, ..., and the end."""
    return sorted(set(range(0, len(timeline), events_per_frame)) | {len(timeline)})


def to_gif(timeline, fps=20, events_per_frame=None, width=None):
    """GIF bytes of ``timeline``; ``events_per_frame`` defaults to about 200 frames in all."""
    Image, _ = pillow()
    fps = _number(fps, "fps", 1, 50)
    if events_per_frame is None:
        events_per_frame = max(1, math.ceil(len(timeline) / 200))
    epf = int(_number(events_per_frame, "events per frame", 1, 2**31 - 1, whole=True))
    scene = scene_at(timeline.at(0), None, width)
    pictures, painter = [], None
    for t in frames(timeline, epf):
        maze, numbers = timeline.at(t), timeline.numbered(t)
        if painter is None or timeline.fresh or numbers != painter.numbers:
            painter = Painter(maze, scene, numbers)
        else:
            painter.update(timeline.applied)
        pictures.append(painter.image.copy())
    buf = io.BytesIO()
    pictures[0].save(buf, "GIF", save_all=True, append_images=pictures[1:], duration=round(1000 / fps),
                     loop=0, optimize=False)
    return buf.getvalue()


