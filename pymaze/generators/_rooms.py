"""Helpers for generators that leave rooms and caves: moves between places, regions, tunnels.

A *place* is a node a walker stands on: a cell (thin view) or a square
inside the frame (block view).  ``slots(maze)`` gives, for a place, the
neighbouring places and the square that must be floor to pass (the
opening between two cells, or the square itself), so one piece of code
connects regions in either view.
"""

from collections import deque

from ..events import MILESTONE, WALL
from ..graph import cells as all_cells, passages as all_passages


def places(maze):
    w, h = maze.width, maze.height
    if maze.geometry == "thin":
        return [y * w + x for y in range(1, h, 2) for x in range(1, w, 2)]
    return [y * w + x for y in range(1, h - 1) for x in range(1, w - 1)]


def slots(maze):
    """``p -> [(q, via), ...]``: neighbouring places and the square to pass through (never the frame)."""
    w, h = maze.width, maze.height
    k = 2 if maze.geometry == "thin" else 1

    def near(p):
        y, x = divmod(p, w)
        out = []
        for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
            nx, ny = x + k * dx, y + k * dy
            if 0 < nx < w - 1 and 0 < ny < h - 1:
                out.append((ny * w + nx, p + dy * w + dx))
        return out
    return near


def region(maze, near, seed):
    """The places joined to ``seed`` through floor."""
    wall = maze.wall
    seen = {seed}
    queue = [seed]
    for p in queue:
        for q, via in near(p):
            if q not in seen and not wall[via] and not wall[q]:
                seen.add(q)
                queue.append(q)
    return seen


def connect(maze, near):
    """Join every floor region by the cheapest tunnels: a 0-1 breadth-first search from all regions at
    once gives each place its nearest region and the walls between; the meetings of two regions,
    cheapest first, are accepted when they join regions not yet joined (Kruskal).  One step per
    tunnel.  Afterwards every floor place is reachable from every other."""
    wall = maze.wall
    owner, cost, parent = {}, {}, {}
    queue = deque()
    for p in places(maze):
        if not wall[p] and p not in owner:
            for q in region(maze, near, p):
                owner[q], cost[q], parent[q] = p, 0, None
                queue.append((q, 0))
    while queue:
        p, c = queue.popleft()
        if c > cost[p]:
            continue
        for q, via in near(p):
            extra = wall[via] + (wall[q] if q != via else 0)
            if c + extra < cost.get(q, c + extra + 1):
                cost[q], owner[q], parent[q] = c + extra, owner[p], (p, via)
                if extra:
                    queue.append((q, c + extra))
                else:
                    queue.appendleft((q, c + extra))
    meetings = []
    for p in owner:
        for q, via in near(p):
            if q in owner and owner[q] != owner[p] and p < q:
                meetings.append((cost[p] + cost[q] + (wall[via] if via != q else 0), p, q, via))
    meetings.sort()
    root = {r: r for r in set(owner.values())}

    def find(r):
        while root[r] != r:
            root[r] = root[root[r]]
            r = root[r]
        return r
    for _, p, q, via in meetings:
        a, b = find(owner[p]), find(owner[q])
        if a == b:
            continue
        root[a] = b
        squares = [via, p, q]
        for end in (p, q):
            while parent[end] is not None:
                end, through = parent[end]
                squares += (through, end)
        step = []
        for s in squares:
            if wall[s]:
                wall[s] = 0
                step += (WALL, s, 1, 0)
        if step:
            step[0] |= MILESTONE
            yield tuple(step)


def rejoin(maze, rng):
    """Open, in random order, each closed passage whose two cells are not yet joined (union-find over
    the open passages first): afterwards every cell is reachable, and no loop has been added.
    One milestone per passage opened."""
    w, wall = maze.width, maze.wall
    parent = {c: c for c in list(all_cells(maze))}

    def find(c):
        while parent[c] != c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    def ends(via):
        return (via - 1, via + 1) if via // w % 2 else (via - w, via + w)
    passages = list(all_passages(maze)[0])
    for via in passages:
        if not wall[via]:
            a, b = ends(via)
            parent[find(a)] = find(b)
    closed = [via for via in passages if wall[via]]
    rng.shuffle(closed)
    for via in closed:
        ra, rb = (find(c) for c in ends(via))
        if ra != rb:
            parent[ra] = rb
            wall[via] = 0
            yield (WALL | MILESTONE, via, 1, 0)
