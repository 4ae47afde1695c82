"""Plugins: .py files of users' own algorithms in the library (load_plugin) and the CLI, the raw and
the authored forms, on every geometry; broken plugins get one clear error naming file and line;
every code sample of docs/AUTHORING.md runs."""

import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import networkx as nx
import pytest

import pymaze
import pymaze.formats
from pymaze import registry
from pymaze.events import N_FOUND, notes
from pymaze.graph import RULED, SHAPES
from pymaze.plugins import PluginError, load_source

from reference import replayed

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "AUTHORING.md"

RAW = textwrap.dedent('''\
    from collections import deque
    from pymaze.events import MARK, MILESTONE, M_ROUTE, M_VISITED, N_FOUND, N_NO_ROUTE, NOTE, WALL
    from pymaze.graph import SHAPES, links, moves
    from pymaze.registry import Param, generator, solver


    @solver("raw-bfs", "Raw BFS")
    def raw_bfs(maze, rng):
        nbrs = links(maze)
        parent = {maze.start: None}
        queue = deque([maze.start])
        while queue:
            p = queue.popleft()
            maze.mark[p] = M_VISITED
            yield (MARK | MILESTONE, p, 0, M_VISITED)
            if p in maze.goals:
                path = [p]
                while parent[path[-1]] is not None:
                    path.append(parent[path[-1]])
                for q in path:
                    old, maze.mark[q] = maze.mark[q], M_ROUTE
                    yield (MARK, q, old, M_ROUTE)
                yield (NOTE, p, N_FOUND, len(path) - 1)
                return
            for q in nbrs(p):
                if q not in parent:
                    parent[q] = p
                    queue.append(q)
        yield (NOTE, -1, N_NO_ROUTE, 0)


    @generator("raw-tree", "Raw random tree", initial="closed", shapes=SHAPES,
               params=[Param("tries", "int", 1, min=1, max=4)])
    def raw_tree(maze, rng, tries=1):
        fixed, tables, inside = moves(maze)
        seen = {maze.start}
        stack = [maze.start]
        while stack:
            p = stack[-1]
            options = [(p + dv, p + dq) for dv, dq in (fixed or tables[p]) if inside[p + dq] and p + dq not in seen]
            if not options:
                stack.pop()
                continue
            via, q = rng.choice(options)
            maze.wall[via] = 0
            seen.add(q)
            stack.append(q)
            yield (WALL | MILESTONE, via, 1, 0)
''')

AUTHORED = textwrap.dedent('''\
    from pymaze.author import generator, solver


    @solver("au-dfs", "Authored DFS")
    def dfs(maze):
        parent = {maze.start: None}
        stack = [maze.start]
        while stack:
            cell = stack.pop()
            maze.mark(cell, "visited")
            yield
            if maze.is_goal(cell):
                maze.found(maze.path(parent, cell))
                return
            for n in maze.open_neighbours(cell):
                if n not in parent:
                    parent[n] = cell
                    stack.append(n)


    @generator("au-back", "Authored backtracker")
    def back(maze):
        stack, seen = [maze.start], {maze.start}
        while stack:
            cell = stack[-1]
            fresh = [n for n in maze.neighbours(cell) if n not in seen]
            if not fresh:
                stack.pop()
                continue
            nxt = maze.rng.choice(fresh)
            maze.open(cell, nxt)
            seen.add(nxt)
            stack.append(nxt)
            yield
''')


def run(*args):
    proc = subprocess.run([sys.executable, "-m", "pymaze", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    return proc.returncode, proc.stdout, proc.stderr


def fails(*args, words=()):
    code, out, err = run(*args)
    assert code == 2, (code, out, err)
    assert err.startswith("pymaze: error: ") and err.count("\n") == 1 and "Traceback" not in err, err
    for w in words:
        assert w in err, (w, err)
    return err


@pytest.fixture
def plugin(tmp_path):
    """Write a plugin file; whatever it registered is removed after the test."""
    paths = []

    def write(code, name="algos.py"):
        path = tmp_path / name
        path.write_text(code)
        paths.append(path)
        return path
    yield write
    for p in paths:
        registry.unregister(str(p.resolve()))


@pytest.mark.parametrize("code, gen, sol", [(RAW, "raw-tree", "raw-bfs"), (AUTHORED, "au-back", "au-dfs")],
                         ids=["raw", "authored"])
@pytest.mark.parametrize("shape", SHAPES)
def test_library_plugins_run_on_every_shape_and_replay(plugin, code, gen, sol, shape):
    found = pymaze.load_plugin(plugin(code))
    assert set(found) == {gen, sol} and all(a.source.endswith("algos.py") for a in found.values())
    for seed in (1, 4):
        maker = gen
        if shape not in found[gen].shapes:  # an authored generator does not ask a weave maze's rule
            with pytest.raises(pymaze.errors.GeometryError, match=f"not {shape} ones; {shape} mazes come from"):
                pymaze.Run.generate(gen, 9, 6, seed=seed, shape=shape)
            maker = "dig"
        g = pymaze.Run.generate(maker, 9, 6, seed=seed, shape=shape)
        replayed(g)
        maze = g.maze.copy(layers=False)
        G = maze.to_networkx()
        assert nx.is_tree(G) and set(G.nodes) == set(pymaze.lattice(shape, 9, 6).nodes)
        s = pymaze.Run.solve(sol, maze)
        events = replayed(s)
        moves = [v for code_, v, _ in notes(events) if code_ == N_FOUND]
        assert moves == [nx.shortest_path_length(G, maze.start, maze.goal)]  # a tree has one route
    assert "raw-bfs" in json.dumps(pymaze.catalogue()) or code is AUTHORED


def test_loading_the_same_file_again_replaces_its_algorithms(plugin):
    path = plugin(AUTHORED)
    pymaze.load_plugin(path)
    pymaze.load_plugin(path)  # no "slug taken"
    path.write_text(AUTHORED.replace("au-dfs", "au-dfs2"))
    found = pymaze.load_plugin(path)
    assert "au-dfs2" in found and "au-dfs" not in registry.solvers()


@pytest.mark.parametrize("shape", SHAPES)
def test_cli_generates_and_solves_with_plugin_files(plugin, shape, tmp_path):
    sol, raw = plugin(AUTHORED.split("@generator")[0], "sol.py"), plugin(RAW, "raw.py")
    code, out, err = run("generate", raw, "--size", "8x5", "--seed", "2", "--geometry", shape, "--format", "json")
    assert code == 0, err
    (tmp_path / "m.json").write_text(out)
    maze = pymaze.formats.parse(out)
    pymaze.load_plugin(raw)
    assert maze.wall == pymaze.generate("raw-tree", 8, 5, seed=2, shape=shape).wall  # the CLI ran the same plugin
    code, out, err = run("solve", sol, tmp_path / "m.json", "--json")
    assert code == 0 and json.loads(out)["found"], err
    assert json.loads(out)["moves"] == nx.shortest_path_length(maze.to_networkx(), maze.start, maze.goal)


def test_cli_list_and_algorithm_choice(plugin):
    path = plugin(RAW)
    code, out, err = run("list", path)
    assert code == 0 and "raw-bfs" in out and "raw-tree" in out and "dfs " not in out, (out, err)
    assert "--set tries=<int>" in out
    code, out, err = run("solve", path, "--generate", "dig", "--size", "6x4", "--algorithm", "raw-bfs")
    assert code == 0 and "found route" in out, err
    two = plugin(RAW + AUTHORED.replace("au-back", "au-gen"), "two.py")
    fails("generate", two, words=(str(two.resolve()), "2 generators", "raw-tree, au-gen", "--algorithm"))
    code, out, _ = run("generate", two, "--algorithm", "au-gen", "--size", "5x3", "--seed", "1")
    assert code == 0 and out.count("\n") == 7
    fails("generate", two, "--algorithm", "nope", words=("no generator 'nope'",))


BROKEN = {
    "raises": ("from pymaze.author import solver\n\n@solver('b', 'B')\ndef b(maze):\n    yield\n"
               "    maze.mark(maze.start, 'visited')\n    yield\n    raise ValueError('bad luck')\n",
               8, ("step 2", "ValueError: bad luck")),
    "loops": ("from pymaze.author import solver\n\n@solver('b', 'B')\ndef b(maze):\n    while True:\n"
              "        maze.mark(maze.start, 'visited')\n        yield\n        maze.mark(maze.start, 'none')\n"
              "        yield\n", 6, ("more than 50 steps",)),
    "malformed": ("from pymaze.registry import solver\n\n@solver('b', 'B')\ndef b(maze, rng):\n"
                  "    yield (2, maze.start, 0, 4)\n    yield (2, maze.start, 0, 4)\n",
                  6, ("step 2", "expected 0")),
    "not-a-step": ("from pymaze.registry import solver\n\n@solver('b', 'B')\ndef b(maze, rng):\n"
                   "    yield 'hello'\n", 5, ("step 1", "flat tuple")),
    "out-of-range": ("from pymaze.registry import solver\n\n@solver('b', 'B')\ndef b(maze, rng):\n"
                     "    yield (1, 10**6, 1, 0)\n", 5, ("step 1", "index from 0 to")),
    "silent-change": ("from pymaze.registry import solver\n\n@solver('b', 'B')\ndef b(maze, rng):\n"
                      "    maze.mark[maze.start] = 4\n    yield (6, -1, 2, 0)\n", 3, ("without an event",)),
    "taken-slug": ("from pymaze.author import solver\n\n\n@solver('bfs', 'Mine')\ndef b(maze):\n    yield\n",
                   4, ("slug 'bfs' is taken",)),
    "syntax": ("from pymaze.author import solver\n\ndef b(maze:\n    yield\n", 3, ("syntax error",)),
    "import": ("import pymaze.nothing_here\n", 1, ("ModuleNotFoundError",)),
    "helper": ("from pymaze.author import solver\n\n@solver('b', 'B')\ndef b(maze):\n"
               "    maze.mark(maze.start, 'sparkly')\n", 5, ("unknown mark",)),
}


@pytest.mark.parametrize("case", BROKEN)
def test_a_broken_plugin_gets_one_error_naming_file_and_line(plugin, case):
    code, line, words = BROKEN[case]
    path = plugin(code, f"{case}.py")
    err = fails("solve", path, "--generate", "dig", "--size", "5x4", "--max-steps", "50",
                words=(f"{path.resolve()}, line {line}:", *words))
    assert err
    with pytest.raises(PluginError) as info:  # the library: the same error, with its parts
        pymaze.solve(pymaze.generate("dig", 5, 4), next(iter(pymaze.load_plugin(path, max_steps=50))))
    assert info.value.line == line and info.value.file == str(path.resolve())
    assert registry.solvers()["bfs"].source == ""  # the built-in kept


def test_a_plugin_that_registers_nothing_or_is_missing(plugin, tmp_path):
    fails("solve", plugin("x = 1\n", "empty.py"), "--generate", "dig", words=("registers no algorithm",))
    fails("generate", tmp_path / "missing.py", words=("missing.py", "cannot read"))
    fails("generate", plugin(AUTHORED.split("@generator")[0], "s.py"), words=("registers no generator",))
    fails("solve", plugin(RAW, "m.py"), "--generate", "dig", "--max-steps", "0", words=("--max-steps",))


def test_deferred_errors_keep_every_step_before_the_bad_one():
    found = load_source(BROKEN["malformed"][0], "yours.py", defer=True, lines=True)
    try:
        r = pymaze.Run.solve("b", pymaze.generate("dig", 4, 4))
        events = r.events()
        checked = r._steps
        assert len(events) == 4 and checked.error.step == 2 and checked.error.line == 6
        assert list(checked.lines) == [5]
    finally:
        registry.unregister("yours.py")
    assert found


def samples():
    return re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S)


def test_the_tutorial_has_samples_and_a_reference_of_every_helper():
    from pymaze.author import Board
    assert len(samples()) >= 5
    text = DOC.read_text()
    public = [n for n in dir(Board) if not n.startswith("_") and n != "family"]
    missing = [n for n in public if f"maze.{n}" not in text]
    assert not missing, f"helpers without a line in docs/AUTHORING.md: {missing}"


@pytest.mark.parametrize("index", range(len(samples())))
def test_every_sample_of_the_tutorial_runs_on_every_shape(index):
    found = load_source(samples()[index], f"sample{index}.py")
    try:
        for algo in found.values():
            for shape in SHAPES:
                if algo.family == "generator" and shape not in algo.shapes:  # (weave: it does not ask the rule)
                    assert shape in RULED
                    with pytest.raises(pymaze.errors.GeometryError, match=f"{shape} mazes come from"):
                        pymaze.Run.generate(algo.slug, 8, 6, seed=3, shape=shape)
                elif algo.family == "generator":
                    r = pymaze.Run.generate(algo.slug, 8, 6, seed=3, shape=shape)
                    replayed(r)
                    if "backtracker" in algo.slug:
                        assert nx.is_tree(r.maze.to_networkx())
                else:
                    maze = pymaze.generate("dig", 8, 6, seed=3, shape=shape)
                    r = pymaze.Run.solve(algo.slug, maze)
                    moves = [v for c, v, _ in notes(replayed(r)) if c == N_FOUND]
                    if "raw" not in algo.slug:
                        assert moves == [nx.shortest_path_length(maze.to_networkx(), maze.start, maze.goal)]
    finally:
        registry.unregister(f"sample{index}.py")


def test_the_tutorials_shell_commands_work(tmp_path):
    (tmp_path / "my_dfs.py").write_text(samples()[0])
    (tmp_path / "my_backtracker.py").write_text(samples()[2])
    for line in re.findall(r"```sh\n(.*?)```", DOC.read_text(), re.S):
        for cmd in line.strip().splitlines():
            proc = subprocess.run(cmd.replace("python3", sys.executable), shell=True, cwd=tmp_path,
                                  capture_output=True, text=True, timeout=120,
                                  env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
            assert proc.returncode == 0, (cmd, proc.stderr)


FAMILIES = [("generator", slug) for slug in registry.generators()] + [("solver", slug) for slug in registry.solvers()]


@pytest.mark.parametrize("family, slug", FAMILIES)
def test_a_copy_of_every_built_in_runs_as_a_plugin_with_the_same_events(family, slug):
    from pymaze.web import Session
    found = load_source(Session().builtin_source(family, slug), "copy.py", lines=True)
    try:
        assert f"my-{slug}" in found and all(a.name.startswith("Copy of ") for a in found.values())
        if family == "generator":
            algo = registry.get(family, slug)
            size = max(6, algo.min_size)
            ours, theirs = (pymaze.Run.generate(s, size, size, seed=2) for s in (f"my-{slug}", slug))
        else:
            maze = pymaze.generate("dig", 7, 6, seed=2, loops=0.2)
            if "thin" not in registry.get(family, slug).geometries:
                maze = maze.as_block()
            ours, theirs = (pymaze.Run.solve(s, maze, seed=2) for s in (f"my-{slug}", slug))
        events = ours.events()
        assert events == theirs.events()
        assert len(ours._steps.lines) == len(events) // 4 and min(ours._steps.lines, default=1) > 0
    finally:
        registry.unregister("copy.py")


def test_the_pages_bridge_registers_code_and_hands_out_lines_and_errors():
    import json
    from pymaze.web import USER_FILE, Session
    web = Session()
    try:
        reply = json.loads(web.register_code(AUTHORED))
        assert {a["slug"] for a in reply["algorithms"]} == {"au-dfs", "au-back"} and reply["error"] is None
        web.generate("au-back", 6, 5, 1)
        web.solve("au-dfs", 0)
        got = web.next_batch(3)
        extra = json.loads(web.user_batch_json())
        lines = AUTHORED.split("\n")
        assert len(extra["lines"]) == len(got) // 4 == 3 and extra["error"] is None
        assert all("maze." in lines[n - 1] for n in extra["lines"])
        bad = json.loads(web.register_code("def f(:\n"))
        assert bad["algorithms"] == [] and bad["error"]["line"] == 1
    finally:
        registry.unregister(USER_FILE)
