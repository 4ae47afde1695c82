import heapq
from array import array

from ..events import MARK, MILESTONE, M_FRONTIER, M_VISITED, N_COST, NUM, Kinds, Trace
from ..graph import path_to, steps
from ..registry import Param, solver
from ._base import diagonal_moves, end, parents
from ._moves import EPS, SQRT2, diagonal_param

# The search's events, as kinds of packed events (see events.Trace): a node settled (a milestone)
# and numbered (its number written in by ``Numbered``), and a node reached.
KINDS = Kinds((MARK | MILESTONE, M_FRONTIER, M_VISITED), (NUM, 0, 0), (MARK, 0, M_FRONTIER))
SETTLED, NUMBERED, SEEN = 0, 1, 2
SETTLE = bytes((SETTLED, NUMBERED))


def random_weights(maze, rng, low=1, high=9):
    """Fill ``maze.weight`` with a cost from ``low`` to ``high`` (drawn from ``rng``) for every square; returns it."""
    maze.weight = array("i", (rng.randint(low, high) for _ in range(len(maze.wall))))
    return maze.weight


@solver("dijkstra", "Dijkstra (weighted cells)", group="shortest", order=50, optimal=True, costs=True, layer="distance", params=[
    Param("weights", "choice", "maze", choices=("maze", "uniform"),
          help="maze: entering a node costs its weight (1 where the maze has none); uniform: every move costs 1"),
    diagonal_param(),
], work=("Expands cells in order of the cost of reaching them: on a maze without weights the same "
         "rings as BFS, and a cheapest route."))
def dijkstra(maze, rng, weights="maze", diagonal="never", watch=True):
    """Dijkstra's algorithm: the cheapest route when entering each cell has its own cost.

    1. S costs 0 and joins the open heap.  A heap entry is (cost, order,
       cell): ties go to the earliest pushed.
    2. Pop the cheapest entry; skip it if its cell is settled already (a
       stale entry: a cheaper way in was pushed later).  Settle the cell:
       its cost is final, shown as a number.
    3. For each neighbour, the cost through this node is this node's cost
       plus the neighbour's weight; when that beats what the neighbour had,
       remember the parent and push the neighbour.
    4. The first goal settled ends the search; walk the parents back to S
       and note the route's total cost.

    With diagonal steps on an open grid, a diagonal step costs sqrt 2 times
    the weight entered (the numbers shown are costs rounded, plus one).
    Property: optimal, the least total weight entered (with uniform
    weights: fewest moves, or the least octile cost with diagonals).  It is A* with a zero estimate.
    Source: Dijkstra (1959).
    """
    mark, num, parent = maze.mark, maze.num, parents(maze)
    wall, tables, side = steps(maze, diagonal)
    diagonals = diagonal_moves(maze, diagonal)
    weight = maze.weight if weights == "maze" and maze.weight is not None else b"\x01" * len(maze.wall)
    start, goals = maze.start, set(maze.goals)
    trace = Numbered() if watch else None
    parent[start] = start
    dist = {start: 0}
    mark[start] = M_FRONTIER
    if watch:
        trace.add(SEEN, start)
    order = 0
    open_heap = [(0, order, start)]
    push, pop, visited, frontier = heapq.heappush, heapq.heappop, M_VISITED, M_FRONTIER
    path = None
    while open_heap:
        cost, _, p = pop(open_heap)
        if mark[p] == visited:
            continue
        mark[p] = visited
        num[p] = round(cost) + 1
        if watch:
            trace.settle(p, num[p])
        if p in goals:
            path = path_to(parent, p)
            break
        for d, d2 in tables[side[p]]:
            q = p + d2
            if wall[p + d] or mark[q] == visited:
                continue
            through = cost + weight[q] * (SQRT2 if d2 in diagonals else 1)
            if through >= dist.get(q, through + 1) - EPS:
                continue
            dist[q] = through
            parent[q] = p
            order += 1
            push(open_heap, (through, order, q))
            if mark[q] != frontier:
                mark[q] = frontier
                if watch:
                    trace.add(SEEN, q)
        if watch and trace.full():
            yield trace.batch()
    return (yield from end(maze, path, watch, ((N_COST, round(1000 * cost), p),) if path else (), trace=trace))


class Numbered(Trace):
    """The search's trace, each settled node's NUM event carrying its number."""

    def __init__(self):
        super().__init__(KINDS)
        self.numbers = []

    def settle(self, p, number):
        """Node ``p`` settled with ``number``: its two events (``add(SETTLED, p)``, ``add(NUMBERED, p)``)."""
        self.kind += SETTLE
        self.index += (p, p)
        self.numbers += (4 * len(self.index) - 1, number)

    def batch(self):
        numbers, self.numbers = iter(self.numbers), []
        out = super().batch()
        for at, number in zip(numbers, numbers):
            out[at] = number
        return out


dijkstra.packed = True
