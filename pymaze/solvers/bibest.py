from ..registry import solver
from ._moves import diagonal_param, estimate, heuristic_param, moves
from ._twoway import H, packed, twin, two_way, whole, whole_estimate, whole_way


@solver("bibest", "Bidirectional best-first search", group="open", order=62, optimal=False,
        params=[heuristic_param(), diagonal_param()])
def bibest(maze, rng, heuristic="manhattan", diagonal="never"):
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
    yield from _search(maze, True, heuristic=heuristic, diagonal=diagonal)


def _search(maze, watch, flat=True, heuristic="manhattan", diagonal="never"):
    """The search, watched (packed events) or not (see ``_twoway``); ``flat`` False keeps to ``two_way``."""
    hs = (estimate(maze, heuristic, maze.goals), estimate(maze, heuristic, [maze.start]))
    if flat and whole(maze, diagonal) and whole_estimate(maze, heuristic):
        return whole_way(maze, H, "touch", watch, h=hs, manhattan=heuristic == "manhattan")

    def key(i, side, p, q, c):
        return hs[i](q)

    return packed(two_way(maze, moves(maze, diagonal), key, "touch", diagonal, lambda i, r: hs[i](r), watch), watch)


bibest.instant = twin(_search)
bibest.packed = True
