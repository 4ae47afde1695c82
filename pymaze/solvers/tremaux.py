from ..events import MARK, MILESTONE, M_CURRENT, M_DEAD, M_VISITED
from ..graph import path_to, steps
from ..registry import solver
from ._base import UNSEEN, end, parents


@solver("tremaux", "Trémaux's algorithm", short="Trémaux", group="walker", order=80)
def tremaux(maze, rng, watch=True):
    """Trémaux's algorithm: mark each passage as you walk it, and never walk one a third time.

    1. Stand on S.  Every move walks a passage and adds a mark to it; a
       passage may carry at most two marks.
    2. Arriving at a node already visited through a passage walked for the
       first time, turn straight back (that passage gets its second mark).
    3. Otherwise leave by a passage with no mark if there is one (chosen at
       random), else by a passage with one mark (the way back); never enter
       a passage marked twice.
    4. On reaching a goal, the passages marked exactly once form the route
       from S to it.  Standing on S with every passage marked twice, no goal
       can be reached.

    Shown: the walker (current), nodes on once-marked passages (visited),
    nodes whose passages are all marked twice (dead).
    Property: finds a route on any maze, walking each passage at most twice;
    not optimal on mazes with loops.  Source: Charles Pierre Trémaux,
    described by Lucas, "Récréations mathématiques" (1882).
    """
    g, tables, side, keys, size = passage_keys(maze)
    mark, n = maze.mark, len(maze.wall)
    start, goals = maze.start, set(maze.goals)
    walked = bytearray(size)    # per passage: how many times it was walked (0, 1 or 2)
    once = bytearray(n)         # per node: how many of its passages are walked exactly once
    seen = bytearray(n)
    ever = bytearray(n)         # per node: ever marked visited (it may turn dead later)
    seen[start] = 1
    here, came, key, revisit = start, -1, -1, False
    if watch:
        yield (MARK | MILESTONE, start, mark[start], M_CURRENT)
    mark[start] = M_CURRENT
    while here not in goals:
        if revisit:
            nxt = came          # straight back: ``key`` still names the passage just walked
        else:
            fresh, back = [], None
            for d, d2 in tables[side[here]]:
                if not g[here + d]:
                    k = here + (d if keys is None else keys[d])
                    if not walked[k]:
                        fresh.append((here + d2, k))
                    elif walked[k] == 1 and back is None:
                        back = (here + d2, k)
            if fresh:
                nxt, key = rng.choice(fresh)
            elif back is not None:
                nxt, key = back
            else:
                break           # on S with every passage walked twice
        walked[key] += 1
        if walked[key] == 1:
            once[here] += 1
            once[nxt] += 1
            revisit = seen[nxt]
        else:
            once[here] -= 1
            once[nxt] -= 1
            revisit = False
        seen[nxt] = 1
        left = M_VISITED if once[here] else M_DEAD
        ever[here] |= once[here] > 0
        if watch:
            yield (MARK, here, mark[here], left, MARK | MILESTONE, nxt, mark[nxt], M_CURRENT)
        mark[here], mark[nxt] = left, M_CURRENT
        came, here = here, nxt
    path = None
    if here in goals:           # the passages walked once join S to ``here``: find that path breadth-first
        parent = parents(maze)
        parent[start] = start
        order = [start]
        for p in order:
            for d, d2 in tables[side[p]]:
                if not g[p + d] and walked[p + (d if keys is None else keys[d])] == 1 and parent[p + d2] == UNSEEN:
                    parent[p + d2] = p
                    order.append(p + d2)
        path = path_to(parent, here)
    path, _, notes = yield from end(maze, path, watch)
    return path, ever.count(1), notes


def passage_keys(maze):
    """``(g, tables, side, keys, size)``: the neighbour loop of ``pymaze.graph.steps`` and, for a
    move ``(d, d2)`` from node ``p``, a number naming the passage it walks, the same from both
    ends and below ``size``: ``p + d`` (the passage square) on thin and graph mazes, where ``keys``
    is None; ``p + keys[d]`` on block mazes (the higher square for a move east or west, the lower
    one plus the squares' count for a move north or south)."""
    g, tables, side = steps(maze)
    n = len(maze.wall)
    if maze.lattice is not None or maze.geometry != "block":
        return g, tables, side, None, n
    w = maze.width
    return g, tables, side, {1: 1, -1: 0, w: w + n, -w: n}, 2 * n + w + 1
