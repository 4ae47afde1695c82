"""Zeta mazes in the real page: picked from the shape chooser, generated and solved as the engine
does; every open diagonal drawn as a corridor through its corner (floor where the walls met, a
rail in the wall colour across each cell beside it); Play walks the diagonals with q e z c and the
arrows, every press landing where the open passages say; Edit opens a diagonal by its corner, never
one across an open diagonal.  (The Pyodide streams and every mark on the canvas: tests/test_page_geometry.py.)"""

import random

import networkx as nx
import pytest

import pymaze
from pymaze import zeta
from pymaze.run import Run
from pagekit import FRAMES, SAMPLE

pytestmark = pytest.mark.browser

W, H = 10, 7
WALL, FLOOR = (0x1e, 0x29, 0x3b), (255, 255, 255)



def near(a, b, tol=40):
    return sum(abs(x - y) for x, y in zip(a, b)) <= tol


def choose(page):
    page.page.select_option("#shape", "zeta")
    page.page.select_option("#mask", "")


def open_diagonals(maze):
    """Each open diagonal passage: (via, its corner in cells, its two cells as (x, y), upper first)."""
    lat, out = maze.lattice, []
    for k in range(lat.m):
        a, b = lat.ends[2 * k], lat.ends[2 * k + 1]
        (ax, ay), (bx, by) = maze.node_xy(a), maze.node_xy(b)
        if ax != bx and ay != by and not maze.wall[lat.n + k]:
            out.append((lat.n + k, (max(ax, bx), by), ((ax, ay), (bx, by))))
    return out


def client(page, via, dx, dy):
    """The client point (dx, dy) cells from the corner of diagonal passage ``via`` (its centre on the
    page: the test hook's squareCentre), the cell's size read from two side neighbours' centres."""
    centre = lambda p: page.js("p => window.pymaze.squareCentre(p)", p)  # noqa: E731
    unit = centre(1)[0] - centre(0)[0]
    x, y = centre(via)
    return x + dx * unit, y + dy * unit


def test_zeta_is_picked_generated_solved_and_its_diagonals_drawn_as_corridors(page):
    choose(page)
    snap = page.generate("wilson", W, H, 5)
    engine = Run.generate("wilson", W, H, 5, "zeta").finish()
    assert snap["geometry"] == "graph" and snap["wall"] == list(engine.wall)
    G = engine.to_networkx()
    page.page.select_option("#solver", "bfs")
    snap = page.run("solve")
    assert snap["routeLength"] == nx.shortest_path_length(G, engine.start, engine.goal)
    page.js(FRAMES)
    assert f"A zeta maze of {W * H} cells" in page.page.get_attribute("#board", "aria-label")
    diagonals = open_diagonals(engine)
    assert len(diagonals) >= 5
    cut = zeta.CUT
    points, kinds = [], []
    for via, _, ((ax, ay), (bx, by)) in diagonals:
        sx = 1 if bx > ax else -1  # the corridor runs (sx, 1) from the upper cell
        points.append(client(page, via, 0.03 * sx, 0.03))              # in the corridor, at the corner
        kinds.append("floor")
        points.append(client(page, via, cut / 2 * sx, -cut / 2))       # on a rail, across the cell beside it
        kinds.append("wall")
    got = page.js(SAMPLE, points)
    bad = [(p, k, c) for p, k, c in zip(points, kinds, got) if near(c, WALL) != (k == "wall")]
    assert not bad, bad[:5]
    assert page.errors() == []


def test_play_walks_the_diagonals_with_q_e_z_c_and_the_arrows(page):
    choose(page)
    maze = Run.generate("dig", W, H, 3, "zeta").finish()
    G = maze.to_networkx()
    snap = page.generate("dig", W, H, 3)
    assert snap["wall"] == list(maze.wall)
    page.page.click("#mode-play")
    page.wait_state("walking")
    page.page.focus("#board")
    xy = {p: maze.node_xy(p) for p in G}
    at = {v: k for k, v in xy.items()}
    strict = {"q": (-1, -1), "e": (1, -1), "z": (-1, 1), "c": (1, 1)}
    arrows = {"ArrowUp": (0, -1), "ArrowRight": (1, 0), "ArrowDown": (0, 1), "ArrowLeft": (-1, 0)}

    def lands(pos, key):
        """Where a press of ``key`` at cell ``pos`` goes by the open passages (None: either of two)."""
        (x, y) = xy[pos]
        if key in strict:
            q = at.get((x + strict[key][0], y + strict[key][1]))
            return q if q is not None and G.has_edge(pos, q) else pos
        dx, dy = arrows[key]
        q = at.get((x + dx, y + dy))
        if q is not None and G.has_edge(pos, q):
            return q
        sides = [at.get((x + dx + dy, y + dy + dx)), at.get((x + dx - dy, y + dy - dx))]  # the diagonals 45 degrees off
        open_ = [q for q in sides if q is not None and G.has_edge(pos, q)]
        return pos if not open_ else open_[0] if len(open_) == 1 else None

    route = nx.shortest_path(G, maze.start, maze.goal)
    presses = []
    for p, q in zip(route, route[1:]):
        d = (xy[q][0] - xy[p][0], xy[q][1] - xy[p][1])
        presses.append(next(k for k, v in {**strict, **arrows}.items() if v == d))
    rng = random.Random(4)
    keys = list(strict) + list(arrows)
    presses = presses[:len(presses) // 2] + [rng.choice(keys) for _ in range(40)]
    pos, diagonal = snap["start"], 0
    for key in presses:
        expected = lands(pos, key)
        if expected is None:
            continue  # (an arrow between two open diagonals: the page picks one; not pressed here)
        page.page.keyboard.press(key)
        got = page.js("window.pymaze.snapshot().walk.pos")
        assert got == expected, f"{key} from {xy[pos]}: page at {got}, the passages lead to {expected}"
        diagonal += xy[pos][0] != xy[got][0] and xy[pos][1] != xy[got][1]
        pos = got
        if pos == maze.goal:
            break
    assert diagonal >= 3, "walked few diagonals"
    assert "q e z c" in page.page.inner_text("body")
    page.page.click("#mode-watch")
    assert page.errors() == []


def test_edit_opens_a_diagonal_by_its_corner_but_never_across_an_open_one(page):
    choose(page)
    page.generate("wilson", W, H, 5)
    maze = Run.generate("wilson", W, H, 5, "zeta").finish()
    lat = maze.lattice
    page.page.keyboard.press("e")
    page.wait_state("editing")
    page.page.wait_for_function("!window.pymaze.snapshot().busy")
    before = page.snapshot()["wall"]
    via, _, ((ax, ay), (bx, by)) = open_diagonals(maze)[0]
    crossing = lat.cross[via - lat.n]
    assert crossing >= 0 and before[crossing] == 1
    sx = 1 if bx > ax else -1
    upper, beside = (-0.04 * sx, -0.04), (0.04 * sx, -0.04)  # inside the upper cell, and the one beside it, at the corner

    def press(dx, dy):
        page.page.mouse.click(*client(page, via, dx, dy))
        return page.snapshot()["wall"]

    def changed(a, b):
        return [i for i in range(len(a)) if a[i] != b[i]]

    wall = press(*upper)      # the open diagonal closes (the side walls by the corner stay as they were)
    assert changed(before, wall) == [via]
    opened = press(*beside)   # the other diagonal of the block, from the cell beside: it opens
    assert changed(wall, opened) == [crossing]
    again = press(*upper)     # and with it open, the first one never opens again across it
    assert changed(opened, again) == []
    page.page.wait_for_function("document.getElementById('stats').textContent.includes('never opens across')")
    press(*beside)            # a press that changes something clears the notice
    page.page.wait_for_function("!document.getElementById('stats').textContent.includes('never opens across')")
    page.page.click("#mode-watch")
    assert page.errors() == []


def test_a_zeta_link_rebuilds_the_maze_with_a_mask(page, browser, site_url):
    from tests.browser import Page
    page.page.select_option("#shape", "zeta")
    page.page.select_option("#mask", "heart")
    page.page.select_option("#generator", "kruskal")
    snap = page.generate("kruskal", 12, 10, 6)
    page.js(FRAMES)
    link = page.js("location.hash")
    assert "shape=zeta" in link and "mask=heart" in link and "gen=kruskal" in link
    other = Page(browser, site_url + link, {"width": 390, "height": 844})
    try:
        other.wait_state("done")
        again = other.snapshot()
        assert again["wall"] == snap["wall"] and again["geometry"] == "graph"
        assert other.js("document.getElementById('shape').value") == "zeta"
        assert other.errors() == []
    finally:
        other.page.close()
    page.page.select_option("#mask", "")
