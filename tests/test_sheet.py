"""Print sheets: the requested count of mazes with their seeds, then answer keys whose routes are the
BFS routes (checked with networkx), on A4 or Letter pages, in as many PDF pages as planned."""

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import networkx as nx
import pytest

import pymaze
from pymaze import svg
from pymaze.sheet import paper_pages, sheet

ROOT = Path(__file__).resolve().parent.parent
NS = "{http://www.w3.org/2000/svg}"


class Figures(HTMLParser):
    """The figures of a sheet as (class, seed, caption)."""

    def __init__(self, text):
        super().__init__()
        self.figures, self.at, self.caption = [], None, False
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "figure":
            self.at = [a["class"], int(a["data-seed"]), "", None]
        elif tag == "figcaption":
            self.caption = True

    def handle_data(self, data):
        if self.at and self.caption:
            self.at[2] += data

    def handle_endtag(self, tag):
        if tag == "figcaption":
            self.caption = False
        elif tag == "figure":
            self.figures.append(tuple(self.at))
            self.at = None


def svgs(text):
    return [ET.fromstring(s) for s in re.findall(r"<svg .*?</svg>", text, re.S)]


def route_of(root, maze):
    scene = svg.Scene(maze)
    where = {p: scene.centre(p) for p in scene.nodes() if maze.is_node(p)}
    (path,) = [el for el in root.iter(NS + "path") if el.get("class") == "route"]
    nums = [float(v) for v in re.findall(r"-?[0-9.]+", path.get("d"))]
    pts = list(zip(nums[0::2], nums[1::2]))
    return [min(where, key=lambda p: (where[p][0] - x) ** 2 + (where[p][1] - y) ** 2) for x, y in pts]


@pytest.mark.parametrize("shape,count,seed", [("square", 6, 1), ("hex", 3, 10), ("square", 7, 0)])
def test_sheet_has_the_count_and_answer_keys_are_bfs_routes(shape, count, seed):
    text = sheet("dig", 10, 8, count=count, seed=seed, shape=shape)
    figs = Figures(text).figures
    mazes = [f for f in figs if f[0] == "maze"]
    keys = [f for f in figs if f[0] == "answer"]
    assert [f[1] for f in mazes] == [f[1] for f in keys] == list(range(seed, seed + count))
    assert all(f"seed {f[1]}" in f[2] for f in figs)
    roots = svgs(text)
    assert len(roots) == 2 * count
    for k, s in enumerate(range(seed, seed + count)):
        maze = pymaze.generate("dig", 10, 8, seed=s, shape=shape)
        assert not [el for el in roots[k].iter(NS + "path") if el.get("class") == "route"]
        route = route_of(roots[count + k], maze)
        G = maze.to_networkx()
        assert route == nx.shortest_path(G, maze.start, maze.goal)  # a perfect maze: one route
        assert f"{len(route) - 1} moves" in keys[k][2]


@pytest.mark.parametrize("paper,css", [("a4", "size: A4 portrait"), ("letter", "size: letter portrait")])
def test_paper_sizes_and_pdf_pages(browser, paper, css, tmp_path):
    text = sheet("dig", 20, 20, count=6, seed=1, paper=paper, title="Class 4 <b>")
    assert "@page" in text and css in text and "Class 4 &lt;b&gt;" in text and "<b>" not in text
    page = browser.new_page()
    try:
        page.set_content(text)
        pdf = page.pdf(prefer_css_page_size=True)
        assert len(re.findall(rb"/Type\s*/Page\b", pdf)) == paper_pages(6) == 2
        text9 = sheet("dig", 6, 6, count=9, seed=1, paper=paper, per_page=4)
        page.set_content(text9)
        assert len(re.findall(rb"/Type\s*/Page\b", page.pdf(prefer_css_page_size=True))) == paper_pages(9, 4) == 6
    finally:
        page.close()


def cli(*args):
    proc = subprocess.run([sys.executable, "-m", "pymaze", *map(str, args)], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    return proc.returncode, proc.stdout, proc.stderr


def test_cli_sheet_is_the_librarys():
    code, out, err = cli("sheet", "dig", "--size", "20x20", "--count", "6", "--seed", "1", "--paper", "letter",
                         "--title", "Friday")
    assert code == 0 and not err
    assert out == sheet("dig", 20, 20, count=6, seed=1, paper="letter", title="Friday")


@pytest.mark.parametrize("args,words", [
    (("--count", "0"), "--count"), (("--count", "500"), "--count"), (("--per-page", "5"), "per page"),
    (("--size", "300x300"), "cells"), (("--paper", "a3"), "invalid choice"), (("--seed", "-1"), "seed"),
])
def test_bad_sheet_requests(args, words):
    code, out, err = cli("sheet", "dig", *args)
    assert code == 2 and err.startswith("pymaze: error: ") and words in err and "Traceback" not in err, err
