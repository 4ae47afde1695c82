"""The page's controller in real Chromium: edit keeps a thin-wall maze's geometry, a dead engine
gets its maze back, shortcuts work after a dropdown, the loading screen, replay at the end,
farthest's S and G kept, the explanation panel, the board's text alternative."""

import json
import re
import urllib.request

import pytest

import pymaze
import reference
from pymaze.events import GOAL, MARK, M_VISITED, OP_MASK, START
from pymaze.run import Run

pytestmark = pytest.mark.browser


def maze_of(snap):
    return pymaze.Maze(snap["width"], snap["height"], bytes(snap["wall"]), snap["start"], snap["goals"],
                       snap["geometry"])


def press_and_wait(page, key, state):
    page.page.keyboard.press(key)
    page.wait_state(state)
    page.page.wait_for_function("!window.pymaze.snapshot().busy")
    return page.snapshot()


def solve(page, slug="bfs"):
    page.page.select_option("#solver", slug)
    return page.run("solve")


def open_page(browser, url, viewport=None):
    p = browser.new_page(viewport=viewport or {"width": 1280, "height": 800})
    errors = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    p.on("console", lambda m: m.type == "error" and errors.append(m.text))
    p.goto(url)
    return p, errors


def test_edit_keeps_a_thin_maze_thin_and_its_link_true(browser, site_url):
    p, errors = open_page(browser, site_url + "#gen=dig&w=40&h=30&seed=5&sol=bfs&view=thin&run=solve&speed=100")
    try:
        p.wait_for_function("() => { const s = window.pymaze && window.pymaze.snapshot();"
                            " return s && s.kind === 'solve' && s.state === 'done' && s.cursor === s.total; }",
                            timeout=90000)
        maze = pymaze.generate("dig", 40, 30, seed=5)
        before = p.evaluate("window.pymaze.snapshot()")
        assert before["routeLength"] == reference.shortest_moves(maze)
        link = p.url
        p.keyboard.press("e")
        p.wait_for_function("window.pymaze.state === 'editing' && !window.pymaze.snapshot().busy")
        snap = p.evaluate("window.pymaze.snapshot()")
        assert snap["geometry"] == "thin" and p.input_value("#view") == "thin"
        assert bytes(snap["wall"]) == bytes(maze.wall)
        p.keyboard.press("Escape")
        p.keyboard.press("s")
        p.wait_for_function("() => { const s = window.pymaze.snapshot();"
                            " return s.kind === 'solve' && s.state === 'done' && s.cursor === s.total; }")
        again = p.evaluate("window.pymaze.snapshot()")
        assert again["geometry"] == "thin" and again["routeLength"] == before["routeLength"]
        assert p.url == link  # nothing was edited: the link still rebuilds this maze

        # Play on the same maze: its shortest route counts cell moves.
        p.keyboard.press("p")
        p.wait_for_function("window.pymaze.state === 'walking' && window.pymaze.snapshot().walk.shortest !== null")
        assert p.evaluate("window.pymaze.snapshot().walk.shortest") == reference.shortest_moves(maze)
        p.keyboard.press("Escape")

        # Edit a thin wall: a click on the wall between two cells toggles it; posts and cells do not change.
        p.keyboard.press("e")
        p.wait_for_function("window.pymaze.state === 'editing' && !window.pymaze.snapshot().busy")
        W = maze.width
        shortcut = best_thin_shortcut(maze)
        post, cell = 2 * W + 2, 3 * W + 3
        for q in (post, cell):
            p.mouse.click(*p.evaluate("q => window.pymaze.squareCentre(q)", q))
        assert bytes(p.evaluate("window.pymaze.snapshot().wall")) == bytes(maze.wall)
        p.mouse.click(*p.evaluate("q => window.pymaze.squareCentre(q)", shortcut))
        edited = p.evaluate("window.pymaze.snapshot()")
        assert edited["wall"][shortcut] == 0 and sum(a != b for a, b in zip(edited["wall"], maze.wall)) == 1
        # the link is the generator's plus the edit, and rebuilds the edited maze in another page
        assert "edit=" in p.url
        q, q_errors = open_page(browser, p.url)
        try:
            q.wait_for_function("() => { const s = window.pymaze && window.pymaze.snapshot();"
                                " return s && s.wall && window.pymaze.state === 'editing' && !s.busy; }", timeout=90000)
            rebuilt = q.evaluate("window.pymaze.snapshot()")
            assert rebuilt["geometry"] == "thin" and bytes(rebuilt["wall"]) == bytes(edited["wall"]) and q_errors == []
        finally:
            q.close()
        p.keyboard.press("Escape")
        p.keyboard.press("s")
        p.wait_for_function("() => { const s = window.pymaze.snapshot();"
                            " return s.kind === 'solve' && s.state === 'done' && s.cursor === s.total; }")
        solved = p.evaluate("window.pymaze.snapshot()")
        assert solved["geometry"] == "thin" and solved["notice"] == ""
        assert solved["routeLength"] == reference.shortest_moves(maze_of(edited)) < before["routeLength"]
        p.screenshot(path="tests/artifacts/edit-thin.png")

        # Blocks only on request: "Convert to blocks" makes a block maze of the same squares.
        p.keyboard.press("e")
        p.wait_for_function("window.pymaze.state === 'editing' && !window.pymaze.snapshot().busy")
        p.click("#edit-blocks")
        p.wait_for_function("window.pymaze.snapshot().geometry === 'block' && !window.pymaze.snapshot().busy")
        assert p.input_value("#view") == "block" and p.is_hidden("#edit-blocks")
        assert bytes(p.evaluate("window.pymaze.snapshot().wall")) == bytes(maze_of(edited).wall)
        assert errors == []
    finally:
        p.close()


def best_thin_shortcut(maze):
    """The inner wall between two cells whose opening shortens S-G the most (independent BFS each)."""
    best = None
    for q in range(maze.width * maze.height):
        x, y = q % maze.width, q // maze.width
        if maze.wall[q] and (x + y) % 2 and 0 < x < maze.width - 1 and 0 < y < maze.height - 1:
            trial = maze.copy()
            trial.wall[q] = 0
            d = reference.shortest_moves(trial)
            if best is None or d < best[1]:
                best = (q, d)
    return best[0]


def test_a_dead_engine_gets_the_maze_back_and_everything_works_again(page):
    made = page.generate("kruskal", 9, 7, 3)
    page.page.select_option("#solver", "dijkstra")
    page.page.click("#random-weights")
    page.page.wait_for_function("window.pymaze.snapshot().weight !== null && !window.pymaze.snapshot().busy")
    weights = page.snapshot()["weight"]
    page.js("window.pymaze.crashEngine()")
    page.page.wait_for_selector("#notice:not([hidden])")
    page.page.wait_for_function("() => { const s = window.pymaze.snapshot();"
                                " return s.state === 'done' && s.notice === '' && !s.busy; }", timeout=90000)
    snap = page.snapshot()
    assert bytes(snap["wall"]) == bytes(made["wall"]) == bytes(pymaze.generate("kruskal", 9, 7, seed=3).wall)
    assert snap["weight"] == weights  # the random weights came back too
    for button in ("solve", "mode-play", "mode-edit", "generate"):
        assert page.js(f"document.getElementById('{button}').disabled") is False, button
    solved = solve(page)  # the engine has the maze again: it solves this one
    assert solved["routeLength"] == reference.shortest_moves(maze_of(made))
    assert not page.errors()


def test_an_edited_maze_comes_back_after_a_crash(page):
    page.generate("dig", 6, 5, 2)
    maze = maze_of(press_and_wait(page, "e", "editing"))
    q = best_thin_shortcut(maze)
    page.page.mouse.click(*page.js("q => window.pymaze.squareCentre(q)", q))
    page.page.wait_for_function("q => window.pymaze.snapshot().wall[q] === 0", arg=q)
    page.page.keyboard.press("Escape")
    page.js("window.pymaze.crashEngine()")
    page.page.wait_for_selector("#notice:not([hidden])")
    page.page.wait_for_function("() => { const s = window.pymaze.snapshot();"
                                " return s.state === 'done' && s.notice === '' && !s.busy; }", timeout=90000)
    assert page.snapshot()["wall"][q] == 0
    trial = maze.copy()
    trial.wall[q] = 0
    assert solve(page)["routeLength"] == reference.shortest_moves(trial)


@pytest.mark.parametrize("select, value, key", [("#generator", "kruskal", "g"), ("#solver", "dfs", "s"),
                                                 ("#view", "block", "g")])
def test_shortcuts_work_right_after_choosing_from_a_dropdown(page, select, value, key):
    page.generate("dig", 5, 4, 1)
    page.speed(100)
    runs = page.js("window.pymaze.runs")
    page.page.focus(select)
    page.page.select_option(select, value)
    assert page.js("document.activeElement.id") == "board"
    page.page.keyboard.press(key)
    page.page.wait_for_function("n => window.pymaze.runs > n && window.pymaze.state === 'done'", arg=runs)
    assert page.snapshot()["kind"] == ("generate" if key == "g" else "solve")
    page.speed(0)
    page.page.keyboard.press(" ")  # space: replay the run at once
    assert page.js("window.pymaze.state") == "running"


def test_without_the_tests_flag_the_engine_loads_no_test_hooks(browser, site_url):
    """A page opened as people open it (no PYMAZE_DEBUG before its scripts): its worker is not asked
    for pymaze.web_debug, answers the tests' requests with an error, and keeps working."""
    p, errors = open_page(browser, site_url)
    try:
        p.wait_for_function("window.pymaze && window.pymaze.runs > 0 && window.pymaze.state === 'done'", timeout=90000)
        assert {w.url.rsplit("/", 1)[1] for w in p.workers} == {"worker.js"}
        with pytest.raises(Exception, match="the engine has no request streamHash"):
            p.evaluate("window.pymaze.streamHash({slug: 'dig', width: 5, height: 4, seed: 1})")
        runs = p.evaluate("window.pymaze.runs")
        p.click("#generate")
        p.wait_for_function("n => window.pymaze.runs > n && window.pymaze.state === 'done'", arg=runs)
        assert p.evaluate("window.pymaze.engine().recycles") == 0 and p.is_hidden("#notice") and errors == []
    finally:
        p.close()


def test_loading_shows_the_board_at_size_with_controls_off_and_dropdowns_filled(browser, site_url):
    held, let_go = [], []
    p = browser.new_page(viewport={"width": 1280, "height": 800})
    # the engine waits until we let it go (every request for the runtime, however many the boot makes)
    p.route("**/pyodide.asm.wasm", lambda route: route.continue_() if let_go else held.append(route))
    try:
        p.goto(site_url + "#gen=dig&w=30&h=20&seed=1")
        p.wait_for_function("document.getElementById('generator').options.length > 0")
        assert p.evaluate("window.pymaze.state") == "loading"
        catalogue = json.loads(urllib.request.urlopen(site_url + "catalogue.json").read())
        # every solver, under its group's heading, the groups in the catalogue's order
        grouped = p.evaluate("[...document.getElementById('solver').querySelectorAll('optgroup')]"
                             ".map((g) => [g.label, [...g.children].map((o) => o.value)])")
        assert grouped == [[label, [a["slug"] for a in catalogue["solvers"] if a["group"] == key]]
                           for key, label in catalogue["groups"]["solvers"]]
        off = p.evaluate("""[...document.querySelectorAll('button, input, select')]
            .filter((el) => el.offsetParent && !el.disabled && !el.closest('#notice'))
            .map((el) => el.id)""")
        assert set(off) <= {"generator", "solver", "width", "height", "seed", "new-seed", "view", "speed",
                            "import-text", "import-format", "png-size", "sheet-count", "sheet-paper", "shape", "mask",
                            "settings-toggle"} | {i for i in off if i.startswith(("generator-", "solver-"))} | \
            set(p.evaluate("[...document.querySelectorAll('[data-param]')].map((e) => e.id)")), off
        looks = p.evaluate("getComputedStyle(document.getElementById('solve')).opacity")
        assert float(looks) < 0.6  # disabled, and it looks it
        loading = p.evaluate("(() => { const r = document.getElementById('maze').getBoundingClientRect();"
                             " return [r.width, r.height]; })()")
        assert loading != [300, 150] and loading[0] > 300
        p.wait_for_function("held => true", arg=0)
        while not held:
            p.wait_for_timeout(50)
        let_go.append(True)
        for route in held:
            route.continue_()
        p.wait_for_function("window.pymaze && window.pymaze.state === 'done'", timeout=90000)
        ready = p.evaluate("(() => { const r = document.getElementById('maze').getBoundingClientRect();"
                           " return [r.width, r.height]; })()")
        assert abs(ready[0] - loading[0]) <= 2 and abs(ready[1] - loading[1]) <= 2
    finally:
        p.close()


def test_run_at_the_end_replays_from_the_start(page):
    page.generate("dig", 6, 4, 7)
    assert page.js("document.getElementById('play').disabled") is False
    total = page.snapshot()["total"]
    page.speed(0)  # one event a second: the replay is seen from its start
    page.page.click("#play")
    page.wait_state("running")
    assert page.js("window.pymaze.progress().cursor") < total
    page.speed(100)
    page.wait_state("done")
    assert page.snapshot()["cursor"] == total


def test_farthest_moves_s_and_g_and_the_next_solve_and_play_keep_them(page):
    made = page.generate("dig", 9, 7, 12)
    far = solve(page, "farthest")
    maze = maze_of(made)
    assert (far["start"], far["goals"]) != (made["start"], made["goals"])
    dist = reference.distances(maze, far["start"])
    assert far["routeLength"] == max(dist.values()) == dist[reference.node_of(maze, far["goals"][0])]
    assert "run=solve" in page.page.url  # the farthest run itself: its link rebuilds it
    after = solve(page, "bfs")
    assert (after["start"], after["goals"]) == (far["start"], far["goals"])
    assert after["routeLength"] == far["routeLength"]
    assert "#" not in page.page.url  # a link would rebuild the generated S and G: none
    page.page.keyboard.press("p")
    page.page.wait_for_function("window.pymaze.state === 'walking' && window.pymaze.snapshot().walk.shortest !== null")
    walk = page.snapshot()["walk"]
    assert walk["pos"] == far["start"] and walk["shortest"] == far["routeLength"]
    page.page.keyboard.press("Escape")
    page.js("window.pymaze.crashEngine()")  # a restarted engine gets the moved S and G back too
    page.page.wait_for_selector("#notice:not([hidden])")
    page.page.wait_for_function("() => { const s = window.pymaze.snapshot();"
                                " return s.state === 'done' && s.notice === '' && !s.busy; }", timeout=90000)
    assert solve(page, "bfs")["start"] == far["start"]
    again = page.generate("dig", 9, 7, 12)  # a generate brings the generator's S and G back
    assert (again["start"], again["goals"]) == (made["start"], made["goals"])


def cpython_events(slug, maze):
    run = Run.solve(slug, maze, 0)
    ev = run.events()
    return [tuple(ev[i:i + 4]) for i in range(0, len(ev), 4)]


def test_the_explanation_panel_shows_the_steps_the_source_and_the_step_shown(page, site_url):
    made = page.generate("dig", 7, 5, 4)
    page.page.select_option("#solver", "bfs")
    assert "Breadth-first" in page.page.inner_text(".explain-name")
    doc = page.page.inner_text(".explain-doc")
    assert doc.split()[:3] == pymaze.registry.get("solver", "bfs").func.__doc__.split()[:3]
    href = page.js("document.querySelector('.explain-source').href")
    assert href.endswith("src/pymaze/solvers/bfs.py")
    assert "def bfs" in urllib.request.urlopen(href).read().decode()
    page.speed(0)
    page.page.click("#solve")
    page.page.wait_for_function("window.pymaze.snapshot().kind === 'solve'")
    page.page.click("#pause")
    page.js("document.getElementById('reset').disabled || document.getElementById('reset').click()")
    page.page.wait_for_function("window.pymaze.progress().cursor === 0 && !window.pymaze.snapshot().busy")
    maze = maze_of(made)
    events = cpython_events("bfs", maze)
    k = next(i for i, e in enumerate(events) if (e[0] & OP_MASK) == MARK and e[3] == M_VISITED and i > 3)
    for _ in range(k + 1):
        page.page.keyboard.press("ArrowRight")
    page.page.wait_for_function("n => window.pymaze.progress().cursor === n && !window.pymaze.snapshot().busy",
                                arg=k + 1)
    p = events[k][1]
    x, y = p % maze.width, p // maze.width
    want = f"expanding ({(x - 1) // 2}, {(y - 1) // 2})"
    assert want in page.page.inner_text(".explain-step") and want in page.snapshot()["step"]
    page.page.keyboard.press("Shift+ArrowRight")  # a milestone: the live region says where we are
    page.page.wait_for_function("document.getElementById('announce').textContent.length > 0")
    assert "step" in page.js("document.getElementById('announce').textContent")
    page.speed(100)
    page.page.click("#play")
    page.wait_state("done")
    # At the end the panel names the last step, not the first of the last frame's steps.
    total = page.js("window.pymaze.progress().total")
    assert page.snapshot()["step"].startswith(f"step {total:,}:"), page.snapshot()["step"]
    about = urllib.request.urlopen(site_url + "about.html").read().decode()
    assert len(re.findall(r'<a href="https?://', about)) >= 5  # the articles the algorithms come from


def test_the_board_has_a_text_alternative_and_japanese_names_are_marked(page):
    made = page.generate("dig", 8, 6, 2)
    solved = solve(page)
    label = page.js("document.getElementById('board').getAttribute('aria-label')")
    assert "8 by 6 cells" in label and f"{solved['routeLength']} moves" in label
    s = made["start"]
    assert f"column {(s % made['width'] - 1) // 2 + 1}, row {(s // made['width'] - 1) // 2 + 1}" in label
    japanese = page.js("window.pymaze.catalogue.generators.find((a) => /[\\u3000-\\u9fff]/.test(a.summary)).slug")
    page.page.select_option("#generator", japanese)
    for where in ("#generator-summary", ".explain-doc"):
        assert re.fullmatch("[\u3000-\u9fff]+", page.js(f"document.querySelector('{where} [lang=ja]').textContent"))
    font = page.js("getComputedStyle(document.body).fontFamily")
    assert "Noto Sans CJK JP" in font  # a named fallback for the Japanese names
    page.page.keyboard.press("Tab")
    outline = page.js("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"  # focus is visible


@pytest.mark.parametrize("size", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}])
def test_layout_speed_above_the_fold_and_solve_on_screen(browser, site_url, size):
    p, errors = open_page(browser, site_url + "#gen=dig&w=21&h=15&seed=1&speed=100", size)
    try:
        p.wait_for_function("window.pymaze && window.pymaze.state === 'done'", timeout=90000)
        box = lambda sel: p.evaluate(f"(() => {{ const r = document.querySelector('{sel}')"
                                     f".getBoundingClientRect(); return [r.top, r.bottom, r.height]; }})()")
        if size["width"] > 1000:
            assert box("#speed")[1] <= size["height"]
        p.evaluate("document.getElementById('speed').value = 30")
        p.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # the user scrolled down to the panel
        p.click("#solve")
        p.wait_for_function("window.pymaze.snapshot().kind === 'solve'")
        top, bottom, height = box("#board")
        visible = min(bottom, size["height"]) - max(top, 0)
        assert visible >= 0.9 * height, (top, bottom)
        assert errors == []
    finally:
        p.close()


def test_the_big_maze_metrics_button_keeps_to_one_line(page):
    page.page.set_viewport_size({"width": 1280, "height": 800})
    page.generate("dig", 310, 310, 1, events=False)
    page.page.wait_for_selector("#metrics-ask")
    one = page.js("parseFloat(getComputedStyle(document.getElementById('generate')).height)")
    assert page.js("document.getElementById('metrics-ask').getBoundingClientRect().height") <= one + 2
    page.page.set_viewport_size({"width": 1366, "height": 768})


def test_the_test_hook_keeps_its_fields_and_runs_count_up(page):
    hook = page.js("Object.keys(Object.getOwnPropertyDescriptors(window.pymaze))")
    assert {"ready", "state", "catalogue", "runs", "progress", "snapshot", "squareCentre", "crashEngine",
            "streamHash"} <= set(hook)
    # (the tests' page: its worker was opened with ?debug, so these hooks answer)
    assert {w.url.rsplit("/", 1)[1] for w in page.page.workers} == {"worker.js?debug"}
    before = page.js("window.pymaze.runs")
    page.generate("dig", 4, 3, 1)
    assert page.js("window.pymaze.runs") == before + 1  # the page's count, whatever ids the engine gives
