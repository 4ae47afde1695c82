"""The built page in a real Chromium: boot, equality with the CPython engine, stepping, bad input, pixels."""

import hashlib
import json
from array import array

import pytest

import pymaze
from browser import ARTIFACTS, Page, read_png
from pymaze import events, registry
from pymaze.run import Run

pytestmark = pytest.mark.browser


def cpython_hash(slug, w, h, seed, solver=None):
    run = Run.generate(slug, w, h, seed)
    if solver:
        run = Run.solve(solver, run.finish(), 0)
    return hashlib.sha256(run.events().tobytes()).hexdigest()


def test_boot_lists_every_algorithm_without_console_errors(page):
    for family, select in (("generators", "#generator"), ("solvers", "#solver")):
        listed = page.js(f"[...document.querySelectorAll('{select} option')].map(o => o.value)")
        cat = pymaze.catalogue()  # every algorithm, its group's after the groups before it
        assert listed == [a["slug"] for key, _ in cat["groups"][family] for a in cat[family] if a["group"] == key]
    assert page.page.is_hidden("#loading")
    assert page.errors() == [], "\n".join(page.console)


@pytest.mark.parametrize("slug", ["dig", "kruskal", "prim", "wilson", "division"])
def test_page_maze_and_stream_equal_cpython(page, slug):
    if slug not in registry.generators():
        pytest.fail(f"{slug} is not registered")
    snap = page.generate(slug, 13, 9, 7)
    maze = pymaze.generate(slug, 13, 9, seed=7)
    assert (snap["width"], snap["height"]) == (maze.width, maze.height)
    assert bytes(snap["wall"]) == bytes(maze.wall)
    assert (snap["start"], snap["goals"]) == (maze.start, maze.goals)
    assert snap["finished"] and snap["cursor"] == snap["total"] > 0
    args = {"slug": slug, "width": 13, "height": 9, "seed": 7}
    assert page.js("a => window.pymaze.streamHash(a)", args) == cpython_hash(slug, 13, 9, 7)


def test_bfs_route_length_and_stream_equal_cpython(page):
    page.generate("dig", 21, 15, 3)
    snap = page.run("solve")
    solution = pymaze.solve(pymaze.generate("dig", 21, 15, seed=3), "bfs")
    assert solution.found and snap["routeLength"] == solution.moves
    assert sum(1 for m in snap["mark"] if m == 5) == solution.moves + 1
    args = {"slug": "dig", "width": 21, "height": 15, "seed": 3, "solver": "bfs"}
    assert page.js("a => window.pymaze.streamHash(a)", args) == cpython_hash("dig", 21, 15, 3, "bfs")


def test_step_forward_then_back_restores_the_state(page):
    page.generate("dig", 9, 7, 5)
    page.speed(0)
    page.page.click("#solve")
    page.wait_state("running")
    page.page.click("#pause")
    page.wait_state("paused")
    initial = page.snapshot()
    for _ in range(5):
        page.page.click("#step")
    before = page.snapshot()
    k = 12
    for _ in range(k):
        page.page.keyboard.press("ArrowRight")
    moved = page.snapshot()
    assert moved["cursor"] == before["cursor"] + k and moved["mark"] != before["mark"]
    for _ in range(k):
        page.page.keyboard.press("ArrowLeft")
    after = page.snapshot()
    for key in ("cursor", "wall", "mark", "num", "start", "goals", "routeLength"):
        assert after[key] == before[key], key
    page.page.keyboard.press("Shift+ArrowRight")
    assert page.snapshot()["cursor"] > after["cursor"]
    page.page.click("#reset")
    reset = page.snapshot()
    assert reset["cursor"] == 0 and reset["mark"] == [0] * len(reset["mark"])
    page.page.click("#step")
    assert page.snapshot()["cursor"] == 1 and initial["cursor"] <= 1


def test_animate_pause_resume_done(page):
    page.speed(30)  # about 60 events a second: time to pause it on a busy machine
    page.page.select_option("#generator", "dig")
    page.fill(width=15, height=11, seed=2)
    page.page.click("#generate")
    page.wait_state("running")
    page.page.wait_for_function("window.pymaze.snapshot().cursor > 0")
    page.page.click("#pause")
    page.wait_state("paused")
    held = page.snapshot()["cursor"]
    page.page.wait_for_timeout(300)
    assert page.snapshot()["cursor"] == held and held < page.snapshot()["total"] or not page.snapshot()["finished"]
    page.page.click("#play")
    page.wait_state("running")
    page.speed(90)
    page.wait_state("done")
    snap = page.snapshot()
    assert snap["finished"] and snap["cursor"] == snap["total"]
    assert bytes(snap["wall"]) == bytes(pymaze.generate("dig", 15, 11, seed=2).wall)


def test_instant_mode_finishes_a_large_maze(page):
    snap = page.generate("dig", 300, 200, 11)
    assert snap["finished"] and snap["cursor"] == snap["total"]
    assert bytes(snap["wall"]) == bytes(pymaze.generate("dig", 300, 200, seed=11).wall)


@pytest.mark.parametrize("width", ["0", str(registry.MAX_SIZE + 1), "abc"])
def test_bad_input_shows_a_notice_and_the_next_generate_works(page, width):
    page.fill(width=width, height=5, seed=1)
    page.page.click("#generate")
    page.page.wait_for_selector("#notice:not([hidden])")
    text = page.page.inner_text("#notice-text")
    assert "width" in text and width in text
    page.fill(width=6, height=5, seed=1)
    snap = page.run("generate")
    assert (snap["width"], snap["height"]) == (13, 11) and snap["notice"] == ""


def test_screenshot_shows_the_maze_and_the_route(page):
    page.generate("dig", 21, 15, 1)
    page.run("solve")
    ARTIFACTS.mkdir(exist_ok=True)
    png = page.page.locator("#board").screenshot(path=str(ARTIFACTS / "page-solved.png"))
    width, height, rows = read_png(png)
    colours = {px for row in rows for px in row}
    route = tuple(int(c, 16) for c in ("fd", "ba", "74"))
    assert len(colours) > 3, "blank canvas"
    assert route in colours, "no route-coloured cell"
    assert sum(row.count((0x1e, 0x29, 0x3b)) for row in rows) > width * height // 20, "no walls"


@pytest.mark.parametrize("name,size", [("phone", (390, 844)), ("laptop", (1366, 768))])
def test_screens_fit(browser, site_url, name, size):
    p = Page(browser, site_url, {"width": size[0], "height": size[1]})
    try:
        p.generate("kruskal", 12, 12, 4)
        p.run("solve")
        p.js("window.scrollTo(0, 0)")
        ARTIFACTS.mkdir(exist_ok=True)
        p.page.screenshot(path=str(ARTIFACTS / f"page-{name}.png"))
        box = p.page.locator("#maze").bounding_box()
        assert box["width"] <= size[0] and box["x"] >= 0 and box["width"] > 100
        assert p.js("document.documentElement.scrollWidth") <= size[0]
        # Generate and Solve within the first screen (a phone: in the bar at the bottom)
        for button in ("#generate", "#solve"):
            b = p.page.locator(button).bounding_box()
            assert b and b["y"] >= 0 and b["y"] + b["height"] <= size[1] and b["x"] + b["width"] <= size[0], button
        if name == "phone":
            before = p.js("window.pymaze.runs")
            p.page.click("#generate")
            p.page.wait_for_function("n => window.pymaze.runs > n", arg=before)
            p.speed(100)
            p.wait_state("done")
            p.page.click("#solve")
            p.page.wait_for_function("n => window.pymaze.runs > n + 1 && window.pymaze.state === 'done'", arg=before)
            assert p.snapshot()["kind"] == "solve" and p.snapshot()["routeLength"] > 0
        assert p.errors() == [], "\n".join(p.console)
    finally:
        p.page.close()


def test_a_dead_engine_is_restarted_and_the_page_stays_usable(page):
    page.generate("dig", 8, 6, 1)
    page.js("window.pymaze.crashEngine()")
    page.page.wait_for_selector("#notice:not([hidden])")
    assert "restarting" in page.page.inner_text("#notice-text")
    page.page.wait_for_function("window.pymaze.state === 'done' && !window.pymaze.snapshot().busy", timeout=90000)
    snap = page.generate("dig", 8, 6, 2)
    assert bytes(snap["wall"]) == bytes(pymaze.generate("dig", 8, 6, seed=2).wall)


def test_keyboard_generates_solves_and_toggles_play(page):
    page.page.select_option("#generator", "dig")
    page.page.select_option("#solver", "bfs")
    page.fill(width=10, height=8, seed=9)
    page.speed(100)
    page.js("document.activeElement.blur()")
    runs = page.js("window.pymaze.runs")
    page.page.keyboard.press("g")
    page.page.wait_for_function("n => window.pymaze.runs > n && window.pymaze.state === 'done'", arg=runs)
    page.speed(0)
    page.page.keyboard.press("s")
    page.wait_state("running")
    assert page.snapshot()["kind"] == "solve"
    page.page.keyboard.press(" ")
    page.wait_state("paused")
    page.page.keyboard.press(" ")
    page.wait_state("running")
    page.page.focus("#seed")
    page.page.keyboard.press("End")
    page.page.keyboard.press("g")  # typing in an input is not a command
    page.page.wait_for_timeout(300)
    assert page.js("window.pymaze.runs") == runs + 2 and page.page.input_value("#seed") == "9g"


def set_option(page, family, name, value):
    page.js("([f, n, v]) => { const el = document.querySelector(`#${f}-options [data-param='${n}']`);"
            " el.value = v; el.dispatchEvent(new Event('change')); }", [family, name, str(value)])


def test_mouse_route_polyline_equals_cpython_waypoints(page):
    page.page.select_option("#generator", "dig")
    set_option(page, "generator", "loops", 0.3)
    page.fill(width=16, height=16, seed=5)
    page.run("generate")
    page.page.select_option("#solver", "mouse")
    snap = page.run("solve")
    run = Run.solve("mouse", Run.generate("dig", 16, 16, 5, loops=0.3).finish(), 0)
    expected = [[p, v] for code, v, p in events.notes(run.events()) if code == events.N_WAYPOINT]
    assert len(expected) >= 2 and snap["waypoints"] == expected
    corners = [p for p, _ in expected]
    assert any(a % 33 != b % 33 and a // 33 != b // 33 for a, b in zip(corners, corners[1:])), "no diagonal"
    page.page.click("#reset")
    page.wait_state("paused")
    assert page.snapshot()["waypoints"] == []
    set_option(page, "generator", "loops", 0)


def test_dijkstra_random_weights_cost_equals_cpython(page):
    page.generate("dig", 15, 11, 4)
    page.page.select_option("#solver", "dijkstra")
    assert page.page.is_visible("#random-weights")
    page.page.click("#random-weights")
    page.page.wait_for_function("window.pymaze.snapshot().weight !== null")
    weights = page.snapshot()["weight"]
    assert set(weights) <= set(range(1, 10)) and len(set(weights)) > 3
    snap = page.run("solve")
    assert snap["weight"] == weights
    maze = pymaze.generate("dig", 15, 11, seed=4)
    maze.weight = array("i", weights)
    expected = [v for code, v, _ in events.notes(Run.solve("dijkstra", maze, 0).events())
                if code == events.N_COST]
    costs = [v for code, v, _ in snap["notes"] if code == events.N_COST]
    assert costs == expected and len(costs) == 1
    plain = pymaze.solve(pymaze.generate("dig", 15, 11, seed=4), "dijkstra")
    assert costs[0] > 1000 * plain.moves
    page.page.select_option("#solver", "bfs")
    assert page.page.is_hidden("#random-weights")
