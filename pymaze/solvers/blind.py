from ..events import MARK, MILESTONE, M_DEAD, M_FILLED, Kinds, Trace
from ..graph import links, steps
from ..registry import Param, solver
from ._base import end, route_to_goal
from ._fill import live_squares


@solver("blind", "Blind alley filler / sealer", short="Blind alley filler", group="fill", order=132, optimal=True, max_cells=1_000_000, params=[
    Param("method", "choice", "filler", choices=("filler", "sealer"),
          help="filler fills every blind alley; sealer only seals each one at its entrance"),
])
def blind(maze, rng, method="filler", watch=True):
    """Blind alley filler and sealer: find every part of the maze no route to G can use, and close it.

    1. A blind alley is a connected part of the maze that hangs off the
       rest at one point, or one that only loops back (a cul-de-sac): no
       simple route from S to G passes through it.  Find the nodes that
       some simple S-G route passes through (the blocks of the block-cut
       tree on the way from S to the goals); each connected region of the
       other nodes reachable from S is one blind alley.
    2. Filler: fill each blind alley, region by region, outwards from its
       entrance (a milestone per node).  Sealer: mark only the entrance
       node of each alley (red), sealing it off, one milestone per alley.
    3. The nodes left open are exactly those on some simple route; a
       breadth-first search among them gives the route shown.

    Property: works with loops (dead-end filling alone leaves cul-de-sacs
    standing); optimal, since every shortest route is simple and so stays
    open.  The sealer makes as many marks as there are alleys, the filler
    as many as there are blind nodes.  Source: Walter D. Pullen, "Think
    Labyrinth: Maze Algorithms" (blind alley filler and sealer); mazelib's
    BlindAlley; Hopcroft and Tarjan (1973) for the blocks.
    """
    mark = maze.mark
    g, tables, side = steps(maze)
    start = maze.start
    live = live_squares(maze)
    if not live[start]:
        return (yield from end(maze, None, watch))
    trace = Trace(KINDS) if watch else None
    reach = [start]  # every node S reaches, breadth-first: the first of each alley is its entrance
    seen = bytearray(len(maze.wall))
    seen[start] = 1
    for p in reach:
        for d, d2 in tables[side[p]]:
            if not g[p + d] and not seen[p + d2]:
                seen[p + d2] = 1
                reach.append(p + d2)
    seen = bytearray(live)  # now: live, or in an alley already found
    for entrance in reach:
        if seen[entrance]:
            continue
        seen[entrance] = 1
        alley = [entrance]
        for p in alley:
            for d, d2 in tables[side[p]]:
                if not g[p + d] and not seen[p + d2]:
                    seen[p + d2] = 1
                    alley.append(p + d2)
        for p in (alley if method == "filler" else [entrance]):
            mark[p] = M_FILLED if method == "filler" else M_DEAD
            if watch:
                trace.add(FILL if method == "filler" else SEAL, p)
        if watch and trace.full():
            yield trace.batch()
    return (yield from end(maze, route_to_goal(maze, links(maze), live), watch, trace=trace))


FILL, SEAL = 0, 1
KINDS = Kinds((MARK | MILESTONE, 0, M_FILLED), (MARK | MILESTONE, 0, M_DEAD))
blind.packed = True
