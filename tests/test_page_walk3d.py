"""Play's 3D view in the page (real Chromium drawing WebGL through SwiftShader): the picture is the
maze (the wall straight ahead stands as far as a ray walk over the engine's maze says), walls stop
the walker, moving changes the frame, the goal message comes at G, the minimap marks the trail,
view=3d in a link opens walking inside, Watch's overview shows each cell in the 2D board's colour
at several events, and a browser without WebGL is told so and stays in 2D."""

import base64
import io
import math

import networkx as nx
import pytest
from PIL import Image, ImageChops

import pymaze
import reference
from browser import CHROMIUM_ARGS, Page, chromium_path

pytestmark = pytest.mark.browser

SWIFTSHADER = ["--enable-unsafe-swiftshader", "--use-angle=swiftshader"]
HEADINGS = {0: (1, 0), 1: (0, 1), 2: (-1, 0), 3: (0, -1)}  # quarter turns (y down) -> cell step
ROUTE_RGB = [(253, 186, 116), (194, 65, 12), (225, 29, 72)]  # trail fill, trail line, the walker's outline


@pytest.fixture(scope="module")
def page(browser, site_url, request):
    """One page of a Chromium of its own that draws WebGL (SwiftShader), with reduced motion."""
    gl = browser.browser_type.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS + SWIFTSHADER)
    pg = Page(gl, site_url, {"width": 1280, "height": 800}, open_sheet=False)
    pg.page.emulate_media(reduced_motion="reduce")  # moves snap: each frame is where the walk is
    yield pg
    if request.session.testsfailed:
        print("\n--- browser console ---\n" + "\n".join(pg.console))
    gl.close()


def open_link(page, fragment):
    runs = page.js("window.pymaze.runs")
    page.js("f => { location.hash = f; }", fragment)
    page.page.wait_for_function(
        "n => window.pymaze.runs > n && window.pymaze.state === 'walking' && window.pymaze.view3d().active"
        " && window.pymaze.view3d().frames > 0 && window.pymaze.snapshot().walk.shortest !== null", arg=runs, timeout=90000)
    return page.snapshot()


def view(page):
    return page.js("window.pymaze.view3d()")


def frame(page):
    """The 3D view's picture now (after the page drew the current position, and the 2D board the
    minimap copies is drawn whole)."""
    page.page.wait_for_function("window.pymaze.view3d().settled && window.pymaze.painted")
    page.js("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    return Image.open(io.BytesIO(page.page.locator("canvas.view3d:not([hidden])").screenshot())).convert("RGB")


def same_picture(a, b, noise=8):
    """The same picture, up to the rasteriser's rounding (SwiftShader has been seen to differ by one
    unit at one corner pixel between two draws of the same scene): no channel of any pixel apart
    by more than ``noise``.  A camera moved even slightly shifts edges by far more."""
    return a.size == b.size and all(hi <= noise for _, hi in ImageChops.difference(a, b).getextrema())


def is_wall(rgb):
    r, g, b = rgb
    return b > r + 40 and b > g + 20  # the walls' blue (lit or shaded), not the grey sky or the cream floor


def top_offset(image):
    """Pixels from the horizon up to the top of the wall straight ahead, on the centre column."""
    w, h = image.size
    x, y = w // 2, h // 2
    assert is_wall(image.getpixel((x, y))), "no wall straight ahead at the horizon"
    while y > 0 and is_wall(image.getpixel((x, y - 1))):
        y -= 1
    return h / 2 - y


def expected_offset(v, height, k, thin):
    """Where the top of a wall k open cells ahead stands above the horizon (pixels), from the camera's
    field of view and eye height: the wall's face is half a cell, k cells and (thin walls) half a
    wall's thickness away."""
    d = 0.5 + k - (v["thin"] / 2 if thin else 0)
    f = (height / 2) / math.tan(math.radians(v["fov"]) / 2)
    return min(height / 2, f * (v["wallHeight"] - v["eye"]) / d)


def open_ahead(maze, cell, way):
    """The ray walk: open cells in a row from `cell` towards `way` before a wall (the engine's maze)."""
    adj = reference.graph(maze)
    (x, y), (dx, dy), k = cell, way, 0
    while (x + dx, y + dy) in adj[(x, y)]:
        x, y, k = x + dx, y + dy, k + 1
    return k


def square(maze, node):
    x, y = node
    return (2 * y + 1) * maze.width + 2 * x + 1 if maze.geometry == "thin" else y * maze.width + x


def quarter(v):
    return round(v["heading"] / (math.pi / 2)) % 4


def face(page, q):
    """Turn (arrow keys) until the heading is quarter turn q."""
    for _ in range(4):
        now = quarter(view(page))
        if now == q:
            return
        page.page.keyboard.press("ArrowRight" if (q - now) % 4 == 1 else "ArrowLeft")
    raise AssertionError("the view did not turn")


def check_picture(page, maze, cell):
    """At `cell`, every heading: the top of the wall straight ahead stands where the ray walk puts it."""
    v = view(page)
    for q in range(4):
        face(page, q)
        image = frame(page)
        k = open_ahead(maze, cell, HEADINGS[q])
        got = top_offset(image)
        table = [expected_offset(v, image.size[1], j, maze.geometry == "thin") for j in range(12)]
        assert abs(got - table[k]) <= 3 + 0.02 * table[k], (cell, q, k, got, table[:6])
        if k < 6:  # and told apart from a wall one cell nearer or farther
            assert min(range(12), key=lambda j: abs(table[j] - got)) == k, (cell, q, k, got, table[:6])


def test_link_opens_walking_inside_one_draw_call(page):
    snap = open_link(page, "gen=dig&w=12&h=9&seed=3&view=3d")
    maze = pymaze.generate("dig", 12, 9, seed=3)
    assert snap["mode"] == "play" and bytes(snap["wall"]) == bytes(maze.wall)
    v = view(page)
    assert v["snap"], "prefers-reduced-motion: moves snap"
    # All walls in one draw call (and the floor in another), each wall line's squares one box.
    assert 0 < v["walls"] < sum(maze.wall) / 3 and v["calls"] == 2
    assert "view=3d" in page.js("location.hash")
    assert page.js("document.getElementById('walk-3d').getAttribute('aria-pressed')") == "true"
    # Swipes on the board: sideways turns (left, then right back), a tap steps forwards where it is open.
    box = page.page.locator("#board").bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def swipe(dx):
        page.page.mouse.move(cx, cy)
        page.page.mouse.down()
        page.page.mouse.move(cx + dx, cy, steps=3)
        page.page.mouse.up()
    q = quarter(view(page))
    swipe(-80)
    assert quarter(view(page)) == (q - 1) % 4
    swipe(80)
    assert quarter(view(page)) == q
    start = maze.start % maze.width // 2, maze.start // maze.width // 2
    assert open_ahead(maze, start, HEADINGS[q]) > 0  # the view starts facing an open side
    page.page.mouse.click(cx, cy)
    assert page.snapshot()["walk"]["moves"] == 1 and view(page)["pos"] != maze.start
    assert not page.errors()


@pytest.mark.parametrize("gen,w,h,seed", [("dig", 9, 7, 3), ("kruskal", 8, 6, 7)])
def test_the_picture_is_the_maze(page, gen, w, h, seed):
    snap = open_link(page, f"gen={gen}&w={w}&h={h}&seed={seed}&view=3d")
    maze = pymaze.generate(gen, w, h, seed=seed)
    assert bytes(snap["wall"]) == bytes(maze.wall)
    route = pymaze.solve(maze, "bfs").path
    stops = sorted({0, len(route) // 3, (2 * len(route)) // 3})
    for i, (a, b) in enumerate(zip(route, route[1:stops[-1] + 1])):
        if i in stops:
            assert view(page)["pos"] == square(maze, a)
            check_picture(page, maze, a)
        face(page, next(q for q, d in HEADINGS.items() if d == (b[0] - a[0], b[1] - a[1])))
        page.page.keyboard.press("ArrowUp")
    assert view(page)["pos"] == square(maze, route[stops[-1]])
    check_picture(page, maze, route[stops[-1]])
    assert not page.errors()


def test_walls_stop_moves_change_the_frame_goal_and_minimap(page):
    snap = open_link(page, "gen=kruskal&w=7&h=5&seed=2&view=3d")
    assert "forwards" in snap["message"] and "turn" in snap["message"], "the first prompt names the 3D view's keys"
    maze = pymaze.generate("kruskal", 7, 5, seed=2)
    route = pymaze.solve(maze, "bfs").path
    adj = reference.graph(maze)
    # Into a wall: nothing moves, the frame stays as it was.
    x, y = route[0]
    face(page, next(q for q, (dx, dy) in HEADINGS.items() if (x + dx, y + dy) not in adj[(x, y)]))
    before = frame(page)
    page.page.keyboard.press("ArrowUp")
    walk = page.snapshot()["walk"]
    assert (walk["pos"], walk["moves"], view(page)["bumps"]) == (snap["start"], 0, 1)
    assert page.snapshot()["message"].startswith("Bump: a wall")  # said, not only shown
    assert same_picture(frame(page), before), "a bump left the view moved"
    # The on-screen buttons: a turn and a step along the route change the frame.
    q = next(q for q, d in HEADINGS.items() if d == (route[1][0] - x, route[1][1] - y))
    while quarter(view(page)) != q:
        page.page.click("#walk-right")
    turned = frame(page)
    assert not same_picture(turned, before)  # (the tolerance above still tells a turn apart)
    page.page.click("#walk-forward")
    assert page.snapshot()["walk"]["pos"] == square(maze, route[1])
    assert frame(page).tobytes() != turned.tobytes()
    # The rest of the route on WASD (w steps, a and d turn): the goal message as in the 2D Play.
    for a, b in zip(route[1:], route[2:]):
        want = next(q for q, d in HEADINGS.items() if d == (b[0] - a[0], b[1] - a[1]))
        while quarter(view(page)) != want:
            page.page.keyboard.press("d" if (want - quarter(view(page))) % 4 != 3 else "a")
        page.page.keyboard.press("w")
    snap = page.snapshot()
    assert snap["walk"]["atGoal"] and snap["walk"]["moves"] == len(route) - 1
    assert f"Goal reached in {len(route) - 1} moves" in snap["message"]
    # The minimap: every cell of the trail in the trail's colours, the cells off it plain floor.
    page.page.wait_for_function("window.pymaze.painted")
    frame(page)
    shot = Image.open(io.BytesIO(page.page.screenshot())).convert("RGB")
    near = lambda rgb, ref: sum((a - b) ** 2 for a, b in zip(rgb, ref)) < 45 ** 2  # noqa: E731
    for node in route[1:-1]:
        px = shot.getpixel(tuple(round(c) for c in page.js("p => window.pymaze.minimapCentre(p)", square(maze, node))))
        assert any(near(px, ref) for ref in ROUTE_RGB), (node, px)
    off = [n for n in adj if n not in route][:10]
    for node in off:
        px = shot.getpixel(tuple(round(c) for c in page.js("p => window.pymaze.minimapCentre(p)", square(maze, node))))
        assert near(px, (255, 255, 255)), (node, px)
    page.page.screenshot(path="tests/artifacts/walk3d-goal.png")
    assert not page.errors()


def hex_geometry(maze):
    """A shaped maze's cell centres and each cell's neighbours [(cell, passage open, angle)], from the
    engine's drawing and lattice."""
    d, lat = maze.drawing(), maze.lattice
    P, S = d["polygons"], d["starts"]
    centres = []
    for p in range(lat.n):
        xs, ys = P[2 * S[p]:2 * S[p + 1]:2], P[2 * S[p] + 1:2 * S[p + 1]:2]
        centres.append((sum(xs) / len(xs), sum(ys) / len(ys)))
    nbrs = {p: [] for p in range(lat.n)}
    for k in range(lat.m):
        a, b = lat.ends[2 * k], lat.ends[2 * k + 1]
        for p, q in ((a, b), (b, a)):
            angle = math.atan2(centres[q][1] - centres[p][1], centres[q][0] - centres[p][0])
            nbrs[p].append((q, not maze.wall[lat.n + k], angle))
    return nbrs


def turn_to(page, angle):
    for _ in range(8):
        if abs((view(page)["heading"] - angle + math.pi) % (2 * math.pi) - math.pi) < 1e-3:
            return
        page.page.keyboard.press("ArrowRight")
    raise AssertionError(f"the view did not turn to {angle}")


def test_hex_walls_are_the_drawings_and_the_picture_is_the_maze(page):
    snap = open_link(page, "gen=dig&shape=hex&w=8&h=6&seed=1&view=3d")
    maze = pymaze.generate("dig", 8, 6, seed=1, shape="hex")
    assert bytes(snap["wall"]) == bytes(maze.wall)
    lat, d = maze.lattice, maze.drawing()
    v = view(page)
    assert v["walls"] == sum(maze.wall[lat.n:]) + len(d["border"]) // 4 and v["calls"] == 2
    nbrs = hex_geometry(maze)
    route = [maze.index(x, y) for x, y in pymaze.solve(maze, "bfs").path]
    for i, (p, q) in enumerate(zip(route, route[1:9])):
        assert view(page)["pos"] == p
        if i in (0, 5):  # every side of the cell: the wall ahead where the ray walk says
            for _, _, angle in nbrs[p]:
                turn_to(page, angle)
                assert_wall_ahead(page, v, p, angle, nbrs.__getitem__)
        turn_to(page, next(a for r, _, a in nbrs[p] if r == q))
        page.page.keyboard.press("ArrowUp")
    assert view(page)["pos"] == route[8]
    assert not page.errors()


def assert_wall_ahead(page, v, p, angle, sides):
    """Facing ``angle`` at cell p: the top of the wall ahead in the frame stands where a ray walk says,
    cell by cell through the open sides at that heading (``sides(cell)``: [(cell across, open, angle)])."""
    k, at = 0, p
    while True:
        ahead = [(r, is_open) for r, is_open, a in sides(at) if abs((a - angle + math.pi) % (2 * math.pi) - math.pi) < 1e-3]
        if not ahead or not ahead[0][1]:
            break
        at, k = ahead[0][0], k + 1
    image = frame(page)
    table = [expected_offset(v, image.size[1], j, True) for j in range(12)]
    got = top_offset(image)
    assert abs(got - table[k]) <= 3 + 0.02 * table[k], (p, angle, k, got, table[:6])


def levels_sides(maze, p):
    """A levels maze's cell p: its sides on its own level as [(heading angle, cell across or None, open)]."""
    x, y, z = maze.node_xy(p)
    w, h = maze.width, maze.height
    G = maze.to_networkx()
    out = []
    for angle, (dx, dy) in ((0.0, (1, 0)), (math.pi / 2, (0, 1)), (math.pi, (-1, 0)), (3 * math.pi / 2, (0, -1))):
        inside = 0 <= x + dx < w and 0 <= y + dy < h
        q = z * w * h + (y + dy) * w + x + dx if inside else None
        out.append((angle, q, inside and G.has_edge(p, q)))
    return out


def check_level_picture(page, maze, p):
    """At cell p of a levels maze, every side within the level: the top of the wall ahead stands where a
    ray walk along that level says (the other levels hidden: no wall of theirs above or below)."""
    v = view(page)
    for angle, q, _ in levels_sides(maze, p):
        try:
            turn_to(page, angle)
        except AssertionError:
            continue  # (a border side the turn skips: a side with no neighbour is only reached turning back)
        assert_wall_ahead(page, v, p, angle, lambda at: [(r, is_open, a) for a, r, is_open in levels_sides(maze, at)])


def test_levels_stairs_climb_to_the_next_level_shown_framed_and_named(page):
    """On a maze of levels: walk to a stair, PageDown (or PageUp) takes it: the view shows that level
    alone (its walls where the ray walk says), the frame changes, the message and the view name the
    level; with motion on, the eye rises through the heights between the two levels."""
    w, h, d, seed = 6, 5, 3, 2
    snap = open_link(page, f"gen=dig&shape=levels&w={w}&h={h}&depth={d}&seed={seed}&view=3d")
    maze = pymaze.generate("dig", w, h, seed=seed, shape="levels", depth=d)
    assert bytes(snap["wall"]) == bytes(maze.wall)
    lat, G = maze.lattice, maze.to_networkx()
    v = view(page)
    assert (v["levels"], v["level"], v["shown"]) == (d, 0, [0])
    # (the message line follows the walk at the next frame; an engine being replaced says so meanwhile)
    page.page.wait_for_function("window.pymaze.snapshot().message.includes('you are on level 1 of 3')", timeout=10000)
    # The nearest cell with an open stair down from S (the route short of G).
    stairs = {lat.ends[2 * k]: lat.ends[2 * k + 1] for k in range(lat.m)
              if lat.crosses(lat.ends[2 * k], lat.ends[2 * k + 1]) and G.has_edge(lat.ends[2 * k], lat.ends[2 * k + 1])}
    dist = nx.shortest_path_length(G, maze.start)
    top = min((p for p in stairs if maze.goal not in nx.shortest_path(G, maze.start, p)), key=lambda p: (dist[p], p))
    route = nx.shortest_path(G, maze.start, top)
    assert all(maze.node_xy(p)[2] == 0 for p in route), "the first stair down is reached on the top level"
    for a, b in zip(route, route[1:]):
        turn_to(page, next(angle for angle, q, _ in levels_sides(maze, a) if q == b))
        page.page.keyboard.press("ArrowUp")
        assert view(page)["pos"] == b
    before = frame(page)
    page.page.keyboard.press("PageDown")
    below = stairs[top]
    # (the view takes the new level at its next frame, after the walk has moved)
    page.page.wait_for_function("window.pymaze.view3d().level === 1 && window.pymaze.view3d().settled", timeout=10000)
    v = view(page)
    assert (page.snapshot()["walk"]["pos"], v["pos"], v["level"]) == (below, below, 1)
    assert "level 2 of 3" in page.snapshot()["message"]
    after = frame(page)
    assert view(page)["shown"] == [1] and after.tobytes() != before.tobytes()
    check_level_picture(page, maze, below)
    # The minimap names the level too (its text in the stairs' purple, in its bottom left corner).
    shot = Image.open(io.BytesIO(page.page.locator("canvas.minimap").screenshot())).convert("RGB")
    purple = sum(1 for x in range(shot.size[0] // 2) for y in range(shot.size[1] - 22, shot.size[1])
                 if sum(abs(a - b) for a, b in zip(shot.getpixel((x, y)), (0x7B, 0x4F, 0xA0))) < 90)
    assert purple > 20, purple
    page.page.screenshot(path="tests/artifacts/walk3d-levels.png")
    # With motion: back up the stair, the eye passes heights between the two levels and ends on the top one.
    page.page.emulate_media(reduced_motion="no-preference")
    try:
        page.page.wait_for_function("!window.pymaze.view3d().snap")
        page.page.keyboard.press("PageUp")
        page.page.wait_for_function("window.pymaze.view3d().settled && window.pymaze.view3d().heights.at(-1) === 0", timeout=10000)
        heights = view(page)["heights"]
        assert any(-1 < y < 0 for y in heights), heights
        assert heights == sorted(heights), heights
        assert view(page)["level"] == 0 and view(page)["shown"] == [0]
    finally:
        page.page.emulate_media(reduced_motion="reduce")
    assert "level 1 of 3" in page.snapshot()["message"]
    assert not page.errors()



def test_zeta_walls_are_the_sides_and_each_open_diagonals_two_rails(page):
    # (a diagonal is no side: closed, no wall; open, a corridor between two rails, as on the board)
    snap = open_link(page, "gen=wilson&shape=zeta&w=8&h=6&seed=2&view=3d")
    maze = pymaze.generate("wilson", 8, 6, seed=2, shape="zeta")
    assert bytes(snap["wall"]) == bytes(maze.wall)
    lat, d = maze.lattice, maze.drawing()
    diagonals = set(d["diagonals"])
    sides = sum(1 for v in range(lat.n, lat.n + lat.m) if maze.wall[v] and v not in diagonals)
    rails = 2 * sum(1 for v in diagonals if not maze.wall[v])
    assert rails and view(page)["walls"] == sides + len(d["border"]) // 4 + rails
    assert not page.errors()


def test_overview_stands_the_walls_up_and_paints_the_boards_marks_at_each_event(page):
    runs = page.js("window.pymaze.runs")
    page.js("f => { location.hash = f; }", "gen=dig&w=12&h=9&seed=3&sol=bfs&run=solve&view=thin")
    page.page.wait_for_function("n => window.pymaze.runs > n + 1 && window.pymaze.state === 'done'"
                                " && window.pymaze.snapshot().kind === 'solve'", arg=runs, timeout=90000)
    total = page.js("window.pymaze.fetchAll()")
    page.open_sheet()  # (the toggle sits under View in the settings)
    page.page.click("#overview-3d")
    page.page.wait_for_function("window.pymaze.overview().active && window.pymaze.overview().frames > 2")
    maze = pymaze.generate("dig", 12, 9, seed=3)
    cells = [square(maze, (x, y)) for y in range(9) for x in range(12)]
    for k in (total // 3, (2 * total) // 3, total // 4):  # forwards, then back (a seek far back)
        page.js("k => window.pymaze.seek(k)", k)
        page.page.wait_for_function("window.pymaze.painted")
        page.js("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
        board = Image.open(io.BytesIO(base64.b64decode(page.js("window.pymaze.boardImage()").split(",")[1]))).convert("RGB")
        shot = Image.open(io.BytesIO(page.page.screenshot())).convert("RGB")
        marks = page.snapshot()["mark"]
        rect = page.js("(() => { const r = document.getElementById('maze').getBoundingClientRect(); const c = document.getElementById('maze');"
                       " return [r.left, r.top, c.width / r.width, c.height / r.height]; })()")
        seen = set()
        for p in cells[::5]:
            x, y = page.js("p => window.pymaze.squareCentre(p)", p)
            flat = board.getpixel((round((x - rect[0]) * rect[2]), round((y - rect[1]) * rect[3])))
            tilted = shot.getpixel(tuple(round(c) for c in page.js("p => window.pymaze.overviewCentre(p)", p)))
            assert sum((a - b) ** 2 for a, b in zip(flat, tilted)) < 40 ** 2, (k, p, marks[p], flat, tilted)
            seen.add(marks[p])
        assert len(seen) >= 2, seen  # the sample holds marked and unmarked cells
    # The walls stand up: one draw call for them all (and one for the floor); the top of every closed
    # wall between two cells is the walls' dark slate where the camera sees it, the air over every open
    # passage is not (the floor or the run's marks show there).
    o = page.js("window.pymaze.overview()")
    assert o["walls"] > 0 and o["calls"] == 2, o
    dark = lambda rgb: max(rgb) < 110 and rgb[2] >= rgb[0]  # noqa: E731
    walls = opens = 0
    for y in range(9):
        for x in range(11):
            p = (2 * y + 1) * maze.width + 2 * x + 2  # the wall square between cells (x, y) and (x + 1, y)
            px = shot.getpixel(tuple(round(c) for c in page.js("a => window.pymaze.overviewCentre(...a)", [p, o["wallHeight"]])))
            assert dark(px) == bool(maze.wall[p]), (x, y, maze.wall[p], px)
            walls, opens = walls + maze.wall[p], opens + (not maze.wall[p])
    assert walls > 10 and opens > 10
    page.page.screenshot(path="tests/artifacts/overview3d.png")
    page.page.click("#overview-3d")
    assert not page.js("window.pymaze.overview().active")
    page.page.click("#settings-toggle")
    assert not page.errors()


def test_phone_swipes_turn_and_step(page):
    """On a phone-sized touch screen (390x844, touch emulated: the browser's own touch events, turned
    into pointer events by Chromium), swipes on the 3D canvas turn and step, as the walk reports."""
    maze = pymaze.generate("kruskal", 7, 9, seed=4)
    adj = reference.graph(maze)
    page.page.set_viewport_size({"width": 390, "height": 844})
    cdp = page.page.context.new_cdp_session(page.page)
    cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    try:
        snap = open_link(page, "gen=kruskal&w=7&h=9&seed=4&view=3d")
        assert bytes(snap["wall"]) == bytes(maze.wall)
        box = page.page.locator("canvas.view3d:not([hidden])").bounding_box()
        assert box["width"] <= 390 and box["height"] > 200, box
        cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.6

        def swipe(dx, dy):
            cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": cx, "y": cy}]})
            for f in (0.3, 0.7, 1):
                cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": cx + f * dx, "y": cy + f * dy}]})
            cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
            page.page.wait_for_function("window.pymaze.view3d().settled")

        at = (maze.start % maze.width // 2, maze.start // maze.width // 2)
        q = quarter(view(page))
        swipe(90, 10)  # sideways right: a quarter turn right, no move
        assert quarter(view(page)) == (q + 1) % 4 and page.snapshot()["walk"]["moves"] == 0
        swipe(-90, -5)  # and back
        assert quarter(view(page)) == q
        # Up steps forwards where it is open (the view starts facing an open side), down steps back.
        assert (at[0] + HEADINGS[q][0], at[1] + HEADINGS[q][1]) in adj[at]
        swipe(0, -90)
        ahead = (at[0] + HEADINGS[q][0], at[1] + HEADINGS[q][1])
        walk = page.snapshot()["walk"]
        assert (walk["pos"], walk["moves"], view(page)["pos"]) == (square(maze, ahead), 1, square(maze, ahead))
        swipe(5, 90)
        walk = page.snapshot()["walk"]
        assert (walk["pos"], walk["moves"], quarter(view(page))) == (maze.start, 2, q)
        # Into a wall: turn until a closed side is ahead; the swipe up is a bump (no move).
        for _ in range(4):
            d = HEADINGS[quarter(view(page))]
            if (at[0] + d[0], at[1] + d[1]) not in adj[at]:
                break
            swipe(90, 0)
        swipe(0, -90)
        assert page.snapshot()["walk"]["moves"] == 2 and view(page)["pos"] == maze.start
        page.page.screenshot(path="tests/artifacts/walk3d-phone.png")
    finally:
        cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": False})
        cdp.detach()
        page.page.set_viewport_size({"width": 1280, "height": 800})
    assert not page.errors()


def camera_of(hash_, key):
    """A link's camera value (cam=... or orbit=...) split at its underscores, as numbers."""
    value = dict(kv.split("=", 1) for kv in hash_.lstrip("#").split("&"))[key]
    return [float(v) for v in value.split("_")]


def test_the_walks_camera_travels_in_the_link(page):
    maze = pymaze.generate("dig", 9, 7, seed=3)
    route = pymaze.solve(maze, "bfs").path
    here = route[5]
    # A link's camera: the walk starts at its square, facing its way (west: 180 degrees), no moves yet.
    snap = open_link(page, f"gen=dig&w=9&h=7&seed=3&view=3d&cam={square(maze, here)}_180")
    assert bytes(snap["wall"]) == bytes(maze.wall) and not snap["notice"]
    v = view(page)
    assert v["pos"] == square(maze, here) and quarter(v) == 2
    assert snap["walk"]["moves"] == 0 and snap["walk"]["pos"] == square(maze, here)
    image = frame(page)  # and the picture is the maze from there
    k = open_ahead(maze, here, HEADINGS[2])
    assert abs(top_offset(image) - expected_offset(v, image.size[1], k, True)) <= 3 + 0.02 * expected_offset(v, image.size[1], k, True)
    assert camera_of(page.js("location.hash"), "cam") == [square(maze, here), 180]
    # Turning and stepping: the address bar follows (the square and heading the view reports).
    nxt = route[6]
    face(page, next(q for q, d in HEADINGS.items() if d == (nxt[0] - here[0], nxt[1] - here[1])))
    page.page.keyboard.press("ArrowUp")
    v = view(page)
    assert v["pos"] == square(maze, nxt)
    want = [square(maze, nxt), quarter(v) * 90]
    page.page.wait_for_function("w => location.hash.endsWith(`&cam=${w[0]}_${w[1]}`)", arg=want, timeout=5000)
    shared = page.js("location.hash")
    # The shared link, opened after another maze, puts the camera back where it was.
    other = open_link(page, "gen=dig&w=8&h=6&seed=5&view=3d")
    assert view(page)["pos"] == other["start"] and "&cam=" in page.js("location.hash")
    open_link(page, shared.lstrip("#"))
    v = view(page)
    assert (v["pos"], quarter(v) * 90) == tuple(want) and not page.snapshot()["notice"]
    # A camera on a wall square, or one that does not parse, is named in the notice; the walk starts at S.
    for bad, said in ((f"{square(maze, here) - 1}_0", "is not an open square"), ("5_north", "cam must be")):
        snap = open_link(page, f"gen=dig&w=9&h=7&seed=3&view=3d&cam={bad}")
        assert said in snap["notice"] and snap["walk"]["pos"] == snap["start"], snap["notice"]
    assert not page.errors()


def test_the_overviews_orbit_travels_in_the_link(page):
    runs = page.js("window.pymaze.runs")
    page.js("f => { location.hash = f; }", "gen=dig&w=12&h=9&seed=3&sol=bfs&run=solve&view=thin&orbit=30_60_1.2")
    page.page.wait_for_function("n => window.pymaze.runs > n + 1 && window.pymaze.state === 'done'"
                                " && window.pymaze.overview().active && window.pymaze.overview().frames > 2", arg=runs, timeout=90000)
    o = page.js("window.pymaze.overview()")
    assert [round(math.degrees(o["az"]), 6), round(math.degrees(o["el"]), 6), o["dist"]] == [30, 60, 1.2]
    assert camera_of(page.js("location.hash"), "orbit") == [30, 60, 1.2] and not page.snapshot()["notice"]
    # A drag orbits, the wheel zooms: the address bar follows, and the link opens on the same picture.
    box = page.page.locator("canvas.view3d:not([hidden])").bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.page.mouse.move(cx, cy)
    page.page.mouse.down()
    page.page.mouse.move(cx + 60, cy - 40, steps=4)
    page.page.mouse.up()
    page.page.mouse.wheel(0, 200)
    o = page.js("window.pymaze.overview()")
    assert o["az"] != math.radians(30) and o["el"] != math.radians(60) and o["dist"] > 1.2
    page.page.wait_for_function("""() => {
      const m = /&orbit=([^&]+)$/.exec(location.hash), o = window.pymaze.overview(), deg = 180 / Math.PI;
      if (!m) return false;
      const [a, e, d] = m[1].split("_").map(Number);
      return Math.abs(a - Math.atan2(Math.sin(o.az), Math.cos(o.az)) * deg) < 0.06 && Math.abs(e - o.el * deg) < 0.06 && Math.abs(d - o.dist) < 0.006;
    }""", timeout=5000)
    shared = page.js("location.hash")
    cells = [square(pymaze.generate("dig", 12, 9, seed=3), c) for c in ((0, 0), (11, 0), (5, 4), (0, 8), (11, 8))]
    page.js("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    seen = [page.js("p => window.pymaze.overviewCentre(p)", p) for p in cells]
    runs = page.js("window.pymaze.runs")
    page.js("f => { location.hash = f; }", "gen=dig&w=12&h=9&seed=3&view=thin")
    page.page.wait_for_function("n => window.pymaze.runs > n && !window.pymaze.overview().active", arg=runs, timeout=90000)
    assert "orbit" not in page.js("location.hash")
    runs = page.js("window.pymaze.runs")
    page.js("f => { location.hash = f; }", shared.lstrip("#"))
    page.page.wait_for_function("n => window.pymaze.runs > n + 1 && window.pymaze.state === 'done'"
                                " && window.pymaze.overview().active && window.pymaze.overview().frames > 2", arg=runs, timeout=90000)
    page.js("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    again = [page.js("p => window.pymaze.overviewCentre(p)", p) for p in cells]
    assert all(math.dist(a, b) < 3 for a, b in zip(seen, again)), (seen, again)
    assert max(math.dist(a, b) for a, b in zip(seen, seen[1:])) > 100  # (the cells are far apart on screen)
    # Out of range: named in the notice, the overview keeps its own camera.
    runs = page.js("window.pymaze.runs")
    page.js("f => { location.hash = f; }", "gen=dig&w=12&h=9&seed=3&view=thin&orbit=0_5_1")
    page.page.wait_for_function("n => window.pymaze.runs > n && window.pymaze.snapshot().notice", arg=runs, timeout=90000)
    assert "orbit must be" in page.snapshot()["notice"]
    assert not page.errors()


def test_without_webgl_the_page_says_so_and_stays_2d(page):
    open_link(page, "gen=dig&w=8&h=6&seed=5&view=3d")
    page.page.click("#walk-3d")  # off
    assert not view(page)["active"] and "view=3d" not in page.js("location.hash")
    page.js("""() => { const get = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
        return /webgl/.test(kind) ? null : get.call(this, kind, ...rest); }; }""")
    page.page.click("#walk-3d")  # on again: no WebGL now
    v = view(page)
    assert not v["active"] and not v["wanted"]
    assert "WebGL" in page.snapshot()["notice"]
    assert page.js("document.getElementById('board').classList.contains('three')") is False
    page.page.keyboard.press("ArrowRight")  # the 2D walk goes on
    assert page.snapshot()["walk"]["moves"] <= 1

