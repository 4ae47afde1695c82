from ..registry import solver
from ._moves import diagonal_param
from ._twoway import two_way


@solver("bidijkstra", "Bidirectional Dijkstra", short="Bidirectional Dijkstra", group="shortest", order=52, optimal=True, costs=True, params=[diagonal_param()])
def bidijkstra(maze, rng, diagonal="never", watch=True):
    """Bidirectional Dijkstra: two waves of least cost, from S and from the goals, until they can stop.

    1. One side starts at S, the other at every goal at once, each with
       cost 0 and its own priority queue (shown in two colours).
    2. The sides take turns: each settles its queued node of least cost and
       offers each neighbour that cost plus the step (1, or sqrt 2 on a
       diagonal); a neighbour keeps the cheaper offer and its parent.
    3. Whenever a node has costs from both sides, their sum is a route; the
       cheapest so far is kept.
    4. Stop when it costs no more than the two least queued costs added
       (every route not yet seen costs at least that much).

    Property: optimal (route cost, octile when diagonal steps are allowed).
    It settles about half the nodes one Dijkstra would on open ground.
    Source: Dantzig (1963) and Nicholson (1966), bidirectional shortest
    paths; PathFinding.js BiDijkstraFinder.
    """
    return (yield from two_way(maze, watch, lambda i, side, p, q, c: c, "sum", diagonal))


bidijkstra.packed = True
