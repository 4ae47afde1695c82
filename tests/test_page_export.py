"""The page's pictures and paper: SVG bytes equal the CLI's, a PNG of the size asked, the print sheet
the engine makes (the CLI's bytes), and print CSS that prints the board alone."""

import io
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

import pymaze
from pymaze.svg import to_svg

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parent.parent
SHOTS = Path(__file__).resolve().parent / "artifacts"


def cli(*args):
    proc = subprocess.run([sys.executable, "-m", "pymaze", *map(str, args)], cwd=ROOT, capture_output=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.decode()


def download(page, button):
    with page.page.expect_download() as dl:
        page.page.click(f"#{button}")
    return dl.value


def downloaded(page, button):
    got = download(page, button)
    return got.suggested_filename, Path(got.path()).read_bytes()


def notice(page):
    return page.js("document.getElementById('notice').hidden ? '' : document.getElementById('notice-text').textContent")


@pytest.fixture(scope="module")
def generated(page):
    page.generate("dig", 12, 8, 4)
    return pymaze.generate("dig", 12, 8, seed=4)


def test_svg_of_a_generated_maze_is_the_clis(page, generated):
    name, data = downloaded(page, "export-svg")
    assert name == "maze.svg"
    want = cli("generate", "dig", "--size", "12x8", "--seed", "4", "--format", "svg")
    assert data.decode() == want == to_svg(generated)


@pytest.mark.parametrize("solver,numbers", [("bfs", ()), ("wave", ("--numbers",))])
def test_svg_of_a_solved_maze_is_the_clis(page, generated, solver, numbers):
    page.page.select_option("#solver", solver)
    page.run("solve")
    _, data = downloaded(page, "export-svg")
    want = cli("solve", solver, "--generate", "dig", "--size", "12x8", "--seed", "4", "--format", "svg", *numbers)
    assert data.decode() == want
    assert ('class="route"' in want) and (('class="numbers"' in want) == bool(numbers))


@pytest.mark.parametrize("size,scale", [("640", None), ("333px", None), ("3x", 3), ("x0.5", 0.5)])
def test_png_has_the_size_asked(page, generated, size, scale):
    svg_w = int(to_svg(generated).split(' width="', 1)[1].split('"', 1)[0])
    svg_h = int(to_svg(generated).split(' height="', 1)[1].split('"', 1)[0])
    page.fill(**{"png-size": size})
    name, data = downloaded(page, "export-png-size")
    image = Image.open(io.BytesIO(data))
    width = round(svg_w * scale) if scale else int(size.rstrip("px"))
    assert name == "maze.png" and image.size == (width, round(width * svg_h / svg_w))
    rgb = image.convert("RGB")
    # Walls are drawn: the frame's left side (the margin's width in), halfway down the first cell,
    # is wall-coloured, and S's disc is drawn in the first cell.
    k = width / svg_w
    assert rgb.getpixel((round(6 * k), round(18 * k)))[0] < 120
    assert rgb.getpixel((round(11 * k), round(18 * k))) == (0x16, 0xa3, 0x4a)  # beside the letter


def test_a_bad_png_size_is_a_notice(page, generated):
    page.fill(**{"png-size": "huge"})
    page.page.click("#export-png-size")
    page.page.wait_for_function("!document.getElementById('notice').hidden")
    assert "PNG size" in notice(page) and "huge" in notice(page)
    page.page.click("#notice-close")
    page.fill(**{"png-size": "2x"})


def test_print_sheet_opens_the_engines_sheet(page, generated):
    page.fill(**{"sheet-count": 4})
    page.page.select_option("#sheet-paper", "letter")
    with page.page.context.expect_page() as tab:
        page.page.click("#print-sheet")
    sheet = tab.value
    sheet.wait_for_url("blob:**")
    sheet.wait_for_load_state()
    html = sheet.evaluate("fetch(location.href).then((r) => r.text())")
    assert html == cli("sheet", "dig", "--size", "12x8", "--count", 4, "--seed", 4, "--paper", "letter")
    assert sheet.locator("figure.maze").count() == 4 and sheet.locator("figure.answer").count() == 4
    SHOTS.mkdir(exist_ok=True)
    sheet.set_viewport_size({"width": 900, "height": 1200})
    sheet.screenshot(path=str(SHOTS / "print-sheet.png"))
    sheet.close()


def test_printing_the_page_prints_the_board_alone(page, generated):
    page.page.emulate_media(media="print")
    try:
        shown = page.js("['.panel', '.top', '.strip', '.board'].map((s) => getComputedStyle(document.querySelector(s)).display)")
        assert shown[:3] == ["none", "none", "none"] and shown[3] != "none"
    finally:
        page.page.emulate_media(media="screen")


@pytest.mark.parametrize("viewport", [(1280, 800), (390, 844)])
def test_screenshots(browser, site_url, viewport):
    from browser import Page
    p = Page(browser, site_url, {"width": viewport[0], "height": viewport[1]})
    try:
        p.page.wait_for_function("window.pymaze.state === 'done' || window.pymaze.state === 'idle'", timeout=90000)
        SHOTS.mkdir(exist_ok=True)
        p.page.locator(".share").scroll_into_view_if_needed()
        p.page.screenshot(path=str(SHOTS / f"export-{viewport[0]}.png"))
        assert p.page.locator("#export-svg").is_visible() and p.page.locator("#print-sheet").is_visible()
        assert not p.errors()
    finally:
        p.page.close()
