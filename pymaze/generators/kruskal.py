from array import array

from ..events import MILESTONE, NUM, WALL
from ..graph import SHAPES, cells, passages
from ..registry import Param, generator
from ._base import clear_numbers, shuffle

CHUNK = 4096  # most cells relabelled in one step


@generator("kruskal", "Clustering (Kruskal)", group="seed", order=10, initial="closed", perfect=True, layer="cluster", shapes=SHAPES, params=[
    Param("method", "choice", "unionfind", choices=("unionfind", "naive"),
          help="how clusters are told apart: union-find (path compression, union by size), "
               "or plain labels where the larger label number is relabelled to the smaller"),
])
def kruskal(maze, rng, method="unionfind"):
    """Clustering (Kruskal): merge random neighbouring clusters until one is left.

    1. Every cell is its own cluster; the num layer shows each cell's cluster
       id, so the page colours the clusters as they grow.
    2. Visit every wall between two neighbouring cells in random order.
    3. When the cells on its two sides are in different clusters, relabel
       the cells of one cluster to the other's id, then open the wall (a
       milestone, so after every milestone the labels match connectivity;
       a big cluster is relabelled over several steps before it).
       Method "unionfind" finds clusters with union-find (iterative path
       compression, union by size) and relabels the smaller cluster into
       the larger one's id; method "naive" compares the labels themselves
       and relabels the larger label number to the smaller.
    4. Stop when every wall has been visited: one cluster, every label equal.
       The labels are then cleared (a last milestone), so the finished maze
       carries no cluster colour.

    The maze starts "closed" (every cell floor, every wall standing) rather
    than all wall, so the very first frame already shows every cell as its
    own coloured cluster instead of spending a step per cell opening them.
    Each cluster keeps its members as a linked list in flat arrays, so a
    relabel touches only the cells that change (no scan of the grid).

    Property: perfect (a spanning tree).  Not uniform: a random wall order
    is not a uniform draw over spanning trees.  Short dead ends, lots of
    branching, no long corridors.
    Source: J. B. Kruskal, "On the shortest spanning subtree of a graph"
    (1956); Jamis Buck, "Maze Generation: Kruskal's Algorithm".
    """
    num, wall = maze.num, maze.wall
    grid = maze.shape == "square" and maze.mask is None
    square = _cells(maze, grid)     # cell k's index in the maze
    n = len(square)
    cw = maze.cells_w if grid else max(1, min(n, maze.width))
    for lo in range(0, n, cw):
        row = [NUM, 0, 0, 0] * len(square[lo:lo + cw])
        row[1::4] = part = square[lo:lo + cw]
        row[3::4] = ids = range(lo + 1, lo + len(part) + 1)
        for p, v in zip(part, ids):
            num[p] = v
        yield tuple(row)

    walls, ends_a, ends_b, vias = _walls(maze, grid, square, cw)
    shuffle(walls, rng)

    nxt = array("i", [-1]) * n          # next member of the same cluster, -1 at the end
    tail = array("i", range(n))         # last member of the cluster headed by k
    naive = method == "naive"
    if not naive:
        parent = array("i", range(n))
        size = array("i", [1]) * n
    opened = WALL | MILESTONE

    w = maze.width
    for e in walls:
        if not grid:
            a, b, via = ends_a[e], ends_b[e], vias[e]
        elif e & 1:
            a = e >> 1
            b, via = a + cw, square[a] + w
        else:
            a = e >> 1
            b, via = a + 1, square[a] + 1
        if naive:
            keep, gone = num[square[a]] - 1, num[square[b]] - 1
            if keep == gone:
                continue
            if keep > gone:
                keep, gone = gone, keep
        else:
            keep, gone = parent[a], parent[b]
            if parent[keep] != keep:
                while parent[keep] != keep:
                    keep = parent[keep]
                while parent[a] != keep:       # path compression
                    parent[a], a = keep, parent[a]
            if parent[gone] != gone:
                while parent[gone] != gone:
                    gone = parent[gone]
                while parent[b] != gone:
                    parent[b], b = gone, parent[b]
            if keep == gone:
                continue
            if size[keep] < size[gone]:
                keep, gone = gone, keep
            parent[gone] = keep
            size[keep] += size[gone]
        members = []
        k = gone
        while k >= 0:
            members.append(square[k])
            k = nxt[k]
        new, old = keep + 1, gone + 1
        while True:  # big clusters move in several steps, the last one ends with the milestone
            part = members[-CHUNK:]
            del members[-CHUNK:]
            for p in part:
                num[p] = new
            step = [NUM, 0, old, new] * len(part)
            step[1::4] = part
            if not members:
                break
            yield tuple(step)
        nxt[tail[keep]] = gone
        tail[keep] = tail[gone]
        wall[via] = 0
        step += (opened, via, 1, 0)
        yield tuple(step)
    yield from clear_numbers(maze, square)


def _cells(maze, grid):
    """Cell k's index in the maze, for every cell (``graph.cells``; a plain grid's built by rows)."""
    if not grid:
        return array("i", cells(maze))
    w = maze.width
    out = array("i")
    for y in range(1, maze.height, 2):
        out.extend(range(y * w + 1, y * w + w - 1, 2))
    return out


def _walls(maze, grid, square, cw):
    """The candidate walls in the order ``rng.shuffle`` then permutes, as ``(walls, ends_a, ends_b, vias)``.

    On a plain square grid wall ``2 * k`` is east of cell ``k`` and ``2 * k + 1`` south of it (the
    ends and vias are worked out from that); otherwise wall ``e`` joins cells ``ends_a[e]`` and
    ``ends_b[e]`` (numbered as in ``square``) through passage ``vias[e]``."""
    n = len(square)
    if grid:
        walls = array("i")
        for lo in range(0, n, cw):          # east of every cell but a row's last
            walls.extend(range(2 * lo, 2 * (lo + cw - 1), 2))
        walls.extend(range(1, 2 * (n - cw), 2))
        return walls, None, None, None
    vias, ends_a, ends_b = passages(maze)
    if maze.lattice is None:
        k_of = {p: k for k, p in enumerate(square)}
        ends_a = array("i", (k_of[p] for p in ends_a))
        ends_b = array("i", (k_of[p] for p in ends_b))
    return array("i", range(len(vias))), ends_a, ends_b, vias


def _instant(maze, rng, method="unionfind"):
    """Kruskal with nobody watching: the same shuffled walls, union-find only (both methods open the
    same walls: a wall opens exactly when its two cells are not yet connected), no labels shown or
    cleared.  The final maze is the one the steps build."""
    wall = maze.wall
    grid = maze.shape == "square" and maze.mask is None
    square = _cells(maze, grid)
    n = len(square)
    cw = maze.cells_w if grid else max(1, min(n, maze.width))
    walls, ends_a, ends_b, vias = _walls(maze, grid, square, cw)
    shuffle(walls, rng)
    parent = [-1] * n          # a cluster's first cell holds minus its size, every other cell a cell nearer it
    if grid:  # wall 2k east of cell k, 2k + 1 south of it
        w = maze.width
        for e in walls:
            a = e >> 1
            b = a + cw if e & 1 else a + 1
            while parent[a] >= 0:          # path halving, stopping at the root
                q = parent[a]
                if parent[q] < 0:
                    a = q
                    break
                parent[a] = a = parent[q]
            while parent[b] >= 0:
                q = parent[b]
                if parent[q] < 0:
                    b = q
                    break
                parent[b] = b = parent[q]
            if a == b:
                continue
            sa, sb = parent[a], parent[b]
            if sa > sb:                    # union by size: the smaller cluster joins
                a, b = b, a
            parent[a] = sa + sb
            parent[b] = a
            wall[square[e >> 1] + (w if e & 1 else 1)] = 0
        return
    for e in walls:
        a, b = ends_a[e], ends_b[e]
        while parent[a] >= 0:
            q = parent[a]
            if parent[q] < 0:
                a = q
                break
            parent[a] = a = parent[q]
        while parent[b] >= 0:
            q = parent[b]
            if parent[q] < 0:
                b = q
                break
            parent[b] = b = parent[q]
        if a == b:
            continue
        sa, sb = parent[a], parent[b]
        if sa > sb:
            a, b = b, a
        parent[a] = sa + sb
        parent[b] = a
        wall[vias[e]] = 0


kruskal.instant = _instant
