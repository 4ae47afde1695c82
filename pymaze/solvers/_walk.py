"""What the walkers (wall, pledge, chain, random mouse) share: their moves as packed events, and
how a walk ends short of G.

A move from ``p`` to ``q`` is two events, ``(MARK, p, M_CURRENT, M_VISITED)`` and ``(MARK |
MILESTONE, q, old, M_CURRENT)``: a walker reports them to its ``Trace(MOVES)`` as
``trace.add(LEAVE, p)`` and ``trace.add(ARRIVE + old, q)`` (``old``: ``mark[q]`` before the move).
"""

from array import array

from ..events import MARK, MARK_NAMES, MILESTONE, M_CURRENT, M_VISITED, NOTE, Kinds
from ..graph import steps

LEAVE, ARRIVE = 0, 1
MOVE_KINDS = ((MARK, M_CURRENT, M_VISITED), *((MARK | MILESTONE, old, M_CURRENT) for old in range(len(MARK_NAMES))))
MOVES = Kinds(*MOVE_KINDS)


def stop(maze, trace, p, code, value, again):
    """How a walk ends on node ``p`` short of G: watched (``trace`` the walk's Trace, else None),
    its last moves and the note ``(code, value)`` (a milestone).  Returns what the solver reports,
    ``([], visited, [(code, value, p)])``; ``again``: ``p`` had been left before (marked visited
    then, current now, so counted too)."""
    if trace is not None:
        yield trace.batch()
        yield array("i", (NOTE | MILESTONE, p, code, value))
    return [], maze.mark.count(M_VISITED) + again, [(code, value, p)]


def goal_flags(maze):
    """A per-square bytearray: 1 on the goals."""
    goal = bytearray(len(maze.wall))
    for q in maze.goals:
        goal[q] = 1
    return goal


