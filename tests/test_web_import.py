"""The page bridge: import and export (load_text, export_text against pymaze.formats), and the
play and edit modes' maze (current, set_maze, shortest) against the reference graphs."""

import json

import pytest

import pymaze
from pymaze import formats, web_debug
from pymaze.web import MAX_IMPORT, Session
from pymaze.errors import MazeFormatError, ParameterError

import reference


@pytest.fixture
def web():
    """A fresh engine session, as one page's worker holds."""
    return Session()


@pytest.mark.parametrize("writer", [formats.to_block_text, formats.to_thin_text, formats.to_json])
def test_import_each_format_loads_the_parsed_maze_and_solves_it(web, writer):
    maze = pymaze.generate("dig", 9, 7, seed=3)
    text = writer(maze)
    header, wall, _mark, _num = web.load_text(text)
    want = formats.parse(text)
    header = json.loads(header)
    assert (header["width"], header["height"], header["start"], header["goals"]) == \
        (want.width, want.height, want.start, want.goals)
    assert wall == bytes(want.wall)
    assert web.export_text("json") == formats.to_json(want)
    web.solve("bfs", 0)
    assert web.next_batch(10 ** 6)


def test_malformed_import_keeps_the_current_maze_and_names_line_and_column(web):
    web.generate("dig", 9, 7, 4)
    before = web.export_text("block")
    with pytest.raises(MazeFormatError) as err:
        web.load_text("#####\n#S<img src=x onerror=alert(1)>G#\n#####\n")
    assert err.value.line is not None and "line" in str(err.value)
    with pytest.raises(MazeFormatError, match="limit"):
        web.load_text("#" * (MAX_IMPORT + 1))
    assert web.export_text("block") == before


def test_current_is_the_final_maze_without_marks_and_reads_as_blocks(web):
    web.generate("dig", 7, 5, 8)
    web.solve("bfs", 0)
    while web.next_batch(1000):
        pass
    header, wall, mark, num = web.current(block=False)
    want = pymaze.generate("dig", 7, 5, seed=8)
    assert wall == bytes(want.wall) and not any(mark) and not any(num)
    assert json.loads(header)["geometry"] == "thin"
    assert web.shortest() == reference.shortest_moves(want)
    header, wall, _, _ = web.current(block=True)
    assert json.loads(header)["geometry"] == "block" and wall == bytes(want.wall)
    assert web.shortest() == reference.shortest_moves(want.as_block())
    assert len(web.next_batch(100)) == 0  # a maze with no events


def test_set_maze_takes_any_drawing_and_solvers_run_on_it(web):
    W, H = 6, 4
    room = bytes(W * H)  # no walls at all, not even a frame
    web.set_maze(W, H, room, 0, W * H - 1)
    assert web.shortest() == W - 1 + H - 1
    web.solve("bfs", 0)
    events = web.next_batch(10 ** 6)
    assert events and json.loads(web_debug.snapshot(web))["mark"].count(5) == W + H - 1
    walled = bytearray(room)
    for y in range(H):
        walled[y * W + 2] = 1  # a wall from top to bottom: no route
    web.set_maze(W, H, bytes(walled), 0, W - 1)
    assert web.shortest() == -1 == (reference.shortest_moves(
        pymaze.Maze(W, H, walled, 0, [W - 1], "block")) or -1)
    web.set_maze(W, H, room, 7, 7)  # S = G
    assert web.shortest() == 0
    assert web.export_text("json") == formats.to_json(pymaze.Maze(W, H, room, 7, [7], "block"))


@pytest.mark.parametrize("args, message", [
    ((3, 3, bytes(8), 0, 1), "needs 9 squares"),
    ((3, 3, bytes([0, 2] + [0] * 7), 0, 1), "needs 9 squares of 0 or 1"),
    ((3, 3, bytes([1] + [0] * 8), 0, 1), "start must be on a floor square"),
    ((3, 3, bytes(9), 0, 9), "goal must be on a floor square"),
    ((0, 3, b"", 0, 0), "1 to 4001 squares a side"),
    ((3, 3, bytes(9), 0, 1, bytes([1] * 8)), "weights need 9 squares of 1 to 9"),
    ((3, 3, bytes(9), 0, 1, bytes([1] * 8 + [0])), "weights need 9 squares of 1 to 9"),
])
def test_set_maze_rejects_bad_drawings_and_keeps_the_maze(web, args, message):
    web.generate("dig", 5, 4, 2)
    before = web.export_text("block")
    with pytest.raises(ParameterError, match=message):
        web.set_maze(*args)
    assert web.export_text("block") == before


def test_set_maze_weights_are_what_dijkstra_pays(web):
    W, H = 5, 3
    room = bytes(W * H)
    heavy = bytearray([1] * (W * H))
    for y in range(2):
        heavy[y * W + 2] = 9  # a costly column, open only on the bottom row
    web.set_maze(W, H, room, 0, W - 1, bytes(heavy))
    maze = pymaze.Maze(W, H, room, 0, [W - 1], "block")
    from array import array
    maze.weight = array("i", list(heavy))
    found = pymaze.solve(maze, "dijkstra")
    web.solve("dijkstra", 0)
    web.next_batch(10 ** 6)
    assert json.loads(web_debug.snapshot(web))["weight"] == list(heavy)
    assert [p for p, m in enumerate(json.loads(web_debug.snapshot(web))["mark"]) if m == 5] == sorted(found.squares)
    cost = sum(heavy[p] for p in found.squares[1:])
    assert cost == 8  # around by the bottom row: 8 moves of 1 beat 4 moves through a 9 (cost 12)


@pytest.mark.parametrize("call", [lambda web: web.solve("bfs", 0), lambda web: web.current(),
                                  lambda web: web.shortest(), lambda web: web.export_text("block"),
                                  lambda web: web.set_random_weights(1)])
def test_without_a_maze_each_call_says_to_make_one(call):
    with pytest.raises(ParameterError, match="^generate or import a maze before "):
        call(Session())
