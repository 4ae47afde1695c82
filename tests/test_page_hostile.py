"""Over-long and key-stuffed links in the page (real Chromium): one notice names what was ignored, and a
fragment over the stated length is not read at all; the page keeps its defaults and stays usable."""

import re
from pathlib import Path

import pytest
from test_page_link import context, open_link  # noqa: F401  (a fixture and a helper)

pytestmark = pytest.mark.browser
MAX_FRAGMENT = int(re.search(r"export const MAX_FRAGMENT = (\d+);",
                             (Path(__file__).resolve().parent.parent / "web" / "io" / "link.js").read_text()).group(1))
DEFAULTS = (2 * 21 + 1, 2 * 15 + 1, "thin")


def notice_of(context, site_url, fragment):  # noqa: F811
    page, errors = open_link(context, site_url + "#" + fragment)
    try:
        snap = page.evaluate("window.pymaze.snapshot()")
        assert (snap["width"], snap["height"], snap["geometry"]) == DEFAULTS
        assert not errors
        return snap["notice"]
    finally:
        page.close()


@pytest.mark.parametrize("fragment", [
    "x" * 200_000 + "=1",                                      # one huge unknown key
    "&".join(f"k{i}=1" for i in range(5000)),                  # thousands of unknown keys
    "gen=dig&w=30&" + "g.mode=" + "b" * (MAX_FRAGMENT + 1),    # a known key with a huge value
])
def test_a_fragment_over_the_limit_is_refused_in_one_notice(context, site_url, fragment):  # noqa: F811
    notice = notice_of(context, site_url, fragment)
    assert notice.startswith("Some link values were ignored (defaults kept)")
    assert f"the link is {len(fragment):,} characters long" in notice
    assert f"links over {MAX_FRAGMENT:,} characters are not read" in notice
    assert len(notice) < 300


def test_unknown_keys_are_named_in_one_notice(context, site_url):  # noqa: F811
    keys = [f"key{i}" for i in range(40)] + ["y" * 3000]
    fragment = "gen=dig&w=12&" + "&".join(f"{k}=1" for k in keys)
    assert len(fragment) <= MAX_FRAGMENT
    page, errors = open_link(context, site_url + "#" + fragment)
    try:
        snap = page.evaluate("window.pymaze.snapshot()")
        assert snap["width"] == 2 * 12 + 1  # the known keys still apply
        notice = snap["notice"]
        assert notice.count("Some link values were ignored") == 1
        assert 'unknown keys "key0", "key1", "key2", "key3", "key4" and 36 more' in notice
        assert len(notice) < 300 and not errors
    finally:
        page.close()
