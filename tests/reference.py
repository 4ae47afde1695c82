"""Independent references for the tests: graphs read straight from the wall bytes, by coordinates.

Nothing here uses the engine's topology code (Maze.neighbours, solvers/_base),
so a bug there cannot hide itself.
"""

import math
from collections import deque
from fractions import Fraction
from itertools import product

import networkx as nx

from pymaze.events import apply
from pymaze.graph import polar_rings


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


def lattice(shape, w, h):
    """The candidate passages of a ``w`` x ``h`` maze of ``shape`` as a networkx graph on grid
    positions (``maze.node_xy``; polar: (i, ring)), from each shape's rule in words (of the engine,
    only the polar rings' cell counts)."""
    G = nx.Graph()
    if shape == "square":
        G.add_nodes_from(product(range(w), range(h)))
        G.add_edges_from(((x, y), (x + 1, y)) for x in range(w - 1) for y in range(h))
        G.add_edges_from(((x, y), (x, y + 1)) for x in range(w) for y in range(h - 1))
    elif shape == "hex":  # flat-topped, odd columns half a cell lower: neighbours are one cube step apart
        def cube(x, y):
            return x, y - (x - (x & 1)) // 2
        cells = list(product(range(w), range(h)))
        G.add_nodes_from(cells)
        for a, b in product(cells, cells):
            (q1, r1), (q2, r2) = cube(*a), cube(*b)
            if a < b and abs(q1 - q2) + abs(r1 - r2) + abs(q1 + r1 - q2 - r2) == 2:
                G.add_edge(a, b)
    elif shape == "triangle":  # up where x + y is even: it shares its base with the cell below
        G.add_nodes_from(product(range(w), range(h)))
        G.add_edges_from(((x, y), (x + 1, y)) for x in range(w - 1) for y in range(h))
        G.add_edges_from(((x, y), (x, y + 1)) for x in range(w) for y in range(h - 1) if (x + y) % 2 == 0)
    elif shape in ("cylinder", "torus", "moebius"):
        # a grid whose east edge meets the west one (at row y on a cylinder and a torus, at row
        # h - 1 - y on a Moebius strip), and on a torus whose bottom edge meets the top one
        for x, y in product(range(w), range(h)):
            G.add_edge((x, y), ((x + 1) % w, y) if x < w - 1 or shape != "moebius" else (0, h - 1 - y))
            if y < h - 1 or shape == "torus":
                G.add_edge((x, y), (x, (y + 1) % h))
    elif shape == "upsilon":  # a grid, and the diagonals between octagons (x + y even)
        G.add_nodes_from(product(range(w), range(h)))
        G.add_edges_from(((x, y), (x + 1, y)) for x in range(w - 1) for y in range(h))
        G.add_edges_from(((x, y), (x, y + 1)) for x in range(w) for y in range(h - 1))
        G.add_edges_from(((x, y), (x + dx, y + 1)) for x in range(w) for y in range(h - 1) for dx in (-1, 1)
                         if (x + y) % 2 == 0 and 0 <= x + dx < w)
    elif shape == "weave":  # a grid, and a tunnel between cells two apart in a row or a column
        G.add_nodes_from(product(range(w), range(h)))
        for step in (1, 2):
            G.add_edges_from(((x, y), (x + step, y)) for x in range(w - step) for y in range(h))
            G.add_edges_from(((x, y), (x, y + step)) for x in range(w) for y in range(h - step))
    elif shape == "zeta":  # the king's graph: a grid, and both diagonals of every 2 x 2 block
        G.add_nodes_from(product(range(w), range(h)))
        G.add_edges_from(((x, y), (x + 1, y)) for x in range(w - 1) for y in range(h))
        G.add_edges_from(((x, y), (x, y + 1)) for x in range(w) for y in range(h - 1))
        G.add_edges_from(((x, y), (x + 1, y + 1)) for x in range(w - 1) for y in range(h - 1))
        G.add_edges_from(((x + 1, y), (x, y + 1)) for x in range(w - 1) for y in range(h - 1))
    elif shape == "levels":  # one level (the default depth): a grid, positions (x, y, level 0)
        G.add_nodes_from((x, y, 0) for x, y in product(range(w), range(h)))
        G.add_edges_from(((x, y, 0), (x + 1, y, 0)) for x in range(w - 1) for y in range(h))
        G.add_edges_from(((x, y, 0), (x, y + 1, 0)) for x in range(w) for y in range(h - 1))
    else:  # polar: (i, ring); neighbours share an arc (rings next to each other) or a spoke (one ring)
        counts = polar_rings(w, h)
        G.add_node((0, 0))
        for r in range(1, h + 1):
            c = counts[r]
            for i in range(c):
                G.add_edge((i, r), ((i + 1) % c, r))
                below = counts[r - 1]
                for j in range(below):
                    lo, hi = max(Fraction(i, c), Fraction(j, below)), min(Fraction(i + 1, c), Fraction(j + 1, below))
                    if hi > lo:
                        G.add_edge((i, r), (j, r - 1))
    return G


def forest(nodes, edges):
    """Union-find over ``nodes`` joining the two ends of each of ``edges`` in turn: ``find`` (a
    node's root), or None when an edge closes a cycle."""
    root = {v: v for v in nodes}

    def find(v):
        while root[v] != v:
            v = root[v]
        return v
    for a, b in edges:
        ra, rb = find(a), find(b)
        if ra == rb:
            return None
        root[ra] = rb
    return find


def spanning_tree_count(nodes, edges):
    """Kirchhoff: the spanning trees of the multigraph ``edges`` on ``nodes`` (loops dropped, each
    parallel edge counted), the determinant of its Laplacian less one row and column, exactly (Bareiss
    pivoting over fractions)."""
    index = {v: i for i, v in enumerate(list(nodes)[1:])}
    n = len(index)
    M = [[Fraction(0)] * n for _ in range(n)]
    for a, b in edges:
        if a == b:
            continue
        for u, v in ((a, b), (b, a)):
            if u in index:
                M[index[u]][index[u]] += 1
                if v in index:
                    M[index[u]][index[v]] -= 1
    det = Fraction(1)
    for k in range(n):
        pivot = next((r for r in range(k, n) if M[r][k]), None)
        if pivot is None:
            return 0
        if pivot != k:
            M[k], M[pivot] = M[pivot], M[k]
            det = -det
        det *= M[k][k]
        for r in range(k + 1, n):
            f = M[r][k] / M[k][k]
            for c in range(k, n):
                M[r][c] -= f * M[k][c]
    return int(det)


def chi_square_limit(df, z=3.09):
    """The chi-square value a fair sample exceeds with probability about 0.001 (Wilson-Hilferty)."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3
