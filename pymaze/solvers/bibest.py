from ..registry import solver
from ._moves import diagonal_param, estimate, heuristic_param
from ._twoway import two_way


@solver("bibest", "Bidirectional best-first search", short="Bidirectional best-first", group="open", order=62, optimal=False,
        params=[heuristic_param(), diagonal_param()])
def bibest(maze, rng, heuristic="manhattan", diagonal="never", watch=True):
    """Bidirectional best-first search: two greedy searches, each heading for the other's root.

    1. The forward side starts at S and ranks nodes by their estimated
       distance to the nearest goal; the backward side starts at every goal
       and ranks nodes by their estimated distance to S.  The cost walked
       plays no part.
    2. The sides take turns, each expanding the node it ranks first; an
       unseen neighbour remembers its parent and is queued.
    3. The first time a side reaches a node the other side has seen, the
       route is S to that node on one side's parents, then on to a goal on
       the other's.

    Property: not optimal (like greedy best-first, it follows the estimate
    into dead ends and around obstacles the long way), but it usually
    expands few nodes.  Source: PathFinding.js BiBestFirstFinder.
    """
    h = (estimate(maze, heuristic, maze.goals), estimate(maze, heuristic, [maze.start]))  # to the goals, to S
    return (yield from two_way(maze, watch, lambda i, side, p, q, c: h[i](q), "touch", diagonal,
                               lambda i, r: h[i](r)))


bibest.packed = True
