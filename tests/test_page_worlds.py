"""Mazes that wrap around (cylinder, torus, Möbius strip) and upsilon mazes in the real page: picked
from the shape chooser, generated and solved, the board holds every cell; each passage across a seam has arrows
of one colour at both of its edges (on a Möbius strip the far edge's rows run the other way); Play
walks across the seams by the shape's own rule."""

import random
from pathlib import Path

import networkx as nx
import pytest

import pymaze
from pymaze.run import Run
from pymaze import gridtext, svg, weave

pytestmark = pytest.mark.browser

WORLDS = ["cylinder", "torus", "moebius"]
W, H = 9, 7

# The overlay canvas (where the seam arrows are) at client points: RGBA.
SAMPLE = """(pts) => {
  const c = document.getElementById('overlay'), ctx = c.getContext('2d'), r = c.getBoundingClientRect();
  return pts.map(([cx, cy]) => Array.from(ctx.getImageData(Math.floor((cx - r.left) * c.width / r.width),
    Math.floor((cy - r.top) * c.height / r.height), 1, 1).data));
}"""


def choose(page, shape):
    page.page.select_option("#shape", shape)
    page.page.select_option("#mask", "")


def across(shape, x, y, dx, dy):
    """The cell one step from (x, y), by the shape's rule written out here (None: off the edge)."""
    nx_, ny = x + dx, y + dy
    if not 0 <= nx_ < W:
        nx_ %= W
        if shape == "moebius":
            ny = H - 1 - ny
    if not 0 <= ny < H:
        if shape != "torus":
            return None
        ny %= H
    return nx_, ny


def passages(shape):
    """How many passages the shape's rule gives a W x H maze: east, south (and on upsilon south-east
    and south-west between octagons)."""
    if shape == "upsilon":
        diagonal = sum(0 <= x + dx < W for x in range(W) for y in range(H - 1) for dx in (-1, 1) if (x + y) % 2 == 0)
        return (W - 1) * H + W * (H - 1) + diagonal
    return W * H + W * (H if shape == "torus" else H - 1)


def square_walls(page, maze, G):
    """On an upsilon maze, how far each closed side's wall reaches into its square (the cells with
    x + y odd), as a share of the square's half width: read off the board's pixels from the side's
    middle towards the centre.  The square's half width, against the distance from its centre to
    its east neighbour's, is the engine drawing's."""
    lat, out = maze.lattice, []
    d = lat.drawing()
    sq = lat.cell_at(1, 0)
    xs = [d["polygons"][2 * i] for i in range(d["starts"][sq], d["starts"][sq + 1])]
    share = (max(xs) - min(xs)) / 2 / (lat.centre(lat.cell_at(2, 0))[0] - lat.centre(sq)[0])
    centre = lambda p: page.js("p => window.pymaze.squareCentre(p)", p)  # noqa: E731
    for y in range(1, lat.h - 1):
        for x in range(1, lat.w - 1):
            if not (x + y) % 2:
                continue
            p = lat.cell_at(x, y)
            (cx, cy), (rx, _) = centre(p), centre(lat.cell_at(x + 1, y))
            half = share * (rx - cx)   # the square's half width in client px
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                if G.has_edge(p, lat.cell_at(x + dx, y + dy)):
                    continue
                pts = [(cx + dx * (half - t / 2), cy + dy * (half - t / 2)) for t in range(int(2 * half))]
                dark = [sum(px[:3]) < 300 for px in page.js(SAMPLE_MAZE, pts)]
                out.append((dark.index(False) if False in dark else len(dark)) / 2 / half)
    return out


@pytest.mark.parametrize("shape", WORLDS + ["upsilon"])
def test_each_world_is_picked_generated_solved_and_drawn_whole(page, shape):
    choose(page, shape)
    snap = page.generate("wilson", W, H, 5)
    engine = Run.generate("wilson", W, H, 5, shape).finish()
    G = engine.to_networkx()
    assert snap["geometry"] == "graph" and snap["wall"] == list(engine.wall)
    assert len(snap["wall"]) == W * H + passages(shape), "the cells, then the passages"
    page.page.select_option("#solver", "bfs")
    snap = page.run("solve")
    assert snap["routeLength"] == nx.shortest_path_length(G, engine.start, engine.goal)
    page.page.wait_for_function(f"document.getElementById('board').getAttribute('aria-label').includes('{W * H} cells')")
    assert f"A {shape} maze of {W * H} cells" in page.page.get_attribute("#board", "aria-label")
    # The legend says what the seam arrows are, on the shapes that have them.
    assert ("two cells that meet across the edge" in page.page.inner_text("#legend")) == (shape in WORLDS)
    # Text export: thin draws the maze as the CLI does; the square mazes' formats are off.
    assert all(page.page.is_disabled(f"#export-{f}") for f in ("block", "mazelib", "matrix", "box"))
    with page.page.expect_download() as got:
        page.page.click("#export-thin")
    assert Path(got.value.path()).read_text() == gridtext.grid_text(engine)
    if shape not in WORLDS:   # upsilon: its small squares stay open, their walls thin for them
        page.generate("wilson", 21, 15, 5)
        big = Run.generate("wilson", 21, 15, 5, shape).finish()
        reach = square_walls(page, big, big.to_networkx())
        assert max(reach) <= 0.45, f"a closed side's wall takes under half of a square's half width: {max(reach):.2f}"
        assert page.errors() == []
        return
    # The seam arrows: half a cell out of the west and east edges beside each row (and, on a torus,
    # of the top and bottom edges beside each column), one colour at both ends of a passage.
    centre = lambda p: page.js("p => window.pymaze.squareCentre(p)", p)  # noqa: E731
    (x0, y0), (x1, _), (_, y1) = centre(0), centre(1), centre(W)
    ux, uy = x1 - x0, y1 - y0

    def cell(x, y):
        return y * W + x   # (no mask: the cells are row-major)
    pairs = []
    for y in range(H):
        (ax, ay), (bx, by) = centre(cell(0, y)), centre(cell(W - 1, H - 1 - y if shape == "moebius" else y))
        pairs.append(((ax - 0.65 * ux, ay), (bx + 0.65 * ux, by)))
    if shape == "torus":
        for x in range(W):
            (ax, ay), (bx, by) = centre(cell(x, 0)), centre(cell(x, H - 1))
            pairs.append(((ax, ay - 0.65 * uy), (bx, by + 0.65 * uy)))
    got = page.js(SAMPLE, [pt for pair in pairs for pt in pair])
    ends = list(zip(got[0::2], got[1::2]))
    for (a, b), where in zip(ends, pairs):
        assert a[3] == 255 and max(a[:3]) - min(a[:3]) > 60, f"no coloured arrow at {where[0]}: {a}"
        assert sum(abs(u - v) for u, v in zip(a, b)) <= 24, f"the two ends differ: {a} and {b}"
    assert len({tuple(a) for a, _ in ends[:H]}) >= H - 1, "rows next to each other have colours apart"
    # each row's arrows in the colour SVG and PNG give its passage (pymaze.svg.seam_hue), read
    # further out than above, where a route line that crosses the seam there never reaches
    wraps, via = list(engine.drawing()["wraps"]), pymaze.graph.between(engine)
    west = page.js(SAMPLE, [(x - 0.85 * ux, y) for x, y in (centre(cell(0, y)) for y in range(H))])
    for y, a in enumerate(west):
        v = via(cell(0, y), cell(W - 1, H - 1 - y if shape == "moebius" else y))
        want = svg.seam_hue(wraps.index(v))
        assert sum(abs(u - int(want[1 + 2 * i:3 + 2 * i], 16)) for i, u in enumerate(a[:3])) <= 12, (y, a, want)
    assert page.errors() == []


@pytest.mark.parametrize("shape", ["torus", "moebius"])
def test_play_walks_across_the_seams(page, shape):
    def seam_walk(seed):  # a route from S through a passage across the east-west seam, short of G
        maze = Run.generate("dig", W, H, seed, shape).finish()
        G = maze.to_networkx()
        for a, b in sorted(G.edges):
            for a, b in ((a, b), (b, a)):
                route = nx.shortest_path(G, maze.start, a) + [b]
                if abs(a % W - b % W) > 1 and maze.goal not in route:
                    return G, route
        return None
    seed = next(seed for seed in range(1, 40) if seam_walk(seed))
    G, route = seam_walk(seed)
    choose(page, shape)
    snap = page.generate("dig", W, H, seed)
    page.page.click("#mode-play")
    page.wait_state("walking")
    page.page.focus("#board")
    keys = {"ArrowUp": (0, -1), "ArrowRight": (1, 0), "ArrowDown": (0, 1), "ArrowLeft": (-1, 0)}

    def step(pos, key):
        x, y = pos % W, pos // W
        q = across(shape, x, y, *keys[key])
        return None if q is None else q[1] * W + q[0]
    # Walk through a passage across the east-west seam, then press keys at random: every press
    # lands where the shape's rule and the open passages say.
    goal = snap["goals"][0]
    presses = [next(k for k in keys if step(p, k) == q) for p, q in zip(route, route[1:])]
    rng = random.Random(2)
    presses += [rng.choice(list(keys)) for _ in range(30)]
    pos, crossed = snap["start"], 0
    for key in presses:
        q = step(pos, key)
        expected = q if q is not None and G.has_edge(pos, q) else pos
        page.page.keyboard.press(key)
        got = page.js("window.pymaze.snapshot().walk.pos")
        assert got == expected, f"{key} from cell {pos}: page at {got}, the passages lead to {expected}"
        crossed += abs(expected % W - pos % W) > 1
        pos = expected
        if pos == goal:
            break
    assert crossed
    page.page.click("#mode-watch")
    choose(page, "square")


@pytest.mark.parametrize("shape", ["torus", "moebius"])
def test_edit_opens_a_seam_passage_by_its_side_at_either_edge(page, shape):
    choose(page, shape)
    page.generate("wilson", W, H, 4)
    page.page.keyboard.press("e")
    page.wait_state("editing")
    page.page.wait_for_function("!window.pymaze.snapshot().busy")
    before = page.snapshot()
    candidates = pymaze.lattice(shape, W, H)
    seams = sorted((v, a, b) for a, b, v in candidates.edges(data="via")
                   if before["wall"][v] and abs(a % W - b % W) > 1)
    centre = lambda p: page.js("p => window.pymaze.squareCentre(p)", p)  # noqa: E731
    unit = centre(1)[0] - centre(0)[0]
    wall = before["wall"]
    for (v, a, b), end in zip(seams[:2], (0, 1)):
        cell = (a, b)[end]                      # a press on this cell's own side of the seam
        x, y = centre(cell)
        page.page.mouse.click(x + (0.45 if cell % W == W - 1 else -0.45) * unit, y)
        snap = page.snapshot()
        assert [i for i in range(len(wall)) if snap["wall"][i] != wall[i]] == [v], f"passage {v} at cell {cell}"
        wall = snap["wall"]
    if shape == "torus":                        # the north-south seam: a press on a top cell's north side
        v, a, b = next((v, a, b) for a, b, v in sorted(candidates.edges(data="via"))
                       if wall[v] and abs(a // W - b // W) > 1)
        top = min(a, b)
        x, y = centre(top)
        page.page.mouse.click(x, y - 0.45 * unit)
        snap = page.snapshot()
        assert [i for i in range(len(wall)) if snap["wall"][i] != wall[i]] == [v], f"passage {v} at cell {top}"
        wall = snap["wall"]
    v, a, b = seams[0]                          # and it closes again from the other edge
    x, y = centre(b)
    page.page.mouse.click(x + (0.45 if b % W == W - 1 else -0.45) * unit, y)
    snap = page.snapshot()
    assert [i for i in range(len(wall)) if snap["wall"][i] != wall[i]] == [v] and snap["wall"][v] == 1
    wall = snap["wall"]
    G = nx.Graph((a, b) for a, b, v in candidates.edges(data="via") if not wall[v])
    page.page.select_option("#solver", "bfs")
    solved = page.run("solve")
    assert solved["routeLength"] == nx.shortest_path_length(G, solved["start"], solved["goals"][0])
    assert page.errors() == []
    choose(page, "square")


# The maze canvas (where the cells and their stair marks are) at client points: RGBA.
SAMPLE_MAZE = SAMPLE.replace("'overlay'", "'maze'")
STAIR = (0x7B, 0x4F, 0xA0)


def levels_drawn(page, w, h, d):
    """``(cols, rows)`` of the levels on the board, read back from where each level's first cell is
    drawn; checked to be a grid filled row by row, in the rows and columns that draw the levels
    biggest on this board (each a w x h block, a cell's gap between two), and named so by the legend."""
    centre = lambda p: page.js("p => window.pymaze.squareCentre(p)", p)  # noqa: E731
    unit = centre(1)[0] - centre(0)[0]
    firsts = [centre(z * w * h) for z in range(d)]
    cols = sum(1 for _, y in firsts if abs(y - firsts[0][1]) < 1)
    rows = -(-d // cols)
    assert all(abs(x - firsts[z % cols][0]) < 1 and abs(y - firsts[(z // cols) * cols][1]) < 1
               for z, (x, y) in enumerate(firsts))
    box = page.page.locator("#board").bounding_box()   # (a row of levels: a band for their names, the levels, a gap)
    best = max(min(box["width"] / (c * (w + 1) - 1), box["height"] / (-(-d // c) * (h + 2) - 1)) for c in range(1, d + 1))
    assert unit >= 0.97 * best, (unit, best, cols, rows)   # (less the board's margin of a few pixels)
    # each level's name written in the band above it: dark strokes on the overlay along the band's middle
    for z, (x, y) in enumerate(firsts):
        band = page.js(SAMPLE, [(x + (t / 10 - 0.5) * unit, y - unit) for t in range(30)])
        assert sum(1 for px in band if px[3] > 100 and sum(px[:3]) < 400) >= 3, f"level {z + 1}'s name"
    place = "on the left" if rows == 1 else "at the top" if cols == 1 else "at the top left"
    assert f"▼ ▲ stairs down and up; level 1 (the top) {place}" in page.page.inner_text("#legend")
    return cols, rows


def test_levels_are_picked_with_their_depth_drawn_with_stair_marks_and_played_up_and_down(page):
    w, h, d, seed = 5, 4, 3, 3
    assert page.page.is_hidden("#depth")
    choose(page, "levels")
    assert page.page.is_visible("#depth"), "the levels field shows for levels only"
    page.fill(depth=d)
    snap = page.generate("dig", w, h, seed)
    engine = Run.generate("dig", w, h, seed, shape="levels", depth=d).finish()
    lat = engine.lattice
    assert snap["wall"] == list(engine.wall) and len(snap["wall"]) == lat.n + lat.m == w * h * d + lat.m
    assert "depth=3" in page.js("location.hash") and "shape=levels" in page.js("location.hash")
    centre = lambda p: page.js("p => window.pymaze.squareCentre(p)", p)  # noqa: E731
    unit = centre(1)[0] - centre(0)[0]
    cols, rows = levels_drawn(page, w, h, d)
    # A ▼ a little right of the centre of each cell with an open stair down, none where it is closed.
    stairs = {lat.ends[2 * k]: lat.n + k for k in range(lat.m) if lat.crosses(lat.ends[2 * k], lat.ends[2 * k + 1])}
    ends = {engine.start, engine.goal}
    shown = {}
    for p, v in stairs.items():
        if p not in ends:
            x, y = centre(p)
            shown[p] = page.js(SAMPLE_MAZE, [[x + 0.2 * unit, y - 0.02 * unit]])[0]
    purple = {p for p, c in shown.items() if sum(abs(a - b) for a, b in zip(c[:3], STAIR)) < 60}
    assert purple == {p for p in shown if not engine.wall[stairs[p]]} != set()
    # Play: along the route from S to a cell with an open stair down, then PageDown takes it.
    G = engine.to_networkx()
    top = next(p for p in sorted(nx.shortest_path_length(G, engine.start), key=lambda q: (
        nx.shortest_path_length(G, engine.start, q), q)) if p in stairs and not engine.wall[stairs[p]])
    route = nx.shortest_path(G, engine.start, top)
    page.page.click("#mode-play")
    page.wait_state("walking")
    page.page.focus("#board")
    keys = {(0, -1): "ArrowUp", (1, 0): "ArrowRight", (0, 1): "ArrowDown", (-1, 0): "ArrowLeft"}
    for a, b in zip(route, route[1:]):
        (ax, ay, az), (bx, by, bz) = engine.node_xy(a), engine.node_xy(b)
        page.page.keyboard.press(keys[bx - ax, by - ay] if az == bz else "PageDown" if bz > az else "PageUp")
        assert page.js("window.pymaze.snapshot().walk.pos") == b
    assert page.page.is_visible("#walk-downstairs"), "on an open stair down: its button shows"
    page.page.keyboard.press("PageDown")
    below = top + w * h
    assert page.js("window.pymaze.snapshot().walk.pos") == below
    assert page.page.is_visible("#walk-upstairs") and page.page.is_hidden("#walk-downstairs") == bool(
        below + w * h >= lat.n or engine.wall[stairs[below]])
    page.page.click("#walk-upstairs")
    assert page.js("window.pymaze.snapshot().walk.pos") == top
    page.page.keyboard.press("ArrowLeft" if engine.node_xy(top)[0] else "ArrowRight")  # (arrows never take a stair)
    assert engine.node_xy(page.js("window.pymaze.snapshot().walk.pos"))[2] == engine.node_xy(top)[2]
    assert page.errors() == []
    page.page.click("#mode-watch")
    choose(page, "square")


def test_many_small_levels_are_drawn_in_rows_and_columns(page):
    """Six levels of 4 x 3 on a wide board: side by side they would be thin slivers, one under the
    other too: two rows of three draw them biggest."""
    choose(page, "levels")
    page.fill(depth=6)
    page.generate("dig", 4, 3, 2)
    assert levels_drawn(page, 4, 3, 6) == (3, 2)
    page.fill(depth=3)
    choose(page, "square")


def test_a_route_through_a_tunnel_is_drawn_thin_and_dashed_under_the_bridge(page):
    """Where the route goes under a bridge its line is dashed and half as wide, as the tunnel's sides
    there are; before and after the bridge it is the route's solid line (pymaze.svg draws the same)."""
    def case(seed):   # a maze whose bfs route takes a tunnel, and not the corridor over it (dig's routes
        maze = Run.generate("prim", W, H, seed, "weave").finish()   # here take both: the "+" of the two lines)
        route = list(pymaze.solve(maze, "bfs").squares)
        G, lat = maze.to_networkx(), maze.lattice
        for a, b in zip(route, route[1:]):
            m = lat.cell_at(*((u + v) // 2 for u, v in zip(lat.position(a), lat.position(b))))
            if G.edges[a, b].get("under") and m not in route:
                return maze, a, b, m
        return None
    seed = next(seed for seed in range(1, 60) if case(seed))
    maze, a, b, m = case(seed)
    choose(page, "weave")
    page.page.select_option("#solver", "bfs")
    page.generate("prim", W, H, seed)
    solved = page.run("solve")
    assert solved["routeLength"] == len(pymaze.solve(maze, "bfs").squares) - 1
    centre = lambda p: page.js("p => window.pymaze.squareCentre(p)", p)  # noqa: E731
    (ax, ay), (mx, my) = centre(a), centre(m)
    dx, dy = mx - ax, my - ay            # one cell along the tunnel, in client px
    ox, oy = -dy * 0.11, dx * 0.11       # a little off the line's middle, across it
    rgb = tuple(int(svg.ROUTE[i:i + 2], 16) for i in (1, 3, 5))   # (the page's route colour, as a test keeps it)
    is_route = lambda px: px[3] > 200 and sum(abs(u - v) for u, v in zip(px[:3], rgb)) < 60  # noqa: E731
    under = [(mx + t * dx, my + t * dy) for t in [i / 20 * 0.4 - 0.2 for i in range(21)]]   # between the rails
    solid = [(ax + t * dx, ay + t * dy) for t in (0.1, 0.3, 0.5)]                          # before the bridge
    on_under, off_under = page.js(SAMPLE, under), page.js(SAMPLE, [(x + ox, y + oy) for x, y in under])
    on_solid, off_solid = page.js(SAMPLE, solid), page.js(SAMPLE, [(x + ox, y + oy) for x, y in solid])
    assert all(map(is_route, on_solid)) and all(map(is_route, off_solid)), "a solid, wide line before the bridge"
    dashes = sum(map(is_route, on_under))
    assert 0.2 * len(under) <= dashes <= 0.8 * len(under), f"dashed under the bridge: {dashes} of {len(under)}"
    assert not any(map(is_route, off_under)), "and thinner there"
    assert "a route through the tunnel" in page.page.inner_text("#legend")
    choose(page, "square")


def test_weave_is_picked_drawn_with_its_bridges_and_played_through_a_tunnel(page):
    def tunnel_walk(seed):  # a route from S to a tunnel's far end through it, short of G
        maze = Run.generate("dig", W, H, seed, "weave").finish()
        G = maze.to_networkx()
        for a, b, under in sorted(G.edges(data="under")):
            for a, b in ((a, b), (b, a)) if under else ():
                route = nx.shortest_path(G, maze.start, a) + [b]
                if maze.goal not in route and b not in route[:-1]:
                    return maze, G, route
        return None
    seed = next(seed for seed in range(1, 40) if tunnel_walk(seed))
    engine, G, route = tunnel_walk(seed)
    choose(page, "weave")
    snap = page.generate("dig", W, H, seed)
    assert snap["geometry"] == "graph" and snap["wall"] == list(engine.wall)
    # The bridge: where a covered wall would be, the tunnel's mouth (floor); on the rails, wall.
    lat = engine.lattice
    a, b = route[-2], route[-1]
    m = lat.cell_at(*((u + v) // 2 for u, v in zip(lat.position(a), lat.position(b))))
    centre = lambda p: page.js("p => window.pymaze.squareCentre(p)", p)  # noqa: E731
    (ax, ay), (mx, my) = centre(a), centre(m)
    dx, dy = (mx - ax), (my - ay)          # one cell along the tunnel, in client px
    plain = next(p for p in range(lat.n) if p not in (engine.start, engine.goal, m)
                 and all(engine.wall[t] for t in weave.under(lat, p)))
    points = [(mx - 0.5 * dx, my - 0.5 * dy),                    # the mouth, in the covered wall
              (mx + 0.5 * dx, my + 0.5 * dy),                    # the other mouth
              (mx - 0.25 * dx - 0.45 * dy, my - 0.25 * dy + 0.45 * dx),   # a rail, near the cell's side
              (mx + 0.25 * dx + 0.45 * dy, my + 0.25 * dy - 0.45 * dx),   # the other rail
              centre(plain)]                                     # floor, for comparison
    board = SAMPLE.replace("'overlay'", "'maze'")
    *got, floor = page.js(board, points)
    dark = lambda px: sum(px[:3]) < sum(floor[:3]) - 200  # noqa: E731
    assert not dark(got[0]) and not dark(got[1]), f"the tunnel's mouths are open: {got[:2]}, floor {floor}"
    assert dark(got[2]) and dark(got[3]), f"the bridge's rails are drawn: {got[2:]}, floor {floor}"
    assert "bridge: a corridor over a tunnel" in page.page.inner_text("#legend")
    # Play: walk to the tunnel and through it, one key press a move.
    page.page.click("#mode-play")
    page.wait_state("walking")
    page.page.focus("#board")
    keys = {(0, -1): "ArrowUp", (1, 0): "ArrowRight", (0, 1): "ArrowDown", (-1, 0): "ArrowLeft"}
    for p, q in zip(route, route[1:]):
        (px, py), (qx, qy) = lat.position(p), lat.position(q)
        key = keys[(qx > px) - (qx < px), (qy > py) - (qy < py)]
        page.page.keyboard.press(key)
        got = page.js("window.pymaze.snapshot().walk.pos")
        assert got == q, f"{key} from cell {p}: page at {got}, the passages lead to {q}"
    page.page.click("#mode-watch")
    # Edit: a press beside a cell's east side is for its wall, never for the tunnel that runs that way
    # (two cells with no tunnel under them: a bridged cell's corridor stays, tests/test_page_edit_worlds.py).
    page.page.keyboard.press("e")
    page.wait_state("editing")
    page.page.wait_for_function("!window.pymaze.snapshot().busy")
    before = page.snapshot()["wall"]
    bridged = {lat.cell_at(*((u + v) // 2 for u, v in zip(lat.position(a), lat.position(b))))
               for a, b, under in G.edges(data="under") if under}
    x0 = next(x for x in range(2, W - 1) if not {lat.cell_at(x, 2), lat.cell_at(x + 1, 2)} & bridged)
    cell = lat.cell_at(x0, 2)
    east = pymaze.graph.between(engine)(cell, lat.cell_at(x0 + 1, 2))
    (x, y), unit = centre(cell), centre(lat.cell_at(x0 + 1, 2))[0] - centre(cell)[0]
    page.page.mouse.click(x + 0.45 * unit, y)
    after = page.snapshot()["wall"]
    assert [i for i in range(len(after)) if after[i] != before[i]] == [east]
    assert page.errors() == []
    page.page.click("#mode-watch")
    choose(page, "square")
