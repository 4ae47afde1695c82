"""The library's functions, as ``import pymaze`` offers them: generate, solve, lattice, metrics,
load_plugin (``pymaze`` re-exports each; the lab and the print sheets call them from here)."""

from .errors import ParameterError, SizeError, check_whole
from .masks import Mask
from .maze import MAX_SIZE, Maze
from .plugins import load_plugin as _load
from .run import Run, shape_and_view
from .solution import Solution
from .stats import metrics as _metrics


def generate(slug, width, height, seed=0, geometry="thin", shape=None, mask=None, depth=None, **options):
    """Run generator ``slug`` to the end on ``width x height`` cells; returns the maze (marks cleared).

    ``geometry="thin"`` / ``"block"`` are the two views of a square maze; ``shape`` (or
    ``geometry``) ``"hex"``, ``"triangle"``, ``"polar"``, ``"cylinder"``, ``"torus"``, ``"moebius"``,
    ``"upsilon"``, ``"levels"``, ``"weave"`` or ``"zeta"`` makes another shape (polar: ``width`` cells in the first ring,
    ``height`` rings; levels: ``depth`` levels of ``width x height``, stairs between them; see
    ``pymaze.graph``); ``mask`` (``pymaze.masks.Mask``) switches cells off.

    Every argument is checked first: an unknown slug raises UnknownAlgorithmError, a size outside 1..2000
    SizeError, a bad seed, option or mask ParameterError, an unknown geometry or shape GeometryError.
    """
    maze = Run.generate(slug, width, height, seed=seed, geometry=geometry, shape=shape, mask=mask,
                        depth=depth, **options).finish()
    result = maze.copy(layers=False)
    return result


def lattice(shape, width, height, mask=None, depth=None):
    """The networkx graph of every candidate passage of a ``shape`` maze of ``width x height``
    (levels: ``depth`` levels of them; nodes: cell indices, as in ``Maze.to_networkx``).  Needs networkx."""
    shape, _ = shape_and_view(shape, "thin")
    width, height = (check_whole(v, label, 1, MAX_SIZE, SizeError) for label, v in (("width", width), ("height", height)))
    if mask is not None and not isinstance(mask, Mask):
        raise ParameterError(f"mask must be a pymaze.masks.Mask or None; got {mask!r:.80}")
    return Maze.shaped(shape, width, height, "closed", mask, depth).to_networkx(candidates=True)


def solve(maze, slug="bfs", seed=0, **options):
    """Run solver ``slug`` on ``maze`` to the end; returns a ``Solution``: what its event-free twin
    reports (``Run.finish``) where it has one, else read from its events.

    ``maze`` must be a Maze with S and every goal on a node (ParameterError otherwise).
    ``waypoints=[node, ...]``: the route runs from S through each in order to a goal, each leg the
    solver's own search; ``best_order=True`` visits them in the cheapest order (up to 7 of them)."""
    return Solution.of_run(Run.solve(slug, maze, seed=seed, **options))[0]


def load_plugin(path, max_steps=None):
    """Load a .py file of your own algorithms (``pymaze.author`` or the raw ``pymaze.registry``
    decorators); returns ``{slug: Algorithm}``, usable by slug in generate, solve and Run.
    Anything wrong in the file raises ``pymaze.plugins.PluginError`` naming its file and line."""
    return _load(path, max_steps)


def metrics(maze, max_routes=100):
    """Dead ends, junctions, solution length, routes (counted up to ``max_routes``), perfect or not
    (see ``pymaze.stats``)."""
    return _metrics(maze, max_routes=max_routes)
