"""pymaze: mazes generated and solved as streams of step events.

    >>> import pymaze
    >>> maze = pymaze.generate("dig", 8, 5, seed=1)
    >>> pymaze.solve(maze, "bfs").found
    True

Everything heavier (the algorithm modules, formats, the CLI) loads on first use.
"""

from . import lab as _lab  # loaded now, so that the name pymaze.lab stays the function defined below
from . import notebook as _notebook  # noqa: F401 (Maze, Solution and Run display themselves as SVG)
from .api import generate, lattice, load_plugin, metrics, solve
from .errors import (GeometryError, MazeFormatError, ParameterError, PymazeError, SizeError,
                     UnknownAlgorithmError)
from .events import apply
from .maze import Maze
from .registry import catalogue
from .run import Run

__version__ = "0.1.0"
# The registry tables are pymaze.registry.generators() / solvers(); the names pymaze.generators and
# pymaze.solvers belong to the subpackages that hold the algorithm modules.
__all__ = ["Maze", "Run", "apply", "generate", "solve", "catalogue", "lattice",
           "PymazeError", "UnknownAlgorithmError", "ParameterError", "SizeError",
           "GeometryError", "MazeFormatError", "metrics", "lab", "load_plugin"]


def lab(generators, solvers=(), geometry="square", size=(20, 20), count=100, seed=0, executor=None,
        progress=None, depth=None):
    """Measure ``count`` mazes of each generator (and optionally solve them): one record per maze
    (see ``pymaze.lab``); ``executor``: any ``concurrent.futures.Executor``; ``depth``: the levels
    of a ``levels`` maze."""
    return _lab.lab(generators, solvers, geometry=geometry, size=size, count=count, seed=seed,
                executor=executor, progress=progress, depth=depth)


lab.summary = _lab.summary  # pymaze.lab.summary(records): per algorithm, n, mean, sd, min, quartiles, max
