from array import array

from ..events import MARK, MILESTONE, M_CURRENT, M_DEAD, M_VISITED, N_NO_ROUTE
from ..graph import bfs_tree, links, path_to, steps
from ..registry import solver
from ._base import UNSEEN, no_route, parents, quiet_route, show_route


@solver("tremaux", "Trémaux's algorithm", group="walker", order=80)
def tremaux(maze, rng):
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
    nbrs = links(maze)
    mark = maze.mark
    start, goals = maze.start, set(maze.goals)
    n = len(maze.wall)
    marks = {}                   # passage -> 1 or 2, keyed low node * n + high node
    once = array("i", bytes(4 * n))  # per node: how many of its passages are marked exactly once
    seen = bytearray(n)
    seen[start] = 1
    here, came, revisit = start, None, False
    mark[start] = M_CURRENT
    yield (MARK | MILESTONE, start, 0, M_CURRENT)
    while here not in goals:
        options = nbrs(here)
        if revisit:
            nxt = came
        else:
            fresh = [q for q in options if (here * n + q if here < q else q * n + here) not in marks]
            if fresh:
                nxt = rng.choice(fresh)
            else:
                used = [q for q in options if marks[here * n + q if here < q else q * n + here] == 1]
                if not used:
                    break
                nxt = used[0]
        key = here * n + nxt if here < nxt else nxt * n + here
        count = marks.get(key, 0) + 1
        marks[key] = count
        delta = 1 if count == 1 else -1
        once[here] += delta
        once[nxt] += delta
        revisit = seen[nxt] and count == 1
        seen[nxt] = 1
        left = M_VISITED if once[here] else M_DEAD
        step = (MARK, here, mark[here], left, MARK | MILESTONE, nxt, mark[nxt], M_CURRENT)
        mark[here], mark[nxt] = left, M_CURRENT
        came, here = here, nxt
        yield step
    if here not in goals:
        yield no_route(maze)
        return
    def walked_once(p):
        return [q for q in nbrs(p) if marks.get(p * n + q if p < q else q * n + p) == 1]
    _, parent = bfs_tree(walked_once, start)
    yield from show_route(maze, path_to(parent, here))


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


def _instant(maze, rng):
    """Trémaux with nobody watching: the same walk (the same draws), final marks and notes; returns
    ``(route, visited, notes)`` (see ``Run.finish``)."""
    mark = maze.mark
    g, tables, side, keys, size = passage_keys(maze)
    n = len(maze.wall)
    start = maze.start
    goal = bytearray(n)
    for q in maze.goals:
        goal[q] = 1
    walked = bytearray(size)   # per passage: how many times it was walked (0, 1 or 2)
    once = bytearray(n)        # per node: how many of its passages are walked exactly once
    seen = bytearray(n)
    left = bytearray(n)        # nodes ever marked visited (a node left with a passage walked once)
    seen[start] = 1
    choice = rng.choice
    here, came, key, revisit = start, -1, -1, False
    visited, dead, current = M_VISITED, M_DEAD, M_CURRENT
    mark[start] = current
    while not goal[here]:
        if revisit:
            nxt = came          # ``key`` still names the passage just walked
        else:
            fresh, back = [], None
            for d, d2 in tables[side[here]]:
                if not g[here + d]:
                    k = here + (d if keys is None else keys[d])
                    c = walked[k]
                    if not c:
                        fresh.append((here + d2, k))
                    elif c == 1 and back is None:
                        back = (here + d2, k)
            if fresh:
                nxt, key = choice(fresh)
            elif back is not None:
                nxt, key = back
            else:
                break
        c = walked[key] + 1
        walked[key] = c
        if c == 1:
            once[here] += 1
            once[nxt] += 1
            revisit = seen[nxt]
        else:
            once[here] -= 1
            once[nxt] -= 1
            revisit = False
        seen[nxt] = 1
        if once[here]:
            mark[here] = visited
            left[here] = 1
        else:
            mark[here] = dead
        mark[nxt] = current
        came, here = here, nxt
    count = left.count(1)
    if not goal[here]:
        return [], count, [(N_NO_ROUTE, 0, maze.goal)]
    # The passages walked once join S to ``here``: the same breadth-first search as the steps'.
    parent = parents(maze)
    parent[start] = start
    order = [start]
    for p in order:
        for d, d2 in tables[side[p]]:
            if not g[p + d] and walked[p + (d if keys is None else keys[d])] == 1 and parent[p + d2] == UNSEEN:
                parent[p + d2] = p
                order.append(p + d2)
    path, _, notes = quiet_route(maze, path_to(parent, here))
    return path, count, notes


tremaux.instant = _instant
