"""Helpers for generators that leave rooms and caves: moves between places, regions, tunnels.

A *place* is a node a walker stands on: a cell (thin view) or a square
inside the frame (block view).  ``connect`` moves between places through
the square that must be floor to pass (the opening between two cells, or
the square itself), so one piece of code connects regions in either view.
"""

from array import array
from collections import deque
from itertools import compress
from operator import mul, ne

from ..events import MILESTONE, WALL
from ..graph import passages as all_passages
from ._base import OPEN, shuffle


def connect(maze, watched=True):
    """Join every floor region by the cheapest tunnels: a 0-1 breadth-first search from all regions at
    once gives each place its nearest region and the walls between; the meetings of two regions,
    cheapest first, are accepted when they join regions not yet joined (Kruskal).  One step per
    tunnel.  Afterwards every floor place is reachable from every other.

    Flat per-square arrays (owner, cost, parent) and one table of moves: no per-place dict entry,
    closure call or list of neighbours.  No steps when not ``watched`` (the same tunnels)."""
    if maze.geometry == "thin":
        yield from _connect_cells(maze, watched)
        return
    wall = maze.wall
    w, h = maze.width, maze.height
    thin = maze.geometry == "thin"
    k = 2 if thin else 1
    n = w * h
    inside = bytearray(n + 2 * w + 2)       # 1 on places; reads past either end land on the 0 padding
    for y in range(1, h - 1, k):
        inside[y * w + 1:y * w + w - 1:k] = b"\x01" * len(range(1, w - 1, k))
    moves = ((-k * w, -w), (k, 1), (k * w, w), (-k, -1))   # (to the place, to the square passed)
    far = n * 4 + 1
    owner = array("i", [-1]) * n
    cost = array("i", [far]) * n
    back = array("i", [-1]) * n              # the place a tunnel square was reached from
    queue = deque()
    for p in compress(range(n), inside):
        if wall[p] or owner[p] >= 0:
            continue
        owner[p], cost[p] = p, 0
        region = [p]
        for r in region:                     # the floor region of p, breadth-first
            for dq, dv in moves:
                q = r + dq
                if inside[q] and owner[q] < 0 and not wall[r + dv] and not wall[q]:
                    owner[q], cost[q] = p, 0
                    region.append(q)
        queue.extend(region)
    done = bytearray(n)
    while queue:
        p = queue.popleft()
        if done[p]:
            continue
        done[p] = 1
        c, o = cost[p], owner[p]
        for dq, dv in moves:
            q = p + dq
            if not inside[q]:
                continue
            extra = wall[q] + wall[p + dv] if thin else wall[q]
            if c + extra < cost[q]:
                cost[q], owner[q], back[q] = c + extra, o, p
                if extra:
                    queue.append(q)
                else:
                    queue.appendleft(q)
    meetings = []                            # (cost, p, q) packed in one int: p < q, neighbours
    for p in compress(range(n), inside):
        o, c = owner[p], cost[p]
        if o < 0:
            continue
        for dq in (k, k * w):
            q = p + dq
            if inside[q] and owner[q] != o and owner[q] >= 0:
                via = p + dq // k
                meetings.append(((c + cost[q] + (wall[via] if thin else 0)) * n + p) * n + q)
    meetings.sort()
    root = {r: r for r in set(owner) if r >= 0}

    def find(r):
        while root[r] != r:
            root[r] = root[root[r]]
            r = root[r]
        return r
    for m in meetings:
        pq = m % (n * n)
        p, q = divmod(pq, n)
        a, b = find(owner[p]), find(owner[q])
        if a == b:
            continue
        root[a] = b
        squares = [p, q, (p + q) >> 1] if thin else [p, q]   # thin: the opening between them too
        for end in (p, q):
            while back[end] >= 0:
                prev = back[end]
                squares += ((end + prev) >> 1, prev) if thin else (prev,)
                end = prev
        step = []
        for s in squares:
            if wall[s]:
                wall[s] = 0
                step += (WALL, s, 1, 0)
        if step and watched:
            step[0] |= MILESTONE
            yield tuple(step)


def _connect_cells(maze, watched):
    """``connect`` in the thin view, where every cell is floor: every place starts in a region at no
    cost, so the meetings are the closed passages between two regions, each costing one wall, and
    their order (cheapest, then by the first cell, then by the second) is the cells' row-major
    order, east before south.  Kruskal over them in that order, on a union-find of the cells
    joined by the open passages first: the same tunnels for a fraction of the work."""
    wall = maze.wall
    w, h = maze.width, maze.height
    parent = array("i", range(len(wall)))
    order = []                               # the closed passages in the meetings' order
    for y in range(1, h - 1, 2):
        east = range(y * w + 2, y * w + w - 1, 2)
        _join_open(parent, wall, east, 1)
        if y + 2 < h:
            south = range((y + 1) * w + 1, (y + 1) * w + w - 1, 2)
            _join_open(parent, wall, south, w)
            both = [0] * (2 * len(south))
            both[0::2] = range(east.start, east.stop + 2, 2)
            both[1::2] = south
            del both[-2]                     # (the last cell's east is the frame)
        else:
            both = list(east)
        order += compress(both, map(wall.__getitem__, both))
    for via in order:
        d = 1 if via // w & 1 else w
        a, b = via - d, via + d
        while parent[a] != a:
            parent[a] = a = parent[parent[a]]
        while parent[b] != b:
            parent[b] = b = parent[parent[b]]
        if a != b:
            parent[b] = a
            wall[via] = 0
            if watched:
                yield (WALL | MILESTONE, via, 1, 0)


def _join_open(parent, wall, passages, d):
    """Union-find (``parent``, path halving): join the two cells, ``d`` before and after, of each
    open passage of ``passages`` (a range of squares); the later part goes under the earlier one."""
    for via in compress(passages, wall[passages.start:passages.stop:passages.step].translate(OPEN)):
        a, b = via - d, via + d
        while parent[a] != a:
            parent[a] = a = parent[parent[a]]
        while parent[b] != b:
            parent[b] = b = parent[parent[b]]
        parent[b] = a


def rejoin(maze, rng, watched=True, parent=None):
    """Open, in random order, each closed passage whose two cells are not yet joined (union-find over
    the open passages first): afterwards every cell is reachable, and no loop has been added.
    One milestone per passage opened (when ``watched``; else no steps, the same draws and walls).
    The union-find is a flat per-square array (path halving); a caller that knows the parts already
    passes it as ``parent`` (each cell's square to a square of its part, the parts' roots to
    themselves), and the open passages are not walked."""
    w, h, wall = maze.width, maze.height, maze.wall
    closed = []
    if maze.mask is None:      # row by row: the passages of a row all run one way
        rows = [(1 if y % 2 else w, range(y * w + 1 + y % 2, y * w + w - 1, 2)) for y in range(1, h - 1)]
        if parent is not None:
            # Known parts (flat: every cell points at its root): a closed passage inside one part
            # can never open, so it goes in as 0, which the loop below skips in C; the shuffle
            # draws the same whatever the list holds.
            for d, r in rows:
                a, b, shut = r.start - d, r.stop - d, wall[r.start:r.stop:2]
                closed += map(mul, compress(r, shut), compress(map(ne, parent[a:b:2], parent[a + 2 * d:b + 2 * d:2]), shut))
        else:
            parent = array("i", range(len(wall)))
            for d, r in rows:
                closed += compress(r, wall[r.start:r.stop:2])
                _join_open(parent, wall, r, d)
    else:
        passages = all_passages(maze)[0]
        closed = [v for v in passages if wall[v]]
        if parent is None:
            parent = array("i", range(len(wall)))
            for via in passages:
                if not wall[via]:
                    d = 1 if via // w % 2 else w
                    a, b = via - d, via + d
                    while parent[a] != a:
                        parent[a] = a = parent[parent[a]]
                    while parent[b] != b:
                        parent[b] = b = parent[parent[b]]
                    parent[b] = a
    shuffle(closed, rng)
    for via in filter(None, closed):
        d = 1 if via // w % 2 else w
        a, b = via - d, via + d
        while parent[a] != a:
            parent[a] = a = parent[parent[a]]
        while parent[b] != b:
            parent[b] = b = parent[parent[b]]
        if a != b:
            parent[b] = a
            wall[via] = 0
            if watched:
                yield (WALL | MILESTONE, via, 1, 0)
