from array import array

from ..events import N_HEURISTIC, NOTE
from ..registry import solver
from ._base import drained
from ._moves import diagonal_param, estimate, heuristic_param, moves, weight_param
from ._twoway import GH, packed, two_way, whole, whole_estimate, whole_way


@solver("biastar", "Bidirectional A*", group="shortest", order=42, optimal=True, max_cells=1_000_000,
        params=[heuristic_param(), weight_param(), diagonal_param()])
def biastar(maze, rng, heuristic="manhattan", weight=1.0, diagonal="never"):
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
    if weight > 1:
        yield array("i", (NOTE, -1, N_HEURISTIC, 1))
    yield from _search(maze, True, heuristic=heuristic, weight=weight, diagonal=diagonal)


def _search(maze, watch, flat=True, heuristic="manhattan", weight=1.0, diagonal="never"):
    """The search, watched (packed events) or not (see ``_twoway``); ``flat`` False keeps to ``two_way``."""
    hs = (estimate(maze, heuristic, maze.goals), estimate(maze, heuristic, [maze.start]))
    stop = "either" if weight == 1 else "touch"
    if flat and whole(maze, diagonal) and whole_estimate(maze, heuristic) and float(weight).is_integer():
        return whole_way(maze, GH, stop, watch, h=hs, weight=int(weight), manhattan=heuristic == "manhattan")

    def key(i, side, p, q, c):
        return side.g[p] + c + weight * hs[i](q)

    return packed(two_way(maze, moves(maze, diagonal), key, stop, diagonal, lambda i, r: weight * hs[i](r), watch),
                  watch)


def _instant(maze, rng, heuristic="manhattan", weight=1.0, diagonal="never"):
    """Bidirectional A* with nobody watching: the same search, marks and route, no events; returns
    ``(route, visited, notes)``."""
    out = drained(_search(maze, False, heuristic=heuristic, weight=weight, diagonal=diagonal))
    if weight > 1:
        out[2].insert(0, (N_HEURISTIC, 1, -1))
    return out


biastar.instant = _instant
biastar.packed = True
