"""The bridge the page's worker calls: one ``Session`` holds the page's maze and runs.

The worker makes one ``Session()`` and calls its methods, from one table of
requests (web/engine/worker.js), with plain strings and numbers; everything crossing
back is a JSON string or a buffer (``bytes`` / ``array('i')``), so JavaScript
never walks Python objects.  Errors are raised as ``PymazeError`` with a
one-line message for the page.  What only tests and benchmarks ask (a
snapshot of the live maze, stream hashes, timings) is in ``pymaze.web_debug``.
"""

import inspect
import json
import linecache
import random
import re
import sys
from array import array

from . import __version__, masks, registry, weave, zeta
from .errors import GeometryError, MazeFormatError, ParameterError, SizeError, check_whole
from .formats import MAX_CHARS, WRITERS, parse
from .graph import GRAPH_SHAPES, Lattice, check_depth, polar_rings
from .gridtext import SHAPES as TEXT_SHAPES, shape_text
from .worlds import MAX_DEPTH
from .lab import check as lab_check, measure_chunk, summary as lab_summary
from .maze import Maze
from .picture import read as read_picture
from .plugins import Checked, PluginError, load_source
from .records import csv_text
from .run import Run, check_seed
from .sheet import sheet
from .solution import Solution
from .solvers.dijkstra import random_weights
from .stats import metrics, solution_length
from .svg import to_svg

PAGE_CELLS = 40_000  # the most cells of a hex, triangle or polar maze in the page (its drawing is kept per cell)
MAX_IMPORT = MAX_CHARS  # characters an import may hold: the same limit as every reader (2000 x 2000 cells)
INSIDE_EVENTS = 50_000  # the longest run the page reads whole under a line tracer; longer: a window at a time
USER_FILE = "yours.py"  # the plugin name of the page's code: its algorithms' ``source``
USER_BATCH = 2000       # the most events of user code per batch (the page stops a batch that takes too long)


# --- what crosses from the page: options, bytes, masks --------------------------------------

def parse_options(options_json):
    """The JSON object ``options_json`` (empty: ``{}``) as a dict; ParameterError for anything else."""
    try:
        options = json.loads(options_json or "{}")
    except ValueError:
        raise ParameterError(f"options must be a JSON object; got {options_json!r}") from None
    if not isinstance(options, dict):
        raise ParameterError(f"options must be a JSON object; got {options_json!r}")
    return options


def _bytes(data):
    """Bytes from a bytes-like object, or from a JS typed array (which arrives as a proxy)."""
    return data.to_bytes() if hasattr(data, "to_bytes") else bytes(data)


def _mask(mask_json, shape, width, height):
    """A ``Mask`` from the page's choice: ``{"preset": name}`` or ``{"text": rows}``, with
    ``"islands"`` ("error" or "join"); None for no mask."""
    spec = parse_options(mask_json)
    if not spec:
        return None
    islands = spec.get("islands", "error")
    if "preset" in spec:
        # A preset is drawn at the maze's own size (polar: a square over its rings).
        w, h = (2 * height + 1, 2 * height + 1) if shape == "polar" else (width, height)
        return masks.preset(spec["preset"], int(w), int(h), islands)
    if "text" in spec:
        if not isinstance(spec["text"], str) or len(spec["text"]) > MAX_IMPORT:
            raise ParameterError("the mask text must be rows of X (cell) and . (no cell)")
        return masks.parse(spec["text"], islands)
    raise ParameterError("a mask is a preset (circle, heart, ring) or text of X and .")


def drawing_of(lattice):
    """A hex, triangle or polar maze's drawing as the worker sends it (see ``Session.drawing``)."""
    d = lattice.drawing()
    meta = {"bounds": list(d["bounds"]), "cells": lattice.n, "passages": lattice.m}
    # what names a cell to a person (Lattice.position): the grid, polar's ring starts, a mask's raw cells
    meta["grid"] = {"shape": lattice.shape, "w": lattice.w, "h": lattice.h,
                    "rings": list(lattice.starts) if lattice.shape == "polar" else None,
                    "raw": list(lattice.raw) if lattice.mask is not None else None}
    if "wraps" in d:  # a maze that wraps around: each seam passage and its segment at the other edge
        meta.update(wraps=d["wraps"].tolist(), wrapWalls=d["wrap_walls"].tolist())
    if "stairs" in d:  # a maze of levels: the passages between levels (no wall; the open ones get marks)
        meta.update(stairs=d["stairs"].tolist(), levels=[lattice.w, lattice.h, lattice.depth])
    if "tunnels" in d:  # a weave maze: each tunnel, the cell it runs under and the two walls it passes
        meta.update(tunnels=d["tunnels"].tolist(), middles=d["middles"].tolist(), covers=d["covers"].tolist(),
                    bridges=d["bridges"].tolist(), cuts=d["cuts"].tolist(), gap=weave.GAP)
    if "diagonals" in d:  # a zeta maze: each diagonal passage and the two cells beside its corner (its
        #                   segment is the corner; the page builds the corridor as zeta.band does, CUT wide)
        meta.update(diagonals=d["diagonals"].tolist(), beside=d["beside"].tolist(), cut=zeta.CUT)
    return (json.dumps(meta), d["polygons"].tobytes(), d["starts"].tobytes(), d["walls"].tobytes(),
            d["border"].tobytes(), lattice.ends.tobytes())


WARM_SIDE = 40  # the side of the mazes Session.warm_up runs (a few ms each once warm)


class _Remade(Run):
    """A run that keeps no copy of the maze it starts from: ``initial`` is made again when asked
    for (See inside, a run made again), by ``remake()``.  The page's generate or solve made again
    for its events (``Session.replay``) is one: a copy would cost a maze's worth of Pyodide's heap,
    which keeps its peak."""

    remake = None  # () -> a blank run like this one, whose maze is the first maze (set by page_run, _remade_solve)

    def __init__(self, algorithm, maze, seed, options, initial=None, waypoints=()):
        super().__init__(algorithm, maze, seed, options, initial=maze, waypoints=waypoints)  # (no copy made)

    @property
    def initial(self):
        if self._initial is None:
            self._initial = self.remake().maze  # (a run's body does nothing until its first step)
        return self._initial

    @initial.setter
    def initial(self, maze):
        self._initial = None  # (Run.__init__ hands over the maze it works on: not kept, made again if asked for)

    def again(self):
        return self.remake()


def page_run(slug, width, height, seed, geometry="thin", options_json="{}", mask_json="", depth=None, remade=False):
    """A generator's run as the page may show it (see ``Session.generate``); ``remade``: a ``_Remade``
    run, keeping no copy of its first maze."""
    shape = geometry if geometry in GRAPH_SHAPES else "square"
    w = check_whole(width, "width in cells", 1, registry.MAX_SIZE, SizeError)
    h = check_whole(height, "height in cells", 1, registry.MAX_SIZE, SizeError)
    depth = None if depth is None or depth == "" else check_whole(depth, "levels", 1, MAX_DEPTH, ParameterError)
    if shape != "square":
        cells = sum(polar_rings(max(3, w), h)) if shape == "polar" else w * h * (depth or 1)
        if cells > PAGE_CELLS:
            size = f"{w}x{h}" + (f"x{depth}" if depth else "")
            raise SizeError(f"a {shape} maze of {size} has {cells:,} cells; the page draws at most {PAGE_CELLS:,} "
                            f"(the library and the command line go further)")
    mask = _mask(mask_json, shape, w, h)
    run = (_Remade if remade else Run).generate(slug, width, height, seed, geometry, mask=mask, depth=depth,
                                                **parse_options(options_json))
    run.remake = lambda: page_run(slug, width, height, seed, geometry, options_json, mask_json, depth, True)
    return run


def _remade_solve(slug, maze, seed, options):
    """``Run.solve`` as a ``_Remade`` run: no copy of its first maze is kept beside ``maze`` (the
    page's current maze, which the engine keeps) and the run's own."""
    run = _Remade.solve(slug, maze, seed, **options)
    run.remake = lambda: _remade_solve(slug, maze, seed, options)
    return run


def _solvable(slug, maze, options):
    """``maze`` as solver ``slug`` with ``options`` walks it: open-grid finders and diagonal steps
    walk squares, so a thin-wall square maze is read as blocks for them."""
    algo = registry.get("solver", slug) if isinstance(slug, str) and slug in registry.solvers() else None
    if algo and maze.geometry == "thin" and "block" in algo.geometries and (
            "thin" not in algo.geometries or options.get("diagonal", "never") != "never"):
        return maze.as_block()
    return maze


# --- the page's mazes that no generator made ------------------------------------------------

class _Loaded:
    """An imported or edited maze standing in for a finished generator run: no events, the maze as is."""

    family, layer = "generator", None

    def __init__(self, maze, slug="import", name="imported maze"):
        self.algorithm = self
        self.slug, self.name = slug, name
        self.seed = 0
        self.initial = maze
        self.maze = maze
        self.finished = True

    def finish(self):
        return self.maze

    def next_batch(self, n):
        return array("i")


class _Adopted(_Loaded):
    """The page's current run handed to a fresh engine (see ``Session.adopt``): finished, with its final
    maze; ``again()`` makes the run afresh (the same events: an instant run stepped back), and a solve
    keeps the maze it started on as ``initial`` (what an SVG export solves again)."""

    def __init__(self, maze, algorithm, seed, options, initial, again):
        super().__init__(maze, algorithm.slug, algorithm.name)
        self.algorithm, self.seed, self.options, self.initial, self.again = algorithm, seed, options, initial, again


class _Again(_Loaded):
    """The current maze while the generate that made it is made again for the page (``Session.replay``):
    the final maze went, to keep Pyodide's heap small; ``finish()`` makes it afresh from a run of
    its own (the page's run made again keeps its events), should anything want it meanwhile."""

    def __init__(self, old, run):
        super().__init__(None, old.algorithm.slug, old.algorithm.name)
        self.algorithm, self.seed, self.old, self.run = old.algorithm, old.seed, old, run

    def finish(self):
        if self.maze is None:
            again = getattr(self.old, "remake", None) or self.old.again  # (see Session.replay)
            self.maze = self.initial = again().finish()
        return self.maze


def _blank_layers(maze, width, height, geometry, wall):
    """``maze`` made ``width`` x ``height`` squares of ``geometry`` with these walls, its marks and
    numbers all 0, made in place (Pyodide's heap keeps its peak: no temporary buffer of zeros)."""
    if len(wall) != width * height or wall.translate(None, b"\x00\x01"):
        raise ParameterError(f"the wall layer needs {width * height} squares of 0 or 1")
    maze.width, maze.height, maze.geometry = width, height, geometry
    maze.wall, maze.mark, maze.num = bytearray(wall), bytearray(len(wall)), array("i", [0]) * len(wall)
    if geometry == "thin" and not maze.is_aligned():
        raise ParameterError("a thin-wall maze needs odd sides, a closed frame, wall posts and floor cells")
    return maze


def _edited_square(width, height, wall, start, goal, geometry):
    """An edited square maze (see ``Session.set_maze``)."""
    if not (1 <= width <= 2 * registry.MAX_SIZE + 1 and 1 <= height <= 2 * registry.MAX_SIZE + 1):
        raise ParameterError(f"an edited maze is 1 to {2 * registry.MAX_SIZE + 1} squares a side")
    if len(wall) != width * height or set(wall) - {0, 1}:
        raise ParameterError(f"the wall layer needs {width * height} squares of 0 or 1")
    for what, p in (("start", start), ("goal", goal)):
        if not (0 <= p < len(wall)) or wall[p]:
            raise ParameterError(f"the {what} must be on a floor square")
    if geometry not in ("block", "thin"):
        raise ParameterError(f"unknown geometry {geometry!r}; allowed: block, thin, graph")
    try:
        maze = Maze(width, height, wall, start, [goal], geometry)
    except GeometryError as err:
        raise ParameterError(f"an edited thin-wall maze must stay cell-aligned: {err}") from None
    if not maze.is_node(start) or not maze.is_node(goal):
        raise ParameterError("the start and the goal must be on cells")
    return maze


def _edited_graph(width, height, wall, start, goal, shape, mask, lat, depth=None):
    """An edited hex, triangle or polar maze (see ``Session.set_maze``), on lattice ``lat`` (the
    current maze's, or None) when it is the same one (a stroke costs no new lattice), else on a new one
    (a levels maze: of ``depth`` levels, by default the current maze's)."""
    if shape not in GRAPH_SHAPES:
        raise ParameterError(f"an edited graph maze is {', '.join(GRAPH_SHAPES)}; got {shape!r}")
    w = check_whole(width, "width in cells", 1, registry.MAX_SIZE, SizeError)
    h = check_whole(height, "height in cells", 1, registry.MAX_SIZE, SizeError)
    if not isinstance(mask, str) or len(mask) > MAX_IMPORT:
        raise ParameterError("the mask must be rows of X (cell) and . (no cell)")
    # (no depth given: the current maze's, when it is this shape)
    depth = check_depth(shape, lat.depth if depth is None and lat is not None and lat.shape == shape else depth)
    if lat is None or (lat.shape, lat.w, lat.h, lat.depth) != (shape, w, h, depth) or (
            lat.mask.text() if lat.mask is not None else "") != mask:
        # The mask's islands were settled when the maze was made: joining again finds the same cells.
        lat = Lattice(shape, w, h, masks.parse(mask, "join") if mask else None, depth)
    n, m = lat.n, lat.m
    if len(wall) != n + m or wall.translate(None, b"\x00\x01"):
        raise ParameterError(f"this {shape} maze's wall layer needs {n + m} squares of 0 or 1 "
                             f"({n} cells, then {m} passages)")
    if wall[:n].count(1):
        raise ParameterError(f"every cell of an edited {shape} maze is open; cell {wall.index(1)} is closed")
    cells = f"the {n} cells{' its mask leaves' if lat.mask is not None else ''} (0 to {n - 1})"
    for what, p in (("start", start), ("goal", goal)):
        if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < n:
            where = f"{p} is passage {p - n}" if isinstance(p, int) and n <= p < n + m else f"not {p!r}"
            raise ParameterError(f"the {what} of this {shape} maze must be one of {cells}; {where}")
    maze = Maze.__new__(Maze)
    maze.width, maze.height, maze.geometry, maze.weight = w, h, "graph", None
    maze.shape, maze.lattice, maze.mask = shape, lat, lat.mask
    maze.wall = bytearray(wall)
    maze.mark = bytearray(n + m)
    maze.num = array("i", bytes(4 * (n + m)))
    maze.start, maze.goals = start, [goal]
    why = weave.fault(maze) if shape == "weave" else ""
    if why:  # (the page's Edit keeps the rule; a link made by hand may not)
        raise ParameterError(f"this weave maze breaks the weave rule: {why}")
    return maze


def _error(exc):
    return {"message": exc.message, "line": exc.line, "step": exc.step}


class Session:
    """The engine of one page (one per worker): its current maze and run, the race on show, the
    picture read last and the page's own code's progress.  Every request of the page is a method."""

    def __init__(self):
        self.run = None        # the run the page is animating
        self.generated = None  # the last generate (or imported or edited maze): what ``solve`` solves
        self.serial = 0        # the id of the last run handed out (the page asks for batches by it)
        self.drawn = None      # the lattice whose drawing the page was sent last (sent once per maze)
        self.racers = {}       # the runs of the race on show, by run id: one per board
        self.pictured = None   # the maze last read from a picture, until it is accepted
        self.lines_sent = 0    # of the current user run: the events whose lines the page has

    # --- warming up -------------------------------------------------------------------------

    @staticmethod
    def warm_up(k):
        """Generate and solve small maze ``k`` unseen; nothing of the session changes.  In Pyodide the
        interpreter's loop runs as slow baseline code until the browser has seen it work a while and
        compiled it optimized, and a call under way keeps the code it began with (WebAssembly has no
        on-stack replacement): the first big run after booting took about twice as long.  The worker
        calls this a few times, between requests, once booted."""
        maze = Run.generate("dig", WARM_SIDE, WARM_SIDE, k).finish()
        Run.solve("bfs", maze, k).finish()

    # --- the catalogue ----------------------------------------------------------------------

    def catalogue_json(self):
        """The registry as JSON (algorithms, parameter schemas, limits) plus the engine version and the
        shapes thin text draws (``text_shapes``); each algorithm also has its docstring (``doc``: its
        steps) and its source file (``source``)."""
        cat = registry.catalogue()
        for family, table in (("generators", registry.generators()), ("solvers", registry.solvers())):
            for entry in cat[family]:
                algo = table[entry["slug"]]
                entry["doc"] = inspect.getdoc(algo.func) or ""
                entry["source"] = algo.source or algo.func.__module__.replace(".", "/") + ".py"
        return json.dumps(dict(cat, version=__version__, text_shapes=list(TEXT_SHAPES)))

    # --- starting runs ----------------------------------------------------------------------

    def _start(self, run):
        self.run = run
        return self._header(run)

    def _header(self, run):
        """A new run id for ``run``, and its first maze: (header JSON, wall, mark, num), the layers of
        ``run.initial`` themselves (bytearray, bytearray, ``array('i')``): the worker copies them out at
        once, so no copy is made here."""
        self.serial += 1
        maze = run.initial
        header = {"run": self.serial, "kind": run.algorithm.family, "slug": run.algorithm.slug,
                  "name": run.algorithm.name, "width": maze.width, "height": maze.height, "geometry": maze.geometry,
                  "start": maze.start, "goals": list(maze.goals), "layer": run.algorithm.layer,
                  "seed": run.seed, "weights": list(maze.weight) if maze.weight is not None else None,
                  "shape": maze.shape, "cells": maze.lattice.n if maze.lattice is not None else None,
                  "mask": maze.mask.text() if maze.mask is not None else None,
                  "source": getattr(run.algorithm, "source", ""), "anyangle": getattr(run.algorithm, "anyangle", False)}
        self.lines_sent = 0
        return json.dumps(header), maze.wall, maze.mark, maze.num

    def _maze(self, before):
        """The final maze of the last generate, import or edit; without one, a ParameterError that
        says to make one ``before`` what was asked."""
        if self.generated is None:
            raise ParameterError(f"generate or import a maze before {before}")
        return self.generated.finish()

    def generate(self, slug, width, height, seed, geometry="thin", options_json="{}", mask_json="", depth=None):
        """Start generator ``slug``; returns (header JSON, wall, mark, num: see ``_header``).

        ``geometry``: "thin" or "block" (square mazes) or a shape ("hex", "triangle", "polar"), at most
        ``PAGE_CELLS`` cells; ``mask_json``: see ``_mask``; ``depth``: a levels maze's levels."""
        self.generated = page_run(slug, width, height, seed, geometry, options_json, mask_json, depth)
        return self._start(self.generated)

    def solve(self, slug, seed, options_json="{}"):
        """Start solver ``slug`` on the final maze of the last generate (marks and numbers cleared)."""
        maze = self._maze("solving it")
        options = parse_options(options_json)
        return self._start(Run.solve(slug, _solvable(slug, maze, options), seed, **options))

    def load_text(self, text, fmt="auto"):
        """Make ``text`` (in format ``fmt``, or detected) the current maze; returns what generate returns.

        Raises ``MazeFormatError`` (message with line and column) and leaves the current maze as it was."""
        if len(text) > MAX_IMPORT:
            raise MazeFormatError(f"the import holds {len(text):,} characters; the limit is {MAX_IMPORT:,}")
        maze = parse(text, fmt)
        maze.mark = bytearray(len(maze.wall))
        self.generated = _Loaded(maze)
        return self._start(self.generated)

    def current(self, block=False):
        """Make the final maze of the last generate, import or edit the current run, with no events and
        its marks cleared (what the page plays and edits); ``block`` reads it as a block maze."""
        maze = self._maze("playing or editing it").copy(layers=False)
        if block:
            maze = maze.as_block()
        self.generated = _Loaded(maze, self.generated.algorithm.slug, self.generated.algorithm.name)
        return self._start(self.generated)

    def set_maze(self, width, height, wall, start, goal, weight=None, geometry="block", shape="square", mask="",
                 depth=None):
        """The page's edited maze (``wall``: bytes of 0/1, one per square) becomes the current maze.

        Start and goal must be floor squares (cells of a ``"thin"`` maze); they may be the same square.
        A thin maze must stay cell-aligned (closed frame, posts, floor cells): only the walls between
        cells change.  ``weight``, when given, holds each square's cost 1..9 (what ``dijkstra`` pays).

        ``geometry="graph"``: a hex, triangle or polar maze (``shape``) of ``width`` x ``height``, with
        the mask whose text (rows of X and .) is ``mask`` ("" for none); ``wall`` holds its cells (all
        open) then its passages (1: closed), and S and G are cells; a levels maze has ``depth`` levels."""
        self.generated = _Loaded(self._edited(width, height, wall, start, goal, weight, geometry, shape, mask, depth),
                                 "edit", "edited maze")
        return self._start(self.generated)

    def _edited(self, width, height, wall, start, goal, weight, geometry, shape, mask, depth=None):
        """The page's edited maze (see ``set_maze``), checked."""
        wall = _bytes(wall)
        if geometry == "graph":
            lattice = self.generated.finish().lattice if self.generated is not None else None
            maze = _edited_graph(width, height, wall, start, goal, shape, mask, lattice, depth)
        else:
            maze = _edited_square(width, height, wall, start, goal, geometry)
        if weight is not None:
            weight = _bytes(weight)
            if len(weight) != len(wall) or set(weight) - set(range(1, 10)):
                raise ParameterError(f"the weights need {len(wall)} squares of 1 to 9")
            maze.weight = array("i", list(weight))
        return maze

    def preview(self, width, height, wall, start, goal, weight, geometry, shape, mask, slug, seed, options_json="{}",
                depth=None):
        """Edit's live route: solver ``slug`` run to its end with nobody watching on the maze being
        edited (``set_maze``'s arguments), the current run left as it is.  Returns (JSON of found,
        route (its squares, an any-angle route's corners), moves, visited and cost; the mark layer the
        solver left: the searched area and the route)."""
        maze = self._edited(width, height, wall, start, goal, weight, geometry, shape, mask, depth)
        options = parse_options(options_json)
        sol, run, _ = Solution.of_run(Run.solve(slug, _solvable(slug, maze, options), seed, **options))
        return json.dumps({"found": sol.found, "route": sol.squares, "moves": sol.moves, "visited": sol.visited,
                           "cost": sol.cost}), run.maze.mark

    def adopt(self, header_json, wall, weight=None):
        """A fresh engine takes over the page's current run (the page ended the worker that made it, to
        give its memory back; nothing is run here).  ``wall`` (0/1 per square) is the current maze of
        the header's square ``width`` x ``height`` ``geometry``, with ``start`` and ``goals`` as the last
        run left them; ``run``: the page's id of its run; ``generate``: that run's generate arguments
        (``slug``, ``width``, ``height``, ``seed``, ``shape``, ``options``), and after a solve ``solve``
        (``slug``, ``seed``, ``options``, and ``ends``: S and G when it started).  The next generate,
        solve, play, edit, export or replay starts from them as it would have in the engine that ran it."""
        h = parse_options(header_json)
        maze = _blank_layers(Maze(1, 1, b"\x00", 0, [0], "block"), h["width"], h["height"], h["geometry"],
                             _bytes(wall))
        maze.start, maze.goals = h["start"], list(h["goals"])
        if weight is not None:
            maze.weight = array("i", list(_bytes(weight)))
        g, sol = h["generate"], h.get("solve")
        gen = registry.get("generator", g["slug"])
        seed, options = check_seed(g["seed"]), parse_options(json.dumps(g.get("options") or {}))
        again = lambda: page_run(gen.slug, g["width"], g["height"], seed, g.get("shape") or "thin",  # noqa: E731
                                 json.dumps(options), "", g.get("depth"), True)
        self.generated = self.run = _Adopted(maze, gen, seed, options, maze, again)
        if sol:
            algo, seed = registry.get("solver", sol["slug"]), check_seed(sol["seed"])
            options = parse_options(json.dumps(sol.get("options") or {}))
            start, goals = sol.get("ends", (maze.start, maze.goals))
            first = maze
            if (start, list(goals)) != (maze.start, maze.goals):
                first = maze.copy(layers=False)
                first.start, first.goals = start, list(goals)
            initial = _solvable(algo.slug, first, options)
            self.generated = _Loaded(maze, gen.slug, gen.name)
            self.run = _Adopted(maze, algo, seed, options, initial, lambda: _remade_solve(algo.slug, initial, seed, options))
        self.serial = max(self.serial, int(h.get("run") or 0))

    def read_picture(self, width, height, rgba, options_json="{}"):
        """Read a maze from the page's RGBA pixels with ``pymaze.picture`` (``options``: its overrides); keeps
        it for ``accept_picture`` and returns JSON of what was found, with the maze's size, walls ('0'/'1'),
        S and G."""
        options = parse_options(options_json)
        allowed = ("threshold", "angle", "crop", "kind", "pitch", "line", "size", "start", "goal")
        unknown = [k for k in options if k not in allowed]
        if unknown:
            raise ParameterError(f"unknown picture option {unknown[0]!r}; allowed: {', '.join(allowed)}")
        try:
            maze, found = read_picture(width, height, _bytes(rgba), 4, **options)
        except (TypeError, ValueError) as exc:
            if isinstance(exc, MazeFormatError):
                raise
            raise ParameterError(f"bad picture option: {exc}") from None
        self.pictured = maze
        found.update(width=maze.width, height=maze.height, geometry=maze.geometry, start=maze.start,
                     goals=maze.goals, wall="".join("01"[c] for c in maze.wall))
        return json.dumps(found)

    def accept_picture(self):
        """The maze last read from a picture becomes the current maze; returns what generate returns."""
        if self.pictured is None:
            raise ParameterError("read a picture before accepting it")
        self.generated = _Loaded(self.pictured.copy(layers=False), "picture", "maze from a picture")
        return self._start(self.generated)

    def set_random_weights(self, seed):
        """Give the last generated maze random cell weights 1..9 (what ``dijkstra`` pays); returns them as JSON."""
        return json.dumps(list(random_weights(self._maze("giving it weights"), random.Random(check_seed(seed)))))

    # --- the current run's events -----------------------------------------------------------

    def next_batch(self, n):
        """Up to ``n`` more events of the current run as a packed ``array('i')`` (empty when done).

        A solve that moved S or G (``farthest``) hands its final S and G to the current maze once its
        last event is out: the next solve, play or edit keeps them, until the next generate."""
        if self.run is None:
            raise ParameterError("no run: generate a maze first")
        # user code: short batches, under the page's time limit
        batch = self.run.next_batch(min(n, USER_BATCH) if self._user_run() else n)
        if isinstance(self.generated, _Again) and self.generated.run is self.run and self.run.finished:
            self.generated = self.run  # a generate made again: its final maze is the current one again
        self._adopt_ends()
        return batch

    def _adopt_ends(self):
        """A finished solve that moved S or G hands them to the current maze."""
        run = self.run
        if run.finished and run.algorithm.family == "solver" and self.generated is not None:
            maze = self.generated.finish()
            if (maze.start, maze.goals) != (run.maze.start, run.maze.goals):
                maze.start, maze.goals = run.maze.start, list(run.maze.goals)

    def instant(self):
        """Run the current run to its end without making its events (the page's speed "instant"):
        ``(JSON {"start", "goals", "route", "notes", "visited"}, wall, mark, num bytes)`` of its final
        maze, with the route's squares in order from S, the notes as ``[code, value, index]`` and the
        nodes a solve expanded, what the events
        would have left in the page; ``replay`` makes the events later, from the same seed, if the
        page needs them.  None when the run cannot end so (batches were pulled, the page's own code,
        an imported maze, a solver with no event-free twin, or whose twin reported nothing on this
        maze): the page then pulls its batches, of the same run made afresh."""
        run = self.run
        if not isinstance(run, Run) or run.started or self._user_run() is not None:
            return None
        solver = run.algorithm.family == "solver"
        if solver and not run.algorithm.watchable:
            return None
        maze = run.finish()
        if solver and run.outcome is None:  # the twin declined this maze: the events will tell
            self.run = run.again()
            return None
        self._adopt_ends()
        route, visited, notes = run.outcome or ([], 0, [])
        info = {"start": maze.start, "goals": list(maze.goals), "route": list(route),
                "notes": [list(n) for n in notes], "visited": visited}
        return json.dumps(info), maze.wall, maze.mark, maze.num  # (the worker copies them out: no copy here)

    def replay(self):
        """Start the current run again from its first event, under the same run id: the same
        algorithm, maze, seed and options make the same events (an instant run stepped back)."""
        if not isinstance(self.run, (Run, _Adopted)):
            raise ParameterError("no run to replay: generate a maze first")
        old, self.run = self.run, None
        # The old run's final maze goes before the new one is made (Pyodide's heap keeps its peak).  A
        # generate's is the current maze too: until the run made again hands out its last event, the
        # current maze is made afresh if something asks for it (see _Again).
        generate = old is self.generated
        if generate:
            self.generated = None
        old.maze = None
        remake = getattr(old, "remake", None)  # a page's generate: made again keeping no copy of its first maze
        if remake or isinstance(old, _Adopted):
            old.initial = None  # (made afresh from the run's arguments, neither needs it: a generate's is a maze)
        self.run = remake() if remake else old.again()
        if generate:
            self.generated = _Again(old, self.run)

    def finish_run(self):
        """Run the current run to its end without handing out its events (a restarted engine getting
        back a maze whose S and G a solve moved)."""
        if self.run is None:
            raise ParameterError("no run: generate a maze first")
        self.run.finish()
        self._adopt_ends()

    def drawing(self):
        """The drawing of the current run's maze (see ``Maze.drawing``) once per maze: JSON of its bounds,
        then polygons (float64 x, y pairs), polygon starts (int32), walls (float64 x0, y0, x1, y1 per
        passage), border segments (float64) and the passages' two cells (int32); ``None`` for a square
        maze (drawn square by square) or when the page was sent this maze's drawing already."""
        lattice = self.run.maze.lattice
        if lattice is None or lattice is self.drawn:
            return None
        self.drawn = lattice
        return drawing_of(lattice)

    # --- races ------------------------------------------------------------------------------

    def race(self, family, slugs_json, generator, width, height, seed, geometry="thin", options_json="{}",
             mask_json="", racer_options_json="[]", depth=None):
        """Start a race of 2 to 4 algorithms: solvers (``family`` "solve") on the maze generator
        ``generator`` makes (its options, size, seed, geometry or shape, and mask), each solving it with
        the same seed; or generators (``family`` "generate") at that size, seed, shape and mask.
        ``racer_options_json``: a list of each racer's options (JSON objects; missing: the defaults).

        Returns a list with what ``generate`` returns for each racer, in order (headers with their run
        ids; a solver's header also holds ``shortest``, the moves of the maze's shortest route).  The
        race's runs are kept apart from the page's current run: ``race_batch`` hands out their events,
        ``race_drawing`` a hex, triangle or polar race's drawing."""
        try:
            slugs, each = json.loads(slugs_json), json.loads(racer_options_json or "[]")
        except (TypeError, ValueError):
            slugs = each = None
        if not isinstance(slugs, list) or not 2 <= len(slugs) <= 4 or not all(isinstance(s, str) for s in slugs):
            raise ParameterError("a race takes 2 to 4 algorithms")
        if not isinstance(each, list) or len(each) > len(slugs):
            raise ParameterError("the racers' options must be a list of JSON objects, one per racer")
        each = [parse_options(json.dumps(o)) for o in each] + [{}] * (len(slugs) - len(each))
        if family == "solve":
            maze = page_run(generator, width, height, seed, geometry, options_json, mask_json, depth).finish()
            shortest = solution_length(maze)
            runs = [Run.solve(slug, _solvable(slug, maze, opts), seed, **opts) for slug, opts in zip(slugs, each)]
        elif family == "generate":
            runs = [page_run(slug, width, height, seed, geometry, json.dumps(opts), mask_json, depth)
                    for slug, opts in zip(slugs, each)]
            shortest = None
        else:
            raise ParameterError(f"unknown race {family!r}; allowed: solve, generate")
        out, self.racers = [], {}
        for run in runs:
            header, wall, mark, num = self._header(run)
            self.racers[self.serial] = run
            header = json.loads(header)
            header["shortest"] = -1 if shortest is None and family == "solve" else shortest
            out.append((json.dumps(header), wall, mark, num))
        return out

    def race_batch(self, run_id, n):
        """Up to ``n`` more events of the race's run ``run_id``; empty for a run of an earlier race."""
        run = self.racers.get(run_id)
        return run.next_batch(n) if run is not None else array("i")

    def race_drawing(self, run_id):
        """The drawing (as ``drawing``) of the maze of the race's run ``run_id``; None for a square one."""
        run = self.racers.get(run_id)
        lattice = run.maze.lattice if run is not None else None
        return drawing_of(lattice) if lattice is not None else None

    # --- what the page reads of the maze ----------------------------------------------------

    def shortest(self):
        """Moves of the shortest route (BFS) from S to G on the current maze; -1 when there is none."""
        moves = solution_length(self._maze("measuring its shortest route"))
        return -1 if moves is None else moves

    def metrics_json(self):
        """Metrics of the current run's final maze (see ``pymaze.stats``), once all its events are out."""
        if self.run is None or not self.run.finished:
            raise ParameterError("metrics are ready when the run's last event has been handed out")
        return json.dumps(metrics(self.run.maze))

    def export_text(self, fmt):
        """The current maze (the last generated or imported one) as text in ``fmt`` (see ``formats.WRITERS``)."""
        maze = self._maze("exporting it")
        if fmt not in WRITERS:
            raise ParameterError(f"unknown export format {fmt!r}; allowed: {', '.join(WRITERS)}")
        return WRITERS[fmt](maze) if maze.lattice is None else shape_text(maze, fmt)

    def export_svg(self):
        """The current maze as SVG, the bytes the CLI and the library write for it: after a solve, its
        final maze with the route (and, for a solver that numbers cells, the numbers and their heat:
        ``solve SLUG --format svg --numbers``); otherwise the last generated, imported or edited maze."""
        run = self.run
        if run is not None and run.algorithm.family == "solver":
            sol, run, _ = Solution.of_run(Run.solve(run.algorithm.slug, run.initial, run.seed, **run.options))
            return to_svg(run.maze, route=sol.squares, numbers=run.algorithm.layer == "distance")
        return to_svg(self._maze("exporting it"))

    def sheet_html(self, slug, width, height, seed, count=6, paper="a4", title="", options_json="{}"):
        """A print sheet (``pymaze.sheet``): ``count`` mazes of generator ``slug`` from ``seed`` on, then
        their answer keys, as the HTML ``python -m pymaze sheet`` writes."""
        return sheet(slug, width, height, count=count, seed=check_seed(seed), paper=paper, title=title or None,
                     **parse_options(options_json))

    # --- the lab ----------------------------------------------------------------------------

    def lab_chunk(self, generator, solvers_csv, shape, width, height, seeds_json, depth=""):
        """The lab's records (JSON) of generator ``generator`` for the seeds in ``seeds_json``, with the
        solvers named in ``solvers_csv`` (what one of the page's lab workers measures at a time); a
        levels lab: ``depth`` levels."""
        seeds = json.loads(seeds_json)
        gens, sols, shape, (w, h), _, _ = lab_check([generator], solvers_csv, shape, (width, height),
                                                max(len(seeds), 1), min(seeds, default=0))
        depth = check_depth(shape, depth or None)  # ("": none given)
        return json.dumps(measure_chunk((gens[0], sols, shape, w, h, [check_seed(s) for s in seeds], (), depth)))

    def lab_report(self, records_json):
        """The summary (as ``pymaze.lab.summary``) and the CSV of the lab's records: ``{"summary", "csv"}``."""
        records = json.loads(records_json)
        return json.dumps({"summary": lab_summary(records), "csv": csv_text(records)})

    # --- inside the current run (the "See inside" panel) ------------------------------------

    def inside_json(self, k, source=False, parents=False):
        """JSON of the current run after its first ``k`` events (see ``Run.inspect``; a larger k: its
        end): ``line``, ``structures``, ``next``, with ``parents`` its ``parents`` (as ``[[cell,
        parent], ...]``, else ``[]``), with ``source`` also
        the algorithm's ``file``, its ``text``, its function's ``lines`` and every event's line
        (``eventLines``); ``sources`` lists those of the algorithm and of the bodies it hands its run
        to (``file``, ``text``, ``lines``), ``eventFiles`` each event's source there ([] when one),
        and ``source`` is the source of ``line``.  ``{"none": reason}`` for a run with nothing to look inside (an imported maze)."""
        run = self.run
        if not isinstance(run, Run):
            return json.dumps({"none": "this maze was not made by an algorithm here"})
        from .inside import inside
        ins = inside(run, INSIDE_EVENTS)
        view = ins.at(min(check_whole(k, "k", 0, 2**31), len(ins)))
        out = {"k": view.k, "line": view.line, "structures": view.structures,
               "parents": sorted(view.parents.items()) if parents else [], "next": view.next, "total": len(ins),
               "source": ins.line_of(view.k)[0] if view.k else 0}
        if source:
            algo = run.algorithm
            names = [algo.source or ins.names[0]] + ins.names[1:]
            # (a run looked inside a window at a time sends no lines: the page shows its files whole)
            out.update(file=names[0], text=ins.text, lines=list(ins.span),
                       eventLines=list(ins.lines) if ins.whole else None,
                       sources=[{"file": name, "text": text, "lines": list(span)}
                                for name, (_, text, span) in zip(names, ins.sources)],
                       eventFiles=list(ins.files) if len(ins.sources) > 1 and ins.whole else [])
        return json.dumps(out)

    def predict_json(self, k, cell):
        """The predict mode: JSON of ``pymaze.inside.predict`` for the current run after ``k`` events."""
        if not isinstance(self.run, Run):
            raise ParameterError("this maze was not made by an algorithm here: there is nothing to predict")
        from .inside import inside, predict
        k = min(check_whole(k, "k", 0, 2**31), len(inside(self.run, INSIDE_EVENTS)))
        return json.dumps(predict(self.run, k, check_whole(cell, "cell", -1, 2**31)))

    # --- the page's own code (the Code mode) ------------------------------------------------

    def register_code(self, code, defer=True):
        """Load the page's code as the plugin ``yours.py`` (replacing what it registered before); JSON
        ``{"algorithms": [catalogue entries], "error": null}`` or ``{"algorithms": [], "error": {message, line}}``.
        ``defer`` False (the lab's workers): an error of one of its runs raises at once, naming its line."""
        # the code's text where ``inspect`` finds sources: "See inside" shows it and its loops (pymaze.inside)
        linecache.cache[USER_FILE] = (len(code), None, code.splitlines(True), USER_FILE)
        try:
            found = load_source(code, USER_FILE, defer=defer, lines=defer)
        except PluginError as exc:
            return json.dumps({"algorithms": [], "error": _error(exc)})
        cat = json.loads(self.catalogue_json())
        entries = [dict(e, source="") for family in ("generators", "solvers") for e in cat[family] if e["slug"] in found]
        # (source "": the page's explanation links no file for them; the run's header still names yours.py)
        return json.dumps({"algorithms": entries, "error": None})

    def _user_run(self):
        """The current run's checked steps when it runs the page's code, else None."""
        steps = getattr(self.run, "_steps", None)
        return steps if isinstance(steps, Checked) and self.run.algorithm.source == USER_FILE else None

    def user_batch_json(self):
        """After a batch of a user run: JSON ``{"lines": [the code line of each event just handed out],
        "error": null or {message, line, step}}`` (the error once the run stopped on it); "" for other runs."""
        steps = self._user_run()
        if steps is None:
            return ""
        lines = list(steps.lines[self.lines_sent:self.run.emitted])
        self.lines_sent = self.run.emitted
        error = steps.error if self.run.finished else None
        return json.dumps({"lines": lines, "error": _error(error) if error else None})

    def builtin_source(self, family, slug):
        """The source of built-in ``slug``'s module as a plugin of the page: imports made absolute, every
        slug it registers renamed ``my-SLUG`` ("Copy of NAME"), so it can be run beside the original."""
        algo = registry.get(family, slug)
        module = sys.modules[algo.func.__module__]
        package = module.__name__.rpartition(".")[0]
        text = inspect.getsource(module)
        text = re.sub(r"^from \.\.(\w*) import", lambda m: f"from pymaze{'.' if m[1] else ''}{m[1]} import", text,
                      flags=re.M)
        text = re.sub(r"^from \.(\w*) import", lambda m: f"from {package}{'.' if m[1] else ''}{m[1]} import", text,
                      flags=re.M)
        return re.sub(r'(@(?:solver|generator)\(\s*")([^"]+)(",\s*")', r"\1my-\2\3Copy of ", text)
