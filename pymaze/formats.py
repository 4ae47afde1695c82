"""Maze text and JSON: read with errors that name line and column, write so that reading gives the maze back.

* Block text (geometry "block"): ``#`` or ``*`` wall, space or ``.`` floor,
  ``S`` start (exactly one), ``G`` goal (one or more), ``B`` both (the
  start on a goal, in place of ``S``); short lines are padded with wall.
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
  coordinates are in squares.  A square maze with a mask adds ``"mask"``:
  its rows of ``X`` (cell) and ``.`` (no cell), one character per cell.
* JSON of a hex, triangle or polar maze: ``{"format": "pymaze", "version":
  1, "geometry": "graph", "shape", "width", "height", "depth"?, "mask"?, "islands"?,
  "cells", "passages", "start", "goals"}``; ``depth`` (levels only, default 1)
  is the number of levels; ``cells`` and ``passages`` are
  strings with one character per cell / candidate passage in index order
  (``#`` closed, space open), ``start`` and ``goals`` cell indices (see
  ``pymaze.graph`` for the numbering).

Limits: a maze of up to 2000 x 2000 cells (4001 x 4001 squares) is read
in every format, and every maze pymaze writes at that size fits in
``MAX_CHARS`` characters (thin-wall text with 3-character walls, and JSON
with one-digit weights, the largest); longer texts are refused before they
are read.  Text that starts like JSON (``{``, ``[``, ``"``) is read as JSON.

Every reader raises only ``MazeFormatError`` for malformed input; the
writers raise ``ParameterError`` for anything that is not a Maze they can
write (S and every goal on floor squares).
"""

import json
import re
from array import array

from . import boxtext, interop
from .errors import GeometryError, MazeFormatError, ParameterError, shown
from .graph import GRAPH_SHAPES
from .masks import ISLANDS, Mask
from .maze import GEOMETRIES, MAX_SIZE, MAX_WEIGHT, Maze, check_maze
from .mazetext import MAX_SQUARES, route_squares, text_rows
from .picture import from_image_file, is_image_bytes

# The longest text pymaze writes for the largest maze: thin-wall text, (8 * 2000 + 2) characters a row on
# 4001 rows (32,016,002), or JSON with weights (4001 rows of 4001 squares, 3 characters a weighted square,
# about 64.1 million); rounded up.
MAX_CHARS = 65_000_000
BLOCK_ALLOWED = "'#' or '*' wall, space or '.' floor, 'S' start, 'G' goal, 'B' both (S on a goal)"
_BLOCK_BAD = re.compile(r"[^#* .SGB]")
_BLANK_LINES = re.compile(r"(?:[^\S\n]*\n)*")  # leading lines of whitespace only
_START_GOAL = re.compile(r"[SGB]")
_TO_WALL = str.maketrans({"#": "\x01", "*": "\x01", " ": "\x00", ".": "\x00", "S": "\x00", "G": "\x00", "B": "\x00"})


def _text(text):
    """``text`` (str or UTF-8 bytes) as a str without its trailing empty lines; MazeFormatError when too long."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise MazeFormatError(f"the text is not UTF-8 (byte {exc.start})") from None
    if not isinstance(text, str):
        raise MazeFormatError(f"expected maze text, got {type(text).__name__}")
    if len(text) > MAX_CHARS:
        raise MazeFormatError(f"the text has {len(text):,} characters; at most {MAX_CHARS:,} are read "
                              f"(enough for any maze of up to {MAX_SIZE} x {MAX_SIZE} cells)")
    return text.rstrip("\r\n")  # trailing empty lines are no rows


def _too_big(what, n, line=None, column=None):
    if n > MAX_SQUARES:
        raise MazeFormatError(f"the maze is {n} squares {what}; at most {MAX_SQUARES} are read "
                              f"({MAX_SIZE} cells and their walls)", line, column)


def parse_block(text):
    """A block maze from block text."""
    lines = text_rows(_text(text))
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
        for x, c in ((m.start(), m.group()) for m in _START_GOAL.finditer(line)):
            if c != "G":
                if start >= 0:
                    raise MazeFormatError(f"a second start {c!r}; a maze has exactly one ('S', or 'B' for S on "
                                          "a goal)", y + 1, x + 1)
                start = y * width + x
            if c != "S":
                goals.append(y * width + x)
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
    text = _text(text)
    blank = _BLANK_LINES.match(text).end()
    skip = text.count("\n", 0, blank)
    text = text[blank:]
    lines = text_rows(text, skip + 1) if text.strip() else []
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
        text = _text(text)
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


def _header(data, keys):
    """Check that ``data`` holds only ``keys`` and is pymaze JSON of version 1."""
    unknown = [k for k in data if k not in keys]
    if unknown:
        raise MazeFormatError(f"unknown JSON field {unknown[0]!r:.60}; allowed: {', '.join(keys)}")
    _field(data, "format", lambda v: v == "pymaze", '"pymaze"')
    _field(data, "version", lambda v: v == 1 and not isinstance(v, bool), "1")


def _from_graph_data(data):
    _header(data, ("format", "version", "geometry", "shape", "width", "height", "depth", "mask", "islands",
                   "cells", "passages", "start", "goals"))
    shape = _field(data, "shape", lambda v: v in GRAPH_SHAPES, " or ".join(GRAPH_SHAPES))
    w = _field(data, "width", _is_int(1, 2000), "a whole number from 1 to 2000")
    h = _field(data, "height", _is_int(1, 2000), "a whole number from 1 to 2000")
    depth = None
    if "depth" in data:
        depth = _field(data, "depth", lambda v: _is_int(1, 2000)(v) and (shape == "levels" or v == 1),
                       "a whole number of levels from 1 to 2000 (levels mazes only)")
    islands = _field(data, "islands", lambda v: v in ISLANDS, " or ".join(ISLANDS)) if "islands" in data else "error"
    mask = None
    if data.get("mask") is not None:
        rows = _field(data, "mask", lambda v: isinstance(v, list) and v and all(
            isinstance(r, str) and r and len(r) == len(v[0]) and not r.strip("X.") for r in v),
            "a list of equally long strings of 'X' (cell) and '.' (no cell)")
        mask = Mask([[c == "X" for c in r] for r in rows], islands)
    try:
        maze = Maze.shaped(shape, w, h, "wall", mask, depth)
    except (GeometryError, ValueError) as exc:
        raise MazeFormatError(f"JSON {shape} maze: {exc}") from None
    n, m = maze.lattice.n, maze.lattice.m
    for key, size in (("cells", n), ("passages", m)):
        text = _field(data, key, lambda v: isinstance(v, str) and len(v) == size and not v.strip("# "),
                      f"a string of {size} characters '#' (closed) or ' ' (open)")
        lo = 0 if key == "cells" else n
        maze.wall[lo:lo + size] = text.translate(_TO_WALL).encode("latin-1")
    cell = lambda v: _is_int(0, n - 1)(v) and not maze.wall[v]
    maze.start = _field(data, "start", cell, "the index of an open cell")
    maze.goals = list(_field(data, "goals", lambda v: isinstance(v, list) and v and all(map(cell, v)),
                             "a list of indices of open cells"))
    return maze


def _from_data(data):
    if data.get("geometry") == "graph" or "shape" in data:
        return _from_graph_data(data)
    _header(data, ("format", "version", "geometry", "width", "height", "rows", "start", "goals", "weights", "mask"))
    geometry = _field(data, "geometry", lambda v: v in GEOMETRIES, " or ".join(GEOMETRIES))
    w = _field(data, "width", _is_int(1, MAX_SQUARES), f"a whole number from 1 to {MAX_SQUARES}")
    h = _field(data, "height", _is_int(1, MAX_SQUARES), f"a whole number from 1 to {MAX_SQUARES}")
    rows = _field(data, "rows", lambda v: isinstance(v, list) and len(v) == h and all(
        isinstance(r, str) and len(r) == w and not _BLOCK_BAD.search(r) and not _START_GOAL.search(r)
        for r in v), f"{h} strings of {w} characters '#' or '*' (wall), space or '.' (floor)")
    point = lambda v: (isinstance(v, list) and len(v) == 2 and _is_int(0, w - 1)(v[0]) and _is_int(0, h - 1)(v[1])
                       and rows[v[1]][v[0]] in " .")
    where = "[x, y] of a floor square"
    start = _field(data, "start", point, where)
    goals = _field(data, "goals", lambda v: isinstance(v, list) and v and all(map(point, v)), "a list of " + where)
    wall = "".join(rows).translate(_TO_WALL).encode("latin-1")
    masked = geometry == "thin" and data.get("mask") is not None
    try:
        maze = Maze(w, h, wall, start[1] * w + start[0], [y * w + x for x, y in goals],
                    "block" if masked else geometry)
    except GeometryError as exc:
        raise MazeFormatError(f"JSON geometry 'thin': {exc}") from None
    if geometry == "thin" and not all(p % w % 2 and p // w % 2 for p in [maze.start, *maze.goals]):
        raise MazeFormatError("JSON geometry 'thin': start and goals must be cells (odd x and y)")
    if data.get("weights") is not None:
        weights = _field(data, "weights", lambda v: isinstance(v, list) and len(v) == h and all(
            isinstance(r, list) and len(r) == w and all(map(_is_int(1, MAX_WEIGHT), r)) for r in v),
            f"{h} lists of {w} whole numbers from 1 to {MAX_WEIGHT}")
        maze.weight = array("i", [c for r in weights for c in r])
    if data.get("mask") is not None:
        _square_mask(maze, data["mask"])
    return maze


def _square_mask(maze, rows):
    cw, ch = maze.cells_w, maze.cells_h
    if maze.geometry != "block" or not (isinstance(rows, list) and len(rows) == ch and all(
            isinstance(r, str) and len(r) == cw and not r.strip("X.") for r in rows)):
        raise MazeFormatError(f"JSON field 'mask' must be {ch} strings of {cw} characters 'X' (cell) or '.' "
                              "(no cell), on a thin-wall maze")
    for y, r in enumerate(rows):
        for x, c in enumerate(r):
            if c == "." and not maze.wall[maze.cell(x, y)]:
                raise MazeFormatError(f"JSON mask: cell ({x}, {y}) is switched off but open in the rows")
    aligned = maze.copy(layers=False)
    for y, r in enumerate(rows):
        for x, c in enumerate(r):
            aligned.wall[maze.cell(x, y)] = 0
    if not aligned.is_aligned():
        raise MazeFormatError("JSON geometry 'thin': a thin-wall maze needs odd sides, a closed frame, wall posts "
                              "and floor cells (or cells the mask switches off)")
    maze.geometry = "thin"
    maze.mask = Mask([[c == "X" for c in r] for r in rows])


def parse(text, fmt="auto", **options):
    """A maze from text in ``fmt``: "block", "thin", "json", "mazelib", "matrix" (PathFinding.js), "box"
    (box-drawing) or "auto", detected by ``interop.detect`` (an error that lists the formats when it cannot
    tell).  ``options``: ``start`` / ``end`` (x, y) for "matrix"."""
    readers = {"block": parse_block, "thin": parse_thin, "json": parse_json, "mazelib": interop.parse_mazelib,
               "matrix": interop.parse_matrix, "box": boxtext.parse_box}
    if not isinstance(fmt, str):
        raise MazeFormatError(f"format must be one of auto, {', '.join(interop.FORMATS)}; got {shown(fmt)}")
    chosen = interop.check_format(fmt)
    text = _text(text)
    if chosen == "auto":
        chosen = interop.detect(text)
        at = _BLANK_LINES.match(text).end()
        first = text[at:text.find("\n", at) % (len(text) + 1)].rstrip("\r")
        if chosen == "block" and _looks_json(first.lstrip()):
            chosen = "json"  # what no maze text starts with but JSON does: report it as JSON
    if options and chosen != "matrix":
        raise MazeFormatError(f"{', '.join(options)}: only the matrix format takes a start and an end")
    try:
        return readers[chosen](text, **options)
    except MazeFormatError as exc:
        if fmt == "auto" and chosen == "block" and not set("".join(text_rows(text))) - set("# S"):
            raise interop.ambiguous_failure(exc) from None
        raise


def _looks_json(first):
    """True for a first line no maze text starts with but JSON does: an object, an array, a string,
    a number or a literal (block text holds only '#*. SGB', thin-wall text starts with a post)."""
    return first[:1] in ('{', '[', '"') or bool(re.match(r"(-?[0-9]|true\b|false\b|null\b)", first))


def _writable(maze, route=None):
    """ParameterError unless ``maze`` is a Maze the readers accept back (S and every goal on floor squares)
    and ``route`` is None or a sequence of its squares."""
    check_maze(maze)
    if maze.start < 0 or maze.wall[maze.start] or not maze.goals or any(maze.wall[p] for p in maze.goals):
        raise ParameterError("maze must have a start (S) and at least one goal (G), each on a floor square, "
                             "to be written")
    if route is not None:
        n = len(maze.wall)
        if isinstance(route, (str, bytes, bytearray, dict)) or not hasattr(route, "__iter__") or not all(
                isinstance(p, int) and not isinstance(p, bool) and 0 <= p < n for p in route):
            raise ParameterError(f"route must be None or a list of square indices from 0 to {n - 1}; "
                                 f"got {shown(route)}")


def to_block_text(maze, route=None):
    """Block text: '#' wall, ' ' floor, S, G, and '.' on the route (and its openings in a thin maze)."""
    _writable(maze, route)
    w = maze.width
    chars = ["#" if c else " " for c in maze.wall]
    for p in route_squares(maze, route):
        chars[p] = "."
    for p in maze.goals:
        chars[p] = "G"
    chars[maze.start] = "B" if chars[maze.start] == "G" else "S"  # 'B': both, so that S on G reads back
    return "\n".join("".join(chars[y * w:(y + 1) * w]) for y in range(maze.height)) + "\n"


def to_thin_text(maze, route=None, cell_width=3, posts="o"):
    """Thin-wall text with ``posts`` ('o', or '+' for the classic ``+---+`` style) and walls
    ``cell_width`` wide; GeometryError unless cell-aligned."""
    _writable(maze, route)
    if not maze.is_aligned():
        raise GeometryError("thin-wall text needs a cell-aligned maze (odd sides, closed frame, posts, floor cells)")
    if not all(p % maze.width % 2 and p // maze.width % 2 for p in [maze.start, *maze.goals]):
        raise GeometryError("thin-wall text needs start and goals on cells (odd x and y)")
    if isinstance(cell_width, bool) or not isinstance(cell_width, int) or not 2 <= cell_width <= 16:
        raise GeometryError(f"cell width must be a whole number from 2 to 16; got {shown(cell_width)}")
    if not isinstance(posts, str) or posts not in ("o", "+"):
        raise GeometryError(f"posts are 'o' or '+'; got {shown(posts)}")
    w, g, k = maze.width, maze.wall, cell_width
    on_route = route_squares(maze, route)
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
    """pymaze JSON (one line per row of the grid; graph shapes: cells and passages as two strings)."""
    _writable(maze)
    if maze.lattice is not None:
        lat = maze.lattice
        data = {"format": "pymaze", "version": 1, "geometry": "graph", "shape": maze.shape,
                "width": maze.width, "height": maze.height, "start": maze.start, "goals": list(maze.goals)}
        if maze.shape == "levels":
            data["depth"] = lat.depth
        if lat.mask is not None:
            data.update(mask=lat.mask.text().split(), islands=lat.mask.islands)
        chars = bytes(maze.wall).replace(b"\x01", b"#").replace(b"\x00", b" ").decode("latin-1")
        data.update(cells=chars[:lat.n], passages=chars[lat.n:])
        return json.dumps(data) + "\n"
    w = maze.width
    rows = ["".join("#" if c else " " for c in maze.wall[y * w:(y + 1) * w]) for y in range(maze.height)]
    data = {"format": "pymaze", "version": 1, "geometry": maze.geometry, "width": w, "height": maze.height,
            "rows": rows, "start": list(maze.xy(maze.start)), "goals": [list(maze.xy(p)) for p in maze.goals]}
    if maze.weight is not None:
        data["weights"] = [list(maze.weight[y * w:(y + 1) * w]) for y in range(maze.height)]
    if maze.mask is not None:
        data["mask"] = maze.mask.text().split()
    head = json.dumps({k: v for k, v in data.items() if k not in ("rows", "weights")})[:-1]
    body = ",\n".join(f'  {json.dumps(r)}' for r in rows)
    text = f'{head}, "rows": [\n{body}\n]'
    if "weights" in data:
        text += ', "weights": ' + json.dumps(data["weights"])
    return text + "}\n"


WRITERS = {"block": to_block_text, "thin": to_thin_text, "json": lambda maze, route=None: to_json(maze),
           "mazelib": interop.to_mazelib_text, "matrix": lambda maze, route=None: interop.to_matrix(maze),
           "box": boxtext.to_box_text}  # format -> writer(maze, route=None)
FORMATS = tuple(WRITERS)


def is_image(data):
    """True when ``data`` (bytes) starts like a PNG, JPEG, GIF, BMP or WebP file."""
    return is_image_bytes(data)


def from_image(source, **options):
    """A maze from a picture (a path or the file's bytes), decoded with Pillow (``pip install
    pymaze[image]``) and read by ``pymaze.picture.read``; ``options`` override what it detects."""
    return from_image_file(source, **options)
