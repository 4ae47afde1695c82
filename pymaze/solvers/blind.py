from array import array

from ..events import MARK, MILESTONE, M_DEAD, M_FILLED
from ..registry import Param, solver
from ..graph import bfs_tree, links, path_to, route_blocks, steps
from ._base import no_route, quiet_no_route, quiet_route, show_route


@solver("blind", "Blind alley filler / sealer", group="fill", order=132, optimal=True, max_cells=1_000_000, params=[
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


def _instant(maze, rng, method="filler"):
    """The blind alley filler or sealer with nobody watching: the same live nodes, fills or seals
    and route, found with flat per-square arrays (``blind`` builds every step).  Returns
    ``(route, visited, notes)`` (see ``quiet_route``).

    The blocks on the block-cut tree path from S to a virtual sink joined to every goal are found
    without listing any block: one depth-first search (a stack of pushes, the last push of a node
    its tree parent) numbers the nodes in preorder; low points are gathered in reverse preorder; a
    node heads a block when its low point does not reach above its parent, and every other node
    belongs to its parent's block.  The live nodes are those whose block heads one of the blocks
    met on the tree path from the sink up to S (a simple S-sink route crosses exactly those
    blocks), and the parent of each such head."""
    g, pair_sets, side = steps(maze)
    fixed = pair_sets[0] if len(pair_sets) == 1 else None
    mark = maze.mark
    start, goals = maze.start, maze.goals
    n = len(maze.wall)
    sink = n
    # Breadth-first from S over the maze alone: the nodes reached in order and their parents.
    parent = array("i", b"\xff" * (4 * (n + 1)))
    parent[start] = start
    order = [start]
    push = order.append
    again = 0  # open sides leading to a node already reached: one per node but S on a tree
    for p in order:
        for d, d2 in fixed or pair_sets[side[p]]:
            if not g[p + d]:
                if parent[p + d2] < 0:
                    parent[p + d2] = p
                    push(p + d2)
                else:
                    again += 1
    targets = set(goals)
    goal = next((q for q in order if q in targets), None)
    if goal is None:
        return quiet_no_route(maze)
    live = bytearray(n + 1)
    if goal == start:
        live[start] = 1
    elif again == len(order) - 1:
        # A tree: its blocks are its edges, so the live nodes are those on the path from S to each goal.
        live[start] = 1
        for t in targets:
            while parent[t] >= 0 and not live[t]:
                live[t] = 1
                t = parent[t]
    else:
        is_goal = bytearray(n + 1)
        for t in goals:
            is_goal[t] = 1
        disc = array("i", bytes(4 * (n + 1)))  # preorder number from 1; 0: not reached
        up = array("i", b"\xff" * (4 * (n + 1)))
        up[start] = start
        pre = []
        stack = [start]
        pop, put, visit = stack.pop, stack.append, pre.append
        k = 0
        while stack:
            v = pop()
            if disc[v]:
                continue
            k += 1
            disc[v] = k
            visit(v)
            if v == sink:
                for t in goals:
                    if not disc[t]:
                        up[t] = v
                        put(t)
                continue
            for d, d2 in fixed or pair_sets[side[v]]:
                if not g[v + d] and not disc[v + d2]:
                    up[v + d2] = v
                    put(v + d2)
            if is_goal[v] and not disc[sink]:
                up[sink] = v
                put(sink)
        low = array("i", disc)
        for v in reversed(pre):
            lv, pv = low[v], up[v]
            if v == sink:
                for t in goals:
                    if t != pv and disc[t] < lv:
                        lv = disc[t]
            else:
                for d, d2 in fixed or pair_sets[side[v]]:
                    if not g[v + d]:
                        w = v + d2
                        if w != pv and disc[w] < lv:
                            lv = disc[w]
                if is_goal[v] and pv != sink and disc[sink] < lv:
                    lv = disc[sink]
            low[v] = lv
            if lv < low[pv]:
                low[pv] = lv
        head = array("i", b"\xff" * (4 * (n + 1)))
        for v in pre[1:]:
            pv = up[v]
            head[v] = v if low[v] >= disc[pv] else head[pv]
        heads = set()
        v = sink
        while v != start:
            heads.add(head[v])
            v = up[v]
        for v in pre[1:]:
            if head[v] in heads:
                live[v] = 1
        for v in heads:
            live[up[v]] = 1
    filled, dead = M_FILLED, M_DEAD
    if method == "sealer":
        # Each blind region is sealed at the first of its nodes in breadth-first order, its entrance.
        seen = bytearray(live)
        for p in order:
            if seen[p]:
                continue
            mark[p] = dead
            seen[p] = 1
            region = [p]
            for q in region:
                for d, d2 in fixed or pair_sets[side[q]]:
                    if not g[q + d] and not seen[q + d2]:
                        seen[q + d2] = 1
                        region.append(q + d2)
    else:
        for p in order:
            if not live[p]:
                mark[p] = filled
    return quiet_route(maze, path_to(parent, goal))


blind.instant = _instant
