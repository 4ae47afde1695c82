"""Plain twins of the other algorithms: straightforward, event-free pure-Python versions.

The same conventions as ``bench/twins.py`` (a thin-wall square maze of ``n x n`` cells in a flat
``bytearray`` of ``(2n+1)^2`` squares, 1 wall, 0 floor; lists, dicts, sets, heaps, union-find; no
events, no marks).  Generators take ``(n, seed)`` and return the wall layer of the maze the
algorithm builds with its default options; solvers take a pymaze ``Maze`` (a perfect ``dig`` maze
in ``bench/ratios.py``; the block view for ``jps``) and return what the algorithm computes with
its default options: the route as a list of nodes from S to G (None when there is none), or the
list of routes for ``allshortest`` and ``routes``.  Like the classic twins they do the same work
as pymaze, not necessarily with the same random draws.

Twins that do less than the algorithm in some case say so in their docstring (``unicursal``: even
sides only; ``routes``: no penalty rounds, which only a loopy maze past Yen's budget reaches).
"""

import random
import sys
from collections import deque
from heapq import heappop, heappush
from itertools import count

from bench.twins import _cells, _grid, _inside, aldous_walk, binary as binary_twin, dig as dig_twin, erasing_walks, wilson_walks

INF = float("inf")


def _posts(n):
    """The frame and the posts standing, every cell and passage open (recursive division's start)."""
    w = 2 * n + 1
    g = bytearray(w * w)
    for y in range(0, w, 2):
        g[y * w:y * w + w:2] = b"\x01" * (n + 1)
    g[:w] = g[-w:] = b"\x01" * w
    g[::w] = g[w - 1::w] = b"\x01" * w
    return g, w


def _frame(n):
    """The frame standing, everything inside open (stick-falling and wall-extending start)."""
    w = 2 * n + 1
    g = bytearray(w * w)
    g[:w] = g[-w:] = b"\x01" * w
    g[::w] = g[w - 1::w] = b"\x01" * w
    return g, w


def _passages(w):
    """Every inner passage square (between two cells), row by row."""
    return [y * w + x for y in range(1, w - 1) for x in range(1 + y % 2, w - 1, 2)]


def _ends(w, via):
    return (via - 1, via + 1) if via // w % 2 else (via - w, via + w)


def _rejoin(g, w, rnd):
    """Open, in random order, each closed passage whose cells are not yet joined (union-find)."""
    parent = list(range(len(g)))

    def find(c):
        while parent[c] != c:
            parent[c] = c = parent[parent[c]]
        return c
    passages = _passages(w)
    closed = []
    for via in passages:
        a, b = _ends(w, via)
        if g[via]:
            closed.append(via)
        else:
            parent[find(a)] = find(b)
    rnd.shuffle(closed)
    for via in closed:
        a, b = _ends(w, via)
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
            g[via] = 0


# --- generators ------------------------------------------------------------------------------

def houston(n, seed, switch=0.33, walks=wilson_walks):
    """Aldous-Broder until a third of the cells are in, then Wilson's walks for the rest."""
    g, w = _grid(n)
    rnd = random.Random(seed)
    inside = _inside(n, w)
    aldous_walk(g, w, inside, rnd, max(1, round(switch * n * n)) - 1)
    walks(g, w, inside, rnd, _cells(n, w))
    return g


def houston_walk(n, seed):
    """Houston as its animation walks: Wilson's phase keeps and erases each walk's loops (the
    yardstick of pymaze's watched ``houston``, which shows every step and every erasure)."""
    return houston(n, seed, walks=erasing_walks)


def origin(n, seed, steps=-1):
    """Origin shift: the rows tree rooted at the last cell; the root walks, dragging the tree."""
    g, w = _grid(n)
    rnd = random.Random(seed)
    inside, dirs = _inside(n, w), (-w, 1, w, -1)
    cells = _cells(n, w)
    nxt = [-1] * (w * w)
    for c in cells:
        g[c] = 0
        q = c + 2 if inside[c + 2] else c + 2 * w if inside[c + 2 * w] else -1
        nxt[c] = q
        if q >= 0:
            g[(c + q) // 2] = 0
    root = cells[-1]
    if steps < 0:
        steps = min(10 * len(cells), 1_000_000)
    done = 0
    while done < steps and len(cells) > 1:
        d = dirs[rnd.getrandbits(2)]
        q = root + 2 * d
        if not inside[q]:
            continue
        done += 1
        old = nxt[q]
        nxt[root], nxt[q] = q, -1
        if old != root:
            g[root + d] = 0
            g[(q + old) // 2] = 1
        root = q
    return g


def stick(n, seed):
    """Stick-falling: a post on every inner post square, a stick knocked onto a free neighbour."""
    g, w = _frame(n)
    rnd = random.Random(seed)
    for y in range(2, w - 2, 2):
        dirs = (-w, 1, w, -1) if y == 2 else (1, w, -1)
        for x in range(2, w - 2, 2):
            p = y * w + x
            g[p] = 1
            g[rnd.choice([p + d for d in dirs if not g[p + d]])] = 1
    return g


def extend(n, seed):
    """Wall-extending: from each post square in random order, grow a wall until it meets wall."""
    g, w = _frame(n)
    rnd = random.Random(seed)
    dirs = [-w, 1, w, -1]
    points = [y * w + x for y in range(2, w - 2, 2) for x in range(2, w - 2, 2)]
    rnd.shuffle(points)
    for s in points:
        if g[s]:
            continue
        building = {s}
        path = [s]
        while True:
            p = path[-1]
            rnd.shuffle(dirs)
            for d in dirs:
                if p + 2 * d not in building:
                    break
            else:
                path.pop()
                continue
            q = p + 2 * d
            if g[q]:
                g[p + d] = 1
                break
            building.add(p + d)
            building.add(q)
            path.append(q)
        for b in building:
            g[b] = 1
    return g


def skewed(n, seed, bias=0.85):
    """Recursive division with a stack of chambers, cut by a horizontal wall with probability ``bias``."""
    g, w = _posts(n)
    rnd = random.Random(seed)
    rooms = [(0, 0, n, n)]
    while rooms:
        x0, y0, rw, rh = rooms.pop()
        if rw < 2 or rh < 2:
            continue
        if rnd.random() < bias:
            k, gap = rnd.randrange(1, rh), x0 + rnd.randrange(rw)
            y = 2 * (y0 + k)
            for cx in range(x0, x0 + rw):
                if cx != gap:
                    g[y * w + 2 * cx + 1] = 1
            rooms += [(x0, y0, rw, k), (x0, y0 + k, rw, rh - k)]
        else:
            k, gap = rnd.randrange(1, rw), y0 + rnd.randrange(rh)
            x = 2 * (x0 + k)
            for cy in range(y0, y0 + rh):
                if cy != gap:
                    g[(2 * cy + 1) * w + x] = 1
            rooms += [(x0, y0, k, rh), (x0 + k, y0, rw - k, rh)]
    return g


def trivial(n, seed):
    """Serpentine: one corridor along the rows, joined at alternate ends (a random mirror image)."""
    g, w = _grid(n)
    rnd = random.Random(seed)
    fx, fy = rnd.random() < 0.5, rnd.random() < 0.5
    prev = -1
    for y in range(n):
        cy = n - 1 - y if fy else y
        for i in range(n):
            x = i if y % 2 == 0 else n - 1 - i
            c = (2 * cy + 1) * w + 2 * (n - 1 - x if fx else x) + 1
            g[c] = 0
            if prev >= 0:
                g[(prev + c) // 2] = 0
            prev = c
    return g


def fill(n, seed, density=0.3):
    """Random obstacles, thin view: the open room, each passage closed with probability ``density``."""
    g, w = _posts(n)
    rnd = random.Random(seed)
    for via in _passages(w):
        if rnd.random() < density:
            g[via] = 1
    return g


def unicursal(n, seed):
    """A half-size ``dig`` maze drawn at double size with every corridor split: one loop through
    every cell, cut beside S.  Even sides only (pymaze detours through the spare row and column)."""
    if n % 2:
        raise ValueError("the unicursal twin takes even sides only")
    m = n // 2
    half, hw = dig_twin(m, seed), 2 * m + 1
    g, w = _grid(n, fill_cells=True)
    for y in range(m):
        for x in range(m):
            hp = (2 * y + 1) * hw + 2 * x + 1
            a = (4 * y + 1) * w + 4 * x + 1
            b, c = a + 2, a + 2 * w
            e = c + 2
            if y == 0 or half[hp - hw]:
                g[a + 1] = 0
            if y == m - 1 or half[hp + hw]:
                g[c + 1] = 0
            else:
                g[c + w] = g[e + w] = 0
            if x == 0 or half[hp - 1]:
                g[a + w] = 0
            if x == m - 1 or half[hp + 1]:
                g[b + w] = 0
            else:
                g[b + 1] = g[e + 1] = 0
    g[w + 2] = 1        # cut the loop between S and the cell east of it
    return g


def cellular(n, seed, density=0.45, generations=5, born=(5, 6, 7, 8), survive=(4, 5, 6, 7, 8)):
    """Cave rule B5678/S45678 on the passages (thin view), then the caves joined: every cell is
    floor there, so the cheapest tunnels are single passages between two regions (Kruskal)."""
    g, w = _posts(n)
    rnd = random.Random(seed)
    squares = _passages(w)
    for p in squares:
        if rnd.random() < density:
            g[p] = 1
    born, survive = set(born), set(survive)
    pw = w + 2
    for _ in range(generations):
        pad = bytearray(b"\x01") * (pw * (w + 2))
        for y in range(w):
            pad[(y + 1) * pw + 1:(y + 1) * pw + 1 + w] = g[y * w:(y + 1) * w]
        flips = []
        for p in squares:
            i = (p // w + 1) * pw + p % w + 1
            k = (pad[i - pw - 1] + pad[i - pw] + pad[i - pw + 1] + pad[i - 1] + pad[i + 1]
                 + pad[i + pw - 1] + pad[i + pw] + pad[i + pw + 1])
            if (k not in survive) if g[p] else (k in born):
                flips.append(p)
        for p in flips:
            g[p] ^= 1
    # regions by flood fill, then union-find over the closed passages between them
    region = [-1] * len(g)
    dirs = (-w, 1, w, -1)
    for c in _cells(n, w):
        if region[c] >= 0:
            continue
        region[c] = c
        todo = [c]
        for p in todo:
            for d in dirs:
                if not g[p + d] and region[p + 2 * d] < 0:
                    region[p + 2 * d] = c
                    todo.append(p + 2 * d)
    root = {r: r for r in set(region) if r >= 0}

    def find(r):
        while root[r] != r:
            root[r] = r = root[root[r]]
        return r
    for via in squares:
        if g[via]:
            a, b = _ends(w, via)
            ra, rb = find(region[a]), find(region[b])
            if ra != rb:
                root[ra] = rb
                g[via] = 0
    return g


def perturb(n, seed, repeat=5, new_walls=3):
    """A binary-tree maze; each round closes ``new_walls`` open passages and rejoins the pieces."""
    g, w = binary_twin(n, seed), 2 * n + 1
    rnd = random.Random(seed)
    passages = _passages(w)
    for _ in range(repeat):
        opened = [v for v in passages if not g[v]]
        rnd.shuffle(opened)
        for via in opened[:new_walls]:
            g[via] = 1
        _rejoin(g, w, rnd)
    return g


def blobby(n, seed):
    """Blobby division: split each region from two random seeds grown at random, one gap between."""
    g, w = _posts(n)
    rnd = random.Random(seed)
    dirs = (-2 * w, 2, 2 * w, -2)
    stack = [_cells(n, w)]
    while stack:
        region = stack.pop()
        if len(region) <= 1:
            continue
        members = set(region)
        a, b = rnd.sample(region, 2)
        half = {a: 0, b: 1}
        growing = [a, b]
        while growing:
            k = rnd.randrange(len(growing))
            c = growing[k]
            growing[k] = growing[-1]
            growing.pop()
            for d in dirs:
                q = c + d
                if q in members and q not in half and not g[c + d // 2]:
                    half[q] = half[c]
                    growing.append(q)
        between = [c + d // 2 for c in region if half[c] == 0 for d in dirs
                   if half.get(c + d) == 1 and not g[c + d // 2]]
        gap = rnd.choice(between)
        for p in between:
            if p != gap:
                g[p] = 1
        stack.append([c for c in region if half[c] == 0])
        stack.append([c for c in region if half[c] == 1])
    return g


def dungeon(n, seed, rooms=5, size=4):
    """Rooms placed at random, a hunt-and-kill maze between them, then doors (union-find)."""
    g, w = _grid(n)
    rnd = random.Random(seed)
    in_room = set()
    for _ in range(rooms):
        for _ in range(10):
            rw, rh = rnd.randint(2, max(2, min(size, n))), rnd.randint(2, max(2, min(size, n)))
            if rw > n or rh > n:
                break
            x0, y0 = rnd.randint(0, n - rw), rnd.randint(0, n - rh)
            room = [(2 * y + 1) * w + 2 * x + 1 for y in range(y0, y0 + rh) for x in range(x0, x0 + rw)]
            if in_room.intersection(room):
                continue
            in_room.update(room)
            for y in range(y0, y0 + rh):
                for x in range(x0, x0 + rw):
                    c = (2 * y + 1) * w + 2 * x + 1
                    g[c] = 0
                    if x < x0 + rw - 1:
                        g[c + 1] = 0
                    if y < y0 + rh - 1:
                        g[c + w] = 0
            break
    corridor = _inside(n, w)
    for c in in_room:
        corridor[c] = 0
    dirs = (-2 * w, 2, 2 * w, -2)
    beside = []
    for first in _cells(n, w):
        if not g[first] or not corridor[first]:
            continue
        g[first] = 0
        beside += [q for q in (first + d for d in dirs) if corridor[q] and g[q]]
        p = first
        while p >= 0:
            nxt = [q for q in (p + d for d in dirs) if corridor[q] and g[q]]
            if nxt:
                q = rnd.choice(nxt)
                g[(p + q) // 2] = g[q] = 0
                beside += [r for r in (q + d for d in dirs) if corridor[r] and g[r]]
                p = q
                continue
            p = -1
            while beside:
                k = rnd.randrange(len(beside))
                c = beside[k]
                beside[k] = beside[-1]
                beside.pop()
                if g[c]:
                    q = rnd.choice([q for q in (c + d for d in dirs) if corridor[q] and not g[q]])
                    g[(c + q) // 2] = g[c] = 0
                    beside += [r for r in (c + d for d in dirs) if corridor[r] and g[r]]
                    p = c
                    break
    _rejoin(g, w, rnd)
    return g


GENERATORS = {"houston": houston, "origin": origin, "stick": stick, "extend": extend, "skewed": skewed,
              "trivial": trivial, "fill": fill, "unicursal": unicursal, "cellular": cellular,
              "perturb": perturb, "blobby": blobby, "dungeon": dungeon}


# --- solvers ---------------------------------------------------------------------------------

def _route(parent, p):
    """The nodes from the root of ``parent`` (its own parent) to ``p``."""
    out = [p]
    while parent[p] != p:
        p = parent[p]
        out.append(p)
    return out[::-1]


def _open(maze):
    """``(width, wall, step)`` where ``step[k]`` is ``(passage offset, node offset)`` N, E, S, W."""
    w, g = maze.width, maze.wall
    k = 1 if maze.geometry == "block" else 2
    return w, g, tuple((d, k * d) for d in (-w, 1, w, -1))


def _manhattan(maze, target, power=1):
    w, k = maze.width, 1 if maze.geometry == "block" else 2
    tx, ty = target % w, target // w

    def h(p):
        return ((abs(p % w - tx) + abs(p // w - ty)) // k) ** power
    return h


def _cells_of(maze):
    w = maze.width
    return [y * w + x for y in range(1, maze.height, 2) for x in range(1, w, 2)]


def wave(maze):
    """Number the cells ring by ring from S until G gets its number, then step down from G."""
    w, g, step = _open(maze)
    start, goal = maze.start, maze.goal
    dist = {start: 0}
    ring = [start]
    while ring and goal not in dist:
        nxt = []
        for p in ring:
            for d, dq in step:
                q = p + dq
                if not g[p + d] and q not in dist:
                    dist[q] = dist[p] + 1
                    nxt.append(q)
                    if q == goal:
                        break
            if goal in dist:
                break
        ring = nxt
    if goal not in dist:
        return None
    route = [goal]
    p = goal
    while p != start:
        for d, dq in step:
            if not g[p + d] and dist.get(p + dq) == dist[p] - 1:
                p += dq
                break
        route.append(p)
    return route[::-1]


def greedy(maze):
    """Greedy best-first: a heap keyed by the Manhattan estimate alone (ties: arrival order)."""
    w, g, step = _open(maze)
    start, goal = maze.start, maze.goal
    h, tick = _manhattan(maze, goal), count()
    parent = {start: start}
    heap = [(h(start), 0, start)]
    if start == goal:
        return [start]
    while heap:
        p = heappop(heap)[2]
        for d, dq in step:
            q = p + dq
            if g[p + d] or q in parent:
                continue
            parent[q] = p
            if q == goal:
                return _route(parent, q)
            heappush(heap, (h(q), next(tick), q))
    return None


def bibfs(maze):
    """Two breadth-first waves, from S and from G, a layer each in turn, until one touches the other."""
    w, g, step = _open(maze)
    start, goal = maze.start, maze.goal
    if start == goal:
        return [start]
    parents = ({start: start}, {goal: goal})
    layers = [[start], [goal]]
    turn = 0
    while layers[0] and layers[1]:
        mine, other = parents[turn], parents[1 - turn]
        nxt = []
        for p in layers[turn]:
            for d, dq in step:
                if g[p + d]:
                    continue
                q = p + dq
                if q in other:
                    a, b = (p, q) if turn == 0 else (q, p)
                    return _route(parents[0], a) + _route(parents[1], b)[::-1]
                if q not in mine:
                    mine[q] = p
                    nxt.append(q)
        layers[turn] = nxt
        turn = 1 - turn
    return None


def _two_way(maze, key, stop):
    """Best-first search from S and from G at once, one expansion per side in turn.

    ``key(side, cost, p, q)``: the priority of reaching q from p at that cost; ``stop``: "sum"
    (Dijkstra: the best route met costs no more than the two least priorities added), "either"
    (A*: no more than the larger least priority), "touch" (the first node reached by both)."""
    w, g, step = _open(maze)
    start, goal = maze.start, maze.goal
    if start == goal:
        return [start]
    cost = ({start: 0}, {goal: 0})
    prio = ({start: key(0, 0, start, start)}, {goal: key(1, 0, goal, goal)})
    parent = ({start: start}, {goal: goal})
    closed = (set(), set())
    heaps = ([(prio[0][start], start)], [(prio[1][goal], goal)])
    best, meet, turn = INF, None, 0

    def top(i):
        heap = heaps[i]
        while heap and (heap[0][1] in closed[i] or heap[0][0] > prio[i][heap[0][1]]):
            heappop(heap)
        return heap[0][0] if heap else INF
    while True:
        here = top(turn)
        if here == INF:
            break
        if stop == "sum" and best <= here + top(1 - turn):
            break
        if stop == "either" and best <= max(here, top(1 - turn)):
            break
        p = heappop(heaps[turn])[1]
        closed[turn].add(p)
        c = cost[turn][p] + 1
        touched = False
        for d, dq in step:
            q = p + dq
            if g[p + d] or q in closed[turn]:
                continue
            k = key(turn, c, p, q)
            if k >= prio[turn].get(q, INF):
                continue
            cost[turn][q], prio[turn][q], parent[turn][q] = c, k, p
            heappush(heaps[turn], (k, q))
            if q in cost[1 - turn]:
                touched = True
                if c + cost[1 - turn][q] < best:
                    best, meet = c + cost[1 - turn][q], q
        if stop == "touch" and touched:
            break
        turn = 1 - turn
    if meet is None:
        return None
    return _route(parent[0], meet) + _route(parent[1], meet)[-2::-1]


def bidijkstra(maze):
    """Bidirectional Dijkstra: stop when the best route met costs no more than both least costs added."""
    return _two_way(maze, lambda side, c, p, q: c, "sum")


def bibest(maze):
    """Bidirectional greedy best-first: each side keyed by the estimate to the other's root."""
    hs = (_manhattan(maze, maze.goal), _manhattan(maze, maze.start))
    return _two_way(maze, lambda side, c, p, q: hs[side](q), "touch")


def biastar(maze):
    """Bidirectional A* with the Manhattan estimate and the exact stopping rule."""
    hs = (_manhattan(maze, maze.goal), _manhattan(maze, maze.start))
    return _two_way(maze, lambda side, c, p, q: c + hs[side](q), "either")


def jps(maze):
    """Jump point search on a four-connected block grid (A* over jump points, Manhattan estimate)."""
    w, g = maze.width, maze.wall
    start, goal = maze.start, maze.goal
    h, tick = _manhattan(maze, goal), count()

    def jump(p, d):
        side = w if d in (1, -1) else 1
        while not g[p]:
            if p == goal:
                return p
            if d in (1, -1):
                if not g[p - side] and g[p - d - side] or not g[p + side] and g[p - d + side]:
                    return p
            else:
                if not g[p - 1] and g[p - d - 1] or not g[p + 1] and g[p - d + 1]:
                    return p
                if jump(p + 1, 1) >= 0 or jump(p - 1, -1) >= 0:
                    return p
            p += d
        return -1

    cost, parent, closed = {start: 0}, {start: start}, set()
    heap = [(h(start), h(start), 0, start)]
    while heap:
        f, _, _, p = heappop(heap)
        if p in closed or f > cost[p] + h(p):
            continue
        closed.add(p)
        if p == goal:
            points = _route(parent, p)
            route = points[:1]
            for a, b in zip(points, points[1:]):
                d = (1 if b > a else -1) * (1 if a // w == b // w else w)
                route += range(a + d, b + d, d)
            return route
        if p == parent[p]:
            dirs = [d for d in (-w, 1, w, -1) if not g[p + d]]
        else:
            back = parent[p]
            d = (1 if p > back else -1) * (1 if p // w == back // w else w)
            side = w if d in (1, -1) else 1
            dirs = [e for e in (d, side, -side) if not g[p + e]]
        for d in dirs:
            j = jump(p + d, d)
            if j < 0 or j in closed:
                continue
            c = cost[p] + abs(j - p) // (1 if abs(j - p) < w else w)
            if c < cost.get(j, INF):
                cost[j], parent[j] = c, p
                heappush(heap, (c + h(j), h(j), next(tick), j))
    return None


def idastar(maze, limit=2_000_000):
    """IDA*: depth-first under a rising bound, a best-cost table per iteration, at most ``limit`` visits."""
    w, g, step = _open(maze)
    start, goal = maze.start, maze.goal
    h = _manhattan(maze, goal)
    if start == goal:
        return [start]
    bound, visits = h(start), 0
    while True:
        best = {start: 0}
        trail = [(start, 0, iter(step))]
        on_trail = {start}
        cut = INF
        while trail:
            p, c, todo = trail[-1]
            for d, dq in todo:
                q = p + dq
                if g[p + d] or q in on_trail:
                    continue
                f = c + 1 + h(q)
                if f > bound:
                    cut = min(cut, f)
                    continue
                if c + 1 >= best.get(q, INF):
                    continue
                best[q] = c + 1
                visits += 1
                if q == goal:
                    return [n for n, _, _ in trail] + [q]
                if visits >= limit:
                    return None
                trail.append((q, c + 1, iter(step)))
                on_trail.add(q)
                break
            else:
                trail.pop()
                on_trail.discard(p)
        if cut == INF:
            return None
        bound = cut


def farthest(maze):
    """Breadth-first sweeps from S, then from the farthest cell, while the distance grows: the
    route between the ends of the last sweep (a perfect maze's diameter)."""
    w, g, step = _open(maze)

    def sweep(source):
        parent = {source: source}
        ring, d = [source], 0
        while ring:
            nxt = []
            for p in ring:
                for dv, dq in step:
                    if not g[p + dv] and p + dq not in parent:
                        parent[p + dq] = p
                        nxt.append(p + dq)
            last, ring, d = ring, nxt, d + 1
        return parent, last[0], d - 1
    source, best = maze.start, -1
    while True:
        parent, end, dist = sweep(source)
        if dist <= best or dist == 0:
            break
        best, source = dist, end
    return _route(parent, end)


def _dead_end_fill(maze):
    """Fill every dead end but S and G back to its junction: ``filled`` (a bytearray by square)."""
    w, g, step = _open(maze)
    keep = {maze.start, maze.goal}
    filled = bytearray(len(g))
    degree = {}
    for p in _cells_of(maze):
        degree[p] = sum(1 for d, _ in step if not g[p + d])
    queue = [p for p, k in degree.items() if k <= 1 and p not in keep]
    for p in queue:
        if filled[p]:
            continue
        filled[p] = 1
        for d, dq in step:
            q = p + dq
            if not g[p + d] and not filled[q]:
                degree[q] -= 1
                if degree[q] <= 1 and q not in keep:
                    queue.append(q)
    return filled


def _bfs_route(maze, allowed):
    """A breadth-first route from S to G through the nodes ``allowed(p)`` says are open."""
    w, g, step = _open(maze)
    start, goal = maze.start, maze.goal
    parent = {start: start}
    queue = deque([start])
    while queue:
        p = queue.popleft()
        if p == goal:
            return _route(parent, p)
        for d, dq in step:
            q = p + dq
            if not g[p + d] and q not in parent and allowed(q):
                parent[q] = p
                queue.append(q)
    return None


def culdesac(maze):
    """Dead-end filling, then every part hanging off one junction without S or G sealed (low points
    of one depth-first search), then a breadth-first route through what is left."""
    w, g, step = _open(maze)
    start, goal = maze.start, maze.goal
    filled = _dead_end_fill(maze)
    disc, low, up = {start: 0}, {start: 0}, {start: None}
    order, end_of = [start], {}
    stack = [(start, iter(step))]
    while stack:
        v, todo = stack[-1]
        for d, dq in todo:
            q = v + dq
            if g[v + d] or filled[q]:
                continue
            if q not in disc:
                disc[q] = low[q] = len(order)
                up[q] = v
                order.append(q)
                stack.append((q, iter(step)))
                break
            if q != up[v]:
                low[v] = min(low[v], disc[q])
        else:
            stack.pop()
            p = up[v]
            if p is not None:
                low[p] = min(low[p], low[v])
                if low[v] >= disc[p]:
                    end_of[disc[v]] = len(order)
    at_goal = disc.get(goal, -1)
    covered = 0
    for first in range(1, len(order)):     # a run holds S (preorder 0) only when it starts there
        end = end_of.get(first)
        if end is not None and first >= covered and not first <= at_goal < end:
            covered = end
            for q in order[first:end]:
                filled[q] = 1
    return _bfs_route(maze, lambda q: not filled[q])


def _erase_loop(route, place, p):
    """Walk on to ``p``: back on a node of ``route``, the nodes since it are popped off."""
    if p in place:
        while route[-1] != p:
            del place[route.pop()]
    else:
        place[p] = len(route)
        route.append(p)


def random_mouse(maze, seed=0, cap=1_000_000):
    """Wander at random (never straight back but at a dead end), the walk loop-erased, at most
    ``cap`` moves; first a breadth-first check that G can be reached at all."""
    w, g, step = _open(maze)
    start, goal = maze.start, maze.goal
    if _bfs_route(maze, lambda q: True) is None:
        return None
    rnd = random.Random(seed)
    route, place = [start], {start: 0}
    here, came = start, None
    for _ in range(cap):
        if here == goal:
            break
        options = [here + dq for d, dq in step if not g[here + d]]
        if len(options) > 1 and came is not None:
            options.remove(came)
        came, here = here, rnd.choice(options)
        _erase_loop(route, place, here)
    return route if here == goal else None


def wall(maze):
    """Right-hand wall follower from S facing north; the walk loop-erased; stops when a (node,
    side behind) state repeats."""
    w, g, step = _open(maze)
    p, behind = maze.start, 2
    route, place = [p], {p: 0}
    states = {(p, behind)}
    while p != maze.goal:
        for t in (1, 2, 3, 4):
            k = (behind - t) % 4
            if not g[p + step[k][0]]:
                break
        else:
            return None
        p, behind = p + step[k][1], (k + 2) % 4
        if (p, behind) in states:
            return None
        states.add((p, behind))
        _erase_loop(route, place, p)
    return route


def _swarm(maze, power):
    """Dijkstra-like: a neighbour is offered its parent's priority plus (turn + 1) x its Manhattan
    distance to G to the ``power`` (turn 1 straight on, 2 a quarter turn, 3 back; S faces east)."""
    w, g, step = _open(maze)
    start, goal = maze.start, maze.goal
    far = _manhattan(maze, goal, power)
    key, parent, heading, closed = {start: 0}, {start: start}, {start: 1}, set()
    heap, tick = [(0, 0, start)], count(1)
    while heap:
        k, _, p = heappop(heap)
        if p in closed or k > key[p]:
            continue
        closed.add(p)
        if p == goal:
            return _route(parent, p)
        for i, (d, dq) in enumerate(step):
            q = p + dq
            if g[p + d] or q in closed:
                continue
            turn = 1 if i == heading[p] else 3 if (i - heading[p]) % 4 == 2 else 2
            kq = k + (turn + 1) * far(q)
            if kq < key.get(q, kq + 1):
                key[q], parent[q], heading[q] = kq, p, i
                heappush(heap, (kq, next(tick), q))
    return None


def swarm(maze):
    """The swarm of Clement Mihailescu's visualizer (Manhattan distance, power 1)."""
    return _swarm(maze, 1)


def convswarm(maze):
    """The convergent swarm (Manhattan distance to the seventh power)."""
    return _swarm(maze, 7)


def biswarm(maze):
    """Two swarms, from S facing east and from G facing west, a node each in turn, until one
    expands a node the other has expanded."""
    w, g, step = _open(maze)
    start, goal = maze.start, maze.goal
    if start == goal:
        return [start]
    far = (_manhattan(maze, goal), _manhattan(maze, start))
    key = ({start: 0}, {goal: 0})
    parent = ({start: start}, {goal: goal})
    heading = ({start: 1}, {goal: 3})
    closed = (set(), set())
    heaps = ([(0, 0, start)], [(0, 0, goal)])
    tick, turn = count(1), 0
    while True:
        heap, k = heaps[turn], key[turn]
        while heap and (heap[0][2] in closed[turn] or heap[0][0] > k[heap[0][2]]):
            heappop(heap)
        if not heap:
            return None
        kp, _, p = heappop(heap)
        closed[turn].add(p)
        if p in closed[1 - turn]:
            return _route(parent[0], p) + _route(parent[1], p)[-2::-1]
        hp = heading[turn][p]
        for i, (d, dq) in enumerate(step):
            q = p + dq
            if g[p + d] or q in closed[turn]:
                continue
            t = 1 if i == hp else 3 if (i - hp) % 4 == 2 else 2
            kq = kp + (t + 1) * far[turn](q)
            if kq < k.get(q, kq + 1):
                k[q], parent[turn][q], heading[turn][q] = kq, p, i
                heappush(heap, (kq, next(tick), q))
        turn = 1 - turn


def blind(maze):
    """Blind alley filler: the blocks (biconnected components, Hopcroft-Tarjan) on the block-cut
    tree path from S to G hold every node of a simple route; every other node reachable is blind
    and filled; a breadth-first route through the rest."""
    w, g, step = _open(maze)
    start, goal = maze.start, maze.goal
    if start == goal:
        return [start]

    def nbrs(p):
        return [p + dq for d, dq in step if not g[p + d]]
    disc, low = {start: 0}, {start: 0}
    blocks, trail = [], [start]
    stack = [(start, None, iter(nbrs(start)))]
    while stack:
        v, up, todo = stack[-1]
        for q in todo:
            if q not in disc:
                disc[q] = low[q] = len(disc)
                trail.append(q)
                stack.append((q, v, iter(nbrs(q))))
                break
            if q != up:
                low[v] = min(low[v], disc[q])
        else:
            stack.pop()
            if up is not None:
                low[up] = min(low[up], low[v])
                if low[v] >= disc[up]:
                    block = [up]
                    while True:
                        x = trail.pop()
                        block.append(x)
                        if x == v:
                            break
                    blocks.append(block)
    if goal not in disc:
        return None
    holding = {}
    for i, b in enumerate(blocks):
        for v in b:
            holding.setdefault(v, []).append(i)
    parent = {("v", start): None}
    queue = deque([("v", start)])
    while queue:
        node = queue.popleft()
        if node == ("v", goal):
            break
        kind, x = node
        for nxt in ([("b", i) for i in holding[x]] if kind == "v" else [("v", v) for v in blocks[x]]):
            if nxt not in parent:
                parent[nxt] = node
                queue.append(nxt)
    live, node = set(), ("v", goal)
    while node is not None:
        if node[0] == "b":
            live.update(blocks[node[1]])
        node = parent[node]
    filled = set(disc) - live          # the blind alleys (filled region by region in pymaze)
    return _bfs_route(maze, lambda q: q not in filled)


def allshortest(maze, limit=50):
    """Every shortest route: breadth-first rounds to G, back down the rounds from G for the nodes
    on some shortest route, then the routes listed depth-first (at most ``limit``)."""
    w, g, step = _open(maze)
    start, goal = maze.start, maze.goal

    def nbrs(p):
        return [p + dq for d, dq in step if not g[p + d]]
    dist = {start: 0}
    layer = [start]
    while layer and goal not in layer:
        nxt = []
        for p in layer:
            for q in nbrs(p):
                if q not in dist:
                    dist[q] = dist[p] + 1
                    nxt.append(q)
        layer = nxt
    if goal not in dist:
        return []
    on, back = {goal}, [goal]
    for p in back:
        for q in nbrs(p):
            if dist.get(q) == dist[p] - 1 and q not in on:
                on.add(q)
                back.append(q)
    routes = [[start]] if start == goal else []
    stack = [] if routes else [iter(nbrs(start))]
    trail = [start]
    while stack and len(routes) < limit:
        for q in stack[-1]:
            if q in on and dist[q] == dist[trail[-1]] + 1:
                if q == goal:
                    routes.append(trail + [q])
                    continue
                trail.append(q)
                stack.append(iter(nbrs(q)))
                break
        else:
            stack.pop()
            trail.pop()
    return routes


def collision(maze):
    """Flood from S in rounds; a head meeting flooded ground stops; at G, fill every branch of the
    flood that does not lead there, tip first; the branch left is the route."""
    w, g, step = _open(maze)
    start, goal = maze.start, maze.goal
    parent = {start: start}
    heads, met = [start], set()
    while heads and goal not in parent:
        nxt = []
        for p in heads:
            for d, dq in step:
                q = p + dq
                if g[p + d] or q == parent[p]:
                    continue
                if q in parent:
                    if (q, p) not in met:
                        met.add((p, q))
                    continue
                parent[q] = p
                nxt.append(q)
        heads = nxt
    if goal not in parent:
        return None
    route = _route(parent, goal)
    keep = set(route)
    children = {}
    for q, p in parent.items():
        if q != p:
            children[p] = children.get(p, 0) + 1
    filled = set()
    for q in [q for q in parent if q not in children and q not in keep]:
        while q not in keep:
            filled.add(q)
            up = parent[q]
            children[up] -= 1
            if children[up]:
                break
            q = up
    return route


def routes(maze, k=3, share=0.8, budget=100_000):
    """Yen's k shortest simple routes on the junction graph (dead ends pruned, corridors contracted),
    Dijkstra for each spur; a route is kept when less than ``share`` of the shorter one's cells lie on
    a kept route.  Without pymaze's penalty rounds, which only a maze with loops that outruns Yen's
    ``budget`` reaches (the bench runs on perfect mazes)."""
    w, g, step = _open(maze)
    start, goal = maze.start, maze.goal

    def nbrs(p):
        return [p + dq for d, dq in step if not g[p + d]]
    seen, todo = {start}, [start]
    for p in todo:
        for q in nbrs(p):
            if q not in seen:
                seen.add(q)
                todo.append(q)
    if goal not in seen:
        return []
    keep = {start, goal}
    degree = {p: len(nbrs(p)) for p in seen}
    leaves = [p for p, d in degree.items() if d <= 1 and p not in keep]
    while leaves:
        p = leaves.pop()
        if degree[p] < 0:
            continue
        degree[p] = -1
        for q in nbrs(p):
            if degree[q] > 0:
                degree[q] -= 1
                if degree[q] <= 1 and q not in keep:
                    leaves.append(q)
    alive = {p for p, d in degree.items() if d >= 0}
    ends = {p for p in alive if p in keep or degree[p] != 2}
    adj, edges, walked = {u: [] for u in ends}, [], set()
    for u in ends:
        for q in nbrs(u):
            if q not in alive or (u, q) in walked:
                continue
            path = [u, q]
            while path[-1] not in ends:
                a, b = path[-2], path[-1]
                path.append(next(r for r in nbrs(b) if r in alive and r != a))
            walked.add((path[-1], path[-2]))
            if path[-1] != u:
                adj[u].append((path[-1], len(edges)))
                adj[path[-1]].append((u, len(edges)))
                edges.append(path)

    def cheapest(source, blocked, cut):
        dist, parent = {source: 0}, {source: None}
        heap = [(0, source)]
        while heap:
            d, u = heappop(heap)
            if d > dist[u]:
                continue
            if u == goal:
                nodes, ids = [u], []
                while parent[nodes[-1]] is not None:
                    prev, e = parent[nodes[-1]]
                    nodes.append(prev)
                    ids.append(e)
                return nodes[::-1], ids[::-1]
            for v, e in adj[u]:
                if v in blocked or e in cut:
                    continue
                nd = d + len(edges[e]) - 1
                if nd < dist.get(v, INF):
                    dist[v], parent[v] = nd, (u, e)
                    heappush(heap, (nd, v))
        return None

    def cells(ids):
        path = [start]
        for e in ids:
            path += edges[e][1:] if edges[e][0] == path[-1] else edges[e][-2::-1]
        return path
    first = cheapest(start, set(), set())
    found, kept, candidates, tried, work = [first], [], [], {tuple(first[1])}, 0
    tick = count()
    while True:
        nodes, ids = found[-1]
        path = cells(ids)
        work += len(path)
        here = set(path)
        if all(len(here & set(o)) < share * min(len(path), len(o)) for o in kept):
            kept.append(path)
            if len(kept) == k:
                return kept
        for i in range(len(ids)):
            blocked = set(nodes[:i])
            cut = {f[1][i] for f in found if len(f[1]) > i and f[1][:i] == ids[:i]}
            spur = cheapest(nodes[i], blocked, cut)
            if spur is not None:
                key = tuple(ids[:i]) + tuple(spur[1])
                if key not in tried:
                    tried.add(key)
                    cost = sum(len(edges[e]) - 1 for e in key)
                    heappush(candidates, (cost, next(tick), (nodes[:i] + spur[0], list(key))))
        if not candidates or work > budget:
            return kept
        found.append(heappop(candidates)[2])


def pledge(maze):
    """Pledge, headings numbered 0 N, 1 E, 2 S, 3 W: go the preferred way (towards G along its
    larger difference); blocked, turn left and follow the wall with the right hand, counting
    quarter turns (left +1), until the count is back to 0.  Trapped: let go twice at one node,
    or a lap along the wall that brings the same (node, heading) back with a count that can never
    reach 0 again (every count of the lap on the side of 0 it drifted towards)."""
    w, g, step = _open(maze)
    p, goal = maze.start, maze.goal
    dx, dy = goal % w - p % w, goal // w - p // w
    h = (1 if dx >= 0 else 3) if abs(dx) >= abs(dy) else (2 if dy > 0 else 0)
    turned, following = 0, False
    route, place = [p], {p: 0}
    let_go, lap, counts, anchor = set(), {}, [], None
    while p != goal:
        if following and turned == 0:
            following = False
            if p in let_go:
                return None
            let_go.add(p)
            lap, counts, anchor = {}, [], None
        if not following:
            if g[p + step[h][0]]:
                following, h, turned = True, (h - 1) % 4, turned + 1
                continue
        else:
            for left in (-1, 0, 1, 2):      # right, straight on, left, back
                if not g[p + step[(h - left) % 4][0]]:
                    h, turned = (h - left) % 4, turned + left
                    break
            else:
                return None
        p += step[h][1]
        _erase_loop(route, place, p)
        if following:
            counts.append(turned)
            i = lap.get((p, h))
            if i is not None and anchor in (None, (p, h)):
                anchor = (p, h)
                drift, since = turned - counts[i], counts[i:]
                if drift == 0 or drift > 0 and min(since) > 0 or drift < 0 and max(since) < 0:
                    return None
            lap[(p, h)] = len(counts) - 1
    return route


def _follower(g, step, p, k, hand):
    """A wall follower from ``p`` facing ``k``, turning ``hand`` (1 right, -1 left) first: yields
    its walk so far after each move; ends at a dead stop or when a (node, heading) repeats."""
    walk, been = [], {(p, k)}
    while True:
        turn = next((t for t in (hand, 0, -hand, 2) if not g[p + step[(k + t) % 4][0]]), None)
        if turn is None:
            return
        k = (k + turn) % 4
        p += step[k][1]
        walk.append(p)
        if (p, k) in been:
            return
        been.add((p, k))
        yield walk


def chain(maze):
    """Chain, headings numbered 0 N, 1 E, 2 S, 3 W: the guiding line from S to G one node at a
    time, stepping along the axis whose share of the way lags (x first on a tie); walk it while
    the next node is open, else send a right-hand and a left-hand wall follower from here (a move
    each in turn, each stopping when a (node, heading) repeats) until one stands on the line
    further on, and follow its walk.  The walk loop-erased."""
    w, g, step = _open(maze)
    unit = step[1][1]
    (x, y), (gx, gy) = divmod(maze.start, w)[::-1], divmod(maze.goal, w)[::-1]
    nx, ny = abs(gx - x) // unit, abs(gy - y) // unit
    ux, uy = (unit if gx > x else -unit), (unit if gy > y else -unit)
    line, i, j = [maze.start], 0, 0
    while i < nx or j < ny:
        if j >= ny or i < nx and (i + 0.5) * ny <= (j + 0.5) * nx:
            i += 1
        else:
            j += 1
        line.append((y + uy * j) * w + x + ux * i)
    on_line = {q: k for k, q in enumerate(line)}
    toward = {dq: k for k, (d, dq) in enumerate(step)}
    p, at = maze.start, 0
    route, place = [p], {p: 0}
    while p != maze.goal:
        h = toward[line[at + 1] - p]
        if not g[p + step[h][0]]:
            walk = [line[at + 1]]
        else:
            walk = None
            bots = [_follower(g, step, p, h, 1), _follower(g, step, p, h, -1)]   # right hand, left hand
            while walk is None and bots:
                for bot in list(bots):
                    went = next(bot, None)
                    if went is None:
                        bots.remove(bot)
                    elif on_line.get(went[-1], -1) > at:
                        walk = went
                        break
            if walk is None:
                return None
        for q in walk:
            _erase_loop(route, place, q)
        p = walk[-1]
        at = on_line[p]
    return route


def mouse(maze, straight=1.0, diagonal=0.7071, turn45=0.5):
    """Micromouse by square coordinates: a state is an opening (the square of a side between two
    cells) and one of eight compass headings; from it the robot crosses the cell ahead to another
    open side, straight or at 45 degrees, paying the distance and ``turn45`` per 45 degrees turned.
    Dijkstra from S's centre (facing north) to G's centre; the cells of the cheapest drive."""
    w, g = maze.width, maze.wall
    start, goal = divmod(maze.start, w)[::-1], divmod(maze.goal, w)[::-1]
    compass = [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)]
    sides = [(0, -1), (1, 0), (0, 1), (-1, 0)]

    def sign(v):
        return (v > 0) - (v < 0)

    heading_of = {v: i for i, v in enumerate(compass)}

    def heading(dx, dy):
        return heading_of[sign(dx), sign(dy)]

    def bend(a, b):
        d = abs(a - b) % 8
        return turn45 * min(d, 8 - d)
    if start == goal:
        return [maze.start]
    best, came_from, heap, tick = {}, {}, [], count()

    def offer(cost, state, prev):
        if cost < best.get(state, INF):
            best[state], came_from[state] = cost, prev
            heappush(heap, (cost, next(tick), state))
    sx, sy = start
    for dx, dy in sides:
        if not g[(sy + dy) * w + sx + dx]:
            nh = heading(dx, dy)
            offer(0.5 * straight + bend(0, nh), (sx + dx, sy + dy, nh), None)
    while heap:
        cost, _, state = heappop(heap)
        if cost > best[state]:
            continue
        ox, oy, h = state
        if h is None:
            break
        hx, hy = compass[h]
        cx, cy = (ox + sign(hx), oy) if ox % 2 == 0 else (ox, oy + sign(hy))   # a side between columns, or rows
        if (cx, cy) == goal:
            offer(cost + 0.5 * straight + bend(h, heading(cx - ox, cy - oy)), (cx, cy, None), state)
        for dx, dy in sides:
            ex, ey = cx + dx, cy + dy
            if (ex, ey) != (ox, oy) and not g[ey * w + ex]:
                vx, vy = ex - ox, ey - oy
                nh = heading(vx, vy)
                offer(cost + (straight if vx == 0 or vy == 0 else diagonal) + bend(h, nh), (ex, ey, nh), state)
    else:
        return None
    openings = []
    state = came_from[state]
    while state is not None:
        openings.append(state[:2])
        state = came_from[state]
    cells = [start]
    for ox, oy in reversed(openings):      # each cell is the one before mirrored through the opening between
        cells.append((2 * ox - cells[-1][0], 2 * oy - cells[-1][1]))
    return [y * w + x for x, y in cells]



WATCHED = {"houston": houston_walk}  # yardsticks of the watched runs that show more than the twin does

SOLVERS = {"wave": wave, "greedy": greedy, "bibfs": bibfs, "bidijkstra": bidijkstra, "bibest": bibest,
           "jps": jps, "idastar": idastar, "farthest": farthest, "culdesac": culdesac,
           "random-mouse": random_mouse, "wall": wall, "pledge": pledge, "swarm": swarm,
           "convswarm": convswarm, "biswarm": biswarm, "biastar": biastar, "blind": blind,
           "allshortest": allshortest, "routes": routes, "chain": chain, "collision": collision,
           "mouse": mouse}

# The view a solver needs (the others take the thin-wall maze).
VIEWS = {"jps": "block"}


def fitting(family, slug, n):
    """The side ``bench/ratios.py`` measures ``slug`` at: ``n``, or the largest square within the
    algorithm's cell limit (``max_cells``); even for ``unicursal``, whose twin takes even sides."""
    from math import isqrt

    from pymaze.registry import generators, solvers
    limit = (generators() if family == "generator" else solvers())[slug].max_cells
    side = min(n, isqrt(limit)) if limit else n
    if slug == "unicursal":
        side -= side % 2
    if side != n:
        print(f"{slug}: measured at {side}x{side} (its cell limit or its twin's sides)", file=sys.stderr)
    return side
