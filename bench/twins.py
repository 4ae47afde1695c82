"""Plain twins: straightforward, event-free pure-Python versions of the classic algorithms.

Each is what a competent programmer writes for the job on a thin-wall square maze of
``n x n`` cells stored as pymaze does (a flat ``bytearray`` of ``(2n+1)^2`` squares, 1 wall,
0 floor): the textbook data structures (lists, dicts, heaps, union-find), no events, no marks.
Every solver keeps its parents and walks them back for the route, as any solver that is asked
for the route must.
They are the yardstick of ``bench/ratios.py``; they are not meant to draw the same maze as
pymaze for a seed, only to do the same work.  Generators take ``(n, seed)`` and return the
wall layer; solvers take a pymaze ``Maze`` and return the route's length in moves.
"""

import random
from collections import deque
from heapq import heappop, heappush


def _grid(n, fill_cells=False):
    w = 2 * n + 1
    g = bytearray(b"\x01") * (w * w)
    if fill_cells:
        for y in range(1, w, 2):
            g[y * w + 1:y * w + w - 1:2] = bytes(n)
    return g, w


def _cells(n, w):
    return [y * w + x for y in range(1, w, 2) for x in range(1, w, 2)]


def _inside(n, w):
    inside = bytearray(w * w + 2 * w + 2)
    for y in range(1, w, 2):
        inside[y * w + 1:y * w + w - 1:2] = b"\x01" * n
    return inside


def dig(n, seed):
    """Recursive backtracker with an explicit stack."""
    g, w = _grid(n)
    rnd = random.Random(seed)
    inside, dirs = _inside(n, w), [-w, 1, w, -1]
    start = w + 1
    g[start] = 0
    stack = [start]
    while stack:
        p = stack[-1]
        rnd.shuffle(dirs)
        for d in dirs:
            q = p + 2 * d
            if inside[q] and g[q]:
                g[p + d] = g[q] = 0
                stack.append(q)
                break
        else:
            stack.pop()
    return g


def kruskal(n, seed):
    """Shuffle every inner wall; open it when union-find says its cells are apart."""
    g, w = _grid(n, fill_cells=True)
    rnd = random.Random(seed)
    walls = [(p, p + 1, p + 2) for p in _cells(n, w) if p % w < w - 2]
    walls += [(p, p + w, p + 2 * w) for p in _cells(n, w) if p // w < w - 2]
    rnd.shuffle(walls)
    parent = {p: p for p in _cells(n, w)}

    def find(p):
        while parent[p] != p:
            parent[p] = p = parent[parent[p]]
        return p
    for a, via, b in walls:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
            g[via] = 0
    return g


def prim(n, seed):
    """True Prim: random edge weights, a heap of the edges leaving the tree."""
    g, w = _grid(n)
    rnd = random.Random(seed)
    inside = _inside(n, w)
    heap = []

    def add(p):
        g[p] = 0
        for d in (-w, 1, w, -1):
            if inside[p + 2 * d] and g[p + 2 * d]:
                heappush(heap, (rnd.random(), p + d, p + 2 * d))
    add(w + 1)
    while heap:
        _, via, q = heappop(heap)
        if g[q]:
            g[via] = 0
            add(q)
    return g


def wilson(n, seed):
    """Wilson: loop-erased random walks (the last exit of each cell remembered in a dict)."""
    g, w = _grid(n)
    rnd = random.Random(seed)
    g[w + 1] = 0
    wilson_walks(g, w, _inside(n, w), rnd, _cells(n, w))
    return g


def wilson_walks(g, w, inside, rnd, cells):
    """Wilson's loop-erased walks from every cell still closed into the open tree."""
    dirs = (-w, 1, w, -1)
    for first in cells:
        if not g[first]:
            continue
        exit_of = {}
        p = first
        while g[p]:
            while True:
                d = dirs[rnd.getrandbits(2)]
                if inside[p + 2 * d]:
                    break
            exit_of[p] = d
            p += 2 * d
        p = first
        while g[p]:
            d = exit_of[p]
            g[p] = g[p + d] = 0
            p += 2 * d


def wilson_walk(n, seed):
    """Wilson as its animation walks (see ``erasing_walks``): the yardstick of pymaze's watched
    ``wilson``, which must show every step and every erasure."""
    g, w = _grid(n)
    rnd = random.Random(seed)
    g[w + 1] = 0
    erasing_walks(g, w, _inside(n, w), rnd, _cells(n, w))
    return g


def erasing_walks(g, w, inside, rnd, cells):
    """Wilson's walks from every cell still closed, each keeping its path (a list, and each cell's
    place on it in a dict) and erasing a loop as soon as it closes, then opening the path into the
    tree."""
    dirs = (-w, 1, w, -1)
    for first in cells:
        if not g[first]:
            continue
        path, place = [first], {first: 0}
        p = first
        while True:
            q = p + 2 * dirs[rnd.getrandbits(2)]
            if not inside[q]:
                continue
            if not g[q]:
                break
            i = place.get(q)
            if i is None:
                place[q] = len(path)
                path.append(q)
            else:
                for c in path[i + 1:]:
                    del place[c]
                del path[i + 1:]
            p = q
        path.append(q)
        for a, b in zip(path, path[1:]):
            g[a] = g[(a + b) // 2] = 0


def aldous(n, seed):
    """Aldous-Broder: a random walk opening each cell it enters first."""
    g, w = _grid(n)
    rnd = random.Random(seed)
    aldous_walk(g, w, _inside(n, w), rnd, n * n - 1)
    return g


def aldous_walk(g, w, inside, rnd, left):
    """Aldous-Broder's walk from the first cell until ``left`` more cells are open."""
    dirs = (-w, 1, w, -1)
    p = w + 1
    g[p] = 0
    while left:
        d = dirs[rnd.getrandbits(2)]
        q = p + 2 * d
        if not inside[q]:
            continue
        if g[q]:
            g[p + d] = g[q] = 0
            left -= 1
        p = q


def growing(n, seed, mix=0.5):
    """Growing tree, newest or random cell with probability ``mix``, over a plain list."""
    g, w = _grid(n)
    rnd = random.Random(seed)
    inside, dirs = _inside(n, w), [-w, 1, w, -1]
    g[w + 1] = 0
    active = [w + 1]
    while active:
        i = int(rnd.random() * len(active)) if rnd.random() < mix else len(active) - 1
        p = active[i]
        rnd.shuffle(dirs)
        for d in dirs:
            q = p + 2 * d
            if inside[q] and g[q]:
                g[p + d] = g[q] = 0
                active.append(q)
                break
        else:
            del active[i]
    return g


def binary(n, seed):
    """Binary tree: every cell opens north or west (at random where it can do both)."""
    g, w = _grid(n, fill_cells=True)
    rnd = random.Random(seed)
    for p in _cells(n, w):
        y, x = divmod(p, w)
        if y > 1 and x > 1:
            g[p - w if rnd.random() < 0.5 else p - 1] = 0
        elif y > 1:
            g[p - w] = 0
        elif x > 1:
            g[p - 1] = 0
    return g


def sidewinder(n, seed):
    """Sidewinder: runs along each row, each run opening north from one random cell of it."""
    g, w = _grid(n, fill_cells=True)
    rnd = random.Random(seed)
    for y in range(1, w, 2):
        run = []
        for x in range(1, w, 2):
            p = y * w + x
            run.append(p)
            if x < w - 2 and (y == 1 or rnd.random() < 0.5):
                g[p + 1] = 0
            else:
                if y > 1:
                    g[rnd.choice(run) - w] = 0
                run = []
    return g


def hunt(n, seed):
    """Hunt-and-kill: walk at random; when stuck, scan for a closed cell next to the open part."""
    g, w = _grid(n)
    rnd = random.Random(seed)
    inside, dirs = _inside(n, w), [-w, 1, w, -1]
    p = w + 1
    g[p] = 0
    scan_row = 1
    while p >= 0:
        rnd.shuffle(dirs)
        for d in dirs:
            q = p + 2 * d
            if inside[q] and g[q]:
                g[p + d] = g[q] = 0
                p = q
                break
        else:
            p = -1
            while scan_row < w and p < 0:
                for x in range(1, w, 2):
                    c = scan_row * w + x
                    if g[c]:
                        opens = [d for d in dirs if inside[c + 2 * d] and not g[c + 2 * d]]
                        if opens:
                            d = rnd.choice(opens)
                            g[c + d] = g[c] = 0
                            p = c
                            break
                else:
                    scan_row += 2
    return g


def division(n, seed):
    """Recursive division with an explicit stack of rooms: a wall across, one gap in it."""
    w = 2 * n + 1
    g = bytearray(w * w)
    g[:w] = g[-w:] = b"\x01" * w
    g[::w] = g[w - 1::w] = b"\x01" * w
    for y in range(0, w, 2):
        g[y * w:y * w + w:2] = b"\x01" * (n + 1)
    rnd = random.Random(seed)
    rooms = [(0, 0, n, n)]  # cells x0, y0, width, height
    while rooms:
        x0, y0, rw, rh = rooms.pop()
        if rw < 2 and rh < 2:
            continue
        if rw > rh or rw == rh and rnd.random() < 0.5:
            k = rnd.randrange(1, rw)        # wall west of cell column x0 + k
            gap = rnd.randrange(rh)
            x = 2 * (x0 + k)
            for cy in range(y0, y0 + rh):
                if cy != y0 + gap:
                    g[(2 * cy + 1) * w + x] = 1
            rooms += [(x0, y0, k, rh), (x0 + k, y0, rw - k, rh)]
        else:
            k = rnd.randrange(1, rh)
            gap = rnd.randrange(rw)
            y = 2 * (y0 + k)
            for cx in range(x0, x0 + rw):
                if cx != x0 + gap:
                    g[y * w + 2 * cx + 1] = 1
            rooms += [(x0, y0, rw, k), (x0, y0 + k, rw, rh - k)]
    return g


def eller(n, seed):
    """Eller: one row at a time, set labels in a list, joins east, at least one drop per set."""
    g, w = _grid(n, fill_cells=True)
    rnd = random.Random(seed)
    label = list(range(n))
    fresh = n
    for cy in range(n):
        y = 2 * cy + 1
        last = cy == n - 1
        for cx in range(n - 1):
            if label[cx] != label[cx + 1] and (last or rnd.random() < 0.5):
                g[y * w + 2 * cx + 2] = 0
                old, new = label[cx + 1], label[cx]
                label = [new if v == old else v for v in label]
        if last:
            break
        members = {}
        for cx, v in enumerate(label):
            members.setdefault(v, []).append(cx)
        below = [-1] * n
        for v, xs in members.items():
            drops = [x for x in xs if rnd.random() < 0.5] or [rnd.choice(xs)]
            for x in drops:
                g[(y + 1) * w + 2 * x + 1] = 0
                below[x] = v
        for cx in range(n):
            if below[cx] < 0:
                below[cx] = fresh
                fresh += 1
        label = below
    return g


# The watched path of these is measured against another twin: the plain version of the same walk.
WATCHED = {"wilson": wilson_walk}

GENERATORS = {"dig": dig, "kruskal": kruskal, "prim": prim, "wilson": wilson, "aldous": aldous,
              "growing": growing, "binary": binary, "sidewinder": sidewinder, "hunt": hunt,
              "division": division, "eller": eller}


def _graph(maze):
    w, g = maze.width, maze.wall
    return w, g, (-w, 1, w, -1)


def _length(parent, start, q):
    n = 0
    while q != start:
        q = parent[q]
        n += 1
    return n


def bfs(maze):
    """Breadth-first search over cells, parents in a dict."""
    w, g, dirs = _graph(maze)
    start, goal = maze.start, maze.goal
    parent = {start: start}
    queue = deque([start])
    while queue:
        p = queue.popleft()
        if p == goal:
            return _length(parent, start, p)
        for d in dirs:
            if not g[p + d] and p + 2 * d not in parent:
                parent[p + 2 * d] = p
                queue.append(p + 2 * d)
    return None


def dfs(maze):
    """Depth-first search with an explicit stack: step to the first unseen neighbour (north, east,
    south, west), back up at a dead end; the stack is the route.  (It walks the way pymaze's
    ``dfs`` does, so both do the same work on every maze.)"""
    w, g, dirs = _graph(maze)
    start, goal = maze.start, maze.goal
    seen = {start}
    stack, tries = [start], [iter(dirs)]
    while stack:
        p = stack[-1]
        if p == goal:
            return len(stack) - 1
        for d in tries[-1]:
            q = p + 2 * d
            if not g[p + d] and q not in seen:
                seen.add(q)
                stack.append(q)
                tries.append(iter(dirs))
                break
        else:
            stack.pop()
            tries.pop()
    return None


def dijkstra(maze):
    """Dijkstra with a heap (every move costs 1 on an unweighted maze), parents in a dict."""
    w, g, dirs = _graph(maze)
    start, goal = maze.start, maze.goal
    dist = {start: 0}
    parent = {start: start}
    heap = [(0, start)]
    while heap:
        c, p = heappop(heap)
        if p == goal:
            return _length(parent, start, p)
        if c > dist[p]:
            continue
        for d in dirs:
            q = p + 2 * d
            if not g[p + d] and c + 1 < dist.get(q, 1 << 60):
                dist[q] = c + 1
                parent[q] = p
                heappush(heap, (c + 1, q))
    return None


def astar(maze):
    """A* with the Manhattan distance, a heap, a dict of costs and one of parents."""
    w, g, dirs = _graph(maze)
    start, goal = maze.start, maze.goal
    gx, gy = goal % w, goal // w

    def h(p):
        return (abs(p % w - gx) + abs(p // w - gy)) // 2
    cost = {start: 0}
    parent = {start: start}
    heap = [(h(start), start)]
    while heap:
        _, p = heappop(heap)
        if p == goal:
            return _length(parent, start, p)
        c = cost[p] + 1
        for d in dirs:
            q = p + 2 * d
            if not g[p + d] and c < cost.get(q, 1 << 60):
                cost[q] = c
                parent[q] = p
                heappush(heap, (c + h(q), q))
    return None


def deadend(maze):
    """Dead-end filling: fill every dead end back to its junction, then walk what is left."""
    w, g, dirs = _graph(maze)
    keep = {maze.start, *maze.goals}
    degree = {}
    for y in range(1, maze.height, 2):
        for x in range(1, w, 2):
            p = y * w + x
            degree[p] = sum(1 for d in dirs if not g[p + d])
    filled = set()
    queue = [p for p, k in degree.items() if k <= 1 and p not in keep]
    for p in queue:
        if p in filled:
            continue
        filled.add(p)
        for d in dirs:
            q = p + 2 * d
            if not g[p + d] and q not in filled:
                degree[q] -= 1
                if degree[q] <= 1 and q not in keep:
                    queue.append(q)
    return len(degree) - len(filled) - 1


def tremaux(maze):
    """Trémaux: walk, mark each passage per use, turn back at marked junctions (dicts of marks)."""
    w, g, dirs = _graph(maze)
    start, goal = maze.start, maze.goal
    marks = {}
    p, came = start, None
    path = [start]
    while p != goal:
        options = [d for d in dirs if not g[p + d]]
        fresh = [d for d in options if marks.get(p + d, 0) == 0 and d != came]
        if fresh and (came is None or sum(marks.get(p + d, 0) for d in options) <= 1):
            d = fresh[0]
        elif came is not None and marks.get(p - came, 0) < 2:
            d = -came
        else:
            d = min(options, key=lambda d: marks.get(p + d, 0))
        marks[p + d] = marks.get(p + d, 0) + 1
        if path and len(path) > 1 and path[-2] == p + 2 * d:
            path.pop()
        else:
            path.append(p + 2 * d)
        p, came = p + 2 * d, d
    return len(path) - 1


SOLVERS = {"bfs": bfs, "dfs": dfs, "dijkstra": dijkstra, "astar": astar, "deadend": deadend,
           "tremaux": tremaux}
