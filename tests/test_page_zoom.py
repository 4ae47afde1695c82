"""Zoom and pan on the board (+ / - / 0, the wheel, a drag): the maze is redrawn at each scale, so
the cell centres the test hook gives stay right (the canvas there shows that cell), the point under
the wheel stays put, a drag moves the maze by as much, and no pixel is a blend of two squares."""

import pytest

from pymaze.run import Run
from tests.test_page_geometry import FLOOR, FRAMES, GOAL, SAMPLE, START, WALL, near

pytestmark = pytest.mark.browser


def generate(page, shape, slug, w, h, seed):
    page.page.select_option("#shape", shape)
    page.page.select_option("#mask", "")
    snap = page.generate(slug, w, h, seed)
    page.js(FRAMES)
    return snap


def expected_colours(snap, lattice=None):
    """index -> the colour its centre must show: S, G, open cells floor, walls (None: either of two:
    an open passage of S or G, whose middle is on their edge)."""
    out, ends = {}, {snap["start"], *snap["goals"]}
    for p, wall in enumerate(snap["wall"]):
        if lattice is not None and p >= lattice.n and not wall:
            k = p - lattice.n
            out[p] = None if {lattice.ends[2 * k], lattice.ends[2 * k + 1]} & ends else FLOOR
        elif p == snap["start"]:
            out[p] = START
        elif p in snap["goals"]:
            out[p] = GOAL
        else:
            out[p] = WALL if wall else FLOOR
    return out


def check_centres(page, snap, indices, lattice=None):
    want = expected_colours(snap, lattice)
    got = page.js(SAMPLE, indices)
    shown = [(p, c) for p, c in zip(indices, got) if c is not None]
    wrong = [(p, c, want[p]) for p, c in shown if want[p] is not None and not near(c, want[p], 60 if want[p] == WALL else 24)]
    return len(shown), wrong


SHAPES = [("square", 14, 10), ("hex", 14, 10), ("triangle", 20, 10), ("polar", 6, 7)]


@pytest.mark.parametrize("shape,w,h", SHAPES)
def test_zoom_keys_keep_every_visible_centre_right(page, shape, w, h):
    snap = generate(page, shape, "dig", w, h, 4)
    lattice = Run.generate("dig", w, h, 4, shape).maze.lattice
    # Squares: cells and the walls between them; shapes: cells and passages.
    indices = list(range(len(snap["wall"])))
    if shape == "square":
        W = snap["width"]
        indices = [p for p in indices if (p % W) % 2 or (p // W) % 2]  # no posts: a post's centre is a corner
    shown, wrong = check_centres(page, snap, indices, lattice)
    assert shown == len(indices) and wrong == []
    page.page.focus("#board")
    for _ in range(4):
        page.page.keyboard.press("+")
    page.js(FRAMES)
    zoom = page.js("window.pymaze.zoom")
    assert zoom > 2
    shown_zoomed, wrong = check_centres(page, snap, indices, lattice)
    assert 0 < shown_zoomed < len(indices) and wrong == []
    page.page.keyboard.press("0")
    page.js(FRAMES)
    assert page.js("window.pymaze.zoom") == 1
    assert check_centres(page, snap, indices, lattice) == (len(indices), [])


@pytest.mark.parametrize("shape", ["square", "hex"])
def test_the_wheel_zooms_around_the_pointer_and_a_drag_pans(page, shape):
    snap = generate(page, shape, "wilson", 12, 9, 2)
    target = snap["goals"][0]
    x0, y0 = page.js("p => window.pymaze.squareCentre(p)", target)
    for _ in range(5):
        page.page.mouse.move(x0, y0)
        page.page.mouse.wheel(0, -240)
        page.js(FRAMES)
    assert page.js("window.pymaze.zoom") > 2
    x1, y1 = page.js("p => window.pymaze.squareCentre(p)", target)
    assert abs(x1 - x0) < 12 and abs(y1 - y0) < 12, "the point under the wheel moved"
    # A drag in Watch moves the maze with the pointer.
    page.page.mouse.move(x1, y1)
    page.page.mouse.down()
    page.page.mouse.move(x1 - 40, y1 - 30, steps=4)
    page.page.mouse.up()
    page.js(FRAMES)
    x2, y2 = page.js("p => window.pymaze.squareCentre(p)", target)
    assert abs(x2 - (x1 - 40)) < 3 and abs(y2 - (y1 - 30)) < 3
    assert near(page.js(SAMPLE, [target])[0], GOAL)
    page.page.keyboard.press("0")


# Every pixel of the maze canvas, counted by colour.
COLOURS = """() => {
  const c = document.getElementById('maze'), d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  const seen = {};
  for (let i = 0; i < d.length; i += 4) { const k = d[i] + ',' + d[i + 1] + ',' + d[i + 2]; seen[k] = (seen[k] || 0) + 1; }
  return seen;
}"""


def test_a_large_square_maze_shows_no_blended_pixel_at_any_zoom(page):
    """300 x 300 cells: one pixel per square (nearest), never a resampled image: every pixel is a
    colour of the palette, at zoom 1 and zoomed in."""
    generate(page, "square", "dig", 300, 300, 1)
    palette = {WALL, FLOOR, START, GOAL, (0xe2, 0xe8, 0xf0)}
    page.page.focus("#board")
    for presses in (0, 2, 5):
        for _ in range(presses):
            page.page.keyboard.press("+")
        page.js(FRAMES)
        page.js("() => new Promise((r) => setTimeout(r, 300))")
        page.js(FRAMES)
        seen = page.js(COLOURS)
        odd = {k: v for k, v in seen.items() if tuple(map(int, k.split(","))) not in palette}
        assert not odd, f"blended pixels at zoom {page.js('window.pymaze.zoom')}: {list(odd.items())[:5]}"
    page.page.keyboard.press("0")


PINCH = """async () => {
  const board = document.getElementById('board'), r = board.getBoundingClientRect();
  const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
  const fire = (type, id, x) => board.dispatchEvent(new PointerEvent(type, { pointerId: id, clientX: x, clientY: cy,
    bubbles: true, cancelable: true, pointerType: 'touch', isPrimary: id === 1, buttons: type === 'pointerup' ? 0 : 1 }));
  fire('pointerdown', 1, cx - 20); fire('pointerdown', 2, cx + 20);
  for (let d = 20; d <= 80; d += 10) { fire('pointermove', 1, cx - d); fire('pointermove', 2, cx + d); }
  fire('pointerup', 1, cx - 80); fire('pointerup', 2, cx + 80);
  await new Promise((res) => requestAnimationFrame(() => requestAnimationFrame(res)));
  return window.pymaze.zoom;
}"""


@pytest.mark.parametrize("mode", ["watch", "play"])
def test_a_pinch_zooms_in_and_is_no_move(page, mode):
    snap = generate(page, "hex", "wilson", 30, 24, 6)  # cells small enough to zoom 4 times
    lattice = Run.generate("wilson", 30, 24, 6, "hex").maze.lattice
    if mode == "play":
        page.page.click("#mode-play")
        page.wait_state("walking")
    zoom = page.js(PINCH)
    assert zoom == pytest.approx(4, rel=0.2)  # the fingers went from 40 px apart to 160
    if mode == "play":
        assert page.js("window.pymaze.snapshot().walk.moves") == 0, "the pinch moved the walker"
        page.page.click("#mode-watch")
    else:
        shown, wrong = check_centres(page, snap, list(range(len(snap["wall"]))), lattice)
        assert shown and wrong == []
    page.page.keyboard.press("0")


def test_on_a_phone_the_explanation_comes_right_after_the_board(browser, site_url):
    """390 x 844: the How it works panel follows the board and its lines; the settings are a sheet."""
    from tests.browser import Page
    phone = Page(browser, site_url, {"width": 390, "height": 844})
    try:
        top = phone.js("""() => {
          const y = (el) => el.getBoundingClientRect().top + window.scrollY;
          return { board: document.getElementById('board').getBoundingClientRect().bottom + window.scrollY,
                   explain: y(document.getElementById('explain')),
                   settings: getComputedStyle(document.getElementById('sheet')).position };
        }""")
        # the settings are no longer in the flow below: they are a sheet over the page
        assert top["board"] < top["explain"] and top["settings"] == "fixed", top
    finally:
        phone.page.close()
