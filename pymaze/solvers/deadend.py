from ..events import MARK, MILESTONE, M_FILLED
from ..graph import SINK, bfs_tree, links, path_to, route_blocks
from ..registry import solver
from ._base import dead_end_fill, no_route, show_route


@solver("deadend", "Dead-end filling", order=120, optimal=True)
def deadend(maze, rng):
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
    from Hopcroft and Tarjan (1973), here without recursion.
    """
    nbrs = links(maze)
    mark = maze.mark
    start, goals = maze.start, set(maze.goals)
    nodes, _, keep, filling = dead_end_fill(maze, nbrs)
    yield from filling
    blocks = route_blocks(maze, nbrs)
    live = set()
    for block, _, _ in blocks or ():
        live |= block
    live.discard(SINK)
    # Peel the rest from where it hangs on the live part, outwards; anything detached comes after.
    rest = [p for p in nodes if mark[p] != M_FILLED and p not in live]
    if rest:
        todo = set(rest)
        seeds = [p for p in rest if any(q in live for q in nbrs(p))]
        for s in seeds + rest:
            if s not in todo:
                continue
            part, _ = bfs_tree(nbrs, s, todo)
            todo.difference_update(part)
            for p in part:
                if blocks is None and p in keep:
                    continue
                mark[p] = M_FILLED
                yield (MARK | MILESTONE, p, 0, M_FILLED)
    if blocks is None:
        yield no_route(maze)
        return
    order, parent = bfs_tree(nbrs, start, live)
    goal = next(p for p in order if p in goals)
    yield from show_route(maze, path_to(parent, goal))
