from heapq import heappop, heappush

from ..events import M_FRONTIER, MARK, MILESTONE, WALL
from ..graph import SHAPES, moves, rule
from ..registry import Param, generator
from ._base import open_first


@generator("prim", "Prim", group="perfect", order=60, perfect=True, shapes=SHAPES, params=[
    Param("method", "choice", "true", choices=("true", "simplified", "modified"),
          help="true: the cheapest edge under random weights; simplified: a random edge "
               "leaving the tree; modified: a random frontier cell"),
])
def prim(maze, rng, method="true", watch=True):
    """Prim: grow one tree from the start cell, one frontier cell at a time.

    1. Open the start cell; its neighbours become the frontier (marked).
    2. Pick a frontier connection, by ``method``:
       "true" gives every edge a random weight and takes the cheapest edge
       from the tree to a cell outside it (a heap of (weight, cell, move):
       the tree cell and the index of the move out of it break ties);
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
    may = rule(maze)    # a weave maze: may this passage open now?
    random = rng.random
    p = maze.start
    yield from open_first(maze, p, watch)
    true, simplified = method == "true", method == "simplified"
    frontier = []   # true: a heap of edges (weight, cell, move); simplified: edges (via, cell); modified: cells
    best = [(1 << 32,)] * len(wall)   # true: the cheapest edge into each square so far (only it counts)
    step = []
    while True:
        for k, (dv, dq) in enumerate(fixed or tables[p]):  # 1., 3. its neighbours outside join the frontier
            q = p + dq
            if not (inside[q] and wall[q]) or may is not None and not may.may_open(p, p + dv, q):
                continue
            if true:
                edge = (int(random() * 4294967296.0), p, k)   # a dearer edge into q is never taken
                if edge < best[q]:
                    best[q] = edge
                    heappush(frontier, edge)
            elif simplified:
                frontier.append((p, dv, q))
            elif mark[q] != M_FRONTIER:
                frontier.append(q)
            if mark[q] != M_FRONTIER:
                mark[q] = M_FRONTIER
                if watch:
                    step += (MARK, q, 0, M_FRONTIER)
        if watch and step:
            yield tuple(step)
        via, q = _take(frontier, method, best, fixed, tables, inside, wall, random, may)   # 2.
        if q < 0:
            return
        mark[q] = 0                      # 3. open the edge and the new cell
        wall[via] = 0
        wall[q] = 0
        if watch:
            step = [MARK, q, M_FRONTIER, 0, WALL, via, 1, 0, WALL | MILESTONE, q, 1, 0]
        p = q


def _take(frontier, method, best, fixed, tables, inside, wall, random, may=None):
    """Step 2: the next frontier connection as ``(via, cell)``, by ``method``; ``(0, -1)`` once
    the frontier is empty.  Connections to cells already in the tree are dropped on the way, and
    on a weave maze those the rule (``may``) refuses now (a cell left without a way in gets its
    tree neighbours' again)."""
    while frontier:
        if method == "true":
            edge = heappop(frontier)
            weight, p, k = edge
            dv, dq = (fixed or tables[p])[k]
            q = p + dq
            if best[q] is not edge:
                continue
            if may is not None and not may.may_open(p, p + dv, q):
                _again(q, frontier, best, tables, wall, random, may)
                continue
            return p + dv, q
        i = int(random() * len(frontier))
        frontier[i], frontier[-1] = frontier[-1], frontier[i]
        if method == "simplified":
            p, dv, q = frontier.pop()
            via = p + dv
            if may is not None and wall[q] and not may.may_open(p, via, q):
                continue
        else:   # "modified": join the frontier cell to a random neighbour in the tree
            q = frontier.pop()
            joins = [dv for dv, dq in fixed or tables[q] if inside[q + dq] and not wall[q + dq]
                     and (may is None or may.may_open(q + dq, q + dv, q))]
            if not joins:          # (a weave maze: only tunnels the rule refuses now; later)
                if wall[q]:
                    frontier.append(q)
                continue
            via = q + joins[int(random() * len(joins))]
        if wall[q]:
            return via, q
    return 0, -1


def _again(q, frontier, best, tables, wall, random, may):
    """Method "true" on a weave maze, when the rule refuses cell ``q``'s cheapest edge: fresh edges
    into ``q`` from its tree neighbours the rule allows (one of them, at least, whenever a tree
    neighbour is next to it: only tunnels are ever refused into a cell outside the tree)."""
    best[q] = (1 << 32,)
    for dv, dq in tables[q]:
        p = q + dq
        if not wall[p] and may.may_open(p, q + dv, q):
            k = next(k for k, (_, back) in enumerate(tables[p]) if back == -dq)
            edge = (int(random() * 4294967296.0), p, k)
            if edge < best[q]:
                best[q] = edge
                heappush(frontier, edge)
