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
