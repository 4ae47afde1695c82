"""The square lattices that wrap around: cylinder, torus and Möbius strip (see ``pymaze.graph``).

Cells are unit squares in w x h rows, row-major, each with its neighbours N, E, S, W
(clockwise, y down).  A ``cylinder`` joins the east edge to the west edge of the same row; a
``torus`` does that and joins the bottom row to the top row; a ``moebius`` strip joins the
east edge at row y to the west edge at row h - 1 - y (the strip turns over as it closes).  A
passage that crosses a seam is drawn twice, at both edges, and its cells step one unit across
the seam, never across the drawing.
"""

from .errors import SizeError

# shape: (wraps east-west, wraps north-south, turns over)
WRAPS = {"cylinder": (True, False, False), "torus": (True, True, False), "moebius": (True, False, True)}
MARGIN = 0.45  # maze units beside a wrapping edge, where the drawing marks each seam passage


def check_size(shape, w, h):
    """SizeError when a wrapped side is under 3 cells (a cell would meet its own neighbour twice)."""
    wx, wy, _ = WRAPS[shape]
    for wraps, side, n in ((wx, "width", w), (wy, "height", h)):
        if wraps and n < 3:
            raise SizeError(f"a {shape} maze wraps around its {side}, so it needs a {side} of at least 3 "
                            f"cells (a narrower one would meet the same cell on both sides); got {n}")


def nbrs_of(shape, w, h):
    """A function ``raw -> [N, E, S, W]``: the raw neighbours of a raw cell (-1: the outer edge)."""
    wx, wy, flip = WRAPS[shape]
    last = h - 1

    def nbrs(raw):
        x, y = raw % w, raw // w
        across = (last - y if flip else y) * w  # the row met across the east-west seam
        return [raw - w if y else (last * w + x if wy else -1),
                raw + 1 if x < w - 1 else (across if wx else -1),
                raw + w if y < last else (x if wy else -1),
                raw - 1 if x else (across + w - 1 if wx else -1)]
    return nbrs


def far_cell(shape, w, h):
    """The cell the most moves from cell 0 on a whole lattice (of those, the highest-numbered).
    Along a row the moves to cell 0 are the least of a few straight lines in x (``deltas``), so
    their most lies at a row's ends or where two of those lines cross: only those are measured."""
    best = (-1, -1)
    for y in range(h):
        turned = abs(h - 1 - y) - y     # (Möbius: where going round the seam and straight cross)
        xs = {0, w - 1, w // 2, (w + 1) // 2, (w + turned) // 2, (w + turned + 1) // 2}
        for x in xs:
            if 0 <= x < w:
                k = y * w + x
                best = max(best, (min(dx + dy for dx, dy in deltas(shape, w, h, 0, k)), k))
    return best[1]


def corners(w, k):
    """Raw cell ``k``'s square, clockwise from its top left: sides N, E, S, W."""
    x, y = k % w, k // w
    return [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)]


def bounds(shape, w, h):
    """The drawing's bounds: the grid, with a margin beside each wrapping edge for the seam marks."""
    wx, wy, _ = WRAPS[shape]
    mx, my = (MARGIN if wx else 0.0), (MARGIN if wy else 0.0)
    return -mx, -my, w + mx, h + my


def crosses(shape, w, h, a, b):
    """Do raw cells ``a`` and ``b`` (neighbours) meet across a seam?"""
    return abs(a % w - b % w) > 1 or abs(a // w - b // w) > 1


def vector(shape, w, h, a, b):
    """The unit step ``(dx, dy)`` from raw cell ``a`` to its neighbour ``b``, as the cell at ``a``
    sees it (across a seam: on, out of the edge it crosses)."""
    dx, dy = b % w - a % w, b // w - a // w
    if abs(dx) > 1:
        return (1 if dx < 0 else -1), 0
    if abs(dy) > 1:
        return 0, (1 if dy < 0 else -1)
    return dx, dy


def deltas(shape, w, h, a, b):
    """The ways ``(dx, dy)`` (in cells, each >= 0) from raw cell ``a`` to raw cell ``b`` worth
    measuring: straight across the drawing and around each seam; the fewest moves between
    them is at least the smallest ``dx + dy`` (and any shorter measure of these)."""
    wx, wy, flip = WRAPS[shape]
    ax, ay, bx, by = a % w, a // w, b % w, b // w
    dx, dy = abs(ax - bx), abs(ay - by)
    if wy:
        dy = min(dy, h - dy)
    out = [(dx, dy)]
    if flip:
        out.append((w - dx, abs(h - 1 - ay - by)))
    elif wx:
        out[0] = (min(dx, w - dx), dy)
    return out


# --- upsilon: octagons and squares -----------------------------------------------------------------
#
# w x h cells in a checkerboard: an octagon where x + y is even, a square elsewhere.  An octagon
# meets its four orthogonal neighbours (squares) and its four diagonal ones (octagons), clockwise
# N, NE, E, SE, S, SW, W, NW; a square meets its four orthogonal ones (octagons), N, E, S, W.
# Centres are one unit apart; the octagons are regular, their flat sides sqrt(2)/2 from the
# centre, so a square's side equals an octagon's.

FLAT = 2 ** 0.5 / 2                      # an octagon's centre to its flat sides
CUT = 1 - FLAT                           # half a side: the square's half width
OCTAGON = [(-CUT, -FLAT), (CUT, -FLAT), (FLAT, -CUT), (FLAT, CUT), (CUT, FLAT), (-CUT, FLAT), (-FLAT, CUT),
           (-FLAT, -CUT)]                # side j (corner j to j + 1) faces neighbour j
SQUARE = [(-CUT, -CUT), (CUT, -CUT), (CUT, CUT), (-CUT, CUT)]


def upsilon_nbrs(w, h):
    """A function ``raw -> [neighbours]`` (8 for an octagon, 4 for a square; -1: the outer edge)."""
    def nbrs(raw):
        x, y = raw % w, raw // w
        steps = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
        if (x + y) % 2:
            steps = steps[0::2]
        return [(y + dy) * w + x + dx if 0 <= x + dx < w and 0 <= y + dy < h else -1 for dx, dy in steps]
    return nbrs


def upsilon_centre(w, k):
    return k % w + FLAT, k // w + FLAT


def upsilon_corners(w, k):
    cx, cy = upsilon_centre(w, k)
    return [(cx + dx, cy + dy) for dx, dy in (SQUARE if (k % w + k // w) % 2 else OCTAGON)]


def upsilon_bounds(w, h):
    return 0.0, 0.0, w - 1 + 2 * FLAT, h - 1 + 2 * FLAT


# --- levels: w x h x depth cells, stairs between neighbouring levels ---------------------------
#
# Raw cell k = z * w * h + y * w + x; level 0 is the top one.  A cell meets N, E, S, W on its own
# level (clockwise, y down: its square's sides in that order), then up (z - 1) and down (z + 1):
# the stairs, which have no side.  The levels are drawn side by side, level z shifted right by
# z * (w + GAP); a stair passage's wall is a point at the upper cell's centre, never drawn (the
# drawing lists the stairs, and marks the open ones: ▼ on the upper cell, ▲ on the lower one).

GAP = 1.0  # maze units between two levels in the drawing
MAX_DEPTH = 2000


def levels_nbrs(w, h, depth):
    """A function ``raw -> [N, E, S, W, up, down]`` (-1: the outer edge, the top or the bottom)."""
    plane = w * h
    last = depth - 1

    def nbrs(raw):
        z, r = divmod(raw, plane)
        y, x = divmod(r, w)
        return [raw - w if y else -1, raw + 1 if x < w - 1 else -1, raw + w if y < h - 1 else -1,
                raw - 1 if x else -1, raw - plane if z else -1, raw + plane if z < last else -1]
    return nbrs


def levels_where(w, h, k):
    """Raw cell ``k`` as ``(x, y, z)``."""
    z, r = divmod(k, w * h)
    return r % w, r // w, z


def levels_corners(w, h, k):
    """Raw cell ``k``'s square in the drawing, clockwise from its top left: sides N, E, S, W."""
    x, y, z = levels_where(w, h, k)
    x += z * (w + GAP)
    return [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)]


def levels_centre(w, h, k):
    x, y, z = levels_where(w, h, k)
    return x + z * (w + GAP) + 0.5, y + 0.5


def levels_bounds(w, h, depth):
    return 0.0, 0.0, depth * w + (depth - 1) * GAP, float(h)


def stair_marks(drawing, ends, wall):
    """The marks of the open stairs: ``[(kind, [three points]), ...]`` in maze units, kind "down"
    (▼, on the upper cell, a little right of its centre) or "up" (▲, on the lower cell, a little left),
    so a cell with both stairs open shows both side by side."""
    out = []
    n = len(drawing["cells"])
    for v in drawing.get("stairs", ()):
        if not wall[v]:
            out.append(("down", stair_mark(drawing, ends[2 * (v - n)], "down")))
            out.append(("up", stair_mark(drawing, ends[2 * (v - n) + 1], "up")))
    return out


def stair_mark(drawing, p, kind):
    """The three points of cell ``p``'s mark of its stair ``kind`` ("down" or "up")."""
    P, S = drawing["polygons"], drawing["starts"]
    dx, tip = (0.22, 1) if kind == "down" else (-0.22, -1)
    i = S[p]
    cx, cy = P[2 * i] + 0.5 + dx, P[2 * i + 1] + 0.5  # (a level's cell is a unit square)
    return [(cx - 0.2, cy - 0.19 * tip), (cx + 0.2, cy - 0.19 * tip), (cx, cy + 0.24 * tip)]
