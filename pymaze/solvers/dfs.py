from array import array

from ..events import CHUNK, MARK, MILESTONE, M_CURRENT, M_STACK, M_VISITED, Kinds, pack
from ..graph import steps
from ..registry import Param, solver
from ._base import quiet_no_route, quiet_route
from ._packed import nothing, route

# The steps of the watched walk as kinds of packed events (see events.pack), two events each, on
# the old head and the new one: AHEAD, the head joins the body and a new node becomes the head (a
# milestone); BACK, the head (a dead end) is finished and the node below it becomes the head again
# (a milestone).  The last step of a walk that finds no goal, the last node backing out, is one event.
KINDS = Kinds(((MARK, M_CURRENT, M_STACK), (MARK | MILESTONE, 0, M_CURRENT)),
              ((MARK, M_CURRENT, M_VISITED), (MARK | MILESTONE, M_STACK, M_CURRENT)))
AHEAD, BACK = 0, 1


@solver("dfs", "Depth-first search", group="walker", order=10, optimal=False, params=[
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
    mark = maze.mark
    start, goals = maze.start, set(maze.goals)
    shuffle = rng.shuffle if order == "random" else None
    mark[start] = M_CURRENT
    yield array("i", (MARK | MILESTONE, start, 0, M_CURRENT))
    g, tried, fixed = _tries(maze, shuffle)
    stack, tries = [start], [tried(start)]
    push, pop, current, body, visited = stack.append, stack.pop, M_CURRENT, M_STACK, M_VISITED
    # A step moves the head from the node the last step left it on to a new one: the steps are
    # gathered as their kinds and new heads, and packed a chunk at a time (see _packed).
    kind, heads, head = bytearray(), [], start
    k, h = kind.append, heads.append
    while stack:
        p = stack[-1]
        if p in goals:
            break
        if len(heads) >= CHUNK:
            yield _packed(kind, heads, head)
            kind, heads, head = bytearray(), [], heads[-1]
            k, h = kind.append, heads.append
        for d, d2 in tries[-1]:
            if not g[p + d] and not mark[p + d2]:  # (the maze starts unmarked: marked is seen)
                break
        else:
            pop()
            tries.pop()
            mark[p] = visited
            if stack:
                mark[stack[-1]] = current
                k(BACK)
                h(stack[-1])
            else:
                if heads:
                    yield _packed(kind, heads, head)
                yield array("i", (MARK | MILESTONE, p, M_CURRENT, M_VISITED))
                kind, heads = bytearray(), []
            continue
        q = p + d2
        mark[p], mark[q] = body, current
        k(AHEAD)
        h(q)
        push(q)
        tries.append(iter(fixed) if fixed else tried(q))
    if heads:
        yield _packed(kind, heads, head)
    yield route(maze, stack) if stack else nothing(maze)


def _packed(kind, heads, head):
    """The steps packed: step ``i`` of kind ``kind[i]`` moves the head from ``heads[i - 1]``
    (``head`` for the first) to ``heads[i]``."""
    index = heads * 2
    index[0::2] = [head, *heads[:-1]]
    index[1::2] = heads
    return pack(KINDS, kind, index)


def _tries(maze, shuffle):
    """``(g, tried, fixed)``: ``tried(p)`` iterates node p's moves as (passage, node) offsets, to be
    tried lazily in order (open where ``g`` is 0 at the passage); with a shuffle, its open moves
    shuffled (the draws a shuffle of its neighbour list makes).  ``fixed``: the one move set of
    every node (a thin maze, no shuffle), whose iterator can be made directly; else None."""
    g, pair_sets, side = steps(maze)
    fixed = pair_sets[0] if len(pair_sets) == 1 and shuffle is None else None

    def tried(p):
        pairs = pair_sets[side[p]]
        if shuffle is None:
            return iter(pairs)
        out = [pair for pair in pairs if not g[p + pair[0]]]
        shuffle(out)
        return iter(out)
    return g, tried, fixed


def _instant(maze, rng, order="fixed"):
    """DFS with nobody watching: the same walk (the same shuffles), the nodes backed out of marked
    visited and the stack marked as the route; returns ``(route, visited, notes)``."""
    mark = maze.mark
    start, goals = maze.start, set(maze.goals)
    g, tried, fixed = _tries(maze, rng.shuffle if order == "random" else None)
    visited = M_VISITED
    seen = bytearray(len(maze.wall))
    seen[start] = 1
    stack, tries = [start], [tried(start)]
    push, pop = stack.append, stack.pop
    while stack:
        p = stack[-1]
        if p in goals:
            return quiet_route(maze, stack)
        for d, d2 in tries[-1]:
            if not g[p + d] and not seen[p + d2]:
                q = p + d2
                seen[q] = 1
                push(q)
                tries.append(iter(fixed) if fixed else tried(q))
                break
        else:
            pop()
            tries.pop()
            mark[p] = visited
    return quiet_no_route(maze)


dfs.instant = _instant
dfs.packed = True
