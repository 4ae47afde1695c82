"""Edit on the passages with no side, in the real page: on a maze of levels a press on a cell's
middle opens or closes its stair (▼ right, ▲ left), the marks come and go on both levels, the
engine's maze then has it (Solve equals networkx's shortest path, Play climbs it, the link carries
it to a phone's page, where the levels are laid out anew); on a weave maze a press on a cell's middle
opens or closes the tunnel under it where the weave rule allows (checked here from the cells' grid
positions alone), and says why where it does not, changing nothing."""

import networkx as nx
import pytest

import pymaze
from pagekit import FRAMES, SAMPLE, centre, edit, graph_of, shortest, solve_bfs

pytestmark = pytest.mark.browser

STAIR = (0x7B, 0x4F, 0xA0)


def choose(page, shape):
    page.page.select_option("#shape", shape)
    page.page.select_option("#mask", "")


def stats(page):
    return page.js("document.getElementById('stats').textContent")


def said(page, *texts):
    """Wait (up to 5 s: the stats line follows at the next frame) until the stats line holds one of
    ``texts``; that one."""
    page.page.wait_for_function("ts => ts.some((t) => document.getElementById('stats').textContent.includes(t))",
                                arg=list(texts), timeout=5000)
    return next(t for t in texts if t in stats(page))


def changed(a, b):
    return [i for i in range(len(a)) if a[i] != b[i]]


def purple(px):
    return sum(abs(a - b) for a, b in zip(px, STAIR)) < 60


W, H, D = 5, 4, 3


def where(p):
    """Cell p of an unmasked W x H x D levels maze as (x, y, level), by the row-major rule."""
    return p % W, p // W % H, p // (W * H)


def test_levels_a_press_on_a_cells_middle_opens_its_stair_which_solve_play_and_the_link_take(page, browser, site_url):
    from tests.browser import Page
    choose(page, "levels")
    page.fill(depth=D)
    page.generate("dig", W, H, 3)
    before = edit(page)
    wall, s, g = before["wall"], before["start"], before["goals"][0]
    candidates = pymaze.lattice("levels", W, H, depth=D)
    stairs = [(a, b, v) for a, b, v in candidates.edges(data="via") if where(a)[2] != where(b)[2]]
    assert all(where(a)[:2] == where(b)[:2] and abs(where(a)[2] - where(b)[2]) == 1 for a, b, _ in stairs)
    G0 = graph_of(candidates, wall)
    # The closed stair whose opening shortens S-G most, away from S and G (a press there drags them).
    a, b, v = min(((min(a, b), max(a, b), v) for a, b, v in stairs if wall[v] and not {a, b} & {s, g}),
                  key=lambda e: (shortest(nx.Graph([*G0.edges, e[:2]]), s, g), e[2]))
    G1 = graph_of(candidates, [0 if i == v else x for i, x in enumerate(wall)])
    assert shortest(G1, s, g) < shortest(G0, s, g)
    (ux, uy), (bx, by) = centre(page, a), centre(page, b)
    unit = centre(page, 1)[0] - centre(page, 0)[0]
    marks = [(ux + 0.2 * unit, uy - 0.02 * unit), (bx - 0.2 * unit, by + 0.02 * unit)]  # ▼ above, ▲ below
    assert not any(purple(px) for px in page.js(SAMPLE, marks)), "a closed stair has no marks"
    page.page.mouse.click(ux + 0.15 * unit, uy + 0.05 * unit)  # the upper cell's middle, right half: its stair down
    snap = page.snapshot()
    assert changed(wall, snap["wall"]) == [v] and snap["wall"][v] == 0
    said(page, f"stair opened at ({where(a)[0]}, {where(a)[1]}) between level {where(a)[2] + 1}")
    page.js(FRAMES)
    assert all(purple(px) for px in page.js(SAMPLE, marks)), "the stair's marks show on both levels at once"
    link = page.js("location.hash")
    assert "shape=levels" in link and "edit=" in link
    # Solve: the engine's maze has the stair (the solved maze comes back from it); bfs equals networkx.
    solved = solve_bfs(page)
    assert solved["wall"][v] == 0 and solved["routeLength"] == shortest(G1, s, g)
    # Play: the shortest route climbs the new stair (opening it shortened every S-G route).
    route = nx.shortest_path(G1, s, g)
    assert {a, b} <= set(route)
    page.page.click("#mode-play")
    page.wait_state("walking")
    page.page.focus("#board")
    keys = {(0, -1): "ArrowUp", (1, 0): "ArrowRight", (0, 1): "ArrowDown", (-1, 0): "ArrowLeft"}
    for p, q in zip(route, route[1:]):
        (px, py, pz), (qx, qy, qz) = where(p), where(q)
        page.page.keyboard.press(keys[qx - px, qy - py] if pz == qz else "PageDown" if qz > pz else "PageUp")
        assert page.js("window.pymaze.snapshot().walk.pos") == q, f"from {where(p)} to {where(q)}"
    page.page.click("#mode-watch")
    # The stair keys in Edit: PageUp closes the stair up of the cell under the pointer (b's: the new one).
    edit(page)
    page.page.mouse.move(bx - 0.4 * unit, by + 0.4 * unit)  # (b, near its corner: the pointer's cell)
    page.page.keyboard.press("PageUp")
    assert changed(wall, page.snapshot()["wall"]) == []
    said(page, "stair closed")
    top = next(p for p in range(W * H) if p not in (s, g))
    page.page.mouse.move(*(c + 0.4 * unit for c in centre(page, top)))
    page.page.keyboard.press("<")
    said(page, "has no stair up: it is on the top level")
    assert changed(wall, page.snapshot()["wall"]) == []
    page.page.keyboard.press("Control+z")  # the stair open again, as the link has it
    assert changed(wall, page.snapshot()["wall"]) == [v]
    page.page.wait_for_function("!document.getElementById('stats').textContent.includes('stair')")  # (no longer true)
    # A click (no drag) on S's middle takes S's stair down (S is on the top level); a drag moves S.
    down = next(u for a2, b2, u in stairs if s in (a2, b2))
    sx, sy = centre(page, s)
    page.page.mouse.click(sx + 0.15 * unit, sy)
    clicked = page.snapshot()
    assert changed(wall, clicked["wall"]) == sorted([v, down]) and clicked["start"] == s
    page.page.keyboard.press("Control+z")
    assert changed(wall, page.snapshot()["wall"]) == [v]
    assert page.errors() == []
    page.page.click("#mode-watch")
    # The link on a phone: the levels laid out for its board, the stair open; a press on the lower
    # cell's middle, left half (its ▲), closes it there.
    other = Page(browser, site_url + link, {"width": 390, "height": 844}, open_sheet=False)
    try:
        other.page.wait_for_function("(s => s.mode === 'edit' && !s.busy && s.origin === 'edited')"
                                     "(window.pymaze.snapshot())", timeout=60000)
        assert other.snapshot()["wall"] == page.snapshot()["wall"]
        (ax2, ay2), (bx2, by2) = centre(other, a), centre(other, b)
        assert bx2 > ax2 + 1 or by2 > ay2 + 1, "the lower level right of the upper one, or under it"
        u2 = centre(other, 1)[0] - centre(other, 0)[0]
        other.page.mouse.click(bx2 - 0.15 * u2, by2 - 0.05 * u2)
        assert changed(page.snapshot()["wall"], other.snapshot()["wall"]) == [v]
        said(other, "stair closed")
        assert other.errors() == []
    finally:
        other.page.close()
    # An engine that crashes gets the edited maze back (its depth with it), the stair open.
    page.js("window.pymaze.crashEngine()")
    page.page.wait_for_selector("#notice:not([hidden])")
    page.page.wait_for_function("() => { const s = window.pymaze.snapshot();"
                                " return s.state === 'done' && s.notice === '' && !s.busy; }", timeout=90000)
    again = solve_bfs(page)
    assert again["wall"][v] == 0 and again["routeLength"] == shortest(G1, s, g)
    choose(page, "square")


WW, WH = 9, 7


def tunnel_faults(wall, candidates):
    """Each open tunnel whose middle cell's open passages are not exactly the two straight across it,
    by the cells' grid positions (row-major, unmasked) alone."""
    G = graph_of(candidates, wall)
    under = {frozenset((a, b)) for a, b, d in candidates.edges(data=True) if d.get("under") and not wall[d["via"]]}
    faults = []
    for t in under:
        a, b = sorted(t)
        m = (a + b) // 2                              # (two apart in a row or a column: the middle cell)
        (ax, ay), (mx, my) = (a % WW, a // WW), (m % WW, m // WW)
        across = {(mx + (my - ay), my + (mx - ax)), (mx - (my - ay), my - (mx - ax))}
        mine = {(q % WW, q // WW) for q in G[m]}
        if mine != across or any(frozenset((m, q)) in under for q in G[m]):
            faults.append((a, b, m))
    return faults


def at(p):
    """Cell p of the unmasked WW x WH weave maze named as the page names it: its grid position (x, y)."""
    return f"({p % WW}, {p // WW})"


def test_weave_a_press_on_a_cells_middle_opens_a_tunnel_under_it_where_the_rule_allows(page):
    choose(page, "weave")
    page.generate("dig", WW, WH, 2)
    before = edit(page)
    wall, s, g = before["wall"], before["start"], before["goals"][0]
    candidates = pymaze.lattice("weave", WW, WH)
    assert tunnel_faults(wall, candidates) == []
    G0 = graph_of(candidates, wall)
    tunnels = {(a, b): d["via"] for a, b, d in candidates.edges(data=True) if d.get("under")}
    open_under = {(a + b) // 2 for (a, b), v in tunnels.items() if not wall[v]}

    def straight(m):
        """The tunnel across cell m's corridor, if m's open passages run straight across it, else None."""
        q = sorted(G0[m])
        if len(q) != 2 or q[1] - q[0] not in (2, 2 * WW) or m in open_under:
            return None
        t = (m - WW, m + WW) if q[1] - q[0] == 2 else (m - 1, m + 1)
        if t not in tunnels or {m, *t} & {s, g} or set(t) & open_under:
            return None
        return tunnels[t]
    m, t = next((m, straight(m)) for m in range(WW * WH) if straight(m) is not None)
    x, y = centre(page, m)
    page.page.mouse.click(x, y)
    snap = page.snapshot()
    assert changed(wall, snap["wall"]) == [t]
    said(page, f"tunnel opened under cell {at(m)}")
    assert tunnel_faults(snap["wall"], candidates) == []
    opened = snap["wall"]
    # The corridor over it stays: a press on its side is refused, and says why.
    over = sorted(G0[m])[0]
    ox, oy = centre(page, over)
    page.page.mouse.click((x + ox) / 2, (y + oy) / 2)
    assert changed(opened, page.snapshot()["wall"]) == []
    said(page, *(f"cell {at(c)} has a tunnel under it" for c in {m, over} & (open_under | {m})))
    # A cell that is a dead end, a turn or a junction: no tunnel under it, and the stats line says so.
    bad = next(c for c in range(WW * WH) if c not in (s, g) and 0 < c % WW < WW - 1 and 0 < c // WW < WH - 1
               and len(G0[c]) != 2 and not {c, c - 1, c + 1, c - WW, c + WW} & (open_under | {m}))
    page.page.mouse.click(*centre(page, bad))
    assert changed(opened, page.snapshot()["wall"]) == []
    said(page, f"a tunnel runs only under a straight corridor across it; cell {at(bad)} is ")
    assert tunnel_faults(page.snapshot()["wall"], candidates) == []
    # Solve takes the tunnel as one move: bfs equals networkx on the edited maze.
    solved = solve_bfs(page)
    assert solved["wall"] == opened
    assert solved["routeLength"] == shortest(graph_of(candidates, opened), s, g)
    # Back in Edit: the same press closes the tunnel.
    edit(page)
    page.page.mouse.click(x, y)
    assert changed(opened, page.snapshot()["wall"]) == [t]
    said(page, "tunnel closed")
    # Clear: every passage open but the tunnels (all of them open would break the rule everywhere).
    page.page.click("#edit-clear")
    cleared = page.snapshot()["wall"]
    assert all(cleared[d["via"]] == (1 if d.get("under") else 0) for _, _, d in candidates.edges(data=True))
    page.page.wait_for_function("window.pymaze.snapshot().origin === 'edited' && !window.pymaze.snapshot().busy")
    solved = solve_bfs(page)
    assert solved["notice"] == "" and solved["wall"] == cleared
    assert solved["routeLength"] == (WW - 1) + (WH - 1)
    assert page.errors() == []
    choose(page, "square")
