from ..events import MARK, MILESTONE, M_FRONTIER, M_FRONTIER2, M_VISITED, M_VISITED2
from ..graph import path_to
from ..registry import solver
from ._base import no_route
from ._moves import diagonal_param, finish, moves


@solver("bibfs", "Bidirectional breadth-first search", order=70, optimal=True, params=[diagonal_param()])
def bibfs(maze, rng, diagonal="never"):
    """Bidirectional breadth-first search: two waves, from S and from the goals, meet in the middle.

    1. One wave starts at S, the other at every goal at once; each keeps
       its own parents and its own frontier (shown in two colours).
    2. The waves take turns, one whole layer at a time: every node of the
       side's current frontier is expanded, one step each, and its unseen
       neighbours form the side's next layer.
    3. The first time an expansion touches a node the other wave has seen,
       the route is S's parents up to the expanded node, then the other
       wave's parents from the touched node down to a goal.
    4. When a side runs out of frontier without meeting, no goal can be
       reached.

    Property: optimal.  Before a layer from S at depth a is expanded, no
    node has been seen by both waves, so every route is longer than a + b
    (b: the goal wave's depth); the meeting found in that layer is a route
    of length at most a + 1 + b, hence a shortest one (in moves: with
    diagonal steps a diagonal counts as one move).
    Source: Pohl (1971), bidirectional search.
    """
    nbrs = moves(maze, diagonal)
    mark = maze.mark
    start, goals = maze.start, list(dict.fromkeys(maze.goals))
    if start in goals:
        mark[start] = M_FRONTIER
        yield (MARK, start, 0, M_FRONTIER)
        yield from finish(maze, [start], diagonal)
        return
    sides = [({start: start}, [start], M_FRONTIER, M_VISITED),
             ({g: g for g in goals}, goals, M_FRONTIER2, M_VISITED2)]
    for s in [start] + goals:
        mark[s] = M_FRONTIER if s == start else M_FRONTIER2
    yield (MARK, start, 0, M_FRONTIER) + tuple(x for g in goals for x in (MARK, g, 0, M_FRONTIER2))
    turn = 0
    while sides[0][1] and sides[1][1]:
        parent, layer, frontier, visited = sides[turn]
        other = sides[1 - turn][0]
        nxt = []
        for p in layer:
            mark[p] = visited
            step = [MARK | MILESTONE, p, frontier, visited]
            for q, _ in nbrs(p):
                if q in other:
                    yield step
                    a, b = (p, q) if turn == 0 else (q, p)
                    there = path_to(sides[1][0], b)
                    there.reverse()
                    yield from finish(maze, path_to(sides[0][0], a) + there, diagonal)
                    return
                if q not in parent:
                    parent[q] = p
                    step += (MARK, q, mark[q], frontier)
                    mark[q] = frontier
                    nxt.append(q)
            yield step
        sides[turn] = (parent, nxt, frontier, visited)
        turn = 1 - turn
    yield no_route(maze)
