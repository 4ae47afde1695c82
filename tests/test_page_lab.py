"""The page's Lab in a real Chromium: its numbers are the library's, Cancel leaves the page usable."""

import csv
import io

import pytest

import pymaze
from pymaze.lab import summary
from test_plugins import AUTHORED as PLUGIN  # a generator (au-back) and a solver (au-dfs)

pytestmark = pytest.mark.browser


def open_lab(page, generators, solvers=(), geometry="square", width=8, height=6, count=6, seed=3):
    p = page.page
    if p.is_visible("#mode-lab"):
        p.click("#mode-lab")
    p.select_option("#lab-geometry", geometry)
    for box in p.query_selector_all("#lab-generators input, #lab-solvers input"):
        if not box.is_disabled():
            box.set_checked(box.get_attribute("value") in (*generators, *solvers))
    page.fill(**{"lab-width": width, "lab-height": height, "lab-count": count, "lab-seed": seed})


def lab_done(page, timeout=180000):
    page.page.click("#lab-run")
    page.page.wait_for_function("['done', 'failed'].includes(window.pymaze.lab().state)", timeout=timeout)
    return page.js("window.pymaze.lab()")


@pytest.mark.parametrize("geometry", ["square", "hex", "torus", "zeta"])
def test_a_small_lab_gives_the_librarys_numbers(page, geometry):
    open_lab(page, ["dig", "kruskal"], ["bfs", "astar"], geometry=geometry)
    got = lab_done(page)
    assert got["state"] == "done", got["message"]
    want = pymaze.lab(["kruskal", "dig"], ["bfs", "astar"], geometry=geometry, size=(8, 6), count=6, seed=3)
    assert got["records"] == want
    assert got["summary"] == summary(want)
    rows = list(csv.DictReader(io.StringIO(got["csv"])))
    assert [(r["algorithm"], int(r["seed"]), int(r["bfs_visited"])) for r in rows] == \
        [(r["algorithm"], r["seed"], r["bfs_visited"]) for r in want]
    p = page.page
    assert p.inner_text("#lab-status").startswith("12 mazes in ")
    assert p.locator("#lab-table tbody tr").count() == 2
    assert p.locator("#lab-hist canvas").count() == 1 and p.locator("#lab-box canvas").count() == 1
    # the hardest by solution length first, each one click from Watch
    first = p.inner_text("#lab-hardest li >> nth=0")
    top = max(want, key=lambda r: (r["solution_length"], -r["seed"]))
    short = {a["slug"]: a["short"] for a in page.js("window.pymaze.catalogue")["generators"]}
    name = short[top["algorithm"]]
    # the table, the legend and the axes name the algorithms as people know them, not by slug
    assert p.locator("#lab-table tbody tr td:first-child").all_inner_texts() == [short[a] for a in got["summary"]]
    assert short["dig"] != "dig" and "dig" not in p.inner_text("#lab-box")
    assert first.startswith(f"{name}, seed {top['seed']}: solution length {top['solution_length']}")
    assert p.is_enabled("#lab-hardest button >> nth=0")
    assert page.errors() == []


@pytest.mark.parametrize("geometry", ["square", "hex"])
def test_the_hardest_maze_opens_in_watch(page, geometry):
    open_lab(page, ["wilson"], geometry=geometry, count=5, seed=40, width=7, height=5)
    got = lab_done(page)
    top = max(got["records"], key=lambda r: (r["solution_length"], -r["seed"]))
    before = page.js("window.pymaze.runs")
    page.page.click("#lab-hardest button >> nth=0")
    page.page.wait_for_function("n => window.pymaze.runs > n", arg=before)
    assert page.page.is_hidden("#lab") and page.page.is_visible("#board")
    assert page.page.input_value("#generator") == "wilson"
    assert page.page.input_value("#seed") == str(top["seed"])
    assert page.page.input_value("#shape") == geometry
    page.speed(100)
    page.wait_state("done")
    snap = page.snapshot()
    maze = pymaze.generate("wilson", 7, 5, seed=top["seed"], shape=geometry)
    page.page.select_option("#shape", "square")  # the module's page goes on with square mazes
    assert snap["wall"] == list(maze.wall) and (snap["width"], snap["height"]) == (maze.width, maze.height)


def test_a_levels_lab_takes_its_depth_and_opens_its_hardest_maze(page):
    open_lab(page, ["dig", "kruskal"], ["bfs"], geometry="square")
    assert page.page.is_hidden("#lab-depth"), "the depth field shows for levels only"
    open_lab(page, ["dig", "kruskal"], ["bfs"], geometry="levels", width=4, height=3, count=4, seed=5)
    assert page.page.is_visible("#lab-depth")
    page.fill(**{"lab-depth": 3})
    page.page.screenshot(path="tests/artifacts/lab-levels.png")
    got = lab_done(page)
    assert got["state"] == "done", got["message"]
    want = pymaze.lab(["kruskal", "dig"], ["bfs"], geometry="levels", size=(4, 3), count=4, seed=5, depth=3)
    assert got["records"] == want and all(r["depth"] == 3 and r["cells"] == 36 for r in want)
    page.fill(**{"lab-depth": 0})
    assert lab_done(page)["state"] == "failed" and "depth" in page.page.inner_text("#lab-status")
    page.fill(**{"lab-depth": 3})
    top = max(got["records"], key=lambda r: (r["solution_length"], -r["seed"]))
    assert lab_done(page)["state"] == "done"
    before = page.js("window.pymaze.runs")
    page.page.click("#lab-hardest button >> nth=0")
    page.page.wait_for_function("n => window.pymaze.runs > n", arg=before)
    page.speed(100)
    page.wait_state("done")
    snap = page.snapshot()
    maze = pymaze.generate(top["algorithm"], 4, 3, seed=top["seed"], shape="levels", depth=3)
    assert page.page.input_value("#depth") == "3" and snap["wall"] == list(maze.wall)
    page.page.select_option("#shape", "square")  # the module's page goes on with square mazes
    assert page.errors() == []


def test_cancel_leaves_the_page_usable(page):
    open_lab(page, ["dig", "kruskal", "prim"], ["bfs"], width=30, height=30, count=5000)
    page.page.click("#lab-run")
    page.page.wait_for_function("window.pymaze.lab().done > 0", timeout=120000)
    page.page.click("#lab-cancel")
    got = page.js("window.pymaze.lab()")
    assert got["state"] == "canceled" and got["done"] < got["total"]
    assert page.page.inner_text("#lab-status").startswith("canceled after ")
    assert page.page.is_enabled("#lab-run") and page.page.is_disabled("#lab-cancel")
    # the maze view answers at once: the page's own engine never stopped
    page.page.click("#lab-back")
    snap = page.generate("dig", 6, 4, 9)
    assert snap["wall"] == list(pymaze.generate("dig", 6, 4, seed=9).wall)
    # and a new lab runs on fresh workers
    open_lab(page, ["binary"], count=3, seed=0)
    got = lab_done(page)
    assert got["state"] == "done" and got["records"] == pymaze.lab(["binary"], size=(8, 6), count=3, seed=0)
    assert page.errors() == []


@pytest.mark.parametrize("field,value,words", [
    ("lab-width", "abc", "width must be a whole number from 2 to 200"),
    ("lab-count", "0", "mazes per generator must be a whole number"),
])
def test_bad_input_is_a_visible_message(page, field, value, words):
    open_lab(page, ["dig"])
    page.fill(**{field: value})
    got = lab_done(page)
    assert got["state"] == "failed" and words in page.page.inner_text("#lab-status")
    assert page.page.is_enabled("#lab-run") and page.page.is_hidden("#lab-results")


OWN = PLUGIN + '''

@generator("lab-boom", "Lab boom")
def lab_boom(maze):
    for cell in maze.cells():
        for nxt in maze.neighbours(cell):
            maze.open(cell, nxt)
            yield
            raise ValueError("no more")


@generator("lab-loop", "Lab loop")
def lab_loop(maze):
    while True:
        pass
    yield
'''


def test_your_own_algorithms_are_measured_and_their_failures_end_the_lab(page, tmp_path):
    path = tmp_path / "mine.py"
    path.write_text(OWN)
    p = page.page
    if p.is_visible("#lab-back"):
        p.click("#lab-back")
    p.click("#mode-code")
    p.wait_for_selector(".cm-content")
    p.set_input_files("#code-file", str(path))
    p.wait_for_function("() => window.pymaze.code.text().includes('lab-loop')")
    before = page.js("window.pymaze.runs")
    p.click("#code-run")  # registers the code (and runs its solver on the board)
    p.wait_for_function("n => window.pymaze.runs > n", arg=before, timeout=60000)
    open_lab(page, ["dig", "au-back"], ["bfs", "au-dfs"], geometry="hex", count=5, seed=2)
    assert "yours: Authored backtracker" in p.inner_text("#lab-generators")
    got = lab_done(page)
    assert got["state"] == "done", got["message"]
    try:
        pymaze.load_plugin(path)
        want = pymaze.lab(["dig", "au-back"], ["bfs", "au-dfs"], geometry="hex", size=(8, 6), count=5, seed=2)
    finally:
        pymaze.registry.unregister(str(path.resolve()))
    assert sorted(got["records"], key=lambda r: r["algorithm"]) == sorted(want, key=lambda r: r["algorithm"])
    # Code that raises ends the lab with its maze, line and error; code that never ends, at its time limit.
    open_lab(page, ["lab-boom"], count=3, seed=3)
    got = lab_done(page)
    line = OWN.split("\n").index('            raise ValueError("no more")') + 1
    assert got["state"] == "failed" and "yours: Lab boom, seed 3" in got["message"]
    assert f"line {line}" in got["message"] and "ValueError: no more" in got["message"]
    open_lab(page, ["lab-loop"], count=2, seed=0)
    got = lab_done(page)
    assert got["state"] == "failed" and "yours: Lab loop, seed 0: your code ran for 2 s" in got["message"]
    assert p.inner_text("#lab-status") == got["message"] and p.is_enabled("#lab-run")
    assert page.errors() == []
