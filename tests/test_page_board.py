"""<pymaze-board>: the site's example page (boards.html, one module script) with a board from the page's
Share menu added: each board shows its link's run at its tick, equal to the page's layers and to CPython's
run; stepping, scrubbing and playing one leaves the others; a bad link says so; offline once seen."""

from array import array

import pytest

import pymaze
from browser import ARTIFACTS, CHROMIUM_ARGS  # noqa: F401 (the flags the fixtures launch with)
from pymaze import apply
from pymaze.run import Run

pytestmark = pytest.mark.browser

B_LINK = "#gen=dig&shape=hex&w=7&h=5&seed=3&sol=bfs&run=solve&speed=100"  # instant: no animation to wait for
BOARDS = {"a": ("#gen=kruskal&w=10&h=8&seed=5", 30), "b": (B_LINK, 12),
          "c": ("#gen=wilson&shape=polar&w=8&h=6&seed=4&sol=bfs&run=solve", 25)}
READY = "Promise.all([...document.querySelectorAll('pymaze-board')].map((b) => b.ready)).then(() => true)"


@pytest.fixture(scope="module")
def shared(browser, site_url):
    """Board b's HTML from the page's Share menu (the page at event 12 of B_LINK's solve) and the
    page's layers there; then the site's example page (boards a and c) with board b and a board of
    a bad link added to it.  The page's visit leaves the site's service worker installed."""
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"], viewport={"width": 1280, "height": 800})
    main = context.new_page()
    main.goto(site_url + B_LINK)
    main.wait_for_function("() => { const s = window.pymaze && window.pymaze.snapshot();"
                           " return s && s.kind === 'solve' && s.state === 'done'; }", timeout=90000)
    main.evaluate("window.pymaze.fetchAll()")
    main.evaluate("window.pymaze.seek(12)")
    main.click("#settings-toggle")
    main.click("#copy-embed")
    main.wait_for_function("window.pymaze.snapshot().message.startsWith('Embed code copied')")
    embed = main.evaluate("navigator.clipboard.readText()")
    at_page = main.evaluate("window.pymaze.snapshot()")
    at_page["link"] = main.evaluate("location.hash")
    main.evaluate("navigator.serviceWorker.ready.then(() => true)")
    main.close()
    page = context.new_page()
    console = []
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: console.append(f"pageerror: {e}"))
    page.goto(site_url + "boards.html")
    script, board = embed.split("\n")
    page.evaluate("""(html) => { document.body.insertAdjacentHTML('beforeend', html);
        document.body.insertAdjacentHTML('beforeend', '<pymaze-board id="bad" link="#gen=nosuch&amp;w=5"></pymaze-board>'); }""",
                  board.replace("<pymaze-board ", '<pymaze-board id="b" ', 1))
    page.wait_for_function("!!customElements.get('pymaze-board')")
    page.evaluate(READY)
    yield page, embed, at_page, context
    if console:
        print("\n--- browser console ---\n" + "\n".join(console))
    context.close()


@pytest.fixture
def boards(shared):
    return shared[0]


def test_the_share_menu_gives_one_script_and_a_board_at_the_pages_event(shared, site_url):
    page, embed, at_page, _ = shared
    script, board = embed.split("\n")
    assert script == f'<script type="module" src="{site_url}board.js"></script>'
    assert at_page["link"].startswith("#gen=dig&") and "&run=solve" in at_page["link"]
    assert board == f'<pymaze-board link="{at_page["link"].replace("&", "&amp;")}" tick="12"></pymaze-board>'
    got = snap(page, "b")
    assert at_page["cursor"] == got["tick"] == 12 and at_page["total"] == got["total"]
    for layer in ("wall", "mark", "num", "start", "goals"):
        assert got[layer] == at_page[layer], layer


def snap(page, board):
    return page.evaluate("(id) => document.getElementById(id).snapshot()", board)


def press(page, board, button, times=1):
    for _ in range(times):
        page.evaluate("([id, b]) => document.getElementById(id).shadowRoot.querySelector('.' + b).click()", [board, button])


def engine_run(board):
    """(the run the link names, made in CPython, its packed events)"""
    if board == "a":
        run = Run.generate("kruskal", 10, 8, seed=5)
    elif board == "b":
        run = Run.solve("bfs", pymaze.generate("dig", 7, 5, seed=3, shape="hex"), seed=3)
    else:
        run = Run.solve("bfs", pymaze.generate("wilson", 8, 6, seed=4, shape="polar"), seed=4)
    initial = run.initial.copy()
    return initial, run.events()


def at(board, tick):
    maze, events = engine_run(board)
    apply(maze, array("i", events[:4 * tick]))
    return maze, len(events) // 4


@pytest.mark.parametrize("board", BOARDS)
def test_each_board_shows_its_links_run_at_its_tick(boards, board):
    got = snap(boards, board)
    want, total = at(board, BOARDS[board][1])
    assert (got["tick"], got["total"]) == (BOARDS[board][1], total)
    assert bytes(got["wall"]) == bytes(want.wall)
    assert bytes(got["mark"]) == bytes(want.mark)
    assert got["num"] == list(want.num)
    assert got["start"] == want.start and got["goals"] == list(want.goals)
    text = boards.evaluate("(id) => document.getElementById(id).shadowRoot.querySelector('.count').textContent", board)
    assert text == f"{BOARDS[board][1]} / {total}"


def test_stepping_one_board_leaves_the_other(boards):
    other, third = snap(boards, "b"), snap(boards, "c")
    press(boards, "a", "step", 3)
    press(boards, "a", "back")
    got = snap(boards, "a")
    want, _ = at("a", 32)
    assert got["tick"] == 32 and bytes(got["wall"]) == bytes(want.wall) and bytes(got["mark"]) == bytes(want.mark)
    assert snap(boards, "b") == other
    # the scrubber: to the start, then the end; the other board still where it was
    boards.evaluate("""() => { const s = document.getElementById('a').shadowRoot.querySelector('.scrub');
                               s.value = '0'; s.dispatchEvent(new Event('input')); }""")
    start, _ = at("a", 0)
    assert bytes(snap(boards, "a")["wall"]) == bytes(start.wall) and snap(boards, "b") == other
    boards.evaluate("() => document.getElementById('a').seek(1e9)")
    final = pymaze.generate("kruskal", 10, 8, seed=5)
    assert bytes(snap(boards, "a")["wall"]) == bytes(final.wall)
    # play runs from the start to the end by itself
    press(boards, "a", "play")
    boards.wait_for_function("() => { const a = document.getElementById('a'); return !a.playing && a.tick === a.total; }",
                             timeout=30000)
    assert bytes(snap(boards, "a")["wall"]) == bytes(final.wall) and snap(boards, "b") == other
    assert snap(boards, "c") == third


def test_a_bad_link_shows_a_notice_and_no_run(boards):
    notice = boards.evaluate("() => { const n = document.getElementById('bad').shadowRoot.querySelector('.notice');"
                             " return n.hidden ? '' : n.textContent; }")
    assert notice == 'pymaze-board: unknown generator "nosuch"'
    assert snap(boards, "bad") is None
    # made by script too, and given its link afterwards
    made = boards.evaluate("""() => { const b = document.createElement('pymaze-board'); document.body.append(b);
        b.setAttribute('link', '#gen=dig&w=4&h=3&seed=1'); return b.ready.then(() => b.loaded >= 1); }""")
    assert made
    total = len(Run.generate("dig", 4, 3, seed=1).events()) // 4
    boards.wait_for_function("n => { const b = document.body.lastElementChild; return b.player && b.total === n && b.tick === n; }",
                             arg=total)
    assert bytes(boards.evaluate("document.body.lastElementChild.snapshot().wall")) == bytes(pymaze.generate("dig", 4, 3, seed=1).wall)


@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)])
def test_the_boards_are_drawn_at_both_sizes(boards, width, height):
    boards.set_viewport_size({"width": width, "height": height})
    ARTIFACTS.mkdir(exist_ok=True)
    for board in BOARDS:
        el = boards.locator(f"#{board}")
        box = el.bounding_box()
        assert 0 < box["width"] <= width - 16
        el.screenshot(path=str(ARTIFACTS / f"board-{board}-{width}.png"))
        # the maze canvas is laid out inside the board and painted (not all one colour)
        size = boards.evaluate("""(id) => { const c = document.getElementById(id).shadowRoot.querySelector('.maze');
            const r = c.getBoundingClientRect(), v = c.parentElement.getBoundingClientRect();
            const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
            let colours = new Set(); for (let i = 0; i < d.length; i += 4 * 97) colours.add(d[i] << 16 | d[i + 1] << 8 | d[i + 2]);
            return { w: r.width, h: r.height, vw: v.width, vh: v.height, colours: colours.size }; }""", board)
        assert 0 < size["w"] <= size["vw"] + 1 and 0 < size["h"] <= size["vh"] + 1 and size["colours"] >= 3


def test_the_boards_work_offline_once_seen(shared):
    """The site's service worker (installed by the page's visit, and registered by board.js too)
    answers every file with the network gone: the example page reloads, its engine boots from the
    cache and the boards show their runs again."""
    page, _, _, context = shared
    page.set_viewport_size({"width": 1280, "height": 800})
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    context.set_offline(True)
    try:
        page.reload()
        page.wait_for_function("!!customElements.get('pymaze-board')")
        page.evaluate(READY)
        for board in ("a", "c"):
            got, (want, total) = snap(page, board), at(board, BOARDS[board][1])
            assert (got["tick"], got["total"]) == (BOARDS[board][1], total) and bytes(got["wall"]) == bytes(want.wall)
            assert bytes(got["mark"]) == bytes(want.mark)
    finally:
        context.set_offline(False)
