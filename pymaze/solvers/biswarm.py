from ..registry import solver
from ._moves import diagonal_param, estimate, moves
from ._swarm import EAST, WEST, manhattan_to, turner
from ._twoway import SWARM, packed, twin, two_way, whole, whole_way


@solver("biswarm", "Bidirectional swarm", group="open", order=66, shapes=("square",), optimal=False, params=[diagonal_param()])
def biswarm(maze, rng, diagonal="never"):
    """Bidirectional swarm: two swarms, from S towards the goals and from the goals towards S.

    1. The forward swarm starts at S facing east, the backward one at every
       goal facing west, each with priority 0.
    2. They take turns; each expands its queued node of least priority and
       offers a neighbour that priority plus (turn + 1) x its Manhattan
       distance to the other side's root (the nearest goal, or S); turn is
       1 straight on, 2 for a quarter turn, 3 to turn back.
    3. The first time a swarm expands a node the other has expanded, the
       route runs from S to that node and on to a goal.

    Property: not optimal; fast on open ground.  Source: Clement
    Mihailescu, Pathfinding Visualizer (bidirectional.js), 2019.
    """
    yield from _search(maze, True, diagonal=diagonal)


def _search(maze, watch, flat=True, diagonal="never"):
    """The search, watched (packed events) or not (see ``_twoway``); ``flat`` False keeps to ``two_way``."""
    facing = (EAST, WEST)
    if flat and whole(maze, diagonal):
        # the Manhattan distance in moves to the nearest goal, to S: what the swarm's ``manhattan_to`` gives
        far = (estimate(maze, "manhattan", maze.goals), estimate(maze, "manhattan", [maze.start]))
        return whole_way(maze, SWARM, "close", watch, h=far, manhattan=True, facing=facing)
    far = (manhattan_to(maze, maze.goals, 1), manhattan_to(maze, [maze.start], 1))
    turn = turner(maze)

    def key(i, side, p, q, c):
        return side.key[p] + (turn(side.parent, p, q, facing[i]) + 1) * far[i](q)

    return packed(two_way(maze, moves(maze, diagonal), key, "close", diagonal, lambda i, r: 0, watch), watch)


biswarm.instant = twin(_search)
biswarm.packed = True
