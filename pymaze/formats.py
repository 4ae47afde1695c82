"""Maze text and JSON: read with errors that name line and column, write so that reading gives the maze back.

* Block text (geometry "block"): ``#`` or ``*`` wall, space or ``.`` floor,
  ``S`` start (exactly one), ``G`` goal (one or more); short lines are
  padded with wall.
* Thin-wall text (geometry "thin"), also the micromouse maze file format::

      o---o---o
      | S     |
      o---o   o
      |     G |
      o---o---o

  Posts ``+`` or ``o``; between posts a run of ``-`` (wall) or spaces (no
  wall), as wide as the cells, fixed by the first row; ``|`` or a space
  between cells.  A cell's text may hold ``S`` and/or ``G`` (``SS``, ``GG``,
  `` S ``), ``.`` or spaces.  Without an ``S`` the start is the bottom-left
  cell; without a ``G`` the goal is the centre block of 2 x 2 cells when
  both sides are even and at least 4 (the micromouse conventions),
  otherwise the cell opposite the start.
* JSON: ``{"format": "pymaze", "version": 1, "geometry", "width", "height",
  "rows", "start", "goals", "weights"?}``; sizes, rows and [x, y]
  coordinates are in squares.

Every reader raises only ``MazeFormatError`` for malformed input.
"""

import json
import re

from .errors import GeometryError, MazeFormatError
from .maze import GEOMETRIES, Maze

MAX_CHARS = 2_000_000
MAX_SQUARES = 4001
MAX_WEIGHT = 1_000_000
BLOCK_ALLOWED = "'#' or '*' wall, space or '.' floor, 'S' start, 'G' goal"
_BLOCK_BAD = re.compile(r"[^#* .SG]")
_THIN_FIRST = re.compile(r"[+o][- ]+[+o]")
_TO_WALL = str.maketrans({"#": "\x01", "*": "\x01", " ": "\x00", ".": "\x00", "S": "\x00", "G": "\x00"})


def _lines(text):
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise MazeFormatError(f"the text is not UTF-8 (byte {exc.start})") from None
    if not isinstance(text, str):
        raise MazeFormatError(f"expected maze text, got {type(text).__name__}")
    if len(text) > MAX_CHARS:
        raise MazeFormatError(f"the text has {len(text)} characters; at most {MAX_CHARS} are accepted")
    lines = [line[:-1] if line.endswith("\r") else line for line in text.split("\n")]
    while lines and lines[-1] == "":
        lines.pop()
    return lines


def _too_big(what, n, line=None, column=None):
    if n > MAX_SQUARES:
        raise MazeFormatError(f"the maze is {n} squares {what}; at most {MAX_SQUARES} are accepted", line, column)


def parse_block(text):
    """A block maze from block text."""
    lines = _lines(text)
    if not lines:
        raise MazeFormatError("empty maze text: expected rows of " + BLOCK_ALLOWED, 1, 1)
    _too_big("high", len(lines), MAX_SQUARES + 1, 1)
    width = max(len(line) for line in lines)
    start, goals = -1, []
    rows = []
    for y, line in enumerate(lines):
        _too_big("wide", len(line), y + 1, MAX_SQUARES + 1)
        bad = _BLOCK_BAD.search(line)
        if bad:
            raise MazeFormatError(f"unexpected character {bad.group()!r}; allowed: {BLOCK_ALLOWED}",
                                  y + 1, bad.start() + 1)
        x = line.find("S")
        while x >= 0:
            if start >= 0:
                raise MazeFormatError("a second start 'S'; a maze has exactly one", y + 1, x + 1)
            start = y * width + x
            x = line.find("S", x + 1)
        x = line.find("G")
        while x >= 0:
            goals.append(y * width + x)
            x = line.find("G", x + 1)
        rows.append(line.ljust(width, "#").translate(_TO_WALL))
    end = (len(lines), len(lines[-1]) + 1)
    if start < 0:
        raise MazeFormatError("the maze has no start 'S'", *end)
    if not goals:
        raise MazeFormatError("the maze has no goal 'G'", *end)
    wall = "".join(rows).encode("latin-1")
    return Maze(width, len(lines), wall, start, goals, "block")


def _thin_cell_width(first, n):
    """The cell width fixed by the first row of posts, e.g. 3 for 'o---o'."""
    if first[:1] not in ("+", "o"):
        raise MazeFormatError("a thin-wall maze starts with a post '+' or 'o'", n, 1)
    k = 1
    while k < len(first) and first[k] in "- ":
        k += 1
    if k == len(first) or first[k] not in "+o":
        raise MazeFormatError("expected a post '+' or 'o' after the first wall", n, k + 1)
    if k - 1 < 2:
        raise MazeFormatError("walls between posts must be at least 2 characters wide", n, 2)
    return k - 1


def parse_thin(text):
    """A thin-wall maze from thin-wall (micromouse) text."""
    lines = _lines(text)
    skip = 0
    while skip < len(lines) and not lines[skip].strip():
        skip += 1
    lines = lines[skip:]
    if not lines:
        raise MazeFormatError("empty maze text: expected a row of posts and walls like 'o---o---o'", 1, 1)
    k = _thin_cell_width(lines[0], skip + 1)
    top = lines[0].rstrip(" ")
    cw, extra = divmod(len(top) - 1, k + 1)
    if extra:
        raise MazeFormatError("the first row must end with a post", skip + 1, len(top) + 1)
    if len(lines) == 1:
        raise MazeFormatError("a thin-wall maze needs at least one row of cells below the posts", skip + 2, 1)
    if len(lines) % 2 == 0:
        raise MazeFormatError("the bottom frame (a row of posts and walls) is missing", skip + len(lines) + 1, 1)
    ch = len(lines) // 2
    _too_big("wide", 2 * cw + 1, skip + 1, len(top))
    _too_big("high", 2 * ch + 1, skip + len(lines), 1)
    W, H, L = 2 * cw + 1, 2 * ch + 1, cw * (k + 1) + 1
    wall = bytearray(W * H)
    starts, goals = [], []
    for y, raw in enumerate(lines):
        n = skip + y + 1
        line = raw[:L].ljust(L)
        edge_row = y == 0 or y == H - 1
        for j in range(cw + 1):
            c, x, at = line[j * (k + 1)], 2 * j, j * (k + 1) + 1
            if y % 2 == 0:
                if c not in "+o":
                    raise MazeFormatError(f"expected a post '+' or 'o', found {c!r}", n, at)
                wall[y * W + x] = 1
            elif c == "|":
                wall[y * W + x] = 1
            elif c != " " or j in (0, cw):
                what = "the outer frame is open" if c == " " else f"unexpected {c!r}"
                raise MazeFormatError(f"{what}: expected '|' between cells", n, at)
            if j == cw:
                break
            seg = line[at:at + k]
            if y % 2 == 0:
                if seg == "-" * k:
                    wall[y * W + x + 1] = 1
                elif seg != " " * k or edge_row:
                    ok = "-" if edge_row else seg[0] if seg[0] in "- " else ""
                    bad = next(i for i, s in enumerate(seg) if s != ok)
                    what = "the outer frame is open" if edge_row else "a wall is all '-' or all spaces"
                    raise MazeFormatError(f"{what} (walls here are {k} characters wide)", n, at + bad + 1)
            else:
                bad = next((i for i, s in enumerate(seg) if s not in " .SG"), -1)
                if bad >= 0:
                    raise MazeFormatError(f"unexpected {seg[bad]!r} in a cell; a cell holds spaces, '.', "
                                          "'S' (start) or 'G' (goal)", n, at + bad + 1)
                p = y * W + x + 1
                if "S" in seg:
                    if starts:
                        raise MazeFormatError("a second start 'S'; a maze has exactly one", n, at + seg.index("S") + 1)
                    starts.append(p)
                if "G" in seg:
                    goals.append(p)
        tail = raw[L:].strip(" ")
        if tail:
            raise MazeFormatError("text beyond the right side of the maze", n, raw.index(tail[0], L) + 1)
    maze = Maze(W, H, wall, geometry="thin")
    maze.start = starts[0] if starts else maze.cell(0, ch - 1)
    if not goals:
        if cw % 2 == 0 and ch % 2 == 0 and cw >= 4 and ch >= 4:
            goals = [maze.cell(cw // 2 + dx, ch // 2 + dy) for dy in (-1, 0) for dx in (-1, 0)]
        else:
            sx, sy = maze.node_xy(maze.start)
            goals = [maze.cell(cw - 1 - sx, ch - 1 - sy)]
    maze.goals = goals
    return maze


def parse_json(text):
    """A maze from pymaze JSON; every field is checked."""
    if isinstance(text, (bytes, bytearray, str)):
        text = "\n".join(_lines(text))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise MazeFormatError(f"invalid JSON: {exc.msg}", exc.lineno, exc.colno) from None
    except (ValueError, RecursionError, TypeError) as exc:
        raise MazeFormatError(f"invalid JSON: {type(exc).__name__}") from None
    if not isinstance(data, dict):
        raise MazeFormatError("the JSON must be an object with format, version, geometry, width, height, rows, "
                              "start and goals")
    return _from_data(data)


def _field(data, key, check, what):
    if key not in data or not check(data[key]):
        raise MazeFormatError(f"JSON field {key!r} must be {what}; got {data.get(key, 'nothing')!r:.60}")
    return data[key]


def _is_int(lo, hi):
    return lambda v: isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def _from_data(data):
    keys = ("format", "version", "geometry", "width", "height", "rows", "start", "goals", "weights")
    unknown = [k for k in data if k not in keys]
    if unknown:
        raise MazeFormatError(f"unknown JSON field {unknown[0]!r:.60}; allowed: {', '.join(keys)}")
    _field(data, "format", lambda v: v == "pymaze", '"pymaze"')
    _field(data, "version", lambda v: v == 1 and not isinstance(v, bool), "1")
    geometry = _field(data, "geometry", lambda v: v in GEOMETRIES, " or ".join(GEOMETRIES))
    w = _field(data, "width", _is_int(1, MAX_SQUARES), f"a whole number from 1 to {MAX_SQUARES}")
    h = _field(data, "height", _is_int(1, MAX_SQUARES), f"a whole number from 1 to {MAX_SQUARES}")
    rows = _field(data, "rows", lambda v: isinstance(v, list) and len(v) == h and all(
        isinstance(r, str) and len(r) == w and not _BLOCK_BAD.search(r) and "S" not in r and "G" not in r
        for r in v), f"{h} strings of {w} characters '#' or '*' (wall), space or '.' (floor)")
    point = lambda v: (isinstance(v, list) and len(v) == 2 and _is_int(0, w - 1)(v[0]) and _is_int(0, h - 1)(v[1])
                       and rows[v[1]][v[0]] in " .")
    where = "[x, y] of a floor square"
    start = _field(data, "start", point, where)
    goals = _field(data, "goals", lambda v: isinstance(v, list) and v and all(map(point, v)), "a list of " + where)
    wall = "".join(rows).translate(_TO_WALL).encode("latin-1")
    try:
        maze = Maze(w, h, wall, start[1] * w + start[0], [y * w + x for x, y in goals], geometry)
    except GeometryError as exc:
        raise MazeFormatError(f"JSON geometry 'thin': {exc}") from None
    if geometry == "thin" and not all(p % w % 2 and p // w % 2 for p in [maze.start, *maze.goals]):
        raise MazeFormatError("JSON geometry 'thin': start and goals must be cells (odd x and y)")
    if data.get("weights") is not None:
        weights = _field(data, "weights", lambda v: isinstance(v, list) and len(v) == h and all(
            isinstance(r, list) and len(r) == w and all(map(_is_int(1, MAX_WEIGHT), r)) for r in v),
            f"{h} lists of {w} whole numbers from 1 to {MAX_WEIGHT}")
        from array import array
        maze.weight = array("i", [c for r in weights for c in r])
    return maze


def parse(text, fmt="auto"):
    """A maze from text in ``fmt`` ("block", "thin", "json" or "auto": JSON if it starts with '{',
    thin-wall text if the first non-empty line is a row of posts and walls, block text otherwise)."""
    readers = {"block": parse_block, "thin": parse_thin, "json": parse_json}
    if fmt == "auto":
        lines = _lines(text)
        first = next((line for line in lines if line.strip()), "")
        fmt = "json" if first.lstrip().startswith("{") else "thin" if _THIN_FIRST.match(first) else "block"
    if fmt not in readers:
        raise MazeFormatError(f"unknown format {fmt!r}; allowed: auto, block, thin, json")
    return readers[fmt](text)


def _route_squares(maze, route):
    squares = set(route or ())
    if maze.geometry == "thin" and route:
        squares.update((p + q) // 2 for p, q in zip(route, route[1:]))
    return squares


def to_block_text(maze, route=None):
    """Block text: '#' wall, ' ' floor, S, G, and '.' on the route (and its openings in a thin maze)."""
    w = maze.width
    chars = ["#" if c else " " for c in maze.wall]
    for p in _route_squares(maze, route):
        chars[p] = "."
    for p in maze.goals:
        chars[p] = "G"
    chars[maze.start] = "S"
    return "\n".join("".join(chars[y * w:(y + 1) * w]) for y in range(maze.height)) + "\n"


def to_thin_text(maze, route=None, cell_width=3, posts="o"):
    """Thin-wall text with ``posts`` ('o', or '+' for the classic ``+---+`` style) and walls
    ``cell_width`` wide; GeometryError unless cell-aligned."""
    if not maze.is_aligned():
        raise GeometryError("thin-wall text needs a cell-aligned maze (odd sides, closed frame, posts, floor cells)")
    if not all(p % maze.width % 2 and p // maze.width % 2 for p in [maze.start, *maze.goals]):
        raise GeometryError("thin-wall text needs start and goals on cells (odd x and y)")
    if not isinstance(cell_width, int) or not 2 <= cell_width <= 16:
        raise GeometryError(f"cell width must be a whole number from 2 to 16; got {cell_width!r}")
    if posts not in ("o", "+"):
        raise GeometryError(f"posts are 'o' or '+'; got {posts!r}")
    w, g, k = maze.width, maze.wall, cell_width
    on_route = _route_squares(maze, route)
    goals = set(maze.goals)
    out = []
    for y in range(maze.height):
        parts = []
        for x in range(w):
            p = y * w + x
            if x % 2 == 0:
                parts.append(posts if y % 2 == 0 else "|" if g[p] else " ")
            elif y % 2 == 0:
                parts.append("-" * k if g[p] else " " * k)
            else:
                text = ("S" if p == maze.start else "") + ("G" if p in goals else "")
                parts.append((text or ("." if p in on_route else "")).center(k))
        out.append("".join(parts))
    return "\n".join(out) + "\n"


def to_json(maze):
    """pymaze JSON (one line per row of the grid)."""
    w = maze.width
    rows = ["".join("#" if c else " " for c in maze.wall[y * w:(y + 1) * w]) for y in range(maze.height)]
    data = {"format": "pymaze", "version": 1, "geometry": maze.geometry, "width": w, "height": maze.height,
            "rows": rows, "start": list(maze.xy(maze.start)), "goals": [list(maze.xy(p)) for p in maze.goals]}
    if maze.weight is not None:
        data["weights"] = [list(maze.weight[y * w:(y + 1) * w]) for y in range(maze.height)]
    head = json.dumps({k: v for k, v in data.items() if k not in ("rows", "weights")})[:-1]
    body = ",\n".join(f'  {json.dumps(r)}' for r in rows)
    text = f'{head}, "rows": [\n{body}\n]'
    if "weights" in data:
        text += ', "weights": ' + json.dumps(data["weights"])
    return text + "}\n"
