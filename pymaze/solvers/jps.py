import heapq
from itertools import count

from ..events import MARK, M_JUMP, M_SCANNED
from ..registry import solver
from ._base import no_route
from ._moves import EPS, SQRT2, allows, close, diagonal_param, estimate, finish, heuristic_param, moves, walkable


def sign(v):
    return (v > 0) - (v < 0)


@solver("jps", "Jump point search", order=46, shapes=("square",), optimal=True, geometries=("block",),
        params=[heuristic_param(), diagonal_param()])
def jps(maze, rng, heuristic="manhattan", diagonal="never"):
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
    w = maze.width
    is_open = walkable(maze)
    first = moves(maze, diagonal)
    h = estimate(maze, heuristic, maze.goals)
    rule = diagonal
    mark = maze.mark
    start, goals = maze.start, set(maze.goals)
    scanned = []

    def forced(x, y, dx, dy):
        """A forced neighbour at (x, y) for a scan in direction (dx, dy)."""
        if dx and dy:
            if rule in ("always", "one-blocked"):
                return (is_open(x - dx, y + dy) and not is_open(x - dx, y)
                        or is_open(x + dx, y - dy) and not is_open(x, y - dy))
            return False
        if rule in ("never", "no-corners"):
            if dx:
                return (is_open(x, y - 1) and not is_open(x - dx, y - 1)
                        or is_open(x, y + 1) and not is_open(x - dx, y + 1))
            return (is_open(x - 1, y) and not is_open(x - 1, y - dy)
                    or is_open(x + 1, y) and not is_open(x + 1, y - dy))
        if dx:
            return (is_open(x + dx, y + 1) and not is_open(x, y + 1)
                    or is_open(x + dx, y - 1) and not is_open(x, y - 1))
        return (is_open(x + 1, y + dy) and not is_open(x + 1, y)
                or is_open(x - 1, y + dy) and not is_open(x - 1, y))

    def jump(x, y, dx, dy):
        """Scan from (x, y) on in direction (dx, dy): the first jump point, or -1."""
        while is_open(x, y):
            p = y * w + x
            scanned.append(p)
            if p in goals or forced(x, y, dx, dy):
                return p
            if dx and dy:
                if jump(x + dx, y, dx, 0) >= 0 or jump(x, y + dy, 0, dy) >= 0:
                    return p
                if not allows(rule, is_open(x + dx, y), is_open(x, y + dy)):
                    return -1
            elif rule == "never" and dy:
                if jump(x + 1, y, 1, 0) >= 0 or jump(x - 1, y, -1, 0) >= 0:
                    return p
            x, y = x + dx, y + dy
        return -1

    def pruned(p, parent):
        """The neighbours of ``p`` worth scanning from, coming from ``parent``, as (x, y, dx, dy)."""
        y, x = divmod(p, w)
        if parent == p:
            return [(q % w, q // w, sign(q % w - x), sign(q // w - y)) for q, _ in first(p)]
        dx, dy = sign(x - parent % w), sign(y - parent // w)
        out = []

        def add(nx, ny):
            out.append((nx, ny, nx - x, ny - y))
        if dx and dy:
            a, b = is_open(x, y + dy), is_open(x + dx, y)
            if a:
                add(x, y + dy)
            if b:
                add(x + dx, y)
            if allows(rule, a, b):
                add(x + dx, y + dy)
            if rule in ("always", "one-blocked"):
                if not is_open(x - dx, y) and (rule == "always" or a):
                    add(x - dx, y + dy)
                if not is_open(x, y - dy) and (rule == "always" or b):
                    add(x + dx, y - dy)
            return out
        # Straight on: (sx, sy) is one side, (-sx, -sy) the other.
        sx, sy = dy, dx
        ahead = is_open(x + dx, y + dy)
        if ahead:
            add(x + dx, y + dy)
        for s in (1, -1):
            side = is_open(x + s * sx, y + s * sy)
            if rule == "never":
                if side:
                    add(x + s * sx, y + s * sy)
            elif rule == "no-corners":
                if side:
                    if ahead:
                        add(x + dx + s * sx, y + dy + s * sy)
                    add(x + s * sx, y + s * sy)
            elif not side and (rule == "always" or ahead):
                add(x + dx + s * sx, y + dy + s * sy)
        return out

    g, parent = {start: 0}, {start: start}
    closed = set()
    tick = count()
    heap = [(h(start), h(start), next(tick), start)]
    mark[start] = M_JUMP
    yield (MARK, start, 0, M_JUMP)
    while heap:
        f, _, _, p = heapq.heappop(heap)
        if p in closed or f > g[p] + h(p) + EPS:
            continue
        step = close(maze, p, closed)
        if p in goals:
            yield tuple(step)
            yield from finish(maze, fill_in(w, chain(parent, p)), diagonal)
            return
        px, py = p % w, p // w
        for x, y, dx, dy in pruned(p, parent[p]):
            del scanned[:]
            j = jump(x, y, dx, dy)
            for s in scanned:
                if not mark[s]:
                    step += (MARK, s, 0, M_SCANNED)
                    mark[s] = M_SCANNED
            if j < 0 or j in closed:
                continue
            ax, ay = abs(j % w - px), abs(j // w - py)
            cost = g[p] + max(ax, ay) + (SQRT2 - 1) * min(ax, ay)
            if cost < g.get(j, cost + 1) - EPS:
                g[j], parent[j] = cost, p
                hj = h(j)
                heapq.heappush(heap, (cost + hj, hj, next(tick), j))
                if mark[j] != M_JUMP:
                    step += (MARK, j, mark[j], M_JUMP)
                    mark[j] = M_JUMP
        yield tuple(step)
    yield no_route(maze)


def chain(parent, p):
    out = [p]
    while parent[p] != p:
        p = parent[p]
        out.append(p)
    return out[::-1]


def fill_in(w, points):
    """Jump points joined square by square (each pair lies on one straight or diagonal line)."""
    path = [points[0]]
    for a, b in zip(points, points[1:]):
        dx, dy = sign(b % w - a % w), sign(b // w - a // w)
        p = a
        while p != b:
            p += dy * w + dx
            path.append(p)
    return path
