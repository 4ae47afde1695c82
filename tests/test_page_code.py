"""The Code mode in the real page: a solver typed with the keyboard runs like a built-in on a hex maze
(dropdown, its route against networkx, its events replayed, step back, the line of each step), errors
mark their line, a loop that never yields is stopped (by the time limit, and by Stop) and the page
recovers, and code travels by link without running until the click."""

import hashlib

import networkx as nx

import pymaze
from browser import ARTIFACTS, Page
from pymaze import registry
from pymaze.events import M_ROUTE, MARK, N_FOUND, apply, notes
from pymaze.plugins import load_source

TYPED = '''from pymaze.author import solver


@solver("typed-dfs", "Typed DFS")
def typed_dfs(maze):
    parent = {maze.start: None}
    stack = [maze.start]
    while stack:
        cell = stack.pop()
        maze.mark(cell, "visited")
        yield
        if maze.is_goal(cell):
            maze.found(maze.path(parent, cell))
            return
        for nxt in maze.open_neighbours(cell):
            if nxt not in parent:
                parent[nxt] = cell
                stack.append(nxt)
                maze.mark(nxt, "frontier")
        yield
    maze.no_route()
'''


def open_code(p):
    if p.js("document.getElementById('mode-code').getAttribute('aria-pressed')") != "true":
        p.page.click("#mode-code")
    p.page.wait_for_selector(".cm-content")


def type_code(p, code):
    """Type ``code`` as a person does: the editor indents after a colon, Backspace takes an indent back."""
    open_code(p)
    kb = p.page.keyboard
    p.page.click(".cm-content")
    kb.press("Control+a")
    kb.press("Delete")
    for i, line in enumerate(code.rstrip("\n").split("\n")):
        if i:
            kb.press("Enter")
        want = len(line) - len(line.lstrip(" "))
        have = p.js("window.pymaze.code.cursorIndent()")
        while have > want:
            kb.press("Backspace")
            have = p.js("window.pymaze.code.cursorIndent()")
        if want > have:
            kb.type(" " * (want - have))
        kb.type(line.strip())
    assert p.js("window.pymaze.code.text()").rstrip() == code.rstrip()


def run_code(p):
    before = p.js("window.pymaze.runs")
    p.page.click(".cm-content")
    p.page.keyboard.press("Control+Enter")
    return before


def python_run(code, maze_args, solver):
    """The same code in CPython on the same maze: the reference the page's run must equal."""
    load_source(code, "reference.py")
    try:
        maze = pymaze.generate(**maze_args)
        run = pymaze.Run.solve(solver, maze, maze_args["seed"])
        events = run.events()
        return run, events
    finally:
        registry.unregister("reference.py")


def test_a_typed_solver_runs_on_a_hex_maze_steps_back_and_shows_the_line_of_each_step(page):
    page.speed(100)
    page.page.select_option("#shape", "hex")
    try:
        typed_solver_on_hex(page)
    finally:
        page.page.select_option("#shape", "square")  # the module's page goes on with square mazes


def typed_solver_on_hex(page):
    page.generate("dig", 9, 7, 5)
    type_code(page, TYPED)
    before = run_code(page)
    page.page.wait_for_function("n => window.pymaze.runs > n && window.pymaze.state === 'done'", arg=before,
                                timeout=60000)
    options = page.js("[...document.querySelectorAll('#solver option')].map(o => [o.value, o.textContent])")
    assert ["typed-dfs", "yours: Typed DFS"] in options
    assert page.js("document.getElementById('solver').value") == "typed-dfs"
    snap = page.snapshot()
    args = dict(slug="dig", width=9, height=7, seed=5, shape="hex")
    run, events = python_run(TYPED, args, "typed-dfs")
    assert snap["mark"] == list(run.maze.mark) and snap["total"] == len(events) // 4
    found = [v for c, v, _ in notes(events) if c == N_FOUND]
    assert found and snap["routeLength"] == found[0]
    # The page's own stream of the code's events (hashed in its worker) is CPython's, and replays
    # from the maze as generated to the board shown.
    hashed = page.js("a => window.pymaze.streamHash(a)", dict(slug="dig", width=9, height=7, seed=5, geometry="hex",
                                                             solver="typed-dfs", solverSeed=5))
    assert hashed == hashlib.sha256(events.tobytes()).hexdigest()
    replayed = apply(run.initial.copy(), events)
    assert (snap["wall"], snap["mark"]) == (list(replayed.wall), list(replayed.mark))
    # Its route is a path of the maze's own graph (networkx) from S to a goal, no shorter than the shortest.
    maze = run.initial
    g = maze.to_networkx()
    route = [p for p in g if snap["mark"][p] == M_ROUTE]
    path = g.subgraph(route)
    ends = [p for p in route if path.degree(p) == 1]
    assert nx.is_connected(path) and path.number_of_edges() == len(route) - 1 == found[0]
    assert maze.start in ends and any(p in maze.goals for p in ends)
    assert found[0] >= min(nx.shortest_path_length(g, maze.start, goal) for goal in maze.goals)
    # Step back through the run: the maze undoes each event, and the highlighted line is the one
    # of TYPED whose helper made it.
    lines = TYPED.split("\n")
    initial = run.initial.copy()
    for _ in range(6):
        page.page.click("#back")
        page.page.wait_for_function("c => window.pymaze.progress().cursor === c", arg=snap["cursor"] - 1)
        snap = page.snapshot()
        expect = apply(initial.copy(), events[:4 * snap["cursor"]])
        assert snap["mark"] == list(expect.mark)
        op = events[4 * (snap["cursor"] - 1)] & 0xFF
        page.page.wait_for_function("() => window.pymaze.code.lines().step !== null")
        text = lines[page.js("window.pymaze.code.lines().step") - 1]
        assert ("maze.mark" in text or "maze.found" in text) if op == MARK else "maze.found" in text, text
    assert page.js("document.querySelectorAll('.cm-step-line').length") == 1
    page.page.click("#back")
    page.page.screenshot(path=str(ARTIFACTS / "code-1280.png"))


def test_a_syntax_error_marks_its_line(page):
    type_code(page, "from pymaze.author import solver\n\n@solver('x', 'X')\ndef x(maze:\n    yield\n")
    run_code(page)
    page.page.wait_for_function("() => window.pymaze.code.lines().error !== null")
    assert page.js("window.pymaze.code.lines().error") == 4
    assert "line 4" in page.js("window.pymaze.code.status()")
    assert page.js("document.querySelector('.cm-error-line').textContent").startswith("def x(maze:")
    # an exception at run time: its line too
    type_code(page, "from pymaze.author import solver\n\n@solver('boom', 'Boom')\ndef boom(maze):\n"
                    "    maze.mark(maze.start, 'visited')\n    yield\n    maze.mark(maze.start, 'shiny')\n")
    before = run_code(page)
    page.page.wait_for_function("() => window.pymaze.code.lines().error === 7", timeout=60000)
    assert "step 2" in page.js("window.pymaze.code.status()") and "unknown mark" in page.js("window.pymaze.code.status()")
    assert page.js("window.pymaze.runs") > before


def test_a_bad_event_stops_the_run_at_its_step_with_the_maze_kept(page):
    code = ("from pymaze.registry import solver\n\n@solver('bad-event', 'Bad event')\ndef bad(maze, rng):\n"
            "    for k in range(3):\n        maze.mark[maze.start] = k + 1\n        yield (2, maze.start, k, k + 1)\n"
            "    yield (2, maze.start, 0, 9)\n")
    type_code(page, code)
    run_code(page)
    page.page.wait_for_function("() => window.pymaze.code.lines().error === 8", timeout=60000)
    page.page.wait_for_function("() => window.pymaze.state === 'done'")
    snap = page.snapshot()
    assert snap["total"] == 3 and snap["mark"][snap["start"]] == 3, "the three good steps, then the stop"
    assert "step 4" in snap["notice"] and "line 8" in snap["notice"] and "expected 0" in snap["notice"]


def test_the_worker_talks_to_its_own_origin_only(page):
    # (the site's manifest: the worker's folder is engine/, the manifest one up, at the site's root)
    code = ("import js\nxhr = js.XMLHttpRequest.new()\nxhr.open('GET', '../manifest.json', False)\nxhr.send()\n"
            "assert xhr.status == 200\nxhr = js.XMLHttpRequest.new()\nxhr.open('GET', 'https://example.com/', False)\n")
    type_code(page, code)
    run_code(page)
    page.page.wait_for_function("() => window.pymaze.code.lines().error !== null", timeout=60000)
    assert page.js("window.pymaze.code.lines().error") == 7
    assert "not on this site" in page.js("window.pymaze.code.status()")


def test_the_page_and_the_worker_are_sent_a_policy_of_their_own_origin(page, site_url):
    import urllib.request
    meta = page.js("document.querySelector('meta[http-equiv=Content-Security-Policy]').content")
    with urllib.request.urlopen(site_url + "engine/worker.js") as reply:
        header = reply.headers["Content-Security-Policy"]
    for policy in (meta, header):
        # its own origin, and blob: URLs (made only by this origin's code: a print sheet it opened)
        assert "connect-src 'self' blob:;" in policy and "default-src 'self';" in policy and "worker-src 'self';" in policy
    assert page.js("window.pymaze.state") != "error"  # Pyodide booted under it


def test_an_endless_loop_is_stopped_by_the_time_limit_and_by_stop_and_the_page_recovers_with_its_code(page):
    page.generate("dig", 8, 6, 2)
    maze_before = page.snapshot()["wall"]
    code = "from pymaze.author import solver\n\n@solver('forever', 'Forever')\ndef forever(maze):\n    while True:\n        pass\n    yield\n"
    type_code(page, code)
    page.page.wait_for_function("() => window.pymaze.code.spareReady()", timeout=180000)
    run_code(page)
    page.page.wait_for_function("() => window.pymaze.code.status().startsWith('Stopped')", timeout=30000)
    page.page.wait_for_function("() => window.pymaze.state === 'done' && !window.pymaze.snapshot().busy",
                                timeout=60000)
    assert page.js("window.pymaze.code.text()").rstrip() == code.rstrip()
    assert page.snapshot()["wall"] == maze_before
    print("recovered after", page.js("window.pymaze.code.recovered()"), "ms")
    # the fresh engine works and holds the code again (registered, not run)
    options = page.js("[...document.querySelectorAll('#solver option')].map(o => o.value)")
    assert "forever" in options
    page.page.select_option("#solver", "bfs")
    snap = page.run("solve")
    assert snap["routeLength"] > 0 and not page.errors()
    # Stop, clicked while the loop runs: the same recovery, by switching to the warm spare engine (no
    # boot to wait for; the page says how long it took, a figure for benchmarks, not for a test).
    page.page.wait_for_function("() => window.pymaze.code.spareReady()", timeout=180000)
    run_code(page)
    page.page.wait_for_selector("#code-stop:not([disabled])")
    page.page.click("#code-stop")
    page.page.wait_for_function("() => window.pymaze.code.status().startsWith('Stopped: stopped on request')"
                                " && window.pymaze.state === 'done' && !window.pymaze.snapshot().busy",
                                polling=50, timeout=60000)
    assert page.js("window.pymaze.code.warm()") is True, "Stop waited for a fresh engine to boot"
    assert page.js("window.pymaze.code.text()").rstrip() == code.rstrip()
    assert page.snapshot()["wall"] == maze_before and not page.errors()


def test_a_link_shows_the_code_and_runs_it_only_on_the_click(page, browser, site_url):
    type_code(page, TYPED.replace("typed-dfs", "linked-dfs"))
    page.page.click("#code-link")
    page.page.wait_for_function("() => !!window.pymaze.code.link()")
    link = page.js("window.pymaze.code.link()")
    assert "#code=" in link and "linked-dfs" not in link  # compressed
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        friend = Page.__new__(Page)
        friend.console = []
        friend.page = context.new_page()
        friend.page.on("console", lambda m: friend.console.append(f"{m.type}: {m.text}"))
        friend.page.goto(link)
        friend.page.wait_for_function("window.pymaze && window.pymaze.runs > 0", timeout=120000)
        friend.page.wait_for_selector(".cm-content")
        friend.page.wait_for_function("() => window.pymaze.code.text().includes('linked-dfs')")
        assert "only when you click Run" in friend.js("window.pymaze.code.status()")
        friend.wait_state("done", "running")
        values = friend.js("[...document.querySelectorAll('#solver option')].map(o => o.value)")
        assert "linked-dfs" not in values and friend.js("window.pymaze.runs") == 1
        assert "code=" not in friend.js("location.hash")
        friend.page.screenshot(path=str(ARTIFACTS / "code-390.png"), full_page=True)
        before = friend.js("window.pymaze.runs")
        friend.page.click("#code-run")
        friend.page.wait_for_function("n => window.pymaze.runs > n", arg=before, timeout=60000)
        assert friend.js("document.getElementById('solver').value") == "linked-dfs"
        friend.page.reload()  # the code survives a reload (local storage)
        friend.page.wait_for_function("window.pymaze && window.pymaze.runs > 0", timeout=120000)
        friend.open_sheet()  # the Code mode is in the settings sheet
        friend.page.click("#mode-code")
        friend.page.wait_for_function("() => window.pymaze.code.text().includes('linked-dfs')")
    finally:
        context.close()


def test_a_built_in_opened_as_a_copy_runs_with_its_lines(page):
    open_code(page)
    page.page.select_option("#code-template", "solver:dfs")
    page.page.wait_for_function("() => window.pymaze.code.text().includes('@solver(\"my-dfs\"')")
    page.speed(100)
    before = run_code(page)
    page.page.wait_for_function("n => window.pymaze.runs > n && window.pymaze.state === 'done'", arg=before,
                                timeout=60000)
    assert page.js("document.getElementById('solver').value") == "my-dfs"
    page.page.click("#back")
    page.page.wait_for_function("() => window.pymaze.code.lines().step !== null")
    line = page.js("window.pymaze.code.text()").split("\n")[page.js("window.pymaze.code.lines().step") - 1]
    assert "yield" in line, line
    assert not page.errors()
