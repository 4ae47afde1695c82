from array import array

from ..events import CHUNK, MARK, MILESTONE, M_CURRENT, M_VISITED, N_FOUND, N_GAVE_UP, N_NO_ROUTE, NOTE, pack
from ..graph import bfs_tree, links, steps
from ..registry import Param, solver
from ._base import LoopErasedPath, drained, no_route, quiet_route, show_route
from ._packed import nothing, route
from ._walk import MOVES, cut, goal_flags

MAX_CAP = 5_000_000  # about 25 s and 400 MB in CPython at 2000 x 2000 cells (docs/BENCHMARKS.md)


@solver("random-mouse", "Random mouse", group="walker", order=100, optimal=False, params=[
    Param("cap", "int", 1_000_000, min=1, max=MAX_CAP,
          help=f"moves allowed before giving up (at most {MAX_CAP:,}: every move is two events kept, "
               "so this bounds a run to about half a minute and well under 1.5 GB)"),
    Param("back", "bool", False, help="allow turning straight back anywhere, not only at dead ends"),
])
def random_mouse(maze, rng, cap=1_000_000, back=False):
    """Random mouse: wander at random until a goal turns up, or give up after a number of moves.

    1. If no goal can be reached from S at all, say so at once (the mouse
       itself would wander until the cap).
    2. At each node pick one of the open directions at random; unless
       ``back`` is set, never the way just come, except at a dead end.
    3. Keep the walk loop-erased: stepping onto a node already on the
       remembered path cuts the loop off the path.
    4. On reaching a goal, show the loop-erased walk as the route.  After
       ``cap`` moves without one, stop and note that the mouse gave up.

    Property: finds a route with probability 1 given no cap, very slowly;
    not optimal.  Source: the "random mouse" in Walter D. Pullen, "Think
    Labyrinth: Maze Algorithms".
    """
    ending = yield from _wander(maze, rng, cap, back, True)
    if ending[0] == N_FOUND:
        yield route(maze, ending[1])
    elif ending[0] == N_GAVE_UP:
        yield array("i", (NOTE | MILESTONE, ending[1], N_GAVE_UP, cap))
    else:
        yield nothing(maze)


def _steps(maze, rng, cap=1_000_000, back=False):
    """The walk a step (a tuple of events) at a time: what ``random_mouse`` packs, in order."""
    nbrs = links(maze)
    mark = maze.mark
    start, goals = maze.start, set(maze.goals)
    mark[start] = M_CURRENT
    yield (MARK | MILESTONE, start, 0, M_CURRENT)
    order, _ = bfs_tree(nbrs, start)
    if not goals.intersection(order):
        yield no_route(maze)
        return
    path = LoopErasedPath(start)
    here, came = start, None
    for _ in range(cap):
        if here in goals:
            break
        options = nbrs(here)
        if not back and len(options) > 1 and came is not None:
            options = [q for q in options if q != came]
        came, here = here, rng.choice(options)
        path.add(here)
        yield (MARK, came, M_CURRENT, M_VISITED, MARK | MILESTONE, here, mark[here], M_CURRENT)
        mark[came], mark[here] = M_VISITED, M_CURRENT
    if here not in goals:
        yield (NOTE | MILESTONE, here, N_GAVE_UP, cap)
        return
    yield from show_route(maze, path.nodes)


def _wander(maze, rng, cap, back, watch):
    """The walk over flat per-square arrays (the same draws as the steps'), with its final marks,
    and when ``watch`` is set its events packed a chunk at a time (see ``_walk.MOVES``).  Returns
    how it ended: ``(N_FOUND, route)`` (not yet marked), ``(N_GAVE_UP, node, it had been left
    before)`` or ``(N_NO_ROUTE,)``."""
    mark = maze.mark
    g, tables, side = steps(maze)
    fixed = tables[0] if len(tables) == 1 else None   # a thin maze: one direction set for every cell
    n = len(maze.wall)
    start = maze.start
    goal = goal_flags(maze)
    mark[start] = M_CURRENT
    if watch:
        yield array("i", (MARK | MILESTONE, start, 0, M_CURRENT))
    reached = bytearray(n)
    reached[start] = 1
    order = [start]
    for p in order:
        for d, d2 in tables[side[p]]:
            if not g[p + d] and not reached[p + d2]:
                reached[p + d2] = 1
                order.append(p + d2)
    if not any(reached[q] for q in maze.goals):
        return (N_NO_ROUTE,)
    at = array("i", [-1]) * n       # the loop-erased walk: each node's place in ``nodes``
    nodes = [start]
    at[start] = 0
    choice = rng.choice
    visited, current = M_VISITED, M_CURRENT
    kind, index = bytearray(), []
    here, came, was = start, -1, 0
    for _ in range(cap):
        if goal[here]:
            break
        options = [here + d2 for d, d2 in fixed or tables[side[here]] if not g[here + d]]
        if not back and came >= 0 and len(options) > 1:
            options.remove(came)
        came, here = here, choice(options)
        mark[came] = visited
        was = mark[here]
        mark[here] = current
        if watch:
            kind.append(was)
            index.append(came)
            index.append(here)
            if len(kind) >= CHUNK:
                yield pack(MOVES, kind, index)
                kind, index = bytearray(), []
        i = at[here]
        if i < 0:
            at[here] = len(nodes)
            nodes.append(here)
        else:
            cut(at, nodes, i)
    if kind:
        yield pack(MOVES, kind, index)
    return (N_FOUND, nodes) if goal[here] else (N_GAVE_UP, here, was == visited)


def _instant(maze, rng, cap=1_000_000, back=False):
    """The random mouse with nobody watching: the same walk (the same draws), final marks and
    notes; returns ``(route, visited, notes)`` (see ``Run.finish``)."""
    ending = drained(_wander(maze, rng, cap, back, False))
    if ending[0] == N_FOUND:
        return quiet_route(maze, ending[1])
    if ending[0] == N_GAVE_UP:
        return [], maze.mark.count(M_VISITED) + ending[2], [(N_GAVE_UP, cap, ending[1])]
    return [], 0, [(N_NO_ROUTE, 0, maze.goal)]


random_mouse.packed = True
random_mouse.instant = _instant
