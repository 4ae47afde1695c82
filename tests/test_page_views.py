"""The state machine's views (web/app/machine.js, web/app/views.js): from every view and input mode
(Watch, Play, Edit, Race, Lab, Code) to every other and back, in real Chromium.  After each move
the one mode button pressed is the machine's, body's data-view is the machine's view, the board
(where the view shows it) has a maze on it (its pixels read back: not blank, not one colour), and
no console or page error was written.  One page, shared by the tests.
"""

import re

import pytest

from browser import Page
from test_page_first_minute import drawn

pytestmark = pytest.mark.browser
VIEWS = ["watch", "play", "edit", "race", "lab", "code"]
BUTTONS = "[...document.querySelectorAll('[id^=mode-]')].filter((b) => b.getAttribute('aria-pressed') === 'true').map((b) => b.id)"


@pytest.fixture(scope="module")
def views(browser, site_url, request):
    p = Page(browser, site_url + "#gen=dig&w=15&h=10&seed=4&sol=bfs&run=solve&speed=100", {"width": 1280, "height": 800},
             open_sheet=False)
    p.wait_state("done")
    yield p
    if request.session.testsfailed:
        print("\n--- browser console ---\n" + "\n".join(p.console))
    p.page.close()


def go(p, view):
    """Press the view's button (Code's is in the settings sheet, a toggle) and wait until the machine is there."""
    if p.js(f"document.getElementById('mode-{view}').getAttribute('aria-pressed')") == "true":
        return
    p.js(f"document.getElementById('mode-{view}').click()")
    machine_view = view if view in ("race", "lab", "code") else "watch"
    mode = view if view in ("play", "edit") else "watch"
    p.page.wait_for_function("([v, m]) => document.body.dataset.view === v && window.pymaze.snapshot().mode === m"
                             " && !window.pymaze.snapshot().busy", arg=[machine_view, mode], timeout=30000)


def check(p, view):
    assert p.js(BUTTONS) == [f"mode-{view}"]
    machine_view = view if view in ("race", "lab", "code") else "watch"
    assert p.js("document.body.dataset.view") == machine_view
    if view in ("race", "lab"):  # the board is not shown: the view's own box is
        assert not p.page.is_visible("#board") and p.page.is_visible(f"#{view}")
    else:
        p.page.wait_for_function("window.pymaze.painted", timeout=30000)
        drawn(p)
        assert p.page.is_visible("#board")
    if view in ("watch", "code"):
        told(p)
    if view != "code":
        assert not p.page.is_visible("#code")
    if view != "race":
        assert not p.page.is_visible("#race")
    if view != "lab":
        assert not p.page.is_visible("#lab")
    assert p.errors() == []


def told(p):
    """The stats line and the step panel speak of the run shown: no step past its events, none "at
    the beginning" of a run shown at its end, and for a maze with no run (as Play or Edit left it)
    no counts of a run that did not happen but what to do."""
    snap, stats = p.snapshot(), p.js("document.getElementById('stats').textContent")
    step = re.match(r"step ([\d,]+)", snap["step"])
    assert not step or int(step.group(1).replace(",", "")) <= snap["total"], (snap["step"], snap["total"])
    if snap["deferred"] or snap["finished"] and snap["cursor"] == snap["total"] > 0:
        assert snap["step"] != "at the beginning", (snap["step"], snap["cursor"], snap["total"])
    if snap["finished"] and not snap["total"] and not snap["deferred"]:
        assert "no run" in stats and "opened 0" not in stats, stats


@pytest.mark.parametrize("first", VIEWS)
def test_every_view_to_every_other_and_back_leaves_a_drawn_board(views, first):
    for other in VIEWS:
        if other == first:
            continue
        go(views, first)
        check(views, first)
        go(views, other)
        check(views, other)
    go(views, first)
    check(views, first)


def test_a_race_run_then_watch_shows_the_watch_run_drawn(views):
    """The race's boards are its own: back in Watch the board holds the Watch run, at its end."""
    go(views, "watch")
    before = views.run("generate")  # (after Play and Edit the Watch run is the maze alone: a run with no events)
    assert before["cursor"] == before["total"] > 0
    go(views, "race")
    views.page.click("#race-start")
    views.page.wait_for_function("window.pymaze.race().boards.length >= 2", timeout=60000)
    go(views, "watch")
    check(views, "watch")
    after = views.snapshot()
    assert after["wall"] == before["wall"] and after["cursor"] == after["total"] > 0


def test_the_example_race_then_watch_shows_its_maze_at_the_end(views):
    """The race's Example opens its own link (a 60x40 maze, made at once in the engine under the
    race); back in Watch that maze is drawn and the step panel says it is at its end."""
    go(views, "race")
    views.page.click("#race-example")
    views.page.wait_for_function("window.pymaze.race().boards.length >= 3 && location.hash.includes('r=astar')", timeout=60000)
    go(views, "watch")
    views.page.wait_for_function("window.pymaze.snapshot().width === 121", timeout=60000)
    check(views, "watch")
    assert views.snapshot()["deferred"] or views.snapshot()["cursor"] == views.snapshot()["total"] > 0


# The board as drawn: its canvases (maze, overlay, labels) flattened on white into `g`, a canvas
# `base`'s size (the start of the two readers below).
FLATTENED = """
  const layers = [...document.querySelectorAll('#board canvas')], base = layers[0];
  const c = document.createElement('canvas');
  c.width = base.width; c.height = base.height;
  const g = c.getContext('2d');
  g.fillStyle = '#ffffff'; g.fillRect(0, 0, c.width, c.height);
  for (const l of layers) if (l.width === base.width && l.height === base.height) g.drawImage(l, 0, 0);
"""

# The board as drawn around the centre of cell p, `r` device px about it: how many pixels are near
# white and how many near `rgb` (an end's colour).
END_PIXELS = """([p, r, rgb]) => {""" + FLATTENED + """
  const box = base.getBoundingClientRect(), [cx, cy] = window.pymaze.squareCentre(p);
  const x = Math.round((cx - box.left) * base.width / box.width), y = Math.round((cy - box.top) * base.height / box.height);
  const d = g.getImageData(x - r, y - r, 2 * r + 1, 2 * r + 1).data, out = { white: 0, end: 0 };
  for (let i = 0; i < d.length; i += 4) {
    if (d[i] > 235 && d[i + 1] > 235 && d[i + 2] > 235) out.white++;
    if (Math.abs(d[i] - rgb[0]) + Math.abs(d[i + 1] - rgb[1]) + Math.abs(d[i + 2] - rgb[2]) < 60) out.end++;
  }
  return out;
}"""


@pytest.mark.parametrize("shape,size", [("polar", (30, 24)), ("polar", (10, 8)), ("hex", (30, 20)), ("levels", (12, 8)),
                                        ("square", (150, 100))])
def test_s_and_g_show_their_letter_and_colour_after_a_solve_on_every_shape(views, shape, size):
    """S and G keep their letter (white on their colour, or their colour on a white rim) where they
    are, after a generate and a solve, however small their cells (a polar maze's outer rings)."""
    go(views, "watch")
    views.open_sheet()
    views.page.select_option("#shape", shape)
    views.page.wait_for_function("!document.body.classList.contains('busy')", timeout=60000)
    views.fill(width=size[0], height=size[1])
    views.run("generate", events=False)
    snap = views.run("solve", events=False)
    views.page.wait_for_function("window.pymaze.painted", timeout=30000)
    palette = views.js("window.pymaze.palette().parts")
    for p, name in [(snap["start"], "start"), *[(q, "goal") for q in snap["goals"]]]:
        colour = palette[name]["colour"]
        rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
        px = views.js(END_PIXELS, [p, 4, rgb])
        assert px["white"] >= 3 and px["end"] >= 3, (shape, size, name, p, px)
    if shape != "square":  # the board's text names S and G by their grid position, as the library does
        from pymaze.graph import Lattice
        depth = int(views.js("document.getElementById('depth').value")) if shape == "levels" else 1
        lattice = Lattice(shape, *size, depth=depth)
        alt = views.js("document.getElementById('board').getAttribute('aria-label')")
        for letter, p in [("S", snap["start"]), ("G", snap["goals"][0])]:
            assert f"{letter} at ({', '.join(map(str, lattice.position(p)))})" in alt, alt
    assert views.errors() == []


# The pixel of the board as drawn at the centre of each cell in `cells` (RGB).
CENTRES = """(cells) => {""" + FLATTENED + """
  const box = base.getBoundingClientRect();
  return cells.map((p) => {
    const [cx, cy] = window.pymaze.squareCentre(p);
    const x = Math.round((cx - box.left) * base.width / box.width), y = Math.round((cy - box.top) * base.height / box.height);
    return Array.from(g.getImageData(x, y, 1, 1).data.slice(0, 3));
  });
}"""


def test_the_wave_route_reads_as_a_line_through_its_numbered_cells(views):
    """After a wave solve the route line runs unbroken through the middle of every cell on it (the
    numbers there give way to it; every other reached cell keeps its number)."""
    go(views, "watch")
    views.open_sheet()
    views.page.select_option("#shape", "square")
    views.page.wait_for_function("!document.body.classList.contains('busy')", timeout=60000)
    views.fill(width=15, height=10, seed=4)
    views.page.select_option("#solver", "wave")
    views.run("generate", events=False)
    snap = views.run("solve", events=False)
    views.page.wait_for_function("window.pymaze.painted", timeout=30000)
    route_mark, line = views.js("[window.pymaze.palette().route, window.pymaze.palette().parts.route.colour]")
    rgb = [int(line[i:i + 2], 16) for i in (1, 3, 5)]
    ends = {snap["start"], *snap["goals"]}
    cells = [p for p, m in enumerate(snap["mark"]) if m == route_mark and p not in ends]
    assert len(cells) >= 20, len(cells)
    on_line = [p for p, px in zip(cells, views.js(CENTRES, cells)) if sum(abs(a - b) for a, b in zip(px, rgb)) < 40]
    assert len(on_line) == len(cells), f"{len(cells) - len(on_line)} of {len(cells)} route cells hide the line"


@pytest.mark.parametrize("left", ["play", "edit"])
def test_a_maze_with_no_run_offers_no_replay(views, left):
    """Back in Watch from Play or Edit the maze shown has no run: the transport's play button offers
    no replay of nothing (it is off and says to Solve), as the message line says."""
    go(views, "watch")
    views.run("generate", events=False)
    go(views, left)
    go(views, "watch")
    views.wait_state("done")  # (the maze Play or Edit left is shown as a run of no events, ended a frame later)
    snap = views.snapshot()
    assert snap["finished"] and not snap["total"] and not snap["deferred"], snap["total"]
    button = views.js("(() => { const b = document.getElementById('play');"
                      " return { off: b.disabled, text: b.textContent, title: b.title }; })()")
    assert button["off"] and "Solve" in button["title"] and "↺" not in button["text"], button
    # (the message line follows at the next frame the loop draws: on a busy machine, a while later)
    views.page.wait_for_function("document.getElementById('stats').textContent.includes('no run')", timeout=10000)
    views.page.keyboard.press("Space")  # the key does nothing either
    assert views.snapshot()["state"] == "done" and views.snapshot()["total"] == 0
