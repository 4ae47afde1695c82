from array import array

from ..events import M_FILLED, Trace
from ..graph import links, steps
from ..registry import solver
from ._base import end, route_to_goal
from ._fill import KINDS, dead_ends, fill


@solver("culdesac", "Cul-de-sac filling", short="Cul-de-sac filling", group="fill", order=90, optimal=True)
def culdesac(maze, rng, watch=True):
    """Cul-de-sac filling: fill dead ends, and seal the loops that hang off the maze by a single cell.

    1. Fill every node with at most one open neighbour that is neither S
       nor a goal, one step each, and look again at its neighbour: dead
       ends are eaten back to the nearest junction (dead-end filling).
    2. Find the cul-de-sacs: parts of the maze (a loop, or a passage
       leading to loops) entered only through one junction and holding
       neither S nor a goal.  One depth-first pass from S finds them all:
       a part below a junction whose low point (the earliest node any of
       it touches) does not reach above the junction has no other way in.
    3. Seal each cul-de-sac at its junction: fill it from the entrance
       inwards, one node per step.
    4. Trace a route from S through what is left (breadth-first) and show it.

    Nothing filled lies on a simple route from S to a goal, so a route
    remains whenever one existed.  Property: optimal (a shortest route
    never enters a part it would have to leave by the way it came).  Source: Walter D.
    Pullen, "Think Labyrinth: Maze Algorithms" (cul-de-sac filler); low
    points from Hopcroft and Tarjan (1973).  Parts not connected to S are
    left as they are once their dead ends are filled.
    """
    mark = maze.mark
    trace = Trace(KINDS) if watch else None
    _, degree, keep, todo = dead_ends(maze)
    yield from fill(maze, degree, keep, todo, trace)
    for part in _nooses(maze, maze.start, keep):
        yield from fill(maze, degree, keep, part, trace)
    nbrs = links(maze)
    route = route_to_goal(maze, lambda p: [q for q in nbrs(p) if mark[q] != M_FILLED])
    return (yield from end(maze, route, watch, trace=trace))


def _nooses(maze, root, keep):
    """The parts of ``root``'s component (squares not filled) hanging off a single node and holding no
    node of ``keep``.

    One depth-first search without recursion (a stack of squares and a
    per-square cursor into the neighbour list, all in flat arrays, so
    linear time and no per-node objects) numbers the nodes in preorder and
    computes low points: a child ``u`` of ``v`` whose low point does not
    reach above ``v`` heads a subtree that is reached only through ``v``;
    that subtree is a contiguous run of the preorder.  The outermost such
    runs without a ``keep`` node are returned, each in preorder from its
    entrance.
    """
    n = len(maze.wall)
    g, pair_sets, side = steps(maze)
    mark = maze.mark
    disc = array("i", b"\xff" * (4 * n))
    low = array("i", bytes(4 * n))
    up = array("i", b"\xff" * (4 * n))
    cursor = bytearray(n)
    disc[root] = low[root] = 0
    order = array("i", [root])
    end_of = array("i", [-1])  # by preorder number: the end of the run a head starts, or -1
    stack = [root]
    while stack:
        v = stack[-1]
        dirs = pair_sets[side[v]]
        k = cursor[v]
        while k < len(dirs):
            d, d2 = dirs[k]
            k += 1
            if not g[v + d] and mark[v + d2] != M_FILLED:
                q = v + d2
                if disc[q] < 0:
                    disc[q] = low[q] = len(order)
                    up[q] = v
                    order.append(q)
                    end_of.append(-1)
                    stack.append(q)
                    break
                if q != up[v] and disc[q] < low[v]:
                    low[v] = disc[q]
        cursor[v] = k
        if stack[-1] != v:
            continue
        stack.pop()
        p = up[v]
        if p >= 0:
            if low[v] < low[p]:
                low[p] = low[v]
            if low[v] >= disc[p]:
                end_of[disc[v]] = len(order)
    kept = array("i", [0])
    for p in order:
        kept.append(kept[-1] + (p in keep))
    covered = 0
    for first in range(len(order)):
        end = end_of[first]
        if end >= 0 and first >= covered and kept[end] == kept[first]:
            covered = end
            yield list(order[first:end])


culdesac.packed = True
