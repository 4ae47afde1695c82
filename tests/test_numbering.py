"""The square-based shapes' passages, numbered side by side: built a row at a time (``by_rows``) they
equal the cell-at-a-time build (``by_cells``), and the lattice's tunnels, crossings and farthest cell
found a run at a time equal those found passage by passage or by a breadth-first search."""

import pytest

from pymaze import weave, worlds, zeta
from pymaze.graph import Lattice
from pymaze.numbering import SIDE_MAJOR, by_cells, by_rows

SIZES = [(w, h) for w in (3, 4, 5, 6, 9, 10, 11, 13, 16) for h in (3, 4, 7)]


def build(shape, w, h, depth=None):
    lat = Lattice(shape, w, h, depth=depth or 1)
    return lat, lat._raw_nbrs(), 2 if shape == "weave" else 1


@pytest.mark.parametrize("shape", SIDE_MAJOR)
def test_a_row_at_a_time_numbers_as_a_cell_at_a_time(shape):
    built = 0
    for w, h in SIZES:
        for depth in ((1, 2, 3) if shape == "levels" else (None,)):
            lat, nbrs, reach = build(shape, w, h, depth)
            rows = by_rows(nbrs, lat.raw, w, reach)
            cells = by_cells(nbrs, lat.raw, lat._cell)
            if rows is None:
                assert w < 4 * reach + 2, (shape, w, h, depth)   # only rows too short for a middle
                continue
            built += 1
            assert rows[0] == cells[0] and rows[1] == cells[1] and rows[2] == cells[2], (shape, w, h, depth)
            # one table object for equal tables: a row's middle shares one
            assert len({id(t) for t in rows[0]}) == len(set(rows[0]))
    assert built


@pytest.mark.parametrize("shape", SIDE_MAJOR)
def test_passages_go_side_by_side_then_cell_by_cell(shape):
    """The numbering rule itself, read off the lattice: passage n + k joins ends[2k] < ends[2k + 1],
    and sorting the passages by (side at the lower cell, lower cell) keeps them in order."""
    lat, nbrs, _ = build(shape, 12, 7, 3 if shape == "levels" else None)
    keys = []
    for k in range(lat.m):
        p, q = lat.ends[2 * k], lat.ends[2 * k + 1]
        assert p < q
        keys.append((nbrs(lat.raw[p]).index(lat.raw[q]), p))
    assert keys == sorted(keys) and len(set(keys)) == lat.m


def _forget_mask_fast_paths(lat):
    lat.mask = "any"   # (a mask present: tunnels and crossings go passage by passage)
    try:
        return weave.tunnels(lat) if lat.shape == "weave" else zeta.crossings(lat)
    finally:
        lat.mask = None


@pytest.mark.parametrize("shape", ["weave", "zeta"])
def test_tunnels_and_crossings_a_run_at_a_time_equal_passage_by_passage(shape):
    for w, h in SIZES:
        lat = Lattice(shape, w, h)
        fast = (lat.middle, lat.under) if shape == "weave" else lat.cross
        assert fast == _forget_mask_fast_paths(lat), (w, h)


@pytest.mark.parametrize("shape", sorted(worlds.WRAPS))
def test_the_farthest_cell_is_the_last_a_breadth_first_search_meets_at_the_most_moves(shape):
    for w in range(3, 12):
        for h in range(3, 9):
            lat = Lattice(shape, w, h)
            dist, order = {0: 0}, [0]
            for p in order:
                for _, dq in lat.tables[p]:
                    if p + dq not in dist:
                        dist[p + dq] = dist[p] + 1
                        order.append(p + dq)
            most = max(dist.values())
            assert lat.far_pair() == (0, max(k for k, v in dist.items() if v == most)), (w, h)
