"""Mazes from pictures: every maze pymaze draws, pictured at several sizes, line widths and margins,
turned a little, noised and JPEG-compressed, reads back as the same walls; other pictures are refused."""

import io

import pytest

import pymaze
from pymaze import formats as F
from pymaze import picture, registry
from pymaze.errors import MazeFormatError

PIL = pytest.importorskip("PIL")
from PIL import Image, ImageDraw  # noqa: E402
from pictures import doors, draw, spoil  # noqa: E402

# (cell px, line px, margin px, angle in degrees, noise levels, JPEG quality or None)
LOOKS = [(10, 1, 0, 0, 0, None), (16, 3, 20, 0, 0, 90), (24, 2, 6, 1.5, 6, None),
         (13, 2, 12, -1.2, 10, 60), (20, 5, 30, 0.6, 0, 75)]
# Open rooms (random obstacles, caves, dungeons) and the trivial serpentine and spiral have no interior
# lines across one axis, so their pictures do not hold the cell pitch: they are left out.
SLUGS = [s for s, a in registry.generators().items() if a.perfect is not False and s != "trivial"]


def on_frame(maze, p):
    """True when square ``p`` is a cell beside the frame (an opening there can stand for it)."""
    x, y = p % maze.width, p // maze.width
    return min(x, y, maze.width - 1 - x, maze.height - 1 - y) == 1


def same_walls(got, want):
    assert (got.width, got.height) == (want.width, want.height)
    assert bytes(got.wall) == bytes(want.wall)


@pytest.mark.parametrize("view", ["thin", "block"])
@pytest.mark.parametrize("slug", SLUGS)
def test_every_generated_maze_pictured_reads_back(slug, view):
    i = SLUGS.index(slug)
    maze = pymaze.generate(slug, 5 + i % 5, 4 + i % 4, seed=i, geometry=view)
    for k, (cell, line, margin, angle, noise, jpeg) in enumerate(LOOKS):
        if view == "block":
            cell = cell // 2 + 2
        ends = ("marks", "openings", "corners")[(i + k) % 3]
        if ends == "openings" and not (on_frame(maze, maze.start) and on_frame(maze, maze.goals[0])):
            ends = "marks"  # S or G inside the maze: no opening in the frame can stand beside it
        img = draw(maze, cell, line, margin, view, marks=ends == "marks", openings=ends == "openings")
        data = spoil(img, angle, noise, jpeg, seed=k)
        got, found = picture.read_file(data)
        want = maze.copy(layers=False)
        if ends == "openings" and view == "block":  # a block maze keeps its doors, and S and G stand in them
            for p in doors(maze):
                want.wall[p] = 0
            want.start, want.goals = doors(maze)[0], doors(maze)[1:]
        same_walls(got, want)
        assert got.geometry == view and found["kind"] == view
        assert abs(found["angle"] + angle) <= 0.6  # small pictures pin the angle down loosely
        assert found["size"] == ([maze.cells_w, maze.cells_h] if view == "thin" else [maze.width, maze.height])
        assert found["ends"] == ends
        if ends != "corners":
            assert (got.start, got.goals) == (want.start, want.goals)
        if k == 0:
            assert F.from_image(data) == got


def test_an_edited_block_maze_of_any_size_reads_back():
    maze = pymaze.generate("dig", 6, 5, seed=4, geometry="block")
    w = maze.width - 1  # an even width, its right frame one column in: not cell-aligned
    wall = bytearray(b for y in range(maze.height) for b in maze.wall[y * maze.width:y * maze.width + w - 1] + b"\x01")
    wall[3 * w + 3] = 1
    edited = pymaze.Maze(w, maze.height, wall, w + 1, [(maze.height - 2) * w + 1])
    for cell in (4, 7, 11):
        got, found = picture.read_file(spoil(draw(edited, cell, 0, 8, "block"), jpeg=85))
        same_walls(got, edited)
        assert (got.start, got.goals) == (edited.start, edited.goals)


def test_channels_and_transparency_give_the_same_maze():
    maze = pymaze.generate("kruskal", 7, 5, seed=2)
    img = draw(maze, 14, 2, 9)
    want = picture.read_file(spoil(img))[0]
    grey = picture.read_file(spoil(draw(maze, 14, 2, 9, marks=False), mode="L"))[0]
    same_walls(grey, want)
    rgba = img.convert("RGBA")
    px = rgba.load()
    for y in range(rgba.height):
        for x in range(rgba.width):
            if px[x, y][:3] == (255, 255, 255):
                px[x, y] = (0, 0, 0, 0)  # transparent black: the page behind it is white
    buf = io.BytesIO()
    rgba.save(buf, "PNG")
    assert picture.read_file(buf.getvalue())[0] == want
    raw = picture.read(rgba.width, rgba.height, rgba.tobytes(), 4)[0]
    assert raw == want


def test_overrides_reproduce_or_change_the_reading():
    maze = pymaze.generate("dig", 8, 6, seed=5)
    data = spoil(draw(maze, 15, 2, 10), angle=0.8)
    got, found = picture.read_file(data)
    again, found2 = picture.read_file(data, threshold=found["threshold"], angle=found["angle"],
                                      crop=found["crop"], pitch=found["pitch"], kind="thin")
    assert again == got and found2["crop"] == found["crop"]
    assert picture.read_file(data, size=[8, 6])[0] == got
    start = picture.read_file(data, start=(3, 2), goal=(7, 5))[0]
    assert start.start == maze.cell(3, 2) and start.goals == [maze.cell(7, 5)]
    try:  # half the cells: another maze, or none
        assert picture.read_file(data, size=[4, 3])[0] != got
    except MazeFormatError:
        pass
    with pytest.raises(MazeFormatError, match="not an open cell"):
        picture.read_file(data, start=(9, 9))


def blank(size=(200, 150), colour="white"):
    return Image.new("RGB", size, colour)


def noise_picture():
    import random
    rng = random.Random(1)
    return Image.frombytes("L", (160, 120), bytes(rng.randrange(256) for _ in range(160 * 120)))


def blobs():
    img = blank()
    d = ImageDraw.Draw(img)
    for i in range(12):
        d.ellipse([10 + 15 * i, 20 + (i * 37) % 90, 30 + 15 * i, 40 + (i * 37) % 90], fill="black")
    return img


def boxed_blobs():
    img = blobs()
    ImageDraw.Draw(img).rectangle([2, 2, 197, 147], outline="black", width=2)
    return img


def boxed(shapes):
    """A frame with ``shapes(draw, i)`` drawn eight times inside it: a framed picture that is no maze."""
    img = blank()
    d = ImageDraw.Draw(img)
    d.rectangle([2, 2, 197, 147], outline="black", width=2)
    for i in range(8):
        shapes(d, i)
    return img


def boxed_lines():
    return boxed(lambda d, i: d.line([10 + 20 * i, 10, 60 + 15 * i, 140], fill="black", width=2))


def boxed_rings():
    return boxed(lambda d, i: d.ellipse([10 + 18 * i, 20 + 8 * i, 50 + 18 * i, 60 + 8 * i], outline="black", width=2))


def text_lines():
    img = blank((300, 120))
    d = ImageDraw.Draw(img)
    for y in range(10, 110, 14):
        d.text((8, y), "not a maze at all, just words " * 2, fill="black")
    return img


def gradient():
    return Image.frombytes("L", (256, 64), bytes(x for _ in range(64) for x in range(256)))


@pytest.mark.parametrize("make,message", [
    (blank, "flat colour"), (lambda: blank(colour="black"), "flat colour"), (noise_picture, "frame"),
    (blobs, "frame"), (boxed_blobs, "maze"), (boxed_lines, "maze"), (boxed_rings, "maze"),
    (text_lines, "frame"), (gradient, "frame")],
    ids=["white", "black", "noise", "blobs", "boxed-blobs", "boxed-lines", "boxed-rings", "text", "gradient"])
def test_pictures_that_are_not_mazes_are_refused_clearly(make, message):
    with pytest.raises(MazeFormatError, match=message):
        picture.read_file(spoil(make()))


def test_undecodable_and_odd_buffers_are_refused():
    with pytest.raises(MazeFormatError, match="cannot be decoded"):
        picture.read_file(b"\x89PNG\r\n\x1a\n not really")
    with pytest.raises(MazeFormatError, match="bytes"):
        picture.read(10, 10, b"\x00" * 99, 1)
    with pytest.raises(MazeFormatError, match="pixels"):
        picture.read(5000, 5000, b"", 1)
    assert picture.is_image_bytes(spoil(blank())) and not picture.is_image_bytes(b"#####")


def test_cli_solves_a_picture(tmp_path):
    import subprocess
    import sys
    from pathlib import Path
    maze = pymaze.generate("kruskal", 9, 7, seed=8)
    path = tmp_path / "maze.png"
    path.write_bytes(spoil(draw(maze, 16, 2, 10), angle=1.0, jpeg=80))
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run([sys.executable, "-m", "pymaze", "solve", "bfs", str(path)], cwd=root,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert f"found route: {pymaze.solve(maze, 'bfs').moves} moves" in out.stdout
    assert F.parse(out.stdout.rsplit("\n", 2)[0] + "\n") == maze.copy(layers=False)
    bad = tmp_path / "blank.png"
    bad.write_bytes(spoil(blank()))
    out = subprocess.run([sys.executable, "-m", "pymaze", "stats", str(bad)], cwd=root,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and out.stderr.startswith("pymaze: error: ") and out.stderr.count("\n") == 1
