"""The "See inside" panel in real Chromium: closed at first; opened, stepping forward and back and
seeking move the highlighted source line to the line the engine in Python reports for the same
run (pymaze.inside), the data panel lists BFS's queue as it reports it, the parent arrows are its
parents and hovering a cell names its distance."""

import os

import pytest

from pymaze.inside import inside
from pymaze.run import Run

pytestmark = pytest.mark.browser

GEN = dict(slug="dig", width=8, height=6, seed=3)
LINK = f"#gen={GEN['slug']}&w={GEN['width']}&h={GEN['height']}&seed={GEN['seed']}&sol=bfs&run=solve&speed=100"


@pytest.fixture(scope="module")
def page(browser, site_url):
    p = browser.new_page(viewport={"width": 1280, "height": 800})
    errors = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    p.on("console", lambda m: m.type == "error" and errors.append(m.text))
    p.goto(site_url + LINK)
    p.wait_for_function("() => window.pymaze && window.pymaze.snapshot().state === 'done'", timeout=90000)
    p.evaluate("window.pymaze.fetchAll()")
    p.wait_for_function("() => { const s = window.pymaze.snapshot(); return s.cursor === s.total && s.finished; }",
                        timeout=90000)
    p.errors = errors
    yield p
    p.close()


def reference():
    maze = Run.generate(GEN["slug"], GEN["width"], GEN["height"], seed=GEN["seed"]).finish()
    run = Run.solve("bfs", maze, seed=GEN["seed"])
    return run, inside(run)


def shown_at(p, k):
    """Seek to k (or let the keys do it) and wait until the panel shows k; its line and queue."""
    p.wait_for_function("k => document.getElementById('inside').dataset.k === String(k)", arg=k, timeout=30000)
    line = p.eval_on_selector("#inside", "el => el.dataset.line")
    now = p.eval_on_selector_all(".inside-source .now", "els => els.map(e => Number(e.dataset.line))")
    cells = p.eval_on_selector_all(".inside-list[data-name=queue] li[data-cell]", "els => els.map(e => Number(e.dataset.cell))")
    return (int(line) if line else None), now, cells


def test_the_panel_is_closed_at_first_and_follows_step_back_and_seek(page):
    p = page
    assert not p.eval_on_selector("#inside", "el => el.open")
    assert p.is_visible("#inside summary") and not p.is_visible(".inside-source")
    run, ref = reference()
    total = p.evaluate("window.pymaze.progress().total")
    assert total == len(ref)
    p.click("#inside summary")
    p.wait_for_selector(".inside-source .src")
    text = p.inner_text(".inside-file")
    assert text.startswith("pymaze/solvers/bfs.py, lines ")
    # the source shown is the file's own lines
    src = {int(n): t for n, t in p.eval_on_selector_all(
        ".inside-source .src", "els => els.map(e => [e.dataset.line, e.textContent])")}
    real = ref.text.splitlines()
    assert all(t.rstrip("\n")[6:] == real[n - 1] for n, t in src.items())
    k = total // 2
    p.evaluate("k => window.pymaze.seek(k)", k)
    seen = []
    for key, delta in [(None, 0), ("ArrowRight", 1), ("ArrowRight", 1), ("ArrowRight", 1), ("ArrowLeft", -1),
                       ("ArrowLeft", -1), ("ArrowLeft", -1), ("ArrowLeft", -1)]:
        if key:
            p.focus("#board")
            p.keyboard.press(key)
        k += delta
        line, now, cells = shown_at(p, k)
        view = run.inspect(k)
        assert line == view.line == ref.lines[k - 1] and now == [line], k
        assert cells == [e["cell"] for e in view.structures["queue"]][:40], k
        seen.append(line)
    assert len(set(seen)) > 1, "the highlighted line moves with the steps"
    for k in (3, total, 0):
        p.evaluate("k => window.pymaze.seek(k)", k)
        line, now, cells = shown_at(p, k)
        assert line == run.inspect(k).line and now == ([line] if line else [])
    # a click on an entry picks its cell; the parent arrows toggle on
    k = next(k for k in range(12, total) if len(run.inspect(k).structures["queue"]) > 1)
    p.evaluate("k => window.pymaze.seek(k)", k)
    shown_at(p, k)
    p.click(".inside-list[data-name=queue] li[data-cell] >> nth=0")
    assert p.eval_on_selector_all(".inside-list li.picked", "els => els.length") == 1
    p.check(".inside-arrows")
    view = run.inspect(k)
    assert view.parents
    p.wait_for_function("n => window.pymaze.inside().parents === n", arg=len(view.parents))
    # hovering the first entry's cell names its distance
    first = view.structures["queue"][0]
    x, y = p.evaluate("c => window.pymaze.squareCentre(c)", first["cell"])
    p.mouse.move(x, y)
    p.wait_for_function("d => document.querySelector('.inside-hover').textContent.includes('queue entry 1: d ' + d)",
                        arg=first["distance"])
    if os.environ.get("PYMAZE_SHOTS"):
        p.screenshot(path=os.path.join(os.environ["PYMAZE_SHOTS"], "inside-1280.png"))
        p.set_viewport_size({"width": 390, "height": 844})
        p.locator("#inside").scroll_into_view_if_needed()
        p.screenshot(path=os.path.join(os.environ["PYMAZE_SHOTS"], "inside-390.png"), full_page=False)
        p.set_viewport_size({"width": 1280, "height": 800})
    assert not p.errors
