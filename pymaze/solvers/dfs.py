from ..events import MARK, MILESTONE, M_CURRENT, M_STACK, M_VISITED, Kinds, Trace
from ..graph import steps
from ..registry import Param, solver
from ._base import end

# The walk's events, as kinds of packed events (see events.Trace): the old head joins the body
# and a node becomes the head (a milestone); a dead end is finished and the node below it becomes
# the head again (a milestone); the last node backs out of an empty stack (a milestone).
KINDS = Kinds((MARK, M_CURRENT, M_STACK), (MARK | MILESTONE, 0, M_CURRENT), (MARK, M_CURRENT, M_VISITED),
              (MARK | MILESTONE, M_STACK, M_CURRENT), (MARK | MILESTONE, M_CURRENT, M_VISITED))
BODY, HEAD, FINISHED, BACK_HEAD, LAST = range(5)
AHEAD, BACK = bytes((BODY, HEAD)), bytes((FINISHED, BACK_HEAD))


@solver("dfs", "Depth-first search", short="DFS", group="walker", order=10, optimal=False, params=[
    Param("order", "choice", "fixed", choices=("fixed", "random"),
          help="fixed: try neighbours north, east, south, west; random: shuffle them at every node"),
], work=("Follows one corridor to its end before trying another: lucky or very long, and its route"
         " is whatever it walked."))
def dfs(maze, rng, order="fixed", watch=True):
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
    mark = maze.mark  # the maze starts unmarked: a marked node has been seen
    wall, tables, side = steps(maze)
    start, goals = maze.start, set(maze.goals)
    shuffle = rng.shuffle if order == "random" else None
    trace = Trace(KINDS) if watch else None
    mark[start] = M_CURRENT
    if watch:
        trace.add(HEAD, start)
    stack, tries = [start], [_moves(wall, tables[side[start]], start, shuffle)]
    current, body, visited = M_CURRENT, M_STACK, M_VISITED
    while stack and stack[-1] not in goals:
        p = stack[-1]
        for d, d2 in tries[-1]:
            if not wall[p + d] and not mark[p + d2]:
                q = p + d2
                mark[p], mark[q] = body, current
                if watch:
                    trace.step(AHEAD, p, q)
                stack.append(q)
                tries.append(iter(tables[side[q]]) if shuffle is None else _moves(wall, tables[side[q]], q, shuffle))
                break
        else:
            stack.pop()
            tries.pop()
            mark[p] = visited
            if stack:
                mark[stack[-1]] = current
                if watch:
                    trace.step(BACK, p, stack[-1])
            elif watch:
                trace.add(LAST, p)
        if watch and trace.full():
            yield trace.batch()
    return (yield from end(maze, stack, watch, trace=trace))


def _moves(wall, moves, p, shuffle):
    """Node ``p``'s moves to try, in order: as they come, or its open ones shuffled."""
    if shuffle is None:
        return iter(moves)
    out = [move for move in moves if not wall[p + move[0]]]
    shuffle(out)
    return iter(out)


dfs.packed = True
