from ..events import M_FILLED
from ..graph import bfs_tree, links, path_to
from ..registry import solver
from ._base import dead_end_fill, fill_dead_ends, no_route, show_route


@solver("culdesac", "Cul-de-sac filling", order=90, optimal=True)
def culdesac(maze, rng):
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
    nbrs = links(maze)
    mark = maze.mark
    start, goals = maze.start, set(maze.goals)
    _, degree, keep, filling = dead_end_fill(maze, nbrs)

    def open_nbrs(p):
        return [q for q in nbrs(p) if mark[q] != M_FILLED]

    yield from filling
    for part in _nooses(open_nbrs, start, keep):
        yield from fill_dead_ends(maze, nbrs, degree, keep, part)
    order, parent = bfs_tree(open_nbrs, start)
    goal = next((p for p in order if p in goals), None)
    if goal is None:
        yield no_route(maze)
        return
    yield from show_route(maze, path_to(parent, goal))


def _nooses(open_nbrs, root, keep):
    """The parts of ``root``'s component hanging off a single node and holding no node of ``keep``.

    One depth-first search without recursion (explicit stack of neighbour
    iterators) numbers the nodes in preorder and computes low points: a
    child ``u`` of ``v`` whose low point does not reach above ``v`` heads a
    subtree that is reached only through ``v``; that subtree is a
    contiguous run of the preorder.  The outermost such runs without a
    ``keep`` node are returned, each in preorder from its entrance.
    """
    disc, low, up = {root: 0}, {root: 0}, {root: None}
    order = [root]
    frames = [(root, iter(open_nbrs(root)))]
    heads = []
    while frames:
        v, it = frames[-1]
        for q in it:
            if q not in disc:
                disc[q] = low[q] = len(order)
                up[q] = v
                order.append(q)
                frames.append((q, iter(open_nbrs(q))))
                break
            if q != up[v] and disc[q] < low[v]:
                low[v] = disc[q]
        else:
            frames.pop()
            p = up[v]
            if p is not None:
                low[p] = min(low[p], low[v])
                if low[v] >= disc[p]:
                    heads.append((disc[v], len(order)))
    kept = [0]
    for p in order:
        kept.append(kept[-1] + (p in keep))
    covered = 0
    for first, end in sorted(heads):
        if first >= covered and kept[end] == kept[first]:
            covered = end
            yield order[first:end]
