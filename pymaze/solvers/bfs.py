from collections import deque

from array import array

from ..events import CHUNK, MARK, M_FRONTIER, M_VISITED, pack, pack_steps
from ..graph import path_to, steps
from ..registry import solver
from ._base import UNSEEN, no_route, parents, quiet_no_route, quiet_route
from ._moves import close, cost_note, diagonal_param, finish, moves
from ._packed import EXPAND, KINDS, SEEN, nothing, route


@solver("bfs", "Breadth-first search", group="shortest", order=20, optimal=True, params=[diagonal_param()])
def bfs(maze, rng, diagonal="never"):
    """Breadth-first search: a shortest route in moves.

    1. Put S in a first-in first-out queue.
    2. Take the oldest node from the queue and expand it: every unseen
       neighbour is remembered with its parent and joins the queue (one step:
       the expansion is the milestone, the discoveries ride along with it).
    3. When G is discovered, walk the parents back from G to S.

    Every node at distance d is expanded before any at d + 1, so the route
    found is a shortest one in moves.  With diagonal steps on an open grid a
    diagonal counts as one move like any other: the route has the fewest
    steps, not the least octile cost.  Source: Moore (1959), Lee (1961).
    """
    if diagonal != "never":
        yield from pack_steps(_bfs_moves(maze, moves(maze, diagonal), diagonal))
        return
    mark = maze.mark
    parent = parents(maze)
    g, pair_sets, side = steps(maze)
    fixed = pair_sets[0] if len(pair_sets) == 1 else None  # a thin maze: one direction set for every cell
    start = maze.start
    goals = set(maze.goals)
    parent[start] = start
    mark[start] = M_FRONTIER
    yield array("i", (MARK, start, 0, M_FRONTIER))
    if start in goals:
        yield route(maze, [start])
        return
    queue = deque([start])
    pop, push = queue.popleft, queue.append
    frontier, visited, unseen = M_FRONTIER, M_VISITED, UNSEEN
    # The events are gathered as (kind, index) and packed a chunk at a time (see events.pack):
    # an expansion is followed by the discoveries it makes, as one step of the search would be.
    kind, index = bytearray(), []
    k, i = kind.append, index.append
    while queue:
        p = pop()
        mark[p] = visited
        k(EXPAND)
        i(p)
        for d, d2 in fixed or pair_sets[side[p]]:
            if not g[p + d] and parent[p + d2] == unseen:
                q = p + d2
                parent[q] = p
                mark[q] = frontier
                k(SEEN)
                i(q)
                if q in goals:
                    yield pack(KINDS, kind, index)
                    yield route(maze, path_to(parent, q))
                    return
                push(q)
        if len(index) >= CHUNK:
            yield pack(KINDS, kind, index)
            kind, index = bytearray(), []
            k, i = kind.append, index.append
    if index:
        yield pack(KINDS, kind, index)
    yield nothing(maze)


def _bfs_moves(maze, nbrs, diagonal):
    """The same search over ``nbrs`` (``p -> [(q, cost), ...]``), for open grids with diagonal steps."""
    mark, parent, goals = maze.mark, parents(maze), set(maze.goals)
    start = maze.start
    parent[start] = start
    mark[start] = M_FRONTIER
    yield (MARK, start, 0, M_FRONTIER)
    queue = deque([start])
    while queue:
        p = queue.popleft()
        step = close(maze, p)
        if p in goals:
            yield step
            yield from finish(maze, path_to(parent, p), diagonal)
            return
        for q, _ in nbrs(p):
            if parent[q] == UNSEEN:
                parent[q] = p
                mark[q] = M_FRONTIER
                step += (MARK, q, 0, M_FRONTIER)
                queue.append(q)
        yield step
    yield no_route(maze)


def _instant(maze, rng, diagonal="never"):
    """BFS with nobody watching: the same search and final marks, no steps; returns
    ``(route, visited, notes)`` (see ``quiet_route``)."""
    mark, parent, goals = maze.mark, parents(maze), set(maze.goals)
    start = maze.start
    parent[start] = start
    mark[start] = M_FRONTIER
    frontier, visited, unseen = M_FRONTIER, M_VISITED, UNSEEN
    queue = deque([start])
    pop, push = queue.popleft, queue.append
    if diagonal != "never":
        nbrs = moves(maze, diagonal)
        while queue:
            p = pop()
            mark[p] = visited
            if p in goals:
                path = path_to(parent, p)
                return quiet_route(maze, path, *cost_note(maze, path, diagonal))
            for q, _ in nbrs(p):
                if parent[q] == unseen:
                    parent[q] = p
                    mark[q] = frontier
                    push(q)
        return quiet_no_route(maze)
    if start in goals:
        return quiet_route(maze, [start])
    g, pair_sets, side = steps(maze)
    fixed = pair_sets[0] if len(pair_sets) == 1 else None  # a thin maze: one direction set for every cell
    while queue:
        p = pop()
        mark[p] = visited
        for d, d2 in fixed or pair_sets[side[p]]:
            if not g[p + d] and parent[p + d2] == unseen:
                q = p + d2
                parent[q] = p
                mark[q] = frontier
                if q in goals:
                    return quiet_route(maze, path_to(parent, q))
                push(q)
    return quiet_no_route(maze)


bfs.instant = _instant
bfs.packed = True
