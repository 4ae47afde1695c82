from array import array

from ..events import MARK, MILESTONE, M_FILLED
from ..registry import solver
from ..graph import links, steps
from ._base import dead_end_fill, no_route, route_to_goal, show_route


@solver("deadend", "Dead-end filling", group="fill", order=120, optimal=True)
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
    from Hopcroft and Tarjan (1973), here without recursion.  Every pass is
    linear in the maze, over flat arrays indexed by square (no per-node
    objects), so a 2000 x 2000 maze stays within a few hundred megabytes.
    """
    nbrs = links(maze)
    mark = maze.mark
    start = maze.start
    nodes, degree, keep, filling = dead_end_fill(maze)
    yield from filling
    live = _tree_left(maze, nodes, degree, nbrs) or live_squares(maze)
    # Peel the rest from where it hangs on the live part, outwards; anything detached comes after.
    # todo[p]: 1 still to fill, 0 not (live, filled, or not a node).
    todo = bytearray(len(maze.wall))
    for p in nodes:
        if mark[p] != M_FILLED and not live[p] and not (live[start] == 0 and p in keep):
            todo[p] = 1
    if any(todo):
        seeds = [p for p in nodes if todo[p] and any(live[q] for q in nbrs(p))]
        for s in seeds + nodes:
            if not todo[s]:
                continue
            todo[s] = 0
            part = [s]
            for p in part:
                mark[p] = M_FILLED
                yield (MARK | MILESTONE, p, 0, M_FILLED)
                for q in nbrs(p):
                    if todo[q]:
                        todo[q] = 0
                        part.append(q)
    if not live[start]:
        yield no_route(maze)
        return
    yield from show_route(maze, route_to_goal(maze, nbrs, live))  # a shortest route inside what is live


def _tree_left(maze, nodes, degree, nbrs):
    """What ``live_squares`` would say, found cheaply when the classic filler left one tree holding
    S and at least one more node (a perfect maze always does): every node left has two open sides
    or is S or a goal, so each lies on the tree's path from S to a goal.  None otherwise."""
    mark, start = maze.mark, maze.start
    rest = [p for p in nodes if mark[p] != M_FILLED]
    if len(rest) < 2 or sum(degree[p] for p in rest) != 2 * (len(rest) - 1):
        return None
    live = bytearray(len(maze.wall))
    live[start] = 1
    reached = [start]
    for p in reached:
        for q in nbrs(p):
            if not live[q] and mark[q] != M_FILLED:
                live[q] = 1
                reached.append(q)
    return live if len(reached) == len(rest) else None


def live_squares(maze):
    """A bytearray over the squares: 1 on every node of some simple S-G route, 0 elsewhere (all 0: no route).

    A virtual sink is joined to every goal.  One depth-first search from S
    (explicit stack, a per-square cursor into the neighbour list) numbers the
    nodes and computes low points; when a child ``v`` of ``p`` finishes with
    ``low[v] >= disc[p]``, the nodes still on the node stack down to ``v`` and
    ``p`` form a block, and each of them but ``p`` records that block as the
    block of its tree edge to its parent.  The blocks on the block-cut tree
    path from S to the sink are exactly the blocks of the tree edges on the
    DFS tree path from S to the sink (a simple path meets the blocks of that
    path, in order, and no others), and every node of such a block other
    than its top (itself on the tree path) records that block.  Linear time;
    five flat arrays of the maze's size.
    """
    n = len(maze.wall)
    sink = n
    g, pair_sets, side = steps(maze)
    start = maze.start
    goal_list = list(dict.fromkeys(maze.goals))
    is_goal = bytearray(n + 1)
    for p in goal_list:
        is_goal[p] = 1
    disc = array("i", b"\xff" * (4 * (n + 1)))
    low = array("i", bytes(4 * (n + 1)))
    up = array("i", b"\xff" * (4 * (n + 1)))
    block = array("i", b"\xff" * (4 * (n + 1)))
    cursor = array("i", bytes(4 * (n + 1)))  # how far each node's neighbour list has been read
    live = bytearray(n)
    if start in goal_list:
        live[start] = 1
        return live
    disc[start] = low[start] = 0
    count, blocks = 1, 0
    stack, nodes = [start], [start]
    while stack:
        v = stack[-1]
        k = cursor[v]
        u = -1
        if v == sink:
            if k < len(goal_list):
                u = goal_list[k]
                cursor[v] = k + 1
        else:
            dirs = pair_sets[side[v]]
            while k < len(dirs):
                d, d2 = dirs[k]
                k += 1
                if not g[v + d]:
                    u = v + d2
                    break
            else:
                if k == len(dirs) and is_goal[v]:
                    u, k = sink, k + 1
            cursor[v] = k
        if u >= 0:
            if disc[u] < 0:
                disc[u] = low[u] = count
                count += 1
                up[u] = v
                stack.append(u)
                nodes.append(u)
            elif u != up[v] and disc[u] < low[v]:
                low[v] = disc[u]
            continue
        stack.pop()
        p = up[v]
        if p < 0:
            continue
        if low[v] < low[p]:
            low[p] = low[v]
        if low[v] >= disc[p]:
            while True:
                x = nodes.pop()
                block[x] = blocks
                if x == v:
                    break
            blocks += 1
    if disc[sink] < 0:
        return live
    on_path = bytearray(blocks)
    x = sink
    while x != start:
        on_path[block[x]] = 1
        x = up[x]
    live[start] = 1
    for p in range(n):
        if block[p] >= 0 and on_path[block[p]]:
            live[p] = 1
    return live
