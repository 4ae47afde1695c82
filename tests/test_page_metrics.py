"""The metrics panel: after generate and after solve it shows pymaze.metrics of the maze, from the worker."""

import pytest

import pymaze
from browser import Page


@pytest.fixture(scope="module")
def page(browser, site_url):
    p = Page(browser, site_url, {"width": 1366, "height": 768})
    yield p
    p.page.close()


def panel(page):
    page.page.wait_for_selector("#metrics:not([hidden])")
    pairs = page.js("[...document.querySelectorAll('#metrics > div')]"
                    ".map(d => [d.querySelector('dt').textContent, d.querySelector('dd').textContent])")
    return dict(pairs)


def expected(m):
    return {"cells": str(m["cells"]), "dead ends": f"{m['dead_ends']} ({100 * m['dead_end_share']:.1f} %)",
            "junctions": str(m["junctions"]), "longest straight": str(m["longest_straight"]),
            "solution": f"{m['solution_length']} moves", "perfect": "yes" if m["perfect"] else "no"}


def shows_figures_of(page, maze):
    """Wait for the panel to show ``maze``'s figures (its solution first), check them all; the figures."""
    want = expected(pymaze.metrics(maze))
    page.page.wait_for_function("s => [...document.querySelectorAll('#metrics dd')].some(d => d.textContent === s)",
                                arg=want["solution"])
    shown = panel(page)
    assert {k: shown[k] for k in want} == want
    return want


@pytest.mark.browser
def test_metrics_panel_after_generate_and_after_solve(page):
    page.generate("dig", 17, 11, 5)
    page.page.wait_for_function("() => document.querySelector('#metrics dd')")
    maze = pymaze.generate("dig", 17, 11, seed=5)
    shown = panel(page)
    want = expected(pymaze.metrics(maze))
    assert {k: shown[k] for k in want} == want
    # farthest relocates S and G: the panel must follow the solved maze, not the generated one.
    page.page.select_option("#solver", "farthest")
    page.run("solve")
    run = pymaze.Run.solve("farthest", maze)
    run.finish()
    want = shows_figures_of(page, run.maze)
    assert want["solution"] != expected(pymaze.metrics(maze))["solution"]


@pytest.mark.browser
def test_a_big_maze_offers_its_metrics_instead_of_holding_up_the_engine(page):
    page.generate("dig", 320, 310, 2, events=False)
    page.page.wait_for_selector("#metrics-ask")
    assert page.js("document.querySelectorAll('#metrics dd').length") == 0  # nothing measured yet
    page.page.click("#metrics-ask")
    page.page.wait_for_function("() => document.querySelector('#metrics dd')")
    want = expected(pymaze.metrics(pymaze.generate("dig", 320, 310, seed=2)))
    shown = panel(page)
    assert {k: shown[k] for k in want} == want


@pytest.mark.browser
def test_the_figures_come_when_a_step_back_remakes_the_events_of_an_instant_run(page):
    # An instant run keeps no events; remaking them just as the figures are asked for (a step back
    # right after the run, as the tests' fetchAll does) keeps the engine busy then, and the engine
    # refuses: the figures must come all the same once the events are out.
    page.page.select_option("#generator", "dig")
    page.fill(width=300, height=300, seed=3)
    page.speed(100)
    page.page.click("#generate")  # (no snapshot of the board: 361,201 squares would take seconds)
    page.page.wait_for_function("() => window.pymaze.state === 'done' && !document.body.classList.contains('busy')"
                                " && window.pymaze.progress().total === 0")
    page.page.select_option("#solver", "bfs")
    page.js("""(() => { const n = pymaze.runs;
      const watch = () => {
        if (pymaze.runs > n && pymaze.state === 'done' && pymaze.progress().total === 0)
          setTimeout(() => { window.remade = pymaze.fetchAll(); }, 120);  // (the figures are asked for at 200 ms)
        else requestAnimationFrame(watch); };
      requestAnimationFrame(watch); })()""")
    page.page.click("#solve")
    page.page.wait_for_function("() => window.remade")
    page.page.evaluate("() => window.remade")
    run = pymaze.Run.solve("bfs", pymaze.generate("dig", 300, 300, seed=3))
    run.finish()
    shows_figures_of(page, run.maze)
