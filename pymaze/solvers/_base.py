"""Event helpers shared by the solvers: the parent table, showing the route, dead-end filling, the closing notes.

The topology they walk on (neighbours, searches, paths, the block-cut tree) is ``pymaze.graph``.
"""

from array import array
from collections import deque
from itertools import chain

from ..events import (MARK, MILESTONE, M_FILLED, M_FRONTIER, M_ROUTE, M_VISITED, N_COST, N_FOUND, N_NO_ROUTE,
                      N_TURNS, N_WAYPOINT, NOTE, Kinds, Trace, column)
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


# The two events of a best-first or breadth-first search, as kinds of packed events (see
# events.pack): a node expanded (a milestone) and a node reached.
EXPAND, SEEN = 0, 1
KINDS = Kinds((MARK | MILESTONE, M_FRONTIER, M_VISITED), (MARK, 0, M_FRONTIER))


def route(maze, path, *notes):
    """``show_route(maze, path)`` packed: every node of ``path`` marked M_ROUTE in order (a
    milestone each, ``old`` what it was), then FOUND and TURNS, then ``notes`` (4-int tuples)."""
    mark = maze.mark
    out = column(MARK | MILESTONE, path, list(map(mark.__getitem__, path)), M_ROUTE)
    for s in path:
        mark[s] = M_ROUTE
    goal = path[-1]
    out.extend(found(goal, len(path) - 1) + (NOTE, goal, N_TURNS, turning(maze, path)))
    for note in notes:
        out.extend(note)
    return out


def nothing(maze):
    """``no_route(maze)`` packed."""
    return array("i", no_route(maze))


def end(maze, path, watch=True, notes=(), trace=None):
    """How a search ends: ``path`` (S to a goal; empty or None when no goal was reached) marked
    M_ROUTE node by node, then FOUND (its moves), TURNS and ``notes`` (``(code, value, index)``
    tuples), or NO_ROUTE.  Watched, yields those events, after the last batch of the search's
    ``trace`` when it has one; either way returns what the search reports, ``(route, visited,
    notes)`` (``visited``: the nodes marked visited before the route covered some), what
    ``Solution.of`` takes.  Use it as ``return (yield from end(...))``."""
    if trace is not None:
        yield trace.batch()
    if not path:
        if watch:
            yield nothing(maze)
        return [], maze.mark.count(M_VISITED), [(N_NO_ROUTE, 0, maze.goal)]
    visited = maze.mark.count(M_VISITED)
    if watch:
        yield route(maze, path, *((NOTE, index, code, value) for code, value, index in notes))
    else:
        mark = maze.mark
        for s in path:
            mark[s] = M_ROUTE
    goal = path[-1]
    return path, visited, [(N_FOUND, len(path) - 1, goal), (N_TURNS, turning(maze, path), goal), *notes]


def end_polyline(maze, cells, corners, turns, cost, watch=True, trace=None):
    """How a search whose route is a polyline ends (the any-angle finders, the mouse): its
    ``corners`` as waypoint notes (the page draws the straight segments through them), its
    ``cells`` marked M_ROUTE, FOUND (moves along ``cells``), TURNS (``turns``, whole degrees) and
    COST (``cost``, in thousandths), after the last batch of ``trace`` as ``end`` does.  Returns
    ``(route, visited, notes)`` as ``end`` does: the route is ``cells``."""
    if trace is not None:
        yield trace.batch()
    goal, visited, thousandths = cells[-1], maze.mark.count(M_VISITED), round(1000 * cost)
    notes = [(N_WAYPOINT, i, p) for i, p in enumerate(corners)]
    notes += [(N_FOUND, len(cells) - 1, goal), (N_TURNS, turns, goal), (N_COST, thousandths, goal)]
    if watch:
        yield array("i", chain(*((NOTE, p, N_WAYPOINT, i) for i, p in enumerate(corners)),
                               *show_route(maze, cells, note=False), found(goal, len(cells) - 1),
                               (NOTE, goal, N_TURNS, turns, NOTE, goal, N_COST, thousandths)))
    else:
        for p in cells:
            maze.mark[p] = M_ROUTE
    return cells, visited, notes


def diagonal_moves(maze, diagonal):
    """The offsets of the diagonal moves ``pymaze.graph.steps(maze, diagonal)`` makes, each
    costing sqrt 2 (the others cost 1): empty without diagonal steps."""
    if diagonal == "never":
        return frozenset()
    w = maze.width
    return frozenset((1 - w, 1 + w, w - 1, -w - 1))


