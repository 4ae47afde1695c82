"""Jupyter's rich display: ``Maze``, ``Solution`` and ``Run`` show themselves as SVG (``_repr_svg_``).

The methods are attached to the three classes here, drawn by ``pymaze.svg.to_svg``, so that the
classes' own modules (lower layers) need not import the renderer; ``import pymaze`` imports this.
A Maze is drawn as it is (its numbers too, when a wave left some); a Solution as its maze with
the route; a Run as its maze at the run's current event: walls so far, numbers, and the route
once the solver has marked one.
"""

from .events import M_ROUTE
from .graph import passages
from .maze import Maze
from .run import Run
from .solution import Solution
from .svg import to_svg


def _numbered(maze):
    return any(maze.num[p] > 0 for p in maze.nodes())


def maze_svg(maze):
    """The maze as SVG: walls, S and G, and its numbers when it has any."""
    return to_svg(maze, numbers=_numbered(maze))


def solution_svg(solution):
    """The solved maze with the route (a Solution made by ``pymaze.solve`` knows its maze)."""
    if solution.maze is None:
        return None  # a Solution built by hand: nothing to draw on, so Jupyter shows its repr
    return to_svg(solution.maze, route=solution.squares)


def route_marks(maze):
    """The nodes marked as the route, in order along it from S (empty when S is not on it)."""
    marked = {p for p in maze.nodes() if maze.mark[p] == M_ROUTE}
    if maze.start not in marked:
        return []
    links = {}
    if maze.lattice is None and maze.geometry == "block":
        w = maze.width
        for p in marked:
            links[p] = [q for q in (p - 1, p + 1, p - w, p + w) if q in marked]
    else:
        for v, a, b in zip(*passages(maze)):
            if not maze.wall[v] and a in marked and b in marked:
                links.setdefault(a, []).append(b)
                links.setdefault(b, []).append(a)
    route, seen = [maze.start], {maze.start}
    while True:
        step = next((q for q in links.get(route[-1], ()) if q not in seen), None)
        if step is None:
            return route
        route.append(step)
        seen.add(step)


def run_svg(run):
    """The run's maze at its current event: walls so far, numbers, and the marked route."""
    maze = run.maze
    return to_svg(maze, route=route_marks(maze), numbers=_numbered(maze))


Maze._repr_svg_ = maze_svg
Solution._repr_svg_ = solution_svg
Run._repr_svg_ = run_svg
