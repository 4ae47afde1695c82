"""Unicode box-drawing text of a thin-wall maze, for chats, issues and READMEs, written and read back::

    ┌───────┬───┐
    │ S     │   │
    ├───╴   ╵   │
    │ ·   ·   G │
    └───────────┘

Every post is the box-drawing character of the walls that meet there (``┼``,
``├``, ``╵`` ..., a space when none does); walls between posts are
``cell_width`` characters ``─`` wide, ``│`` between cells.  A cell holds
``S``, ``G`` or the route's ``·`` (also written in the openings the route
passes); reading ignores the route.  Without ``S`` the start is the
top-left cell, without ``G`` the goal is the bottom-right cell.
"""

from math import gcd

from .errors import GeometryError, MazeFormatError
from .maze import Maze
from .mazetext import MAX_SQUARES, route_squares, text_rows

# Junction characters by their arms, as bits N=1, E=2, S=4, W=8.
JUNCTIONS = " ╵╶└╷│┌├╴┘─┴┐┤┬┼"
ROUTE = "·"
_ARMS = {c: i for i, c in enumerate(JUNCTIONS)}
_POST_ONLY = {c for c, arms in _ARMS.items() if arms not in (0, 10)}  # never inside a horizontal wall
_DEFAULT_WIDTH = 3


def to_box_text(maze, route=None, cell_width=_DEFAULT_WIDTH):
    """Box-drawing text of a cell-aligned maze, with the route's cells and openings marked '·' when given."""
    if not maze.is_aligned():
        raise GeometryError("box-drawing text needs a cell-aligned maze (odd sides, closed frame, posts, floor cells)")
    if not all(p % maze.width % 2 and p // maze.width % 2 for p in [maze.start, *maze.goals]):
        raise GeometryError("box-drawing text needs start and goals on cells (odd x and y)")
    if not isinstance(cell_width, int) or not 1 <= cell_width <= 16:
        raise GeometryError(f"cell width must be a whole number from 1 to 16; got {cell_width!r}")
    w, h, g, k = maze.width, maze.height, maze.wall, cell_width
    on_route = route_squares(maze, route)
    goals = set(maze.goals)
    out = []
    for y in range(h):
        parts = []
        for x in range(w):
            p = y * w + x
            mark = ROUTE if p in on_route else " "
            if x % 2 == 0 and y % 2 == 0:
                arms = ((y > 0 and g[p - w]) | (x < w - 1 and g[p + 1]) << 1
                        | (y < h - 1 and g[p + w]) << 2 | (x > 0 and g[p - 1]) << 3)
                parts.append(JUNCTIONS[arms])
            elif x % 2 == 0:
                parts.append("│" if g[p] else mark)
            elif y % 2 == 0:
                parts.append("─" * k if g[p] else mark.center(k))
            else:
                text = ("S" if p == maze.start else "") + ("G" if p in goals else "")
                parts.append((text or mark).center(k)[:k])
        out.append("".join(parts))
    return "\n".join(out) + "\n"


def _cell_width(lines, length):
    """The cell widths the posts allow, the writer's default first, then the widest."""
    g = length - 1
    for line in lines:
        for x, c in enumerate(line):
            if c in _POST_ONLY or c == "│":
                g = gcd(g, x)
    widths = [d - 1 for d in range(g, 1, -1) if g % d == 0]
    return sorted(widths, key=lambda k: (k != _DEFAULT_WIDTH, -k)) or [0]


def parse_box(text):
    """A thin-wall maze from box-drawing text (see the module docstring)."""
    lines = text_rows(text)
    skip = 0
    while skip < len(lines) and not lines[skip].strip():
        skip += 1
    lines = [line.rstrip() for line in lines[skip:]]
    if not lines:
        raise MazeFormatError("empty maze text: expected box-drawing rows like '┌───┬───┐'", 1, 1)
    if len(lines) < 3 or len(lines) % 2 == 0:
        raise MazeFormatError(f"box-drawing text has an odd number of rows, at least 3 (post rows around cell "
                              f"rows); got {len(lines)}", skip + len(lines), 1)
    length = max(len(line) for line in lines)
    if length > 17 * MAX_SQUARES or len(lines) > MAX_SQUARES:
        raise MazeFormatError(f"the maze is {length} characters wide and {len(lines)} rows high; at most "
                              f"{MAX_SQUARES} squares a side are accepted")
    error = None
    for k in _cell_width(lines, length):
        try:
            return _parse(lines, length, k, skip)
        except MazeFormatError as exc:
            error = error or exc
    raise error


def _parse(lines, length, k, skip):
    if k < 1:
        raise MazeFormatError("no cell width fits the posts: the frame's corners must line up with the "
                              "walls' junctions", skip + 1, length)
    cw, ch = (length - 1) // (k + 1), len(lines) // 2
    W, H = 2 * cw + 1, 2 * ch + 1
    wall = bytearray(W * H)
    start, goals = -1, []
    for y, raw in enumerate(lines):
        line, n = raw.ljust(length), skip + y + 1
        edge_row = y in (0, H - 1)
        for x in range(W):
            at = x // 2 * (k + 1) + (x % 2)  # column of the square's first character
            seg = line[at:at + (k if x % 2 else 1)]
            edge = edge_row or x in (0, W - 1)
            p = y * W + x
            if x % 2 == 0 and y % 2 == 0:
                if seg not in _ARMS:
                    raise MazeFormatError(f"expected a post (a box-drawing junction), found {seg!r}", n, at + 1)
                wall[p] = 1
            elif x % 2 and y % 2:
                bad = next((i for i, c in enumerate(seg) if c not in " SG" + ROUTE), -1)
                if bad >= 0:
                    raise MazeFormatError(f"unexpected {seg[bad]!r} in a cell; a cell holds spaces, 'S', 'G' or "
                                          f"'{ROUTE}' (cells here are {k} characters wide)", n, at + bad + 1)
                if "S" in seg:
                    if start >= 0:
                        raise MazeFormatError("a second start 'S'; a maze has exactly one", n, at + seg.index("S") + 1)
                    start = p
                if "G" in seg:
                    goals.append(p)
            else:
                solid = "─" * k if x % 2 else "│"
                if seg == solid:
                    wall[p] = 1
                elif edge or seg.strip(" " + ROUTE):
                    what = "the outer frame is open" if edge else f"a wall is all {solid[0]!r} or open"
                    bad = next((i for i, c in enumerate(seg) if c != solid[0]), 0)
                    raise MazeFormatError(f"{what} (cells here are {k} characters wide)", n, at + bad + 1)
    maze = Maze(W, H, wall, geometry="thin")
    maze.start = start if start >= 0 else maze.cell(0, 0)
    maze.goals = goals or [maze.cell(cw - 1, ch - 1)]
    return maze
