"""Import and export in the page (real Chromium) against the CPython parser and writers."""

import re
from collections import deque
from pathlib import Path

import pytest
from browser import read_png

import pymaze
from pymaze import formats
from pymaze.errors import GeometryError
from pymaze.web import MAX_IMPORT

pytestmark = pytest.mark.browser

HOSTILE = ("<img src=x onerror=\"window.__pwned=1\">\n"
           "<script>window.__pwned=2</script>\n#####\n#S G#\n")
DATA = Path(__file__).resolve().parent / "data"
PALETTE = (Path(__file__).resolve().parent.parent / "web" / "board" / "palette.js").read_text()


def clear_notice(page):
    """Dismiss any notice, so that waiting for one waits for the next import's."""
    page.js("() => { if (!document.getElementById('notice').hidden) document.getElementById('notice-close').click(); }")


def imported(page, act):
    """Run `act` (something that imports) and wait until it loaded a maze or put up a notice."""
    clear_notice(page)
    before = page.js("window.pymaze.runs")
    act()
    page.page.wait_for_function(
        "n => window.pymaze.runs > n || !document.getElementById('notice').hidden", arg=before)
    page.wait_state("done", "idle", "paused")
    return page.snapshot()


def drop_file(page, text, name="maze.txt", target="#import-text"):
    """Drag a file holding `text` over `target` (the import area, or anywhere on the page) and drop
    it there, as real bubbling drag events."""
    transfer = page.page.evaluate_handle(
        "([text, name]) => { const dt = new DataTransfer();"
        " dt.items.add(new File([text], name, { type: 'text/plain' })); return dt; }", [text, name])
    page.page.dispatch_event(target, "dragover", {"dataTransfer": transfer})
    assert page.js("document.getElementById('import-text').classList.contains('drop')")
    page.page.dispatch_event(target, "drop", {"dataTransfer": transfer})
    transfer.dispose()


def pick_file(page, path):
    """Choose the file at `path` in the file picker."""
    page.page.set_input_files("#import-file", str(path))


def assert_same_maze(snap, want):
    """The page's maze (a snapshot) is `want`, the CPython parser's maze, and no notice is up."""
    assert snap["notice"] == ""
    assert (snap["geometry"], snap["width"], snap["height"], snap["start"], snap["goals"]) == \
        (want.geometry, want.width, want.height, want.start, want.goals)
    assert snap["wall"] == list(want.wall)


def maze_of(snap):
    """The maze part of a page snapshot, to compare two snapshots."""
    return {k: snap[k] for k in ("geometry", "width", "height", "wall", "start", "goals")}


def import_text(page, text):
    """Paste `text` and press Import."""
    def paste():
        page.js("t => { document.getElementById('import-text').value = t; }", text)
        page.page.click("#import")
    return imported(page, paste)


def write(path, text):
    """`text` written to `path`; returns the path."""
    path.write_text(text)
    return path


def maze_of_parsed(text):
    """The maze the CPython parser reads from `text`, as a comparable tuple."""
    m = formats.parse(text)
    return (m.geometry, m.width, m.height, bytes(m.wall), m.start, m.goals)


@pytest.mark.parametrize("writer", [formats.to_block_text, formats.to_thin_text, formats.to_json])
def test_import_each_format_matches_the_cpython_parser(page, writer):
    text = writer(pymaze.generate("dig", 11, 9, seed=7))
    want = formats.parse(text)
    snap = import_text(page, text)
    assert snap["notice"] == ""
    assert (snap["width"], snap["height"], snap["start"], snap["goals"]) == \
        (want.width, want.height, want.start, want.goals)
    assert snap["wall"] == list(want.wall)
    with page.page.expect_download() as dl:
        page.page.click("#export-json")
    assert open(dl.value.path()).read() == formats.to_json(want)
    solved = page.run("solve")
    assert solved["routeLength"] == pymaze.solve(want, "bfs").moves


def test_malformed_and_hostile_imports_change_nothing_but_the_notice(page):
    good = import_text(page, formats.to_block_text(pymaze.generate("dig", 9, 7, seed=2)))
    count = page.js("document.querySelectorAll('*').length")
    for text in ["#####\n#S#\n##", HOSTILE]:
        with pytest.raises(formats.MazeFormatError) as err:
            formats.parse(text)
        snap = import_text(page, text)
        assert snap["notice"] == f"Import failed: {err.value}"
        assert "line" in snap["notice"]
        assert {k: snap[k] for k in ("wall", "start", "goals")} == {k: good[k] for k in ("wall", "start", "goals")}
    page.page.wait_for_timeout(300)
    assert page.js("window.__pwned") is None
    assert page.js("document.querySelectorAll('img, #notice script').length") == 0
    assert page.js("document.querySelectorAll('*').length") == count
    page.page.locator("aside").screenshot(path="tests/artifacts/share-panel.png")
    assert not page.errors()


# --- files: drop and picker -------------------------------------------------------------------

def test_dropped_micromouse_file_matches_the_cpython_parser(page):
    text = (DATA / "micromouse" / "classic-a.txt").read_text()
    want = formats.parse(text)
    assert want.geometry == "thin" and len(want.goals) == 4
    page.js("document.getElementById('import-text').value = 'typed'")
    snap = imported(page, lambda: drop_file(page, text, "classic-a.txt"))
    assert_same_maze(snap, want)
    assert not page.js("document.getElementById('import-text').classList.contains('drop')")
    assert page.js("document.getElementById('import-text').value") == "typed", "the file went to the engine only"


def test_a_file_dropped_on_the_board_is_imported_too(page):
    text = formats.to_thin_text(pymaze.generate("wilson", 6, 4, seed=12))
    snap = imported(page, lambda: drop_file(page, text, "board.txt", target="#maze"))
    assert_same_maze(snap, formats.parse(text))
    assert page.page.url.startswith("http")  # still the page, not the dropped file


def test_dropped_malformed_file_shows_the_parser_message_and_keeps_the_maze(page):
    good = imported(page, lambda: drop_file(page, formats.to_block_text(pymaze.generate("dig", 7, 5, seed=4))))
    assert good["notice"] == ""
    bad = formats.to_thin_text(pymaze.generate("dig", 6, 6, seed=1)).replace("o---o", "o-x-o", 1)
    with pytest.raises(formats.MazeFormatError) as err:
        formats.parse(bad)
    snap = imported(page, lambda: drop_file(page, bad, "broken.txt"))
    assert snap["notice"] == f"Import failed: {err.value}"
    assert "line 1" in snap["notice"]
    assert maze_of(snap) == maze_of(good)


def test_picked_block_file_matches_the_cpython_parser(page, tmp_path):
    text = formats.to_block_text(pymaze.generate("kruskal", 13, 9, seed=11))
    path = tmp_path / "kruskal.txt"
    path.write_text(text)
    want = formats.parse(text)
    assert want.geometry == "block"
    snap = imported(page, lambda: pick_file(page, path))
    assert_same_maze(snap, want)
    # The picker is emptied after each choice, so choosing the same file again imports it again.
    imported(page, lambda: drop_file(page, formats.to_block_text(pymaze.generate("dig", 5, 5, seed=1))))
    assert page.js("document.getElementById('import-file').value") == ""
    assert_same_maze(imported(page, lambda: pick_file(page, path)), want)


def test_picked_file_over_the_import_limit_is_refused_with_the_limit(page, tmp_path):
    maze = formats.to_block_text(pymaze.generate("dig", 9, 7, seed=3))
    good = imported(page, lambda: pick_file(page, write(tmp_path / "good.txt", maze)))
    # Trailing newlines are no rows, so padding keeps the maze and reaches the limit exactly.
    at_limit = maze + "\n" * (MAX_IMPORT - len(maze))
    assert len(at_limit) == MAX_IMPORT and maze_of_parsed(at_limit) == maze_of_parsed(maze)
    snap = imported(page, lambda: pick_file(page, write(tmp_path / "at-limit.txt", at_limit)))
    assert_same_maze(snap, formats.parse(maze))
    over = at_limit + "\n"
    snap = imported(page, lambda: pick_file(page, write(tmp_path / "over.txt", over)))
    assert f"{MAX_IMPORT + 1:,} characters" in snap["notice"]
    assert f"the limit is {MAX_IMPORT:,}" in snap["notice"]
    assert maze_of(snap) == maze_of(good)


# --- export: text and PNG ----------------------------------------------------------------------

def download(page, button):
    with page.page.expect_download() as dl:
        page.page.click(f"#{button}")
    return dl.value


@pytest.mark.parametrize("text", [
    (DATA / "micromouse" / "halfsize-a.txt").read_text(),
    formats.to_block_text(pymaze.generate("dig", 11, 9, seed=7)),
], ids=["thin", "block"])
def test_text_exports_equal_the_cpython_writers(page, text):
    want = formats.parse(text)
    assert_same_maze(imported(page, lambda: drop_file(page, text)), want)
    for button, writer, name in (("export-block", formats.to_block_text, "maze-block.txt"),
                                 ("export-thin", formats.to_thin_text, "maze-thin.txt")):
        got = download(page, button)
        assert got.suggested_filename == name
        assert Path(got.path()).read_text() == writer(want)


def test_thin_export_of_an_unaligned_block_maze_shows_the_writer_message(page):
    text = "######\n#S  G#\n######\n"
    with pytest.raises(GeometryError) as err:
        formats.to_thin_text(formats.parse(text))
    assert_same_maze(imported(page, lambda: drop_file(page, text)), formats.parse(text))
    page.page.click("#export-thin")
    page.page.wait_for_function("!document.getElementById('notice').hidden")
    assert page.snapshot()["notice"] == str(err.value)


def hex_rgb(pattern):
    """A colour from web/board/palette.js, found by a pattern around its "#rrggbb"."""
    found = re.search(pattern, PALETTE)
    assert found, pattern
    return tuple(int(found.group(1)[i:i + 2], 16) for i in (0, 2, 4))


WALL = hex_rgb(r'\bwall: \["#([0-9a-f]{6})"')
START = hex_rgb(r'\bstart: \["#([0-9a-f]{6})"')
GOAL = hex_rgb(r'\bgoal: \["#([0-9a-f]{6})"')
FLOOR = hex_rgb(r'\bnone: \["#([0-9a-f]{6})"')
ROUTE_LINE = hex_rgb(r'\broute: \["#([0-9a-f]{6})", "line')   # PARTS.route, the overlay's route line
ROUTE_CELL = hex_rgb(r'\broute: \["#([0-9a-f]{6})", "route')  # MARKS.route, the route's squares


def bfs_route(maze):
    """The squares of a shortest route from start to the first goal, by breadth-first search."""
    w, came = maze.width, {maze.start: None}
    queue = deque([maze.start])
    while queue:
        p = queue.popleft()
        x, y = p % w, p // w
        for q, ok in ((p - 1, x > 0), (p + 1, x < w - 1), (p - w, y > 0), (p + w, y < maze.height - 1)):
            if ok and q not in came and not maze.wall[q]:
                came[q] = p
                queue.append(q)
    route, p = [], maze.goals[0]
    while p is not None:
        route.append(p)
        p = came[p]
    return route[::-1]


def passages(maze):
    """How many pairs of side-by-side floor squares the maze has."""
    w, wall = maze.width, maze.wall
    return sum(1 for p in range(len(wall)) if not wall[p]
               for q, ok in ((p + 1, (p + 1) % w), (p + w, p + w < len(wall))) if ok and not wall[q])


def wait_painted(page):
    """Wait until the maze canvas is painted to its last square (a wall: the frame is closed);
    a full repaint sweeps down the canvas over a few frames."""
    page.page.wait_for_function(
        "wall => { const c = document.getElementById('maze');"
        " const px = c.getContext('2d').getImageData(c.width - 1, c.height - 1, 1, 1).data;"
        " return [0, 1, 2].every((i) => px[i] === wall[i]); }", arg=list(WALL))


def export_png(page):
    """Press the PNG button; (width, height, rows of RGB) of the download."""
    got = download(page, "export-png")
    assert got.suggested_filename == "maze.png"
    return read_png(Path(got.path()).read_bytes())


def test_png_export_is_the_board_with_the_route_once_solved(page):
    text = formats.to_block_text(pymaze.generate("dig", 15, 11, seed=5))
    maze = formats.parse(text)
    assert passages(maze) == len(maze.wall) - sum(maze.wall) - 1, "not a perfect maze: more than one route"
    assert_same_maze(imported(page, lambda: drop_file(page, text)), maze)
    wait_painted(page)
    canvas = page.js("(() => { const c = document.getElementById('maze'), r = c.getBoundingClientRect();"
                     " return [c.width, c.height, r.width * devicePixelRatio, r.height * devicePixelRatio]; })()")

    width, height, rows = export_png(page)
    assert [width, height] == canvas[:2], "the PNG is the canvas, pixel for pixel"
    assert abs(width - canvas[2]) <= 1 and abs(height - canvas[3]) <= 1, "the canvas as shown on screen"
    cell = width // maze.width  # block view: whole device pixels a square
    assert cell >= 8 and (width, height) == (cell * maze.width, cell * maze.height)
    def centre(p):  # the pixel at the middle of square p in the latest PNG
        return rows[(p // maze.width) * cell + cell // 2][(p % maze.width) * cell + cell // 2]
    special = {maze.start: START, maze.goals[0]: GOAL}
    assert [centre(p) for p in range(len(maze.wall))] == \
        [WALL if wall else special.get(p, FLOOR) for p, wall in enumerate(maze.wall)]
    colours = {px for row in rows for px in row}
    assert ROUTE_LINE not in colours and ROUTE_CELL not in colours

    page.page.select_option("#solver", "bfs")
    solved = page.run("solve")
    route = bfs_route(maze)
    assert solved["routeLength"] == len(route) - 1
    wait_painted(page)
    solved_png = export_png(page)
    assert solved_png[:2] == (width, height)
    rows = solved_png[2]
    colours = {px for row in rows for px in row}
    assert ROUTE_CELL in colours, "the route's squares are missing"
    assert ROUTE_LINE in colours, "the route line is missing"
    on_route = set(route)
    for p, wall in enumerate(maze.wall):
        want = WALL if wall else ROUTE_LINE if p in on_route else None
        if want:
            assert centre(p) == want, (p, centre(p))
        else:
            assert centre(p) not in (ROUTE_LINE, ROUTE_CELL, WALL), p
