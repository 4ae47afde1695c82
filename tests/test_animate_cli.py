"""python -m pymaze animate: the GIF decodes to the planned frames, the first and the last equal a
render of the maze at those steps (replayed independently with pymaze.apply), and PNGs have the size
asked; without Pillow, one clear error."""

import math
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

import pymaze
from pymaze.animate import Timeline, frame, frames, scene_at, to_png
from pymaze.run import Run
from pymaze.svg import to_svg

ROOT = Path(__file__).resolve().parent.parent


def cli(*args):
    proc = subprocess.run([sys.executable, "-m", "pymaze", *map(str, args)], cwd=ROOT, capture_output=True,
                          timeout=300)
    return proc.returncode, proc.stdout, proc.stderr.decode()


def replayed(slug, w, h, seed, t, shape="square", solver=None):
    """The maze after ``t`` events: the generator's from its blank maze, then the solver's on the result."""
    gen = Run.generate(slug, w, h, seed, shape=shape)
    events = gen.events()
    n = len(events) // 4
    if t <= n or solver is None:
        return pymaze.apply(gen.initial.copy(), events[:4 * t])
    solve = Run.solve(solver, gen.maze, seed)
    return pymaze.apply(solve.initial.copy(), solve.events()[:4 * (t - n)])


def expected_frames(timeline, epf, scene):
    """Distinct consecutive frames (a GIF keeps a repeated frame as one, its time added)."""
    out = []
    for t in frames(timeline, epf):
        im = frame(timeline.at(t), scene, timeline.numbered(t)).convert("RGB").tobytes()
        if not out or out[-1] != im:
            out.append(im)
    return out


@pytest.mark.parametrize("shape,size,solver,epf,fps,width", [
    ("square", "30x20", "bfs", 40, 25, None),
    ("hex", "8x6", "astar", 7, 10, 300),
    ("polar", "5x4", "wave", 5, 20, None),
    ("moebius", "8x6", "astar", 5, 10, None),
])
def test_gif_frames(tmp_path, shape, size, solver, epf, fps, width):
    out = tmp_path / "run.gif"
    w, h = map(int, size.split("x"))
    args = ["animate", "dig", "--size", size, "--seed", 1, "--geometry", shape, "--solve", solver, "-o", out,
            "--fps", fps, "--events-per-frame", epf] + (["--width", width] if width else [])
    code, text, err = cli(*args)
    assert code == 0 and not err, err
    timeline = Timeline(Run.generate("dig", w, h, 1, shape=shape), solver, 1)
    scene = scene_at(timeline.at(0), None, width)
    want = expected_frames(timeline, epf, scene)
    assert math.ceil(len(timeline) / epf) + 1 >= len(want) > len(timeline) / epf / 2
    with Image.open(out) as gif:
        assert gif.n_frames == len(want) and f"{gif.n_frames} frames" in text.decode()
        assert gif.size == (scene.width, scene.height) and (width is None or gif.size[0] == width)
        assert gif.info["duration"] == round(1000 / fps)
        gif.seek(0)
        first = gif.convert("RGB").tobytes()
        gif.seek(gif.n_frames - 1)
        last = gif.convert("RGB").tobytes()
    start = replayed("dig", w, h, 1, 0, shape)
    end = replayed("dig", w, h, 1, len(timeline), shape, solver)
    numbers = solver == "wave"
    assert first == frame(start, scene).convert("RGB").tobytes() == want[0]
    assert last == frame(end, scene, numbers).convert("RGB").tobytes() == want[-1]
    # The end is the solved maze: its route marks are the solver's.
    solved = Run.solve(solver, pymaze.generate("dig", w, h, seed=1, shape=shape), 1).finish()
    assert end.wall == solved.wall and end.mark == solved.mark


@pytest.mark.parametrize("args,size", [(("--width", 500), 500), (("--scale", 2), None)])
def test_png_size(args, size):
    code, out, err = cli("solve", "bfs", "--generate", "dig", "--size", "9x7", "--seed", 3, "--format", "png", *args)
    assert code == 0 and not err
    image = Image.open(__import__("io").BytesIO(out))
    base = to_svg(pymaze.generate("dig", 9, 7, seed=3))
    bw = int(base.split(' width="', 1)[1].split('"', 1)[0])
    assert image.format == "PNG" and image.size[0] == (size or 2 * bw)
    assert out == to_png(pymaze.generate("dig", 9, 7, seed=3), route=pymaze.solve(
        pymaze.generate("dig", 9, 7, seed=3), "bfs").squares, **({"width": 500} if size else {"scale": 2}))


NO_PILLOW = "import sys; sys.modules['PIL'] = None; from pymaze.cli import main; sys.exit(main(sys.argv[1:]))"


@pytest.mark.parametrize("args", [("animate", "dig", "-o", "never.gif"),
                                  ("generate", "dig", "--format", "png")])
def test_without_pillow_a_clear_error(tmp_path, args):
    proc = subprocess.run([sys.executable, "-c", NO_PILLOW, *args], cwd=tmp_path, capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 2 and proc.stderr.startswith("pymaze: error: ") and "pip install" in proc.stderr
    assert "Traceback" not in proc.stderr and not (tmp_path / "never.gif").exists()


@pytest.mark.parametrize("args,words", [
    (("--fps", "0"), "fps"), (("--events-per-frame", "x"), "events per frame"), (("--width", "5"), "width"),
    (("--solve", "nosuch"), "nosuch"),
])
def test_bad_animate_requests(tmp_path, args, words):
    code, out, err = cli("animate", "dig", "-o", tmp_path / "x.gif", *args)
    assert code == 2 and err.startswith("pymaze: error: ") and words in err and "Traceback" not in err, err
