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


def connect(maze, near, main):
    """Tunnel from the region ``main`` (a set, grown in place) to every other floor region, nearest
    first: a 0-1 breadth-first search that pays one for each wall square to open.  One step each."""
    wall = maze.wall
    while True:
        parent = {p: None for p in main}
        queue = deque((p, 0) for p in main)
        cost = dict.fromkeys(main, 0)
        hit = None
        while queue:
            p, c = queue.popleft()
            if c > cost[p]:
                continue
            if not wall[p] and p not in main:
                hit = p
                break
            for q, via in near(p):
                extra = wall[via] + (wall[q] if q != via else 0)
                nc = c + extra
                if nc < cost.get(q, nc + 1):
                    cost[q], parent[q] = nc, (p, via)
                    if extra:
                        queue.append((q, nc))
                    else:
                        queue.appendleft((q, nc))
        if hit is None:
            return
        step = []
        p = hit
        while parent[p] is not None:
            up, via = parent[p]
            for s in {via, p}:
                if wall[s]:
                    wall[s] = 0
                    step += (WALL, s, 1, 0)
            p = up
        if step:
            step[0] |= MILESTONE
            yield tuple(step)
        main |= region(maze, near, hit)


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
