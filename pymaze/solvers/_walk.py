"""What the walkers (wall, pledge, chain, random mouse) share: goal flags, and their moves packed.

A walker's move is two events, ``(MARK, p, M_CURRENT, M_VISITED)`` and ``(MARK | MILESTONE, q,
old, M_CURRENT)``; ``old`` is the kind of the move in ``MOVES`` (see ``pymaze.events.pack``), so
a walk packs as one byte (``mark[q]`` before the move) and two indices (p, q) a move.
"""

from ..events import MARK, MARK_NAMES, MILESTONE, M_CURRENT, M_VISITED, Kinds
from ..graph import steps

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


def square_moves(maze):
    """A square maze's moves by direction: ``(g, side, sets)``, where ``sets[side[p]][k]`` is the
    move from node ``p`` in direction ``k`` (0 N, 1 E, 2 S, 3 W) as ``(d, d2)``, open when ``not
    g[p + d]`` and leading to ``p + d2``, or None off the grid (a block maze's border columns).
    ``g`` and ``side`` are those of ``pymaze.graph.steps``.  Directions are told apart by their
    number, not their offset: on a block maze one square wide, north and west are both -1."""
    g, pair_sets, side = steps(maze)
    w = maze.width
    dirs = (-w, 1, w, -1)
    if maze.geometry != "block":
        return g, side, (tuple((d, 2 * d) for d in dirs),)
    # As pymaze.graph.steps: side bit 1 is the left column (no west), bit 2 the right one (no east).
    return g, side, tuple(tuple(None if (s & 1 and k == 3) or (s & 2 and k == 1) else (d, d)
                                for k, d in enumerate(dirs)) for s in range(len(pair_sets)))
