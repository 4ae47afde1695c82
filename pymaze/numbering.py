"""How the square-based shapes number their passages, and their lattices built a row at a time.

The shapes that wrap around, levels, weave and zeta (``SIDE_MAJOR``) number their passages side
by side: a passage belongs to its lower-numbered cell ``p`` and to the place ``j`` of the other
cell in ``p``'s list of neighbours (its side: N, E, S, W, ... in clockwise order); passages are
numbered by that side first, then by ``p``.  So along a row the passages a side leads to are
numbered one after the other, and every cell in the middle of a row finds its passages at the
same offsets ``via - p``: one table of ``(via - p, q - p)`` pairs serves the whole middle of
the row, as one table serves every cell of the square grid.  ``by_rows`` builds such a lattice
without a mask from a few cells of each row (those near its ends, and one in the middle) in
place of every cell; ``by_cells`` builds any, masked ones too, a cell at a time.  The two number
alike (``tests/test_numbering.py``).

Both return ``(tables, ends, boundary)`` (see ``pymaze.graph.Lattice``), ``tables`` a list with
a table per cell in which equal tables are one object.
"""

from array import array
from itertools import groupby

SIDE_MAJOR = ("cylinder", "torus", "moebius", "levels", "weave", "zeta")


def by_cells(nbrs, raw, cell):
    """Number the passages of the lattice whose raw cells ``raw`` are on (``cell``: raw -> cell or -1),
    ``nbrs(raw)`` their raw neighbours in clockwise order (-1: none)."""
    n = len(raw)
    around = [[cell[q] if q >= 0 else -1 for q in nbrs(k)] for k in raw]
    boundary = bytearray(n)
    groups = {}    # side j -> the lower cells of its passages, in order
    for p, qs in enumerate(around):
        for j, q in enumerate(qs):
            if q < 0:
                boundary[p] = 1
            elif q > p:
                groups.setdefault(j, []).append(p)
    number, ends = {}, array("i")
    for j in sorted(groups):
        for p in groups[j]:
            q = around[p][j]
            number[p, q] = n + len(ends) // 2
            ends.append(p)
            ends.append(q)
    shared = {}
    tables = [shared.setdefault(t, t) for t in
              (tuple((number[min(p, q), max(p, q)] - p, q - p) for q in qs if q >= 0) for p, qs in enumerate(around))]
    return tables, ends, boundary


def by_rows(nbrs, cells, w, reach):
    """``by_cells`` for a lattice without a mask (``cells``: every raw cell, in order) whose rows
    (``w`` cells each) look alike in the
    middle: every cell at least ``reach`` from both ends of its row has neighbours at the same
    offsets (``reach``: the farthest a neighbour lies along the row).  None when the rows are too
    short for a middle, or the middle is not alike after all."""
    total = len(cells)
    rows, edge = total // w, 2 * reach
    if w < 2 * edge + 2:
        return None
    own = list(range(edge)) + list(range(w - edge, w))   # the cells of a row looked at one by one
    mid = w - 2 * edge                                   # and the middle, looked at in cell x = edge
    look = own[:edge] + [edge] + own[edge:]
    around = [{x: nbrs(r * w + x) for x in look} for r in range(rows)]
    sides = max(len(qs) for a in around for qs in a.values())
    # The place of each looked-at cell among its row's passages of side j, and each group's size.
    rank = [[None] * rows for _ in range(sides)]
    size = [[0] * rows for _ in range(sides)]
    for r, a in enumerate(around):
        for j in range(sides):
            places, k = {}, 0
            for x in look:
                qs = a[x]
                if j < len(qs) and qs[j] > r * w + x:
                    places[x] = k
                    k += mid if x == edge else 1
            rank[j][r], size[j][r] = places, k
    first, k = [], total
    for j in range(sides):
        first.append(array("q", [0]) * rows)
        for r in range(rows):
            first[j][r] = k
            k += size[j][r]
    m = k - total

    def number(p, j):
        r, x = divmod(p, w)
        if edge <= x < w - edge:
            return first[j][r] + rank[j][r][edge] + x - edge
        return first[j][r] + rank[j][r][x]

    def table(p, qs):
        out = []
        for j, q in enumerate(qs):
            if q > p:
                out.append((number(p, j) - p, q - p))
            elif q >= 0:
                back = around[q // w].get(q % w) or nbrs(q)
                out.append((number(q, back.index(p)) - p, q - p))
        return tuple(out)

    shared, tables = {}, [None] * total
    boundary = bytearray(total)
    ends = array("i", bytes(8 * m))
    for r, a in enumerate(around):
        row = r * w
        for x in own:
            p = row + x
            tables[p] = shared.setdefault(t := table(p, a[x]), t)
            boundary[p] = -1 in a[x]
        t, last = table(row + edge, a[edge]), row + w - edge - 1
        if t != table(last, nbrs(last)):   # (the middle's first and last cells must agree)
            return None
        tables[row + edge:row + w - edge] = [shared.setdefault(t, t)] * mid
        boundary[row + edge:row + w - edge] = bytes([-1 in a[edge]]) * mid
        for j in range(sides):
            for x, k in rank[j][r].items():
                p, count = row + x, (mid if x == edge else 1)
                at = 2 * (first[j][r] + k - total)
                q = a[x][j]
                ends[at:at + 2 * count:2] = cells[p:p + count]
                ends[at + 1:at + 2 * count:2] = cells[q:q + count]
    return tables, ends, boundary


def runs(tables):
    """``(p0, p1, table)`` for each run of cells ``p0 .. p1 - 1`` that share one table object."""
    p0 = 0
    for _, same in groupby(tables, key=id):
        same = list(same)
        yield p0, p0 + len(same), same[0]
        p0 += len(same)


def along(lat, dq):
    """``(p0, p1, dv)`` for each run of cells ``p0 .. p1 - 1`` of an unmasked lattice whose passage
    to the cell ``dq`` further on is ``p + dv`` (the runs' cells in order)."""
    for p0, p1, t in runs(lat.tables):
        for dv, d in t:
            if d == dq:
                yield p0, p1, dv
