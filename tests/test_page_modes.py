"""Play and edit modes in the page (real Chromium): keys, taps and swipes walk the maze;
clicks and drags change it, and the solvers then run on what was drawn."""

import pytest

import pymaze
import reference

pytestmark = pytest.mark.browser

KEYS = {(1, 0): "ArrowRight", (-1, 0): "ArrowLeft", (0, 1): "ArrowDown", (0, -1): "ArrowUp"}
WASD = {(1, 0): "d", (-1, 0): "a", (0, 1): "s", (0, -1): "w"}


def maze_of(snap):
    return pymaze.Maze(snap["width"], snap["height"], bytes(snap["wall"]), snap["start"], snap["goals"],
                       snap["geometry"])


def enter(page, key, state, blocks=False):
    """Press `key` and wait for `state`; `blocks`: then convert the thin-wall maze to blocks."""
    page.page.keyboard.press(key)
    page.wait_state(state)
    if blocks:
        runs = page.js("window.pymaze.runs")
        page.page.click("#edit-blocks")
        page.page.wait_for_function("n => window.pymaze.runs > n && !window.pymaze.snapshot().busy", arg=runs)
    if state == "walking":  # the walk starts at once; the engine's shortest route follows
        page.page.wait_for_function("window.pymaze.snapshot().walk.shortest !== null")
    return page.snapshot()


def square(maze, node):
    x, y = node
    return (2 * y + 1) * maze.width + 2 * x + 1 if maze.geometry == "thin" else y * maze.width + x


def centre(page, p):
    return page.js("p => window.pymaze.squareCentre(p)", p)


def click_square(page, p):
    page.page.mouse.click(*centre(page, p))


def drag(page, a, b, steps=4):
    """Press on square a, move to square b in `steps` pointer moves, release."""
    page.page.mouse.move(*centre(page, a))
    page.page.mouse.down()
    page.page.mouse.move(*centre(page, b), steps=steps)
    page.page.mouse.up()


def test_play_walks_the_engines_bfs_route_to_the_goal(page):
    page.generate("dig", 9, 7, 3)
    snap = enter(page, "p", "walking")
    maze = maze_of(snap)
    assert maze.wall == pymaze.generate("dig", 9, 7, seed=3).wall
    route = pymaze.solve(maze, "bfs").path
    assert reference.valid_route(maze, route) and len(route) - 1 == reference.shortest_moves(maze)
    assert snap["walk"] == {"pos": maze.start, "moves": 0, "trail": [maze.start],
                            "shortest": len(route) - 1, "atGoal": False}

    # Into a wall: no move.  One step along the route and back: two moves, the trail shrinks again.
    adj = reference.graph(maze)
    x, y = route[0]
    blocked = next(d for d in KEYS if (x + d[0], y + d[1]) not in adj[(x, y)])
    page.page.keyboard.press(KEYS[blocked])
    assert page.snapshot()["walk"]["moves"] == 0
    d = (route[1][0] - x, route[1][1] - y)
    page.page.keyboard.press(KEYS[d])
    assert page.snapshot()["walk"]["trail"] == [maze.start, square(maze, route[1])]
    page.page.keyboard.press(KEYS[(-d[0], -d[1])])
    walk = page.snapshot()["walk"]
    assert (walk["moves"], walk["trail"]) == (2, [maze.start])
    page.page.keyboard.press("r")
    assert page.snapshot()["walk"]["moves"] == 0

    # The route, half on arrow keys and half on WASD.
    for i, (a, b) in enumerate(zip(route, route[1:])):
        page.page.keyboard.press((KEYS if i % 2 else WASD)[(b[0] - a[0], b[1] - a[1])])
    snap = page.snapshot()
    assert snap["walk"]["atGoal"] and snap["walk"]["moves"] == len(route) - 1
    assert snap["walk"]["trail"] == [square(maze, n) for n in route]
    assert f"Goal reached in {len(route) - 1} moves" in snap["message"]
    assert "the shortest possible" in snap["message"]
    page.page.keyboard.press(KEYS[(route[-2][0] - route[-1][0], route[-2][1] - route[-1][1])])
    assert page.snapshot()["walk"]["moves"] == len(route) - 1  # at the goal the walk is over
    page.page.screenshot(path="tests/artifacts/play-goal.png")
    assert not page.errors()


def test_leaving_play_for_watch_shows_the_solve_it_hid(page):
    page.generate("dig", 9, 7, 3)
    page.page.select_option("#solver", "bfs")
    solved = page.run("solve")
    walk = enter(page, "p", "walking")
    assert walk["kind"] != "solve"   # Play walks the bare maze
    page.page.keyboard.press(next(k for k in KEYS.values()))
    runs = page.js("window.pymaze.runs")
    page.page.keyboard.press("Escape")
    page.page.wait_for_function("n => window.pymaze.runs > n && window.pymaze.state === 'done' && "
                                "!window.pymaze.snapshot().busy", arg=runs)
    page.js("window.pymaze.fetchAll()")
    back = page.snapshot()
    assert back["kind"] == "solve" and back["mode"] == "watch"
    for key in ("wall", "mark", "num", "routeLength", "total"):
        assert back[key] == solved[key], key
    assert back["cursor"] == back["total"] and "Breadth-first" in page.page.inner_text(".explain-name")
    assert "no run to step through" not in back["message"]
    # A new maze inside Play is another maze: Watch then shows it, with no solve.
    enter(page, "p", "walking")
    page.page.keyboard.press("n")
    page.page.wait_for_function("window.pymaze.snapshot().walk && window.pymaze.snapshot().walk.moves === 0 && "
                                "!window.pymaze.snapshot().busy")
    page.page.keyboard.press("Escape")
    page.wait_state("done")
    assert page.snapshot()["kind"] != "solve"
    assert not page.errors()


def test_play_by_tap_and_swipe_and_new_maze(page):
    page.generate("kruskal", 7, 5, 11)
    maze = maze_of(enter(page, "p", "walking"))
    route = pymaze.solve(maze, "bfs").path
    (x0, y0), (x1, y1) = route[0], route[1]
    click_square(page, square(maze, route[1]))  # a tap on the next cell moves there
    assert page.snapshot()["walk"]["pos"] == square(maze, route[1])
    # a swipe (press, drag, release) back the other way, wherever it starts
    sx, sy = centre(page, square(maze, route[-1]))
    dx, dy = (x0 - x1) * 80, (y0 - y1) * 80
    page.page.mouse.move(sx, sy)
    page.page.mouse.down()
    page.page.mouse.move(sx + dx / 2, sy + dy / 2)
    page.page.mouse.move(sx + dx, sy + dy)
    page.page.mouse.up()
    walk = page.snapshot()["walk"]
    assert (walk["pos"], walk["moves"]) == (maze.start, 2)
    seed = page.js("document.getElementById('seed').value")
    page.page.keyboard.press("n")
    page.page.wait_for_function("s => document.getElementById('seed').value !== s && window.pymaze.state === 'walking'"
                                " && window.pymaze.snapshot().walk.moves === 0"
                                " && window.pymaze.snapshot().walk.shortest !== null", arg=seed)
    snap = page.snapshot()
    fresh = maze_of(snap)
    assert fresh.wall == pymaze.generate("kruskal", 7, 5, seed=int(page.js("document.getElementById('seed').value"))).wall
    assert snap["walk"]["shortest"] == reference.shortest_moves(fresh)
    enter(page, "Escape", "done")
    assert not page.errors()


def best_shortcut(maze):
    """The inner wall square whose opening shortens S-G the most (independent BFS per candidate)."""
    base, best = reference.shortest_moves(maze), None
    for p in range(maze.width * maze.height):
        x, y = p % maze.width, p // maze.width
        if maze.wall[p] and 0 < x < maze.width - 1 and 0 < y < maze.height - 1:
            trial = maze.copy()
            trial.wall[p] = 0
            d = reference.shortest_moves(trial)
            if best is None or d < best[1]:
                best = (p, d)
    assert best[1] < base
    return best


def solve_bfs(page):
    page.page.select_option("#solver", "bfs")
    solved = page.run("solve")
    assert solved["notice"] == ""  # also: every edit reached the engine without complaint
    return solved


def test_edit_a_wall_and_the_bfs_route_changes(page):
    page.generate("dig", 8, 6, 21)
    snap = enter(page, "e", "editing", blocks=True)
    maze = maze_of(snap)
    assert snap["geometry"] == "block" and page.js("document.getElementById('view').value") == "block"
    before = solve_bfs(page)["routeLength"]
    assert before == reference.shortest_moves(maze)

    enter(page, "e", "editing")
    p, want = best_shortcut(maze)
    click_square(page, p)
    assert page.snapshot()["wall"][p] == 0
    after = solve_bfs(page)
    assert after["origin"] == "edited" and after["wall"][p] == 0
    assert after["routeLength"] == want < before
    page.page.screenshot(path="tests/artifacts/edit-shortcut.png")

    # Undo and redo, also after a solve in between; the engine solves what the page shows.
    enter(page, "e", "editing")
    page.page.keyboard.press("Control+z")
    assert page.snapshot()["wall"][p] == 1
    assert solve_bfs(page)["routeLength"] == before
    enter(page, "e", "editing")
    assert page.js("document.getElementById('edit-undo').disabled") is True  # nothing left to undo
    page.page.click("#edit-redo")
    assert page.snapshot()["wall"][p] == 0
    assert solve_bfs(page)["routeLength"] == want

    # Drag a wall line across the maze: every square on it is wall, S and G stay floor.
    enter(page, "e", "editing")
    row = next(y for y in range(1, maze.height - 1) if (maze.start // maze.width) < y < (maze.goals[0] // maze.width))
    a, b = row * maze.width + 1, row * maze.width + maze.width - 2
    drag(page, a, b, steps=3)
    cut = page.snapshot()
    assert all(cut["wall"][q] for q in range(a, b + 1))
    solved = solve_bfs(page)
    assert reference.shortest_moves(maze_of(cut)) is None
    assert solved["routeLength"] == 0 and "no route" in solved["message"]
    assert not page.errors()


def test_edit_drag_start_and_goal_and_open_room(page):
    page.generate("dig", 6, 5, 4)
    maze = maze_of(enter(page, "e", "editing", blocks=True))
    page.page.click("#edit-clear")
    W = maze.width
    target = 2 * W + 3
    drag(page, maze.start, target)
    snap = page.snapshot()
    assert snap["start"] == target
    room = maze_of(snap)
    assert all(not room.wall[y * W + x] for y in range(1, room.height - 1) for x in range(1, W - 1))
    solved = solve_bfs(page)
    gx, gy = snap["goals"][0] % W, snap["goals"][0] // W
    assert solved["routeLength"] == abs(gx - 3) + abs(gy - 2) == reference.shortest_moves(room)

    # S dragged onto G: the route is no moves at all, and every solver still answers.
    enter(page, "e", "editing")
    drag(page, target, snap["goals"][0], steps=6)
    assert page.snapshot()["start"] == snap["goals"][0]
    solvers = page.js("window.pymaze.catalogue.solvers.filter((a) => a.geometries.includes('block'))"
                      ".map((a) => a.slug)")
    assert len(solvers) > 10
    for slug in sorted(solvers, key=lambda slug: slug == "farthest"):  # farthest moves S and G: last
        page.page.select_option("#solver", slug)
        solved = page.run("solve")
        assert solved["notice"] == "" and "no route" not in solved["message"], slug
        if slug != "farthest":  # farthest looks for the two cells furthest apart, not for G
            assert solved["routeLength"] == 0, slug
    assert not page.errors()


def cheapest(maze, weight):
    """Least total weight entered from S to G over the reference floor graph (an independent Dijkstra)."""
    import heapq
    adj, W = reference.floor_graph(maze), maze.width
    s, g = reference.node_of(maze, maze.start), reference.node_of(maze, maze.goals[0])
    best, queue = {s: 0}, [(0, s)]
    while queue:
        c, u = heapq.heappop(queue)
        if u == g:
            return c
        if c > best[u]:
            continue
        for v in adj[u]:
            d = c + weight[v[1] * W + v[0]]
            if d < best.get(v, float("inf")):
                best[v] = d
                heapq.heappush(queue, (d, v))
    return None


def test_edit_paints_weights_and_dijkstra_pays_them(page):
    page.generate("dig", 7, 5, 6)
    maze = maze_of(enter(page, "e", "editing", blocks=True))
    assert page.page.is_hidden("#metrics")  # the generated maze's figures are gone while editing
    page.page.click("#edit-clear")
    page.page.select_option("#edit-brush", "9")
    W, H = maze.width, maze.height
    column = W // 2
    drag(page, W + column, (H - 3) * W + column)  # a costly wall of 9s, open below
    snap = page.snapshot()
    assert [snap["weight"][y * W + column] for y in range(1, H - 2)] == [9] * (H - 3)
    assert snap["weight"].count(9) == H - 3 and set(snap["weight"]) == {1, 9}
    page.page.select_option("#solver", "dijkstra")
    solved = page.run("solve")
    room = maze_of(snap)
    route = [p for p, m in enumerate(solved["mark"]) if m == 5]
    assert sum(snap["weight"][p] for p in route if p != room.start) == cheapest(room, snap["weight"])
    assert solved["weight"] == snap["weight"]
    # the metrics panel speaks of the drawing (the last maze's figures are hidden meanwhile)
    page.page.wait_for_selector("#metrics:not([hidden])")
    figures = page.js("Object.fromEntries([...document.querySelectorAll('#metrics > div')]"
                      ".map((d) => [d.querySelector('dt').textContent, d.querySelector('dd').textContent]))")
    assert figures["cells"] == str(len(reference.floor_graph(room)))
    assert figures["solution"] == f"{reference.shortest_moves(room)} moves"
    page.page.screenshot(path="tests/artifacts/edit-weights.png")
    assert not page.errors()
