"""The packed endings of the searches that pack their own events (``bfs``, ``dfs``, ``dijkstra``,
``astar``): the same events as ``show_route`` and ``no_route`` in ``_base``, as ``array('i')`` chunks."""

from array import array

from ..events import MARK, MILESTONE, M_FRONTIER, M_ROUTE, M_VISITED, N_TURNS, NOTE, Kinds, column
from ..graph import turning
from ._base import found, no_route

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
