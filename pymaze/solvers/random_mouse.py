from ..events import M_CURRENT, M_VISITED, N_GAVE_UP, Trace
from ..graph import links, steps
from ..registry import Param, solver
from ._base import LoopErasedPath, end, route_to_goal
from ._walk import ARRIVE, LEAVE, MOVES, goal_flags, stop

MAX_CAP = 5_000_000  # about 25 s and 400 MB in CPython at 2000 x 2000 cells (docs/BENCHMARKS.md)


@solver("random-mouse", "Random mouse", short="Random mouse", group="walker", order=100, optimal=False, params=[
    Param("cap", "int", 1_000_000, min=1, max=MAX_CAP,
          help=f"moves allowed before giving up (at most {MAX_CAP:,}: every move is two events kept, "
               "so this bounds a run to about half a minute and well under 1.5 GB)"),
    Param("back", "bool", False, help="allow turning straight back anywhere, not only at dead ends"),
])
def random_mouse(maze, rng, cap=1_000_000, back=False, watch=True):
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
    g, tables, side = steps(maze)
    mark, goal, choice = maze.mark, goal_flags(maze), rng.choice
    trace = Trace(MOVES) if watch else None
    start = maze.start
    if watch:
        trace.add(ARRIVE + mark[start], start)
    mark[start] = M_CURRENT
    if route_to_goal(maze, links(maze)) is None:
        return (yield from end(maze, None, watch, trace=trace))
    walk = LoopErasedPath(start)
    here, came, was = start, -1, 0     # ``was``: the mouse's node's mark before it came
    for _ in range(cap):
        if goal[here]:
            break
        options = [here + d2 for d, d2 in tables[side[here]] if not g[here + d]]
        if not back and came >= 0 and len(options) > 1:
            options.remove(came)
        came, here = here, choice(options)
        was = mark[here]
        if watch:
            trace.add(LEAVE, came)
            trace.add(ARRIVE + was, here)
            if trace.full():
                yield trace.batch()
        mark[came], mark[here] = M_VISITED, M_CURRENT
        walk.add(here)
    if not goal[here]:
        return (yield from stop(maze, trace, here, N_GAVE_UP, cap, was == M_VISITED))
    return (yield from end(maze, walk.nodes, watch, trace=trace))


random_mouse.packed = True
