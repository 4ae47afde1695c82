"""Braid and sparseness on every perfect generator and shape, against networkx: dead ends counted
on the open graph, candidate walls read from the lattice of every candidate passage."""

import subprocess
import sys
from pathlib import Path

import networkx as nx
import pytest

import pymaze
from pymaze import Run
from pymaze.events import apply
from pymaze.formats import to_block_text
from pymaze.graph import SHAPES
from pymaze.registry import generators

ROOT = Path(__file__).resolve().parent.parent
PERFECT = [s for s, a in generators().items() if a.perfect is True]
CASES = [(shape, slug) for shape in SHAPES for slug in ("dig", "kruskal", "wilson") if shape in generators()[slug].shapes] + \
    [("square", slug) for slug in ("division", "binary", "eller", "sidewinder", "prim", "hunt")]


def graphs(maze):
    """The open graph and the graph of every candidate passage (nodes: cells)."""
    return maze.to_networkx(), maze.to_networkx(candidates=True)


def dead_ends(G):
    return {p for p in G if G.degree(p) == 1}


def braidable(G, C):
    """Dead ends with a closed candidate wall to an open cell."""
    return {p for p in dead_ends(G) if any(q in G and not G.has_edge(p, q) for q in C[p])}


def test_every_perfect_generator_takes_braid_and_sparse_and_no_other_does():
    for slug, a in generators().items():
        names = {p.name for p in a.params}
        assert ({"braid", "sparse"} <= names) == (a.perfect is True), slug
    with pytest.raises(pymaze.errors.ParameterError, match="braid"):
        pymaze.generate("cellular", 5, 5, braid=0.5)
    with pytest.raises(pymaze.errors.ParameterError, match="from 0.0 to 1.0"):
        pymaze.generate("dig", 5, 5, braid=1.5)


@pytest.mark.parametrize("shape, slug", CASES)
def test_braid_removes_the_share_of_dead_ends_by_opening_walls_only(shape, slug):
    for seed, share in ((1, 0.3), (2, 0.5), (3, 1.0)):
        before = pymaze.generate(slug, 9, 7, seed=seed, shape=shape)
        after = pymaze.generate(slug, 9, 7, seed=seed, shape=shape, braid=share)
        G0, C = graphs(before)
        G1, _ = graphs(after)
        assert nx.is_tree(G0)
        assert set(G1) == set(G0) and all(G1.has_edge(a, b) for a, b in G0.edges), "only walls open"
        assert nx.is_connected(G1)
        target = round(share * len(braidable(G0, C)))
        assert len(dead_ends(G0)) - len(dead_ends(G1)) == target, (seed, share)
        if share == 1.0:   # none left but cells with no other wall to open (a triangle's corner)
            assert not braidable(G1, C) and all(len(C[p]) == 1 for p in dead_ends(G1))
            assert shape == "triangle" or not dead_ends(G1)
        assert G1.number_of_edges() - G0.number_of_edges() <= target   # a join may take two at once


@pytest.mark.parametrize("shape, slug", CASES[:4] + CASES[-3:])
def test_sparse_walls_up_dead_end_cells_only_and_stays_connected(shape, slug):
    for seed, share in ((4, 0.2), (5, 0.6)):
        before = pymaze.generate(slug, 9, 7, seed=seed, shape=shape)
        after = pymaze.generate(slug, 9, 7, seed=seed, shape=shape, sparse=share)
        G0, _ = graphs(before)
        G1, _ = graphs(after)
        gone = set(G0) - set(G1)
        route = nx.shortest_path(G0, before.start, before.goal)   # never walled up: S, G and the way between
        assert set(G1) <= set(G0) and len(gone) == min(round(share * len(G0)), len(G0) - len(route))
        assert set(route) <= set(G1)
        assert nx.utils.graphs_equal(G1, G0.subgraph(G1)), "the cells left keep their passages"
        assert nx.is_tree(G1) and {after.start, *after.goals} <= set(G1)
        # Peeling dead ends one by one takes exactly the cells gone: a leaf of what is left each time.
        H = G0.copy()
        while gone:
            leaf = next((p for p in gone if H.degree(p) == 1), None)
            assert leaf is not None, "a cell walled up that was no dead end"
            H.remove_node(leaf)
            gone.discard(leaf)


@pytest.mark.parametrize("slug", PERFECT)
def test_both_at_once_watched_equals_unwatched_and_replays(slug):
    shape = "hex" if "hex" in generators()[slug].shapes else "square"
    run = Run.generate(slug, 8, 6, seed=7, shape=shape, braid=0.7, sparse=0.3)
    events = run.events()
    maze = pymaze.generate(slug, 8, 6, seed=7, shape=shape, braid=0.7, sparse=0.3)
    assert bytes(run.maze.wall) == bytes(maze.wall)
    assert bytes(apply(run.initial.copy(), events).wall) == bytes(maze.wall)
    assert bytes(apply(run.maze.copy(), events, backwards=True).wall) == bytes(run.initial.wall)
    assert nx.is_connected(maze.to_networkx())


def test_the_cli_flags():
    cmd = [sys.executable, "-m", "pymaze", "generate", "dig", "--size", "12x8", "--seed", "3"]
    plain = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT).stdout
    braided = subprocess.run(cmd + ["--braid", "1"], capture_output=True, text=True, cwd=ROOT)
    assert braided.returncode == 0
    same = to_block_text(pymaze.generate("dig", 12, 8, seed=3, braid=1.0))
    assert braided.stdout == same != plain
    bad = subprocess.run(cmd + ["--sparse", "2"], capture_output=True, text=True, cwd=ROOT)
    assert bad.returncode == 2 and bad.stderr.startswith("pymaze: error: ") and "sparse" in bad.stderr
