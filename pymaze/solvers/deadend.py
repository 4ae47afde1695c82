from ..events import M_FILLED, Trace
from ..graph import links, steps
from ..registry import solver
from ._base import end, route_to_goal
from ._fill import FILLED, KINDS, dead_ends, fill, live_squares


@solver("deadend", "Dead-end filling", short="Dead-end filling", group="fill", order=120, optimal=True)
def deadend(maze, rng, watch=True):
    """Dead-end filling, taken past loops: what is left is every cell of every simple S-G route.

    1. Count each node's open neighbours.  Fill every node with at most one
       open neighbour that is neither S nor a goal, one step each, and
       re-examine its neighbour: the classic filler, which eats every dead
       end back to the nearest junction.
    2. The classic filler stops at loops.  Find the blocks (biconnected
       components) of S's part of the maze, with a virtual sink joined to
       every goal, and walk the block-cut tree from S to the sink: a node
       lies on some simple S-G route exactly when it lies in a block on
       that walk.  Fill every other node still open (dead loops hanging off
       a corridor, islands of loops, unreachable parts).
    3. What remains is exactly the union of the simple S-G routes (on a
       perfect maze: the route itself).  Show a shortest route through it
       (breadth-first inside what remains).

    Property: optimal route; the remaining set is exact on any maze.
    Source: dead-end filling (Pullen, "Think Labyrinth"); the block-cut tree
    from Hopcroft and Tarjan (1973), here without recursion.  Every pass is
    linear in the maze, over flat arrays indexed by square (no per-node
    objects), so a 2000 x 2000 maze stays within a few hundred megabytes.
    """
    mark, start = maze.mark, maze.start
    g, tables, side = steps(maze)
    trace = Trace(KINDS) if watch else None
    nodes, degree, keep, todo = dead_ends(maze)
    yield from fill(maze, degree, keep, todo, trace)
    live = _tree_left(maze, nodes, degree) or live_squares(maze)
    # Peel the rest from where it hangs on the live part, outwards; anything detached comes after.
    # todo[p]: 1 still to fill, 0 not (live, filled, or not a node).
    todo = bytearray(len(maze.wall))
    for p in nodes:
        if mark[p] != M_FILLED and not live[p] and not (live[start] == 0 and p in keep):
            todo[p] = 1
    seeds = [p for p in nodes if todo[p] and any(live[p + d2] for d, d2 in tables[side[p]] if not g[p + d])]
    for s in seeds + nodes:
        if not todo[s]:
            continue
        todo[s] = 0
        part = [s]
        for p in part:
            mark[p] = M_FILLED
            if watch:
                trace.add(FILLED, p)
            for d, d2 in tables[side[p]]:
                if not g[p + d] and todo[p + d2]:
                    todo[p + d2] = 0
                    part.append(p + d2)
        if watch and trace.full():
            yield trace.batch()
    # a shortest route inside what is live
    return (yield from end(maze, route_to_goal(maze, links(maze), live) if live[start] else None, watch, trace=trace))


def _tree_left(maze, nodes, degree):
    """What ``live_squares`` would say, found cheaply when the classic filler left one tree holding
    S and at least one more node (a perfect maze always does): every node left has two open sides
    or is S or a goal, so each lies on the tree's path from S to a goal.  None otherwise."""
    mark, start = maze.mark, maze.start
    g, tables, side = steps(maze)
    rest = [p for p in nodes if mark[p] != M_FILLED]
    if len(rest) < 2 or sum(degree[p] for p in rest) != 2 * (len(rest) - 1):
        return None
    live = bytearray(len(maze.wall))
    live[start] = 1
    reached = [start]
    for p in reached:
        for d, d2 in tables[side[p]]:
            q = p + d2
            if not g[p + d] and not live[q] and mark[q] != M_FILLED:
                live[q] = 1
                reached.append(q)
    return live if len(reached) == len(rest) else None


deadend.packed = True
