"""Edit mode on hex, triangle and polar mazes in the real page: a real press on the side two cells
share opens or closes that passage, a real drag moves S, and bfs then finds networkx's shortest
path on the edited graph (built from the library's lattice and the page's passages); undo gives
the maze back; an edited maze's link rebuilds it in another page."""

import networkx as nx
import pytest

import pymaze
from pymaze import events, masks
from pymaze.graph import Lattice
from pagekit import centre, edit, graph_of, shortest, solve_bfs

pytestmark = pytest.mark.browser

ROUTE = events.M_ROUTE


def choose(page, shape, mask=""):
    page.page.select_option("#shape", shape)
    page.page.select_option("#mask", mask)


def between(page, a, b):
    """The client point halfway between the centres of cells a and b (on the side they share)."""
    (ax, ay), (bx, by) = centre(page, a), centre(page, b)
    return (ax + bx) / 2, (ay + by) / 2


def route_checks(page, G, snap, n):
    """The page's bfs route (cells marked route) is a shortest S-G path of G."""
    want = shortest(G, snap["start"], snap["goals"][0])
    route = [p for p in range(n) if snap["mark"][p] == ROUTE]
    assert want is not None and snap["routeLength"] == want and len(route) == want + 1
    assert snap["start"] in route and snap["goals"][0] in route
    assert nx.shortest_path_length(G.subgraph(route), snap["start"], snap["goals"][0]) == want


@pytest.mark.parametrize("shape, w, h", [("hex", 9, 7), ("polar", 6, 5), ("triangle", 14, 8)])
def test_press_toggles_a_passage_drag_moves_s_and_bfs_runs_on_the_edit(page, shape, w, h):
    choose(page, shape)
    page.generate("wilson", w, h, 7)
    candidates = pymaze.lattice(shape, w, h)
    n = candidates.number_of_nodes()
    before = edit(page)
    assert before["mode"] == "edit" and before["geometry"] == "graph" and before["notice"] == ""
    assert "square" not in before["message"]
    # (the stats line follows at the next frame, which a busy machine draws late)
    page.page.wait_for_function("t => document.getElementById('stats').textContent.includes(t)", arg=f"{shape} maze")
    wall, s, g = before["wall"], before["start"], before["goals"][0]
    G0 = graph_of(candidates, wall)
    # The closed passage whose opening shortens S-G most: opened by a press on its side.
    a, b, v = min(((a, b, v) for a, b, v in candidates.edges(data="via") if wall[v]),
                  key=lambda e: (shortest(_with(G0, e[0], e[1]), s, g), e[2]))
    page.page.mouse.click(*between(page, a, b))
    snap = page.snapshot()
    assert [i for i in range(len(wall)) if snap["wall"][i] != wall[i]] == [v]
    assert snap["origin"] == "edited" and snap["notice"] == ""
    # S dragged to the cell next to G's farthest cell from it: a real press, moves and release.
    far = max((c for c in range(n) if c != g), key=lambda c: (shortest(G0, g, c) or 0, -c))
    page.page.mouse.move(*centre(page, s))
    page.page.mouse.down()
    page.page.mouse.move(*centre(page, far), steps=6)
    page.page.mouse.up()
    moved = page.snapshot()
    assert moved["start"] == far and moved["wall"] == snap["wall"]
    # (the cell named by its grid position, as the library's Lattice.position gives it: (i, ring) on polar;
    # the stats line follows at the next frame)
    at = Lattice(shape, w, h).position(far)
    page.page.wait_for_function("t => document.getElementById('stats').textContent.includes(t)",
                                arg=f"S ({', '.join(map(str, at))})")
    stats = page.js("document.getElementById('stats').textContent")
    assert "cell" not in stats.split("·")[1], stats
    G1 = graph_of(candidates, moved["wall"])
    assert shortest(G1, s, g) < shortest(G0, s, g)  # the opened passage is a short cut
    route_checks(page, G1, solve_bfs(page), n)
    # Back in Edit, undo twice: the maze as generated, which bfs solves as networkx says.
    edit(page)
    page.page.keyboard.press("Control+z")
    page.snapshot()
    page.page.keyboard.press("Control+z")
    undone = page.snapshot()
    assert undone["wall"] == wall and undone["start"] == s and undone["goals"] == [g]
    route_checks(page, G0, solve_bfs(page), n)
    assert page.errors() == []


def _with(G, a, b):
    H = G.copy()
    H.add_edge(a, b)
    return H


def test_an_edited_hex_mazes_link_rebuilds_it_in_another_page(page, browser, site_url):
    """On a masked hex maze (a preset circle): the engine's lattice is the mask's, and the link holds both."""
    from tests.browser import Page
    choose(page, "hex", "circle")
    page.generate("kruskal", 10, 8, 3)
    before = edit(page)
    candidates = pymaze.lattice("hex", 10, 8, masks.preset("circle", 10, 8))
    assert len(before["wall"]) == candidates.number_of_nodes() + candidates.number_of_edges()
    a, b, v = next((a, b, v) for a, b, v in candidates.edges(data="via") if before["wall"][v])
    page.page.mouse.click(*between(page, a, b))
    page.snapshot()
    g, target = before["goals"][0], next(c for c in (5, 6, 7) if c != before["start"])
    page.page.mouse.move(*centre(page, g))
    page.page.mouse.down()
    page.page.mouse.move(*centre(page, target), steps=5)
    page.page.mouse.up()
    page.page.select_option("#edit-brush", "7")  # a weight on a cell travels too
    page.page.mouse.click(*centre(page, 20))
    page.page.select_option("#edit-brush", "0")
    edited = page.snapshot()
    assert edited["wall"][v] == 0 and edited["goals"] == [target] and edited["weight"][20] == 7
    # the ends named by their place in the unmasked grid (a masked maze's cell numbers skip the cells cut off)
    at = Lattice("hex", 10, 8, masks.preset("circle", 10, 8)).position(target)
    assert at != (target % 10, target // 10)
    page.page.wait_for_function("t => document.getElementById('stats').textContent.includes(t)", arg=f"G ({at[0]}, {at[1]})")
    link = page.js("location.hash")
    assert "shape=hex" in link and "mask=circle" in link and "edit=" in link and "ew=" in link and len(link) < 220
    choose(page, "square")  # the module's page as it was
    other = Page(browser, site_url + link, {"width": 1000, "height": 700})
    try:
        other.page.wait_for_function("(s => s.mode === 'edit' && !s.busy && s.origin === 'edited')"
                                     "(window.pymaze.snapshot())", timeout=60000)
        again = other.snapshot()
        assert (again["wall"], again["start"], again["goals"], again["weight"]) == \
            (edited["wall"], edited["start"], edited["goals"], edited["weight"])
        assert again["notice"] == "" and other.js("location.hash") == link
        solved = other.run("solve")
        route_checks(other, graph_of(candidates, edited["wall"]), solved, candidates.number_of_nodes())
    finally:
        other.page.close()
