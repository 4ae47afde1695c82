from ..errors import GeometryError
from ..events import MILESTONE, WALL
from ..graph import SHAPES, moves
from ..registry import Param, generator
from ._base import PERMS, add_loops, shuffled


@generator("dig", "Digging (recursive backtracker)", group="seed", order=30, perfect=True, shapes=SHAPES, params=[
    Param("mode", "choice", "backtrack", choices=("backtrack", "restart"),
          help="when stuck: back up along the path, or restart from a random open cell"),
    Param("bias", "float", 0.0, min=-1.0, max=1.0,
          help="> 0 prefers going straight on (long corridors), < 0 prefers turning (zig-zag)"),
    Param("loops", "float", 0.0, min=0.0, max=1.0,
          help="afterwards, open this fraction of the remaining walls (0 keeps the maze perfect)"),
])
def dig(maze, rng, mode="backtrack", bias=0.0, loops=0.0):
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
    if bias and fixed is None:
        raise GeometryError("dig's bias (straight on or turning) needs a square maze; use bias=0 on "
                            f"{maze.shape} mazes")
    random = rng.random
    start = maze.start
    wall[start] = 0
    yield (WALL | MILESTONE, start, 1, 0)
    carved, opened_cell = WALL, WALL | MILESTONE
    stack = [start]
    heading = [-1]
    opened = [start]
    restart = mode == "restart"
    while stack:
        p = stack[-1]
        d = fixed or tables[p]
        order = PERMS[int(random() * 24)] if fixed else shuffled(len(d), random)
        if bias:
            h = heading[-1]
            if h >= 0:
                if bias > 0 and random() < bias:
                    order = [h] + [k for k in order if k != h]
                elif bias < 0 and random() < -bias:
                    order = [k for k in order if k != h] + [h]
        for k in order:
            dv, dq = d[k]
            q = p + dq
            if inside[q] and wall[q]:
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
                yield (carved, via, 1, 0, opened_cell, q, 1, 0)
                break
        else:
            if not restart:
                stack.pop()
                heading.pop()
                continue
            # Restart from a random open cell that can still grow; drop the ones that cannot.
            stack.pop()
            heading.pop()
            while opened:
                i = int(random() * len(opened))
                c = opened[i]
                if any(inside[c + dq] and wall[c + dq] for dv, dq in fixed or tables[c]):
                    stack.append(c)
                    heading.append(-1)
                    break
                opened[i] = opened[-1]
                opened.pop()
    if loops:
        yield from add_loops(maze, rng, loops)


def _instant(maze, rng, mode="backtrack", bias=0.0, loops=0.0):
    """Digging with nobody watching: the same random draws and the same final maze, no steps.

    The plain backtracker on a square maze; every other case (restart, bias, shapes) drains the
    steps of ``dig`` itself.  Loops are opened afterwards from the same generator either way."""
    wall = maze.wall
    fixed, _, inside = moves(maze)
    if fixed is None or mode != "backtrack" or bias:
        for _ in dig(maze, rng, mode, bias, 0.0):
            pass
    else:
        random = rng.random
        closed = bytearray(inside)  # cells still to dig: one test instead of inside and wall
        orders = [[fixed[k] for k in perm] for perm in PERMS]  # the moves in each of the 24 orders
        start = maze.start
        wall[start] = closed[start] = 0
        stack = [start]
        push, pop = stack.append, stack.pop
        while stack:
            p = stack[-1]
            for dv, dq in orders[int(random() * 24)]:
                q = p + dq
                if closed[q]:
                    wall[p + dv] = wall[q] = closed[q] = 0
                    push(q)
                    break
            else:
                pop()
    if loops:
        for _ in add_loops(maze, rng, loops):
            pass


dig.instant = _instant
