from heapq import heappop, heappush
from itertools import count

from ..events import M_FRONTIER, MARK
from ..graph import SHAPES, moves
from ..registry import Param, generator
from ._base import carve, open_cell, set_mark


@generator("prim", "Prim", order=60, perfect=True, shapes=SHAPES, params=[
    Param("method", "choice", "true", choices=("true", "simplified", "modified"),
          help="true: the cheapest edge under random weights; simplified: a random edge "
               "leaving the tree; modified: a random frontier cell"),
])
def prim(maze, rng, method="true"):
    """Prim: grow one tree from the start cell, one frontier cell at a time.

    1. Open the start cell; its neighbours become the frontier (marked).
    2. Pick a frontier connection, by ``method``:
       "true" gives every edge a random weight and takes the cheapest edge
       from the tree to a cell outside it (a heap of (weight, counter, ...));
       "simplified" picks a random edge from the tree to a cell outside it
       (all weights equal); "modified" picks a random frontier cell and
       joins it to a random neighbour already in the tree.
    3. Open the edge and the new cell (its frontier mark is cleared), and
       add its neighbours outside the tree to the frontier.
    4. Repeat until the frontier is empty.

    Property: perfect (a spanning tree).  Not uniform.  Many short dead
    ends and no long corridors.  Dead ends (100 x 100): about 30 % true,
    32 % simplified, 36 % modified.
    Source: R. C. Prim, "Shortest connection networks" (1957); Walter D.
    Pullen, "Think Labyrinth: Maze Algorithms" (true / simplified /
    modified Prim); Jamis Buck, "Maze Generation: Prim's Algorithm".
    """
    wall, mark = maze.wall, maze.mark
    fixed, tables, inside = moves(maze)
    random = rng.random
    start = maze.start
    yield open_cell(maze, start)
    heap, tick = [], count()
    frontier = []   # "modified": cells; "simplified": (via, cell) pairs

    def grow(p):
        """Frontier additions around the new tree cell ``p``, as mark events."""
        out = []
        for dv, dq in fixed or tables[p]:
            q = p + dq
            if not (inside[q] and wall[q]):
                continue
            if method == "true":
                heappush(heap, (random(), next(tick), p + dv, q))
            elif method == "simplified":
                frontier.append((p + dv, q))
            elif mark[q] != M_FRONTIER:
                frontier.append(q)
            if mark[q] != M_FRONTIER:
                mark[q] = M_FRONTIER
                out += (MARK, q, 0, M_FRONTIER)
        return out

    step = grow(start)
    if step:
        yield tuple(step)
    while heap or frontier:
        if method == "true":
            _, _, via, q = heappop(heap)
        elif method == "simplified":
            i = int(random() * len(frontier))
            frontier[i], frontier[-1] = frontier[-1], frontier[i]
            via, q = frontier.pop()
        else:
            i = int(random() * len(frontier))
            frontier[i], frontier[-1] = frontier[-1], frontier[i]
            q = frontier.pop()
            joins = [dv for dv, dq in fixed or tables[q] if inside[q + dq] and not wall[q + dq]]
            via = q + joins[int(random() * len(joins))]
        if not wall[q]:
            continue
        yield set_mark(maze, q, 0) + carve(maze, via, q) + tuple(grow(q))
