"""Run: one algorithm on one maze, handing out packed batches of events until done.

This is the one object the page's worker holds.  It owns the live maze the
algorithm mutates, keeps a copy of the initial state (what a replay starts
from), and turns the algorithm's steps into flat ``array('i')`` batches.
"""

import random
from array import array
from itertools import chain, islice

from . import registry
from .errors import GeometryError, ParameterError
from .graph import SHAPES
from .maze import Maze

MAX_SEED = 2**32 - 1


def check_seed(seed):
    if isinstance(seed, bool):
        raise ParameterError(f"seed must be a whole number from 0 to {MAX_SEED}; got {seed!r}")
    try:
        value = int(seed.strip() if isinstance(seed, str) else seed)
        if isinstance(seed, float) and not seed.is_integer():
            raise ValueError
    except (TypeError, ValueError):
        raise ParameterError(f"seed must be a whole number from 0 to {MAX_SEED}; got {seed!r}") from None
    if not 0 <= value <= MAX_SEED:
        raise ParameterError(f"seed must be a whole number from 0 to {MAX_SEED}; got {value}")
    return value


def shape_and_view(shape, geometry):
    """``(shape, geometry)`` from the two ways of naming them: ``geometry`` may be a view of a
    square maze ("thin", "block") or a shape's name; graph shapes have the view "graph"."""
    if geometry in SHAPES:
        if shape not in (None, geometry):
            raise GeometryError(f"geometry {geometry!r} and shape {shape!r} disagree; give one of them")
        shape, geometry = geometry, "thin"
    shape = shape or "square"
    if shape not in SHAPES:
        raise GeometryError(f"unknown shape {shape!r}; allowed: {', '.join(SHAPES)}")
    if geometry not in ("thin", "block"):
        raise GeometryError(f"unknown geometry {geometry!r}; allowed: block, thin, {', '.join(SHAPES)}")
    if shape != "square":
        if geometry == "block":
            raise GeometryError(f"{shape} mazes have no block view; the block view is for square mazes")
        geometry = "graph"
    return shape, geometry


class Run:
    """An algorithm in progress.  Build one with ``Run.generate`` or ``Run.solve``."""

    def __init__(self, algorithm, maze, seed, options):
        self.algorithm = algorithm
        self.seed = seed
        self.options = options
        self.initial = maze.copy()
        self.maze = maze
        self._steps = algorithm.func(maze, random.Random(seed), **options)
        self._pending = array("i")
        self._per_step = 1  # events per step in the last chunk pulled
        self._chunk = 64    # the most steps the next chunk may pull
        self.done = False
        self.emitted = 0  # events handed out so far

    @classmethod
    def generate(cls, slug, width, height, seed=0, geometry="thin", shape=None, mask=None, **options):
        """Start generator ``slug`` on a ``width x height`` cell maze.

        ``shape``: "square" (default), "hex", "triangle" or "polar" (see ``pymaze.graph``);
        ``geometry``: the view of a square maze, "thin" or "block", or a shape's name (the
        same as ``shape=``).  ``mask``: a ``pymaze.masks.Mask`` switching cells off.
        """
        algo = registry.get("generator", slug)
        shape, geometry = shape_and_view(shape, geometry)
        if shape not in algo.shapes:
            raise GeometryError(f"{slug} makes {' and '.join(algo.shapes)} mazes, not {shape} ones")
        # The generators that take every shape walk the graph, so they take masks too.
        if mask is not None and set(algo.shapes) != set(SHAPES):
            takers = ", ".join(a.slug for a in registry.generators().values() if set(a.shapes) == set(SHAPES))
            raise GeometryError(f"{slug} fills the whole grid, so it takes no mask; masks work with {takers}")
        width, height = algo.check_size(width, height)
        opts = algo.validate(options)
        maze = Maze.shaped(shape, width, height, algo.initial, mask)
        maze.geometry = geometry
        return cls(algo, maze, check_seed(seed), opts)

    @classmethod
    def solve(cls, slug, maze, seed=0, **options):
        """Start solver ``slug`` on a copy of ``maze`` (marks and numbers cleared)."""
        algo = registry.get("solver", slug)
        if maze.shape not in algo.shapes:
            raise GeometryError(f"{slug} works on {' and '.join(algo.shapes)} mazes, not {maze.shape} ones")
        if maze.lattice is None and maze.geometry not in algo.geometries:
            raise GeometryError(f"{slug} works on {' and '.join(algo.geometries)} mazes, "
                                f"not {maze.geometry} ones")
        opts = algo.validate(options)
        work = maze.copy(layers=False)
        for what, p in (("start (S)", work.start), ("goal (G)", work.goal)):
            if not work.is_node(p):
                raise ParameterError(f"the maze has no {what} on an open "
                                     f"{'cell' if work.geometry == 'thin' else 'square'}")
        return cls(algo, work, check_seed(seed), opts)

    def next_batch(self, max_events=10000):
        """Up to ``max_events`` more events as a flat ``array('i')``; empty once the run is done."""
        want = max(1, int(max_events)) * 4
        buf = self._pending
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
        out = array("i")
        while True:
            b = self.next_batch(batch)
            if not b:
                return out
            out.extend(b)

    def finish(self):
        """Run to the end, discarding the events; returns the final maze."""
        while self.next_batch(100000):
            pass
        return self.maze
