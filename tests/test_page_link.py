"""Permalinks in the page (real Chromium): a copied link rebuilds the same maze and run in a
fresh page; bad or hostile fragments leave the defaults and a notice, nothing else."""

from urllib.parse import quote

import pytest

import pymaze
import reference
from pymaze.events import apply
from pymaze.run import Run

pytestmark = pytest.mark.browser

LAYERS = ("width", "height", "geometry", "start", "goals", "wall", "mark", "num", "routeLength", "kind", "total")


def open_link(context, url, kind="generate"):
    """A new page at ``url``, waited on until its run of ``kind`` (or the failed link) is over."""
    p = context.new_page()
    errors = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    p.on("console", lambda m: m.type == "error" and errors.append(m.text))
    p.goto(url)
    p.wait_for_function("k => { const s = window.pymaze && window.pymaze.snapshot();"
                        " return s && s.kind === k && s.state === 'done' && s.cursor === s.total; }",
                        arg=kind, timeout=90000)
    total = p.evaluate("window.pymaze.fetchAll()")  # an instant run's events, made again (this run's, not an earlier one's)
    assert total == p.evaluate("window.pymaze.progress().total"), "the events fetched are not the run's shown"
    return p, errors


@pytest.fixture(scope="module")
def context(browser, site_url):
    c = browser.new_context(permissions=["clipboard-read", "clipboard-write"], viewport={"width": 1366, "height": 768})
    yield c
    c.close()


def test_copied_link_rebuilds_the_same_maze_and_solve(page, context):
    page.page.select_option("#generator", "growing")
    page.page.select_option("[data-param=policy]", "mix")
    page.fill(width=15, height=11, seed=9)
    page.page.select_option("#view", "block")
    page.run("generate")
    page.page.select_option("#solver", "astar")
    page.page.select_option("#solver-options [data-param=heuristic]", index=1)
    page.speed(100)
    solved = page.run("solve")
    assert "gen=growing" in page.page.url and "run=solve" in page.page.url  # the address bar follows the runs

    mine = context.new_page()
    mine.goto(page.page.url)
    mine.wait_for_function("window.pymaze && window.pymaze.snapshot().kind === 'solve'"
                           " && window.pymaze.state === 'done'", timeout=90000)
    mine.click("#settings-toggle")  # Copy link is in the settings sheet
    mine.click("#copy-link")
    mine.wait_for_function("window.pymaze.snapshot().message === 'Link copied.'")
    url = mine.evaluate("navigator.clipboard.readText()")
    mine.close()
    other, errors = open_link(context, url, "solve")
    try:
        snap = other.evaluate("window.pymaze.snapshot()")
        assert {k: snap[k] for k in LAYERS} == {k: solved[k] for k in LAYERS}
        assert snap["routeLength"] > 0 and snap["notice"] == "" and not errors
        for field in ("generator", "solver", "width", "height", "seed", "view", "speed"):
            assert other.input_value(f"#{field}") == page.page.input_value(f"#{field}"), field
        assert other.input_value("#solver-options [data-param=heuristic]") == \
            page.page.input_value("#solver-options [data-param=heuristic]")
    finally:
        other.close()


def test_the_link_holds_what_ran_not_what_the_fields_say_now(page):
    page.page.select_option("#generator", "dig")
    page.fill(width=9, height=7, seed=4)
    page.run("generate")
    page.fill(width=30, height=20, seed=77)  # changed, not generated
    page.page.click("#copy-link")
    assert "w=9&h=7&seed=4" in page.page.url
    page.page.select_option("#solver", "bfs")
    solved = page.run("solve")
    assert "w=9&h=7&seed=4" in page.page.url and "run=solve" in page.page.url
    assert (solved["width"], solved["height"]) == (2 * 9 + 1, 2 * 7 + 1)


def test_an_imported_maze_has_no_link(page):
    page.js("t => { document.getElementById('import-text').value = t; }", "#####\n#S G#\n#####\n")
    before = page.js("window.pymaze.runs")
    page.page.click("#import")
    page.page.wait_for_function("n => window.pymaze.runs > n && window.pymaze.state === 'done'", arg=before)
    assert "#" not in page.page.url  # the address bar no longer claims the last generated maze
    page.page.click("#copy-link")
    assert "export" in page.snapshot()["notice"]


HOSTILE = [
    ("gen=" + quote('<img src=x onerror="window.__pwned=1">') + "&w=99999&seed="
     + quote("<script>window.__pwned=2</script>") + "&view=" + quote("<b>x</b>"),
     ["unknown generator", "width must be a whole number from 1 to 2000",
      "seed must be a whole number", "view must be thin, block or 3d"], "generate"),
    ("gen=dig&g.bias=7&g.mode=" + quote("</select><svg onload=window.__pwned=3>") + "&g.nope=1&h=-3",
     ["bias must be a number from -1 to 1", "mode must be one of", 'dig has no option "nope"',
      "height must be a whole number"], "generate"),
    ("sol=bfs&speed=1e9&run=solve&%E0%A4%A=%ZZ&w=1.5", ["unknown key", "speed must be", "width must be"], "solve"),
]


@pytest.mark.parametrize("fragment, problems, kind", HOSTILE)
def test_hostile_fragments_only_give_a_notice(context, site_url, fragment, problems, kind):
    other, errors = open_link(context, site_url + "#" + fragment, kind)
    try:
        snap = other.evaluate("window.pymaze.snapshot()")
        assert snap["notice"].startswith("Some link values were ignored (defaults kept)")
        for problem in problems:
            assert problem in snap["notice"]
        assert snap["notice"].count(";") == len(problems) - 1  # one entry per bad value, nothing else
        # the defaults that stayed: 21 x 15 cells of thin walls
        assert (snap["width"], snap["height"], snap["geometry"]) == (2 * 21 + 1, 2 * 15 + 1, "thin")
        assert other.evaluate("window.__pwned") is None
        assert other.evaluate("document.querySelectorAll('img, b, svg, main script').length") == 0
        assert not errors
    finally:
        other.close()


def test_solve_started_while_the_maze_is_still_animating_keeps_every_event(page):
    """Batches the page asked for on behalf of the generate run must not eat the solve's first events."""
    page.page.select_option("#generator", "dig")
    page.page.select_option("#solver", "bfs")
    page.fill(width=300, height=200, seed=5)
    page.speed(100)  # instant: the page keeps asking for batches of the generate run
    page.js("""async () => {
        const n = window.pymaze.runs;
        document.getElementById('generate').click();
        while (window.pymaze.runs === n) await new Promise((r) => setTimeout(r, 0));
        document.getElementById('solve').click();  // the generate run has only just begun
    }""")
    page.page.wait_for_function("window.pymaze.snapshot().kind === 'solve' && window.pymaze.state === 'done'")
    page.js("window.pymaze.fetchAll()")  # an instant solve's events, made again
    snap = page.snapshot()
    run = Run.solve("bfs", Run.generate("dig", 300, 200, 5).finish(), 5)
    want = run.initial.copy()
    events = run.events()
    apply(want, events)
    assert snap["total"] == len(events) // 4
    assert (snap["mark"], snap["num"]) == (list(want.mark), list(want.num))
    assert snap["routeLength"] == reference.shortest_moves(want) > 0


def test_a_link_pasted_into_the_open_page_opens_too(page):
    before = page.js("window.pymaze.runs")
    page.js("location.hash = 'gen=sidewinder&w=9&h=6&seed=44&speed=100'")
    page.page.wait_for_function("n => window.pymaze.runs > n && window.pymaze.state === 'done'", arg=before)
    snap = page.snapshot()
    assert snap["wall"] == list(pymaze.generate("sidewinder", 9, 6, seed=44).wall)
    assert page.page.input_value("#generator") == "sidewinder" and snap["notice"] == ""


def test_a_plain_address_opens_on_the_default_maze_being_solved(context, site_url):
    # The first visit draws the default maze at once, then animates its solve at the slider's speed.
    p = context.new_page()
    try:
        p.goto(site_url)
        p.wait_for_function("window.pymaze && window.pymaze.runs > 1", timeout=90000)  # Pyodide boots slowly on a busy machine
        assert p.evaluate("window.pymaze.snapshot().kind") == "solve"
        assert p.evaluate("window.pymaze.state") == "running"  # the solve, animated at the default speed
        width, height, seed, slug = (p.input_value(f"#{f}") for f in ("width", "height", "seed", "generator"))
        p.evaluate("() => { const s = document.getElementById('speed'); s.value = s.max;"
                   " s.dispatchEvent(new Event('input')); }")
        p.wait_for_function("window.pymaze.state === 'done'")
        snap = p.evaluate("window.pymaze.snapshot()")
        assert snap["wall"] == list(pymaze.generate(slug, int(width), int(height), seed=int(seed)).wall)
        assert "gen=" in p.url  # and the address bar holds its link
    finally:
        p.close()
