from ..registry import solver
from ._moves import diagonal_param, entering
from ._swarm import EAST, TURNS, WEST, headings, manhattan_to
from ._twoway import two_way


@solver("biswarm", "Bidirectional swarm", short="Bidirectional swarm", group="open", order=66, shapes=("square",), optimal=False, costs=True, params=[diagonal_param()])
def biswarm(maze, rng, diagonal="never", watch=True):
    """Bidirectional swarm: two swarms, from S towards the goals and from the goals towards S.

    1. The forward swarm starts at S facing east, the backward one at every
       goal facing west, each with priority 0.
    2. They take turns; each expands its queued node of least priority and
       offers a neighbour that priority plus (turn + w) x its Manhattan
       distance to the other side's root (the nearest goal, or S); turn is
       1 straight on, 2 for a quarter turn, 3 to turn back; w the terrain
       cost of the node entered (1 without terrain).
    3. The first time a swarm expands a node the other has expanded, the
       route runs from S to that node and on to a goal.

    Property: not optimal; fast on open ground.  Source: Clement
    Mihailescu, Pathfinding Visualizer (bidirectional.js), 2019.
    """
    terrain = entering(maze)
    facing, heading = (EAST, WEST), headings(maze)
    far = (manhattan_to(maze, maze.goals, 1), manhattan_to(maze, [maze.start], 1))  # to the goals, to S

    def offer(i, side, p, q, c):
        up = side.parent[p]
        into = facing[i] if up == p else heading[p - up]
        return side.key[p] + (TURNS[(heading[q - p] - into) % 8] + terrain[q if i == 0 else p]) * far[i](q)

    return (yield from two_way(maze, watch, offer, "close", diagonal))


biswarm.packed = True
