from array import array

from ..events import MILESTONE, NUM, WALL
from ..graph import SHAPES, cells, passages, rule
from ..weave import crossings as weave_crossings
from ..registry import Param, generator
from ._base import clear_numbers, shuffle

CHUNK = 4096  # most cells relabelled in one step


@generator("kruskal", "Clustering (Kruskal)", short="Kruskal", group="seed", order=10, initial="closed", perfect=True, layer="cluster", shapes=SHAPES, params=[
    Param("method", "choice", "unionfind", choices=("unionfind", "naive"),
          help="how clusters are told apart: union-find (path compression, union by size), "
               "or plain labels where the larger label number is relabelled to the smaller"),
])
def kruskal(maze, rng, method="unionfind", watch=True):
    """Clustering (Kruskal): merge random neighbouring clusters until one is left.

    1. Every cell is its own cluster; the num layer shows each cell's cluster
       id, so the page colours the clusters as they grow.
    2. Visit every wall between two neighbouring cells in random order.
    3. When the cells on its two sides are in different clusters, relabel
       the cells of one cluster to the other's id (a big one over several
       steps), then open the wall: a milestone.  Method "unionfind" finds
       clusters with union-find (path halving, union by size) and relabels
       the smaller cluster; method "naive" compares the labels themselves
       and relabels the larger label number to the smaller.  On a zeta maze
       a diagonal wall stays when the diagonal crossing it is open already.
    4. Stop when every wall has been visited: one cluster.  Then clear the
       labels (a last milestone): the finished maze carries no colour.

    On a weave maze the crossings come first (Buck's weave Kruskal): visit
    the cells in random order and, at one in three whose four neighbours are
    there and no cell of the five is in a crossing yet, open a corridor
    through it one way and a tunnel under it the other way (a random one of
    the two), joining their clusters; then steps 2 to 4 over the ordinary
    walls, never opening one into a bridged cell.

    The maze starts "closed" (every cell floor, every wall standing), so the
    first frame shows every cell as its own coloured cluster.  Each cluster
    keeps its members as a linked list, so a relabel touches only the cells
    that change.  Nobody watching, union-find needs no labels at all.

    Property: perfect (a spanning tree; on a zeta maze too: a diagonal refused
    has its crossing one open, whose cells lie beside both of its own, joined
    to them by side walls that never stay).  Not uniform: a random wall order
    is not a uniform draw over spanning trees.  Short dead ends, lots of
    branching, no long corridors.
    Source: J. B. Kruskal, "On the shortest spanning subtree of a graph"
    (1956); Jamis Buck, "Maze Generation: Kruskal's Algorithm".
    """
    num, wall = maze.num, maze.wall
    square = array("i", cells(maze))    # cell k's index in the maze
    n = len(square)
    cw = maze.cells_w if maze.shape == "square" and maze.mask is None else 0   # a plain grid's row
    naive = method == "naive"
    labels = watch or naive         # the num layer holds each cell's cluster id
    if labels:
        row = cw or max(1, min(n, maze.width))
        for lo in range(0, n, row):
            part = square[lo:lo + row]
            ids = range(lo + 1, lo + len(part) + 1)
            for p, v in zip(part, ids):
                num[p] = v
            if watch:
                yield _renumbered(part, 0, ids)

    ends_a, ends_b, vias = _walls(maze, square, cw)
    walls = array("i", range(len(vias)))
    shuffle(walls, rng)
    parent = array("i", range(n))      # union-find: a cell nearer its cluster's root
    size = array("i", [1]) * n         # a root's cluster size
    nxt = array("i", [-1]) * n          # next member of the same cluster, -1 at the end
    tail = array("i", range(n))         # last member of the cluster headed by k
    may = rule(maze)                    # a zeta or weave maze: may this passage open now?
    weave = may if maze.lattice is not None and maze.lattice.shape == "weave" else None
    crossings = weave_crossings(maze, rng, weave) if weave else ()
    for e in (*crossings, *walls):
        if e < 0:                       # a crossing's passage, by its index (step 0)
            via = ~e
            a, b = maze.lattice.ends[2 * (via - n)], maze.lattice.ends[2 * (via - n) + 1]
        else:
            a, b, via = ends_a[e], ends_b[e], vias[e]
            if weave and weave.middle[via - n] >= 0 or may is not None and not may.may_open(square[a], via, square[b]):
                continue                # weave: a tunnel only at a crossing, nothing into a bridged cell;
                #                         zeta: no diagonal across an open one
        if naive:
            keep, gone = num[square[a]] - 1, num[square[b]] - 1
            if keep == gone:
                continue
            if keep > gone:
                keep, gone = gone, keep
        else:
            keep, gone = _find(parent, a), _find(parent, b)
            if keep == gone:
                continue
            if size[keep] < size[gone]:
                keep, gone = gone, keep
            parent[gone] = keep
            size[keep] += size[gone]
        members = _members(nxt, square, gone) if labels else ()
        new, old = keep + 1, gone + 1
        while len(members) > CHUNK:    # a big cluster moves in several steps before the milestone
            part = members[-CHUNK:]
            del members[-CHUNK:]
            for p in part:
                num[p] = new
            if watch:
                yield _renumbered(part, old, new)
        for p in members:
            num[p] = new
        nxt[tail[keep]] = gone
        tail[keep] = tail[gone]
        wall[via] = 0
        if watch:
            yield _renumbered(members, old, new) + (WALL | MILESTONE, via, 1, 0)
    if watch:
        yield from clear_numbers(maze, square)
    elif naive:
        for p in square:
            num[p] = 0


def _find(parent, a):
    """The root of cell ``a``'s cluster, halving the path on the way."""
    while parent[a] != a:
        parent[a] = a = parent[parent[a]]
    return a


def _members(nxt, square, k):
    """The squares of the cluster headed by cell ``k``, in the order of its linked list."""
    out = []
    while k >= 0:
        out.append(square[k])
        k = nxt[k]
    return out


def _renumbered(squares, old, new):
    """One step: ``num`` of each of ``squares`` from ``old`` to ``new`` (a number, or one each)."""
    step = [NUM, 0, old, 0 if isinstance(new, range) else new] * len(squares)
    step[1::4] = squares
    if isinstance(new, range):
        step[3::4] = new
    return tuple(step)


def _walls(maze, square, cw):
    """Wall ``e`` joins cells ``ends_a[e]`` and ``ends_b[e]`` (numbered as in ``square``) through
    ``vias[e]``: on a plain square grid the walls east of each cell, then those south of each."""
    if cw:
        w, n = maze.width, len(square)
        east, south = [k for k in range(n) if k % cw != cw - 1], range(n - cw)
        return (array("i", east + list(south)), array("i", [k + 1 for k in east] + [k + cw for k in south]),
                array("i", [square[k] + 1 for k in east] + [square[k] + w for k in south]))
    vias, ends_a, ends_b = passages(maze)
    if maze.lattice is None:
        k_of = {p: k for k, p in enumerate(square)}
        ends_a = array("i", (k_of[p] for p in ends_a))
        ends_b = array("i", (k_of[p] for p in ends_b))
    return ends_a, ends_b, vias
