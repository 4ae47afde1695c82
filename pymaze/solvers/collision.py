from ..events import MARK, MILESTONE, M_DEAD, M_FILLED, M_VISITED, Kinds, Trace
from ..graph import path_to, steps
from ..registry import solver
from ._base import UNSEEN, end, parents


@solver("collision", "Collision", group="fill", order=156, optimal=True)
def collision(maze, rng, watch=True):
    """Collision: flood from S in rounds; where two floods collide, the later one dies; fill what is left.

    1. Round 0 floods S.  In each round every head of the flood pours into
       each neighbour not yet flooded, which becomes a new head (one
       milestone per round).
    2. A node two heads reach in the same round, or a head that would pour
       into a node already flooded, is a collision: only the first head
       to get there goes on; the collision is shown in red (once per
       meeting).  Every loop of
       the maze is cut at a collision, so the flood is a tree.
    3. Stop when a goal is flooded (or nothing is left to flood: no route).
    4. Fill every branch of the flood that does not lead to that goal,
       from its tip back to where it split off; what is left is the route.

    Property: optimal: the goal is flooded in the round equal to its
    distance, and the branch that reached it is a shortest route.  Unlike
    mazelib's version, which walls the collision node itself (and so can
    cut the only shortest route where two equal routes merge), it stops
    only the later stream.  Source: Walter D. Pullen, "Think Labyrinth:
    Maze Algorithms" (collision solver); mazelib's Collision.
    """
    mark = maze.mark
    g, tables, side = steps(maze)
    start, goals, n = maze.start, set(maze.goals), len(maze.wall)
    trace = Trace(KINDS) if watch else None
    parent = parents(maze)
    parent[start] = start
    order, heads = [start], [start]  # every node flooded, in flood order; the heads of the flood
    mark[start] = M_VISITED
    if watch:
        trace.add(FLOODED + FIRST, start)
    goal = start if start in goals else None
    met = set()  # collisions seen, as earlier * n + later
    while heads and goal is None:
        nxt, first = [], FIRST  # the round's first event is its milestone
        for p in heads:
            for d, d2 in tables[side[p]]:
                q = p + d2
                if g[p + d] or q == parent[p]:
                    continue
                if parent[q] != UNSEEN:
                    if q * n + p not in met:  # (else the same meeting, seen from its other side)
                        met.add(p * n + q)
                        if mark[q] != M_DEAD:
                            mark[q] = M_DEAD
                            if watch:
                                trace.add(COLLIDED + first, q)
                                first = 0
                    continue
                parent[q] = p
                mark[q] = M_VISITED
                if watch:
                    trace.add(FLOODED + first, q)
                    first = 0
                nxt.append(q)
                if goal is None and q in goals:
                    goal = q
        order += nxt
        heads = nxt
        if watch and trace.full():
            yield trace.batch()
    path = path_to(parent, goal) if goal is not None else None
    if path:
        _fill(maze, parent, order, path, trace)
    route, _, notes = yield from end(maze, path, watch, trace=trace)
    return route, len(order), notes


# The events of collision, as kinds of packed events (see events.Trace): a node flooded, a
# collision, each also as the first event of its round (a milestone: kind + FIRST), and a node
# filled, by the mark it had (visited or dead).
FLOODED, COLLIDED, FIRST = 0, 1, 2
KINDS = Kinds((MARK, 0, M_VISITED), (MARK, M_VISITED, M_DEAD), (MARK | MILESTONE, 0, M_VISITED),
              (MARK | MILESTONE, M_VISITED, M_DEAD), (MARK | MILESTONE, M_VISITED, M_FILLED),
              (MARK | MILESTONE, M_DEAD, M_FILLED))
FILLED = {M_VISITED: 4, M_DEAD: 5}


def _fill(maze, parent, order, path, trace):
    """Fill every branch of the flood that does not lead to the end of ``path`` (S to the goal),
    each from its tip back to where it split off (reported to ``trace`` when there is one)."""
    mark = maze.mark
    n = len(maze.wall)
    keep = bytearray(n)
    for q in path:
        keep[q] = 1
    children = bytearray(n)  # a node's children in the flood (at most its sides)
    for q in order[1:]:
        children[parent[q]] += 1
    for q in order:  # the tips in flood order (a node comes before its children)
        if children[q] or keep[q]:
            continue
        while not keep[q]:
            if trace is not None:
                trace.add(FILLED[mark[q]], q)
            mark[q] = M_FILLED
            up = parent[q]
            children[up] -= 1
            if children[up]:
                break
            q = up


collision.packed = True
