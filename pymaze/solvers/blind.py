from ..events import MARK, MILESTONE, M_DEAD, M_FILLED
from ..registry import Param, solver
from ..graph import bfs_tree, links, path_to, route_blocks
from ._base import no_route, show_route


@solver("blind", "Blind alley filler / sealer", order=132, optimal=True, max_cells=1_000_000, params=[
    Param("method", "choice", "filler", choices=("filler", "sealer"),
          help="filler fills every blind alley; sealer only seals each one at its entrance"),
])
def blind(maze, rng, method="filler"):
    """Blind alley filler and sealer: find every part of the maze no route to G can use, and close it.

    1. A blind alley is a connected part of the maze that hangs off the
       rest at one point, or one that only loops back (a cul-de-sac): no
       simple route from S to G passes through it.  Find the nodes that
       some simple S-G route passes through (the blocks of the block-cut
       tree on the way from S to the goals); each connected region of the
       other nodes reachable from S is one blind alley.
    2. Filler: fill each blind alley, region by region, outwards from its
       entrance (a milestone per node).  Sealer: mark only the entrance
       node of each alley (red), sealing it off, one milestone per alley.
    3. The nodes left open are exactly those on some simple route; a
       breadth-first search among them gives the route shown.

    Property: works with loops (dead-end filling alone leaves cul-de-sacs
    standing); optimal, since every shortest route is simple and so stays
    open.  The sealer makes as many marks as there are alleys, the filler
    as many as there are blind nodes.  Source: Walter D. Pullen, "Think
    Labyrinth: Maze Algorithms" (blind alley filler and sealer); mazelib's
    BlindAlley; Hopcroft and Tarjan (1973) for the blocks.
    """
    nbrs = links(maze)
    mark = maze.mark
    blocks = route_blocks(maze, nbrs)
    if blocks is None:
        yield no_route(maze)
        return
    live = set().union(*(b for b, _, _ in blocks))
    live.discard(-2)
    reach, _ = bfs_tree(nbrs, maze.start)
    blind_nodes = set(reach) - live
    seen = set(live)
    for p in reach:
        if p in seen:
            continue
        entrance = [q for q in nbrs(p) if q in live]
        if not entrance:
            continue
        region, _ = bfs_tree(nbrs, p, allowed=blind_nodes)
        seen.update(region)
        if method == "sealer":
            mark[p] = M_DEAD
            yield (MARK | MILESTONE, p, 0, M_DEAD)
            continue
        for q in region:
            mark[q] = M_FILLED
            yield (MARK | MILESTONE, q, 0, M_FILLED)
    order, parent = bfs_tree(nbrs, maze.start, allowed=live)
    goals = set(maze.goals)
    goal = next(q for q in order if q in goals)
    yield from show_route(maze, path_to(parent, goal))
