"""Braid, terrain and any-angle routes in the page (real Chromium): the page's maze, terrain and
route are CPython's for the same generator, options, seed and solver."""

import pytest

import pymaze

from browser import page  # noqa: F401  (the module's shared page)

pytestmark = pytest.mark.browser


def test_a_braided_hex_maze_with_terrain_is_the_engines_and_astar_pays_its_cheapest_cost(page):  # noqa: F811
    page.page.select_option("#generator", "kruskal")
    page.page.select_option("#shape", "hex")
    page.page.wait_for_function("!document.body.classList.contains('busy')", timeout=60000)
    page.page.fill("input[data-param=terrain]", "0.5")
    page.page.fill("input[data-param=braid]", "0.5")
    page.fill(width=12, height=9, seed=4)
    snap = page.run("generate", events=False)   # (choosing the generator again would reset its options)
    want = pymaze.generate("kruskal", 12, 9, seed=4, shape="hex", terrain=0.5, braid=0.5)
    assert snap["wall"] == list(want.wall) and snap["weight"] == list(want.weight)
    page.page.select_option("#solver", "astar")
    snap = page.run("solve", events=False)
    cost = [v for code, v, _ in snap["notes"] if code == 8]
    assert cost == [round(1000 * pymaze.solve(want, "dijkstra").cost)]
    assert "terrain" in page.js("document.body.innerText") and not page.errors()


def test_theta_star_draws_its_corners_as_straight_segments(page):  # noqa: F811
    page.page.select_option("#shape", "square")
    page.page.wait_for_function("!document.body.classList.contains('busy')", timeout=60000)
    page.page.select_option("#view", "block") if page.page.query_selector("#view option[value=block]") else None
    page.generate("cellular", 20, 14, 3, events=False)
    page.page.select_option("#solver", "thetastar")
    snap = page.run("solve")
    maze = pymaze.Maze(snap["width"], snap["height"], bytes(snap["wall"]), snap["start"], snap["goals"], "block")
    sol = pymaze.solve(maze, "thetastar")
    assert [p for p, _ in snap["waypoints"]] == sol.squares and len(sol.squares) >= 2
    assert [i for _, i in snap["waypoints"]] == list(range(len(sol.squares)))
    # The result says segments and length, not moves (FOUND counts an any-angle route's segments).
    said = f"{len(sol.squares) - 1} straight segments, length {sol.cost:.3f}".rstrip("0").rstrip(".")
    assert f"found: {said}" in snap["message"] and "moves" not in snap["message"], snap["message"]
    line = page.js("document.body.innerText")
    assert f"segments {len(sol.squares) - 1} " in line and f"length {said.split('length ')[1]}" in line
    assert not page.errors()


def test_numbered_checkpoints_placed_in_edit_make_the_solve_go_through_them_in_order(page):  # noqa: F811
    page.page.select_option("#shape", "square")
    page.page.wait_for_function("!document.body.classList.contains('busy')", timeout=60000)
    page.page.select_option("#generator", "dig")
    page.page.fill("input[data-param=braid]", "0.5")
    page.fill(width=10, height=8, seed=2)
    page.run("generate", events=False)
    page.page.select_option("#solver", "bfs")
    page.page.keyboard.press("e")
    page.wait_state("editing")
    page.page.select_option("#edit-brush", "-1")
    W = page.snapshot()["width"]
    stops = [y * W + x for x, y in [(15, 1), (3, 13), (17, 9), (9, 5)]]
    for p in stops + stops[-1:]:   # the last one pressed twice: placed, then taken away
        page.page.mouse.click(*page.js("p => window.pymaze.squareCentre(p)", p))
    stops = stops[:-1]
    assert "checkpoints (3)" in page.js("document.body.innerText")
    snap = page.run("solve", events=False)
    maze = pymaze.Maze(snap["width"], snap["height"], bytes(snap["wall"]), snap["start"], snap["goals"], snap["geometry"])
    sol = pymaze.solve(maze, "bfs", waypoints=stops)
    assert [p for p, _ in snap["waypoints"]] == sol.squares and f"found in {sol.moves} moves" in snap["message"]
    assert f"moves {sol.moves} " in page.js("document.body.innerText")   # a square passed twice counts twice
    assert not page.errors()


def test_the_link_carries_the_checkpoints_and_a_shared_link_solves_through_them_again(page):  # noqa: F811
    # (after the test above: its maze, solved through three checkpoints)
    snap = page.snapshot()
    stops = [p for p, i in snap["waypoints"]]
    link = page.js("location.hash")
    cp = dict(kv.split("=") for kv in link[1:].split("&"))["cp"]
    maze = pymaze.Maze(snap["width"], snap["height"], bytes(snap["wall"]), snap["start"], snap["goals"], snap["geometry"])
    stops = [int(p) for p in cp.split(".")]
    assert len(stops) == 3 and "run=solve" in link
    sol = pymaze.solve(maze, "bfs", waypoints=stops)
    assert [p for p, _ in snap["waypoints"]] == sol.squares   # the link names the checkpoints the route went through

    def open_hash(fragment, runs):
        before = page.js("window.pymaze.runs")
        page.js("h => { location.hash = h; }", fragment)
        page.page.wait_for_function("n => window.pymaze.runs >= n && window.pymaze.state === 'done'", arg=before + runs,
                                    timeout=60000)
        return page.snapshot()

    open_hash("gen=sidewinder&w=9&h=6&seed=44&speed=100", 1)   # another maze, with no checkpoints
    assert "cp=" not in page.js("location.hash")
    again = open_hash(link, 2)   # generate, then the solve through the checkpoints
    assert [p for p, _ in again["waypoints"]] == sol.squares and again["notice"] == ""
    assert f"cp={cp}" in page.js("location.hash")
    post = 2 * snap["width"] + 2   # not a cell of the thin maze: a corner post
    bad = open_hash(link.replace(f"cp={cp}", f"cp={stops[0]}.{post}"), 2)
    assert "cp must name different cells" in bad["notice"] and bad["waypoints"] == [] and \
        bad["routeLength"] == pymaze.solve(maze, "bfs").moves   # a bad list is ignored as a whole
    assert not page.errors()


def test_dragging_a_wall_across_the_route_in_edit_re_solves_it_live_without_solve(page):  # noqa: F811
    page.page.keyboard.press("Escape")
    page.wait_state("done")
    page.page.select_option("#shape", "square")
    page.page.wait_for_function("!document.body.classList.contains('busy')", timeout=60000)
    page.generate("dig", 8, 6, 1, events=False)
    page.page.select_option("#solver", "bfs")
    page.page.keyboard.press("e")
    page.wait_state("editing")
    page.page.click("#edit-blocks")   # a block maze: walls are squares a drag paints
    page.page.wait_for_function("window.pymaze.snapshot().geometry === 'block' && window.pymaze.state === 'editing'",
                                timeout=30000)
    page.page.select_option("#edit-brush", "0")
    page.page.click("#edit-clear")   # an open room: S to G in a straight-ish line
    route = "window.pymaze.snapshot().waypoints.map(w => w[0])"
    page.page.wait_for_function(f"{route}.length > 1", timeout=30000)
    snap = page.snapshot()
    W, S, G = snap["width"], snap["start"], snap["goals"][0]
    assert snap["geometry"] == "block"
    before, runs = [p for p, _ in snap["waypoints"]], page.js("window.pymaze.runs")
    open_room = pymaze.Maze(W, snap["height"], bytes(snap["wall"]), S, [G], "block")
    assert before == pymaze.solve(open_room, "bfs").squares
    # A wall dragged across the middle of the route (leaving a gap at the bottom): pressed, moved, not let go.
    mid = before[len(before) // 2]
    x = mid % W
    page.page.mouse.move(*page.js("p => window.pymaze.squareCentre(p)", W + x))
    page.page.mouse.down()
    for y in range(1, snap["height"] - 2):
        page.page.mouse.move(*page.js("p => window.pymaze.squareCentre(p)", y * W + x), steps=2)
    page.page.wait_for_function(f"r => JSON.stringify({route}) !== JSON.stringify(r)", arg=before, timeout=30000)
    page.page.mouse.up()
    # The shown route becomes the engine's for the maze as it now is (the last change solved), and no run started.
    got = page.snapshot()
    walled = pymaze.Maze(W, got["height"], bytes(got["wall"]), S, [G], "block")
    assert sum(walled.wall) - sum(open_room.wall) >= snap["height"] - 4 > 0
    want = pymaze.solve(walled, "bfs")
    assert want.squares != before
    page.page.wait_for_function(f"r => JSON.stringify({route}) === JSON.stringify(r)", arg=want.squares, timeout=30000)
    assert page.js("window.pymaze.runs") == runs
    page.page.wait_for_function("t => document.getElementById('stats').textContent.includes(t)",   # (at the next frame)
                                arg=f"live route bfs: {want.moves} moves", timeout=10000)
    assert not page.errors()


def test_the_named_terrain_brush_paints_water_and_the_live_route_pays_for_it(page):  # noqa: F811
    # (after the test above: Edit on its block maze, a wall across the middle)
    from array import array
    page.page.select_option("#solver", "dijkstra")
    page.page.select_option("#edit-brush", "9")
    # (the stats line is written with the next frame)
    page.page.wait_for_function("t => document.getElementById('stats').textContent.includes(t)",
                                arg="brush: terrain water (cost 9)", timeout=30000)
    assert page.page.locator("#edit-brush option[value='5']").inner_text() == "mud (cost 5)"
    snap = page.snapshot()
    route = [p for p, _ in snap["waypoints"]]
    wet = route[len(route) // 2]
    page.page.mouse.click(*page.js("p => window.pymaze.squareCentre(p)", wet))
    got = page.snapshot()
    assert got["weight"][wet] == 9
    maze = pymaze.Maze(got["width"], got["height"], bytes(got["wall"]), got["start"], got["goals"], "block")
    maze.weight = array("i", got["weight"])
    want = pymaze.solve(maze, "dijkstra")
    assert want.squares != route   # the water is dearer than going round it
    page.page.wait_for_function("r => JSON.stringify(window.pymaze.snapshot().waypoints.map(w => w[0])) === JSON.stringify(r)",
                                arg=want.squares, timeout=30000)
    page.page.wait_for_function("t => document.getElementById('stats').textContent.includes(t)",
                                arg=f"cost {want.cost:g}", timeout=30000)
    assert not page.errors()


def test_a_wall_dropped_on_d_star_lites_route_mid_run_is_replanned_around(page):  # noqa: F811
    import networkx as nx
    from pymaze import Run
    from pymaze.events import MARK, MILESTONE, M_CURRENT, unpack
    from pymaze.solution import Solution
    page.page.select_option("#shape", "square")
    page.page.wait_for_function("!document.body.classList.contains('busy')", timeout=60000)
    page.page.select_option("#view", "thin")
    page.page.select_option("#generator", "dig")
    page.page.fill("input[data-param=braid]", "1")
    page.fill(width=12, height=9, seed=3)
    snap = page.run("generate", events=False)
    maze = pymaze.Maze(snap["width"], snap["height"], bytes(snap["wall"]), snap["start"], snap["goals"], "thin")
    page.page.select_option("#solver", "dstarlite")
    page.run("solve")
    # Where the agent has made two steps, and a passage of its route three steps ahead (CPython's run).
    run = Run.solve("dstarlite", maze)
    events = unpack(run.events())
    k = [i + 1 for i, e in enumerate(events) if e[0] == MARK | MILESTONE and e[3] == M_CURRENT][1]
    route = pymaze.solve(maze, "dstarlite").squares
    a, b = route[3], route[4]
    page.js("k => window.pymaze.seek(k)", k)
    page.wait_state("paused")
    runs = page.js("window.pymaze.runs")
    page.page.mouse.click(*page.js("p => window.pymaze.squareCentre(p)", (a + b) // 2))
    page.page.wait_for_function("n => window.pymaze.runs > n && !window.pymaze.snapshot().busy", arg=runs, timeout=30000)
    got = page.snapshot()
    assert f"wall added at step {k} — replanning" in got["message"] and got["state"] == "paused"
    assert got["cursor"] == k and got["wall"][(a + b) // 2] == 0   # the prefix as it was: the wall comes next
    assert f"s.changes={k}%3A{a}-{b}" in page.js("location.hash")
    page.speed(100)
    page.page.click("#play")
    page.wait_state("done")
    end = page.snapshot()
    assert end["wall"][(a + b) // 2] == 1
    changed = pymaze.Maze(end["width"], end["height"], bytes(end["wall"]), end["start"], end["goals"], "thin")
    G = changed.to_networkx()
    replans = [(i, v) for code, v, i in end["notes"] if code == 13]   # (13: replanned, from the agent)
    assert len(replans) == 1
    agent, cost = replans[0]
    assert agent == route[2] and cost / 1000 == nx.shortest_path_length(G, agent, end["goals"][0])
    final = Solution.of_run(Run.solve("dstarlite", maze, changes=[(k, a, b)]))[0]
    assert final.found and final.moves <= 2 + cost / 1000
    assert all(G.has_edge(p, q) for p, q in zip(final.squares, final.squares[1:]))   # round the new wall
    assert {p for p, m in enumerate(end["mark"]) if m == 5} == set(final.squares)   # (5: route)
    # (the replanning note shows for a few seconds, then the run's own notes)
    page.page.wait_for_function("t => window.pymaze.snapshot().message.includes(t)", arg=f"found in {final.moves} moves",
                                timeout=30000)
    assert "replanned" in page.snapshot()["message"] and not page.errors()
