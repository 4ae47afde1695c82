from ..registry import solver
from ._moves import diagonal_param
from ._swarm import swarm_search


@solver("swarm", "Swarm", group="open", order=64, shapes=("square",), optimal=False, costs=True, params=[diagonal_param()])
def swarm(maze, rng, diagonal="never", watch=True):
    """Swarm: a Dijkstra-like wave pulled towards the goal, as in Clement Mihailescu's visualizer.

    1. S gets priority 0 and faces east.
    2. Expand the queued node of least priority (ties: the earliest queued).
       Stop when it is a goal.
    3. A neighbour is offered the node's priority plus (turn + 1) x its
       Manhattan distance to the nearest goal, turn being 1 straight on,
       2 for a quarter turn, 3 to turn back; it keeps the least offer, the
       parent that made it, and the heading of that step.
    4. An empty queue means no goal can be reached.

    Property: not optimal.  It spreads like Dijkstra near S and narrows
    towards the goal as the distance term dominates; it prefers straight
    runs.  Source: Clement Mihailescu, Pathfinding Visualizer
    (weightedSearchAlgorithm, "CLA" with manhattanDistance), 2019.
    """
    return (yield from swarm_search(maze, watch, 1, diagonal))


swarm.packed = True
