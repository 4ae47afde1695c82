"""What the filling solvers share (dead-end filling, cul-de-sac filling, the blind alley filler):
filling dead ends outwards, and the squares that lie on some simple route from S to a goal."""

from array import array

from ..events import MARK, MILESTONE, M_FILLED, Kinds
from ..graph import steps

FILLED = 0  # the one event of a filler, as a kind of packed event (see events.Trace): a node filled
KINDS = Kinds((MARK | MILESTONE, 0, M_FILLED))


def dead_ends(maze):
    """The classic filler's start: ``(nodes, degree, keep, todo)``: every node, its open sides
    (per square), S and the goals (never filled), and the nodes with at most one open side but those."""
    nodes = maze.nodes()
    g, tables, side = steps(maze)
    degree = array("b", bytes(len(maze.wall)))
    for p in nodes:
        degree[p] = sum(1 for d, _ in tables[side[p]] if not g[p + d])
    keep = set(maze.goals) | {maze.start}
    return nodes, degree, keep, [p for p in nodes if degree[p] <= 1 and p not in keep]


def fill(maze, degree, keep, todo, trace):
    """Fill every node of ``todo``, then each neighbour left with at most one open side, outwards,
    one milestone each (to ``trace``, handed out when full, when there is one).  ``degree`` is kept
    up to date; nodes in ``keep`` are never filled."""
    mark = maze.mark
    g, tables, side = steps(maze)
    queue = list(todo)
    for p in queue:
        if mark[p] == M_FILLED:
            continue
        mark[p] = M_FILLED
        if trace is not None:
            trace.add(FILLED, p)
            if trace.full():
                yield trace.batch()
        for d, d2 in tables[side[p]]:
            q = p + d2
            if not g[p + d] and mark[q] != M_FILLED:
                degree[q] -= 1
                if degree[q] <= 1 and q not in keep:
                    queue.append(q)


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
