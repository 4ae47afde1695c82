"""Animation export in real Chromium: the GIF decodes (Pillow) to the frames asked for, its first
and last equal to the board at those events; the same settings give the same bytes; a WebM/MP4
video read back in the browser (mediabunny's Input and a <video> element) lasts frames / fps;
MediaRecorder makes a video when asked to stand in for WebCodecs; Cancel and bad settings leave
the page usable."""

import base64
import io
import math

import pytest
from PIL import Image, ImageChops, ImageSequence

pytestmark = pytest.mark.browser

LINK = "#gen=dig&w=20&h=15&seed=3&sol=bfs&run=solve&speed=100&view=block"


@pytest.fixture(scope="module")
def page(browser, site_url):
    p = browser.new_page(viewport={"width": 1280, "height": 800})
    p.errors = []
    p.on("pageerror", lambda e: p.errors.append(str(e)))
    p.on("console", lambda m: m.type == "error" and p.errors.append(m.text))
    p.goto(site_url + LINK)
    p.wait_for_function("() => { const s = window.pymaze && window.pymaze.snapshot();"
                        " return s && s.kind === 'solve' && s.state === 'done' && s.cursor === s.total; }",
                        timeout=90000)
    p.evaluate("window.pymaze.fetchAll()")  # an instant run's events, made again
    yield p
    p.close()


def open_dialog(page):
    if page.locator("#animate-panel").is_hidden():
        if page.locator("#animate-open").is_hidden():  # in the settings sheet, with the other exports
            page.click("#settings-toggle")
        page.click("#animate-open")
    page.wait_for_function("!document.querySelector('#animate-panel .anim-start').disabled")


def export(page, **settings):
    """Open the dialog (unless open), fill it in, export; the result (settings, encoder, bytes)."""
    open_dialog(page)
    for name, value in settings.items():
        field = page.locator(f"#animate-panel [data-setting={name}]")
        if name == "format":
            field.select_option(value)
        else:
            field.fill(str(value))
    before = page.evaluate("window.pymaze.exported()")
    page.click("#animate-panel .anim-start")
    page.wait_for_function("n => window.pymaze.exported() > n", arg=before, timeout=120000)
    result = page.evaluate("window.pymaze.animation()")
    result["bytes"] = base64.b64decode(result.pop("base64"))
    return result


def board_at(page, k):
    """The board (maze, overlay, labels on white) once it has drawn the run after event k."""
    page.evaluate("k => window.pymaze.seek(k)", k)
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(r))))")
    data = page.evaluate("window.pymaze.boardImage()")
    return Image.open(io.BytesIO(base64.b64decode(data.split(",", 1)[1]))).convert("RGB")


def close_enough(a, b):
    """The same picture up to the GIF's palette (colours to 5-6 bits, at most 256 of them)."""
    assert a.size == b.size
    diff = ImageChops.difference(a, b).convert("L")
    hist = diff.histogram()
    pixels = a.size[0] * a.size[1]
    far = sum(hist[13:])
    mean = sum(i * n for i, n in enumerate(hist)) / pixels
    return far <= pixels * 0.005 and mean < 2.5, (far, mean)


def test_the_gif_has_the_frames_asked_for_and_they_are_the_board_at_those_events(page):
    total = page.evaluate("window.pymaze.progress().total")
    w, h = page.evaluate("[document.getElementById('maze').width, document.getElementById('maze').height]")
    start, end, per, fps = total // 5, total - 7, 13, 12
    result = export(page, format="gif", width=w, height=h, fps=fps, perFrame=per, **{"from": start, "to": end})
    frames = math.ceil((end - start) / per) + 1
    assert result["frames"] == frames and result["encoder"] == "gifenc"
    gif = Image.open(io.BytesIO(result["bytes"]))
    assert gif.format == "GIF" and gif.size == (w, h)
    decoded = [f.convert("RGB") for f in ImageSequence.Iterator(gif)]
    assert len(decoded) == frames
    assert gif.info.get("duration") in (round(1000 / fps), round(1000 / fps / 10) * 10)
    for index, k in [(0, start), (frames - 1, end), (3, start + 3 * per)]:
        ok, why = close_enough(decoded[index], board_at(page, k))
        assert ok, f"frame {index} (event {k}) differs from the board: {why}"
    # a later frame is not the first one (the run moves)
    assert not close_enough(decoded[0], decoded[-1])[0]
    # the same settings, the same bytes
    again = export(page, format="gif", width=w, height=h, fps=fps, perFrame=per, **{"from": start, "to": end})
    assert again["bytes"] == result["bytes"]
    assert not page.errors


def read_back(page, result):
    """The video's duration from mediabunny's Input and from a <video> element, and its size."""
    return page.evaluate("""async ([b64, type]) => {
      const M = await import('./mediabunny.min.mjs');
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const input = new M.Input({ source: new M.BufferSource(bytes), formats: M.ALL_FORMATS });
      const duration = await input.computeDuration();
      const track = await input.getPrimaryVideoTrack();
      const out = { duration, width: track.displayWidth, height: track.displayHeight, video: null };
      const v = document.createElement('video');
      if (v.canPlayType(type)) {
        v.muted = true;
        v.src = URL.createObjectURL(new Blob([bytes], { type }));
        await new Promise((ok, bad) => { v.onloadedmetadata = ok; v.onerror = () => bad(new Error('video error')); });
        out.video = v.duration;
      }
      return out;
    }""", [base64.b64encode(result["bytes"]).decode(), result["type"]])


@pytest.mark.parametrize("fmt", ["webm", "mp4"])
def test_the_video_lasts_frames_over_fps(page, fmt):
    total = page.evaluate("window.pymaze.progress().total")
    per, fps = max(1, total // 40), 20
    result = export(page, format=fmt, width=321, height=240, fps=fps, perFrame=per, **{"from": 0, "to": total})
    frames = math.ceil(total / per) + 1
    assert result["frames"] == frames
    assert result["encoder"].startswith("WebCodecs"), result["encoder"]  # this Chromium encodes without a GPU
    assert result["width"] == 320  # video frames have even sides
    back = read_back(page, result)
    assert (back["width"], back["height"]) == (320, 240)
    assert back["duration"] == pytest.approx(frames / fps, abs=0.5 / fps)
    if back["video"] is not None:
        assert back["video"] == pytest.approx(frames / fps, abs=1.0 / fps)
    assert not page.errors


def test_mediarecorder_stands_in_for_webcodecs(page):
    total = page.evaluate("window.pymaze.progress().total")
    open_dialog(page)
    page.locator("#animate-panel [data-setting=format]").select_option("webm")
    for name, value in dict(width=160, height=120, fps=10, perFrame=max(1, total // 8)).items():
        page.locator(f"#animate-panel [data-setting={name}]").fill(str(value))
    assert page.evaluate("window.pymaze.startAnimation(true)")
    result = page.evaluate("window.pymaze.animation()")
    assert result["encoder"].startswith("MediaRecorder")
    assert "MediaRecorder instead" in page.inner_text("#animate-panel .anim-status")
    assert len(base64.b64decode(result["base64"])) > 100
    page.click("#animate-panel .anim-close")
    assert not page.errors


def test_cancel_and_bad_settings_leave_the_page_usable(page):
    total = page.evaluate("window.pymaze.progress().total")
    open_dialog(page)
    panel = "#animate-panel"
    page.locator(f"{panel} [data-setting=width]").fill("abc")
    page.click(f"{panel} .anim-start")
    assert "Width must be a whole number" in page.inner_text(f"{panel} .anim-status")
    page.locator(f"{panel} [data-setting=width]").fill("600")
    page.locator(f"{panel} [data-setting=from]").fill(str(total))
    page.click(f"{panel} .anim-start")
    assert "must come before" in page.inner_text(f"{panel} .anim-status")
    # a long export, cancelled
    page.locator(f"{panel} [data-setting=from]").fill("0")
    page.locator(f"{panel} [data-setting=format]").select_option("gif")
    page.locator(f"{panel} [data-setting=perFrame]").fill("1")
    page.click(f"{panel} .anim-start")
    page.wait_for_function("document.querySelector('#animate-panel progress').value > 0")
    page.click(f"{panel} .anim-cancel")
    page.wait_for_function("document.querySelector('#animate-panel .anim-status').textContent === 'Cancelled.'")
    assert page.locator(f"{panel} .anim-download").is_hidden()
    page.click(f"{panel} .anim-close")
    assert page.locator(panel).is_hidden()
    # the page still steps, seeks and runs
    page.evaluate("window.pymaze.seek(5)")
    page.focus("#board")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("window.pymaze.progress().cursor === 6")
    before = page.evaluate("window.pymaze.runs")
    page.click("#generate")
    page.wait_for_function("n => window.pymaze.runs > n && window.pymaze.state === 'done'", arg=before, timeout=60000)
    assert not page.errors


def test_a_gif_of_a_star_on_a_hex_maze_shows_the_board_at_its_ends(browser, site_url):
    p = browser.new_page(viewport={"width": 1280, "height": 800})
    p.errors = []
    p.on("pageerror", lambda e: p.errors.append(str(e)))
    p.goto(site_url + "#gen=wilson&sol=astar&w=12&h=9&seed=3&shape=hex&run=solve&speed=100")
    p.wait_for_function("() => { const s = window.pymaze && window.pymaze.snapshot();"
                        " return s && s.kind === 'solve' && s.state === 'done' && s.cursor === s.total; }",
                        timeout=90000)
    p.evaluate("window.pymaze.fetchAll()")  # an instant run's events, made again
    try:
        assert p.evaluate("window.pymaze.snapshot().geometry") == "graph"
        total = p.evaluate("window.pymaze.progress().total")
        w, h = p.evaluate("[document.getElementById('maze').width, document.getElementById('maze').height]")
        per = 5
        result = export(p, format="gif", width=w, height=h, fps=10, perFrame=per, **{"from": 0, "to": total})
        frames = math.ceil(total / per) + 1
        decoded = [f.convert("RGB") for f in ImageSequence.Iterator(Image.open(io.BytesIO(result["bytes"])))]
        assert result["frames"] == len(decoded) == frames
        for index, k in [(0, 0), (frames - 1, total)]:
            ok, why = close_enough(decoded[index], board_at(p, k))
            assert ok, f"frame {index} (event {k}) differs from the hex board: {why}"
        assert not close_enough(decoded[0], decoded[-1])[0]
        assert not p.errors
    finally:
        p.close()
