from array import array

from ..events import CHUNK, MARK, M_FRONTIER, M_FRONTIER2, M_VISITED, M_VISITED2, pack
from ..graph import path_to, steps
from ..registry import solver
from ._base import parents
from ._moves import diagonal_param, moves
from ._twoway import EXPANDED, KINDS, REACHED, packed_end, quiet_end, stepped, twin


@solver("bibfs", "Bidirectional breadth-first search", group="shortest", order=70, optimal=True, params=[diagonal_param()])
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
    yield from _layers(maze, True, diagonal)


def _layers(maze, watch, diagonal="never"):
    """The search over flat parent tables, watched (its events packed in chunks) or not (no
    events: returns ``(route, visited, notes)``).  With diagonal steps it walks ``moves``."""
    mark = maze.mark
    start, goals = maze.start, list(dict.fromkeys(maze.goals))
    g, tables, side = steps(maze) if diagonal == "never" else stepped(moves(maze, diagonal))
    mark[start] = M_FRONTIER
    if start in goals:
        if not watch:
            return quiet_end(maze, [start], 0, diagonal)
        yield array("i", (MARK, start, 0, M_FRONTIER))
        yield packed_end(maze, [start], diagonal)
        return
    fixed = tables[0] if diagonal == "never" and len(tables) == 1 else None  # thin: one direction set for all
    ends = (parents(maze), parents(maze))
    ends[0][start] = start
    seen = bytearray(len(maze.wall))  # per square, bit 1: reached from S, bit 2: from the goals
    seen[start] = 1
    for s in goals:
        ends[1][s] = s
        seen[s] = 2
        mark[s] = M_FRONTIER2
    if watch:
        yield array("i", [MARK, start, 0, M_FRONTIER] + [x for s in goals for x in (MARK, s, 0, M_FRONTIER2)])
    sides = [[ends[0], [start], 1, M_FRONTIER, M_VISITED, EXPANDED[0], REACHED[0]],
             [ends[1], goals, 2, M_FRONTIER2, M_VISITED2, EXPANDED[1], REACHED[1]]]
    kind, index = bytearray(), []
    k, i = kind.append, index.append
    path, expanded, turn = None, 0, 0
    while sides[0][1] and sides[1][1] and path is None:
        parent, layer, bit, frontier, visited, expand, reach = sides[turn]
        other = 3 - bit
        nxt = []
        for p in layer:
            mark[p] = visited
            if watch:
                k(expand + frontier)
                i(p)
            for d, d2 in fixed or tables[side[p]]:
                if g[p + d]:
                    continue
                q = p + d2
                s = seen[q]
                if s & other:
                    a, b = (p, q) if turn == 0 else (q, p)
                    there = path_to(ends[1], b)
                    there.reverse()
                    path = path_to(ends[0], a) + there
                    expanded += layer.index(p) + 1
                    break
                if not s:  # (reached from this side it would be s == bit)
                    seen[q] = bit
                    parent[q] = p
                    if watch:
                        k(reach + mark[q])
                        i(q)
                    mark[q] = frontier
                    nxt.append(q)
            else:
                if watch and len(index) >= CHUNK:
                    yield pack(KINDS, kind, index)
                    kind, index = bytearray(), []
                    k, i = kind.append, index.append
                continue
            break
        else:
            expanded += len(layer)
        sides[turn][1] = nxt
        turn = 1 - turn
    if not watch:
        return quiet_end(maze, path, expanded, diagonal)
    if index:
        yield pack(KINDS, kind, index)
    yield packed_end(maze, path, diagonal)


bibfs.instant = twin(_layers)
bibfs.packed = True
