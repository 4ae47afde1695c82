from ..registry import solver
from ._moves import diagonal_param, moves
from ._twoway import G, packed, twin, two_way, whole, whole_way


@solver("bidijkstra", "Bidirectional Dijkstra", group="shortest", order=52, optimal=True, params=[diagonal_param()])
def bidijkstra(maze, rng, diagonal="never"):
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
    yield from _search(maze, True, diagonal=diagonal)


def _search(maze, watch, flat=True, diagonal="never"):
    """The search, watched (packed events) or not (see ``_twoway``); ``flat`` False keeps to ``two_way``."""
    if flat and whole(maze, diagonal):
        return whole_way(maze, G, "sum", watch)

    def key(i, side, p, q, c):
        return side.g[p] + c

    return packed(two_way(maze, moves(maze, diagonal), key, "sum", diagonal, lambda i, r: 0, watch), watch)


bidijkstra.instant = twin(_search)
bidijkstra.packed = True
