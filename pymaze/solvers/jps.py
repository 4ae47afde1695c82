import heapq

from ..events import MARK, MILESTONE, M_JUMP, M_SCANNED, M_VISITED, Kinds, Trace
from ..graph import path_to
from ..registry import solver
from ._base import end
from ._moves import (DIAGONAL, EPS, ORTHOGONAL, SQRT2, allows, cost_note, diagonal_param, estimate, filled_in, framed,
                     heuristic_param, sign)

# The search's events, as kinds of packed events (see events.Trace): a square closed (a milestone)
# and a square queued as a jump point, each from the mark it had (kind CLOSED + old, JUMPED + old),
# and a square scanned.
MARKS = range(M_JUMP + 1)
KINDS = Kinds(*((MARK | MILESTONE, old, M_VISITED) for old in MARKS), *((MARK, old, M_JUMP) for old in MARKS),
              (MARK, 0, M_SCANNED))
CLOSED, JUMPED, SCANNED = 0, len(MARKS), 2 * len(MARKS)


@solver("jps", "Jump point search", short="JPS", group="open", order=46, shapes=("square",), optimal=True, geometries=("block",),
        params=[heuristic_param(), diagonal_param()])
def jps(maze, rng, heuristic="manhattan", diagonal="never", watch=True):
    """Jump point search: A* that queues only the squares where a route may have to turn.

    1. Queue S as in A* (priority g + h).
    2. Take the queued square of least priority (ties: the smaller h,
       then the earliest queued).  If it is a goal, the
       route is the chain of jump points back to S, filled in square by
       square.
    3. Prune its neighbours: coming from its parent, keep the square
       straight ahead, the ones a turn there may reach more cheaply than
       through the parent (the "natural" ones), and the "forced" ones a
       wall beside the square makes necessary; S keeps all.
    4. From each kept neighbour, jump: scan on in the same direction
       (shown as scanned) until a wall (nothing found), a goal, or a jump
       point: a square with a forced neighbour, or, on a diagonal (and on
       a vertical scan without diagonals), a square from which a straight
       scan finds one.  Queue each jump point found (g + its octile
       distance) as A* would.
    5. An empty queue means no goal can be reached.

    The forced-neighbour tests follow the diagonal rule: never (the
    orthogonal variant for four-connected grids), no-corners, one-blocked
    and always, as in PathFinding.js.
    Property: optimal (the same cost as A*), with far fewer queue
    operations on open ground: symmetric routes through empty space are
    pruned to one.  Block view only.  Source: Harabor and Grastien,
    "Online Graph Pruning for Pathfinding on Grid Maps" (2011);
    PathFinding.js JumpPointFinder and its four diagonal variants (imor).
    """
    W, G = framed(maze)  # square p of the maze is P = p + p // w on the framed grid
    w, rule, mark = maze.width, diagonal, maze.mark
    h = estimate(maze, heuristic, maze.goals)
    start, goals = maze.start + maze.start // w, {t + t // w for t in maze.goals}
    trace = Trace(KINDS) if watch else None
    scans = []  # the squares the last jump marked scanned, in order

    def is_open(P, dx, dy):
        return not G[P + dx + dy * W]

    corners = rule in ("always", "one-blocked")  # a diagonal step may pass a wall beside it

    def forced(dx, dy):
        """Where a scan in direction (dx, dy) meets a forced neighbour: ``(a, b, c, e)``, a square
        P has one when P + a is open and P + b wall, or P + c open and P + e wall (None: never)."""
        if dx and dy:  # a wall beside the scan with the square past it open
            return (-dx + dy * W, -dx, dx - dy * W, -dy * W) if corners else None
        side, ahead = dy + dx * W, dx + dy * W
        if not corners:  # a side open whose square behind is wall
            return side, side - ahead, -side, -side - ahead
        return side + ahead, side, ahead - side, -side  # the square ahead of a side wall open

    tests = {move: forced(*move) for move in ORTHOGONAL + DIAGONAL}

    def jump(P, dx, dy):
        """Scan from P on in direction (dx, dy), marking the squares scanned: the first jump point, or -1."""
        test = tests[dx, dy]
        a, b, c, e = test or (0, 0, 0, 0)
        while not G[P]:
            p = P - P // W
            if not mark[p]:
                mark[p] = M_SCANNED
                scans.append(p)
            if P in goals or test and (not G[P + a] and G[P + b] or not G[P + c] and G[P + e]):
                return P
            if dx and dy:
                if jump(P + dx, dx, 0) >= 0 or jump(P + dy * W, 0, dy) >= 0:
                    return P
                if not allows(rule, is_open(P, dx, 0), is_open(P, 0, dy)):
                    return -1
            elif rule == "never" and dy:
                if jump(P + 1, 1, 0) >= 0 or jump(P - 1, -1, 0) >= 0:
                    return P
            P += dx + dy * W
        return -1

    def pruned(P, parent):
        """The neighbours of P worth scanning from, coming from ``parent``, as (square, dx, dy)."""
        if parent == P:  # S: every move the rule allows
            free = [is_open(P, dx, dy) for dx, dy in ORTHOGONAL]
            moves = [move for move, ok in zip(ORTHOGONAL, free) if ok]
            if rule != "never":
                moves += [(dx, dy) for i, (dx, dy) in enumerate(DIAGONAL)
                          if is_open(P, dx, dy) and allows(rule, free[i], free[(i + 1) % 4])]
        else:
            dx, dy = sign(P % W - parent % W), sign(P // W - parent // W)
            moves = []
            if dx and dy:  # on a diagonal
                a, b = is_open(P, 0, dy), is_open(P, dx, 0)
                if a:
                    moves.append((0, dy))
                if b:
                    moves.append((dx, 0))
                if allows(rule, a, b):
                    moves.append((dx, dy))
                if corners and not is_open(P, -dx, 0) and (rule == "always" or a):
                    moves.append((-dx, dy))
                if corners and not is_open(P, 0, -dy) and (rule == "always" or b):
                    moves.append((dx, -dy))
            else:  # straight on, then the side (dy, dx), then the other one
                ahead = is_open(P, dx, dy)
                if ahead:
                    moves.append((dx, dy))
                for sx, sy in ((dy, dx), (-dy, -dx)):
                    side = is_open(P, sx, sy)
                    if rule == "no-corners" and side and ahead:
                        moves.append((dx + sx, dy + sy))
                    if side and not corners:
                        moves.append((sx, sy))
                    if corners and not side and (rule == "always" or ahead):
                        moves.append((dx + sx, dy + sy))
        return [(P + dx + dy * W, dx, dy) for dx, dy in moves]

    cost, parent, closed = {start: 0}, {start: start}, set()
    order = 0
    open_heap = [(h(maze.start), h(maze.start), order, start)]
    mark[maze.start] = M_JUMP
    if watch:
        trace.add(JUMPED, maze.start)
    path = None
    while open_heap:
        f, hp, _, P = heapq.heappop(open_heap)
        if P in closed or f > cost[P] + hp + EPS:
            continue  # a stale entry
        closed.add(P)
        p = P - P // W
        if watch:
            trace.add(CLOSED + mark[p], p)
        mark[p] = M_VISITED
        if P in goals:
            path = [Q - Q // W for Q in filled_in(W, path_to(parent, P))]
            break
        px, py = P % W, P // W
        for Q, dx, dy in pruned(P, parent[P]):
            J = jump(Q, dx, dy)
            if watch:
                trace.add_all(SCANNED, scans)
            scans.clear()
            if J < 0 or J in closed:
                continue
            ax, ay = abs(J % W - px), abs(J // W - py)
            c = cost[P] + max(ax, ay) + (SQRT2 - 1) * min(ax, ay)
            if c < cost.get(J, c + 1) - EPS:
                cost[J], parent[J] = c, P
                j = J - J // W
                hj = h(j)
                order += 1
                heapq.heappush(open_heap, (c + hj, hj, order, J))
                if mark[j] != M_JUMP:
                    if watch:
                        trace.add(JUMPED + mark[j], j)
                    mark[j] = M_JUMP
        if watch and trace.full():
            yield trace.batch()
    return (yield from end(maze, path, watch, cost_note(maze, path, diagonal), trace=trace))


jps.packed = True
