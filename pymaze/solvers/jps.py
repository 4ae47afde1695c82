import heapq
from collections import deque
from itertools import count

from array import array

from ..events import CHUNK, MARK, MILESTONE, M_JUMP, M_SCANNED, M_VISITED, N_COST, NOTE, pack_steps
from ..registry import solver
from ._base import drained, no_route, quiet_no_route, quiet_route
from ._packed import nothing, route
from ._moves import (EPS, SQRT2, allows, close, cost_note, diagonal_param, estimate, finish, heuristic_param, moves,
                     walkable)


def sign(v):
    return (v > 0) - (v < 0)


@solver("jps", "Jump point search", group="open", order=46, shapes=("square",), optimal=True, geometries=("block",),
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
    if _walled(maze):
        yield from _flat(maze, heuristic, diagonal, True)
    else:
        yield from pack_steps(_steps(maze, heuristic, diagonal))


def _steps(maze, heuristic, diagonal):
    """The search's steps on any grid (``is_open`` checks bounds), then the route."""
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


def _walled(maze):
    """True when every square on the grid's border is wall: then every square one step from an
    open square lies inside the grid, and flat indices need no bounds checks."""
    w, h, g = maze.width, maze.height, maze.wall
    return (not any(g[i] == 0 for i in range(w)) and not any(g[(h - 1) * w + i] == 0 for i in range(w))
            and all(g[y * w] and g[y * w + w - 1] for y in range(h)))


def _instant(maze, rng, heuristic="manhattan", diagonal="never"):
    """Jump point search with nobody watching: the same jump points, scanned squares, route and
    final marks as the steps, no events.  Returns ``(route, visited, notes)``; a grid with an open
    border square runs the steps, drained, and reports nothing (None)."""
    if not _walled(maze):
        deque(_steps(maze, heuristic, diagonal), maxlen=0)
        return None
    path = drained(_flat(maze, heuristic, diagonal, False))
    return quiet_route(maze, path, *cost_note(maze, path, diagonal)) if path else quiet_no_route(maze)


def _flat(maze, heuristic, diagonal, watch):
    """The search of ``jps`` over flat square indices on a walled grid (each probe one ``wall``
    read, no bounds checks), scanned squares marked as the scans reach them (the steps mark them
    in that order after each scan).  With ``watch``: yields its events packed (``array('i')``
    chunks: the steps' events in order) and ends with the route's; returns the route, or None."""
    w, G, mark = maze.width, maze.wall, maze.mark
    h = estimate(maze, heuristic, maze.goals)
    rule = diagonal
    start, goals = maze.start, set(maze.goals)
    is_goal = bytearray(len(G))
    for t in goals:
        is_goal[t] = 1
    scanned = M_SCANNED
    fresh = []  # the squares the scans marked scanned, in order
    new = fresh.append

    def along(p, d):
        """A horizontal scan (d = 1 or -1) without diagonals: the first jump point, or -1."""
        while not G[p]:
            if not mark[p]:
                mark[p] = scanned
                new(p)
            if is_goal[p] or not G[p - w] and G[p - d - w] or not G[p + w] and G[p - d + w]:
                return p
            p += d
        return -1

    def down(p, d):
        """A vertical scan (d = w or -w) without diagonals: a jump point also where a sideways scan finds one."""
        while not G[p]:
            if not mark[p]:
                mark[p] = scanned
                new(p)
            if (is_goal[p] or not G[p - 1] and G[p - 1 - d] or not G[p + 1] and G[p + 1 - d]
                    or along(p + 1, 1) >= 0 or along(p - 1, -1) >= 0):
                return p
            p += d
        return -1

    def forced(p, dx, dy):
        """``forced`` of ``jps`` on flat indices: a forced neighbour at ``p`` scanning in (dx, dy)."""
        if dx and dy:
            if rule in ("always", "one-blocked"):
                return (not G[p - dx + dy * w] and G[p - dx]
                        or not G[p + dx - dy * w] and G[p - dy * w])
            return False
        if rule == "no-corners":
            if dx:
                return not G[p - w] and G[p - dx - w] or not G[p + w] and G[p - dx + w]
            return not G[p - 1] and G[p - 1 - dy * w] or not G[p + 1] and G[p + 1 - dy * w]
        if dx:
            return not G[p + dx + w] and G[p + w] or not G[p + dx - w] and G[p - w]
        return not G[p + 1 + dy * w] and G[p + 1] or not G[p - 1 + dy * w] and G[p - 1]

    def jump(p, dx, dy):
        """``jump`` of ``jps`` on flat indices, for the diagonal rules."""
        d = dy * w + dx
        while not G[p]:
            if not mark[p]:
                mark[p] = scanned
                new(p)
            if is_goal[p] or forced(p, dx, dy):
                return p
            if dx and dy:
                if jump(p + dx, dx, 0) >= 0 or jump(p + dy * w, 0, dy) >= 0:
                    return p
                if not allows(rule, not G[p + dx], not G[p + dy * w]):
                    return -1
            p += d
        return -1

    def pruned(p, parent):
        """``pruned`` of ``jps``: the neighbours to scan from, as (square, dx, dy)."""
        y, x = divmod(p, w)
        if parent == p:
            return [(q, sign(q % w - x), sign(q // w - y)) for q, _ in first(p)]
        dx, dy = sign(x - parent % w), sign(y - parent // w)
        out = []
        if dx and dy:
            a, b = not G[p + dy * w], not G[p + dx]
            if a:
                out.append((p + dy * w, 0, dy))
            if b:
                out.append((p + dx, dx, 0))
            if allows(rule, a, b):
                out.append((p + dx + dy * w, dx, dy))
            if rule in ("always", "one-blocked"):
                if G[p - dx] and (rule == "always" or a):
                    out.append((p - dx + dy * w, -dx, dy))
                if G[p - dy * w] and (rule == "always" or b):
                    out.append((p + dx - dy * w, dx, -dy))
            return out
        sx, sy = dy, dx
        ahead = not G[p + dx + dy * w]
        if ahead:
            out.append((p + dx + dy * w, dx, dy))
        for s in (1, -1):
            q = p + s * sx + s * sy * w
            side = not G[q]
            if rule == "no-corners":
                if side:
                    if ahead:
                        out.append((q + dx + dy * w, dx + s * sx, dy + s * sy))
                    out.append((q, s * sx, s * sy))
            elif not side and (rule == "always" or ahead):
                out.append((q + dx + dy * w, dx + s * sx, dy + s * sy))
        return out

    four = rule == "never"
    inline = four and heuristic == "manhattan" and len(goals) == 1  # the one goal's estimate written inline
    tx, ty = maze.goal % w, maze.goal // w
    if not four:
        first = moves(maze, diagonal)
    cost, parent = {start: 0}, {start: start}
    closed = set()
    hs = h(start)
    heap = [(hs, hs, 0, start)]
    t = 0
    mark[start] = M_JUMP
    pop, push, jumped, visited = heapq.heappop, heapq.heappush, M_JUMP, M_VISITED
    if watch:
        events = [MARK, start, 0, M_JUMP]
        more = events.extend
    while heap:
        f, hp, _, p = pop(heap)
        if p in closed or f > cost[p] + hp + EPS:
            continue
        closed.add(p)
        if watch:
            more((MARK | MILESTONE, p, mark[p], visited))
        mark[p] = visited
        if p in goals:
            path = fill_in(w, chain(parent, p))
            if watch:
                notes = [(NOTE, path[-1], N_COST, v) for c, v, _ in cost_note(maze, path, diagonal)]
                yield array("i", events)
                yield route(maze, path, *notes)
            return path
        px, py = p % w, p // w
        gp = cost[p]
        if four:  # straight ahead, then the side clockwise of it, then the other; from S every side
            back = parent[p]
            if back == p:
                dirs = (-w, 1, w, -1)
            elif p // w == back // w:
                d = 1 if p > back else -1
                dirs = (d, d * w, -d * w)
            else:
                d = 1 if p > back else -1
                dirs = (d * w, d, -d)
            todo = [(p + d, d, 0) for d in dirs if not G[p + d]]  # the flat step in place of (dx, dy)
        else:
            todo = pruned(p, parent[p])
        for q, dx, dy in todo:
            if four:
                j = along(q, dx) if dx == 1 or dx == -1 else down(q, dx)
            else:
                j = jump(q, dx, dy)
            if fresh:
                if watch:
                    for s in fresh:
                        more((MARK, s, 0, scanned))
                del fresh[:]
            if j < 0 or j in closed:
                continue
            if four:  # whole moves along a row or a column (exact, as the octile sum is)
                c = gp + (abs(j - p) if dx == 1 or dx == -1 else abs(j - p) // w)
            else:
                ax, ay = abs(j % w - px), abs(j // w - py)
                c = gp + max(ax, ay) + (SQRT2 - 1) * min(ax, ay)
            if c < cost.get(j, c + 1) - EPS:
                cost[j], parent[j] = c, p
                hj = abs(j % w - tx) + abs(j // w - ty) if inline else h(j)
                t += 1
                push(heap, (c + hj, hj, t, j))
                if mark[j] != jumped:
                    if watch:
                        more((MARK, j, mark[j], jumped))
                    mark[j] = jumped
        if watch and len(events) >= 4 * CHUNK:
            yield array("i", events)
            events = []
            more = events.extend
    if watch:
        yield array("i", events)
        yield nothing(maze)
    return None


jps.instant = _instant
jps.packed = True
