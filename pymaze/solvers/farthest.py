from array import array

from ..events import GOAL, MARK, MILESTONE, M_CURRENT, N_HEURISTIC, NOTE, NUM, START, column
from ..graph import path_to, steps
from ..registry import solver
from ._base import end, parents


@solver("farthest", "Farthest pair (longest route)", short="Farthest pair", group="fill", order=130, layer="distance")
def farthest(maze, rng, watch=True):
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
    nodes = [maze.start] if maze.is_node(maze.start) else maze.nodes()
    if not nodes:
        return (yield from end(maze, None, watch))
    mark = maze.mark
    source = nodes[0]
    best, tree, sweeps = -1, None, 0
    while True:
        mark[source] = M_CURRENT
        if watch:
            yield array("i", (MARK | MILESTONE, source, 0, M_CURRENT))
        parent, far, dist, again, reached = yield from _sweep(maze, source, watch)
        root = source
        sweeps += 1
        mark[source] = 0
        if watch:
            yield array("i", (MARK, source, M_CURRENT, 0))
        if tree is None:  # open sides back to reached nodes: one per node but the source on a tree
            tree = again == reached - 1
        if dist <= best:
            break
        best, source = dist, far
        if dist == 0 or tree and sweeps == 2:  # on a tree the second sweep's ends are the diameter's
            break
    moved = [] if tree else [NOTE | MILESTONE, -1, N_HEURISTIC, 1]
    if maze.start != root:
        moved += (START | MILESTONE, 0, maze.start, root)
        maze.start = root
    if maze.goal != far:
        moved += (GOAL | MILESTONE, 0, maze.goal, far)
        maze.set_goal(far)
    if watch and moved:
        yield array("i", moved)
    route, visited, notes = yield from end(maze, path_to(parent, far), watch)
    return route, visited, notes if tree else [(N_HEURISTIC, 1, -1), *notes]


def _sweep(maze, source, watch):
    """One breadth-first sweep from ``source`` over a flat parent table, writing each node's
    distance + 1 in the num layer ring by ring (with ``watch``: yields each ring's changed numbers
    packed, a milestone first).  Returns ``(parent, far, dist, again, reached)``: the last ring's
    first node and its distance, the open sides met leading back to reached nodes, the nodes reached."""
    wall, tables, side = steps(maze)
    num, parent = maze.num, parents(maze)
    parent[source] = source
    ring, d, again, reached = [source], 0, 0, 1
    while ring:
        d += 1
        if watch:
            changed = [p for p in ring if num[p] != d]
            if changed:
                out = column(NUM, changed, [num[p] for p in changed], d)
                out[0] |= MILESTONE
                yield out
        for p in ring:
            num[p] = d
        next_ring = []
        for p in ring:
            for a, b in tables[side[p]]:
                if not wall[p + a]:
                    if parent[p + b] < 0:
                        parent[p + b] = p
                        next_ring.append(p + b)
                    else:
                        again += 1
        reached += len(next_ring)
        last, ring = ring, next_ring
    return parent, last[0], d - 1, again, reached


farthest.packed = True
