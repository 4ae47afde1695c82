"""Every number and mark on the page tells the truth, in real Chromium: what "visited" counts,
what a mode switch leaves on the board, S and G on every shape, the units of turning, one
coordinate convention, literals shown as code, the about page free of console errors, the keys
and the shape that make a maze, the Japanese names drawn, and thousands of random actions that
leave a page that still works."""

import re

import pytest

import pymaze

pytestmark = pytest.mark.browser


def stats(page):
    return page.js("document.getElementById('stats').textContent")


def number(text, label):
    """The number after ``label`` in a stats line ("visited 1,234" -> 1234)."""
    m = re.search(rf"{label} ([\d,]+)", text)
    assert m, f"no {label!r} in {text!r}"
    return int(m.group(1).replace(",", ""))


def watch_stats(page):
    """Record every text the stats line takes from now on (window.__seen)."""
    page.js("""() => {
      const el = document.getElementById('stats');
      if (window.__obs) window.__obs.disconnect();
      window.__seen = [];
      window.__obs = new MutationObserver(() => window.__seen.push(el.textContent));
      window.__obs.observe(el, { childList: true, characterData: true, subtree: true });
    }""")


def seek(page, k):
    """Move the cursor to event k and wait for the stats line to say so; its text."""
    page.js("k => window.pymaze.seek(k)", k)
    page.page.wait_for_function("k => /events ([\\d,]+)/.exec(document.getElementById('stats').textContent)?.[1]"
                                " .replace(/,/g, '') === String(k)", arg=k)
    return stats(page)


def watched_solve(page, speed=40):
    page.speed(speed)
    before = page.js("window.pymaze.runs")
    page.page.click("#solve")
    page.page.wait_for_function("n => window.pymaze.runs > n && window.pymaze.state === 'done'", arg=before,
                                timeout=60000)


@pytest.mark.parametrize("solver", ["bfs", "wave", "astar"])
def test_visited_counts_cells_expanded_never_falls_and_seeks_exactly(page, solver):
    W, H, SEED = 15, 10, 1
    page.page.select_option("#solver", solver)
    page.generate("dig", W, H, SEED, events=False)
    want = pymaze.solve(pymaze.generate("dig", W, H, seed=SEED), solver, seed=SEED)
    assert want.found and want.visited > want.moves + 1

    # instant: the engine's own count of expansions
    page.run("solve", events=False)
    assert number(stats(page), "visited") == want.visited

    # watched: the number only grows, and ends at the same count
    watch_stats(page)
    watched_solve(page)
    seen = [(number(t, "events"), number(t, "visited")) for t in page.js("window.__seen") if "visited" in t]
    assert len(seen) > 3, seen
    counts = [v for _, v in seen]
    assert counts == sorted(counts), f"visited fell during the run: {counts}"
    assert number(stats(page), "visited") == want.visited
    assert max(counts) == want.visited

    # stepping back to event k says what going forward to k said
    total = page.snapshot()["total"]
    forward = dict(seen)
    for k in sorted(forward, reverse=True)[::max(1, len(forward) // 6)]:
        text = seek(page, k)
        assert number(text, "events") == k and number(text, "visited") == forward[k], (k, text)
    assert number(seek(page, total), "visited") == want.visited


def board_colours(page):
    """How many pixels of the board's canvas have each colour (a blank board has one or two)."""
    from collections import Counter

    from browser import read_png
    _, _, rows = read_png(page.page.locator("#board canvas").first.screenshot())
    return Counter(px for row in rows[::3] for px in row[::3])


def dark_share(page):
    """The share of the board's pixels drawn in the wall colour (or darker): all of a blank board."""
    colours = board_colours(page)
    return sum(n for px, n in colours.items() if sum(px) < 200) / sum(colours.values())


def test_leaving_the_example_race_shows_its_maze_whole_in_watch_and_code(page):
    page.page.click("#mode-race")
    page.page.click("#race-example")
    page.page.wait_for_function("() => { const r = window.pymaze.race(); return r.active && r.started"
                                " && r.boards.length === 3 && r.boards.every((b) => b.done); }", timeout=60000)
    want = pymaze.generate("dig", 60, 40, seed=1, loops=0.2)
    for mode in ("watch", "code", "watch"):
        page.page.click(f"#mode-{mode}")
        page.wait_state("done")
        page.page.wait_for_function("window.pymaze.painted")
        snap = page.snapshot()
        assert bytes(snap["wall"]) == bytes(want.wall), f"{mode}: not the race's maze, whole"
        text = stats(page)
        assert "0+" not in text and number(text, "opened") > 0, text
        assert dark_share(page) < 0.5, f"{mode}: a blank board"
    assert not page.errors()


START, GOAL = (0x16, 0xa3, 0x4a), (0xdc, 0x26, 0x26)  # the palette's S and G colours


def shows_colour(page, p, colour, radius=18, tolerance=24):
    """Does the board show ``colour`` within ``radius`` CSS px of square (cell) p's centre?"""
    from browser import read_png
    page.page.wait_for_function("window.pymaze.painted")
    x, y = page.js("p => window.pymaze.squareCentre(p)", p)
    clip = {"x": x - radius, "y": y - radius, "width": 2 * radius, "height": 2 * radius}
    _, _, rows = read_png(page.page.screenshot(clip=clip))
    return any(max(abs(a - b) for a, b in zip(px, colour)) <= tolerance for row in rows for px in row)


@pytest.mark.parametrize("shape", ["square", "hex", "triangle", "polar"])
def test_s_and_g_show_in_their_colours_before_during_and_after_a_solve(page, shape):
    page.page.select_option("#shape", shape)
    page.page.select_option("#solver", "bfs")
    page.generate("dig", 21, 15, 1, events=False)
    snap = page.run("solve")
    ends = [(snap["start"], START)] + [(g, GOAL) for g in snap["goals"]]
    for k in (0, snap["total"] // 2, snap["total"]):
        page.js("k => window.pymaze.seek(k)", k)
        for p, colour in ends:
            assert shows_colour(page, p, colour), f"{shape}: end {p} not shown at event {k}"


def test_on_a_phone_the_ends_keep_their_letter_when_their_number_does_not_fit(page):
    """On a 390 px screen the wave's 21 x 15 cells are too small for "G146": G still shows (its
    letter alone, or a ring), at the end of the solve."""
    page.page.set_viewport_size({"width": 390, "height": 844})
    try:
        page.page.select_option("#shape", "square")
        page.page.select_option("#solver", "wave")
        page.generate("dig", 21, 15, 1, events=False)
        snap = page.run("solve", events=False)
        page.page.click("#sheet-close")  # (on a phone the settings sheet covers the board)
        for p, colour in [(snap["start"], START)] + [(g, GOAL) for g in snap["goals"]]:
            assert shows_colour(page, p, colour, radius=8), f"end {p} not shown on a phone"
    finally:
        page.page.set_viewport_size({"width": 1366, "height": 768})
        page.open_sheet()


@pytest.mark.parametrize("shape", ["square", "hex", "polar"])
def test_turning_is_said_in_whole_degrees_the_engines_number(page, shape):
    from pymaze.graph import turning
    page.page.select_option("#shape", shape)
    page.page.select_option("#solver", "bfs")
    page.generate("dig", 21, 15, 1, events=False)
    page.run("solve", events=False)
    maze = pymaze.generate("dig", 21, 15, seed=1, shape=None if shape == "square" else shape)
    sol = pymaze.solve(maze, "bfs", seed=1)
    degrees = turning(maze, sol.squares)
    assert ("turns", degrees, sol.squares[-1]) in sol.notes
    text = stats(page)
    assert f"turning {degrees:,}°" in text and " turns" not in text, text
    if shape == "square":  # right angles only: a multiple of 90 degrees
        assert degrees % 90 == 0


def test_one_coordinate_convention_in_history_edit_explanations_and_the_library(page):
    page.page.select_option("#shape", "square")
    page.page.select_option("#solver", "bfs")
    page.generate("dig", 9, 7, 3, events=False)
    snap = page.run("solve")
    maze = pymaze.Maze(snap["width"], snap["height"], bytes(snap["wall"]), snap["start"], snap["goals"],
                       snap["geometry"])
    s, g = (f"({x}, {y})" for x, y in maze.nodes_xy([snap["start"], snap["goals"][0]]))
    assert s == "(0, 0)" and g == "(8, 6)"  # the library's cells, from 0 at the top left
    # a square's history
    page.page.mouse.click(*page.js("p => window.pymaze.squareCentre(p)", snap["start"]))
    title = page.js("window.pymaze.history()")["title"]
    assert title.startswith(f"cell {s}:"), title
    # the explanation of the first step, which expands S
    seek(page, 1)
    page.page.wait_for_function("() => window.pymaze.snapshot().step.includes('(')")
    assert page.snapshot()["step"].endswith(s), page.snapshot()["step"]
    # Edit names S and G the same way
    page.page.focus("#board")
    page.page.keyboard.press("e")
    page.wait_state("editing")
    # (the stats line takes Edit's words at its next frame)
    page.page.wait_for_function("() => document.getElementById('stats').textContent.includes('brush')", timeout=10000)
    text = stats(page)
    assert f"S {s}" in text and f"G {g}" in text, text
    page.page.keyboard.press("Escape")
    page.wait_state("done")


def test_explanations_show_literals_as_code_without_backticks(page):
    page.page.select_option("#shape", "square")
    page.generate("dig", 9, 7, 3, events=False)
    doc = page.js("""() => { const d = document.querySelector('.explain-doc');
      return { text: d.textContent, code: [...d.querySelectorAll('code')].map((c) => c.textContent) }; }""")
    assert "``" not in doc["text"] and "`" not in doc["text"], doc["text"]
    assert doc["code"] and all(c and "`" not in c for c in doc["code"]), doc["code"]


def test_the_about_page_lists_every_colour_without_a_console_error(browser, site_url):
    from pymaze.events import MARK_NAMES
    p = browser.new_page()
    errors = []
    p.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    p.on("pageerror", lambda e: errors.append(str(e)))
    try:
        p.goto(site_url + "about.html")
        p.wait_for_function("document.querySelectorAll('#colours li').length > 0", timeout=10000)
        items = p.evaluate("[...document.querySelectorAll('#colours li')].map((li) => li.textContent)")
        # every part (wall, S, G, head, route line) and every mark but "none" (the floor)
        assert len(items) >= len(MARK_NAMES) + 4 and any("visited" in t for t in items), items
        assert not errors, errors
    finally:
        p.close()


def test_enter_in_size_and_seed_and_a_new_shape_make_the_maze_and_arrows_keep_the_focus(page):
    page.page.select_option("#shape", "square")
    page.generate("dig", 9, 7, 3, events=False)
    for field, value in (("width", 11), ("height", 8), ("seed", 5)):
        before = page.js("window.pymaze.runs")
        page.page.fill(f"#{field}", str(value))
        page.page.focus(f"#{field}")
        page.page.keyboard.press("Enter")
        page.page.wait_for_function("n => window.pymaze.runs > n && window.pymaze.state === 'done'", arg=before)
    snap = page.snapshot()
    assert bytes(snap["wall"]) == bytes(pymaze.generate("dig", 11, 8, seed=5).wall)
    # a new shape: a maze of that shape on the board
    before = page.js("window.pymaze.runs")
    page.page.select_option("#shape", "hex")
    page.page.wait_for_function("n => window.pymaze.runs > n && window.pymaze.state === 'done'", arg=before)
    assert page.js("window.pymaze.snapshot().geometry") != "thin"
    # ↓ on a focused dropdown changes it and keeps the focus there (no board shortcut fires)
    page.page.select_option("#shape", "square")
    page.page.wait_for_function("!document.body.classList.contains('busy') && window.pymaze.state === 'done'")
    page.page.focus("#solver")
    was = page.page.input_value("#solver")
    page.page.keyboard.press("ArrowDown")
    assert page.page.input_value("#solver") != was
    assert page.js("document.activeElement.id") == "solver"
    page.page.keyboard.press("ArrowDown")
    assert page.js("document.activeElement.id") == "solver"
    assert not page.errors()


BUTTONS = ["mode-watch", "mode-play", "mode-edit", "mode-lab", "mode-race", "mode-code", "generate", "solve",
           "quick-generate", "quick-solve", "play", "pause", "step", "back", "next", "prev", "reset", "new-seed",
           "walk-reset", "walk-new", "edit-undo", "edit-redo", "edit-clear", "edit-blocks", "lab-back",
           "race-start", "race-play", "race-prev", "race-back", "race-step", "race-next", "race-reset",
           "code-run", "code-stop", "notice-close"]
MODES = ["mode-watch", "mode-play", "mode-edit", "mode-lab", "mode-race", "mode-code"]
KEYS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Shift+ArrowRight", "Shift+ArrowLeft", " ", "w", "a",
        "s", "d", "p", "e", "g", "h", "Escape", "+", "-", "0", "S", "G"]
# A burst of n seeded random actions inside the page: keys to whatever has the focus (the board when a
# field has it: typing into the fields is not what this tries), clicks on the buttons on show, mode
# switches, the speed, a generator or solver picked, a seek; a frame goes by every sixth action.
BURST = """async ([seed, n, buttons, modes, keys]) => {
  let x = seed >>> 0;
  const rnd = () => { x = (x + 0x6D2B79F5) >>> 0; let t = x; t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
  const any = (list) => list[Math.floor(rnd() * list.length)];
  const click = (ids) => { const live = ids.map((id) => document.getElementById(id))
    .filter((b) => b && b.offsetParent && !b.disabled); if (live.length) any(live).click(); };
  const board = document.getElementById('board');
  for (let i = 0; i < n; i++) {
    const r = rnd();
    if (r < 0.4) {
      let t = document.activeElement || document.body;
      if (t.closest('input, select, textarea, [contenteditable]')) { board.focus(); t = board; }
      const k = any(keys);
      t.dispatchEvent(new KeyboardEvent('keydown', { key: k.replace('Shift+', ''), shiftKey: k.startsWith('Shift+'),
        bubbles: true, cancelable: true }));
    } else if (r < 0.75) click(buttons);
    else if (r < 0.85) click(modes);
    else if (r < 0.9) { const s = document.getElementById('speed'); s.value = any([20, 50, 70, 90, 100]);
      s.dispatchEvent(new Event('input', { bubbles: true })); }
    else if (r < 0.95) {
      const s = document.getElementById(any(['generator', 'solver'])), ok = [...s.options].filter((o) => !o.disabled);
      if (s.offsetParent && !s.disabled && ok.length) { s.value = any(ok).value; s.dispatchEvent(new Event('change', { bubbles: true })); }
    } else { const p = window.pymaze.progress(); window.pymaze.seek(Math.floor(rnd() * p.total)); }
    if (i % 6 === 5) await new Promise(requestAnimationFrame);
  }
}"""


def test_thousands_of_random_clicks_keys_drags_and_mode_switches_leave_a_working_page(page):
    import random
    rng = random.Random(28)
    page.page.select_option("#shape", "square")
    page.generate("dig", 15, 10, 1, events=False)
    errors_before = len(page.errors())
    for _ in range(50):  # 50 bursts of 39 actions in the page and one real pointer action: 2,000
        page.js(BURST, [rng.getrandbits(32), 39, BUTTONS, MODES, KEYS])
        box = page.page.locator("#board").bounding_box()
        if box:
            at = lambda: (box["x"] + rng.random() * box["width"], box["y"] + rng.random() * box["height"])  # noqa: E731
            if rng.random() < 0.6:
                page.page.mouse.click(*at())
            else:
                page.page.mouse.move(*at())
                page.page.mouse.down()
                page.page.mouse.move(*at(), steps=rng.randint(1, 5))
                page.page.mouse.up()
    assert page.errors()[errors_before:] == []
    # the page still generates, solves and draws the route
    page.page.evaluate("document.getElementById('mode-watch').click()")
    page.page.wait_for_function("!document.body.classList.contains('busy')", timeout=60000)
    # a Stop among the clicks restarts the engine: the page says "loading" until the fresh one is up
    page.page.wait_for_function("window.pymaze.state !== 'loading'", timeout=180000)
    page.page.select_option("#shape", "square")
    page.page.select_option("#solver", "bfs")
    runs = page.js("window.pymaze.runs")
    page.generate("dig", 9, 7, 3, events=False)
    snap = page.run("solve", events=False)
    assert snap["mode"] == "watch" and page.js("window.pymaze.runs") >= runs + 2
    maze = pymaze.Maze(snap["width"], snap["height"], bytes(snap["wall"]), snap["start"], snap["goals"],
                       snap["geometry"])
    assert (maze.width, maze.height) == (19, 15), "not the 9 x 7 maze asked for"
    assert snap["routeLength"] == pymaze.solve(maze, "bfs").moves > 0
    assert any(shows_colour(page, p, (0xc2, 0x41, 0x0c)) for p in snap["goals"]), "no route line drawn"
    assert page.errors()[errors_before:] == []


def test_the_japanese_names_are_drawn_by_the_sites_webfont_not_as_empty_boxes(page):
    chars = page.js(r"""() => { const c = window.pymaze.catalogue;
      return [...new Set([...c.generators, ...c.solvers].flatMap((a) => `${a.name} ${a.summary} ${a.doc || ''}`
        .match(/[\u3000-\u30ff\u4e00-\u9fff]/g) || []))]; }""")
    assert len(chars) >= 10, chars  # 穴掘り法, 棒倒し法, 壁伸ばし法, ...
    got = page.js("""async (chars) => {
      const text = chars.join('');
      await document.fonts.load('20px "Noto Sans JP"', text);
      const c = document.createElement('canvas'); c.width = 40; c.height = 40;
      const ctx = c.getContext('2d'), family = getComputedStyle(document.getElementById('generator-summary')).fontFamily;
      const draw = (ch) => { ctx.clearRect(0, 0, 40, 40); ctx.font = `20px ${family}`; ctx.fillText(ch, 5, 28);
        return Array.from(ctx.getImageData(0, 0, 40, 40).data).join(','); };
      const tofu = draw('\\uffff'), empty = (() => { ctx.clearRect(0, 0, 40, 40); return Array.from(ctx.getImageData(0, 0, 40, 40).data).join(','); })();
      return { loaded: [...document.fonts].filter((f) => f.family.includes('Noto Sans JP') && f.status === 'loaded').length,
               tofu: chars.filter((ch) => draw(ch) === tofu || draw(ch) === empty) };
    }""", chars)
    assert got["loaded"] >= 1 and got["tofu"] == [], got
