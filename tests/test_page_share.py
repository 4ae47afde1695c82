"""Import and export in the page (real Chromium) against the CPython parser and writers."""

import pytest

import pymaze
from pymaze import formats

pytestmark = pytest.mark.browser

HOSTILE = ("<img src=x onerror=\"window.__pwned=1\">\n"
           "<script>window.__pwned=2</script>\n#####\n#S G#\n")


def import_text(page, text):
    before = page.js("window.pymaze.runs")
    page.js("t => { document.getElementById('import-text').value = t; }", text)
    page.page.click("#import")
    page.page.wait_for_function(
        "n => window.pymaze.runs > n || !document.getElementById('notice').hidden", arg=before)
    page.wait_state("done", "idle", "paused")
    return page.snapshot()


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
