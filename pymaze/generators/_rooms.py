"""Joining the parts of a maze that has rooms and caves: tunnels between regions, doors between parts.

A *place* is a node a walker stands on: a cell (thin view) or a square
inside the frame (block view).  ``connect`` moves between places through
the square that must be floor to pass (the opening between two cells, or
the square itself), so one piece of code connects regions in either view.
"""

from array import array
from collections import deque

from ..events import MILESTONE, WALL
from ..graph import passages
from ._base import shuffle


def connect(maze, watch=True):
    """Join every floor region by the cheapest tunnels (one milestone step each, when ``watch``).

    1. Find the floor regions (breadth-first); each region's places cost 0 and are owned by it.
    2. Grow all regions at once by a 0-1 breadth-first search: a move costs the walls it
       crosses, and each place remembers its owner, its cost and the place it came from.
    3. Every two neighbouring places of different owners are a meeting, costing both their
       costs (and the opening between them).  Take the meetings cheapest first (then by place)
       and open the tunnel of each one that joins two regions not yet joined (Kruskal).
    Afterwards every floor place is reachable from every other."""
    wall, w, h = maze.wall, maze.width, maze.height
    thin = maze.geometry == "thin"
    k = 2 if thin else 1
    n = w * h
    inside = bytearray(n + 2 * w + 2)       # 1 on places; reads past either end land on the 0 padding
    for y in range(1, h - 1, k):
        inside[y * w + 1:y * w + w - 1:k] = b"\x01" * len(range(1, w - 1, k))
    moves = ((-k * w, -w), (k, 1), (k * w, w), (-k, -1))   # (to the next place, to the square passed)
    owner = array("i", [-1]) * n
    cost = array("i", [4 * n + 1]) * n
    back = array("i", [-1]) * n              # the place a tunnel square was reached from
    queue = deque()
    for p in range(n):                       # 1. the regions
        if not inside[p] or wall[p] or owner[p] >= 0:
            continue
        owner[p], cost[p] = p, 0
        region = [p]
        for r in region:
            for dq, dv in moves:
                q = r + dq
                if inside[q] and owner[q] < 0 and not wall[r + dv] and not wall[q]:
                    owner[q], cost[q] = p, 0
                    region.append(q)
        queue.extend(region)
    done = bytearray(n)
    while queue:                             # 2. the 0-1 breadth-first search
        p = queue.popleft()
        if done[p]:
            continue
        done[p] = 1
        for dq, dv in moves:
            q = p + dq
            if not inside[q]:
                continue
            extra = wall[q] + wall[p + dv] if thin else wall[q]
            if cost[p] + extra < cost[q]:
                cost[q], owner[q], back[q] = cost[p] + extra, owner[p], p
                if extra:
                    queue.append(q)
                else:
                    queue.appendleft(q)
    meetings = []                            # 3. (cost, p, q): p < q, neighbours
    for p in range(n):
        if not inside[p] or owner[p] < 0:
            continue
        for dq in (k, k * w):
            q = p + dq
            if inside[q] and owner[q] >= 0 and owner[q] != owner[p]:
                meetings.append((cost[p] + cost[q] + (wall[p + dq // k] if thin else 0), p, q))
    meetings.sort()
    root = {r: r for r in set(owner) if r >= 0}
    for _, p, q in meetings:
        a, b = _find(root, owner[p]), _find(root, owner[q])
        if a == b:
            continue
        root[a] = b
        squares = [p, q, (p + q) >> 1] if thin else [p, q]   # thin: the opening between them too
        for end in (p, q):
            while back[end] >= 0:
                prev = back[end]
                squares += ((end + prev) >> 1, prev) if thin else (prev,)
                end = prev
        opened = [s for s in squares if wall[s]]
        for s in opened:
            wall[s] = 0
        if watch and opened:
            yield _doors(opened)


def rejoin(maze, rng, watch=True, parent=None):
    """Open, in random order, each closed passage whose two cells are not yet joined, so that every
    cell is reachable and no loop is added (one milestone per passage, when ``watch``).

    1. Join the two cells of every open passage (union-find over the squares; a caller that
       knows the parts already passes them as ``parent``, each part's cells under its root).
    2. Shuffle the closed passages.
    3. Open each one whose cells are in different parts, and join the parts."""
    wall = maze.wall
    vias, ends_a, ends_b = passages(maze)
    if parent is None:
        parent = array("i", range(len(wall)))
        for via, a, b in zip(vias, ends_a, ends_b):
            if not wall[via]:
                parent[_find(parent, b)] = _find(parent, a)
    closed = [(via, a, b) for via, a, b in zip(vias, ends_a, ends_b) if wall[via]]
    shuffle(closed, rng)
    for via, a, b in closed:
        a, b = _find(parent, a), _find(parent, b)
        if a != b:
            parent[b] = a
            wall[via] = 0
            if watch:
                yield (WALL | MILESTONE, via, 1, 0)


def _find(parent, a):
    """The root of ``a``'s part (union-find with path halving)."""
    while parent[a] != a:
        parent[a] = a = parent[parent[a]]
    return a


def _doors(opened):
    """The step that opens ``opened`` (squares), its first event a milestone."""
    step = []
    for s in opened:
        step += (WALL, s, 1, 0)
    step[0] |= MILESTONE
    return tuple(step)
