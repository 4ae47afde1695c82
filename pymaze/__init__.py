"""pymaze: mazes generated and solved as streams of step events.

    >>> import pymaze
    >>> maze = pymaze.generate("dig", 8, 5, seed=1)
    >>> pymaze.solve(maze, "bfs").found
    True

Everything heavier (the algorithm modules, formats, the CLI) loads on first use.
"""

from .errors import (GeometryError, MazeFormatError, ParameterError, PymazeError, SizeError,
                     UnknownAlgorithmError)
from .events import apply
from .maze import Maze
from .registry import catalogue
from .run import Run
from . import lab as _lab  # loaded now, so that the name pymaze.lab stays the function defined below

__version__ = "0.1.0"
# The registry tables are pymaze.registry.generators() / solvers(); the names pymaze.generators and
# pymaze.solvers belong to the subpackages that hold the algorithm modules.
__all__ = ["Maze", "Run", "apply", "generate", "solve", "catalogue", "lattice",
           "PymazeError", "UnknownAlgorithmError", "ParameterError", "SizeError",
           "GeometryError", "MazeFormatError", "metrics", "lab", "load_plugin"]


def generate(slug, width, height, seed=0, geometry="thin", shape=None, mask=None, **options):
    """Run generator ``slug`` to the end on ``width x height`` cells; returns the maze (marks cleared).

    ``geometry="thin"`` / ``"block"`` are the two views of a square maze; ``shape`` (or
    ``geometry``) ``"hex"``, ``"triangle"`` or ``"polar"`` makes another shape (polar: ``width``
    cells in the first ring, ``height`` rings); ``mask`` (``pymaze.masks.Mask``) switches cells off.

    Every argument is checked first: an unknown slug raises UnknownAlgorithmError, a size outside 1..2000
    SizeError, a bad seed, option or mask ParameterError, an unknown geometry or shape GeometryError.
    """
    maze = Run.generate(slug, width, height, seed=seed, geometry=geometry, shape=shape, mask=mask,
                        **options).finish()
    result = maze.copy(layers=False)
    return result


def lattice(shape, width, height, mask=None):
    """The networkx graph of every candidate passage of a ``shape`` maze of ``width x height``
    (nodes: cell indices, as in ``Maze.to_networkx``).  Needs networkx."""
    from .errors import check_whole
    from .masks import Mask
    from .registry import MAX_SIZE
    from .run import shape_and_view
    shape, _ = shape_and_view(shape, "thin")
    width, height = (check_whole(v, label, 1, MAX_SIZE, SizeError) for label, v in (("width", width), ("height", height)))
    if mask is not None and not isinstance(mask, Mask):
        raise ParameterError(f"mask must be a pymaze.masks.Mask or None; got {mask!r:.80}")
    return Maze.shaped(shape, width, height, "closed", mask).to_networkx(candidates=True)


def solve(maze, slug="bfs", seed=0, **options):
    """Run solver ``slug`` on ``maze`` to the end; returns a ``Solution``: what its event-free twin
    reports (``Run.finish``) where it has one, else read from its events.

    ``maze`` must be a Maze with S and every goal on a node (ParameterError otherwise)."""
    from .solution import Solution
    return Solution.of_run(Run.solve(slug, maze, seed=seed, **options))[0]


def load_plugin(path, max_steps=None):
    """Load a .py file of your own algorithms (``pymaze.author`` or the raw ``pymaze.registry``
    decorators); returns ``{slug: Algorithm}``, usable by slug in generate, solve and Run.
    Anything wrong in the file raises ``pymaze.plugins.PluginError`` naming its file and line."""
    from .plugins import load_plugin as _load
    return _load(path, max_steps)


def metrics(maze, max_routes=100):
    """Dead ends, junctions, solution length, routes (counted up to ``max_routes``), perfect or not
    (see ``pymaze.stats``)."""
    from .stats import metrics as _metrics
    return _metrics(maze, max_routes=max_routes)


def lab(generators, solvers=(), geometry="square", size=(20, 20), count=100, seed=0, executor=None,
        progress=None):
    """Measure ``count`` mazes of each generator (and optionally solve them): one record per maze
    (see ``pymaze.lab``); ``executor``: any ``concurrent.futures.Executor``."""
    return _lab.lab(generators, solvers, geometry=geometry, size=size, count=count, seed=seed,
                executor=executor, progress=progress)


lab.summary = _lab.summary  # pymaze.lab.summary(records): per algorithm, n, mean, sd, min, quartiles, max
