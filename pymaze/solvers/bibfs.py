from ..events import M_FRONTIER, M_FRONTIER2, M_VISITED, M_VISITED2, Trace
from ..graph import path_to, steps
from ..registry import solver
from ._base import end, parents
from ._moves import cost_note, diagonal_param
from ._twoway import EXPANDED, KINDS, REACHED


@solver("bibfs", "Bidirectional breadth-first search", short="Bidirectional BFS", group="shortest", order=70, optimal=True, params=[diagonal_param()],
        work=("Two BFS waves, from S and from G, meet in the middle: each covers a smaller disc, so "
              "less work than one BFS, and a shortest route."))
def bibfs(maze, rng, diagonal="never", watch=True):
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
    mark = maze.mark
    g, tables, side_of = steps(maze, diagonal)
    start, goals = maze.start, list(dict.fromkeys(maze.goals))
    trace = Trace(KINDS) if watch else None
    parent = (parents(maze), parents(maze))  # the waves from S and from the goals
    seen = bytearray(len(maze.wall))  # per square, bit 1: seen from S, bit 2: from the goals
    colours = ((M_FRONTIER, M_VISITED), (M_FRONTIER2, M_VISITED2))
    layers = [[start], goals]
    path = [start] if start in goals else None
    for i, roots in enumerate(layers if path is None else [[start]]):
        for r in roots:
            parent[i][r], seen[r] = r, 1 << i
            if watch:
                trace.add(REACHED[i] + mark[r], r)
            mark[r] = colours[i][0]
    expanded, turn, add = 0, 0, trace.add if watch else None
    while path is None and layers[0] and layers[1]:
        (frontier, visited), mine, bit = colours[turn], parent[turn], 1 << turn
        expand, reach, other = EXPANDED[turn], REACHED[turn], 3 - bit
        nxt = []
        for p in layers[turn]:
            expanded += 1
            if watch:
                add(expand + mark[p], p)
            mark[p] = visited
            for d, d2 in tables[side_of[p]]:
                q = p + d2
                if g[p + d]:
                    continue
                if seen[q] & other:  # the other wave has been here: the waves meet
                    a, b = (p, q) if turn == 0 else (q, p)
                    path = path_to(parent[0], a) + path_to(parent[1], b)[::-1]
                    break
                if not seen[q]:
                    seen[q], mine[q] = bit, p
                    if watch:
                        add(reach + mark[q], q)
                    mark[q] = frontier
                    nxt.append(q)
            if path:
                break
            if watch and trace.full():
                yield trace.batch()
        layers[turn], turn = nxt, 1 - turn
    route, _, notes = yield from end(maze, path, watch, cost_note(maze, path, diagonal), trace=trace)
    return route, expanded, notes


bibfs.packed = True
