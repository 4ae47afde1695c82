"""The Race view in Chromium: each board against the engine's own single run in CPython, lockstep
by milestones, back and forth, links and reloads, generator races, hex and polar races with masks
and racers' own options, bad race links."""

from urllib.parse import parse_qs

import pytest

import pymaze
from browser import Page
from pymaze import Run, apply, masks
from pymaze.events import MILESTONE
from test_plugins import AUTHORED as PLUGIN  # a generator (au-back) and a solver (au-dfs)

SOLVERS = "gen=dig&g.loops=0.2&w=24&h=16&seed=5&race=solve&r=astar,bfs,greedy"
GENERATORS = "gen=dig&w=14&h=9&seed=4&race=generate&r=kruskal,dig,wilson,prim"
END = 10 ** 9


def shape_of(q):
    """The shape and mask (a ``pymaze.masks`` preset, at the size the page draws it) a link names."""
    shape, w, h = q.get("shape", "square"), int(q["w"]), int(q["h"])
    if "mask" not in q:
        return shape, None
    side = (2 * h + 1, 2 * h + 1) if shape == "polar" else (w, h)
    return shape, masks.preset(q["mask"], *side, "error")


def maze_of(fragment):
    """The maze a solver race's link names, made in CPython (generator options from ``g.``)."""
    q = {k: v[0] for k, v in parse_qs(fragment).items()}
    options = {k[2:]: float(v) for k, v in q.items() if k.startswith("g.")}
    shape, mask = shape_of(q)
    return pymaze.generate(q.get("gen", "dig"), int(q["w"]), int(q["h"]), seed=int(q["seed"]), shape=shape,
                           mask=mask, **options), q


def racer_runs(fragment):
    """Each racer of the link as a fresh CPython Run (solvers on the block view when they need it),
    with its own options (``r0.weight=2``: racer 0's weight)."""
    maze, q = maze_of(fragment)
    shape, mask = shape_of(q)
    runs = []
    for i, slug in enumerate(q["r"].split(",")):
        own = {k.split(".", 1)[1]: v for k, v in q.items() if k.startswith(f"r{i}.")}
        if q["race"] == "generate":
            runs.append(Run.generate(slug, int(q["w"]), int(q["h"]), int(q["seed"]), shape=shape, mask=mask, **own))
        else:
            algo = pymaze.registry.get("solver", slug)
            m = maze.as_block() if "thin" not in algo.geometries else maze
            runs.append(Run.solve(slug, m, int(q["seed"]), **own))
    return runs


def cursor_at(events, tick):
    """Where a racer stands after ``tick`` ticks: just after its tick-th milestone, all of it after its last."""
    ends = [i + 1 for i in range(len(events) // 4) if events[4 * i] & MILESTONE]
    return 0 if tick <= 0 else len(events) // 4 if tick >= len(ends) else ends[tick - 1]


def square_again(page):
    """The module's page goes on with square mazes and no mask (a link without them keeps the fields)."""
    page.js("() => { for (const [id, v] of [['shape', 'square'], ['mask', '']]) {"
            " const s = document.getElementById(id); s.value = v; s.dispatchEvent(new Event('change')); } }")


def open_race(page, fragment):
    """Point the open page at a race link and wait until that race is shown; its snapshot."""
    before = page.js("window.pymaze.race().started")
    page.js("f => { location.hash = f; }", fragment)
    page.page.wait_for_function("n => window.pymaze.race().started > n", arg=before, timeout=90000)
    return page.js("window.pymaze.race()")


def click(page, button, times=1):
    """Click a race button and wait for the tick it asks for to be shown."""
    for _ in range(times):
        want = page.js("b => { const r = window.pymaze.race(); return {'race-step': r.tick + 1,"
                       " 'race-back': r.tick - 1, 'race-reset': 0}[b]; }", button)
        page.page.click(f"#{button}")
        if want is not None:
            page.page.wait_for_function("t => window.pymaze.race().tick === t", arg=want)
    return page.js("window.pymaze.race()")


@pytest.fixture(scope="module")
def race_page(page):
    """The module's page at a laptop's 1280 x 800."""
    page.page.set_viewport_size({"width": 1280, "height": 800})
    return page


@pytest.mark.parametrize("fragment", [SOLVERS, "gen=kruskal&w=12&h=10&seed=2&race=solve&r=dfs,wave,jps,dijkstra",
                                      "gen=dig&g.loops=0.5&w=20&h=12&seed=9&race=solve&r=bibfs,wall"])
def test_each_solver_board_ends_as_the_single_run(race_page, fragment):
    snap = open_race(race_page, f"{fragment}&tick={END}")
    assert snap["over"] and not race_page.errors()
    maze, q = maze_of(fragment)
    for board, run in zip(snap["boards"], racer_runs(fragment), strict=True):
        final = run.finish()
        assert board["slug"] == run.algorithm.slug
        assert (board["wall"], board["mark"], board["num"]) == (list(final.wall), list(final.mark), list(final.num))
        single = pymaze.solve(run.initial, run.algorithm.slug, seed=int(q["seed"]))
        assert board["found"] == (single.moves if single.found else None)
        assert board["visited"] == single.visited
        if single.found:
            assert board["counts"]["route"] == f"{single.moves:,}"
    assert snap["summary"]  # the line at the end


def test_boards_move_in_lockstep_by_milestones(race_page):
    runs = racer_runs(SOLVERS)
    events = [r.events() for r in runs]
    for tick in (0, 1, 7, 60, 150):
        snap = open_race(race_page, f"{SOLVERS}&tick={tick}")
        assert snap["tick"] == tick
        for board, run, ev in zip(snap["boards"], runs, events, strict=True):
            at = cursor_at(ev, tick)
            assert board["cursor"] == at, (board["slug"], tick)
            state = apply(run.initial.copy(), ev[:4 * at])  # the engine's own events replayed in CPython
            assert board["mark"] == list(state.mark) and board["wall"] == list(state.wall)
    # Stepping: each click moves every unfinished racer past one more milestone.
    snap = click(race_page, "race-step", 3)
    assert snap["tick"] == 153
    assert [b["cursor"] for b in snap["boards"]] == [cursor_at(ev, 153) for ev in events]


def test_a_racer_that_finished_waits_at_its_end_and_finish_order_follows_the_work(race_page):
    runs = racer_runs(SOLVERS)
    events = [r.events() for r in runs]
    ends = [max(1, sum(1 for i in range(len(ev) // 4) if ev[4 * i] & MILESTONE)) for ev in events]
    snap = open_race(race_page, f"{SOLVERS}&tick={END}")
    assert snap["end"] == snap["tick"] == max(ends)
    assert [b["finish"] for b in snap["boards"]] == ends
    assert all(b["cursor"] == b["total"] == len(ev) // 4 for b, ev in zip(snap["boards"], events))
    order = sorted(ends)
    for board, end in zip(snap["boards"], ends):
        assert board["place"].startswith(["1st", "2nd", "3rd", "4th"][order.index(end)])
    # "Finish" jumps land on each racer's finish tick, from the start.
    click(race_page, "race-reset")
    seen = []
    while not race_page.js("window.pymaze.race().over"):
        before = race_page.js("window.pymaze.race().tick")
        race_page.page.click("#race-next")
        race_page.page.wait_for_function("t => window.pymaze.race().tick > t", arg=before)
        seen.append(race_page.js("window.pymaze.race().tick"))
    assert seen == sorted(set(ends))


def test_back_then_forward_returns_to_the_same_state(race_page):
    open_race(race_page, f"{SOLVERS}&tick=40")
    start = race_page.js("window.pymaze.race()")
    click(race_page, "race-back", 5)
    back = race_page.js("window.pymaze.race()")
    assert back["tick"] == 35 and back["boards"] != start["boards"]
    again = click(race_page, "race-step", 5)
    assert again["boards"] == start["boards"]
    # Back to the start is the maze before any event; the back buttons are off there.
    first = click(race_page, "race-reset")
    assert all(b["cursor"] == 0 for b in first["boards"])
    assert race_page.js("document.getElementById('race-back').disabled")


def test_running_keeps_the_boards_in_lockstep(race_page):
    events = [r.events() for r in racer_runs(SOLVERS)]
    open_race(race_page, f"{SOLVERS}&tick=0")
    race_page.js("() => { const s = document.getElementById('race-speed'); s.value = 40; s.dispatchEvent(new Event('input')); }")
    race_page.page.click("#race-play")
    race_page.page.wait_for_function("window.pymaze.race().tick > 20")
    race_page.page.click("#race-play")  # pause
    snap = race_page.js("window.pymaze.race()")
    assert not snap["running"] and 0 < snap["tick"] < snap["end"]
    assert [b["cursor"] for b in snap["boards"]] == [cursor_at(ev, snap["tick"]) for ev in events]
    assert f"tick={snap['tick']}" in race_page.page.url  # a paused race is in the link


def test_a_race_link_reloads_into_the_same_race(race_page, browser, site_url):
    open_race(race_page, f"{SOLVERS}&tick=0")
    shown = click(race_page, "race-step", 4)
    url = race_page.page.url
    assert "race=solve" in url and "r=astar%2Cbfs%2Cgreedy" in url and "tick=4" in url
    other = Page(browser, url, {"width": 390, "height": 844})
    try:
        other.page.wait_for_function("window.pymaze.race().started > 0", timeout=90000)
        again = other.js("window.pymaze.race()")
        assert again["active"] and again["tick"] == 4
        assert again["boards"] == shown["boards"]
        # A phone has the three boards side by side too, small, on one screen.
        boxes = other.js("[...document.querySelectorAll('.racer')].map((b) => b.getBoundingClientRect().toJSON())")
        assert len({round(b["y"]) for b in boxes}) == 1 and len({round(b["x"]) for b in boxes}) == 3
        assert all(b["right"] <= 390 for b in boxes)
        assert not other.errors()
    finally:
        other.page.close()
    boxes = race_page.js("[...document.querySelectorAll('.racer')].map((b) => b.getBoundingClientRect().toJSON())")
    assert len({round(b["y"]) for b in boxes}) == 1 and len({round(b["x"]) for b in boxes}) == 3
    assert all(b["right"] <= 1280 for b in boxes)


def test_generator_boards_equal_single_generations(race_page):
    runs = racer_runs(GENERATORS)
    events = [r.events() for r in runs]
    mid = open_race(race_page, f"{GENERATORS}&tick=50")
    for board, run, ev in zip(mid["boards"], runs, events, strict=True):
        at = cursor_at(ev, 50)
        assert board["cursor"] == at
        assert board["wall"] == list(apply(run.initial.copy(), ev[:4 * at]).wall)
    snap = open_race(race_page, f"{GENERATORS}&tick={END}")
    q = {k: v[0] for k, v in parse_qs(GENERATORS).items()}
    for board, slug in zip(snap["boards"], q["r"].split(","), strict=True):
        single = pymaze.generate(slug, int(q["w"]), int(q["h"]), seed=int(q["seed"]))
        assert board["slug"] == slug and board["wall"] == list(single.wall)
    assert snap["summary"]


SHAPED = ["gen=dig&g.loops=0.3&w=9&h=7&seed=3&shape=hex&mask=circle&race=solve&r=astar,bfs,greedy"
          "&r0.weight=2&r0.heuristic=euclidean",
          "gen=dig&w=6&h=4&seed=2&shape=polar&mask=ring&race=generate&r=kruskal,dig,wilson&r1.mode=restart",
          "gen=dig&g.loops=0.2&w=8&h=6&seed=4&shape=torus&race=solve&r=astar,bfs,wall",
          "gen=wilson&w=9&h=6&seed=5&shape=zeta&race=generate&r=kruskal,prim,hunt"]


@pytest.mark.parametrize("fragment", SHAPED, ids=["hex", "polar", "torus", "zeta"])
def test_hex_and_polar_races_with_masks_and_own_options_equal_single_runs(race_page, fragment):
    runs = racer_runs(fragment)
    events = [r.events() for r in runs]
    mid = open_race(race_page, f"{fragment}&tick=9")
    for board, run, ev in zip(mid["boards"], runs, events, strict=True):
        at = cursor_at(ev, 9)  # lockstep by milestones, on every shape
        assert board["cursor"] == at and board["shape"] == run.initial.shape
        state = apply(run.initial.copy(), ev[:4 * at])
        assert (board["wall"], board["mark"]) == (list(state.wall), list(state.mark))
    # The race is in the address bar: shape, mask and each racer's options included.
    url = parse_qs(race_page.page.url.split("#", 1)[1])
    assert all(url[k] == v for k, v in parse_qs(fragment).items()), url
    assert race_page.js("document.getElementById('notice').hidden")  # every key of the link was taken
    snap = open_race(race_page, f"{fragment}&tick={END}")
    assert snap["over"] and snap["summary"] and not race_page.errors()
    ends = [max(1, sum(1 for i in range(len(ev) // 4) if ev[4 * i] & MILESTONE)) for ev in events]
    assert [b["finish"] for b in snap["boards"]] == ends
    for board, run, end in zip(snap["boards"], runs, ends, strict=True):
        final = run.finish()
        assert (board["wall"], board["mark"], board["num"]) == (list(final.wall), list(final.mark), list(final.num))
        assert board["place"].startswith(["1st", "2nd", "3rd"][sorted(ends).index(end)])
        if run.algorithm.family == "solver":
            single = pymaze.solve(run.initial, run.algorithm.slug, seed=3, **run.options)
            assert (board["found"], board["visited"]) == (single.moves if single.found else None, single.visited)
    # The racers' options are shown in their dropdowns' fields.
    own = {k: v for k, v in parse_qs(fragment).items() if k[:2] in ("r0", "r1")}
    for key, (value,) in own.items():
        i, name = key[1:].split(".")
        assert race_page.page.input_value(f"#race-racer-{i}-{name}") == value
    square_again(race_page)


def test_the_race_view_starts_from_its_own_controls(race_page):
    race_page.js("() => { location.hash = ''; }")
    if race_page.page.is_visible("#mode-watch"):  # ("← Watch" shows only away from Watch)
        race_page.page.click("#mode-watch")
    race_page.page.click("#mode-race")
    race_page.page.select_option("#race-family", "solve")
    race_page.page.select_option("#race-racer-0", "bfs")
    race_page.page.select_option("#race-racer-1", "dfs")
    race_page.page.select_option("#race-racer-2", "")
    race_page.page.select_option("#race-racer-3", "")
    before = race_page.js("window.pymaze.race().started")
    race_page.page.click("#race-start")
    race_page.page.wait_for_function("n => window.pymaze.race().started > n", arg=before)
    snap = race_page.js("window.pymaze.race()")
    assert [b["slug"] for b in snap["boards"]] == ["bfs", "dfs"]
    w, h, seed = (int(race_page.page.input_value(f"#{f}")) for f in ("width", "height", "seed"))
    assert (snap["boards"][0]["width"], snap["boards"][0]["height"]) == (2 * w + 1, 2 * h + 1)
    assert race_page.js("document.getElementById('board').offsetParent") is None  # the Watch board is hidden
    race_page.page.keyboard.press("Escape")  # back to Watch: its board again, the race hidden
    assert race_page.js("document.getElementById('race').hidden")
    assert race_page.js("document.getElementById('board').offsetParent") is not None


BAD = [
    ("race=fly&r=bfs,dfs", "race must be solve or generate"),
    ("race=solve&r=bfs", "a race takes 2 to 4 solvers"),
    ("race=solve&r=bfs,nope", 'unknown solver "nope"'),
    ("race=solve&r=bfs,dfs,astar,greedy,wave", "a race takes 2 to 4 solvers"),
    ("race=generate&r=bfs,dfs", 'unknown generator "bfs"'),
    ("race=solve&r=bfs,dfs&tick=-3", "tick must be a whole number"),
]


@pytest.mark.parametrize("fragment, problem", BAD)
def test_bad_race_links_give_a_notice_and_the_page_stays_usable(race_page, fragment, problem):
    before = race_page.js("window.pymaze.runs")
    race_page.js("f => { location.hash = f; }", f"w=10&h=8&seed=1&{fragment}")
    race_page.page.wait_for_function("n => window.pymaze.runs > n && !document.getElementById('notice').hidden",
                                     arg=before, timeout=60000)
    assert problem in race_page.js("document.getElementById('notice-text').textContent")
    started = "tick" in fragment  # only a bad tick leaves a race to start (at tick 0)
    if started:
        race_page.page.wait_for_function("window.pymaze.race().boards.length === 2 && window.pymaze.race().tick === 0")
    # Usable: a good race link works at once.
    snap = open_race(race_page, f"{SOLVERS}&tick=3")
    assert snap["tick"] == 3 and len(snap["boards"]) == 3
    assert not race_page.errors()


def test_the_bridge_keeps_races_apart_from_the_current_run():
    """In CPython: a race leaves the page's current run alone, hands out each racer's own events,
    nothing for a racer of an earlier race, and refuses bad races with one message."""
    import json
    from array import array

    from pymaze.errors import PymazeError
    from pymaze.web import Session
    web = Session()
    web.generate("kruskal", 6, 5, 3)
    current = web.run
    racers = web.race("solve", json.dumps(["bfs", "astar"]), "dig", 8, 6, 2, "thin", "{}")
    assert web.run is current
    maze = pymaze.generate("dig", 8, 6, seed=2)
    for (header, *_), slug in zip(racers, ["bfs", "astar"], strict=True):
        header = json.loads(header)
        events = array("i")
        while batch := web.race_batch(header["run"], 7):
            events.extend(batch)
        assert header["slug"] == slug and header["shortest"] == pymaze.solve(maze, "bfs").moves
        assert events == Run.solve(slug, maze, 2).events()
    old = json.loads(racers[0][0])["run"]
    web.race("generate", json.dumps(["dig", "prim"]), "dig", 5, 5, 1)
    assert len(web.race_batch(old, 10)) == 0
    for family, slugs in [("solve", ["bfs"]), ("fly", ["bfs", "dfs"]), ("solve", "not json"),
                          ("solve", ["bfs", "dfs", "wave", "astar", "greedy"]), ("generate", ["bfs", "dfs"])]:
        with pytest.raises(PymazeError):
            web.race(family, slugs if isinstance(slugs, str) else json.dumps(slugs), "dig", 5, 5, 1)


def test_your_own_solver_races_once_its_code_is_registered(race_page, tmp_path):
    path = tmp_path / "mine.py"
    path.write_text(PLUGIN)
    fragment = "gen=dig&g.loops=0.2&w=9&h=7&seed=6&shape=hex&race=solve&r=bfs,yours:au-dfs"
    p = race_page.page
    # A link never brings code: the race names code this page has not registered, and says so.
    before = race_page.js("window.pymaze.runs")
    race_page.js("f => { location.hash = f; }", fragment)
    p.wait_for_function("n => window.pymaze.runs > n && !document.getElementById('notice').hidden", arg=before)
    assert "not registered on this page" in race_page.js("document.getElementById('notice-text').textContent")
    p.click("#race-code")  # the way to the Code mode
    p.wait_for_selector(".cm-content")
    p.set_input_files("#code-file", str(path))
    p.wait_for_function("() => window.pymaze.code.text().includes('au-dfs')")
    before = race_page.js("window.pymaze.runs")
    speed = p.input_value("#speed")
    race_page.speed(100)
    p.click("#code-run")  # registers the code and runs its solver on the board, at once
    p.wait_for_function("n => window.pymaze.runs > n && window.pymaze.state === 'done' && !window.pymaze.snapshot().busy",
                        arg=before, timeout=60000)
    try:
        pymaze.load_plugin(path)
        runs = racer_runs(fragment.replace("yours:", ""))
        events = [r.events() for r in runs]
    finally:
        pymaze.registry.unregister(str(path.resolve()))
    mid = open_race(race_page, f"{fragment}&tick=5")
    assert [b["cursor"] for b in mid["boards"]] == [cursor_at(ev, 5) for ev in events]
    assert "r=bfs%2Cyours%3Aau-dfs" in p.url  # the race's link names it as yours again
    snap = open_race(race_page, f"{fragment}&tick={END}")
    assert [b["name"] for b in snap["boards"]] == ["BFS", "yours: Authored DFS"]
    for board, run in zip(snap["boards"], runs, strict=True):
        final = run.maze
        assert (board["wall"], board["mark"], board["num"]) == (list(final.wall), list(final.mark), list(final.num))
    assert snap["over"] and snap["summary"] and not race_page.errors()
    race_page.js("() => { const s = document.getElementById('solver'); s.value = 'bfs';"
                 " s.dispatchEvent(new Event('change')); }")  # the module's page as it was
    square_again(race_page)
    race_page.speed(speed)


def test_each_board_says_why_its_solver_does_the_work_it_does_from_the_catalogue(race_page):
    """The race's line under each board is the registry's (the solver's ``work`` and whether it
    promises a shortest route), not a table of the page's own."""
    open_race(race_page, f"{SOLVERS}&tick=0")
    said = race_page.js("[...document.querySelectorAll('.racer-why')].map((p) => p.textContent)")
    solvers = pymaze.registry.solvers()
    assert len(said) == 3
    for text, slug in zip(said, ["astar", "bfs", "greedy"], strict=True):
        a = solvers[slug]
        assert a.work and text.startswith(a.work), (slug, text)
        assert ("Promises a shortest route." if a.optimal else "No promise of a shortest route.") in text
