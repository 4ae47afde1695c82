"""Pictures and the new text formats in the page (real Chromium): the same picture gives the same maze as
CPython's pymaze.picture, Accept makes it current and A* solves it; corrections, refusals, paste, exports."""

import base64
import json

import pytest

import pymaze
from pymaze import boxtext, formats, interop, picture

pytest.importorskip("PIL")
from pictures import draw, spoil  # noqa: E402
from test_page_share import import_text  # noqa: E402

pytestmark = pytest.mark.browser
KEYS = ("threshold", "angle", "kind", "crop", "pitch", "line", "size", "ends", "doubt", "bands")


def fresh(page):
    """Forget the panel's last state (a test before may have left it 'read' or 'failed'), so that
    ``panel`` waits for the reading that the next action starts."""
    page.js("() => { const p = document.getElementById('picture-panel'); if (p) p.dataset.state = 'reading'; }")


def choose(page, data, name, mime):
    fresh(page)
    page.page.set_input_files("#import-file", files=[{"name": name, "mimeType": mime, "buffer": data}])


def paste(page, data, mime):
    fresh(page)
    page.js("""([b64, mime]) => {
        const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        const dt = new DataTransfer();
        dt.items.add(new File([bytes], "clipboard", { type: mime }));
        document.dispatchEvent(new ClipboardEvent("paste", { clipboardData: dt, bubbles: true }));
    }""", [base64.b64encode(data).decode(), mime])


def panel(page, timeout=120000):
    """Wait for the picture panel's reading; its state, what it found (or None) and the message shown."""
    page.page.wait_for_function("() => ['read', 'failed'].includes(document.getElementById('picture-panel')"
                                ".dataset.state)", timeout=timeout)
    el = page.js("""() => { const p = document.getElementById('picture-panel');
        return { state: p.dataset.state, found: p.dataset.found, info: document.getElementById('picture-info')
        .textContent, hidden: p.hidden }; }""")
    el["found"] = json.loads(el["found"]) if el["found"] else None
    return el


def reread(page, act):
    fresh(page)
    act()
    return panel(page)


def accept(page):
    before = page.js("window.pymaze.runs")
    page.page.click("#picture-accept")
    page.page.wait_for_function("n => window.pymaze.runs > n", arg=before)
    page.wait_state("done", "idle", "paused")
    return page.snapshot()


def same_maze(snap, maze):
    assert (snap["width"], snap["height"]) == (maze.width, maze.height)
    assert bytes(snap["wall"]) == bytes(maze.wall)
    assert (snap["start"], snap["goals"]) == (maze.start, maze.goals)


@pytest.mark.parametrize("view,jpeg,angle", [("thin", None, 0.0), ("thin", 80, 1.3), ("block", None, -0.8),
                                             ("block", 85, 0.0)], ids=["thin-png", "thin-jpeg", "block-png",
                                                                      "block-jpeg"])
def test_a_picture_gives_the_same_maze_as_cpython_then_astar_solves_it(page, view, jpeg, angle):
    maze = pymaze.generate("kruskal", 11, 8, seed=4, geometry=view)
    data = spoil(draw(maze, 18 if view == "thin" else 9, 2, 14, view), angle, 4, jpeg, seed=2)
    want, found = picture.read_file(data)
    choose(page, data, "maze.jpg" if jpeg else "maze.png", "image/jpeg" if jpeg else "image/png")
    seen = panel(page)
    assert seen["state"] == "read" and not seen["hidden"], seen["info"]
    if not jpeg:  # PNG pixels are the same bytes in both: so is every figure
        assert {k: seen["found"][k] for k in KEYS} == json.loads(json.dumps(found))
    assert seen["found"]["wall"] == "".join("01"[c] for c in want.wall)
    assert seen["found"]["size"] == ([maze.cells_w, maze.cells_h] if view == "thin" else [maze.width, maze.height])
    snap = accept(page)
    same_maze(snap, want)
    assert snap["origin"] == "imported" and page.js("document.getElementById('picture-panel').hidden")
    page.page.select_option("#solver", "astar")
    solved = page.run("solve")
    assert solved["routeLength"] == pymaze.solve(want, "astar").moves
    assert page.errors() == []


def test_a_pasted_screenshot_opens_the_panel_and_corrections_read_again(page):
    maze = pymaze.generate("dig", 9, 6, seed=3)
    data = spoil(draw(maze, 20, 3, 10, marks=False), noise=6)
    paste(page, data, "image/png")
    seen = panel(page)
    assert seen["state"] == "read" and seen["found"]["ends"] == "corners"
    want = picture.read_file(data)[0]
    # S and G by clicks: the cell under the pointer
    bx, by = seen["found"]["bands"]
    box = page.js("() => { const r = document.getElementById('picture-canvas').getBoundingClientRect();"
                  " const c = document.getElementById('picture-canvas'); return [r.left, r.top, r.width / c.width,"
                  " c.width / %d]; }" % (draw(maze, 20, 3, 10).width))
    left, top, css, scale = box

    def click_cell(cx, cy):
        u, v = (bx[2 * cx + 1][0] + bx[2 * cx + 1][1]) / 2, (by[2 * cy + 1][0] + by[2 * cy + 1][1]) / 2
        return reread(page, lambda: page.page.mouse.click(left + u * scale * css, top + v * scale * css))

    page.page.check("input[name=picture-place][value=goal]")
    seen = click_cell(4, 2)
    assert seen["found"]["ends"] == "given" and seen["found"]["goals"] == [maze.cell(4, 2)]
    page.page.check("input[name=picture-place][value=start]")
    seen = click_cell(8, 5)
    assert seen["found"]["start"] == maze.cell(8, 5) and seen["found"]["goals"] == [maze.cell(4, 2)]
    # a threshold that leaves no ink: the reason is shown, nothing else changes, and detecting again recovers
    seen = reread(page, lambda: page.js("""() => { const t = document.getElementById('picture-threshold');
        t.value = 0; t.dispatchEvent(new Event('change')); }"""))
    assert seen["state"] == "failed" and ("ink" in seen["info"] or "frame" in seen["info"])
    assert page.js("document.getElementById('picture-accept').disabled")
    seen = reread(page, lambda: page.page.click("#picture-auto"))
    assert seen["state"] == "read" and seen["found"]["wall"] == "".join("01"[c] for c in want.wall)
    # a pitch twice as wide reads another grid
    seen = reread(page, lambda: (page.page.fill("#picture-pitch-x", str(2 * seen["found"]["pitch"][0])),
                                 page.page.dispatch_event("#picture-pitch-x", "change")))
    assert seen["state"] == "failed" or seen["found"]["size"][0] != maze.cells_w
    page.page.click("#picture-cancel")
    assert page.js("document.getElementById('picture-panel').hidden")


def test_a_picture_that_is_not_a_maze_says_so_and_changes_nothing(page):
    good = import_text(page, formats.to_block_text(pymaze.generate("dig", 7, 5, seed=1)))
    from PIL import Image
    data = spoil(Image.new("RGB", (300, 200), (250, 250, 245)))
    with pytest.raises(formats.MazeFormatError) as err:
        picture.read_file(data)
    choose(page, data, "photo.png", "image/png")
    seen = panel(page)
    assert seen["state"] == "failed" and str(err.value) in seen["info"]
    page.page.keyboard.press("Escape")
    page.page.click("#picture-cancel") if not page.js("document.getElementById('picture-panel').hidden") else None
    snap = page.snapshot()
    assert snap["wall"] == good["wall"] and snap["start"] == good["start"]
    choose(page, b"\x89PNG\r\n\x1a\nbroken", "broken.png", "image/png")
    page.page.wait_for_function("!document.getElementById('notice').hidden")
    assert "could not be decoded" in page.js("document.getElementById('notice-text').textContent")
    assert page.page.is_enabled("#generate")


def test_other_tools_text_imports_with_the_format_chooser_and_exports(page):
    m = pymaze.generate("kruskal", 6, 5, seed=2)
    mazelib_text = interop.to_mazelib_text(m.as_block(), pymaze.solve(m, "bfs").squares)
    same_maze(import_text(page, mazelib_text), formats.parse(mazelib_text))
    matrix = interop.to_matrix(m.as_block(), bare=True)
    same_maze(import_text(page, matrix), formats.parse(matrix))
    box = boxtext.to_box_text(m)
    snap = import_text(page, box)
    same_maze(snap, formats.parse(box))
    for fmt, ext in (("box", "txt"), ("mazelib", "txt"), ("matrix", "json")):
        with page.page.expect_download() as dl:
            page.page.click(f"#export-{fmt}")
        text = open(dl.value.path(), encoding="utf-8").read()
        assert text == formats.WRITERS[fmt](formats.parse(box)) and dl.value.suggested_filename.endswith(ext)
    # an ambiguous text names the formats; chosen as block text it reads (and fails) as block text
    snap = import_text(page, "#####\n#S.E#\n#####")
    assert "--from" in snap["notice"] and "mazelib" in snap["notice"]
    page.page.select_option("#import-format", "mazelib")
    snap = import_text(page, "#####\n#S E#\n#####")
    same_maze(snap, formats.parse("#####\n#S E#\n#####", "mazelib"))
    page.page.select_option("#import-format", "block")
    snap = import_text(page, mazelib_text)
    assert "unexpected character" in snap["notice"]
    page.page.select_option("#import-format", "auto")
    assert page.errors() == []


def test_a_picture_dropped_anywhere_on_the_page_opens_the_panel(page):
    maze = pymaze.generate("wilson", 8, 6, seed=5)
    data = spoil(draw(maze, 16, 2, 8), jpeg=90)
    transfer = page.page.evaluate_handle("""b64 => { const dt = new DataTransfer();
        const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        dt.items.add(new File([bytes], "scan.jpg", { type: "image/jpeg" })); return dt; }""",
                                         base64.b64encode(data).decode())
    fresh(page)
    page.page.dispatch_event("#maze", "dragover", {"dataTransfer": transfer})
    page.page.dispatch_event("#maze", "drop", {"dataTransfer": transfer})
    transfer.dispose()
    seen = panel(page)
    assert seen["state"] == "read"
    same_maze(accept(page), picture.read_file(data)[0])


@pytest.mark.parametrize("view", ["thin", "block"])
def test_the_pages_own_png_export_reads_back_as_the_same_walls(page, view):
    page.page.select_option("#view", view)
    snap = page.generate("dig", 12, 9, 6)
    solved = page.run("solve")  # the board with its colours, S, G and the route drawn over it
    with page.page.expect_download() as dl:
        page.page.click("#export-png")
    got, found = picture.read_file(dl.value.path())
    assert found["kind"] == view
    assert bytes(got.wall) == bytes(snap["wall"]) and got.start == solved["start"]
    page.page.select_option("#view", "thin")
