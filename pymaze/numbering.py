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

A shape whose rows repeat every ``period`` cells (upsilon: octagon, square, octagon, ...) says
which cell owns each passage and at which of its sides (a ``Rule``): the owners of one side
must follow one another along a row, a passage to each, so that the middle of a row still
finds that side's passages at one offset, and shares ``period`` tables.  Upsilon's cells each
own the passage east, the diagonal across their south-east corner (an octagon's own south-east
one; a square's is the south-west one of the octagon east of it) and the passage south
(``UPSILON``).

Both return ``(tables, ends, boundary)`` (see ``pymaze.graph.Lattice``), ``tables`` a list with
a table per cell in which equal tables are one object.
"""

from array import array
from itertools import groupby

SIDE_MAJOR = ("cylinder", "torus", "moebius", "levels", "weave", "zeta")


class Rule:
    """Which cell owns each passage: ``owns(c)``, the passages raw cell ``c`` owns as a list by
    side (``(a, b)``, raw cells a < b, or None), and ``owner(a, b)``, the ``(c, side)`` that owns
    the passage between raw neighbours a < b (each within ``reach`` cells of ``a``'s row place)."""

    def __init__(self, owns, owner, period=1):
        self.owns, self.owner, self.period = owns, owner, period


def upsilon_rule(w, h):
    """Upsilon's ``Rule``: each cell owns the passage east, the diagonal across its south-east
    corner (if any: an octagon's south-east one, a square's the south-west one of the octagon
    east of it), and the passage south; period 2."""
    def owns(c):
        y, x = divmod(c, w)
        east, south = x + 1 < w, y + 1 < h
        corner = None
        if east and south:
            corner = (c, c + w + 1) if (x + y) % 2 == 0 else (c + 1, c + w)
        return [(c, c + 1) if east else None, corner, (c, c + w) if south else None]

    def owner(a, b):
        if b // w == a // w:
            return a, 0
        dx = b % w - a % w
        return (a, 2) if dx == 0 else (a, 1) if dx == 1 else (a - 1, 1)
    return Rule(owns, owner, 2)


RULES = {"upsilon": upsilon_rule}   # the shapes numbered by a rule of their own: shape -> (w, h) -> Rule


def by_cells(nbrs, raw, cell, rule=None):
    """Number the passages of the lattice whose raw cells ``raw`` are on (``cell``: raw -> cell or -1),
    ``nbrs(raw)`` their raw neighbours in clockwise order (-1: none); by side, then by the cell
    that owns them (``rule``; by default side-major: the lower cell, at the other's place in its list)."""
    n = len(raw)
    around = [[cell[q] if q >= 0 else -1 for q in nbrs(k)] for k in raw]
    boundary = bytearray(n)
    groups = {}    # side j -> the passages (p, q) it numbers, in order of their owners
    for p, qs in enumerate(around):
        for j, q in enumerate(qs):
            if q < 0:
                boundary[p] = 1
            elif q > p and rule is None:
                groups.setdefault(j, []).append((p, q))
    if rule is not None:
        for c in range(len(cell)):      # (an owner may be off while the passage it owns is on)
            for s, pair in enumerate(rule.owns(c)):
                if pair is not None and cell[pair[0]] >= 0 and cell[pair[1]] >= 0:
                    groups.setdefault(s, []).append((cell[pair[0]], cell[pair[1]]))
    number, ends = {}, array("i")
    for j in sorted(groups):
        for p, q in groups[j]:
            number[p, q] = n + len(ends) // 2
            ends.append(p)
            ends.append(q)
    shared = {}
    tables = [shared.setdefault(t, t) for t in
              (tuple((number[min(p, q), max(p, q)] - p, q - p) for q in qs if q >= 0) for p, qs in enumerate(around))]
    return tables, ends, boundary


def by_rows(nbrs, cells, w, reach, rule=None):
    """``by_cells`` for a lattice without a mask (``cells``: every raw cell, in order) whose rows
    (``w`` cells each) look alike in the middle: every cell at least ``reach`` from both ends of
    its row has neighbours at the same offsets as the cell ``period`` before it (``reach``: the
    farthest a neighbour lies along the row; ``period``: the rule's, 1 by default).  None when
    the rows are too short for a middle, or the middle is not alike after all."""
    total = len(cells)
    rows, edge = total // w, 2 * reach
    period = rule.period if rule else 1
    if w < 2 * edge + 2 * period:
        return None
    own = list(range(edge)) + list(range(w - edge, w))   # the cells of a row looked at one by one
    mid = w - 2 * edge                                   # and the middle, looked at in its first
    reps = list(range(edge, edge + period))              # cells, one of each kind
    look = own[:edge] + reps + own[edge:]
    around = [{x: nbrs(r * w + x) for x in look} for r in range(rows)]
    if rule is None:
        def owns(c, a=None):
            return [(c, q) if q > c else None for q in (a or nbrs(c))]

        def owner(p, q):
            return p, (around[p // w].get(p % w) or nbrs(p)).index(q)
        owned = [{x: owns(r * w + x, a[x]) for x in look} for r, a in enumerate(around)]
    else:
        owns, owner = rule.owns, rule.owner
        owned = [{x: owns(r * w + x) for x in look} for r in range(rows)]
    sides = max(len(ps) for o in owned for ps in o.values())
    # The place of each looked-at owner among its row's passages of side s, and each group's size.
    rank = [[None] * rows for _ in range(sides)]
    size = [[0] * rows for _ in range(sides)]
    for r, o in enumerate(owned):
        for s in range(sides):
            places, k = {}, 0
            if len({s < len(o[x]) and o[x][s] is not None for x in reps}) > 1:
                return None   # (a side the middle's owners do not all have: no one offset for it)
            for x in look:
                ps = o[x]
                if s < len(ps) and ps[s] is not None:
                    if x == edge:
                        places[x] = k
                        k += mid
                    elif x not in reps:
                        places[x] = k
                        k += 1
            rank[s][r], size[s][r] = places, k
    first, k = [], total
    for s in range(sides):
        first.append(array("q", [0]) * rows)
        for r in range(rows):
            first[s][r] = k
            k += size[s][r]
    m = k - total

    def number(c, s):
        r, x = divmod(c, w)
        if edge <= x < w - edge:
            return first[s][r] + rank[s][r][edge] + x - edge
        return first[s][r] + rank[s][r][x]

    def table(p, qs):
        out = []
        for q in qs:
            if q >= 0:
                c, s = owner(p, q) if p < q else owner(q, p)
                out.append((number(c, s) - p, q - p))
        return tuple(out)

    def shape(c, ps):   # a cell's owned passages relative to it
        return [pq and (pq[0] - c, pq[1] - c) for pq in ps]

    shared, tables = {}, [None] * total
    boundary = bytearray(total)
    ends = array("i", bytes(8 * m))
    for r, a in enumerate(around):
        row = r * w
        for x in own:
            p = row + x
            tables[p] = shared.setdefault(t := table(p, a[x]), t)
            boundary[p] = -1 in a[x]
        for x in range(w - edge - period, w - edge):   # (the middle's last cells must agree with its first)
            rep, p = edge + (x - edge) % period, row + x
            qs = nbrs(p)
            if table(p, qs) != table(row + rep, a[rep]) or (-1 in qs) != (-1 in a[rep]) \
                    or shape(p, owns(p)) != shape(row + rep, owned[r][rep]):
                return None
        for x in reps:
            t = table(row + x, a[x])
            count = len(range(x, w - edge, period))
            tables[row + x:row + w - edge:period] = [shared.setdefault(t, t)] * count
            boundary[row + x:row + w - edge:period] = bytes([-1 in a[x]]) * count
        for s in range(sides):
            for x, k in rank[s][r].items():
                at = 2 * (first[s][r] + k - total)
                for x0 in (reps if x == edge else (x,)):
                    pa, pb = owned[r][x0][s]
                    count = len(range(x0, w - edge, period)) if x == edge else 1
                    step, start = 2 * period, at + 2 * (x0 - x)
                    ends[start:start + step * count:step] = cells[pa:pa + period * count:period]
                    ends[start + 1:start + 1 + step * count:step] = cells[pb:pb + period * count:period]
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
