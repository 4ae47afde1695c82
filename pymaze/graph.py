"""The graph layer: the topology every algorithm and metric asks, whatever the maze's shape.

A maze is a graph: cells, candidate passages between neighbouring cells,
and which passages are open.  Shapes:

* ``"square"``: today's grid of squares (``Maze.geometry`` "thin" or
  "block"); indices are block squares, a passage is the square between two
  cells.  A mask switches cells off (they stay wall).
* ``"hex"``: w x h flat-topped hexagons in a rectangle, odd columns half a
  cell lower; six neighbours (N, NE, SE, S, SW, NW).
* ``"triangle"``: w x h triangles in rows, pointing up where x + y is even
  and down elsewhere; three neighbours.
* ``"polar"``: a centre cell and h rings around it; the first ring has w
  cells, and a ring splits each cell of the ring inside it in two (or more)
  when the cells would otherwise grow wider than about twice their depth,
  as in Jamis Buck's polar grid.
* ``"cylinder"``, ``"torus"``, ``"moebius"``: w x h squares whose edges wrap around (east to
  west; a torus also bottom to top; a Möbius strip east at row y to west at row h - 1 - y);
  four neighbours (N, E, S, W); see ``pymaze.worlds``.
* ``"upsilon"``: w x h cells in a checkerboard of octagons (x + y even: eight neighbours, the
  diagonal ones octagons too) and squares (four neighbours); see ``pymaze.worlds``.
* ``"levels"``: w x h x depth squares, level above level; six neighbours (N, E, S, W, then the
  stairs up and down to the same (x, y) of the levels next to it); see ``pymaze.worlds``.
* ``"weave"``: w x h squares, each with a tunnel candidate to the cells two away in a line,
  under the middle one; which may open depends on what is open (``rule``); see ``pymaze.weave``.
* ``"zeta"``: w x h squares with eight neighbours (N, NE, E, SE, S, SW, W, NW); the two diagonal
  passages of a 2 x 2 block cross, so at most one of them may open (``rule``); see ``pymaze.zeta``.

On hex, triangle and polar mazes (``Maze.geometry == "graph"``) the index
space is the cells ``0 .. n-1`` followed by the passages ``n .. n+m-1``:
``wall[cell]`` is 1 until a carving generator opens it, ``wall[passage]``
is 1 while the passage is closed.  Every cell's neighbours are kept as
``(via - p, q - p)`` offset pairs in clockwise order (screen coordinates,
y down), the same shape of table the square grid uses, so one neighbour
loop serves every shape::

    g, tables, side = steps(maze)
    for d, d2 in tables[side[p]]:
        if not g[p + d]:
            q = p + d2          # a node one move from p

The module also holds the searches every solver and metric shares
(breadth-first tree, the path from a parent table, the block-cut tree).
"""

import math
from array import array
from bisect import bisect_right
from collections import Counter
from operator import sub

from .errors import GeometryError, ParameterError, SizeError
from .masks import settle
from .numbering import RULES, SIDE_MAJOR, by_cells, by_rows
from . import weave, worlds, zeta
from .worlds import WRAPS

SHAPES = ("square", "hex", "triangle", "polar", "cylinder", "torus", "moebius", "upsilon", "levels", "weave", "zeta")
ON_SQUARES = ("cylinder", "torus", "moebius", "upsilon", "levels", "weave", "zeta")  # cells on a grid of unit steps
RULED = ("weave", "zeta")  # shapes where a passage may open only as what is open allows (see ``rule``)
MAX_CELLS = 4_000_000  # the most cells of a lattice: as many as a 2000 x 2000 square maze
GRAPH_SHAPES = SHAPES[1:]
DIAGONALS = ("never", "no-corners", "one-blocked", "always")  # a block maze's rules for diagonal steps
ROOT3 = math.sqrt(3.0)
HEX_CORNERS = [(math.cos(math.radians(a)), math.sin(math.radians(a))) for a in range(240, 600, 60)]  # clockwise


# --- the lattices of the graph shapes -------------------------------------------

def check_depth(shape, depth):
    """``depth`` as a whole number: the levels of a ``levels`` maze (1 to 2000; 1 is one flat level),
    and None or 1 for every other shape (ParameterError otherwise)."""
    if shape != "levels":
        if depth is not None and depth != 1:
            raise ParameterError(f"depth is the number of levels of a levels maze; a {shape} maze has none "
                                 f"(got depth={depth!r:.40})")
        return 1
    if depth is None:
        return 1
    if isinstance(depth, bool) or not isinstance(depth, int) or not 1 <= depth <= worlds.MAX_DEPTH:
        raise ParameterError(f"depth must be a whole number of levels from 1 to {worlds.MAX_DEPTH}; "
                             f"got {depth!r:.40}")
    return depth


def _hex_nbrs(w, h):
    def nbrs(raw):
        x, y = raw % w, raw // w
        lo = y - 1 + (x & 1)  # the row of the NE / NW neighbours; SE / SW are one lower
        out = [(x, y - 1), (x + 1, lo), (x + 1, lo + 1), (x, y + 1), (x - 1, lo + 1), (x - 1, lo)]
        return [qy * w + qx if 0 <= qx < w and 0 <= qy < h else -1 for qx, qy in out]
    return nbrs


def _triangle_nbrs(w, h):
    def nbrs(raw):
        x, y = raw % w, raw // w
        if (x + y) % 2 == 0:   # pointing up: right, bottom, left
            out = [(x + 1, y), (x, y + 1), (x - 1, y)]
        else:                  # pointing down: top, right, left
            out = [(x, y - 1), (x + 1, y), (x - 1, y)]
        return [qy * w + qx if 0 <= qx < w and 0 <= qy < h else -1 for qx, qy in out]
    return nbrs


def polar_rings(first, rings):
    """Cells per ring of a polar maze: ``[1, first, ...]``, ``rings + 1`` numbers (ring 0 is the centre)."""
    counts = [1, first]
    for r in range(2, rings + 1):
        prev = counts[-1]
        counts.append(prev * max(1, round(2 * math.pi * r / prev)))
    return counts[:rings + 1]


def _polar_nbrs(counts):
    starts = [0]
    for c in counts:
        starts.append(starts[-1] + c)
    rings = len(counts) - 1

    def where(raw):
        r = bisect_right(starts, raw) - 1
        return r, raw - starts[r]

    def nbrs(raw):
        if raw == 0:
            return list(range(1, 1 + counts[1])) if rings else []
        r, i = where(raw)
        c = counts[r]
        out = []
        if r < rings:
            k = counts[r + 1] // c
            out += [starts[r + 1] + i * k + j for j in range(k)]
        else:
            out.append(-1)   # the outer boundary
        out.append(starts[r] + (i + 1) % c)
        out.append(starts[r - 1] + i // (c // counts[r - 1]) if r > 1 else 0)
        out.append(starts[r] + (i - 1) % c)
        return out
    return nbrs, starts, where


def _by_lower_cell(nbrs, raw, cell):
    """The first shapes' numbering (hex, triangle, polar): a passage is numbered when its
    lower cell meets it, cell by cell; the higher cell finds that number in the lower cell's table,
    already built.  ``(tables, ends, boundary, n + m)``."""
    n = len(raw)
    boundary = bytearray(n)
    tables = []
    ends = array("i")
    m = n
    for p, k in enumerate(raw):
        entries = []
        for q in nbrs(k):
            q = cell[q] if q >= 0 else -1
            if q < 0:
                boundary[p] = 1
            elif q > p:
                entries.append((m - p, q - p))
                ends.append(p)
                ends.append(q)
                m += 1
            else:
                back = p - q
                for dv, dq in tables[q]:
                    if dq == back:
                        entries.append((q + dv - p, -back))
                        break
        tables.append(tuple(entries))
    return tables, ends, boundary, m


class Lattice:
    """The cells and candidate passages of a maze of any shape but square (with its mask applied).

    ``n`` cells, ``m`` passages; ``tables[p]``: cell p's neighbours as ``(via - p, q - p)`` in
    clockwise order; ``ends``: the two cells of passage ``n + k`` at ``2k`` and ``2k + 1``;
    ``raw``: each cell's index in the unmasked lattice (row-major; polar: ring by ring);
    ``boundary``: 1 on cells at the outer edge or next to a switched-off cell.
    """

    def __init__(self, shape, w, h, mask=None, depth=1):
        if shape not in GRAPH_SHAPES:
            raise GeometryError(f"unknown shape {shape!r}; allowed: {', '.join(SHAPES)}")
        depth = check_depth(shape, depth)
        self.shape, self.w, self.h, self.depth = shape, w, h, depth
        if shape == "polar":
            if w < 3:
                raise SizeError(f"a polar maze needs at least 3 cells in its first ring; got {w}")
            self.counts = polar_rings(w, h)
            nbrs, self.starts, self._where = _polar_nbrs(self.counts)
            total = self.starts[-1]
        elif shape in WRAPS:
            worlds.check_size(shape, w, h)
            nbrs = worlds.nbrs_of(shape, w, h)
            total = w * h
        elif shape == "upsilon":
            nbrs, total = worlds.upsilon_nbrs(w, h), w * h
        elif shape == "levels":
            nbrs, total = worlds.levels_nbrs(w, h, depth), w * h * depth
        elif shape == "weave":
            nbrs, total = weave.nbrs(w, h), w * h
        elif shape == "zeta":
            nbrs, total = zeta.nbrs(w, h), w * h
        else:
            if shape == "triangle" and w == 1 and h > 1:
                raise SizeError("a triangle maze one cell wide falls apart into pairs of triangles (each "
                                "meets only the one above or below it); give it a width of at least 2")
            nbrs = _hex_nbrs(w, h) if shape == "hex" else _triangle_nbrs(w, h)
            total = w * h
        if total > MAX_CELLS:
            size = f"{w}x{h}" + (f"x{depth}" if shape == "levels" else "")
            raise SizeError(f"a {shape} maze of {size} would have {total:,} cells; at most {MAX_CELLS:,} "
                            f"(as many as a 2000x2000 square maze)" + ("; use fewer rings" if shape == "polar" else ""))
        self._step = None
        on = self._switch(mask, total)
        if mask is not None:
            on = settle(bytearray(on), nbrs, mask.islands)
            if shape == "weave":  # no tunnel under or into a switched-off cell
                nbrs = weave.nbrs(w, h, on)
        self.mask = mask
        if mask is None:
            raw = cell = array("i", range(total))
        else:
            cell = array("i", [-1]) * total
            raw = array("i", (k for k in range(total) if on[k]))
            for i, k in enumerate(raw):
                cell[k] = i
        n = self.n = len(raw)
        if not n:
            raise ParameterError(f"the mask leaves no cell of this {shape} maze; mark more cells with X")
        self.raw, self._cell = raw, cell
        if shape in SIDE_MAJOR or shape in RULES:
            rule = RULES[shape](w, h) if shape in RULES else None
            built = mask is None and by_rows(nbrs, raw, w, 2 if shape == "weave" else 1, rule)
            tables, ends, boundary = built or by_cells(nbrs, raw, cell, rule)
            m = n + len(ends) // 2
        else:
            tables, ends, boundary, m = _by_lower_cell(nbrs, raw, cell)
        self.boundary, self.tables = boundary, tables
        self.m, self.ends = m - n, ends
        if shape == "weave":
            self.middle, self.under = weave.tunnels(self)
        elif shape == "zeta":
            self.cross = zeta.crossings(self)

    def _switch(self, mask, total):
        """Which raw cells are on: all, or those whose centre falls on a set cell of ``mask``."""
        if mask is None:
            return b"\x01" * total
        rows = mask.rows
        mh, mw = len(rows), len(rows[0])
        if self.shape == "levels":  # the same cells on every level, the mask scaled to one level
            w, h = self.w, self.h
            return bytes(rows[(k // w % h) * mh // h][(k % w) * mw // w] for k in range(total))
        if self.shape != "polar" and (mw, mh) == (self.w, self.h):
            return bytes(rows[k // mw][k % mw] for k in range(total))
        (x0, y0, x1, y1) = self.bounds()
        on = bytearray(total)
        for k in range(total):
            x, y = self.raw_centre(k)
            mx = min(mw - 1, int((x - x0) / (x1 - x0) * mw))
            my = min(mh - 1, int((y - y0) / (y1 - y0) * mh))
            on[k] = rows[my][mx]
        return on

    # --- geometry (maze units) ---------------------------------------------------
    def bounds(self):
        """``(x0, y0, x1, y1)`` of the unmasked lattice's drawing."""
        w, h = self.w, self.h
        if self.shape in WRAPS or self.shape in ("weave", "zeta"):
            return 0.0, 0.0, float(w), float(h)
        if self.shape == "upsilon":
            return worlds.upsilon_bounds(w, h)
        if self.shape == "levels":
            return worlds.levels_bounds(w, h, self.depth)
        if self.shape == "hex":
            return 0.0, 0.0, 1.5 * w + 0.5, ROOT3 * (h + (0.5 if w > 1 else 0.0))
        if self.shape == "triangle":
            return 0.0, 0.0, (w + 1) / 2, h * ROOT3 / 2
        r = len(self.counts)
        return 0.0, 0.0, 2.0 * r, 2.0 * r

    def raw_centre(self, k):
        w = self.w
        if self.shape in WRAPS or self.shape in ("weave", "zeta"):
            return k % w + 0.5, k // w + 0.5
        if self.shape == "upsilon":
            return worlds.upsilon_centre(w, k)
        if self.shape == "levels":
            return worlds.levels_centre(w, self.h, k)
        if self.shape == "hex":
            x, y = k % w, k // w
            return 1.5 * x + 1.0, ROOT3 * (y + 0.5 * (x & 1) + 0.5)
        if self.shape == "triangle":
            x, y = k % w, k // w
            up = (x + y) % 2 == 0
            return x / 2 + 0.5, (y + (2 / 3 if up else 1 / 3)) * ROOT3 / 2
        o = float(len(self.counts))
        if k == 0:
            return o, o
        r, i = self._where(k)
        a = 2 * math.pi * (i + 0.5) / self.counts[r]
        return o + (r + 0.5) * math.cos(a), o + (r + 0.5) * math.sin(a)

    def centre(self, p):
        """Cell ``p``'s centre in maze units."""
        return self.raw_centre(self.raw[p])

    def position(self, p):
        """Cell ``p`` as grid coordinates: ``(x, y)`` for hex and triangle, ``(i, ring)`` for polar,
        ``(x, y, level)`` for levels."""
        k = self.raw[p]
        if self.shape == "polar":
            return (0, 0) if k == 0 else self._where(k)[::-1]
        if self.shape == "levels":
            return worlds.levels_where(self.w, self.h, k)
        return k % self.w, k // self.w

    def cell_at(self, x, y, z=0):
        """The cell at grid coordinates ``(x, y)`` (levels: on level ``z``; see ``position``), or -1."""
        if self.shape == "levels":
            if not (0 <= x < self.w and 0 <= y < self.h and 0 <= z < self.depth):
                return -1
            return self._cell[(z * self.h + y) * self.w + x]
        if self.shape == "polar":
            if not 0 <= y < len(self.counts) or not 0 <= x < self.counts[y]:
                return -1
            return self._cell[self.starts[y] + x]
        if not (0 <= x < self.w and 0 <= y < self.h):
            return -1
        return self._cell[y * self.w + x]

    def _corners(self, k):
        """Raw cell ``k``'s polygon: its corner points, clockwise, one side from each corner to the next.

        The sides run in the order of the cell's neighbours (the boundary included), so side j
        of a cell is the wall it shares with its j-th neighbour.
        """
        if self.shape in WRAPS:
            return worlds.corners(self.w, k)
        if self.shape == "upsilon":
            return worlds.upsilon_corners(self.w, k)
        if self.shape == "levels":
            return worlds.levels_corners(self.w, self.h, k)
        cx, cy = self.raw_centre(k)
        if self.shape == "hex":
            return [(cx + dx, cy + dy) for dx, dy in HEX_CORNERS]
        if self.shape == "triangle":
            w, s = self.w, ROOT3 / 2
            x, y = k % w, k // w
            left = x / 2
            if (x + y) % 2 == 0:
                return [(left + 0.5, y * s), (left + 1, (y + 1) * s), (left, (y + 1) * s)]
            return [(left, y * s), (left + 1, y * s), (left + 0.5, (y + 1) * s)]
        o = float(len(self.counts))
        counts = self.counts

        def at(radius, turn):
            a = 2 * math.pi * turn
            return o + radius * math.cos(a), o + radius * math.sin(a)
        if k == 0:
            return [at(1, i / counts[1]) for i in range(counts[1])] if len(counts) > 1 else \
                [at(1, i / 8) for i in range(8)]
        r, i = self._where(k)
        c = counts[r]
        out_k = counts[r + 1] // c if r + 1 < len(counts) else 1
        pts = [at(r, i / c)]
        pts += [at(r + 1, (i + j / out_k) / c) for j in range(out_k + 1)]
        pts.append(at(r, (i + 1) / c))
        # Corner order: inner start, outer arc..., inner end: rotate so the outward sides come first.
        return pts[1:] + pts[:1]

    def drawing(self):
        """The drawing as flat float arrays in maze units (see ``Maze.drawing``).

        A maze that wraps around adds ``wraps``, the passages that cross a seam, and ``wrap_walls``,
        each one's second segment (4 floats): its side on the higher cell, at the other edge.
        A maze of levels adds ``stairs``, the passages between levels: no side of either cell, so
        never drawn as a wall (their segment is a point at the upper cell's centre); an open one
        is drawn as a mark on both cells, down (▼) on the upper cell, up (▲) on the lower one.

        A weave maze adds its tunnels (see ``pymaze.weave.drawing``)."""
        if self.shape == "weave":
            return weave.drawing(self)
        if self.shape == "zeta":
            return zeta.drawing(self)
        polygons, starts = array("d"), array("i", [0])
        walls = array("d", [0.0]) * (4 * self.m)
        border = array("d")
        wraps, wrap_walls, stairs = array("i"), array("d"), array("i")
        wrapping = self.shape in WRAPS
        sides = 4 if self.shape == "levels" else None  # levels: the neighbours past the square's sides are stairs
        nbrs_of = self._raw_nbrs()
        for p, k in enumerate(self.raw):
            pts = self._corners(k)
            for x, y in pts:
                polygons.append(x)
                polygons.append(y)
            starts.append(starts[-1] + len(pts))
            qs = nbrs_of(k)
            j = 0
            for side, q in enumerate(qs):
                cq = self._cell[q] if q >= 0 else -1
                if sides is not None and side >= sides:
                    if cq >= 0:
                        dv, dq = self.tables[p][j]
                        j += 1
                        if cq > p:
                            v = p + dv - self.n
                            c = self.raw_centre(k)
                            walls[4 * v:4 * v + 4] = array("d", (c[0], c[1], c[0], c[1]))
                            stairs.append(p + dv)
                    continue
                a, b = pts[side], pts[(side + 1) % len(pts)]
                if cq < 0:
                    border.extend((a[0], a[1], b[0], b[1]))
                    continue
                dv, dq = self.tables[p][j]
                j += 1
                if cq > p:
                    v = 4 * (p + dv - self.n)
                    walls[v:v + 4] = array("d", (a[0], a[1], b[0], b[1]))
                elif wrapping and worlds.crosses(self.shape, self.w, self.h, k, q):
                    wraps.append(p + dv)
                    wrap_walls.extend((a[0], a[1], b[0], b[1]))
            if self.shape == "polar" and qs == [] and k == 0:
                for side in range(len(pts)):
                    a, b = pts[side], pts[(side + 1) % len(pts)]
                    border.extend((a[0], a[1], b[0], b[1]))
        out = {"cells": array("i", range(self.n)), "polygons": polygons, "starts": starts,
               "passages": array("i", range(self.n, self.n + self.m)), "walls": walls, "border": border,
               "bounds": self.bounds()}
        if wrapping:
            out.update(wraps=wraps, wrap_walls=wrap_walls, bounds=worlds.bounds(self.shape, self.w, self.h))
        if sides is not None:
            out.update(stairs=stairs)
        return out

    def _raw_nbrs(self):
        if self.shape in WRAPS:
            return worlds.nbrs_of(self.shape, self.w, self.h)
        if self.shape == "upsilon":
            return worlds.upsilon_nbrs(self.w, self.h)
        if self.shape == "levels":
            return worlds.levels_nbrs(self.w, self.h, self.depth)
        if self.shape == "weave":
            return weave.nbrs(self.w, self.h)
        if self.shape == "zeta":
            return zeta.nbrs(self.w, self.h)
        if self.shape == "hex":
            return _hex_nbrs(self.w, self.h)
        if self.shape == "triangle":
            return _triangle_nbrs(self.w, self.h)
        return _polar_nbrs(self.counts)[0]

    def far_pair(self):
        """Two boundary cells far apart: the one nearest the top left, and the one farthest from it
        (a maze that wraps around: the first cell, and the one the most moves from it; levels: the
        first cell of the top level and the last cell of the bottom one, its far corner)."""
        if self.shape == "levels":
            return 0, self.n - 1
        if self.shape in WRAPS and self.mask is None:
            return 0, worlds.far_cell(self.shape, self.w, self.h)
        if self.shape in WRAPS:
            tables = self.tables
            order, seen = [0], bytearray(self.n)
            seen[0] = 1
            for p in order:
                for _, dq in tables[p]:
                    if not seen[p + dq]:
                        seen[p + dq] = 1
                        order.append(p + dq)
            return 0, order[-1]
        edge = [p for p in range(self.n) if self.boundary[p]] or list(range(self.n))
        if not edge:
            return -1, -1
        cs = {p: self.centre(p) for p in edge}
        s = min(edge, key=lambda p: (cs[p][0] + cs[p][1], p))
        sx, sy = cs[s]
        g = max(edge, key=lambda p: ((cs[p][0] - sx) ** 2 + (cs[p][1] - sy) ** 2, -p))
        return s, g

    def max_step(self):
        """The longest distance between the centres of two neighbouring cells (for admissible estimates)."""
        if self._step is None:
            if self.shape in WRAPS or self.shape == "levels":
                self._step = 1.0   # (a step across a seam or a stair is one unit too, see vector)
            elif self.shape == "hex":
                self._step = ROOT3
            elif self.shape == "triangle":
                self._step = 1 / ROOT3
            else:
                best = 0.0
                for k in range(self.m):
                    (ax, ay), (bx, by) = self.centre(self.ends[2 * k]), self.centre(self.ends[2 * k + 1])
                    best = max(best, math.hypot(ax - bx, ay - by))
                self._step = best or 1.0
        return self._step

    def vector(self, p, q):
        """The step from cell ``p`` to its neighbour ``q`` as ``(dx, dy)`` in maze units (y down): the
        centres' difference, or across a seam one unit out of the edge it crosses; a stair is
        no step on the plan, ``(0, 0)``."""
        if self.shape in WRAPS:
            return worlds.vector(self.shape, self.w, self.h, self.raw[p], self.raw[q])
        if self.shape == "levels" and abs(self.raw[p] - self.raw[q]) == self.w * self.h:
            return 0.0, 0.0
        (ax, ay), (bx, by) = self.centre(p), self.centre(q)
        return bx - ax, by - ay

    def crosses(self, p, q):
        """Do neighbouring cells ``p`` and ``q`` meet across a seam (a maze that wraps around) or
        a stair (levels)?"""
        if self.shape == "levels":
            return abs(self.raw[p] - self.raw[q]) == self.w * self.h
        return self.shape in WRAPS and worlds.crosses(self.shape, self.w, self.h, self.raw[p], self.raw[q])


# --- topology of any maze ---------------------------------------------------------

def steps(maze, diagonal="never"):
    """The fastest neighbour loop: ``(g, tables, side)``.

    For node ``p``: ``for d, d2 in tables[side[p]]: if not g[p + d]: q = p + d2``
    visits every node one move away.  Thin mazes step two squares through an
    opening and never touch the border.  Block mazes step one square; ``g`` is
    padded so that stepping off the top or bottom reads wall (a negative index
    wraps into the padding), and ``side[p]`` selects a direction set without
    west (left column), east (right column) or both, so no move wraps a row.
    Graph shapes have one table per cell (``side[p]`` is ``p``).

    ``diagonal`` (a block maze's rule for diagonal steps, see ``pymaze.solvers._moves``): each
    square's set holds the four orthogonal steps, then the diagonal ones (NE, SE, SW, NW) the rule
    allows from it, each ``(d, d)``; ``side[p]`` is then the bit set of the steps allowed.
    """
    if diagonal != "never":
        return _diagonal_steps(maze, diagonal)
    if maze.lattice is not None:
        return maze.wall, maze.lattice.tables, range(len(maze.wall))
    w = maze.width
    dirs = (-w, 1, w, -1)
    side = bytearray(len(maze.wall))
    if maze.geometry == "thin":
        pairs = tuple((d, 2 * d) for d in dirs)
        return maze.wall, (pairs,), side
    g = maze.wall + b"\x01" * (w + 1)
    side[0::w] = b"\x01" * maze.height
    for y in range(maze.height):
        side[y * w + w - 1] |= 2
    # Direction order N, E, S, W: drop W (index 3) on the left column, E (index 1) on the right.
    pair_sets = tuple(tuple((d, d) for i, d in enumerate(dirs) if not (k & 1 and i == 3 or k & 2 and i == 1))
                      for k in range(4))
    return g, pair_sets, side


def _diagonal_steps(maze, rule):
    """``steps`` on a block maze whose moves include the diagonal ones ``rule`` allows: a
    diagonal step needs its square open and, by the rule, its two side squares (the orthogonal
    neighbours it passes): both open ("no-corners"), at least one ("one-blocked"), any ("always")."""
    if rule not in DIAGONALS:
        raise ParameterError(f"option 'diagonal' must be one of {', '.join(DIAGONALS)}; got {rule!r}")
    if maze.lattice is not None:
        raise ParameterError(f"diagonal steps ({rule}) need the block view of a square maze; a "
                             f"{maze.lattice.shape} maze only steps through its passages (use diagonal=never)")
    if maze.geometry != "block":
        raise ParameterError(f"diagonal steps ({rule}) need the block view; a thin-wall maze "
                             "only steps cell to cell (use diagonal=never)")
    w, h = maze.width, maze.height
    g = maze.wall + b"\x01" * (w + 1)
    dirs = (-w, 1, w, -1, 1 - w, 1 + w, w - 1, -w - 1)  # N, E, S, W, NE, SE, SW, NW
    unit = ((0, -1), (1, 0), (0, 1), (-1, 0), (1, -1), (1, 1), (-1, 1), (-1, -1))
    tables = tuple(tuple((d, d) for k, d in enumerate(dirs) if bits >> k & 1) for bits in range(256))
    side = bytearray(len(maze.wall))
    wall = maze.wall

    def is_open(x, y):
        return 0 <= x < w and 0 <= y < h and not wall[y * w + x]
    for p in range(len(wall)):
        if wall[p]:
            continue
        y, x = divmod(p, w)
        free = [is_open(x + dx, y + dy) for dx, dy in unit]
        bits = 0
        for k in range(4):
            if free[k]:
                bits |= 1 << k
            a, b = free[k], free[(k + 1) % 4]
            if free[4 + k] and (a and b if rule == "no-corners" else a or b if rule == "one-blocked" else True):
                bits |= 1 << (4 + k)
        side[p] = bits
    return g, tables, side


def links(maze):
    """A function ``p -> [q, ...]``: the nodes one move from node ``p``, in clockwise order (N, E, S, W on squares)."""
    g, pair_sets, side = steps(maze)

    def nbrs(p):
        return [p + d2 for d, d2 in pair_sets[side[p]] if not g[p + d]]
    return nbrs


def moves(maze):
    """What carving generators walk on: ``(fixed, tables, inside)``.

    A cell ``p``'s candidate moves are ``fixed or tables[p]``, each ``(dv, dq)``: the passage
    ``p + dv`` and the cell ``p + dq``, which counts only when ``inside[p + dq]``.  Square
    mazes share one fixed table of four (N, E, S, W) and a padded ``inside`` that is 0 off the
    grid and on switched-off cells; graph shapes have a table per cell and every entry counts.
    """
    if maze.lattice is not None:
        return None, maze.lattice.tables, b"\x01" * maze.lattice.n
    w, h = maze.width, maze.height
    inside = bytearray(w * h + 2 * w + 2)
    ones = b"\x01" * maze.cells_w
    for y in range(1, h, 2):
        inside[y * w + 1:y * w + w - 1:2] = ones
    for p in masked_off(maze):
        inside[p] = 0
    return tuple((d, 2 * d) for d in (-w, 1, w, -1)), None, inside


def rule(maze):
    """None, or on a shape where a passage may open only as what is open allows (``RULED``), what
    says which may: ``may_open(p, via, q)`` (passage ``via`` between cells p and q) and
    ``may_close(via)``.  Every generator that opens passages on such a shape asks it at each
    opening; one that cannot keep the rule does not take the shape."""
    lat = maze.lattice
    if lat is None or lat.shape not in RULED:
        return None
    return zeta.Rule(maze) if lat.shape == "zeta" else weave.Rule(maze)


def between(maze):
    """A function ``(p, q) -> via``: the passage between neighbouring cells p and q."""
    if maze.lattice is None:
        return lambda p, q: (p + q) >> 1
    tables = maze.lattice.tables

    def via(p, q):
        for dv, dq in tables[p]:
            if p + dq == q:
                return p + dv
        raise ValueError(f"cells {p} and {q} are not neighbours")
    return via


def masked_off(maze):
    """The square indices of the cells a square maze's mask switches off (none without a mask)."""
    if maze.mask is None or maze.lattice is not None:
        return []
    rows = maze.mask.rows
    return [maze.cell(x, y) for y in range(maze.cells_h) for x in range(maze.cells_w) if not rows[y][x]]


def cells(maze):
    """Every cell's index (switched-off cells left out): row-major squares as an ``array('i')`` (4
    bytes a cell, not a list of ints: a 2000x2000 maze has 4 million), or ``0 .. n-1``."""
    if maze.lattice is not None:
        return range(maze.lattice.n)
    w = maze.width
    out = array("i")
    for y in range(1, maze.height, 2):
        out.extend(range(y * w + 1, y * w + w, 2))
    off = set(masked_off(maze))
    return array("i", (p for p in out if p not in off)) if off else out


def passages(maze):
    """Every candidate passage as ``(via, a, b)`` arrays: the passage index and its two cells."""
    if maze.lattice is not None:
        lat = maze.lattice
        return array("i", range(lat.n, lat.n + lat.m)), lat.ends[0::2], lat.ends[1::2]
    w, h = maze.width, maze.height
    off = set(masked_off(maze))
    vias, a, b = array("i"), array("i"), array("i")
    for y in range(1, h - 1):
        step = 1 if y % 2 else w
        for x in (range(2, w - 1, 2) if y % 2 else range(1, w - 1, 2)):
            v = y * w + x
            if v - step not in off and v + step not in off:
                vias.append(v)
                a.append(v - step)
                b.append(v + step)
    return vias, a, b


def heuristic(maze, name, targets=None):
    """A distance estimate ``h(p)`` to the nearest goal (or of ``targets``), in moves, never more than the true distance.

    Square mazes: ``manhattan``, ``euclidean``, ``octile`` or ``zero``.  Hex: the hex distance
    for ``manhattan`` and ``octile`` (exact on an open grid), the Euclidean distance over the
    step length for ``euclidean``.  Triangle and polar: the Euclidean distance divided by the
    longest step between neighbouring centres for any name but ``zero``.  Zeta: the Chebyshev
    distance for ``manhattan`` and ``octile`` (a diagonal move is one move, so the octile
    distance could overestimate; Chebyshev's is exact on an open grid).
    """
    if name == "zero":
        return lambda p: 0
    if name not in ("manhattan", "euclidean", "octile"):
        raise ValueError(name)
    lat = maze.lattice
    if lat is not None:
        if lat.shape == "hex" and name != "euclidean":
            def cube(p):
                x, y = lat.position(p)
                return x, y - (x - (x & 1)) // 2
            goals = [cube(g) for g in (maze.goals if targets is None else targets)]

            def h(p):
                q, r = cube(p)
                return min((abs(q - gq) + abs(r - gr) + abs(q + r - gq - gr)) // 2 for gq, gr in goals)
            return h
        if lat.shape in WRAPS:
            return _wrap_heuristic(lat, name, maze.goals if targets is None else targets)
        if lat.shape == "levels":
            return _levels_heuristic(lat, name, maze.goals if targets is None else targets)
        if lat.shape == "zeta" and name != "euclidean":
            return zeta.chebyshev(lat, maze.goals if targets is None else targets)
        step = lat.max_step()
        spots = [lat.centre(g) for g in (maze.goals if targets is None else targets)]

        def h(p):
            x, y = lat.centre(p)
            return min(math.hypot(x - gx, y - gy) for gx, gy in spots) / step
        return h
    w, step = maze.width, maze.step()
    goals = [(g % w, g // w) for g in (maze.goals if targets is None else targets)]
    if name == "manhattan":
        def h(p):
            x, y = p % w, p // w
            return min(abs(x - gx) + abs(y - gy) for gx, gy in goals) // step
    elif name == "euclidean":
        def h(p):
            x, y = p % w, p // w
            return min(((x - gx) ** 2 + (y - gy) ** 2) ** 0.5 for gx, gy in goals) / step
    else:
        def h(p):
            x, y = p % w, p // w
            best = None
            for gx, gy in goals:
                dx, dy = abs(x - gx), abs(y - gy)
                v = (max(dx, dy) + (2 ** 0.5 - 1) * min(dx, dy)) / step
                best = v if best is None or v < best else best
            return best
    return h


def _wrap_heuristic(lat, name, targets):
    """``heuristic`` on a maze that wraps around: the measure ``name`` of the shortest of the ways
    around the seams (``pymaze.worlds.deltas``); moves are unit steps, so each is admissible."""
    shape, w, tall, raw = lat.shape, lat.w, lat.h, lat.raw
    goals = [raw[g] for g in targets]
    if name == "manhattan" and len(goals) == 1:  # the usual case, inlined (A* asks it once per cell)
        gx, gy = goals[0] % w, goals[0] // w
        _, wy, flip = WRAPS[shape]

        def h(p):
            y, x = divmod(raw[p], w)
            dx, dy = abs(x - gx), abs(y - gy)
            if flip:
                return min(dx + dy, w - dx + abs(tall - 1 - y - gy))
            return min(dx, w - dx) + (min(dy, tall - dy) if wy else dy)
        return h
    measure = _measure(name)

    def h(p):
        a = raw[p]
        return min(measure(dx, dy) for g in goals for dx, dy in worlds.deltas(shape, w, tall, a, g))
    return h


def _measure(name):
    """The distance ``(dx, dy) -> float`` a heuristic is named for: manhattan, euclidean or octile."""
    if name == "manhattan":
        return lambda dx, dy: dx + dy
    if name == "euclidean":
        return math.hypot
    return lambda dx, dy: max(dx, dy) + (2 ** 0.5 - 1) * min(dx, dy)


def _levels_heuristic(lat, name, targets):
    """``heuristic`` on a maze of levels: the measure ``name`` on the plan plus the levels between;
    every move is one step on the plan or one level, so each is admissible."""
    w, plane, raw = lat.w, lat.w * lat.h, lat.raw
    goals = [(g % w, g // w % lat.h, g // plane) for g in (raw[t] for t in targets)]
    measure = _measure(name)

    def h(p):
        z, r = divmod(raw[p], plane)
        y, x = divmod(r, w)
        return min(measure(abs(x - gx), abs(y - gy)) + abs(z - gz) for gx, gy, gz in goals)
    return h


def turning(maze, path):
    """Total turning along a node path in whole degrees (a right-angle turn is 90, a U-turn 180).

    Degrees because turns differ by shape: 90 on squares (45 with diagonal moves), 60 or 120 on
    hexagons and triangles, any angle on a polar maze, whose rings bend at every move.  Graph
    shapes measure the angle between successive moves from the cells' centres; the total is rounded.
    A stair between levels is no turn: the heading on the plan carries over it.
    """
    lat = maze.lattice
    if lat is not None and lat.shape in ON_SQUARES:
        return 45 * _eighths(_square_headings(lat, path))
    if lat is not None:
        total, last = 0.0, None
        for a, b in zip(path, path[1:]):
            dx, dy = lat.vector(a, b)
            if not (dx or dy):
                continue
            angle = math.atan2(dy, dx)
            if last is not None:
                total += abs((angle - last + math.pi) % (2 * math.pi) - math.pi)
            last = angle
        return round(math.degrees(total))
    w = maze.width
    # Each move's heading in eighths of a turn (0 N, 2 E, 4 S, 6 W; odd: a diagonal move), then
    # the turns between successive headings counted by kind: the work per move runs in C (map,
    # zip, Counter).
    diffs = list(map(sub, path[1:], path))
    heading = {}
    for d in set(diffs):
        dy = round(d / w)
        dx = d - dy * w
        heading[d] = _EIGHTHS[(dx > 0) - (dx < 0), (dy > 0) - (dy < 0)]
    return 45 * _eighths(list(map(heading.__getitem__, diffs)))


def _eighths(ks):
    """The turning along moves of headings ``ks`` (in eighths of a turn), in eighths."""
    eighths = 0
    for (a, b), n in Counter(zip(ks, ks[1:])).items():
        diff = (b - a) % 8
        eighths += min(diff, 8 - diff) * n
    return eighths


def _square_headings(lat, path):
    """The headings (eighths of a turn) of the moves along ``path`` on a lattice of unit squares or
    upsilon's grid: from the cells' grid positions, a move across a seam heading out of the edge
    it crosses (``worlds.vector``), a stair left out (no move on the plan)."""
    w, h, raw = lat.w, lat.h, lat.raw
    xs = [raw[p] % w for p in path]
    ys = [raw[p] // w % h for p in path]
    moves = [m for m in zip(map(sub, xs[1:], xs), map(sub, ys[1:], ys)) if m != (0, 0)]
    wraps = lat.shape in WRAPS

    def unit(dx, dy):
        if wraps and abs(dx) > 1:
            return (dx < 0) - (dx > 0), 0
        if wraps and abs(dy) > 1:
            return 0, (dy < 0) - (dy > 0)
        return (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    heading = {m: _EIGHTHS[unit(*m)] for m in set(moves)}
    return list(map(heading.__getitem__, moves))


# A move's (sign of dx, sign of dy) -> its heading in eighths of a turn clockwise from north.
_EIGHTHS = {(0, -1): 0, (1, -1): 1, (1, 0): 2, (1, 1): 3, (0, 1): 4, (-1, 1): 5, (-1, 0): 6, (-1, -1): 7, (0, 0): 0}


def rotation(maze):
    """What a wall follower needs: ``(start, degree, move, back)``.

    ``degree(p)``: the sides of node p, in clockwise order; ``move(p, k)``: the node through
    side k, or -1 when closed; ``back(p, k)``: the side of that node that leads back to p;
    ``start``: the side S counts as behind it (south on squares, so it starts facing north).
    """
    g = maze.wall
    lat = maze.lattice
    if lat is not None:
        tables = lat.tables

        def move(p, k):
            dv, dq = tables[p][k]
            return -1 if g[p + dv] else p + dq

        def back(p, k):
            q = p + tables[p][k][1]
            return [p - q == dq for dv, dq in tables[q]].index(True)
        return 0, lambda p: len(tables[p]), move, back
    w, n = maze.width, len(g)
    dirs = (-w, 1, w, -1)
    if maze.geometry == "thin":
        def move(p, k):
            return -1 if g[p + dirs[k]] else p + 2 * dirs[k]
    else:
        def move(p, k):
            x = p % w
            if k == 1 and x == w - 1 or k == 3 and x == 0:
                return -1
            q = p + dirs[k]
            return q if 0 <= q < n and not g[q] else -1
    return 2, lambda p: 4, move, lambda p, k: (k + 2) % 4


# --- searches -------------------------------------------------------------------

def bfs_tree(nbrs, source, allowed=None):
    """Breadth-first from ``source``: ``(order, parent)``, nodes in visiting order and a parent dict.

    With ``allowed`` (a set), the search stays inside it.
    """
    parent = {source: source}
    order = [source]
    for p in order:
        for q in nbrs(p):
            if q not in parent and (allowed is None or q in allowed):
                parent[q] = p
                order.append(q)
    return order, parent


def path_to(parent, node):
    """The path from the root of a parent table (a dict or an array; the root is its own parent) to ``node``."""
    path = [node]
    while parent[node] != node:
        node = parent[node]
        path.append(node)
    path.reverse()
    return path


def biconnected(root, nbrs):
    """The blocks (biconnected components, as vertex sets) of ``root``'s component, without recursion.

    Hopcroft-Tarjan depth-first search with an explicit stack of
    ``(vertex, parent, neighbour iterator)`` frames and a stack of tree and
    back edges; a block is popped when a child's low point does not reach
    above its parent.  An isolated vertex has no block.
    """
    disc, low = {root: 0}, {root: 0}
    frames = [(root, None, iter(nbrs(root)))]
    edges, blocks = [], []
    while frames:
        v, up, it = frames[-1]
        for u in it:
            if u not in disc:
                disc[u] = low[u] = len(disc)
                edges.append((v, u))
                frames.append((u, v, iter(nbrs(u))))
                break
            if u != up and disc[u] < disc[v]:
                edges.append((v, u))
                if disc[u] < low[v]:
                    low[v] = disc[u]
        else:
            frames.pop()
            if up is not None:
                if low[v] < low[up]:
                    low[up] = low[v]
                if low[v] >= disc[up]:
                    block = set()
                    while True:
                        e = edges.pop()
                        block.update(e)
                        if e == (up, v):
                            break
                    blocks.append(block)
    return blocks


SINK = -2  # a virtual node joined to every goal, so "reach any goal" is "reach one node"


def route_blocks(maze, nbrs):
    """The blocks on the block-cut tree path from S to the goals, in order, or None when no goal is reachable.

    The graph gets a virtual sink joined to every goal.  In the tree whose
    nodes are the blocks and the vertices (each vertex joined to the blocks
    holding it), the S-sink path crosses exactly the blocks that some simple
    S-G route passes through; a vertex lies on some simple S-G route iff it
    lies in one of them.  Returns ``[(block, entry, exit), ...]``; the last
    block's exit is ``SINK``, which the last block holds.
    """
    goals = set(maze.goals)
    start = maze.start
    if start in goals:
        return [({start}, start, start)]

    def joined(p):
        if p == SINK:
            return list(maze.goals)
        out = nbrs(p)
        return out + [SINK] if p in goals else out

    blocks = biconnected(start, joined)
    holding = {}
    for i, b in enumerate(blocks):
        for v in b:
            holding.setdefault(v, []).append(i)
    if SINK not in holding:
        return None
    # Tree nodes: ("v", vertex) and ("b", block number); BFS from S to the sink.
    root, target = ("v", start), ("v", SINK)
    parent = {root: root}
    queue = [root]
    for node in queue:
        if node == target:
            break
        kind, x = node
        nxt = [("b", i) for i in holding[x]] if kind == "v" else [("v", v) for v in blocks[x]]
        for n in nxt:
            if n not in parent:
                parent[n] = node
                queue.append(n)
    path = path_to(parent, target)
    out = []
    for j in range(1, len(path) - 1, 2):
        out.append((blocks[path[j][1]], path[j - 1][1], path[j + 1][1]))
    return out


# --- networkx views -------------------------------------------------------------

def square_drawing(maze):
    """The drawing of a thin-wall square maze in the form ``Lattice.drawing`` gives (cells are unit squares)."""
    w = maze.width
    ids = cells(maze)
    polygons, starts = array("d"), array("i", range(0, 4 * len(ids) + 1, 4))
    for p in ids:
        x, y = (p % w - 1) / 2, (p // w - 1) / 2
        polygons.extend((x, y, x + 1, y, x + 1, y + 1, x, y + 1))
    vias, walls = passages(maze)[0], array("d")
    for v in vias:
        x, y = v % w, v // w
        if y % 2:   # between two cells of a row: a vertical wall
            walls.extend((x / 2, (y - 1) / 2, x / 2, (y + 1) / 2))
        else:
            walls.extend(((x - 1) / 2, y / 2, (x + 1) / 2, y / 2))
    inner, border = set(vias), array("d")
    for p in ids:  # a side with no candidate passage through it: the frame, or a switched-off neighbour
        x, y = (p % w - 1) / 2, (p // w - 1) / 2
        for d, seg in ((-w, (x, y, x + 1, y)), (1, (x + 1, y, x + 1, y + 1)),
                       (w, (x, y + 1, x + 1, y + 1)), (-1, (x, y, x, y + 1))):
            if p + d not in inner:
                border.extend(seg)
    return {"cells": array("i", ids), "polygons": polygons, "starts": starts, "passages": vias, "walls": walls,
            "border": border, "bounds": (0.0, 0.0, float(maze.cells_w), float(maze.cells_h))}


def to_networkx(maze, candidates=False):
    """The maze as a ``networkx.Graph`` on its node indices: open passages, or every candidate one.

    Nodes are the open cells (squares of a block maze); each edge carries ``via``, the passage's
    index (-1 between two block squares), and a weave maze's tunnel ``under=True``.  Needs networkx.
    """
    import networkx as nx
    G = nx.Graph()
    g = maze.wall
    if maze.geometry == "block":
        nbrs = links(maze)
        for p in range(len(g)):
            if not g[p]:
                G.add_node(p)
                G.add_edges_from((p, q, {"via": -1}) for q in nbrs(p) if q > p)
        return G
    for p in cells(maze):
        if candidates or not g[p]:
            G.add_node(p)
    lat = maze.lattice
    middle = lat.middle if lat is not None and lat.shape == "weave" else None
    for v, a, b in zip(*passages(maze)):
        if candidates or not (g[v] or g[a] or g[b]):
            if middle is not None and middle[v - lat.n] >= 0:
                G.add_edge(a, b, via=v, under=True)
            else:
                G.add_edge(a, b, via=v)
    return G


def junction_graph(maze):
    """The maze as a small graph for simple routes: dead-end branches pruned (a simple route
    from S never enters one), then every corridor of two-way nodes contracted to one edge.

    Returns ``(adj, edges)``: ``adj[u]`` lists ``(v, edge id)``; ``edges[e]`` is the node path of
    corridor ``e`` from one end to the other (its length in moves is ``len - 1``).  S and the goals
    are never pruned and always ends of corridors."""
    g, pair_sets, side = steps(maze)
    fixed = pair_sets[0] if len(pair_sets) == 1 else None
    start = maze.start
    keep = {start, *maze.goals}
    degree = array("b", bytes(len(maze.wall)))  # open sides; -1 once pruned
    inside = bytearray(len(maze.wall))
    inside[start] = 1
    todo = [start]
    push = todo.append
    for p in todo:                      # the component of S
        k = 0
        for d, d2 in fixed or pair_sets[side[p]]:
            if not g[p + d]:
                k += 1
                if not inside[p + d2]:
                    inside[p + d2] = 1
                    push(p + d2)
        degree[p] = k
    order = list(set(todo))             # the component in the order its set visits it
    leaves = [p for p in order if degree[p] <= 1 and p not in keep]
    while leaves:                       # prune dead ends inwards
        p = leaves.pop()
        if degree[p] < 0:
            continue
        degree[p] = -1
        for d, d2 in fixed or pair_sets[side[p]]:
            if not g[p + d] and degree[p + d2] > 0:
                q = p + d2
                degree[q] -= 1
                if degree[q] <= 1 and q not in keep:
                    leaves.append(q)
    alive = set(p for p in order if degree[p] >= 0)
    ends = {p for p in alive if p in keep or degree[p] != 2}
    adj = {u: [] for u in ends}
    edges, walked = [], set()
    for u in ends:
        for d, d2 in fixed or pair_sets[side[u]]:
            q = u + d2
            if g[u + d] or degree[q] < 0 or (u, q) in walked:
                continue
            path = [u, q]
            a, b = u, q
            while b not in ends:
                for d, d2 in fixed or pair_sets[side[b]]:
                    r = b + d2
                    if not g[b + d] and degree[r] >= 0 and r != a:
                        break
                path.append(r)
                a, b = b, r
            walked.add((path[-1], path[-2]))
            if path[-1] == u:
                continue                # a loop back to where it started: never on a simple route
            adj[u].append((path[-1], len(edges)))
            adj[path[-1]].append((u, len(edges)))
            edges.append(path)
    return adj, edges
