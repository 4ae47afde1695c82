"""Helpers shared by the solvers: fast neighbour functions, the route walk, and the closing notes."""

from array import array

from ..events import MARK, MILESTONE, M_FILLED, M_ROUTE, N_FOUND, N_NO_ROUTE, NOTE

UNSEEN = -1


def steps(maze):
    """The fastest neighbour loop: ``(g, pair_sets, side)``.

    For node ``p``: ``for d, d2 in pair_sets[side[p]]: if not g[p + d]: q = p + d2``
    visits every node one move away.  Thin mazes step two squares through an
    opening and never touch the border.  Block mazes step one square; ``g`` is
    padded so that stepping off the top or bottom reads wall (a negative index
    wraps into the padding), and ``side[p]`` selects a direction set without
    west (left column), east (right column) or both, so no move wraps a row.
    """
    w = maze.width
    dirs = (-w, 1, w, -1)
    side = bytearray(len(maze.wall))
    if maze.geometry == "thin":
        pairs = tuple((d, 2 * d) for d in dirs)
        return maze.wall, (pairs,), side
    g = maze.wall + b"\x01" * (w + 1)
    side[0::w] = b"\x01" * maze.height
    for y in range(maze.height):
        side[y * w + w - 1] |= 2
    # Direction order N, E, S, W: drop W (index 3) on the left column, E (index 1) on the right.
    pair_sets = tuple(tuple((d, d) for i, d in enumerate(dirs) if not (k & 1 and i == 3 or k & 2 and i == 1))
                      for k in range(4))
    return g, pair_sets, side


def links(maze):
    """A function ``p -> [q, ...]``: the nodes one move from node ``p``, in N, E, S, W order."""
    g, pair_sets, side = steps(maze)

    def nbrs(p):
        return [p + d2 for d, d2 in pair_sets[side[p]] if not g[p + d]]
    return nbrs


def parents(maze):
    """A per-square ``array('i')`` filled with UNSEEN: the parent table of a search."""
    return array("i", b"\xff" * (4 * len(maze.wall)))


def walk_back(parent, goal):
    """The node path from the search root to ``goal``, following ``parent`` (root's parent is itself)."""
    path = [goal]
    p = goal
    while parent[p] != p:
        p = parent[p]
        path.append(p)
    path.reverse()
    return path


def show_route(maze, path, mark=M_ROUTE, note=True):
    """Mark the route node by node from its first to its last, then note FOUND with its length.

    Thin mazes mark cells only (the openings between them have no area in the thin view).
    """
    m = maze.mark
    for s in path:
        old = m[s]
        m[s] = mark
        yield (MARK | MILESTONE, s, old, mark)
    if note:
        yield found(path[-1], len(path) - 1)


def fill_dead_ends(maze, nbrs, degree, keep, todo):
    """Fill every node of ``todo``, then each neighbour left with at most one open side, outwards.

    ``degree`` (open sides, indexed by square) is kept up to date; nodes in ``keep`` (S and the goals) are
    never queued.  One milestone step per filled node.
    """
    mark = maze.mark
    queue = list(todo)
    for p in queue:
        if mark[p] == M_FILLED:
            continue
        mark[p] = M_FILLED
        yield (MARK | MILESTONE, p, 0, M_FILLED)
        for q in nbrs(p):
            if mark[q] != M_FILLED:
                degree[q] -= 1
                if degree[q] <= 1 and q not in keep:
                    queue.append(q)


def dead_end_fill(maze, nbrs):
    """Start a dead-end fill: ``(nodes, degree, keep, steps)``.  ``keep`` is S and the goals (never
    filled); ``steps`` fills every other node with at most one open side, and then what that leaves
    dead, outwards (see ``fill_dead_ends``, which later fills can call with the same degree and keep)."""
    nodes = maze.nodes()
    degree = array("b", bytes(len(maze.wall)))  # per square, so a big maze needs no dict of every node
    for p in nodes:
        degree[p] = len(nbrs(p))
    keep = set(maze.goals) | {maze.start}
    todo = [p for p in nodes if degree[p] <= 1 and p not in keep]
    return nodes, degree, keep, fill_dead_ends(maze, nbrs, degree, keep, todo)


def route_to_goal(maze, nbrs, allowed=None):
    """A shortest route from S to the nearest goal, breadth-first over a flat parent table, stepping only
    on squares set in ``allowed`` (a per-square bytearray) when given; None when no goal is reached."""
    start, goals = maze.start, set(maze.goals)
    parent = parents(maze)
    parent[start] = start
    order = [start]
    for p in order:
        if p in goals:
            return walk_back(parent, p)
        for q in nbrs(p):
            if parent[q] == UNSEEN and (allowed is None or allowed[q]):
                parent[q] = p
                order.append(q)
    return None


def found(goal, moves):
    return (NOTE | MILESTONE, goal, N_FOUND, moves)


def no_route(maze):
    return (NOTE | MILESTONE, maze.goal, N_NO_ROUTE, 0)


def heuristic(maze, name):
    """A distance estimate ``h(p)`` to the nearest goal, in moves of this maze's geometry."""
    w, step = maze.width, maze.step()
    goals = [(g % w, g // w) for g in maze.goals]

    def coords(p):
        return p % w, p // w

    if name == "zero":
        return lambda p: 0
    if name == "manhattan":
        def h(p):
            x, y = coords(p)
            return min(abs(x - gx) + abs(y - gy) for gx, gy in goals) // step
    elif name == "euclidean":
        def h(p):
            x, y = coords(p)
            return min(((x - gx) ** 2 + (y - gy) ** 2) ** 0.5 for gx, gy in goals) / step
    elif name == "octile":
        def h(p):
            x, y = coords(p)
            best = None
            for gx, gy in goals:
                dx, dy = abs(x - gx), abs(y - gy)
                v = (max(dx, dy) + (2 ** 0.5 - 1) * min(dx, dy)) / step
                best = v if best is None or v < best else best
            return best
    else:
        raise ValueError(name)
    return h


def bfs_tree(nbrs, source, allowed=None):
    """Breadth-first from ``source``: ``(order, parent)``, nodes in visiting order and a parent dict.

    With ``allowed`` (a set), the search stays inside it.
    """
    parent = {source: source}
    order = [source]
    for p in order:
        for q in nbrs(p):
            if q not in parent and (allowed is None or q in allowed):
                parent[q] = p
                order.append(q)
    return order, parent


class LoopErasedPath:
    """A walk with each loop erased as it closes: ``nodes`` from the first to the current one, each once."""

    def __init__(self, start):
        self.nodes, self.at = [start], {start: 0}

    def add(self, p):
        """Walk on to ``p``; back on a node already on the path, the loop since that node is cut off."""
        i = self.at.get(p)
        if i is None:
            self.at[p] = len(self.nodes)
            self.nodes.append(p)
            return
        for q in self.nodes[i + 1:]:
            del self.at[q]
        del self.nodes[i + 1:]


def dict_path(parent, node):
    """The path from the root of a ``parent`` dict (root maps to itself) to ``node``."""
    path = [node]
    while parent[node] != node:
        node = parent[node]
        path.append(node)
    path.reverse()
    return path


def biconnected(root, nbrs):
    """The blocks (biconnected components, as vertex sets) of ``root``'s component, without recursion.

    Hopcroft-Tarjan depth-first search with an explicit stack of
    ``(vertex, parent, neighbour iterator)`` frames and a stack of tree and
    back edges; a block is popped when a child's low point does not reach
    above its parent.  An isolated vertex has no block.
    """
    disc, low = {root: 0}, {root: 0}
    frames = [(root, None, iter(nbrs(root)))]
    edges, blocks = [], []
    while frames:
        v, up, it = frames[-1]
        for u in it:
            if u not in disc:
                disc[u] = low[u] = len(disc)
                edges.append((v, u))
                frames.append((u, v, iter(nbrs(u))))
                break
            if u != up and disc[u] < disc[v]:
                edges.append((v, u))
                if disc[u] < low[v]:
                    low[v] = disc[u]
        else:
            frames.pop()
            if up is not None:
                if low[v] < low[up]:
                    low[up] = low[v]
                if low[v] >= disc[up]:
                    block = set()
                    while True:
                        e = edges.pop()
                        block.update(e)
                        if e == (up, v):
                            break
                    blocks.append(block)
    return blocks


SINK = -2  # a virtual node joined to every goal, so "reach any goal" is "reach one node"


def route_blocks(maze, nbrs):
    """The blocks on the block-cut tree path from S to the goals, in order, or None when no goal is reachable.

    The graph gets a virtual sink joined to every goal.  In the tree whose
    nodes are the blocks and the vertices (each vertex joined to the blocks
    holding it), the S-sink path crosses exactly the blocks that some simple
    S-G route passes through; a vertex lies on some simple S-G route iff it
    lies in one of them.  Returns ``[(block, entry, exit), ...]``; the last
    block's exit is ``SINK``, which the last block holds.
    """
    goals = set(maze.goals)
    start = maze.start
    if start in goals:
        return [({start}, start, start)]

    def joined(p):
        if p == SINK:
            return list(maze.goals)
        out = nbrs(p)
        return out + [SINK] if p in goals else out

    blocks = biconnected(start, joined)
    holding = {}
    for i, b in enumerate(blocks):
        for v in b:
            holding.setdefault(v, []).append(i)
    if SINK not in holding:
        return None
    # Tree nodes: ("v", vertex) and ("b", block number); BFS from S to the sink.
    root, target = ("v", start), ("v", SINK)
    parent = {root: root}
    queue = [root]
    for node in queue:
        if node == target:
            break
        kind, x = node
        nxt = [("b", i) for i in holding[x]] if kind == "v" else [("v", v) for v in blocks[x]]
        for n in nxt:
            if n not in parent:
                parent[n] = node
                queue.append(n)
    path = dict_path(parent, target)
    out = []
    for j in range(1, len(path) - 1, 2):
        out.append((blocks[path[j][1]], path[j - 1][1], path[j + 1][1]))
    return out


def turning(maze, path):
    """Total turning along a node path in units of 45 degrees (a 90-degree turn is 2)."""
    w = maze.width
    units, last = 0, None
    for a, b in zip(path, path[1:]):
        d = b - a
        k = (1 if d > 0 else 3) if abs(d) < w else (2 if d > 0 else 0)
        if last is not None:
            diff = (k - last) % 4
            units += 2 * min(diff, 4 - diff)
        last = k
    return units
