from collections import deque

from ..events import M_FRONTIER, M_VISITED, Trace
from ..graph import path_to, steps
from ..registry import solver
from ._base import EXPAND, KINDS, SEEN, UNSEEN, end, parents
from ._moves import cost_note, diagonal_param


@solver("bfs", "Breadth-first search", short="BFS", group="shortest", order=20, optimal=True, params=[diagonal_param()],
        work=("Expands cells in rings of equal distance from S, so it looks at almost every cell nearer"
              " than G: much work, but a shortest route."))
def bfs(maze, rng, diagonal="never", watch=True):
    """Breadth-first search: a shortest route in moves.

    1. Put S in a first-in first-out queue.
    2. Take the oldest node from the queue and expand it: every unseen
       neighbour is remembered with its parent and joins the queue (one step:
       the expansion is the milestone, the discoveries ride along with it).
    3. When G is discovered, walk the parents back from G to S.

    Every node at distance d is expanded before any at d + 1, so the route
    found is a shortest one in moves.  With diagonal steps on an open grid a
    diagonal counts as one move like any other: the route has the fewest
    steps, not the least octile cost.  Source: Moore (1959), Lee (1961).
    """
    mark, parent = maze.mark, parents(maze)
    g, tables, side = steps(maze, diagonal)
    start, goals = maze.start, set(maze.goals)
    trace = Trace(KINDS) if watch else None
    parent[start] = start
    mark[start] = M_FRONTIER
    if watch:
        trace.add(SEEN, start)
    queue = deque([start])
    path = [start] if start in goals else None
    while queue and path is None:
        p = queue.popleft()
        mark[p] = M_VISITED
        if watch:
            trace.add(EXPAND, p)
        for d, d2 in tables[side[p]]:
            q = p + d2
            if not g[p + d] and parent[q] == UNSEEN:
                parent[q] = p
                mark[q] = M_FRONTIER
                if watch:
                    trace.add(SEEN, q)
                if q in goals:
                    path = path_to(parent, q)
                    break
                queue.append(q)
        if watch and trace.full():
            yield trace.batch()
    return (yield from end(maze, path, watch, cost_note(maze, path, diagonal), trace=trace))


bfs.packed = True
