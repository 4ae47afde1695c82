"""Independent references for the tests: graphs read straight from the wall bytes, by coordinates.

Nothing here uses the engine's topology code (Maze.neighbours, solvers/_base),
so a bug there cannot hide itself.
"""

from collections import deque

from pymaze.events import apply


def floor_graph(maze):
    """Block view: {(x, y): [(x2, y2), ...]} over every floor square, 4-neighbours inside the grid."""
    W, H, g = maze.width, maze.height, bytes(maze.wall)
    adj = {}
    for y in range(H):
        for x in range(W):
            if g[y * W + x]:
                continue
            nb = []
            for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
                a, b = x + dx, y + dy
                if 0 <= a < W and 0 <= b < H and not g[b * W + a]:
                    nb.append((a, b))
            adj[(x, y)] = nb
    return adj


def cell_graph(maze):
    """Thin view: {(cx, cy): [...]} over every cell, joined where the square between them is floor."""
    W, g = maze.width, bytes(maze.wall)
    cw, ch = (maze.width - 1) // 2, (maze.height - 1) // 2
    adj = {}
    for cy in range(ch):
        for cx in range(cw):
            nb = []
            for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
                a, b = cx + dx, cy + dy
                if 0 <= a < cw and 0 <= b < ch and not g[(2 * cy + 1 + dy) * W + 2 * cx + 1 + dx]:
                    nb.append((a, b))
            adj[(cx, cy)] = nb
    return adj


def graph(maze):
    return cell_graph(maze) if maze.geometry == "thin" else floor_graph(maze)


def edges(adj):
    return sum(len(v) for v in adj.values()) // 2


def components(adj):
    seen, count = set(), 0
    for v in adj:
        if v in seen:
            continue
        count += 1
        seen.add(v)
        queue = deque([v])
        while queue:
            u = queue.popleft()
            for n in adj[u]:
                if n not in seen:
                    seen.add(n)
                    queue.append(n)
    return count


def is_spanning_tree(maze):
    """Every cell reachable and exactly cells - 1 openings (so exactly one route between any two)."""
    adj = cell_graph(maze)
    return components(adj) == 1 and edges(adj) == len(adj) - 1


def frame_closed(maze):
    W, H, g = maze.width, maze.height, maze.wall
    return all(g[x] and g[(H - 1) * W + x] for x in range(W)) and all(g[y * W] and g[y * W + W - 1] for y in range(H))


def posts_standing(maze):
    W, H, g = maze.width, maze.height, maze.wall
    return all(g[y * W + x] for y in range(0, H, 2) for x in range(0, W, 2))


def node_of(maze, square):
    x, y = square % maze.width, square // maze.width
    return ((x - 1) // 2, (y - 1) // 2) if maze.geometry == "thin" else (x, y)


def distances(maze, source=None):
    """BFS distances in moves from ``source`` (default S) over the reference graph."""
    adj = graph(maze)
    s = node_of(maze, maze.start if source is None else source)
    dist = {s: 0}
    queue = deque([s])
    while queue:
        u = queue.popleft()
        for n in adj[u]:
            if n not in dist:
                dist[n] = dist[u] + 1
                queue.append(n)
    return dist


def shortest_moves(maze):
    """Shortest S-to-any-G route length in moves, or None when no G can be reached."""
    dist = distances(maze)
    found = [dist[node_of(maze, g)] for g in maze.goals if node_of(maze, g) in dist]
    return min(found) if found else None


def valid_route(maze, path):
    """The (x, y) path starts at S, ends at a G, and every step is one move along the reference graph."""
    adj = graph(maze)
    if not path or tuple(path[0]) != node_of(maze, maze.start):
        return False
    if tuple(path[-1]) not in {node_of(maze, g) for g in maze.goals}:
        return False
    return all(tuple(b) in adj[tuple(a)] for a, b in zip(path, path[1:]))


def replayed(run):
    """A run's events, once replaying them (each event checked against the maze) onto its initial
    maze has given exactly the maze the run left."""
    events = run.events()
    assert apply(run.initial.copy(), events, check=True) == run.maze
    return events
