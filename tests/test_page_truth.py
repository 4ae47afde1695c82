"""Every number and mark on the page tells the truth, in real Chromium: what "visited" counts,
what a mode switch leaves on the board, S and G on every shape, the units of turning, one
coordinate convention, and the page's own pages free of console errors."""

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


def watched_solve(page, speed=55):
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
