"""Run: one algorithm on one maze, handing out packed batches of events until done.

This is the one object the page's worker holds.  It owns the live maze the
algorithm mutates, keeps a copy of the initial state (what a replay starts
from), and turns the algorithm's steps into flat ``array('i')`` batches.
"""

import random
from array import array
from collections import deque
from itertools import chain, islice

from . import inside, registry
from .errors import GeometryError, ParameterError, SizeError, UnknownAlgorithmError, check_whole, shown
from .graph import SHAPES, check_depth
from .masks import Mask
from .generators._braid import thin
from .generators._terrain import lay
from .maze import Maze, check_maze
from .tour import best, check_waypoints, tour

MAX_SEED = 2**32 - 1


def check_seed(seed):
    """``seed`` as an int from 0 to MAX_SEED (an int, a float with no fraction, or ASCII digits); else ParameterError."""
    return check_whole(seed, "seed", 0, MAX_SEED)


def check_slug(family, slug):
    """The registry entry of ``slug``; UnknownAlgorithmError (listing the slugs) for anything else, texts or not."""
    if not isinstance(slug, str):
        slugs = ", ".join(registry.table(family))
        raise UnknownAlgorithmError(f"{family} must be a slug (a text), one of {slugs}; got {shown(slug)}")
    return registry.get(family, slug)


def post_rng(seed):
    """The random generator of a generator's post-steps (braid, sparse): its own, from the seed."""
    return random.Random(seed + 0x9E3779B9)


def check_count(value, what):
    """A positive whole number of events (an int, not a bool); larger than any run needs is fine."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ParameterError(f"{what} must be a whole number of at least 1; got {shown(value)}")
    return min(value, 2**31)


def shape_and_view(shape, geometry):
    """``(shape, geometry)`` from the two ways of naming them: ``geometry`` may be a view of a
    square maze ("thin", "block") or a shape's name; graph shapes have the view "graph"."""
    if isinstance(geometry, str) and geometry in SHAPES:
        if shape not in (None, geometry):
            raise GeometryError(f"geometry {geometry!r} and shape {shown(shape)} disagree; give one of them")
        shape, geometry = geometry, "thin"
    shape = "square" if shape is None else shape
    if not isinstance(shape, str) or shape not in SHAPES:
        raise GeometryError(f"unknown shape {shown(shape)}: shape must be one of {', '.join(SHAPES)}")
    if not isinstance(geometry, str) or geometry not in ("thin", "block"):
        raise GeometryError(f"unknown geometry {shown(geometry)}: geometry must be one of block, thin, "
                            f"{', '.join(SHAPES)}")
    if shape != "square":
        if geometry == "block":
            raise GeometryError(f"{shape} mazes have no block view; the block view is for square mazes")
        geometry = "graph"
    return shape, geometry


class Run:
    """An algorithm in progress.  Build one with ``Run.generate`` or ``Run.solve``."""

    def __init__(self, algorithm, maze, seed, options, initial=None, waypoints=()):
        self.algorithm = algorithm
        self.seed = seed
        self.options = options
        self.initial = maze.copy() if initial is None else initial  # never changed: runs again may share it
        self.maze = maze
        # A perfect generator's braid and sparse are post-steps: they run after its own steps, on a
        # random generator of their own from the seed (a body may leave its own in a different state
        # watched or not: the same maze either way, and so the same post-steps; pymaze.generators._braid).
        self.own_options = {k: v for k, v in options.items() if k not in registry.POST_STEPS}  # what its body takes
        self._post = {k: v for k, v in options.items() if k in registry.POST_STEPS and v and k != "terrain"}
        rng = random.Random(seed)
        self._steps = algorithm.func(maze, rng, **self.own_options)
        if self._post:
            self._steps = self._then(self._steps, post_rng(seed), getattr(algorithm.func, "packed", False))
        # A solver's checkpoints (pymaze.tour): S, then each in order, then a goal, a leg at a time.
        self.waypoints = list(waypoints)
        if self.waypoints:
            self._steps.close()
            self._steps = self._toured(tour(algorithm.func, maze, rng, options, self.waypoints,
                                            getattr(algorithm.func, "packed", False)))
        # A packed algorithm (its function's ``packed`` attribute) yields its events already packed,
        # ``array('i')`` chunks of whole events, instead of one tuple per step.
        self._packed = getattr(algorithm.func, "packed", False)
        self._pending = array("i")
        self._per_step = 1  # events per step in the last chunk pulled
        self._chunk = 64    # the most steps the next chunk may pull
        self.done = False
        self.started = False  # a batch has been asked for
        self.emitted = 0  # events handed out so far
        # What an event-free solver twin reported: (route, visited, notes), see Run.finish.
        self.outcome = None

    def _toured(self, steps):
        """A tour's steps; what it reports at the end becomes ``outcome`` (see ``finish``)."""
        self.outcome = yield from steps

    def _then(self, steps, rng, packed):
        """The generator's steps, then its post-steps' (packed like its own)."""
        yield from steps
        for step in thin(self.maze, rng, watch=True, **self._post):
            yield array("i", step) if packed else step

    @classmethod
    def generate(cls, slug, width, height, seed=0, geometry="thin", shape=None, mask=None, depth=None, **options):
        """Start generator ``slug`` on a ``width x height`` cell maze.

        ``shape``: "square" (default) or one of the other ``pymaze.graph.SHAPES`` (hex, triangle,
        polar, cylinder, torus, moebius, upsilon, levels, weave, zeta);
        ``geometry``: the view of a square maze, "thin" or "block", or a shape's name (the
        same as ``shape=``).  ``mask``: a ``pymaze.masks.Mask`` switching cells off.
        ``depth``: the levels of a ``levels`` maze (each ``width x height``; default 1).
        """
        algo = check_slug("generator", slug)
        shape, geometry = shape_and_view(shape, geometry)
        if mask is not None:
            if not isinstance(mask, Mask):
                raise ParameterError(f"mask must be a pymaze.masks.Mask or None; got {shown(mask)}")
        if shape not in algo.shapes:
            takers = ", ".join(a.slug for a in registry.generators().values() if shape in a.shapes)
            raise GeometryError(f"{slug} makes {' and '.join(algo.shapes)} mazes, not {shape} ones; "
                                f"{shape} mazes come from {takers}")
        # The generators that take every shape walk the graph, so they take masks too (one written
        # before the maze shapes that wrap around came: square, hex, triangle and polar).
        if mask is not None and not set(SHAPES[:4]) <= set(algo.shapes):
            takers = ", ".join(a.slug for a in registry.generators().values() if set(SHAPES[:4]) <= set(a.shapes))
            raise GeometryError(f"{slug} fills the whole grid, so it takes no mask; masks work with {takers}")
        lo, hi = algo.min_size, registry.MAX_SIZE
        width, height = (check_whole(v, label, lo, hi, SizeError, f"{slug} needs {label} from {lo} to {hi} cells "
                                     "(a whole number)") for label, v in (("width", width), ("height", height)))
        depth = check_depth(shape, depth)
        size = f"{width}x{height}" + (f"x{depth}" if depth > 1 else "")
        algo.check_cells(width * height * depth, size)
        opts = algo.validate(options)
        algo.check_budget(width * height * depth, opts)
        seed = check_seed(seed)
        maze = Maze.shaped(shape, width, height, algo.initial, mask, depth)
        maze.geometry = geometry
        if opts.get("terrain"):  # laid first: it depends on the seed and the size, not the walls
            lay(maze, seed, opts["terrain"])
        return cls(algo, maze, seed, opts)

    @classmethod
    def solve(cls, slug, maze, seed=0, waypoints=None, best_order=False, **options):
        """Start solver ``slug`` on a copy of ``maze`` (marks and numbers cleared).

        ``waypoints``: nodes the route must pass through in order (``best_order``: in the order of
        least total cost, tried over every order), each leg the solver's own search (pymaze.tour)."""
        algo = check_slug("solver", slug)
        check_maze(maze, walkable=True)
        if maze.shape not in algo.shapes:
            raise GeometryError(f"{slug} works on {' and '.join(algo.shapes)} mazes, not {maze.shape} ones")
        if maze.lattice is None and maze.geometry not in algo.geometries:
            raise GeometryError(f"{slug} works on {' and '.join(algo.geometries)} mazes, "
                                f"not {maze.geometry} ones")
        if algo.max_cells:
            algo.check_cells(maze.lattice.n if maze.lattice is not None else maze.cells_w * maze.cells_h, "the maze")
        opts = algo.validate(options)
        if hasattr(algo.func, "check"):  # options that must fit the maze (D* Lite's changes)
            algo.func.check(maze, opts)
        seed = check_seed(seed)
        node = "square" if maze.geometry == "block" else "cell"
        if not maze.is_node(maze.start):
            raise ParameterError(f"the maze has no start (S) on an open {node}")
        if not maze.goals:
            raise ParameterError("the maze has no goal (G): maze.goals must hold at least one square")
        bad = next((p for p in maze.goals if not maze.is_node(p)), None)
        if bad is not None:
            raise ParameterError(f"goal (G) {bad} of maze.goals is not an open {node}; every goal must be one")
        stops = check_waypoints(maze, waypoints, best_order, algo.watchable)
        if best_order and len(stops) > 1:
            stops = best(algo.func, maze, random.Random(seed), opts, stops)
            if stops is None:
                stops = check_waypoints(maze, waypoints, False, True)  # some leg has no route: the tour says so
        return cls(algo, maze.copy(layers=False), seed, opts, waypoints=stops)

    def next_batch(self, max_events=10000):
        """Up to ``max_events`` more events as a flat ``array('i')``; empty once the run is done."""
        want = check_count(max_events, "max_events") * 4
        self.started = True
        buf = self._pending
        while self._packed and len(buf) < want and not self.done:
            chunk = next(self._steps, None)
            if chunk is None:
                self.done = True
            else:
                buf.extend(chunk)
        while len(buf) < want and not self.done:
            # Pull whole steps in C (chain + islice): as many as the events still wanted
            # divided by the events per step of the last chunk, and never more than the
            # chunk limit, which doubles while steps stay small; so big steps cannot make
            # a batch overshoot by much.  Every step holds at least one event, so fewer
            # integers than steps asked for means the algorithm ended.
            k = max(1, min((want - len(buf)) // (4 * self._per_step), self._chunk))
            more = array("i", list(chain.from_iterable(islice(self._steps, k))))
            buf += more
            if len(more) < 4 * k:
                self.done = True
            else:
                self._per_step = -(-len(more) // (4 * k))
                self._chunk = 2 * k
        out, self._pending = buf[:want], buf[want:]
        self.emitted += len(out) // 4
        return out

    @property
    def finished(self):
        """True when every event has been handed out."""
        return self.done and not self._pending

    def events(self, batch=100000):
        """All remaining events as one packed array."""
        check_count(batch, "batch")
        out = array("i")
        while True:
            b = self.next_batch(batch)
            if not b:
                return out
            out.extend(b)

    def again(self):
        """A new run of the same algorithm, maze, seed and options, from the start: it makes the
        same events (what the page asks for when an instant run is stepped back).  Both share the
        initial maze (neither changes it): one copy fewer of a maze that may be millions of squares."""
        return Run(self.algorithm, self.initial.copy(), self.seed, self.options, initial=self.initial,
                   waypoints=self.waypoints)

    def inspect(self, k):
        """The state after the first ``k`` events (0 <= k <= the run's length), as a
        ``pymaze.inside.View``: the algorithm's ``file`` and its function's ``lines``, the ``line``
        that made event k, its ``structures`` (queue, stack, heap, sets...), a search's ``parents``
        and the ``next`` cell it takes.  The run's events are made again for it, from the same seed."""
        return inside.inspect(self, k)

    def finish(self):
        """Run to the end without packing the events still to come (nobody watches them): the
        algorithm's steps are drained as they are made, or, when no batch was asked for and the
        algorithm has an event-free twin (its function's ``instant`` attribute, same arguments),
        its body runs with nobody watching instead (``watch=False``).  Returns the final maze, the same one the events would have built.

        A solver's twin also reports what the events would have said: ``self.outcome`` is then
        ``(route, visited, notes)`` (the route's nodes from S, the nodes expanded, and the NOTE
        events as ``(code, value, index)``), what ``Solution.of`` takes; otherwise it stays None."""
        self._pending = array("i")
        if not self.done:
            if self.algorithm.watchable and not self.started:
                # The same body from the same seed with nobody watching: the same final maze for less.
                self._steps.close()
                rng = random.Random(self.seed)
                if self.waypoints:
                    self.outcome = registry.drain(tour(self.algorithm.func, self.maze, rng, self.options,
                                                       self.waypoints, False, watch=False))
                else:
                    self.outcome = registry.unwatched(self.algorithm.func, self.maze, rng, self.own_options)
                if self._post:
                    registry.drain(thin(self.maze, post_rng(self.seed), watch=False, **self._post))
            else:
                deque(self._steps, maxlen=0)
            self.done = True
        return self.maze
