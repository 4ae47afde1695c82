"""Mazes from pictures: one pure-Python reading of a pixel buffer, the same in the page and in CPython.

``read(width, height, data, channels)`` takes raw pixels (grey, RGB or RGBA
bytes, row by row) and returns ``(maze, found)``: the maze and a dict of what
was detected, each of which can be given instead as a keyword argument.

1. Ink: a pixel's value is the largest of its channels (over white where it
   is transparent); Otsu's threshold splits ink (dark) from paper.  Strongly
   coloured pixels are never ink: a green one marks the start, a red one the goal.
2. Angle: ink is projected on both axes for small rotations (up to 2.5
   degrees); the angle whose projections are sharpest (largest sum of
   squares) straightens the picture.  Runs of ink along rows and columns are
   the unit of work, so a big picture costs its lines, not its pixels.
3. Crop: the frame is the outermost pair of lines on each axis whose
   projection covers most of the other side.
4. Kind and pitch: the commonest ink run is the line width, the commonest
   paper run the gap between lines.  Gaps about as wide as lines make a
   block maze (filled squares), wider gaps a thin-wall maze of lines.  For
   thin walls the short ink runs (wall lines crossed) cluster on the grid
   lines, and the count of cells is the coarsest grid through the clusters
   (a finer grid is a consistent reading too, with more openings); for
   blocks it is the count whose square edges best match the projection's
   edges near the estimate.  The pitch is the frame's width over the count.
5. Walls: the middle of every cell side (square) is sampled; mostly ink is
   wall.  A thin-wall maze keeps its posts and cells whatever the picture
   shows; a reading whose samples are neither clearly ink nor clearly
   paper (doubt), or whose cells hold ink (clutter), is refused.
6. S and G: the green and the red mark, else the openings in the frame
   (closed again in a thin-wall maze, kept as floor holding S and G in a
   block maze; the first in reading order is S), else the corners.

A picture that is not a maze (no frame, no grid, a poor fit) raises
``MazeFormatError`` saying what was missing.  ``from_image_file`` decodes a
file with Pillow (an optional extra) and calls ``read``.
"""

import math
import operator
import re
from collections import Counter
from itertools import accumulate

from .errors import MazeFormatError
from .maze import Maze

MAX_PIXELS = 16_000_000
MAX_CELLS = 2000
DOUBT = 0.045  # the most doubt (see _walls) a reading may have: mazes drawn by tools stay under 0.02
KINDS = ("thin", "block")
_RUN = re.compile(rb"\x01+")
_GAP = re.compile(rb"\x00+")
_MAGIC = (b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"GIF87a", b"GIF89a", b"BM")


def is_image_bytes(data):
    """True when ``data`` starts like a PNG, JPEG, GIF, BMP or WebP file."""
    head = bytes(data[:16])
    return head.startswith(_MAGIC) or head[:4] == b"RIFF" and head[8:12] == b"WEBP"


# --- 1. ink ---------------------------------------------------------------------
def _channels(width, height, data, channels):
    """(value, saturation) bytes: per pixel the largest channel (over white) and max - min."""
    n = width * height
    if channels not in (1, 2, 3, 4):
        raise MazeFormatError(f"a picture has 1 to 4 channels per pixel; got {channels!r}")
    if len(data) != n * channels:
        raise MazeFormatError(f"a {width}x{height} picture with {channels} channels has {n * channels} bytes; "
                              f"got {len(data)}")
    if channels in (1, 2):
        value, sat = data[0::channels], bytes(n)
    else:
        r, g, b = data[0::channels], data[1::channels], data[2::channels]
        value = bytes(map(max, r, g, b))
        sat = bytes(map(int.__sub__, value, map(min, r, g, b)))
    if channels in (2, 4):
        alpha = data[channels - 1::channels]
        if alpha.count(255) != n:  # transparent pixels show the white page behind them
            value = bytes(map(lambda v, a: 255 - (255 - v) * a // 255, value, alpha))
            sat = bytes(map(lambda s, a: s * a // 255, sat, alpha))
    return bytes(value), bytes(sat)


def otsu(histogram):
    """Otsu's threshold over a 256-bin histogram: values <= it are ink."""
    total = sum(histogram)
    mean_all = sum(i * h for i, h in enumerate(histogram))
    best, best_t, w0, sum0 = -1.0, None, 0, 0
    for t in range(255):
        w0 += histogram[t]
        sum0 += t * histogram[t]
        w1 = total - w0
        if not w0 or not w1:
            continue
        between = w0 * w1 * (sum0 / w0 - (mean_all - sum0) / w1) ** 2
        if between > best:
            best, best_t = between, t
    return best_t


# --- 2. runs and projections ------------------------------------------------------
def _runs(mask, width, height):
    """Ink runs along rows ``(y, x0, x1)`` and along columns ``(x, y0, y1)``, end exclusive."""
    rows = [(y, m.start(), m.end()) for y in range(height)
            for m in _RUN.finditer(mask, y * width, (y + 1) * width)]
    rows = [(y, a - y * width, b - y * width) for y, a, b in rows]
    cols = [(x, m.start(), m.end()) for x in range(width) for m in _RUN.finditer(mask[x::width])]
    return rows, cols


def _projections(rows, cols, angle, size):
    """Ink projected on u (across columns) and v (across rows) in the frame turned by ``angle``;
    ``u = x cos + y sin``, ``v = y cos - x sin``; bins offset by ``size`` (the picture's diagonal).
    Each run is added in whole bins (no smoothing, which would favour angle 0)."""
    c, s = math.cos(angle), math.sin(angle)
    out = []
    for runs, sign in ((rows, 1), (cols, -1)):
        diff = [0] * (3 * size + 2)
        for other, a, b in runs:
            base = sign * other * s + size + 0.5
            diff[int(a * c + base)] += 1
            diff[int(b * c + base)] -= 1
        out.append(list(accumulate(diff)))
    return out


def _sharpness(rows, cols, angle, size):
    hu, hv = _projections(rows, cols, angle, size)
    return sum(map(operator.mul, hu, hu)) + sum(map(operator.mul, hv, hv))


def _find_angle(rows, cols, size):
    """The rotation (radians) that makes the projections sharpest, 0 unless clearly better."""
    sample_r, sample_c = rows[::max(1, len(rows) // 10000)], cols[::max(1, len(cols) // 10000)]
    score = lambda deg: _sharpness(sample_r, sample_c, math.radians(deg), size)
    base = score(0.0)
    best, best_deg = base, 0.0
    for step, span in ((0.5, 2.5), (0.1, 0.4), (0.05, 0.05)):  # coarse to fine around the best so far
        centre = best_deg
        for k in range(-round(span / step), round(span / step) + 1):
            deg = round(centre + k * step, 3)
            if deg and deg != centre and abs(deg) <= 2.5:
                value = score(deg)
                if value > best:
                    best, best_deg = value, deg
    return math.radians(best_deg) if best > base * 1.001 else 0.0


# --- 3. crop ----------------------------------------------------------------------
def _frame(h, other_span):
    """The outer edges (first, last bin) of the frame lines on one axis, or None."""
    top = max(h)
    if top < 0.5 * other_span:
        return None
    strong = [i for i, v in enumerate(h) if v >= 0.6 * top]
    return strong[0], strong[-1] + 1


# --- 4. kind and pitch --------------------------------------------------------------
def _mode(lengths):
    """The commonest length, smoothed over neighbours (anti-aliased edges vary by a pixel)."""
    counts = Counter(lengths)
    if not counts:
        return None
    return max(counts, key=lambda n: (counts[n] * 2 + counts.get(n - 1, 0) + counts.get(n + 1, 0), -n))


def _line_and_gap(runs, lo, hi, across_lo, across_hi):
    """Line width and gap: the commonest ink run and the commonest paper gap between ink runs,
    over runs inside the frame."""
    ink, gaps, last = [], [], {}
    for line, a, b in runs:
        if not (across_lo <= line < across_hi) or b <= lo or a >= hi:
            continue
        ink.append(b - a)
        if line in last:
            gaps.append(a - last[line])
        last[line] = b
    return _mode(ink), _mode([g for g in gaps if g > 0])


def _at(h, x):
    i = int(x)
    f = x - i
    return h[i] * (1 - f) + h[i + 1] * f if 0 <= i < len(h) - 1 else 0.0


def _thin_score(h, lo, hi, line, n):
    """How well n cells fit: mean projection on line centres minus mean on cell centres."""
    pitch = (hi - lo - line) / n
    lines = sum(_at(h, lo + line / 2 + i * pitch) for i in range(n + 1)) / (n + 1)
    cells = sum(_at(h, lo + line + (i + 0.5) * pitch - line / 2) for i in range(n)) / n
    return lines - cells


def _block_score(h, lo, hi, n):
    """How well n squares fit: the edge energy at square boundaries, times the share of all edge energy there."""
    size = (hi - lo) / n
    edges = [abs(h[i + 1] - h[i - 1]) for i in range(lo, hi + 1)]
    total = sum(edges) or 1.0
    near = set()
    for i in range(n + 1):
        b = round(lo + i * size)
        near.update(range(b - 1, b + 2))
    hit = sum(edges[i - lo] for i in near if lo <= i <= hi)
    return hit / len(near) * hit / total


def _line_centres(runs, angle, across, lo, hi, line, size):
    """Clusters ``(centre, mass)`` of where short ink runs (wall lines crossed) sit along one axis of the
    straightened picture: a clean comb at the grid lines that hold walls, whatever runs along them."""
    c, s = math.cos(angle), math.sin(angle)
    sign = 1 if across == 0 else -1
    spots = sorted(((a + b) / 2 * c + sign * other * s + size)
                   for other, a, b in runs if b - a <= 2 * line + 2)
    spots = [u for u in spots if lo <= u < hi]
    clusters, group = [], []
    for u in spots:
        if group and u - group[-1] > 1.5:
            clusters.append((sum(group) / len(group), len(group)))
            group = []
        group.append(u)
    if group:
        clusters.append((sum(group) / len(group), len(group)))
    top = max((m for _, m in clusters), default=0)
    return [(u, m) for u, m in clusters if m >= 0.03 * top]


def _comb_counts(clusters, lo, hi, line, limit):
    """The fewest cells whose grid lines pass through every cluster, and the fewest that leave out at most
    a tenth of the clusters' mass (stray ink); the walls' fit decides between them."""
    total = sum(m for _, m in clusters)
    found = []
    for share in (0.03, 0.1):
        for n in range(1, limit + 1):
            pitch = (hi - lo - line) / n
            tol = max(1.5, 0.15 * pitch)
            misfit = sum(m for u, m in clusters
                         if abs(u - lo - line / 2 - round((u - lo - line / 2) / pitch) * pitch) > tol)
            if total and misfit <= share * total:
                if n not in found:
                    found.append(n)
                break
    return found


def _counts(h, lo, hi, kind, line, gap, clusters):
    """Candidate numbers of cells (thin) or squares (block) across ``[lo, hi)``: for thin walls the coarsest
    grids through the line clusters, else the best-scoring count near the estimate."""
    width = hi - lo
    if kind == "thin":
        found = _comb_counts(clusters, lo, hi, line, max(1, int((width - line) / max(4, line + 2))))
        if found:
            return found
    if kind == "thin":
        guess = (width - line) / max(1, line + gap)
        score = lambda n: _thin_score(h, lo, hi, line, n)
    else:
        guess = width / max(1, (line + gap) / 2)
        score = lambda n: _block_score(h, lo, hi, n)
    low, high = max(1, int(guess * 0.75) - 1), min(MAX_CELLS * 2 + 1, int(guess * 1.3) + 2)
    if kind == "thin":
        high = min(high, int((width - line) / 2) or 1)
    candidates = range(low, max(low, high) + 1)
    return [max(candidates, key=lambda n: (score(n), -abs(n - guess)))]


# --- 5. walls ----------------------------------------------------------------------
class _Sampler:
    """Ink at (u, v) of the straightened picture, read from the mask by nearest pixel."""

    def __init__(self, mask, width, height, angle, size):
        self.mask, self.width, self.height, self.size = mask, width, height, size
        self.c, self.s = math.cos(angle), math.sin(angle)

    def to_uv(self, x, y):
        return x * self.c + y * self.s + self.size, y * self.c - x * self.s + self.size

    def ink(self, u, v):
        u, v = u - self.size, v - self.size
        x, y = math.floor(u * self.c - v * self.s), math.floor(u * self.s + v * self.c)
        return 0 <= x < self.width and 0 <= y < self.height and self.mask[y * self.width + x]

    def share(self, u0, u1, v0, v1, ku=3, kv=3):
        """The share of ink over a ku x kv lattice spread across [u0, u1] x [v0, v1]."""
        pts = [(u0 + (u1 - u0) * (i + 0.5) / ku, v0 + (v1 - v0) * (j + 0.5) / kv)
               for i in range(ku) for j in range(kv)]
        return sum(1 for u, v in pts if self.ink(u, v)) / len(pts)


def _bands(lo, count, kind, pitch, line):
    """[start, end) of each square along one axis: 2 count + 1 alternating line and cell bands (thin), or
    ``count`` equal squares (block)."""
    if kind == "block":
        return [(lo + i * pitch, lo + (i + 1) * pitch) for i in range(count)]
    out = []
    for i in range(count + 1):
        a = lo + i * pitch
        out.append((a, a + line))
        if i < count:
            out.append((a + line, a + pitch))
    return out


def _walls(sampler, bx, by, kind):
    """The wall layer, the fit's doubt (mean distance of each wall sample's ink share from 0 or 1) and the
    clutter (mean ink share in the cells of a thin-wall maze, which should be empty)."""
    W, H = len(bx), len(by)
    wall, doubt, clutter, cells = bytearray(W * H), 0.0, 0.0, 0
    for y, (v0, v1) in enumerate(by):
        for x, (u0, u1) in enumerate(bx):
            p = y * W + x
            if kind == "thin" and x % 2 == 0 and y % 2 == 0:
                wall[p] = 1
                continue
            du, dv = (u1 - u0) * 0.2, (v1 - v0) * 0.2
            if kind == "thin":  # a line band is sampled along its centre, a cell band over its middle
                du = (u1 - u0) * (0.5 if x % 2 == 0 else 0.2) - (0 if x % 2 else 0.01)
                dv = (v1 - v0) * (0.5 if y % 2 == 0 else 0.2) - (0 if y % 2 else 0.01)
            # a thin line is one sample across (its centre) and five along
            ku, kv = (5, 5) if kind == "block" else (1, 5) if x % 2 == 0 else (5, 1) if y % 2 == 0 else (3, 3)
            share = sampler.share(u0 + du, u1 - du, v0 + dv, v1 - dv, ku, kv)
            if kind == "thin" and x % 2 and y % 2:
                clutter += share
                cells += 1
                continue
            doubt += min(share, 1 - share)
            wall[p] = share >= 0.5
    return wall, doubt / (W * H - cells), clutter / (cells or 1)


# --- 6. S and G -------------------------------------------------------------------
def _mark_centres(width, height, sat, data, channels):
    """Centroids (x, y) of strongly green and strongly red pixels (None when too few)."""
    strong = sat.translate(bytes(int(i >= 60) for i in range(256)))
    found = {"green": [0, 0, 0], "red": [0, 0, 0]}
    if channels < 3:
        return {}
    for m in _RUN.finditer(strong):
        for i in range(m.start(), m.end()):
            r, g, b = data[i * channels:i * channels + 3]
            key = "green" if g > r + 40 and g > b + 30 else "red" if r > g + 40 and r > b + 40 else None
            if key:
                acc = found[key]
                acc[0] += i % width
                acc[1] += i // width
                acc[2] += 1
    minimum = max(4, width * height // 200000)
    return {k: (a[0] / a[2], a[1] / a[2]) for k, a in found.items() if a[2] >= minimum}


def _nearest(maze, bx, by, u, v, nodes):
    """The node whose square's centre is nearest to (u, v)."""
    centre = lambda p: ((bx[p % maze.width][0] + bx[p % maze.width][1]) / 2,
                        (by[p // maze.width][0] + by[p // maze.width][1]) / 2)
    return min(nodes, key=lambda p: (centre(p)[0] - u) ** 2 + (centre(p)[1] - v) ** 2)


def _openings(maze):
    """Frame squares that are floor: ``(square, the node inside)`` in reading order."""
    W, H, g = maze.width, maze.height, maze.wall
    out = []
    for p in range(W * H):
        x, y = p % W, p // W
        if g[p] or 0 < x < W - 1 and 0 < y < H - 1:
            continue
        if maze.geometry == "thin":
            if (x % 2) == (y % 2):  # a corner post
                continue
            inside = p + (W if y == 0 else -W if y == H - 1 else 1 if x == 0 else -1)
            out.append((p, inside))
        else:
            out.append((p, p))
    return out


def _ends(maze, bx, by, marks, sampler, start, goal):
    """Place S and G; returns the source: 'given', 'marks', 'openings' or 'corners'."""
    openings = _openings(maze)
    if maze.geometry == "thin":
        for p, _ in openings:
            maze.wall[p] = 1
        nodes = maze.nodes()
    else:
        nodes = [p for p in range(len(maze.wall)) if not maze.wall[p]]
    if not nodes:
        raise MazeFormatError("the picture's grid has no open square for a start or goal")
    source = "corners"
    maze.start, maze.goals = nodes[0], [nodes[-1]]
    if len(openings) >= 2:
        maze.start, maze.goals, source = openings[0][1], [openings[-1][1]], "openings"
    elif len(openings) == 1:
        maze.start, source = openings[0][1], "openings"
    for key, what in (("green", "start"), ("red", "goal")):
        if key in marks:
            x, y = marks[key]
            u, v = sampler.to_uv(x, y)
            p = _nearest(maze, bx, by, u, v, nodes)
            if what == "start":
                maze.start = p
            else:
                maze.goals = [p]
            source = "marks"
    for what, xy in (("start", start), ("goal", goal)):
        if xy is not None:
            x, y = xy
            cx, cy = (2 * x + 1, 2 * y + 1) if maze.geometry == "thin" else (x, y)
            p = cy * maze.width + cx
            if not (0 <= cx < maze.width and 0 <= cy < maze.height) or p not in set(nodes):
                raise MazeFormatError(f"the {what} {tuple(xy)} is not an open cell of the "
                                      f"{_size_text(maze)} maze read from the picture")
            if what == "start":
                maze.start = p
            else:
                maze.goals = [p]
            source = "given"
    return source


def _size_text(maze):
    return f"{maze.cells_w}x{maze.cells_h}-cell" if maze.geometry == "thin" else f"{maze.width}x{maze.height}-square"


# --- the whole reading ------------------------------------------------------------
def read(width, height, data, channels=3, *, threshold=None, angle=None, crop=None, kind=None, pitch=None,
         line=None, size=None, start=None, goal=None):
    """A maze from raw pixels, and what was found.

    ``threshold`` (0-255: values up to it are ink), ``angle`` (degrees), ``crop`` ((left, top, right,
    bottom) of the frame in pixels of the straightened picture, as ``found["crop"]``), ``kind``
    ("thin" or "block"), ``pitch`` (pixels per cell or square, one number or (x, y)), ``line`` (line
    width in pixels), ``size`` ((columns, rows) of cells or squares), ``start`` / ``goal`` ((x, y) in
    cells or squares) replace what would be detected.  Returns ``(maze, found)``, ``found`` holding
    threshold, angle, crop, kind, pitch, line, offset, size, ends (where S and G came from), doubt.
    """
    if not (isinstance(width, int) and isinstance(height, int) and width > 0 and height > 0):
        raise MazeFormatError(f"a picture has a positive width and height; got {width!r}x{height!r}")
    if width * height > MAX_PIXELS:
        raise MazeFormatError(f"the picture has {width * height:,} pixels; at most {MAX_PIXELS:,} are read")
    data = bytes(data)
    value, sat = _channels(width, height, data, channels)
    if threshold is None:
        counts = Counter(value)
        threshold = otsu([counts[i] for i in range(256)])
        if threshold is None:
            raise MazeFormatError("the picture is one flat colour: no lines or squares to read")
    if not (isinstance(threshold, int) and 0 <= threshold <= 254):
        raise MazeFormatError(f"threshold must be a whole number from 0 to 254; got {threshold!r}")
    ink_of = bytes(int(i <= threshold) for i in range(256))
    paper = sat.translate(bytes(int(i < 90) for i in range(256)))
    mask = bytes(map(int.__and__, value.translate(ink_of), paper))
    inked = mask.count(1)
    if inked < 8 or inked > 0.9 * len(mask):
        raise MazeFormatError(f"at threshold {threshold} the picture is {100 * inked / len(mask):.0f}% ink: "
                              "not lines or squares on a plain background")
    rows, cols = _runs(mask, width, height)
    diag = int(math.hypot(width, height)) + 2
    rad = _find_angle(rows, cols, diag) if angle is None else math.radians(float(angle))
    if abs(rad) > math.radians(10):
        raise MazeFormatError("angle must be within 10 degrees")
    hu, hv = _projections(rows, cols, rad, diag)
    if crop is None:
        fu, fv = _frame(hu, height), _frame(hv, width)
        if not fu or not fv:
            raise MazeFormatError("no frame found: a maze picture needs a rectangle of wall lines (or wall squares) "
                                  "around it, longer than half the picture's side")
        lo_u, hi_u, lo_v, hi_v = fu[0], fu[1], fv[0], fv[1]
        sides = (max(hu[lo_u:lo_u + 3]), max(hu[hi_u - 3:hi_u]), max(hv[lo_v:lo_v + 3]), max(hv[hi_v - 3:hi_v]))
        if min(sides[:2]) < 0.7 * (hi_v - lo_v) or min(sides[2:]) < 0.7 * (hi_u - lo_u):
            raise MazeFormatError("no frame found: the outermost lines do not run round the picture's ink "
                                  "(a maze picture needs a rectangle of wall lines or squares around it)")
    else:
        left, top, right, bottom = (int(v) for v in crop)
        lo_u, lo_v, hi_u, hi_v = left + diag, top + diag, right + diag, bottom + diag
    if hi_u - lo_u < 3 or hi_v - lo_v < 3:
        raise MazeFormatError("the frame is less than 3 pixels across: no maze inside it")
    sampler = _Sampler(mask, width, height, rad, diag)
    lx, gx = _line_and_gap(rows, lo_u - diag, hi_u - diag, lo_v - diag, hi_v - diag)
    ly, gy = _line_and_gap(cols, lo_v - diag, hi_v - diag, lo_u - diag, hi_u - diag)
    if None in (lx, gx, ly, gy):
        raise MazeFormatError("no grid found inside the frame: it holds no walls to measure")
    if line is not None:
        lx = ly = float(line)
    if kind is None:
        kind = "block" if gx <= 1.6 * lx and gy <= 1.6 * ly else "thin"
    if kind not in KINDS:
        raise MazeFormatError(f"kind must be thin or block; got {kind!r}")
    inks = (lx, ly)
    if kind == "block":
        lx = ly = None
    options = []
    for h, lo, hi, ln, gap, axis in ((hu, lo_u, hi_u, lx, gx, 0), (hv, lo_v, hi_v, ly, gy, 1)):
        if size is not None:
            found_n = [int(size[axis])]
        elif pitch is not None:
            p = float(pitch[axis] if isinstance(pitch, (list, tuple)) else pitch)
            found_n = [round((hi - lo - (ln or 0)) / p) if p > 0 else 0]
        else:
            clusters = _line_centres(rows if axis == 0 else cols, rad, axis, lo, hi, inks[axis], diag) \
                if kind == "thin" else []
            found_n = _counts(h, lo, hi, kind, inks[axis], gap, clusters)
        for n in found_n:
            if not 1 <= n <= (MAX_CELLS if kind == "thin" else 2 * MAX_CELLS + 1):
                raise MazeFormatError(f"the grid would be {n} {'cells' if kind == 'thin' else 'squares'} "
                                      "across: not a maze this reader can take")
        options.append(found_n)
    fits = []  # a finer grid is also a consistent reading (more cells, more openings): take the coarsest that fits
    for counts in sorted(([a, b] for a in options[0] for b in options[1]), key=lambda c: c[0] * c[1]):
        px = (hi_u - lo_u - (lx or 0)) / counts[0]
        py = (hi_v - lo_v - (ly or 0)) / counts[1]
        if min(px, py) < (4 if kind == "thin" else 2):
            raise MazeFormatError(f"the picture does not look like a maze: its grid's pitch would be "
                                  f"{min(px, py):.1f} pixels, too fine to read")
        bx = _bands(lo_u, counts[0], kind, px, lx)
        by = _bands(lo_v, counts[1], kind, py, ly)
        wall, doubt, clutter = _walls(sampler, bx, by, kind)
        fits.append((doubt + clutter, counts, px, py, bx, by, wall, clutter))
    least = min(f[0] for f in fits)
    doubt, counts, px, py, bx, by, wall, clutter = next(f for f in fits if f[0] <= least + 0.015)
    if clutter > 0.12:
        raise MazeFormatError(f"the picture does not look like a thin-wall maze: its {counts[0]}x{counts[1]} "
                              f"cells hold ink ({100 * clutter:.0f}% of their middles); adjust threshold, pitch "
                              "or crop")
    if doubt > DOUBT:
        raise MazeFormatError(f"the picture does not look like a {kind} maze: the grid of {counts[0]}x{counts[1]} "
                              f"fits poorly (doubt {doubt:.2f}); adjust threshold, pitch or crop")
    maze = Maze(len(bx), len(by), wall, geometry="block")
    maze.geometry = kind  # checked below, once the frame's openings are closed
    marks = _mark_centres(width, height, sat, data, channels)
    ends = _ends(maze, bx, by, marks, sampler, start, goal)
    if kind == "thin" and not maze.is_aligned():
        raise MazeFormatError("the thin-wall grid read from the picture is not closed")
    found = {"threshold": threshold, "angle": round(math.degrees(rad), 3), "kind": kind,
             "crop": [round(v - diag, 2) for v in (lo_u, lo_v, hi_u, hi_v)],
             "pitch": [round(px, 3), round(py, 3)], "line": [lx, ly] if kind == "thin" else None,
             "size": counts, "ends": ends, "doubt": round(doubt, 4),
             "bands": [[[round(a - diag, 2), round(b - diag, 2)] for a, b in bands] for bands in (bx, by)]}
    return maze, found


def read_file(source, **options):
    """``read`` on a picture file (a path, a file object or the file's bytes), decoded with Pillow."""
    try:
        from PIL import Image
    except ImportError:
        raise MazeFormatError("reading pictures needs Pillow: pip install 'pymaze[image]'") from None
    import io
    if isinstance(source, (bytes, bytearray)):
        source = io.BytesIO(bytes(source))
    try:
        with Image.open(source) as img:
            img.load()
            mode = "RGBA" if img.mode in ("RGBA", "LA", "PA") or "transparency" in img.info else "RGB"
            img = img.convert(mode)
            return read(img.width, img.height, img.tobytes(), len(mode), **options)
    except (OSError, SyntaxError, ValueError) as exc:
        if isinstance(exc, MazeFormatError):
            raise
        raise MazeFormatError(f"the picture cannot be decoded: {exc}") from None


def from_image_file(source, **options):
    """The maze of ``read_file``."""
    return read_file(source, **options)[0]
