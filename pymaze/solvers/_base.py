"""Event helpers shared by the solvers: the parent table, showing the route, dead-end filling, the closing notes.

The topology they walk on (neighbours, searches, paths, the block-cut tree) is ``pymaze.graph``.
"""

from array import array
from collections import deque

from ..events import MARK, MILESTONE, M_FILLED, M_ROUTE, M_VISITED, N_FOUND, N_NO_ROUTE, N_TURNS, NOTE
from ..graph import heuristic, path_to, steps, turning  # noqa: F401  (heuristic's old home; astar and greedy take it from pymaze.graph)

UNSEEN = -1


def parents(maze):
    """A per-square ``array('i')`` filled with UNSEEN: the parent table of a search."""
    return array("i", b"\xff" * (4 * len(maze.wall)))


def show_route(maze, path, mark=M_ROUTE, note=True):
    """Mark the route node by node from its first to its last, then note FOUND with its length
    and TURNS with its turning (whole degrees).

    Thin mazes mark cells only (the openings between them have no area in the thin view).
    """
    m = maze.mark
    for s in path:
        old = m[s]
        m[s] = mark
        yield (MARK | MILESTONE, s, old, mark)
    if note:
        yield found(path[-1], len(path) - 1)
        yield (NOTE, path[-1], N_TURNS, turning(maze, path))


def quiet_route(maze, path, *notes):
    """The end of an event-free search that found ``path`` (S to a goal): its nodes marked M_ROUTE,
    as ``show_route`` marks them.  Returns what the search reports, ``(route, visited, notes)``:
    the nodes it marked M_VISITED (counted before the route covers some) and the NOTE events the
    steps would end with, ``(code, value, index)``: FOUND, TURNS, then ``notes``."""
    mark = maze.mark
    visited = mark.count(M_VISITED)
    for s in path:
        mark[s] = M_ROUTE
    goal = path[-1]
    return path, visited, [(N_FOUND, len(path) - 1, goal), (N_TURNS, turning(maze, path), goal), *notes]


def quiet_no_route(maze):
    """The end of an event-free search that found no goal: ``([], visited, [NO_ROUTE])``."""
    return [], maze.mark.count(M_VISITED), [(N_NO_ROUTE, 0, maze.goal)]


def fill_dead_ends(maze, degree, keep, todo):
    """Fill every node of ``todo``, then each neighbour left with at most one open side, outwards.

    ``degree`` (open sides, indexed by square) is kept up to date; nodes in ``keep`` (S and the goals) are
    never queued.  One milestone step per filled node.
    """
    mark = maze.mark
    g, pair_sets, side = steps(maze)
    filled, step = M_FILLED, MARK | MILESTONE
    queue = list(todo)
    for p in queue:
        if mark[p] == filled:
            continue
        mark[p] = filled
        yield (step, p, 0, filled)
        for d, d2 in pair_sets[side[p]]:
            if not g[p + d]:
                q = p + d2
                if mark[q] != filled:
                    degree[q] -= 1
                    if degree[q] <= 1 and q not in keep:
                        queue.append(q)


def dead_end_fill(maze):
    """Start a dead-end fill: ``(nodes, degree, keep, steps)``.  ``keep`` is S and the goals (never
    filled); ``steps`` fills every other node with at most one open side, and then what that leaves
    dead, outwards (see ``fill_dead_ends``, which later fills can call with the same degree and keep)."""
    nodes = maze.nodes()
    g, pair_sets, side = steps(maze)
    degree = array("b", bytes(len(maze.wall)))  # per square, so a big maze needs no dict of every node
    todo = []
    for p in nodes:
        k = 0
        for d, _ in pair_sets[side[p]]:
            if not g[p + d]:
                k += 1
        degree[p] = k
        if k <= 1:
            todo.append(p)
    keep = set(maze.goals) | {maze.start}
    todo = [p for p in todo if p not in keep]
    return nodes, degree, keep, fill_dead_ends(maze, degree, keep, todo)


def route_to_goal(maze, nbrs, allowed=None):
    """A shortest route from S to the nearest goal, breadth-first over a flat parent table, stepping only
    on squares set in ``allowed`` (a per-square bytearray) when given; None when no goal is reached."""
    start, goals = maze.start, set(maze.goals)
    parent = parents(maze)
    parent[start] = start
    order = [start]
    for p in order:
        if p in goals:
            return path_to(parent, p)
        for q in nbrs(p):
            if parent[q] == UNSEEN and (allowed is None or allowed[q]):
                parent[q] = p
                order.append(q)
    return None


def drained(steps):
    """Run the generator ``steps`` to its end, dropping what it yields (nobody watches); returns
    what it returns."""
    out = []

    def whole():
        out.append((yield from steps))
    deque(whole(), maxlen=0)
    return out[0]


def found(goal, moves):
    return (NOTE | MILESTONE, goal, N_FOUND, moves)


def no_route(maze):
    return (NOTE | MILESTONE, maze.goal, N_NO_ROUTE, 0)


class LoopErasedPath:
    """A walk with each loop erased as it closes: ``nodes`` from the first to the current one, each once."""

    def __init__(self, start):
        self.nodes, self.at = [start], {start: 0}

    def add(self, p):
        """Walk on to ``p``; back on a node already on the path, the loop since that node is cut off."""
        i = self.at.get(p)
        if i is None:
            self.at[p] = len(self.nodes)
            self.nodes.append(p)
            return
        for q in self.nodes[i + 1:]:
            del self.at[q]
        del self.nodes[i + 1:]
