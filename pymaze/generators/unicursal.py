import random as _random

from ..events import GOAL, MILESTONE, START
from ..maze import Maze
from ..registry import Param, generator, generators
from ._base import carve, open_cell

BASES = ("dig", "wilson", "kruskal", "prim", "hunt")


def half_maze(cw, ch, base, rng):
    """A perfect maze of cw x ch cells from generator ``base``, run silently: (open east, open south)."""
    algo = generators()[base]
    m = Maze.blank(cw, ch, algo.initial)
    for _ in algo.func(m, _random.Random(rng.getrandbits(32))):
        pass
    east = {(x, y) for y in range(ch) for x in range(cw - 1) if not m.wall[m.cell(x, y) + 1]}
    south = {(x, y) for y in range(ch - 1) for x in range(cw) if not m.wall[m.cell(x, y) + m.width]}
    return east, south


def tour(cw, ch, east, south):
    """The edges of the cycle round the walls of a cw x ch perfect maze drawn at double size."""
    edges = set()
    for y in range(ch):
        for x in range(cw):
            a, b, c, e = (2 * x, 2 * y), (2 * x + 1, 2 * y), (2 * x, 2 * y + 1), (2 * x + 1, 2 * y + 1)
            if not (y > 0 and (x, y - 1) in south):
                edges.add((a, b))
            if (x, y) not in south:
                edges.add((c, e))
            else:
                edges |= {(c, (2 * x, 2 * y + 2)), (e, (2 * x + 1, 2 * y + 2))}
            if not (x > 0 and (x - 1, y) in east):
                edges.add((a, c))
            if (x, y) not in east:
                edges.add((b, e))
            else:
                edges |= {(b, (2 * x + 2, 2 * y)), (e, (2 * x + 2, 2 * y + 1))}
    return edges


@generator("unicursal", "Unicursal labyrinth", order=190, perfect=True, max_cells=1_000_000, params=[
    Param("base", "choice", "dig", choices=BASES, help="the generator of the half-size perfect maze"),
])
def unicursal(maze, rng, base="dig"):
    """Unicursal labyrinth: one corridor through every cell, made by splitting a perfect maze's corridors.

    1. Make a perfect maze of half the width and half the height with
       ``base`` (silently).
    2. Draw it at double size with a wall down the middle of every
       corridor: each cell becomes 2 x 2 cells, and walking round the
       split walls is one closed corridor through all of them.
    3. An odd width or height leaves one column or row over: the corridor
       takes a detour through it beside each pair of cells along that side
       (with both odd, the corner cell ends the corridor).
    4. Cut the loop once, next to S, and open it cell by cell from S (a
       milestone per cell); G moves to the other end.

    Property: perfect (the maze is one path, a spanning tree without
    branches): no choices, every cell walked.  Source: Walter D. Pullen,
    "Think Labyrinth" (unicursal mazes: bisect every passage of a perfect
    maze of half the size).
    """
    cw, ch = maze.cells_w, maze.cells_h
    hw, hh = cw // 2, ch // 2
    if hw == 0 or hh == 0:        # one row or column: the corridor is the line itself
        order = [(x, y) for y in range(ch) for x in range(cw)]
    else:
        east, south = half_maze(hw, hh, base, rng)
        adj = {}
        for a, b in tour(hw, hh, east, south):
            adj.setdefault(a, []).append(b)
            adj.setdefault(b, []).append(a)
        if cw % 2:      # detour through the spare column beside each pair down the right side
            x = cw - 2
            for y in range(0, 2 * hh, 2):
                a, b = (x, y), (x, y + 1)
                adj[a].remove(b)
                adj[b].remove(a)
                adj[a].append((x + 1, y))
                adj[b].append((x + 1, y + 1))
                adj[(x + 1, y)] = [a, (x + 1, y + 1)]
                adj[(x + 1, y + 1)] = [(x + 1, y), b]
        if ch % 2:      # the same through the spare row along the bottom
            y = ch - 2
            for x in range(0, 2 * hw, 2):
                a, b = (x, y), (x + 1, y)
                adj[a].remove(b)
                adj[b].remove(a)
                adj[a].append((x, y + 1))
                adj[b].append((x + 1, y + 1))
                adj[(x, y + 1)] = [a, (x + 1, y + 1)]
                adj[(x + 1, y + 1)] = [(x, y + 1), b]
        if cw % 2 and ch % 2:
            first, end = (cw - 2, ch - 2), (cw - 1, ch - 1)   # cut the loop beside the corner cell
            prev, at = (cw - 1, ch - 2), first
        else:
            first, end = (0, 0), None
            prev, at = adj[(0, 0)][0], (0, 0)
        order = [at]
        while True:
            a, b = adj[at]
            at, prev = (b if a == prev else a), at
            if at == first:
                break
            order.append(at)
        if end is not None:
            order.append(end)
    cells = [maze.cell(x, y) for x, y in order]
    old, maze.start = maze.start, cells[0]
    yield (START, 0, old, cells[0]) + open_cell(maze, cells[0])
    for a, b in zip(cells, cells[1:]):
        yield carve(maze, (a + b) // 2, b)
    old = maze.goal
    maze.set_goal(cells[-1])
    yield (GOAL | MILESTONE, 0, old, cells[-1])
