"""Moves on open grids, shared by the grid finders: diagonal rules, step costs, distance estimates,
and the framed grid jump point search scans (a probe off the maze reads a wall).

A node's moves are its four orthogonal neighbours (cost 1) and, on block
grids when the diagonal rule allows it, its four diagonal ones (cost
sqrt 2, so route costs are octile distances).  A diagonal step from p to
q passes two *side* squares, the orthogonal neighbours p and q share; the
rule says how many of them may be wall:

never        no diagonal steps (four-connected grid)
no-corners   both side squares open (the step never cuts a corner)
one-blocked  at most one side square is wall
always       any diagonal step onto an open square

(PathFinding.js calls them Never, OnlyWhenNoObstacles, IfAtMostOneObstacle
and Always.)  Thin-wall mazes only step cell to cell through openings; hex,
triangle and polar mazes step to the cells their open passages join (cost 1
each), and their estimates come from ``pymaze.graph.heuristic``.
"""

from ..events import N_COST
from ..graph import DIAGONALS, heuristic as graph_estimate, steps
from ..registry import Param

SQRT2 = 2 ** 0.5
HEURISTICS = ("manhattan", "euclidean", "octile", "chebyshev", "zero")
# Orthogonal directions N, E, S, W; diagonal i (NE, SE, SW, NW) lies between orthogonal i and i + 1.
ORTHOGONAL = ((0, -1), (1, 0), (0, 1), (-1, 0))
DIAGONAL = ((1, -1), (1, 1), (-1, 1), (-1, -1))
EPS = 1e-9


def diagonal_param():
    return Param("diagonal", "choice", "never", choices=DIAGONALS,
                 help="diagonal steps (block view): never, no-corners (both side squares open), "
                      "one-blocked (at most one side square wall), always; a diagonal step costs sqrt 2")


def heuristic_param(default="manhattan"):
    return Param("heuristic", "choice", default, choices=HEURISTICS,
                 help="the estimate of the cost left: manhattan (exact lower bound without diagonals), "
                      "octile, euclidean or chebyshev (lower bounds with diagonals too), zero")


def weight_param():
    return Param("weight", "float", 1.0, min=1.0, max=10.0,
                 help="multiply the estimate; above 1 the search is faster but the route may be longer")


def allows(rule, side_a, side_b):
    """Whether ``rule`` allows a diagonal step whose side squares are open (True) or wall (False)."""
    if rule == "no-corners":
        return side_a and side_b
    if rule == "one-blocked":
        return side_a or side_b
    return rule == "always"


def check(maze, diagonal):
    """ParameterError unless ``diagonal`` is a rule ``maze`` takes (see ``pymaze.graph.steps``)."""
    if diagonal != "never" or diagonal not in DIAGONALS:
        steps(maze, diagonal)


def distance(name, dx, dy):
    """The estimate ``name`` for a displacement of ``dx``, ``dy`` nodes (absolute values)."""
    if name == "manhattan":
        return dx + dy
    if name == "euclidean":
        return (dx * dx + dy * dy) ** 0.5
    if name == "octile":
        return max(dx, dy) + (SQRT2 - 1) * min(dx, dy)
    if name == "chebyshev":
        return max(dx, dy)
    return 0


def estimate(maze, name, targets):
    """``h(p)``: the estimate ``name`` from node ``p`` to the nearest of ``targets``, in node steps.

    Other shapes: hex distance for manhattan, octile and chebyshev (exact on an open hex grid),
    the straight-line distance over the longest step for euclidean, and on triangle and polar
    mazes for every name but zero (see ``pymaze.graph.heuristic``)."""
    if name == "zero":
        return lambda p: 0
    if maze.lattice is not None:
        return graph_estimate(maze, "euclidean" if name == "euclidean" else "manhattan", targets)
    w, step = maze.width, maze.step()
    spots = [(t % w, t // w) for t in targets]
    if len(spots) == 1:  # one target: no minimum to take (the usual case, and the fastest)
        (tx, ty), = spots
        if name == "manhattan":
            return lambda p: abs(p % w - tx) // step + abs(p // w - ty) // step
        return lambda p: distance(name, abs(p % w - tx) // step, abs(p // w - ty) // step)

    def h(p):
        x, y = p % w, p // w
        return min(distance(name, abs(x - tx) // step, abs(y - ty) // step) for tx, ty in spots)
    return h


def step_cost(maze, p, q):
    """The cost of one step between neighbouring nodes: 1 orthogonal, sqrt 2 diagonal (other shapes: 1)."""
    if maze.lattice is not None:
        return 1
    w = maze.width
    return SQRT2 if (p % w != q % w and p // w != q // w) else 1


def entering(maze):
    """Each node's cost of being entered: the maze's terrain (``maze.weight``), or 1 everywhere."""
    return maze.weight if maze.weight is not None else b"\x01" * len(maze.wall)


def route_cost(maze, path):
    """What walking ``path`` costs: each step's length (1, or sqrt 2 diagonally) times the terrain
    cost of the node it enters."""
    if maze.weight is None:
        return sum(step_cost(maze, a, b) for a, b in zip(path, path[1:]))
    weight = maze.weight
    return sum(step_cost(maze, a, b) * weight[b] for a, b in zip(path, path[1:]))


def cost_note(maze, path, diagonal):
    """The COST note ``finish`` ends with, as ``(code, value, index)``: one with diagonals or
    terrain costs (what the route paid, whether or not the search read them), none without (nor
    without a route)."""
    if not path or diagonal == "never" and maze.weight is None:
        return ()
    return ((N_COST, round(1000 * route_cost(maze, path)), path[-1]),)


def sign(v):
    """-1, 0 or 1: the direction of a step of ``v``."""
    return (v > 0) - (v < 0)


def framed(maze):
    """``(W, G)``: a block maze's walls on a grid one column wider (a wall column at the right,
    which is also the one left of the next row), followed by W + 1 wall squares (below the bottom
    row, and above the top one as negative indices wrap): a probe one step off any square reads a
    wall off the grid.  Square p of the maze is P = p + p // w on it."""
    w, h = maze.width, maze.height
    W = w + 1
    G = bytearray(b"\x01" * (h * W + W + 1))
    for y in range(h):
        G[y * W:y * W + w] = maze.wall[y * w:(y + 1) * w]
    return W, G


def filled_in(W, points):
    """Squares of a framed grid ``W`` wide joined square by square, each pair on one straight or
    diagonal line (jump points filled in to a route)."""
    path = [points[0]]
    for a, b in zip(points, points[1:]):
        d = sign(b % W - a % W) + sign(b // W - a // W) * W
        path += range(a + d, b + d, d)
    return path
