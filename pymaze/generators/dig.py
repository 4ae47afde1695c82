from ..errors import GeometryError
from ..events import MILESTONE, WALL
from ..graph import SHAPES, moves, rule
from ..registry import Param, generator
from ._base import PERMS, add_loops, shuffled


@generator("dig", "Digging (recursive backtracker)", short="Digging", group="seed", order=30, perfect=True, shapes=SHAPES, params=[
    Param("mode", "choice", "backtrack", choices=("backtrack", "restart"),
          help="when stuck: back up along the path, or restart from a random open cell"),
    Param("bias", "float", 0.0, min=-1.0, max=1.0,
          help="> 0 prefers going straight on (long corridors), < 0 prefers turning (zig-zag)"),
    Param("loops", "float", 0.0, min=0.0, max=1.0,
          help="afterwards, open this fraction of the remaining walls (0 keeps the maze perfect)"),
])
def dig(maze, rng, mode="backtrack", bias=0.0, loops=0.0, watch=True):
    """Digging (穴掘り法), the recursive backtracker, with an explicit stack.

    1. Start with every square wall; open the start cell first.
    2. From the current cell, try its neighbours in random order.  If one
       is still closed, open the passage between and that cell, and
       continue from there.
    3. When no direction works, back up to the previous cell on the stack
       (mode "backtrack"), or continue from a random already-open cell that
       still has an unopened neighbour (mode "restart": more branches,
       shorter dead ends).
    4. Optionally open a fraction of the remaining walls (``loops``).

    ``bias`` weights the choice of direction: with probability ``bias`` the
    previous heading is tried first (straight corridors); with probability
    ``-bias`` it is tried last (winding).  Square mazes only.

    Property: a perfect maze (spanning tree) when ``loops`` is 0.  Long
    winding corridors and few dead ends (~10 %).  Not uniform.
    Source: the classic depth-first maze algorithm; see Jamis Buck,
    "Maze Generation: Recursive Backtracking".
    """
    wall = maze.wall
    fixed, tables, inside = moves(maze)
    may = rule(maze)    # a weave maze: may this passage open now?
    if bias and fixed is None:
        raise GeometryError("dig's bias (straight on or turning) needs a square maze; use bias=0 on "
                            f"{maze.shape} mazes")
    random = rng.random
    restart = mode == "restart"
    start = maze.start
    wall[start] = 0
    if watch:
        yield (WALL | MILESTONE, start, 1, 0)
    stack = [start]
    heading = [-1]     # the direction each cell on the stack was entered by (-1: none)
    opened = [start]   # mode "restart": the open cells that may still grow
    while stack:
        p = stack[-1]
        d = fixed or tables[p]
        order = PERMS[int(random() * 24)] if fixed else shuffled(len(d), random)
        if bias:
            order = _biased(order, heading[-1], bias, random)
        for k in order:                 # 2. the first closed neighbour: dig into it
            dv, dq = d[k]
            q = p + dq
            if inside[q] and wall[q] and (may is None or may.may_open(p, p + dv, q)):
                via = p + dv
                wall[via] = 0
                wall[q] = 0
                if restart:
                    opened.append(q)
                    stack[-1] = q
                    heading[-1] = k
                else:
                    stack.append(q)
                    heading.append(k)
                if watch:
                    yield (WALL, via, 1, 0, WALL | MILESTONE, q, 1, 0)
                break
        else:                           # 3. stuck: back up, or restart from an open cell
            stack.pop()
            heading.pop()
            if restart:
                c = _regrow(opened, fixed, tables, inside, wall, random, may)
                if c >= 0:
                    stack.append(c)
                    heading.append(-1)
    if loops:                           # 4.
        for step in add_loops(maze, rng, loops):
            if watch:
                yield step


def _biased(order, h, bias, random):
    """Step 2's order with the previous heading ``h`` first (with probability ``bias`` > 0) or
    last (with probability ``-bias``)."""
    if h >= 0:
        if bias > 0 and random() < bias:
            return [h] + [k for k in order if k != h]
        if bias < 0 and random() < -bias:
            return [k for k in order if k != h] + [h]
    return order


def _regrow(opened, fixed, tables, inside, wall, random, may=None):
    """Step 3, mode "restart": a random open cell that can still grow, or -1; the cells drawn
    that cannot are dropped from ``opened``."""
    while opened:
        i = int(random() * len(opened))
        c = opened[i]
        if any(inside[c + dq] and wall[c + dq] and (may is None or may.may_open(c, c + dv, c + dq))
               for dv, dq in fixed or tables[c]):
            return c
        opened[i] = opened[-1]
        opened.pop()
    return -1
