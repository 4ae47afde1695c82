from array import array

from ..events import GOAL, MARK, MILESTONE, M_CURRENT, N_HEURISTIC, NOTE, NUM, START, column
from ..graph import path_to, steps
from ..registry import solver
from ._base import drained, quiet_no_route, quiet_route
from ._packed import nothing, route


def _sweep(maze, tables, source, watch):
    """One breadth-first sweep from ``source`` over a flat parent table, writing each node's
    distance + 1 in the num layer ring by ring (with ``watch``: yields each ring's changed numbers
    packed, a milestone first).  Returns ``(parent, end, dist, again, reached)``: the last ring's
    first node and its distance, the open sides met leading back to reached nodes, the nodes reached."""
    g, pair_sets, side = tables
    fixed = pair_sets[0] if len(pair_sets) == 1 else None
    num = maze.num
    parent = array("i", b"\xff" * (4 * len(maze.wall)))
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
                for p in changed:
                    num[p] = d
        else:
            for p in ring:
                num[p] = d
        nxt = []
        push = nxt.append
        for p in ring:
            for a, b in fixed or pair_sets[side[p]]:
                if not g[p + a]:
                    if parent[p + b] < 0:
                        parent[p + b] = p
                        push(p + b)
                    else:
                        again += 1
        reached += len(nxt)
        last, ring = ring, nxt
    return parent, last[0], d - 1, again, reached


@solver("farthest", "Farthest pair (longest route)", group="fill", order=130, layer="distance")
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
    yield from _pairs(maze, True)


def _pairs(maze, watch):
    """The sweeps, S and G moved, the route shown (with ``watch``: the events packed).  Returns
    what the run reports, ``(route, visited, notes)`` (see ``quiet_route``)."""
    nodes = [maze.start] if maze.is_node(maze.start) else maze.nodes()
    if not nodes:
        if watch:
            yield nothing(maze)
        return quiet_no_route(maze)
    mark = maze.mark
    tables = steps(maze)
    source = nodes[0]
    best, tree, sweeps = -1, None, 0
    while True:
        mark[source] = M_CURRENT
        if watch:
            yield array("i", (MARK | MILESTONE, source, 0, M_CURRENT))
        parent, end, dist, again, reached = yield from _sweep(maze, tables, source, watch)
        root = source
        sweeps += 1
        mark[source] = 0
        if watch:
            yield array("i", (MARK, source, M_CURRENT, 0))
        if tree is None:  # open sides back to reached nodes: one per node but the source on a tree
            tree = again == reached - 1
        if dist <= best:
            break
        best, source = dist, end
        if dist == 0 or tree and sweeps == 2:  # on a tree the second sweep's ends are the diameter's
            break
    notes = [] if tree else [(N_HEURISTIC, 1, -1)]
    events = [NOTE | MILESTONE, -1, N_HEURISTIC, 1] if notes else []
    if maze.start != root:
        events += (START | MILESTONE, 0, maze.start, root)
        maze.start = root
    if maze.goal != end:
        events += (GOAL | MILESTONE, 0, maze.goal, end)
        maze.set_goal(end)
    path = path_to(parent, end)
    if watch:
        yield array("i", events) + route(maze, path)
        return None
    found, visited, more = quiet_route(maze, path)
    return found, visited, notes + more


def _instant(maze, rng):
    """The farthest pair with nobody watching: the same sweeps, num layer, S, G and route, no
    events.  Returns ``(route, visited, notes)``."""
    return drained(_pairs(maze, False))


farthest.instant = _instant
farthest.packed = True
