from ..events import MARK, MILESTONE, M_CURRENT, M_STACK, M_VISITED
from ..graph import links
from ..registry import Param, solver
from ._base import no_route, quiet_no_route, quiet_route, show_route


@solver("dfs", "Depth-first search", order=10, optimal=False, params=[
    Param("order", "choice", "fixed", choices=("fixed", "random"),
          help="fixed: try neighbours north, east, south, west; random: shuffle them at every node"),
])
def dfs(maze, rng, order="fixed"):
    """Depth-first search: follow one route until it dead-ends, then back up.

    1. Put S on a stack; it is the head of the walk.
    2. From the head, step to the first neighbour not seen before (north,
       east, south, west, or a shuffled order): it joins the stack and
       becomes the head, the old head stays on the stack behind it.
    3. When the head has no unseen neighbour left, it is a dead end: take it
       off the stack (it is finished) and back up to the node below it.
    4. When the head is a goal, the stack from S to the head is the route.
       An empty stack means no goal can be reached.

    The trail is a snake: the stack is the body, finished nodes stay
    behind.  Property: finds a route whenever one exists, not necessarily
    a shortest one (every node is entered at most once).  Source: Trémaux's
    exploration (19th century), as formalised by Tarjan (1972).
    """
    nbrs = links(maze)
    mark = maze.mark
    start, goals = maze.start, set(maze.goals)
    shuffle = rng.shuffle if order == "random" else None

    def ahead(p):
        out = nbrs(p)
        if shuffle is not None:
            shuffle(out)
        return iter(out)

    seen = bytearray(len(maze.wall))
    seen[start] = 1
    mark[start] = M_CURRENT
    yield (MARK | MILESTONE, start, 0, M_CURRENT)
    stack, tries = [start], [ahead(start)]
    while stack and stack[-1] not in goals:
        p = stack[-1]
        for q in tries[-1]:
            if not seen[q]:
                break
        else:
            stack.pop()
            tries.pop()
            mark[p] = M_VISITED
            if stack:
                mark[stack[-1]] = M_CURRENT
                yield (MARK, p, M_CURRENT, M_VISITED, MARK | MILESTONE, stack[-1], M_STACK, M_CURRENT)
            else:
                yield (MARK | MILESTONE, p, M_CURRENT, M_VISITED)
            continue
        seen[q] = 1
        mark[p], mark[q] = M_STACK, M_CURRENT
        yield (MARK, p, M_CURRENT, M_STACK, MARK | MILESTONE, q, 0, M_CURRENT)
        stack.append(q)
        tries.append(ahead(q))
    if not stack:
        yield no_route(maze)
        return
    yield from show_route(maze, stack)


def _instant(maze, rng, order="fixed"):
    """DFS with nobody watching: the same walk (the same shuffles), the nodes backed out of marked
    visited and the stack marked as the route; returns ``(route, visited, notes)``."""
    mark = maze.mark
    start, goals = maze.start, set(maze.goals)
    nbrs, shuffle = links(maze), rng.shuffle if order == "random" else None

    def ahead(p):
        out = nbrs(p)
        if shuffle is not None:
            shuffle(out)
        return iter(out)
    visited = M_VISITED
    seen = bytearray(len(maze.wall))
    seen[start] = 1
    stack, tries = [start], [ahead(start)]
    push, pop = stack.append, stack.pop
    while stack:
        p = stack[-1]
        if p in goals:
            return quiet_route(maze, stack)
        for q in tries[-1]:
            if not seen[q]:
                seen[q] = 1
                push(q)
                tries.append(ahead(q))
                break
        else:
            pop()
            tries.pop()
            mark[p] = visited
    return quiet_no_route(maze)


dfs.instant = _instant
