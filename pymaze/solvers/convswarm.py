from ..registry import solver
from ._moves import diagonal_param
from ._swarm import swarm_search


@solver("convswarm", "Convergent swarm", short="Convergent swarm", group="open", order=65, shapes=("square",), optimal=False, costs=True, params=[diagonal_param()])
def convswarm(maze, rng, diagonal="never", watch=True):
    """Convergent swarm: the swarm with the distance to the goal raised to the seventh power.

    1. S gets priority 0 and faces east.
    2. Expand the queued node of least priority (ties: the earliest queued).
       Stop when it is a goal.
    3. A neighbour is offered the node's priority plus (turn + 1) x d^7,
       d its Manhattan distance to the nearest goal and turn 1 straight
       on, 2 for a quarter turn, 3 to turn back; it keeps the least offer.
    4. An empty queue means no goal can be reached.

    Property: not optimal.  The seventh power makes every step closer to
    the goal outweigh everything walked, so it behaves almost like greedy
    best-first search and converges on the goal fast.  Source: Clement
    Mihailescu, Pathfinding Visualizer (weightedSearchAlgorithm, "CLA" with
    extraPoweredManhattanDistance), 2019.
    """
    return (yield from swarm_search(maze, watch, 7, diagonal))


convswarm.packed = True
