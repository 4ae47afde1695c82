"""The square-based shapes' passages, numbered side by side (upsilon's by the cells that own them):
built a row at a time (``by_rows``) they equal the cell-at-a-time build (``by_cells``), upsilon's
lattice is the same graph as its rule in words with every cell's neighbours in clockwise order,
and the lattice's tunnels, crossings and farthest cell found a run at a time equal those found
passage by passage or by a breadth-first search."""

import math

import pytest

import pymaze
from pymaze import masks, weave, worlds, zeta
from pymaze.graph import Lattice
from pymaze.maze import Maze
from pymaze.numbering import RULES, SIDE_MAJOR, by_cells, by_rows
from reference import lattice as reference_lattice

SIZES = [(w, h) for w in (3, 4, 5, 6, 9, 10, 11, 13, 16) for h in (3, 4, 7)]
# upsilon takes any size: one row or column, and widths around its shortest middle (8: two cells
# at each end and one octagon and one square between), odd and even
UPSILON_SIZES = SIZES + [(1, 1), (1, 6), (6, 1), (2, 2), (3, 3), (7, 5), (8, 1), (8, 2), (8, 8), (9, 1),
                         (12, 9), (15, 2), (17, 6)]


def build(shape, w, h, depth=None):
    lat = Lattice(shape, w, h, depth=depth or 1)
    rule = RULES[shape](w, h) if shape in RULES else None
    return lat, lat._raw_nbrs(), 2 if shape == "weave" else 1, rule


@pytest.mark.parametrize("shape", SIDE_MAJOR + tuple(RULES))
def test_a_row_at_a_time_numbers_as_a_cell_at_a_time(shape):
    built = 0
    for w, h in (UPSILON_SIZES if shape == "upsilon" else SIZES):
        for depth in ((1, 2, 3) if shape == "levels" else (None,)):
            lat, nbrs, reach, rule = build(shape, w, h, depth)
            rows = by_rows(nbrs, lat.raw, w, reach, rule)
            cells = by_cells(nbrs, lat.raw, lat._cell, rule)
            if rows is None:   # only rows too short for a middle
                assert w < 4 * reach + 2 * (rule.period if rule else 1), (shape, w, h, depth)
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
    lat, nbrs, _, _ = build(shape, 12, 7, 3 if shape == "levels" else None)
    keys = []
    for k in range(lat.m):
        p, q = lat.ends[2 * k], lat.ends[2 * k + 1]
        assert p < q
        keys.append((nbrs(lat.raw[p]).index(lat.raw[q]), p))
    assert keys == sorted(keys) and len(set(keys)) == lat.m


def _upsilon_key(w, a, b):
    """The place of the passage between raw cells a < b in upsilon's numbering, from the grid: its
    side (east, the diagonal across a corner, south) and the cell whose east side, south-east
    corner or south side it is (the diagonal's upper left cell)."""
    (ax, ay), (bx, by) = (a % w, a // w), (b % w, b // w)
    side = 0 if ay == by else 2 if ax == bx else 1
    return side, ay * w + min(ax, bx)


@pytest.mark.parametrize("masked", [False, True])
def test_upsilon_numbers_by_side_then_owner_and_is_its_rule_in_words(masked):
    """Upsilon's passages, numbered in the order of ``_upsilon_key``; its lattice the graph of the
    rule in words (a grid, and the diagonals between octagons), masked or not, every cell's
    neighbours in clockwise order from north (the wall followers turn by that order)."""
    cases = [(w, h, masks.preset(name, w, h, islands="join")) for name, w, h in
             (("ring", 9, 8), ("circle", 12, 10), ("ring", 17, 6), ("circle", 8, 9))] if masked \
        else [(w, h, None) for w, h in UPSILON_SIZES]
    for w, h, mask in cases:
        maze = Maze.shaped("upsilon", w, h, "closed", mask)
        lat = maze.lattice
        keys = [_upsilon_key(w, lat.raw[lat.ends[2 * k]], lat.raw[lat.ends[2 * k + 1]]) for k in range(lat.m)]
        assert keys == sorted(keys) and len(set(keys)) == lat.m, (w, h)
        mine = pymaze.lattice("upsilon", w, h, mask)
        ref = reference_lattice("upsilon", w, h).subgraph(maze.node_xy(p) for p in range(lat.n))
        assert {frozenset(map(maze.node_xy, e)) for e in mine.edges} == {frozenset(e) for e in ref.edges}, (w, h)
        for p in range(lat.n):
            x, y = maze.node_xy(p)
            turns = []
            for dv, dq in lat.tables[p]:
                k = p + dv - lat.n
                assert {lat.ends[2 * k], lat.ends[2 * k + 1]} == {p, p + dq}   # the passage joins the two
                qx, qy = maze.node_xy(p + dq)
                turns.append(math.atan2(qx - x, y - qy) % (2 * math.pi))   # clockwise from north
            assert turns == sorted(turns), (w, h, p)


def test_upsilon_rows_share_a_table_per_kind_of_cell_in_their_middle():
    lat = Lattice("upsilon", 100, 7)
    for y in range(7):
        row = lat.tables[100 * y:100 * y + 100]
        middle = row[4:96]
        assert len({id(t) for t in middle[0::2]}) == len({id(t) for t in middle[1::2]}) == 1
        assert len({id(t) for t in row}) <= 10
        sizes = [8, 4] if 0 < y < 6 else [5, 3]   # (the top and bottom rows: no cells beyond)
        assert [len(t) for t in middle[:2]] == (sizes if y % 2 == 0 else sizes[::-1])


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
