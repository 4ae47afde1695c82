"""Other tools' maze formats, read and written, and telling the formats apart.

* mazelib text (what ``Maze.tostring(entrances, solutions)`` prints): ``#``
  wall, space floor, ``S`` start and ``E`` exit (both or neither; often on
  the outer frame), ``+`` its solution.  Read as a block maze; without
  entrances S is the first floor square in reading order and G the last.
* mazelib's grid: its ``Maze.grid``, a 2-D numpy int8 array (1 = wall), with
  ``start`` and ``end`` as (row, column): ``from_mazelib`` / ``to_mazelib``.
* PathFinding.js matrix: JSON rows of 0 (walkable) / 1 (blocked), the
  ``matrix`` of ``new PF.Grid(width, height, matrix)``.  Either bare
  (``[[0, 1], ...]``) or an object ``{"matrix", "startX", "startY", "endX",
  "endY"}``; ``start`` / ``end`` arguments (x, y) override both.
* Unicode box-drawing text: see ``pymaze.boxtext``.

``detect(text)`` names the format of a text, or raises a ``MazeFormatError``
that lists the formats and how to name one.
"""

import json
import re

from .errors import MazeFormatError
from .maze import Maze
from .mazetext import MAX_SQUARES, route_squares, text_rows

FORMATS = ("block", "thin", "json", "mazelib", "matrix", "box")
NAME_ONE = ("name one with --from FORMAT (CLI), fmt=FORMAT (pymaze.formats.parse) "
            "or the format choice of the import panel")
MAZELIB_ALLOWED = "'#' wall, space floor, 'S' start, 'E' exit, '+' solution"
_MAZELIB_BAD = re.compile(r"[^# SE+]")
_BOX = re.compile("[\u2500-\u257f]")
_THIN_FIRST = re.compile(r"[+o][- ]+[+o]")  # the first row of thin-wall text


def _floor_ends(wall):
    """The first and the last floor square (reading order): the default start and goal."""
    first = wall.find(0)
    if first < 0:
        raise MazeFormatError("the maze has no floor square for a start or goal")
    return first, wall.rfind(0)


# --- mazelib text ------------------------------------------------------------
def parse_mazelib(text):
    """A block maze from mazelib's ``tostring`` text (with or without entrances and solution)."""
    lines = text_rows(text)
    if not lines:
        raise MazeFormatError("empty maze text: expected mazelib rows of " + MAZELIB_ALLOWED, 1, 1)
    if len(lines) > MAX_SQUARES:
        raise MazeFormatError(f"the maze is {len(lines)} squares high; at most {MAX_SQUARES} are accepted")
    width = max(len(line) for line in lines)
    if width > MAX_SQUARES:
        raise MazeFormatError(f"the maze is {width} squares wide; at most {MAX_SQUARES} are accepted")
    found = {}
    for y, line in enumerate(lines):
        bad = _MAZELIB_BAD.search(line)
        if bad:
            raise MazeFormatError(f"unexpected character {bad.group()!r}; mazelib text has {MAZELIB_ALLOWED}",
                                  y + 1, bad.start() + 1)
        for mark in "SE":
            x = line.find(mark)
            while x >= 0:
                if mark in found:
                    raise MazeFormatError(f"a second {mark!r}; mazelib text has one start 'S' and one exit 'E'",
                                          y + 1, x + 1)
                found[mark] = y * width + x
                x = line.find(mark, x + 1)
    if len(found) == 1:
        missing = "exit 'E'" if "S" in found else "start 'S'"
        raise MazeFormatError(f"the maze has no {missing}: mazelib text marks both entrances or neither",
                              len(lines), len(lines[-1]) + 1)
    wall = bytearray(1 if c == "#" else 0 for line in lines for c in line.ljust(width, "#"))
    start, goal = (found["S"], found["E"]) if found else _floor_ends(wall)
    return Maze(width, len(lines), wall, start, [goal], "block")


def to_mazelib_text(maze, route=None):
    """mazelib's text: '#' wall, ' ' floor, 'S' start, 'E' the first goal, '+' the route's squares."""
    w = maze.width
    chars = ["#" if c else " " for c in maze.wall]
    for p in route_squares(maze, route):
        chars[p] = "+"
    if maze.goals:
        chars[maze.goals[0]] = "E"
    chars[maze.start] = "S"
    return "\n".join("".join(chars[y * w:(y + 1) * w]) for y in range(maze.height)) + "\n"


# --- mazelib grid (numpy) ------------------------------------------------------
def from_mazelib(grid, start=None, end=None):
    """A block maze from mazelib's grid (a numpy array or nested lists, 1 = wall), or from a mazelib
    ``Maze`` itself; ``start`` / ``end`` are mazelib's (row, column); without them the first and last
    floor squares."""
    if hasattr(grid, "grid"):
        start = start if start is not None else getattr(grid, "start", None)
        end = end if end is not None else getattr(grid, "end", None)
        grid = grid.grid
    rows = grid.tolist() if hasattr(grid, "tolist") else grid
    maze = _from_rows(rows, "mazelib grid")
    for what, rc in (("start", start), ("end", end)):
        if rc is not None:
            p = _point(maze, (rc[1], rc[0]), what, "(row, column)")
            maze.wall[p] = 0  # mazelib's entrances sit in the outer wall
            if what == "start":
                maze.start = p
            else:
                maze.goals = [p]
    return maze


def to_mazelib(maze):
    """``(grid, start, end)`` for mazelib: the int8 numpy grid (1 = wall) and (row, column) entrances."""
    grid = maze.to_numpy()
    (sx, sy), (gx, gy) = maze.xy(maze.start), maze.xy(maze.goal)
    return grid, (sy, sx), (gy, gx)


# --- PathFinding.js matrix -------------------------------------------------------
def _from_rows(rows, what):
    if not (isinstance(rows, list) and rows and all(isinstance(r, list) and r for r in rows)):
        raise MazeFormatError(f"a {what} is a non-empty list of non-empty rows of 0 (open) and 1 (wall)")
    w, h = len(rows[0]), len(rows)
    if w > MAX_SQUARES or h > MAX_SQUARES:
        raise MazeFormatError(f"the {what} is {w}x{h}; at most {MAX_SQUARES} squares a side are accepted")
    wall = bytearray()
    for y, row in enumerate(rows):
        if len(row) != w:
            raise MazeFormatError(f"row {y} of the {what} has {len(row)} entries; row 0 has {w}")
        for x, v in enumerate(row):
            if v not in (0, 1) or not isinstance(v, (int, bool)):
                raise MazeFormatError(f"entry [{y}][{x}] of the {what} is {v!r:.20}; expected 0 (open) or 1 (wall)")
            wall.append(int(v))
    start, goal = _floor_ends(wall)
    return Maze(w, h, wall, start, [goal], "block")


def _point(maze, xy, what, order="(x, y)"):
    ok = (isinstance(xy, (list, tuple)) and len(xy) == 2
          and all(isinstance(v, int) and not isinstance(v, bool) for v in xy)
          and 0 <= xy[0] < maze.width and 0 <= xy[1] < maze.height)
    if not ok:
        raise MazeFormatError(f"the {what} must be {order} inside the {maze.width}x{maze.height} grid; got {xy!r:.40}")
    return xy[1] * maze.width + xy[0]


def parse_matrix(text, start=None, end=None):
    """A block maze from a PathFinding.js matrix (JSON; bare rows or ``{"matrix", "startX", ...}``);
    ``start`` / ``end`` (x, y) override what the text says; the default is the first and last open square."""
    try:
        data = json.loads("\n".join(text_rows(text)))
    except json.JSONDecodeError as exc:
        raise MazeFormatError(f"invalid JSON: {exc.msg}", exc.lineno, exc.colno) from None
    except (ValueError, RecursionError, TypeError) as exc:
        raise MazeFormatError(f"invalid JSON: {type(exc).__name__}") from None
    given = {}
    if isinstance(data, dict):
        unknown = [k for k in data if k not in ("matrix", "startX", "startY", "endX", "endY")]
        if unknown or "matrix" not in data:
            raise MazeFormatError("a PathFinding.js matrix object has 'matrix' and optionally startX, startY, "
                                  f"endX, endY; got {(unknown or ['no matrix'])[0]!r:.40}")
        for what in ("start", "end"):
            if f"{what}X" in data or f"{what}Y" in data:
                given[what] = (data.get(f"{what}X"), data.get(f"{what}Y"))
        data = data["matrix"]
    maze = _from_rows(data, "PathFinding.js matrix (JSON)")
    given.update({k: v for k, v in (("start", start), ("end", end)) if v is not None})
    for what, xy in given.items():
        p = _point(maze, tuple(xy), what)
        if maze.wall[p]:
            raise MazeFormatError(f"the {what} {tuple(xy)} is on a blocked square (1)")
        if what == "start":
            maze.start = p
        else:
            maze.goals = [p]
    return maze


def to_matrix(maze, bare=False):
    """PathFinding.js's matrix as JSON, one row per line: ``{"matrix", "startX", "startY", "endX", "endY"}``,
    or (``bare``) the rows alone."""
    w = maze.width
    rows = ",\n".join("  " + json.dumps(list(maze.wall[y * w:(y + 1) * w])).replace(" ", "")
                      for y in range(maze.height))
    if bare:
        return f"[\n{rows}\n]\n"
    (sx, sy), (gx, gy) = maze.xy(maze.start), maze.xy(maze.goal)
    return (f'{{"startX": {sx}, "startY": {sy}, "endX": {gx}, "endY": {gy}, "matrix": [\n{rows}\n]}}\n')


# --- detection -------------------------------------------------------------------
def _ambiguous(why, candidates):
    return MazeFormatError(f"cannot tell the format: {why} (could be {' or '.join(candidates)}); formats: "
                           f"{', '.join(FORMATS)}; {NAME_ONE}")


def detect(text):
    """The format of ``text`` (one of ``FORMATS``), from its first characters and the characters it uses.

    Block text and mazelib text share '#', space and 'S': text with 'G' or '*' or '.' is block text,
    text with 'E' or '+' or no marks at all is mazelib's; text with both kinds of marks is refused."""
    head = text.lstrip()  # JSON is told by its first character, before any count of rows
    if head.startswith("{"):
        return "matrix" if re.match(r'\{\s*"(matrix|startX|startY|endX|endY)"', head) else "json"
    if head.startswith("["):
        return "matrix"
    lines = text_rows(text)
    first = next((line for line in lines if line.strip()), "")
    if _BOX.search(first):
        return "box"
    if _THIN_FIRST.match(first):
        return "thin"
    chars = set("".join(lines))
    block_marks, mazelib_marks = chars & set("G*."), chars & set("E+")
    if block_marks and mazelib_marks:
        raise _ambiguous(f"it has block marks {''.join(sorted(block_marks))!r} and mazelib marks "
                         f"{''.join(sorted(mazelib_marks))!r}", ["block", "mazelib"])
    if mazelib_marks or not (chars - set("# ")) and "#" in chars:
        return "mazelib"
    return "block"


def ambiguous_failure(exc):
    """The error for text whose characters fit block and mazelib text both, when neither reads it."""
    return MazeFormatError(f"{exc.message} (as block text; mazelib text has 'S' and 'E'; {NAME_ONE})",
                           exc.line, exc.column)


def check_format(fmt):
    if fmt != "auto" and fmt not in FORMATS:
        raise MazeFormatError(f"format must be one of auto, {', '.join(FORMATS)}; got {fmt!r:.40}")
    return fmt
