"""A newcomer's first minute, on a desk (1280x800) and a phone (390x844), in real Chromium.

The page opens as it does for someone who follows no link: the default maze, solved at once by the
wave.  The tour then changes the generator, generates, solves again, enters every mode (from the tab
row; Code from the settings sheet) and comes back; all along: no console or page error, the main strip (Generate, Solve, the
transport) inside the first viewport, no horizontal overflow in any mode, and a board that is
never blank (its pixels read back) after a mode switch.  One page per size, shared by the tests.
"""

import pytest

from browser import Page

SIZES = {"desk": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
MODES = ["play", "edit", "race", "lab", "code"]
STRIP = ["#generator", "#generate", "#solver", "#solve", "#back", "#play", "#step", "#speed"]

# Every control a person can see (buttons, dropdowns, fields, sliders, links), the board's aside.
CONTROLS = """() => [...document.querySelectorAll('button, select, input, textarea, a[href], [role=slider]')]
  .filter((el) => !el.closest('#board')).filter((el) => {
    const r = el.getBoundingClientRect(), s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden';
  }).map((el) => el.id || el.textContent.trim() || el.tagName)"""

# The pixels of the canvases `sel` finds (drawn on white, every fourth pixel): how many are inked,
# how many colours (by 32 levels a channel) and how many are of `rgb` (the route's colour).
PIXELS = """([sel, rgb]) => {
  const out = { boards: 0, inked: 0, total: 0, colours: 0, route: 0 };
  const seen = new Set();
  const groups = sel === '#board' ? [[...document.querySelectorAll('#board canvas')]]
    : [...document.querySelectorAll(sel)].map((v) => [...v.querySelectorAll('canvas')]);
  for (const layers of groups) {
    const base = layers[0];
    if (!base || !base.width || !base.height || !base.offsetParent) continue;
    out.boards++;
    const c = document.createElement('canvas');
    c.width = base.width; c.height = base.height;
    const g = c.getContext('2d');
    g.fillStyle = '#ffffff'; g.fillRect(0, 0, c.width, c.height);
    for (const l of layers) if (l.width === base.width && l.height === base.height) g.drawImage(l, 0, 0);
    const d = g.getImageData(0, 0, c.width, c.height).data;
    for (let i = 0; i < d.length; i += 16) {
      out.total++;
      if (d[i] < 235 || d[i + 1] < 235 || d[i + 2] < 235) out.inked++;
      seen.add((d[i] >> 5) * 64 + (d[i + 1] >> 5) * 8 + (d[i + 2] >> 5));
      if (rgb && Math.abs(d[i] - rgb[0]) + Math.abs(d[i + 1] - rgb[1]) + Math.abs(d[i + 2] - rgb[2]) < 30) out.route++;
    }
  }
  out.colours = seen.size;
  return out;
}"""


@pytest.fixture(scope="module", params=list(SIZES))
def tour(browser, site_url, request):
    p = Page(browser, site_url, SIZES[request.param], open_sheet=False)
    p.size = request.param
    yield p
    if request.session.testsfailed:
        print("\n--- browser console ---\n" + "\n".join(p.console))
    p.page.close()


def route_rgb(p):
    colour = p.js("window.pymaze.palette().marks.route.colour")
    return [int(colour[i:i + 2], 16) for i in (1, 3, 5)]


def drawn(p, sel="#board"):
    """The board (or each race board) has a maze on it: walls and floor and more, not one flat colour."""
    px = p.js(PIXELS, [sel, None])
    assert px["boards"] > 0, f"no board drawn for {sel}"
    assert px["colours"] >= 3 and 0.03 < px["inked"] / px["total"] < 0.97, (sel, px)
    return px


def in_first_viewport(p, selectors):
    """Each control's box inside the window as the page opens (nothing scrolled)."""
    p.js("window.scrollTo(0, 0)")
    box = p.js("() => [innerWidth, innerHeight]")
    for sel in selectors:
        r = p.page.locator(sel).bounding_box()
        assert r and r["x"] >= 0 and r["y"] >= 0 and r["x"] + r["width"] <= box[0] + 0.5 and \
            r["y"] + r["height"] <= box[1] + 0.5, (sel, r, box)


def no_overflow(p, where):
    widths = p.js("() => [document.scrollingElement.scrollWidth, innerWidth]")
    assert widths[0] <= widths[1], f"{where}: the page is {widths[0]} px wide in a {widths[1]} px window"


def test_the_first_visit_solves_at_once_and_draws_the_route(tour):
    tour.page.wait_for_function("window.pymaze.snapshot().kind === 'solve' && window.pymaze.state === 'done'"
                                " && window.pymaze.painted", timeout=60000)
    snap = tour.snapshot()
    assert snap["routeLength"] > 0 and max(snap["num"]) > 0  # the wave's numbers, and its route
    px = drawn(tour)
    px = tour.js(PIXELS, ["#board", route_rgb(tour)])
    assert px["route"] > 20, px  # the route's colour is on the board, not only in the state
    assert tour.js("document.getElementById('settings-summary').textContent").startswith("Digging · 21×15 · seed 1")
    assert tour.errors() == []


def test_the_main_strip_is_in_the_first_viewport_and_the_rest_one_click_away(tour):
    in_first_viewport(tour, ["#generate", "#solve", "#back", "#play", "#step"])
    no_overflow(tour, "watch")
    controls = tour.js(CONTROLS)
    if tour.size == "desk":
        assert len(controls) <= 15, " ".join(controls)
    assert "width" not in controls and "import" not in controls  # behind the sheet
    tour.page.click("#settings-toggle")
    assert tour.page.is_visible("#width") and tour.page.is_visible("#import")
    no_overflow(tour, "the sheet open")
    tour.page.click("#sheet-close")
    assert not tour.page.is_visible("#width")
    # the dropdowns: families under headings, names not slugs, each with its line of description
    groups = tour.js("[...document.querySelectorAll('#generator optgroup')].map((g) => g.label)")
    assert groups == [label for _, label in tour.js("window.pymaze.catalogue.groups.generators")]
    texts = tour.js("[...document.querySelectorAll('#generator option, #solver option')]"
                    ".map((o) => [o.value, o.textContent, o.title])")
    catalogue = tour.js("window.pymaze.catalogue")
    names = {a["slug"]: (a["name"], a["summary"]) for a in catalogue["generators"] + catalogue["solvers"]}
    assert all(text == names[slug][0] and title == names[slug][1] for slug, text, title in texts)


def test_the_strip_sits_by_the_board_and_on_a_phone_is_a_bottom_bar_of_thumb_sized_targets(tour):
    bar = tour.js("""(() => { const r = document.getElementById('strip').getBoundingClientRect();
        return [r.top, r.bottom, innerHeight, getComputedStyle(document.getElementById('strip')).position]; })()""")
    board = tour.page.locator("#board").bounding_box()
    if tour.size == "desk":  # over the board, in the page
        assert bar[3] != "fixed" and bar[1] <= board["y"] and board["y"] - bar[1] < 60, (bar, board)
        return
    assert bar[3] == "fixed" and abs(bar[1] - bar[2]) <= 1, bar
    assert board["y"] >= 0 and board["y"] + board["height"] <= bar[0], (board, bar)  # the board in view above it
    heights = tour.js("""[...document.querySelectorAll('#strip button, #strip select, #strip input')]
        .filter((e) => e.offsetParent).map((e) => [e.id, e.getBoundingClientRect().height])""")
    assert len(heights) >= 7 and all(h >= 44 for _, h in heights), heights


# Every target a person can see that is less than a thumb (44 px) tall: a checkbox or radio button
# by its label (the target), links in a line of text aside (words in a sentence).
SMALL_TARGETS = """() => [...document.querySelectorAll('button, select, input, textarea, summary')]
  .filter((e) => e.offsetParent && getComputedStyle(e).visibility !== 'hidden')
  .map((e) => [e.id || e.textContent.trim().slice(0, 20) || e.tagName,
               (/^(checkbox|radio)$/.test(e.type) && e.closest('label') || e).getBoundingClientRect().height])
  .filter(([, h]) => h < 44)"""


# A checkbox beside its words, not above them: its middle at the height of its label's (the label
# a row, however tall); and a <details> summary still a list item (its ▸ / ▾ marker shown).
CHECKBOX_ROWS = """() => [...document.querySelectorAll('label input[type=checkbox]')].filter((e) => e.offsetParent)
  .map((e) => { const a = e.getBoundingClientRect(), b = e.closest('label').getBoundingClientRect();
                return [e.closest('label').textContent.trim().slice(0, 24), (a.top + a.bottom) / 2 - (b.top + b.bottom) / 2]; })
  .filter(([, off]) => Math.abs(off) > 6)"""


def test_on_a_phone_every_target_in_every_mode_is_thumb_sized(tour):
    if tour.size != "phone":
        return
    p = tour.page
    p.wait_for_function("window.pymaze.state === 'done'", timeout=60000)
    p.click("#settings-toggle")
    small = {"watch, the sheet open": tour.js(SMALL_TARGETS)}
    stacked = tour.js(CHECKBOX_ROWS)
    p.click("#sheet-close")
    p.click("#inside summary")   # See inside: its summary keeps its marker, its checkboxes sit beside their words
    assert tour.js("getComputedStyle(document.querySelector('#inside summary')).display") == "list-item"
    stacked += tour.js(CHECKBOX_ROWS)
    p.click("#inside summary")
    assert stacked == []
    for mode in ("play", "edit", "race", "lab"):
        p.click(f"#mode-{mode}")
        p.wait_for_function("m => document.body.dataset.view === m || window.pymaze.snapshot().mode === m", arg=mode)
        small[mode] = tour.js(SMALL_TARGETS)
        p.click("#mode-watch")
        p.wait_for_function("window.pymaze.snapshot().mode === 'watch'")
    assert {mode: found for mode, found in small.items() if found} == {}


def test_a_newcomer_changes_the_generator_generates_and_solves_again(tour):
    p = tour.page
    p.wait_for_function("window.pymaze.state === 'done'", timeout=60000)  # the first visit's solve watched to its end
    p.select_option("#generator", "kruskal")
    p.wait_for_function("document.getElementById('settings-summary').textContent.includes('Kruskal')",
                        timeout=10000)  # the line under the board names the new generator
    got = tour.run("generate")
    assert got["kind"] == "generate" and got["state"] == "done"
    p.select_option("#solver", "astar")
    got = tour.run("solve")
    assert got["kind"] == "solve" and got["routeLength"] > 0
    # the route's colour on the board once the next frames have drawn it (a busy machine draws late)
    tour.page.wait_for_function(f"(a) => window.pymaze.painted && ({PIXELS})(a).route > 20",
                                arg=["#board", route_rgb(tour)], timeout=30000)
    in_first_viewport(tour, ["#generate", "#solve", "#back", "#play", "#step"])
    assert tour.errors() == []


@pytest.mark.parametrize("mode", MODES)
def test_every_mode_and_back_keeps_the_page_whole(tour, mode):
    p = tour.page
    if mode == "code":  # the Code mode is in the sheet, with the rest
        p.click("#settings-toggle")
    p.click(f"#mode-{mode}")
    if mode in ("play", "edit"):
        p.wait_for_function("m => window.pymaze.snapshot().mode === m", arg=mode)
        drawn(tour)
    elif mode == "race":
        p.click("#race-start")
        p.wait_for_function("window.pymaze.race().boards.length >= 2 && window.pymaze.race().boards.every((b) => b.total > 0)")
        p.click("#race-next")
        drawn(tour, ".race-view")
        if tour.size == "phone":  # the racers side by side, all on one screen
            boxes = tour.js("[...document.querySelectorAll('.race-view')].map((v) => v.getBoundingClientRect().toJSON())")
            assert boxes[0]["top"] == boxes[1]["top"] and boxes[1]["right"] <= tour.js("innerWidth"), boxes
    elif mode == "lab":
        assert p.is_visible("#lab-run")
    elif mode == "code":
        p.wait_for_selector(".cm-content", timeout=60000)
    no_overflow(tour, mode)
    p.click("#mode-watch")
    p.wait_for_function("window.pymaze.snapshot().mode === 'watch' && document.body.dataset.view === 'watch'")
    tour.page.wait_for_function("window.pymaze.painted")
    no_overflow(tour, f"back from {mode}")
    drawn(tour)
    in_first_viewport(tour, ["#generate", "#solve", "#back", "#play", "#step"])
    assert tour.errors() == []
