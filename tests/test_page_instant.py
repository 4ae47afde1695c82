"""The instant path in real Chromium: at speed "instant" the worker runs the algorithm without
events and the page shows its final layers; they are the board the watched run ends in, and
stepping back, seeking or reading a square's history afterwards makes the events again (from the
same seed), the very events the engine makes in Python."""

import pytest
from browser import Page

from pymaze.events import apply, unpack
from pymaze.solution import Solution
from pymaze.run import Run

pytestmark = pytest.mark.browser

W, H, SEED = 31, 23, 11


def board(snap):
    return (bytes(snap["wall"]), bytes(snap["mark"]), list(snap["num"]), snap["start"], snap["goals"],
            snap["routeLength"], snap["notes"])


def layers(maze):
    return bytes(maze.wall), bytes(maze.mark), list(maze.num), maze.start, list(maze.goals)


def stats(page):
    """The parts of the stats line beside the board."""
    return page.js("document.getElementById('stats').textContent").split("  ·  ")


def watched(page, button):
    """Run ``button`` at a fast but watched speed (every event through the page) and wait for its end."""
    page.speed(95)
    before = page.js("window.pymaze.runs")
    page.page.click(f"#{button}")
    page.page.wait_for_function("n => window.pymaze.runs > n && window.pymaze.state === 'done'", arg=before,
                                timeout=60000)
    snap = page.snapshot()
    assert not snap["deferred"] and snap["finished"] and snap["cursor"] == snap["total"] > 0
    return snap


def test_the_engine_warms_up_while_the_page_is_quiet_and_answers_meanwhile(page):
    # Once booted and while no request comes, the worker runs small mazes unseen (Session.warm_up), one
    # per task: a run asked for meanwhile is answered as ever, and the warm-up ends by itself.
    page.generate("dig", W, H, SEED, events=False)  # (answered between two warm-up runs, or before them)
    # (polled inside one evaluate: Playwright's wait_for_function takes an async predicate's promise for
    # true; and seldom: the warm-up waits for 300 ms without a request, a poll of the heap included)
    heap = page.js("""async () => {
        const until = performance.now() + 60000;
        for (;;) {
            const h = await window.pymaze.heap();
            if (h.warmed === h.warmRuns || performance.now() > until) return h;
            await new Promise((done) => setTimeout(done, 1500));
        }
    }""")
    assert heap["warmed"] == heap["warmRuns"] > 0   # all of it (perhaps before this test began), ended by itself
    later = page.run("solve", events=False)  # and the engine still runs what it is asked
    assert later["kind"] == "solve" and later["routeLength"] > 0


def test_instant_dig_and_bfs_end_on_the_watched_board_and_step_back(page):
    page.page.select_option("#solver", "bfs")
    gen = page.generate("dig", W, H, SEED, events=False)
    assert gen["deferred"] and gen["total"] == 0, "an instant run keeps no events"
    want = Run.generate("dig", W, H, seed=SEED)
    events = unpack(want.events())
    assert layers(want.maze) == board(gen)[:5]
    assert gen["message"] is not None and "instant (no events kept)" in stats(page)
    # the counts beside the board (the worker counts them) are the final maze's
    opened = sum(want.initial.wall) - sum(want.maze.wall)
    assert stats(page)[0] == f"passages opened {opened:,}"
    solved = page.run("solve", events=False)
    assert solved["deferred"]
    run = Run.solve("bfs", want.maze, seed=SEED)
    packed = run.events()
    events = unpack(packed)
    assert layers(run.maze) == board(solved)[:5]
    visited = Solution.from_events(run.initial, packed).visited  # the cells expanded, not those still marked
    assert stats(page)[:2] == [f"moves {board(solved)[5]:,}", f"visited {visited:,}"]

    # the same board as the page's own watched run of the same solve
    assert board(watched(page, "solve")) == board(solved)

    # instant again, then one step back: the events are made again, the state is the one before the last
    solved = page.run("solve", events=False)
    assert solved["deferred"]
    page.page.focus("#board")
    page.page.keyboard.press("ArrowLeft")
    page.page.wait_for_function("() => { const s = window.pymaze.snapshot(); return !s.deferred && !s.busy"
                                " && s.cursor === s.total - 1; }", timeout=60000)
    snap = page.snapshot()
    assert snap["total"] == len(events) and snap["finished"]
    before_last = run.initial.copy()
    apply(before_last, [x for e in events[:-1] for x in e])
    assert layers(before_last) == board(snap)[:5]
    # and a seek to the start is the maze the solve began on
    page.js("window.pymaze.seek(0)")
    assert layers(run.initial) == board(page.snapshot())[:5]

    # Replay at the end of an instant run plays its events, made again, from the start
    end = board(page.run("solve", events=False))
    page.speed(95)
    page.page.click("#play")
    page.page.wait_for_function("() => { const s = window.pymaze.snapshot(); return s.state === 'done'"
                                " && s.finished && s.cursor === s.total; }", timeout=60000)
    assert board(page.snapshot()) == end and page.snapshot()["total"] == len(events)
    assert not page.errors()


def test_a_seek_or_a_squares_history_after_an_instant_generate_makes_its_events(page):
    gen = page.generate("kruskal", 12, 9, 4, events=False)
    assert gen["deferred"]
    run = Run.generate("kruskal", 12, 9, seed=4)
    events = unpack(run.events())
    k = len(events) // 2
    page.js("k => window.pymaze.seek(k)", k)  # the timeline's seek: its events first, then the seek
    page.page.wait_for_function("k => window.pymaze.snapshot().cursor === k && !window.pymaze.snapshot().deferred",
                                arg=k, timeout=60000)
    half = run.initial.copy()
    apply(half, [x for e in events[:k] for x in e])
    assert layers(half) == board(page.snapshot())[:5]
    assert page.snapshot()["total"] == len(events)
    assert not page.errors()


def test_a_recycled_worker_keeps_the_log_and_answers_the_next_job_on_the_maze_shown(browser, site_url):
    """With ?recycle=0 the page replaces its worker after every run it holds (an instant run's end,
    or every event), as it does after a big run to give Pyodide's heap back: a fresh worker boots in
    the background and is given the maze, the generate and the solve.  The event log and step-back
    stay, an instant run stepped back afterwards gets its events from the fresh worker, and the
    next solve solves the maze shown."""
    page = Page(browser, site_url + "?recycle=0", {"width": 1280, "height": 800})

    def recycled(n):
        page.page.wait_for_function("n => window.pymaze.engine().recycles >= n && !window.pymaze.engine().recycling",
                                    arg=n, timeout=90000)

    try:
        page.page.select_option("#solver", "bfs")
        page.page.wait_for_function("() => window.pymaze.engine().recycles >= 1", timeout=90000)  # the default maze's
        # (a fresh worker still booting counts once it is up; one already up and being handed the maze, as
        # a call right after the handover does, has been counted)
        n = page.js("window.pymaze.engine().recycles") + (1 if page.js("window.pymaze.engine().booting") else 0)
        recycled(n)
        gen = page.generate("dig", W, H, SEED, events=False)
        assert gen["deferred"]
        page.page.wait_for_function("() => window.pymaze.engine().recycling", timeout=60000)
        message = page.js("document.getElementById('message').textContent")   # starting, or already taking over
        assert "fresh engine is starting" in message or "fresh engine is taking the maze over" in message, message
        recycled(n + 1)
        # one step back: the fresh worker makes the run's events again
        page.page.focus("#board")
        page.page.keyboard.press("ArrowLeft")
        page.page.wait_for_function("() => { const s = window.pymaze.snapshot(); return !s.deferred && !s.busy"
                                    " && s.finished && s.cursor === s.total - 1; }", timeout=60000)
        want = Run.generate("dig", W, H, seed=SEED)
        events = unpack(want.events())
        before_last = want.initial.copy()
        apply(before_last, [x for e in events[:-1] for x in e])
        assert page.snapshot()["total"] == len(events) and layers(before_last) == board(page.snapshot())[:5]
        recycled(n + 2)  # the run held whole: replaced again
        solved = page.run("solve", events=False)
        run = Run.solve("bfs", want.maze, seed=SEED)
        events = unpack(run.events())
        assert solved["deferred"] and layers(run.maze) == board(solved)[:5]
        recycled(n + 3)
        # the solve's events from yet another worker, and the log outlives it: the start of the solve
        assert page.js("window.pymaze.fetchAll()") == len(events)
        page.js("window.pymaze.seek(0)")
        assert layers(run.initial) == board(page.snapshot())[:5]
        page.js("window.pymaze.seek(1e9)")
        assert layers(run.maze) == board(page.snapshot())[:5]
        recycled(n + 4)
        assert not page.errors(), page.errors()
    finally:
        page.page.close()
