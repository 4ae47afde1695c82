from array import array

from ..events import GOAL, MARK, MILESTONE, M_CURRENT, N_HEURISTIC, NOTE, NUM, START
from ..graph import links, path_to, steps
from ..registry import solver
from ._base import no_route, quiet_no_route, quiet_route, show_route


def _sweep(maze, nbrs, source):
    """One breadth-first sweep from ``source``, numbering distances ring by ring: yields steps, returns the tree."""
    num = maze.num
    parent = {source: source}
    ring, d = [source], 0
    while ring:
        step = []
        for p in ring:
            if num[p] != d + 1:
                step += (NUM, p, num[p], d + 1)
                num[p] = d + 1
        if step:
            step[0] |= MILESTONE
            yield tuple(step)
        nxt = []
        for p in ring:
            for q in nbrs(p):
                if q not in parent:
                    parent[q] = p
                    nxt.append(q)
        last, ring, d = ring, nxt, d + 1
    return parent, last[0], d - 1


@solver("farthest", "Farthest pair (longest route)", order=130, layer="distance")
def farthest(maze, rng):
    """Farthest pair: repeated breadth-first sweeps to the two cells farthest apart.

    1. From S, sweep breadth-first and write each node's distance; the last
       node reached is the farthest one.
    2. Sweep again from that node; repeat while the farthest distance grows.
    3. Move S and G to the two ends of the last sweep and show the route
       between them (the num layer keeps the last sweep's distances).

    Property: on a perfect maze (a tree) two sweeps find its diameter, the
    longest route in the maze, exactly, so a tree stops after the second.  With loops the result is only a
    heuristic (a long shortest route, maybe not the longest): a note says so.
    Source: the double-sweep tree-diameter method (Handler, 1973).
    """
    nbrs = links(maze)
    mark = maze.mark
    nodes = maze.nodes()
    if not nodes:
        yield no_route(maze)
        return
    source = maze.start if maze.is_node(maze.start) else nodes[0]
    best, tree, sweeps = -1, None, 0
    while True:
        mark[source] = M_CURRENT
        yield (MARK | MILESTONE, source, 0, M_CURRENT)
        parent, end, dist = yield from _sweep(maze, nbrs, source)
        sweeps += 1
        mark[source] = 0
        yield (MARK, source, M_CURRENT, 0)
        if tree is None:  # the part of the maze the sweeps cover: a tree when it has one edge fewer than nodes
            tree = sum(len(nbrs(p)) for p in parent) // 2 == len(parent) - 1
        if dist <= best:
            break
        best, source = dist, end
        if dist == 0 or tree and sweeps == 2:  # on a tree the second sweep's ends are the diameter's
            break
    source = next(p for p in parent if parent[p] == p)
    if not tree:
        yield (NOTE | MILESTONE, -1, N_HEURISTIC, 1)
    if maze.start != source:
        yield (START | MILESTONE, 0, maze.start, source)
        maze.start = source
    if maze.goal != end:
        yield (GOAL | MILESTONE, 0, maze.goal, end)
        maze.set_goal(end)
    yield from show_route(maze, path_to(parent, end))


def _instant(maze, rng):
    """The farthest pair with nobody watching: the same sweeps over a flat parent table per sweep,
    the same num layer, S, G and route.  Returns ``(route, visited, notes)``."""
    num = maze.num
    if maze.is_node(maze.start):
        source = maze.start
    else:
        nodes = maze.nodes()
        if not nodes:
            return quiet_no_route(maze)
        source = nodes[0]
    g, pair_sets, side = steps(maze)
    fixed = pair_sets[0] if len(pair_sets) == 1 else None
    blank = b"\xff" * (4 * len(maze.wall))
    best, tree, sweeps = -1, None, 0
    while True:
        # One breadth-first sweep from source, ring by ring; each node's num is its distance + 1.
        parent, root = array("i", blank), source
        parent[source] = source
        num[source] = 1
        ring, d, again, reached = [source], 1, 0, 1
        while ring:
            d += 1
            nxt = []
            push = nxt.append
            for p in ring:
                for a, b in fixed or pair_sets[side[p]]:
                    if not g[p + a]:
                        if parent[p + b] < 0:
                            parent[p + b] = p
                            num[p + b] = d
                            push(p + b)
                        else:
                            again += 1
            reached += len(nxt)
            last, ring = ring, nxt
        end, dist = last[0], d - 2
        sweeps += 1
        if tree is None:  # open sides back to reached nodes: one per node but the source on a tree
            tree = again == reached - 1
        if dist <= best:
            break
        best, source = dist, end
        if dist == 0 or tree and sweeps == 2:
            break
    notes = [] if tree else [(N_HEURISTIC, 1, -1)]
    maze.start = root
    if maze.goal != end:
        maze.set_goal(end)
    route, visited, more = quiet_route(maze, path_to(parent, end))
    return route, visited, notes + more


farthest.instant = _instant
