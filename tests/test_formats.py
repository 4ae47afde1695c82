"""Block, thin-wall (micromouse) and JSON text: round trips, samples, every error with its position, fuzzing."""

import functools
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pymaze
from pymaze import formats as F
from pymaze.errors import GeometryError, MazeFormatError
from reference import cell_graph, frame_closed, shortest_moves, valid_route

EXAMPLES = Path("/work/shared/examples")


def same(a, b):
    assert (a.width, a.height, a.geometry) == (b.width, b.height, b.geometry)
    assert bytes(a.wall) == bytes(b.wall)
    assert a.start == b.start
    assert sorted(a.goals) == sorted(b.goals)


CASES = [(slug, w, h, seed) for slug in ("dig", "kruskal", "division", "eller", "stick")
         for w, h, seed in ((1, 1, 0), (2, 5, 1), (7, 3, 2), (12, 9, 3), (20, 20, 4))
         if w >= 2 or slug not in ("stick", "extend")]


@pytest.mark.parametrize("slug,w,h,seed", CASES)
def test_round_trips(slug, w, h, seed):
    thin = pymaze.generate(slug, w, h, seed=seed)
    block = pymaze.generate(slug, w, h, seed=seed, geometry="block")
    for maze in (thin, block):
        same(F.parse_json(F.to_json(maze)), maze)
        same(F.parse(F.to_json(maze)), maze)
        assert F.parse_json(F.to_json(maze)) == maze
        if maze.start not in maze.goals:
            same(F.parse_block(F.to_block_text(maze)), maze.as_block())
            same(F.parse(F.to_block_text(maze)), maze.as_block())
    for k in (2, 3, 5):
        same(F.parse_thin(F.to_thin_text(thin, cell_width=k)), thin)
        same(F.parse(F.to_thin_text(thin, cell_width=k)), thin)
        assert F.parse_thin(F.to_thin_text(thin, cell_width=k)) == thin


@pytest.mark.parametrize("seed", range(4))
def test_route_drawing_reads_back_as_the_same_maze(seed):
    thin = pymaze.generate("dig", 9, 6, seed=seed, loops=0.3)
    sol = pymaze.solve(thin, "bfs")
    assert sol.moves == shortest_moves(thin)
    text = F.to_thin_text(thin, sol.squares)
    assert text.count(".") == sol.moves - 1
    same(F.parse_thin(text), thin)
    block = F.to_block_text(thin, sol.squares)
    assert block.count(".") == 2 * sol.moves - 1  # cells and the openings between them
    same(F.parse_block(block), thin.as_block())
    b = thin.as_block()
    same(F.parse_block(F.to_block_text(b, pymaze.solve(b, "bfs").squares)), b)


def test_hand_made_block_maze():
    text = "#S####\n#  . #\n# ## G\n#G\n"
    m = F.parse_block(text)
    assert (m.width, m.height, m.geometry) == (6, 4, "block")
    assert m.xy(m.start) == (1, 0) and [m.xy(g) for g in m.goals] == [(5, 2), (1, 3)]
    assert bytes(m.wall[3 * 6:]) == b"\x01\x00\x01\x01\x01\x01"  # the short last row is padded with wall
    assert shortest_moves(m) == 3
    same(F.parse_block(F.to_block_text(m)), m)
    same(F.parse_block("*S**\r\n*G**"), F.parse_block("#S##\n#G##\n"))


def test_shared_examples():
    rooms = F.parse((EXAMPLES / "block-rooms.txt").read_text())
    assert (rooms.geometry, rooms.width, rooms.height) == ("block", 11, 9)
    assert rooms.xy(rooms.start) == (0, 1) and [rooms.xy(g) for g in rooms.goals] == [(10, 6)]
    assert shortest_moves(rooms) == 17
    wide = F.parse((EXAMPLES / "thin-wide.txt").read_text())
    assert (wide.geometry, wide.cells_w, wide.cells_h) == ("thin", 4, 3)
    assert wide.node_xy(wide.start) == (0, 0) and [wide.node_xy(g) for g in wide.goals] == [(3, 2)]
    assert shortest_moves(wide) == 5
    for maze in (rooms, wide):
        sol = pymaze.solve(maze, "bfs")
        assert valid_route(maze, sol.path) and sol.moves == shortest_moves(maze)


def micromouse_text(n, seed, post="o", width=3, strip=True):
    """A micromouse-style maze file: n x n cells, the centre 2 x 2 open, no S or G letters."""
    maze = pymaze.generate("dig", n, n, seed=seed)
    c = n // 2
    for cx, cy in ((c - 1, c - 1), (c - 1, c)):
        maze.wall[maze.cell(cx, cy) + 1] = 0
    for cx in (c - 1, c):
        maze.wall[maze.cell(cx, c - 1) + maze.width] = 0
    lines = F.to_thin_text(maze, cell_width=width).replace("S", " ").replace("G", " ").splitlines()
    lines = [line.replace("o", post).rstrip() if strip else line.replace("o", post) for line in lines]
    return maze, "\n".join(lines) + "\n"


@pytest.mark.parametrize("n,post,width,strip", [(16, "o", 3, True), (16, "+", 2, False), (32, "o", 3, True),
                                                 (32, "+", 4, True)])
def test_micromouse_files(n, post, width, strip):
    built, text = micromouse_text(n, seed=n + width, post=post, width=width, strip=strip)
    assert "S" not in text and "G" not in text
    m = F.parse(text)
    assert (m.geometry, m.cells_w, m.cells_h) == ("thin", n, n)
    assert bytes(m.wall) == bytes(built.wall) and frame_closed(m)
    assert m.node_xy(m.start) == (0, n - 1)
    c = n // 2
    assert sorted(m.node_xy(g) for g in m.goals) == sorted((c + dx, c + dy) for dx in (-1, 0) for dy in (-1, 0))
    adj = cell_graph(m)
    assert (c, c - 1) in adj[(c - 1, c - 1)] and (c - 1, c) in adj[(c - 1, c - 1)]
    assert shortest_moves(m) is not None
    sol = pymaze.solve(m, "bfs")
    assert valid_route(m, sol.path) and sol.moves == shortest_moves(m)


def test_thin_defaults_and_letters():
    odd = F.parse_thin("+--+--+--+\n|        |\n+--+--+  +\n|        |\n+--+--+--+")
    assert odd.node_xy(odd.start) == (0, 1) and [odd.node_xy(g) for g in odd.goals] == [(2, 0)]
    lettered = F.parse_thin("o---o---o\n|SS  GG |\no---o---o\n")
    assert lettered.node_xy(lettered.start) == (0, 0) and [lettered.node_xy(g) for g in lettered.goals] == [(1, 0)]
    both = F.parse_thin("o---o\n|S G|\no---o")
    assert both.start == both.goal
    same(F.parse_thin(F.to_thin_text(both)), both)
    many = F.parse_thin("o--o--o\n|G   G|\no  o--o\n|S    |\no--o--o\n")
    assert [many.node_xy(g) for g in many.goals] == [(0, 0), (1, 0)] and shortest_moves(many) == 1


def test_json_fields_and_weights():
    maze = pymaze.generate("dig", 3, 2, seed=1)
    data = json.loads(F.to_json(maze))
    assert data["format"] == "pymaze" and data["version"] == 1 and data["geometry"] == "thin"
    assert (data["width"], data["height"]) == (7, 5) and data["start"] == [1, 1] and data["goals"] == [[5, 3]]
    data["weights"] = [[1 + x + y for x in range(7)] for y in range(5)]
    m = F.parse_json(json.dumps(data))
    assert list(m.weight) == [1 + x + y for y in range(5) for x in range(7)]
    assert json.loads(F.to_json(m))["weights"] == data["weights"]


def bad(fn, text, line, column, words):
    with pytest.raises(MazeFormatError) as info:
        fn(text)
    err = info.value
    assert (err.line, err.column) == (line, column), str(err)
    assert words in str(err)
    if line is not None:
        assert str(err).startswith(f"line {line}")


BLOCK_ERRORS = [
    ("", 1, 1, "empty"),
    ("#S#\n#\tG\n", 2, 2, "'\\t'"),
    ("#S#\n# x G\n", 2, 3, "allowed"),
    ("#S#S\n#G", 1, 4, "second start"),
    ("#S#\n#G#\n S ", 3, 2, "second start"),
    ("###\n# G\n#", 3, 2, "no start"),
    ("#S#\n# #\n", 2, 4, "no goal"),
    ("S" + "G" * 4001, 1, 4002, "4002 squares wide"),
    ("S\n" + "G\n" * 4001, 4002, 1, "4002 squares high"),
]


@pytest.mark.parametrize("text,line,column,words", BLOCK_ERRORS)
def test_block_errors(text, line, column, words):
    bad(F.parse_block, text, line, column, words)


THIN_ERRORS = [
    ("", 1, 1, "empty"),
    ("\n\nx---o\n", 3, 1, "starts with a post"),
    ("o---x\n", 1, 5, "expected a post"),
    ("o----", 1, 6, "expected a post"),
    ("o-o-o\n| | |\no-o-o", 1, 2, "at least 2"),
    ("o---o--\n|   |\no---o", 1, 8, "end with a post"),
    ("o---o\n| S |\n", 3, 1, "bottom frame"),
    ("o---o\n| S |", 3, 1, "bottom frame"),
    ("o---o---o\n| S     |\no---x---o\n", 3, 5, "expected a post"),
    ("o---o---o\n| S     |\no--  ---o\n|     G |\no---o---o", 3, 4, "all '-' or all spaces"),
    ("o---o---o\n| S   G |\no---o   o\n", 3, 6, "frame is open"),
    ("o---o   o\n| S   G |\no---o---o\n", 1, 6, "frame is open"),
    ("o---o---o\n  S   G |\no---o---o\n", 2, 1, "frame is open"),
    ("o---o---o\n| S   G\no---o---o\n", 2, 9, "frame is open"),
    ("o---o---o\n| S # G |\no---o---o\n", 2, 5, "unexpected '#'"),
    ("o---o---o\n| Sx  G |\no---o---o\n", 2, 4, "unexpected 'x' in a cell"),
    ("o---o---o\n| S | S |\no---o---o\n", 2, 7, "second start"),
    ("o---o---o\n| S   G |  x\no---o---o\n", 2, 12, "beyond the right"),
    ("o---o---o\n| S   G |\no---o---o\n| G |\n", 5, 1, "bottom frame"),
    ("\no---o---o\n", 3, 1, "at least one row of cells"),
    ("o--" * 2001 + "o\n|S" + " " * 6000 + "|\n" + "o--" * 2001 + "o", 1, 6004, "4003 squares wide"),
]


@pytest.mark.parametrize("text,line,column,words", THIN_ERRORS)
def test_thin_errors(text, line, column, words):
    bad(F.parse_thin, text, line, column, words)


def good_json(**change):
    data = json.loads(F.to_json(pymaze.generate("dig", 2, 2, seed=0)))
    data.update(change)
    return json.dumps(data)


JSON_ERRORS = [
    ("", 1, 1, "invalid JSON"),
    ('{"format": "pymaze",\n  "version": 1,,}', 2, 16, "invalid JSON"),
    ("[1, 2]", None, None, "must be an object"),
    (good_json(extra=1), None, None, "unknown JSON field 'extra'"),
    (good_json(format="maze"), None, None, "'format'"),
    (good_json(version=True), None, None, "'version'"),
    (good_json(geometry="hex"), None, None, "'geometry'"),
    (good_json(width=0), None, None, "'width'"),
    (good_json(height="5"), None, None, "'height'"),
    (good_json(rows=["#####"] * 4), None, None, "'rows'"),
    (good_json(rows=["#####", "#S  #", "# # #", "#  G#", "#####"]), None, None, "'rows'"),
    (good_json(start=[0, 0]), None, None, "'start'"),
    (good_json(start=[9, 1]), None, None, "'start'"),
    (good_json(goals=[]), None, None, "'goals'"),
    (good_json(goals=[[1, 1, 1]]), None, None, "'goals'"),
    (good_json(weights=[[0] * 5] * 5), None, None, "'weights'"),
    (good_json(rows=["#####", "#   #", "#   #", "#   #", "#####"], start=[1, 1], goals=[[3, 3]]), None, None, "thin"),
    (good_json(rows=["#####", "#   #", "# # #", "#   #", "#####"], start=[2, 1], goals=[[3, 3]]), None, None, "cells"),
    ("[" * 100000 + "]" * 100000, None, None, "invalid JSON"),
    ('{"width": 1' + "0" * 5000 + "}", None, None, "invalid JSON"),
    (b"\xff{}", None, None, "UTF-8"),
    ("{" + " " * F.MAX_CHARS + "}", None, None, f"at most {F.MAX_CHARS:,}"),
]


@pytest.mark.parametrize("text,line,column,words", JSON_ERRORS)
def test_json_errors(text, line, column, words):
    bad(F.parse_json, text, line, column, words)


def test_parse_detection_and_writer_errors():
    assert F.parse("\n\no---o---o\n|S G|   |\no---o---o").geometry == "thin"
    assert F.parse("+--+\n|SG|\n+--+").geometry == "thin"
    assert F.parse("S G").geometry == "block"
    assert F.parse(F.to_json(F.parse("SG"))).width == 2
    bad(lambda t: F.parse(t, "yaml"), "SG", None, None, "format must be one of auto, block, thin, json")
    bad(F.parse, "o#\nSG", 1, 1, "unexpected")
    with pytest.raises(GeometryError):
        F.to_thin_text(F.parse_block("SG"))
    with pytest.raises(GeometryError):
        F.to_thin_text(pymaze.generate("dig", 2, 2), cell_width=1)


def mutated_texts():
    """Valid mazes in every format, then character swaps, truncations and insertions of maze characters."""
    @functools.lru_cache(maxsize=None)
    def build(seed, w, h, kind):
        maze = pymaze.generate("dig", w, h, seed=seed, loops=0.2)
        return {"block": F.to_block_text, "thin": F.to_thin_text, "json": F.to_json,
                "mm": lambda m: micromouse_text(4, seed)[1]}[kind](maze)
    base = st.tuples(st.integers(0, 50), st.integers(1, 4), st.integers(1, 3),
                     st.sampled_from(["block", "thin", "json", "mm"])).map(lambda args: build(*args))
    char = st.sampled_from(list("+-|oSG#*. \n\t{}[]\",:0x\r") + ["é", "\x00"])
    edit = st.tuples(st.sampled_from(["swap", "insert", "delete", "truncate"]), st.integers(0, 10**6), char)

    def mutate(args):
        text, edits = args
        for op, pos, c in edits:
            i = pos % (len(text) + 1)
            if op == "swap" and i < len(text):
                text = text[:i] + c + text[i + 1:]
            elif op == "insert":
                text = text[:i] + c + text[i:]
            elif op == "delete":
                text = text[:i] + text[i + 1:]
            elif op == "truncate":
                text = text[:i]
        return text
    mutants = st.tuples(base, st.lists(edit, max_size=4)).map(mutate)
    return st.one_of(mutants, mutants, st.text(alphabet="+-|oSG#*. \n{}[]\"1,:", max_size=60), st.text(max_size=40))


def check_reader(reader, text):
    try:
        maze = reader(text)
    except MazeFormatError as err:
        assert err.line is None or err.line >= 1
        return
    assert isinstance(maze, pymaze.Maze) and len(maze.wall) == maze.width * maze.height
    assert maze.is_node(maze.start) and maze.goals and all(maze.is_node(g) for g in maze.goals)
    if maze.geometry == "thin":
        assert maze.is_aligned()


TEXTS = mutated_texts()


@pytest.mark.parametrize("reader", [F.parse_block, F.parse_thin, F.parse_json, F.parse],
                         ids=["block", "thin", "json", "detected"])
@settings(max_examples=2000, deadline=None)
@given(TEXTS)
def test_fuzz_parse(reader, text):
    check_reader(reader, text)
