"""The page bridge's import and export: pymaze.web.load_text / export_text against pymaze.formats."""

import json

import pytest

import pymaze
from pymaze import formats, web
from pymaze.errors import MazeFormatError


@pytest.mark.parametrize("writer", [formats.to_block_text, formats.to_thin_text, formats.to_json])
def test_import_each_format_loads_the_parsed_maze_and_solves_it(writer):
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


def test_malformed_import_keeps_the_current_maze_and_names_line_and_column():
    web.generate("dig", 9, 7, 4)
    before = web.export_text("block")
    with pytest.raises(MazeFormatError) as err:
        web.load_text("#####\n#S<img src=x onerror=alert(1)>G#\n#####\n")
    assert err.value.line is not None and "line" in str(err.value)
    with pytest.raises(MazeFormatError, match="limit"):
        web.load_text("#" * (web.MAX_IMPORT + 1))
    assert web.export_text("block") == before
