from array import array

from ..events import N_HEURISTIC, NOTE
from ..registry import solver
from ._moves import diagonal_param, estimate, heuristic_param, weight_param
from ._twoway import two_way


@solver("biastar", "Bidirectional A*", short="Bidirectional A*", group="shortest", order=42, optimal=True, costs=True, max_cells=1_000_000,
        params=[heuristic_param(), weight_param(), diagonal_param()])
def biastar(maze, rng, heuristic="manhattan", weight=1.0, diagonal="never", watch=True):
    """Bidirectional A*: two A* searches, from S towards the goals and from the goals towards S.

    1. The forward side starts at S with priority g + h, h estimating the
       cost left to the nearest goal; the backward side starts at every
       goal with g = 0 and h estimating the cost left to S.
    2. The sides take turns: each expands its open node of least priority
       and relaxes its neighbours as A* does (a neighbour's g improves, its
       parent is remembered, it is queued with the new priority).
    3. Whenever a node has been reached from both sides, the two costs
       added make a route; the cheapest such route so far is kept.
    4. Stop when that route costs no more than the least priority queued
       on either side: no cheaper route can remain.  Its two halves, S to
       the meeting node and the meeting node to a goal, are the route.

    Property: optimal with a consistent estimate (manhattan without
    diagonals; octile, euclidean or chebyshev with them, all at weight 1):
    a cheaper route would keep a node on the side that stopped with a
    priority below the route found.  PathFinding.js's BiAStarFinder stops
    at the first meeting instead, which is faster but not always shortest.
    With weight above 1 the route may be longer and a note says so.
    Source: Pohl (1971), bidirectional search; Goldberg and Harrelson
    (2005), the stopping rule for bidirectional A*.
    """
    if weight > 1 and watch:
        yield array("i", (NOTE, -1, N_HEURISTIC, 1))
    h = (estimate(maze, heuristic, maze.goals), estimate(maze, heuristic, [maze.start]))  # to the goals, to S

    def offer(i, side, p, q, c):
        return c + weight * h[i](q)

    stop = "either" if weight == 1 else "touch"
    route, visited, notes = yield from two_way(maze, watch, offer, stop, diagonal, lambda i, r: weight * h[i](r))
    return route, visited, [(N_HEURISTIC, 1, -1)] * (weight > 1) + notes


biastar.packed = True
