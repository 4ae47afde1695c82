"""What the walkers (wall, pledge, chain, random mouse) share: goal flags, and their moves packed.

A walker's move is two events, ``(MARK, p, M_CURRENT, M_VISITED)`` and ``(MARK | MILESTONE, q,
old, M_CURRENT)``; ``old`` is the kind of the move in ``MOVES`` (see ``pymaze.events.pack``), so
a walk packs as one byte (``mark[q]`` before the move) and two indices (p, q) a move.
"""

from ..events import MARK, MARK_NAMES, MILESTONE, M_CURRENT, M_VISITED, Kinds

MOVES = Kinds(*(((MARK, M_CURRENT, M_VISITED), (MARK | MILESTONE, old, M_CURRENT)) for old in range(len(MARK_NAMES))))


def goal_flags(maze):
    """A per-square bytearray: 1 on the goals."""
    goal = bytearray(len(maze.wall))
    for q in maze.goals:
        goal[q] = 1
    return goal
