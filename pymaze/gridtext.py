"""The shapes whose cells sit on a square grid (the cylinder, torus and Möbius strip, weave, levels,
zeta and upsilon) as thin-wall text for a terminal: what ``solve`` prints and ``play`` walks on::

    o---o---o---o---o          a cylinder: a passage leaves the east edge at ``a`` and comes
    a S     |       a          back in at the west edge's ``a``
    o---o   o   o---o
    |   |     .   G |          zeta and upsilon: ``\\`` or ``/`` at a corner, a passage across it
    o---o---o---o---o

Each cell is three characters wide: its mark in the middle (``S``, ``G``, ``X`` the player, ``.``
the route), and on a maze of levels its stairs after it (``^`` up, ``v`` down, ``+`` both).  Walls
are ``|`` and ``---`` between posts, as in thin-wall text.  Where the maze wraps around, an open
passage across the edge leaves a letter in the frame at both of its ends (the Möbius strip's other
end is upside down: row y meets row h - 1 - y).  A weave maze's bridge is its middle cell's two
side walls drawn double (``║`` or ``═══``): the corridor runs between them, over a tunnel that
passes under them.  The levels stand side by side, level 1 (the top one) first.

This text is for reading, not a file format: ``formats`` writes mazes to be read back (JSON for
these shapes).
"""

from textwrap import fill

from . import formats
from .errors import GeometryError
from .graph import links

SHAPES = ("cylinder", "torus", "moebius", "weave", "levels", "zeta", "upsilon")
LETTERS = "abcdefghijklmnpqrstuwyz"   # the wrap-around marks (no o, v or x: posts, stairs, the player)
CLOSED_V, CLOSED_H, OPEN_V, OPEN_H = "|", "---", " ", "   "
RAIL_V, RAIL_H = "║", "═══"
OFF = "###"                            # a cell the mask switched off


class _Open:
    """The open passages of a maze on a grid, sorted by how the text shows them."""

    def __init__(self, maze):
        lat = maze.lattice
        self.east, self.south, self.up, self.down = set(), set(), set(), set()
        self.corner = {}                # post (x, y, z) -> "\\" or "/"
        self.rails_v, self.rails_h = set(), set()   # bridge cells with rails W and E, or N and S
        self.left, self.right, self.top, self.bottom = {}, {}, {}, {}   # frame place -> letter
        at = [_xyz(lat.position(p)) for p in range(lat.n)]
        near, wraps = links(maze), []
        for p in range(lat.n):
            for q in near(p):
                if q > p:
                    self._sort(lat, at[p], at[q], wraps)
        for k, (side_a, a, side_b, b) in enumerate(sorted(wraps)):
            letter = LETTERS[k % len(LETTERS)]
            getattr(self, side_a)[a] = getattr(self, side_b)[b] = letter

    def _sort(self, lat, a, b, wraps):
        (x1, y1, z1), (x2, y2, z2) = a, b
        dx, dy = x2 - x1, y2 - y1
        if z1 != z2:                                    # a stair: level 0 is the top one
            upper, lower = (a, b) if z1 < z2 else (b, a)
            self.down.add(upper)
            self.up.add(lower)
        elif abs(dx) + abs(dy) == 1:
            if dx:
                self.east.add((min(x1, x2), y1, z1))
            else:
                self.south.add((x1, min(y1, y2), z1))
        elif abs(dx) == abs(dy) == 1:                   # a diagonal, across the corner between
            self.corner[max(x1, x2), max(y1, y2), z1] = "\\" if dx == dy else "/"
        elif lat.shape == "weave":                      # a tunnel, under the cell half way
            m = (x1 + dx // 2, y1 + dy // 2, z1)
            (self.rails_v if dx else self.rails_h).add(m)
        elif abs(dx) == lat.w - 1:                      # across the east edge to the west one
            east, west = (a, b) if dx < 0 else (b, a)
            wraps.append(("right", east[1], "left", west[1]))
        elif abs(dy) == lat.h - 1:                      # across the south edge to the north one
            wraps.append(("bottom", x1, "top", x1))
        else:
            raise GeometryError(f"the {lat.shape} maze's passage between {a} and {b} has no place in text")


def _xyz(pos):
    return pos if len(pos) == 3 else (*pos, 0)


def grid_text(maze, route=(), player=None, levels=None, posts="o", key=True, titles=True):
    """The maze as text (see the module's docstring), the route's cells marked ``.`` and the player
    ``X``; a maze of levels: the ``levels`` listed (numbers from 0, the top one; default all) side by
    side, each under its title ("level 1") unless ``titles`` is false.  ``key``: a last line that
    names each mark the text shows."""
    lat = maze.lattice
    if lat is None or lat.shape not in SHAPES:
        raise GeometryError(f"text pictures draw the shapes on a square grid ({', '.join(SHAPES)}); "
                            f"this maze is {maze.shape}: write it as json, svg or png")
    w, h = lat.w, lat.h
    opened = _Open(maze)
    on_route, goals = set(route or ()), set(maze.goals)
    zs = list(range(lat.depth)) if levels is None else list(levels)

    def cell(x, y, z):
        return lat.cell_at(x, y, z)

    def post(x, y, z):
        return opened.corner.get((x, y, z), posts)

    def across(x, y, z):            # the wall between cells (x, y - 1) and (x, y)
        if y in (0, h):
            letter = (opened.top if y == 0 else opened.bottom).get(x)
            return f" {letter} " if letter else CLOSED_H
        if (x, y, z) in opened.rails_h or (x, y - 1, z) in opened.rails_h:
            return RAIL_H
        if (x, y - 1, z) in opened.south or cell(x, y - 1, z) < 0 and cell(x, y, z) < 0:
            return OPEN_H
        return CLOSED_H

    def beside(x, y, z):            # the wall between cells (x - 1, y) and (x, y)
        if x in (0, w):
            return (opened.left if x == 0 else opened.right).get(y, CLOSED_V)
        if (x, y, z) in opened.rails_v or (x - 1, y, z) in opened.rails_v:
            return RAIL_V
        if (x - 1, y, z) in opened.east or cell(x - 1, y, z) < 0 and cell(x, y, z) < 0:
            return OPEN_V
        return CLOSED_V

    def inside(x, y, z):
        p = cell(x, y, z)
        if p < 0:
            return OFF
        mark = "X" if p == player else "S" if p == maze.start else "G" if p in goals \
            else "." if p in on_route else " "
        up, down = (x, y, z) in opened.up, (x, y, z) in opened.down
        return " " + mark + ("+" if up and down else "^" if up else "v" if down else " ")

    blocks = []
    for z in zs:
        rows = [f"level {z + 1}" if lat.shape == "levels" and titles else None]
        for y in range(h + 1):
            rows.append("".join(post(x, y, z) + (across(x, y, z) if x < w else "") for x in range(w + 1)))
            if y < h:
                rows.append("".join(beside(x, y, z) + (inside(x, y, z) if x < w else "") for x in range(w + 1)))
        blocks.append(rows if rows[0] else rows[1:])
    width = 4 * w + 1
    lines = ["   ".join(row.ljust(width) for row in layer).rstrip() for layer in zip(*blocks)]
    text = "\n".join(lines) + "\n"
    wide = max(78, max(map(len, lines)))
    return text + (fill(legend(maze, opened, text, zs, on_route), wide, subsequent_indent="     ") + "\n" if key else "")


def legend(maze, opened, text, zs, on_route):
    """The key: a line naming each mark the text shows."""
    parts = ["S start", "G goal"]
    if on_route:
        parts.append(". the route")
    if any(opened.left.values()) or opened.top:
        flip = " (a Möbius strip's far edge is upside down)" if maze.shape == "moebius" else ""
        parts.append("a letter on the frame: the two ends of a passage across the edge" + flip)
    if any(z in zs for *_, z in opened.corner):
        parts.append("\\ / a passage across that corner")
    if RAIL_V in text or RAIL_H in text:
        parts.append(f"{RAIL_V} {RAIL_H[0]} a bridge: its corridor runs between them, over a tunnel under them")
    if maze.shape == "levels":
        parts.append("^ stairs up, v down, + both")
    if OFF in text:
        parts.append(f"{OFF} no cell")
    return "key: " + "; ".join(parts)


def shape_text(maze, fmt, route=(), posts="o"):
    """A maze of a shape but square as text format ``fmt``: json, or thin on the shapes of a square
    grid (``grid_text``, with ``route``); any other is refused by name (what the CLI and the page's
    export write)."""
    if fmt == "json":
        return formats.to_json(maze)
    if fmt == "thin" and maze.shape in SHAPES:
        return grid_text(maze, route, posts=posts)
    also = " (or drawn as text to read: thin)" if maze.shape in SHAPES else ""
    raise GeometryError(f"{fmt} text holds square mazes; a {maze.shape} maze is written as json, svg or png{also}")
