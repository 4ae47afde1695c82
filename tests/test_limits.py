"""The largest maze the engine makes (2000 x 2000 cells) is written and read back in every format and geometry,
by the CLI and by the page's bridge, under one limit stated in cells; one past it is refused by size."""

import io
import math
import re
from array import array
from pathlib import Path

import pytest

import pymaze
from pymaze import cli, formats
from pymaze.web import MAX_IMPORT, Session
from pymaze import registry
from pymaze.registry import MAX_SIZE

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def largest():
    return pymaze.generate("binary", MAX_SIZE, MAX_SIZE, seed=5)


@pytest.mark.parametrize("geometry, fmt", [("thin", "block"), ("thin", "thin"), ("thin", "json"),
                                           ("block", "block"), ("block", "json")])
def test_the_cli_reads_back_the_largest_maze_it_writes(tmp_path, largest, geometry, fmt):
    maze = largest if geometry == "thin" else largest.as_block()
    writer = {"block": formats.to_block_text, "thin": formats.to_thin_text, "json": formats.to_json}[fmt]
    text = writer(maze)
    assert len(text) <= formats.MAX_CHARS
    path = tmp_path / f"largest.{fmt}"
    path.write_text(text)
    back = cli.read_maze(str(path))
    assert back.wall == maze.wall and back.start == maze.start and back.goals == maze.goals
    assert back.geometry == ("thin" if fmt == "thin" else maze.geometry if fmt == "json" else "block")


def test_weighted_json_of_the_largest_maze_reads_back_in_the_page_bridge(largest):
    maze = largest.as_block()
    maze.weight = array("i", [9]) * len(maze.wall)  # the page's weights are 1 to 9
    text = formats.to_json(maze)
    assert len(text) <= formats.MAX_CHARS == MAX_IMPORT
    web = Session()
    header = web.load_text(text)[0]
    assert f'"width": {maze.width}' in header and web.current()[1] == bytes(maze.wall)


def test_one_past_the_limit_is_refused_by_its_size_in_every_format():
    n = 2 * MAX_SIZE + 3  # squares: one cell more
    for text in ("#" * n + "\nSG\n", "S\n" + "#\n" * n + "G\n",
                 "o" + "---o" * (MAX_SIZE + 1) + "\n|\no" + "---o" * (MAX_SIZE + 1) + "\n", '{"format": "pymaze", "version": 1, "geometry": "block", '
                 f'"width": {n}, "height": 1, "rows": [], "start": [0, 0], "goals": [[0, 0]]}}'):
        with pytest.raises(pymaze.MazeFormatError, match=f"{2 * MAX_SIZE + 1}"):
            formats.parse(text)


def test_the_limit_is_the_same_in_the_library_the_bridge_and_the_page():
    share = (ROOT / "web" / "io" / "share.js").read_text()
    assert int(re.search(r"const MAX_IMPORT = (\d+);", share).group(1)) == formats.MAX_CHARS == MAX_IMPORT
    readme = (ROOT / "docs" / "GUIDE.md").read_text()
    assert f"{formats.MAX_CHARS:,} characters" in readme and f"{MAX_SIZE}×{MAX_SIZE} cells" in readme


@pytest.mark.parametrize("slug", ["deadend", "culdesac"])
def test_filling_solvers_work_in_flat_arrays(slug):
    """Dead-end and cul-de-sac filling keep per-square arrays, not a set or dict entry per node: the peak of
    memory allocated during a run, per square of the grid, stays below what one dict entry costs."""
    import tracemalloc
    maze = pymaze.generate("dig", 150, 150, seed=1, loops=0.1)
    tracemalloc.start()
    try:
        pymaze.Run.solve(slug, maze).finish()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak / len(maze.wall) < 80, peak / len(maze.wall)


def test_unicursal_works_in_flat_arrays():
    """The unicursal tour is kept as two neighbour arrays, not sets and dicts of coordinate pairs (which took
    2 GB at 2000x2000): the peak allocated during a run stays under 40 bytes per square of the grid."""
    import tracemalloc
    tracemalloc.start()
    try:
        run = pymaze.Run.generate("unicursal", 150, 150, seed=1)
        run.finish()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak / len(run.maze.wall) < 40, peak / len(run.maze.wall)


def test_options_cannot_exceed_the_bounds():
    """random-mouse keeps two events per move: its cap's allowed maximum is what 2000x2000 stays within."""
    from pymaze.registry import solvers
    cap = next(p for p in solvers()["random-mouse"].params if p.name == "cap")
    assert cap.max <= 5_000_000 and f"{cap.max:,}" in cap.help
    with pytest.raises(pymaze.ParameterError, match="cap"):
        pymaze.solve(pymaze.generate("dig", 3, 3), "random-mouse", cap=cap.max + 1)


CAPPED = [a for family in ("generator", "solver") for a in registry.table(family).values()
          if getattr(a, "max_cells", 0)]


def test_the_algorithms_too_costly_for_the_largest_size_say_their_limit():
    """Each algorithm over the bound at 2000x2000 (see docs/BENCHMARKS.md) states a limit in cells."""
    assert {a.slug for a in CAPPED} >= {"blobby", "cellular", "dungeon", "biastar", "blind", "chain", "mouse", "routes"}
    assert all(0 < a.max_cells < MAX_SIZE * MAX_SIZE for a in CAPPED)


@pytest.mark.parametrize("algo", CAPPED, ids=lambda a: a.slug)
def test_one_cell_past_an_algorithms_limit_is_refused_by_name(algo):
    """The error names the algorithm, its limit in cells and the size asked for, before anything runs."""
    side = math.isqrt(algo.max_cells)
    width, height = side + 1, algo.max_cells // (side + 1) + 1  # max_cells < width x height, and only just
    message = f"{algo.slug} takes at most {algo.max_cells:,} cells .*has {width * height:,}"
    with pytest.raises(pymaze.SizeError, match=message):
        if algo.family == "generator":
            pymaze.Run.generate(algo.slug, width, height)
        else:
            pymaze.Run.solve(algo.slug, pymaze.Maze.blank(width, height, "closed"))
    assert f"at most {algo.max_cells:,} cells" in cli_list()


def cli_list():
    out = io.StringIO()
    cli.main(["list"], out=out)
    return out.getvalue()


def test_perturbs_rounds_are_bounded_with_the_size():
    """Every perturbation round is a pass over the maze: cells x (repeat + 1) has a stated maximum."""
    algo = registry.get("generator", "perturb")
    repeat = next(p for p in algo.params if p.name == "repeat")
    name, most = algo.budget
    assert name == "repeat" and f"{most:,}" in repeat.help
    with pytest.raises(pymaze.ParameterError, match=r"perturb's repeat may be at most 2 on 1,000,000 cells"):
        pymaze.Run.generate("perturb", 1000, 1000, repeat=5)
    pymaze.Run.generate("perturb", 1000, 1000, repeat=2)
    pymaze.Run.generate("perturb", 5, 5, repeat=repeat.max)  # small mazes keep every allowed round


def test_cellular_generations_are_bounded():
    gens = next(p for p in registry.get("generator", "cellular").params if p.name == "generations")
    assert gens.max <= 20 and f"at most {gens.max}" in gens.help
    with pytest.raises(pymaze.ParameterError, match="generations"):
        pymaze.Run.generate("cellular", 10, 10, generations=gens.max + 1)


def test_idastars_visit_limit_is_bounded():
    """Every IDA* visit is events kept by pymaze.solve: its limit's allowed maximum fits the bound."""
    limit = next(p for p in registry.get("solver", "idastar").params if p.name == "limit")
    assert limit.max <= 5_000_000 and f"{limit.max:,}" in limit.help
    with pytest.raises(pymaze.ParameterError, match="limit"):
        pymaze.Run.solve("idastar", pymaze.generate("dig", 3, 3), limit=limit.max + 1)
