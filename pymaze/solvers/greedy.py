import heapq

from ..events import M_FRONTIER, M_VISITED, Trace
from ..graph import path_to, steps
from ..registry import solver
from ._base import EXPAND, KINDS, SEEN, UNSEEN, end, parents
from ._moves import cost_note, diagonal_param, estimate, heuristic_param


@solver("greedy", "Greedy best-first search", short="Greedy", group="open", order=60, optimal=False,
        params=[heuristic_param(), diagonal_param()],
        work=("Expands the cell that looks nearest to G and ignores the moves already walked: little "
              "work when the way is open, but it can follow a detour and keep it."))
def greedy(maze, rng, heuristic="manhattan", diagonal="never", watch=True):
    """Greedy best-first search: heads for the goal by estimate alone, fast but not optimal.

    1. Put S in the open heap keyed by its estimated distance h to the
       nearest goal.  A heap entry is (h, order, cell): ties go to the
       earliest pushed.
    2. Pop the node that looks closest to a goal and expand it: every
       unseen neighbour remembers it as parent and joins the heap with its
       own estimate.  The distance already walked plays no part.
    3. When a goal is discovered, walk the parents back to S.

    Property: not optimal: on a maze with loops the first route it finds
    can be longer than the shortest one (on a perfect maze there is only
    one route).  It takes no weight: the order is by the estimate alone, so
    multiplying it would change nothing (A* has the weight that matters).  Source: Doran and Michie (1966), best-first search.
    """
    mark, parent = maze.mark, parents(maze)
    wall, tables, side = steps(maze, diagonal)
    h = estimate(maze, heuristic, maze.goals)
    start, goals = maze.start, set(maze.goals)
    trace = Trace(KINDS) if watch else None
    parent[start] = start
    mark[start] = M_FRONTIER
    if watch:
        trace.add(SEEN, start)
    order = 0
    open_heap = [(h(start), order, start)]
    push, pop = heapq.heappush, heapq.heappop
    path = [start] if start in goals else None
    while open_heap and path is None:
        p = pop(open_heap)[2]
        mark[p] = M_VISITED
        if watch:
            trace.add(EXPAND, p)
        for d, d2 in tables[side[p]]:
            q = p + d2
            if not wall[p + d] and parent[q] == UNSEEN:
                parent[q] = p
                mark[q] = M_FRONTIER
                if watch:
                    trace.add(SEEN, q)
                if q in goals:
                    path = path_to(parent, q)
                    break
                order += 1
                push(open_heap, (h(q), order, q))
        if watch and trace.full():
            yield trace.batch()
    return (yield from end(maze, path, watch, cost_note(maze, path, diagonal), trace=trace))


greedy.packed = True
