from array import array

from ..events import MARK, MILESTONE, M_CURRENT, M_DEAD, M_VISITED
from ..graph import bfs_tree, links, path_to
from ..registry import solver
from ._base import no_route, show_route


@solver("tremaux", "Trémaux's algorithm", order=80)
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
