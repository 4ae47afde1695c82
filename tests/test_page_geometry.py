"""Hex, triangle and polar mazes in the real page: the engine inside Pyodide streams what CPython
streams; the page's maze is the engine's; every mark, S and every G shows on the canvas (sampled
at the cell centres the test hook gives); links rebuild shape and mask; play walks the passages."""

import hashlib
import random

import pytest

import pymaze
from pymaze import events, masks
from pymaze import gridtext
from pymaze.graph import SHAPES, _hex_nbrs
from pymaze.run import Run
from pymaze.maze import Maze

pytestmark = pytest.mark.browser

SHAPED = [s for s in SHAPES if s != "square"]
WALL, FLOOR, START, GOAL = (0x1e, 0x29, 0x3b), (255, 255, 255), (0x16, 0xa3, 0x4a), (0xdc, 0x26, 0x26)


DEPTH = {"levels": 3}  # a levels maze here has three levels (the stream hook takes depth with the options)


def cpython_hash(slug, w, h, seed, shape, solver=None):
    run = Run.generate(slug, w, h, seed, shape, depth=DEPTH.get(shape))
    if solver:
        run = Run.solve(solver, run.finish(), 0)
    return hashlib.sha256(run.events().tobytes()).hexdigest()


@pytest.mark.parametrize("shape", SHAPES)
def test_pyodide_streams_equal_cpython_on_every_shape(page, shape):
    for solver in (None, "astar"):
        args = {"slug": "wilson", "width": 9, "height": 7, "seed": 4, "geometry": shape}
        if shape in DEPTH:
            args["options"] = {"depth": DEPTH[shape]}
        if solver:
            args["solver"] = solver
        assert page.js("a => window.pymaze.streamHash(a)", args) == cpython_hash("wilson", 9, 7, 4, shape, solver)


def test_pyodide_streams_kruskals_weave_as_cpython(page):
    """Kruskal on weave (its crossings placed first, by the same random draws) streams in Pyodide what CPython does."""
    args = {"slug": "kruskal", "width": 9, "height": 7, "seed": 4, "geometry": "weave"}
    assert page.js("a => window.pymaze.streamHash(a)", args) == cpython_hash("kruskal", 9, 7, 4, "weave")


# The main canvas at the client point of every index given (the test hook's centres): RGB.
SAMPLE = """(ps) => {
  const canvas = document.getElementById('maze'), ctx = canvas.getContext('2d'), r = canvas.getBoundingClientRect();
  return ps.map((p) => {
    const [cx, cy] = window.pymaze.squareCentre(p);
    const x = Math.floor((cx - r.left) * canvas.width / r.width), y = Math.floor((cy - r.top) * canvas.height / r.height);
    if (x < 0 || y < 0 || x >= canvas.width || y >= canvas.height) return null;
    return Array.from(ctx.getImageData(x, y, 1, 1).data.slice(0, 3));
  });
}"""

# How many label pixels (S, G, numbers) are drawn within a few px of index p's centre.
INKED = """(p) => {
  const c = document.querySelector('#board canvas.labels'), ctx = c.getContext('2d'), r = c.getBoundingClientRect();
  const [cx, cy] = window.pymaze.squareCentre(p);
  const x = Math.floor((cx - r.left) * c.width / r.width), y = Math.floor((cy - r.top) * c.height / r.height);
  const d = ctx.getImageData(x - 5, y - 5, 11, 11).data;
  let n = 0;
  for (let i = 3; i < d.length; i += 4) if (d[i] > 128) n++;
  return n;
}"""

# How many dark (wall-coloured) pixels lie on the main canvas's outermost rows and columns.
EDGE_DARK = """() => {
  const c = document.getElementById('maze'), W = c.width, H = c.height, d = c.getContext('2d').getImageData(0, 0, W, H).data;
  const dark = (x, y) => { const i = 4 * (y * W + x); return d[i] + d[i + 1] + d[i + 2] < 200 ? 1 : 0; };
  let n = 0;
  for (let x = 0; x < W; x++) n += dark(x, 0) + dark(x, H - 1);
  for (let y = 0; y < H; y++) n += dark(0, y) + dark(W - 1, y);
  return n;
}"""

FRAMES = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(r))))"


def near(a, b, tol=24):
    return a is not None and sum(abs(x - y) for x, y in zip(a, b)) <= tol


def choose(page, shape, mask="", mask_text=None, join=False):
    page.page.select_option("#shape", shape)
    page.page.select_option("#mask", mask)
    if mask_text is not None:
        page.page.fill("#mask-text", mask_text)
    if mask:
        page.page.set_checked("#mask-join", join)
    else:
        page.js("() => { document.getElementById('mask-join').checked = false; }")


def shaped_generate(page, shape, slug, w, h, seed, mask=""):
    choose(page, shape, mask)
    if shape in DEPTH:
        page.fill(depth=DEPTH[shape])
    return page.generate(slug, w, h, seed)


def engine_maze(shape, slug, w, h, seed, mask=None):
    return Run.generate(slug, w, h, seed, shape, mask=mask, depth=DEPTH.get(shape)).finish()


def stairs_of(shape, w, h):
    """The passages between levels of a levels maze (none elsewhere): no side of a cell, so neither a
    wall nor a passage's mark is drawn at them (their open ones are ▲ ▼ on the cells, tests/test_page_worlds.py)."""
    return set(Maze.shaped(shape, w, h, "closed", depth=DEPTH.get(shape)).drawing().get("stairs", ()))


def check_marks_show(page, snap, stairs=()):
    """Every marked index (cell or passage; not a stair) but S and G differs on the canvas from the same index unmarked."""
    ps = [p for p, m in enumerate(snap["mark"]) if m and p != snap["start"] and p not in snap["goals"] and p not in stairs]
    got = page.js(SAMPLE, ps)
    bad = []
    for p, rgb in zip(ps, got):
        beneath = WALL if snap["wall"][p] else FLOOR
        if rgb is None or near(rgb, beneath):
            bad.append((p, events.MARK_NAMES[snap["mark"][p]], rgb))
    return bad


# (the shapes that wrap around with one pair each: tests/test_page_worlds.py walks them further)
CASES = [(shape, slug, solver) for shape in SHAPED for slug, solver in (("wilson", "astar"), ("dig", "wave"), ("prim", "bfs"))
         if shape in ("hex", "triangle", "polar") or slug == "wilson"]


@pytest.mark.parametrize("shape,slug,solver", CASES)
def test_the_page_draws_the_engines_maze_with_every_mark(page, shape, slug, solver):
    w, h = (6, 5) if shape == "polar" else (12, 9)
    snap = shaped_generate(page, shape, slug, w, h, 7)
    maze = engine_maze(shape, slug, w, h, 7)
    assert snap["geometry"] == "graph" and snap["wall"] == list(maze.wall)
    assert (snap["start"], snap["goals"]) == (maze.start, list(maze.goals))
    page.js(FRAMES)
    # S and G unmarked: solid in their colours.
    s_rgb, g_rgb = page.js(SAMPLE, [snap["start"], snap["goals"][0]])
    assert near(s_rgb, START) and near(g_rgb, GOAL), (s_rgb, g_rgb)
    # Every open cell is floor, every closed passage wall (at their centres).
    n = maze.lattice.n
    cells = page.js(SAMPLE, list(range(n)))
    floor = [p for p in range(n) if p != maze.start and p not in maze.goals]
    assert all(near(cells[p], FLOOR) for p in floor), [p for p in floor if not near(cells[p], FLOOR)][:5]
    stairs = stairs_of(shape, w, h)
    # (a weave maze: a closed tunnel is no wall, nothing is drawn; an open one cuts its mouth in the
    # walls it passes under, there at their centres)
    d = maze.drawing()
    tunnels = set(d.get("tunnels", ()))
    tunnels |= {c for j, t in enumerate(d.get("tunnels", ())) if not maze.wall[t] for c in d["covers"][2 * j:2 * j + 2]}
    tunnels |= set(d.get("diagonals", ()))  # (a zeta maze: a diagonal is no wall; an open one is a corridor, tests/test_page_zeta.py)
    closed = [p for p in range(n, len(maze.wall)) if maze.wall[p] and p not in tunnels and p not in stairs]
    walls = page.js(SAMPLE, closed)
    assert all(near(c, WALL, 60) for c in walls), [c for c in walls if not near(c, WALL, 60)][:5]
    # the outer walls are drawn whole: none of them is cut by the canvas's edge
    assert page.js(EDGE_DARK) == 0
    # thin text draws the shapes on a square grid only (pymaze.gridtext); the other text formats are off
    assert page.page.is_disabled("#export-thin") == (shape not in gridtext.SHAPES)
    assert page.page.is_disabled("#export-block") and page.page.is_disabled("#export-box")
    page.page.select_option("#solver", solver)
    snap = page.run("solve")
    page.js(FRAMES)
    assert any(snap["mark"]), "the solve left no mark"
    assert check_marks_show(page, snap, stairs) == []
    for end in [snap["start"], *snap["goals"]]:
        assert page.js(INKED, end) > 0, f"no letter drawn at {end}"
    assert page.errors() == []


@pytest.mark.parametrize("shape", SHAPED)
def test_marks_show_at_every_milestone_of_a_generation(page, shape):
    choose(page, shape)
    if shape in DEPTH:
        page.fill(depth=DEPTH[shape])
    page.page.select_option("#generator", "prim")
    page.fill(width=5 if shape == "polar" else 8, height=4 if shape == "polar" else 6, seed=3)
    page.speed(0)
    before = page.js("window.pymaze.runs")
    page.page.click("#generate")
    page.page.wait_for_function("n => window.pymaze.runs > n", arg=before)
    if page.js("window.pymaze.state") == "running":
        page.page.click("#pause")
    problems, stops = [], 0
    while stops < 60:
        page.page.click("#next")
        page.js(FRAMES)
        snap = page.snapshot()
        problems += check_marks_show(page, snap, stairs_of(shape, *((5, 4) if shape == "polar" else (8, 6))))
        stops += 1
        if snap["finished"] and snap["cursor"] >= snap["total"]:
            break
    assert stops > 3 and problems == []


def test_a_masked_maze_and_its_link_round_trip(page, browser, site_url):
    from tests.browser import Page
    text = "..XXXX..\n.XXXXXX.\nXXXXXXXX\nXXX..XXX\nXXXXXXXX\n.XXXXXX.\n..XXXX.."
    choose(page, "hex", "text", text)
    snap = page.generate("wilson", 8, 7, 11)
    maze = engine_maze("hex", "wilson", 8, 7, 11, masks.parse(text))
    assert snap["wall"] == list(maze.wall) and maze.lattice.n == text.count("X")
    page.js(FRAMES)
    link = page.js("location.hash")
    assert "shape=hex" in link and "mask=" in link
    other = Page(browser, site_url + link, {"width": 1000, "height": 700})
    try:
        other.wait_state("done")
        again = other.snapshot()
        assert again["wall"] == snap["wall"] and again["geometry"] == "graph"
        assert other.js("document.getElementById('shape').value") == "hex"
        assert other.js("document.getElementById('mask-text').value") == text
    finally:
        other.page.close()


@pytest.mark.parametrize("preset", masks.PRESETS)
def test_preset_masks_on_polar_and_triangle_equal_the_engines(page, preset):
    for shape, w, h in (("polar", 6, 6), ("triangle", 16, 12)):
        choose(page, shape, preset, join=True)
        snap = page.generate("kruskal", w, h, 2)
        size = (2 * h + 1, 2 * h + 1) if shape == "polar" else (w, h)
        maze = engine_maze(shape, "kruskal", w, h, 2, masks.preset(preset, *size, islands="join"))
        assert snap["wall"] == list(maze.wall)
    choose(page, "square")


def test_a_mask_that_falls_apart_says_so_and_the_page_stays_usable(page):
    choose(page, "hex", "text", "XX...XX\nXX...XX")
    page.page.select_option("#generator", "wilson")
    page.page.click("#generate")
    page.page.wait_for_function("document.getElementById('notice').hidden === false")
    assert "islands" in page.js("document.getElementById('notice-text').textContent")
    choose(page, "hex", "text", "XX...XX\nXX...XX", join=True)
    snap = page.generate("wilson", 7, 2, 1)
    assert snap["geometry"] == "graph"
    choose(page, "square")


def test_the_generator_list_offers_only_what_the_shape_takes(page):
    choose(page, "polar")
    offered = page.js("[...document.getElementById('generator').options].filter((o) => !o.disabled).map((o) => o.value)")
    expected = [slug for slug, a in pymaze.registry.generators().items() if "polar" in a.shapes]
    assert sorted(offered) == sorted(expected)
    choose(page, "square")


# --- play on hex: q w e a s d along open passages, bumps at walls ----------------------------------

HEX_KEYS = {"w": 0, "e": 1, "d": 2, "s": 3, "a": 4, "q": 5}  # _hex_nbrs order: N, NE, SE, S, SW, NW


def test_play_on_hex_moves_along_open_passages_and_bumps_walls(page):
    w, h, seed = 9, 7, 5
    snap = shaped_generate(page, "hex", "wilson", w, h, seed)
    maze = engine_maze("hex", "wilson", w, h, seed)
    lat, graph = maze.lattice, maze.to_networkx()
    raw_nbrs = _hex_nbrs(w, h)
    page.page.click("#mode-play")
    page.wait_state("walking")
    page.page.focus("#board")
    pos, rng, moved, bumped = snap["start"], random.Random(1), 0, 0
    for _ in range(60):
        if pos in maze.goals:
            break
        key = rng.choice("qweasd")
        k = raw_nbrs(lat.raw[pos])[HEX_KEYS[key]]
        q = lat._cell[k] if k >= 0 else -1
        expected = q if q >= 0 and graph.has_edge(pos, q) else pos
        page.page.keyboard.press(key)
        got = page.js("window.pymaze.snapshot().walk.pos")
        assert got == expected, f"key {key} from cell {pos}: page at {got}, open passages lead to {expected}"
        moved += expected != pos
        bumped += expected == pos
        pos = expected
    assert moved and bumped
    assert "q w e a s d" in page.js("document.getElementById('walk-hint').textContent")
    page.page.click("#mode-watch")


@pytest.mark.parametrize("shape", ["triangle", "polar"])
def test_a_tap_on_an_open_neighbour_moves_there(page, shape):
    snap = shaped_generate(page, shape, "dig", *((5, 4) if shape == "polar" else (10, 7)), 2)
    maze = engine_maze(shape, "dig", *((5, 4) if shape == "polar" else (10, 7)), 2)
    graph = maze.to_networkx()
    page.page.click("#mode-play")
    page.wait_state("walking")
    pos = snap["start"]
    for _ in range(8):
        nxt = sorted(graph.neighbors(pos))[-1]
        x, y = page.js("p => window.pymaze.squareCentre(p)", nxt)
        page.page.mouse.click(x, y)
        assert page.js("window.pymaze.snapshot().walk.pos") == nxt
        pos = nxt
        if pos in maze.goals:
            break
    page.page.click("#mode-watch")


def test_a_picture_becomes_the_mask_in_the_browser(page, tmp_path):
    """A picture chosen for the mask: its dark pixels are cells (one pixel per maze cell here, so the
    expected rows are the picture's own), and the maze built is the engine's on that mask."""
    from PIL import Image
    w, h = 14, 10
    img = Image.new("RGB", (w, h), "white")
    dark = {(x, y) for y in range(h) for x in range(w) if (x - 6.5) ** 2 / 49 + (y - 4.5) ** 2 / 25 <= 1 and x != 6}
    for x, y in dark:
        img.putpixel((x, y), (20, 20, 20))
    img.save(tmp_path / "shape.png")
    choose(page, "hex")
    page.fill(width=w, height=h)
    page.page.select_option("#mask", "text")
    page.page.fill("#mask-text", "")
    page.page.set_input_files("#mask-file", str(tmp_path / "shape.png"))
    page.page.wait_for_function("document.getElementById('mask-text').value.length > 0")
    text = page.js("document.getElementById('mask-text').value")
    assert text == "\n".join("".join("X" if (x, y) in dark else "." for x in range(w)) for y in range(h))
    page.page.set_checked("#mask-join", True)
    snap = page.generate("wilson", w, h, 3)
    assert snap["wall"] == list(engine_maze("hex", "wilson", w, h, 3, masks.parse(text, "join")).wall)
    choose(page, "square")
