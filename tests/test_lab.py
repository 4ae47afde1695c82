"""The lab: its figures recomputed maze by maze, its means against Pullen's table, its CLI, its executors."""

import csv
import io
import json
import math
import os
import pty
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import networkx as nx
import numpy as np
import pytest

import pymaze
from pymaze.lab import summary
from pymaze.graph import SHAPES
from pymaze.registry import generators
from test_generators_texture import TEXTURE
from test_plugins import AUTHORED as PLUGIN  # a generator (au-back) and a solver (au-dfs) of pymaze.author

ROOT = Path(__file__).resolve().parent.parent
PERFECT = [a.slug for a in generators().values() if a.perfect]
EVERY_SHAPE = [a.slug for a in generators().values() if set(a.shapes) == set(SHAPES)]


def reference_figures(maze):
    """Dead ends, junctions, corridors, solution length and diameter from networkx alone."""
    g = maze.to_networkx()
    deg = [d for _, d in g.degree()]
    goals = [p for p in maze.goals if p in g]
    lengths = nx.single_source_shortest_path_length(g, maze.start)
    reached = [lengths[p] for p in goals if p in lengths]
    part = g.subgraph(nx.node_connected_component(g, maze.start))
    return {"cells": g.number_of_nodes(), "dead_ends": deg.count(1), "junctions": sum(d >= 3 for d in deg),
            "corridors": deg.count(2), "solution_length": min(reached) if reached else None,
            "diameter": nx.diameter(part) if part.number_of_nodes() > 1 else 0}


def reference_turns(maze):
    """Turns per cell along networkx's shortest S-G route (unique in a perfect maze)."""
    g = maze.to_networkx()
    goal = min(maze.goals, key=lambda p: nx.shortest_path_length(g, maze.start, p))
    route = nx.shortest_path(g, maze.start, goal)
    if maze.lattice is None:
        where = [maze.xy(p) for p in route]
        heads = [(bx - ax, by - ay) for (ax, ay), (bx, by) in zip(where, where[1:])]
    else:
        where = [maze.lattice.centre(p) for p in route]
        heads = [round(math.degrees(math.atan2(by - ay, bx - ax))) % 360
                 for (ax, ay), (bx, by) in zip(where, where[1:])]
    return sum(a != b for a, b in zip(heads, heads[1:])) / len(route)


CASES = [(slug, "square") for slug in PERFECT] + [(slug, shape) for slug in EVERY_SHAPE
                                                   for shape in ("hex", "triangle", "polar")]


@pytest.mark.parametrize("slug,shape", CASES, ids=lambda v: str(v))
def test_figures_agree_with_the_engine_maze_by_maze(slug, shape):
    records = pymaze.lab([slug], solvers=["bfs", "astar", "wall"], geometry=shape, size=(9, 7), count=4, seed=11)
    assert [r["seed"] for r in records] == [11, 12, 13, 14]
    for r in records:
        maze = pymaze.generate(slug, 9, 7, seed=r["seed"], shape=shape)
        ref = reference_figures(maze)
        assert {k: r[k] for k in ref} == ref, r
        assert r["dead_end_share"] == pytest.approx(ref["dead_ends"] / ref["cells"], abs=1e-4)
        assert r["turns_per_cell"] == pytest.approx(reference_turns(maze), abs=1e-4)
        stats = pymaze.metrics(maze)
        assert {k: r[k] for k in stats} == stats
        for solver in ("bfs", "astar", "wall"):
            sol = pymaze.solve(maze, solver, seed=r["seed"])
            assert (r[f"{solver}_visited"], r[f"{solver}_route"]) == (sol.visited, sol.moves)
        assert r["bfs_route"] == r["astar_route"] == ref["solution_length"]


def test_levels_mazes_take_their_depth():
    """A levels lab measures mazes of ``depth`` levels (as the engine makes them, its own record says
    the depth); a depth on another shape, or out of range, is refused before any maze."""
    records = pymaze.lab(["dig", "kruskal"], solvers=["bfs"], geometry="levels", size=(5, 4), count=3, seed=2, depth=3)
    assert [(r["algorithm"], r["seed"], r["depth"]) for r in records] == [
        (g, s, 3) for g in ("dig", "kruskal") for s in (2, 3, 4)]
    for r in records:
        maze = pymaze.generate(r["algorithm"], 5, 4, seed=r["seed"], shape="levels", depth=3)
        assert r["cells"] == 5 * 4 * 3 == maze.to_networkx().number_of_nodes()
        assert r["bfs_route"] == pymaze.solve(maze, "bfs").moves
        assert {k: r[k] for k in pymaze.metrics(maze)} == pymaze.metrics(maze)
    flat = pymaze.lab("dig", geometry="levels", size=(5, 4), count=1, seed=2)
    assert flat[0]["depth"] == 1 and flat[0]["cells"] == 20
    for kw in (dict(geometry="square", depth=3), dict(geometry="levels", depth=0)):
        with pytest.raises(pymaze.PymazeError):
            pymaze.lab("dig", size=(5, 4), count=1, **kw)


@pytest.mark.parametrize("slug", ["cellular", "dungeon", "fill"])
def test_mazes_with_loops_get_the_diameter_of_every_sweep(slug):
    for r in pymaze.lab(slug, size=(8, 8), count=5, seed=3):
        maze = pymaze.generate(slug, 8, 8, seed=r["seed"])
        assert r["diameter"] == reference_figures(maze)["diameter"], r


# Pullen's table of dead-end shares, with the tolerance the generator tests give it.
PULLEN = {slug: TEXTURE[(slug, ())] for slug in
          ("dig", "kruskal", "wilson", "aldous", "prim", "binary", "sidewinder", "division")}


@pytest.mark.parametrize("slug", list(PULLEN))
def test_means_fall_within_pullens_table(slug):
    expected, source = PULLEN[slug]
    figures = summary(pymaze.lab([slug], size=(50, 50), count=10, seed=1))[slug]
    mean = 100 * figures["dead_end_share"]["mean"]
    assert abs(mean - expected) <= 3, f"{slug}: {mean:.2f} % dead ends, expected {expected:.1f} ({source})"


def test_summary_is_the_spread_of_the_records():
    records = pymaze.lab("dig,kruskal", solvers="bfs", size=(12, 12), count=9, seed=5)
    out = summary(records)
    assert pymaze.lab.summary is summary
    assert list(out) == ["dig", "kruskal"]
    for algo, figures in out.items():
        assert figures["mazes"] == 9
        for name in ("dead_end_share", "solution_length", "diameter", "bfs_visited"):
            v = np.array([r[name] for r in records if r["algorithm"] == algo], dtype=float)
            f = figures[name]
            assert f["n"] == len(v) and f["min"] == v.min() and f["max"] == v.max()
            assert f["mean"] == pytest.approx(v.mean(), abs=1e-4)
            assert f["sd"] == pytest.approx(v.std(ddof=1), abs=1e-4)
            assert [f["q1"], f["median"], f["q3"]] == pytest.approx(np.percentile(v, [25, 50, 75]), abs=1e-4)


def test_a_process_pool_gives_the_serial_records():
    args = dict(generators="dig,wilson", solvers="bfs,greedy", geometry="hex", size=(10, 8), count=20, seed=2)
    seen = []
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = pymaze.lab(**args, executor=pool, progress=lambda done, total: seen.append((done, total)))
    assert pooled == pymaze.lab(**args)
    assert seen[-1] == (40, 40) and [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_a_dask_local_cluster_gives_the_serial_records():
    from dask.distributed import Client, LocalCluster
    args = dict(generators="kruskal", solvers="astar", size=(10, 10), count=12, seed=7)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        pooled = pymaze.lab(**args, executor=client.get_executor())
    assert pooled == pymaze.lab(**args)


@pytest.mark.parametrize("kw,error", [
    (dict(generators=[]), pymaze.ParameterError),
    (dict(generators="nope"), pymaze.UnknownAlgorithmError),
    (dict(generators="dig", solvers="nope"), pymaze.UnknownAlgorithmError),
    (dict(generators="binary", geometry="hex"), pymaze.GeometryError),
    (dict(generators="dig", geometry="cube"), pymaze.GeometryError),
    (dict(generators="dig", size=(0, 5)), pymaze.SizeError),
    (dict(generators="dig", size="big"), pymaze.SizeError),
    (dict(generators="dig", count=0), pymaze.ParameterError),
    (dict(generators="dig", seed=-1), pymaze.ParameterError),
    (dict(generators="dig", seed=2**32 - 1, count=2), pymaze.ParameterError),
    (dict(generators=5), pymaze.ParameterError),
])
def test_bad_arguments_raise_before_any_maze(kw, error):
    with pytest.raises(error):
        pymaze.lab(**kw)


def cli(*args, stderr=subprocess.PIPE):
    return subprocess.run([sys.executable, "-m", "pymaze", "lab", *map(str, args)], cwd=ROOT,
                          stdout=subprocess.PIPE, stderr=stderr, text=True, timeout=120)


def test_csv_and_json_have_the_same_rows():
    args = ("dig", "kruskal,prim", "--size", "8x6", "--count", "5", "--seed", "3", "--solvers", "bfs,dfs")
    js, cs = cli(*args, "--json"), cli(*args, "--csv", "--jobs", "2")
    assert js.returncode == cs.returncode == 0 and js.stderr == cs.stderr == ""
    data = json.loads(js.stdout)
    rows = list(csv.DictReader(io.StringIO(cs.stdout)))
    assert len(rows) == len(data["records"]) == 15
    text = lambda v: "" if v is None else str(v)
    assert rows == [{k: text(v) for k, v in r.items()} for r in data["records"]]
    assert data["records"] == pymaze.lab("dig,kruskal,prim", "bfs,dfs", size=(8, 6), count=5, seed=3)
    assert data["summary"] == summary(data["records"])


def test_the_progress_bar_goes_to_a_terminal_only():
    main, side = pty.openpty()
    try:
        proc = cli("dig", "--size", "6x6", "--count", "20", "--json", stderr=side)
    finally:
        os.close(side)
    seen = os.read(main, 65536).decode()
    os.close(main)
    assert proc.returncode == 0 and "20/20 mazes" in seen
    assert cli("dig", "--size", "6x6", "--count", "3", "--json").stderr == ""


@pytest.mark.parametrize("args,words", [
    (("nope",), "unknown generator 'nope'"),
    (("dig", "--solvers", "nope"), "unknown solver 'nope'"),
    (("dig", "--size", "0x5"), "width"),
    (("dig", "--count", "0"), "count"),
    (("dig", "--count", "x"), "count"),
    (("dig", "--jobs", "0"), "--jobs"),
    (("dig", "--json", "--csv"), "not both"),
    (("binary", "--geometry", "hex"), "not hex ones"),
    (("dig", "--geometry", "cube"), "invalid choice"),
])
def test_bad_cli_input_gives_one_line_and_status_2(args, words):
    proc = cli(*args)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.startswith("pymaze: error: ") and proc.stderr.count("\n") == 1 and words in proc.stderr


def test_the_cli_lab_takes_plugin_files_in_processes(tmp_path):
    path = tmp_path / "mine.py"
    path.write_text(PLUGIN)
    proc = cli(path, "dig", "--solvers", f"bfs,{path}", "--geometry", "hex", "--size", "7x5", "--count", "6",
               "--seed", "4", "--jobs", "2", "--json")
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    try:
        pymaze.load_plugin(path)
        expected = pymaze.lab("au-back,dig", "bfs,au-dfs", geometry="hex", size=(7, 5), count=6, seed=4)
    finally:
        from pymaze import registry
        registry.unregister(str(path.resolve()))
    records = json.loads(proc.stdout)["records"]
    assert records == expected and {r["algorithm"] for r in records} == {"au-back", "dig"}
    assert all(r["au-dfs_route"] == r["bfs_route"] == reference_figures(
        pymaze.generate("dig", 7, 5, seed=r["seed"], shape="hex"))["solution_length"]
        for r in records if r["algorithm"] == "dig")
    gens_only = tmp_path / "gens.py"
    gens_only.write_text("from pymaze.author import generator\n\n\n" + PLUGIN[PLUGIN.index("@generator"):])
    proc = cli("dig", "--solvers", gens_only)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "registers no solver" in proc.stderr
