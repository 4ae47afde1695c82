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


def cut(at, nodes, i):
    """Erase the loop a walk closed on ``nodes[i]``: the nodes after it leave the loop-erased walk
    ``nodes`` (``at``: per node its place in ``nodes``, -1 when off it)."""
    for q in nodes[i + 1:]:
        at[q] = -1
    del nodes[i + 1:]
