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


def square_moves(maze):
    """A square maze's moves by direction (what the swarms walk on): ``(g, side, sets)``, where
    ``sets[side[p]][k]`` is the move from node ``p`` in direction ``k`` (0 N, 1 E, 2 S, 3 W) as
    ``(d, d2)``, open when ``not g[p + d]`` and leading to ``p + d2``, or None off the grid (a
    block maze's border columns).  ``g`` and ``side`` are those of ``pymaze.graph.steps``.
    Directions are told apart by their number, not their offset: on a block maze one square
    wide, north and west are both -1."""
    g, pair_sets, side = steps(maze)
    w = maze.width
    dirs = (-w, 1, w, -1)
    if maze.geometry != "block":
        return g, side, (tuple((d, 2 * d) for d in dirs),)
    # As pymaze.graph.steps: side bit 1 is the left column (no west), bit 2 the right one (no east).
    return g, side, tuple(tuple(None if (s & 1 and k == 3) or (s & 2 and k == 1) else (d, d)
                                for k, d in enumerate(dirs)) for s in range(len(pair_sets)))

