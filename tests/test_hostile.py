"""Hostile arguments to the library: every public function answers with a result or a PymazeError subclass
whose message names the argument, never another exception."""

import math
from array import array

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pymaze
from pymaze import (GeometryError, Maze, MazeFormatError, ParameterError, PymazeError, Run, SizeError,
                    UnknownAlgorithmError, apply, formats)
from pymaze.registry import generators, solvers


def small():
    return pymaze.generate("dig", 4, 3, seed=2)


def run():
    return Run.generate("dig", 3, 3)


def goals_outside():
    m = small()
    m.goals = [m.goal, 10**9]
    return m


def goal_on_wall():
    m = small()
    m.goals = [m.goal, 0]
    return m


# (call, the PymazeError subclass expected, words the message must hold)
CASES = [
    (lambda: pymaze.generate("dig", 5, 5, seed=float("inf")), ParameterError, "seed"),
    (lambda: pymaze.generate("dig", 5, 5, seed=float("nan")), ParameterError, "seed"),
    (lambda: pymaze.generate("dig", 5, 5, seed="٣"), ParameterError, "seed"),
    (lambda: pymaze.generate("dig", 5, 5, seed="1_000"), ParameterError, "seed"),
    (lambda: pymaze.generate("dig", "５", 5), SizeError, "width"),
    (lambda: pymaze.generate("dig", 5, "1_0"), SizeError, "height"),
    (lambda: pymaze.generate("dig", 10**5000, 5), SizeError, "width"),
    (lambda: pymaze.generate("dig", 5, 5, geometry=["thin"]), GeometryError, "geometry"),
    (lambda: pymaze.solve(small(), "astar", weight=10**400), ParameterError, "weight"),
    (lambda: pymaze.solve(small(), "astar", weight=10**5000), ParameterError, "weight"),
    (lambda: pymaze.generate("growing", 5, 5, mix=2**1100), ParameterError, "mix"),
    (lambda: pymaze.solve(small(), "routes", k=float("inf")), ParameterError, "'k'"),
    (lambda: pymaze.solve(small(), "routes", k="٣"), ParameterError, "'k'"),
    (lambda: pymaze.generate(["dig"], 5, 5), UnknownAlgorithmError, "generator"),
    (lambda: pymaze.solve(small(), ["bfs"]), UnknownAlgorithmError, "solver"),
    (lambda: formats.parse("SG", ["json"]), MazeFormatError, "format"),
    (lambda: pymaze.solve(None, "bfs"), ParameterError, "maze"),
    (lambda: Run.solve("bfs", None), ParameterError, "maze"),
    (lambda: pymaze.metrics(None), ParameterError, "maze"),
    (lambda: formats.to_json(None), ParameterError, "maze"),
    (lambda: formats.to_block_text(small(), route=[10**9]), ParameterError, "route"),
    (lambda: pymaze.metrics(small(), max_routes="x"), ParameterError, "max_routes"),
    (lambda: run().next_batch(None), ParameterError, "max_events"),
    (lambda: run().next_batch("x"), ParameterError, "max_events"),
    (lambda: run().next_batch(float("inf")), ParameterError, "max_events"),
    (lambda: run().events(0), ParameterError, "batch"),
    (lambda: Maze(3, 3, b""), ParameterError, "wall"),
    (lambda: Maze(3, 3, [0] * 8 + [2]), ParameterError, "wall"),
    (lambda: Maze(-1, 3), SizeError, "width"),
    (lambda: Maze("3", 3), SizeError, "width"),
    (lambda: Maze(3, None), SizeError, "height"),
    (lambda: Maze(3, 3, start=9), ParameterError, "start"),
    (lambda: Maze(3, 3, goals=[None]), ParameterError, "goal"),
    (lambda: Maze(3, 3, weight=[0] * 9), ParameterError, "weight"),
    (lambda: Maze(3, 3, geometry="hex"), GeometryError, "geometry"),
    (lambda: Maze.blank(0, 3), SizeError, "cells_w"),
    (lambda: Maze.blank(3, 3, "lava"), ParameterError, "fill"),
    (lambda: small().xy(None), ParameterError, "square"),
    (lambda: pymaze.generate("dig", 5, 5, shape=["hex"]), GeometryError, "shape"),
    (lambda: pymaze.generate("dig", 5, 5, shape="hex", mask="XX"), ParameterError, "mask"),
    (lambda: pymaze.lattice("hex", 0, 3), SizeError, "width"),
    (lambda: small().cell(99, 0), ParameterError, "cell x"),
    (lambda: apply(small(), [99, 0, 0, 0]), ParameterError, "unknown op"),
    (lambda: apply(small(), [1, 0, 1]), ParameterError, "multiple of 4"),
    (lambda: apply(small(), [1, 10**6, 1, 0]), ParameterError, "index"),
    (lambda: apply(small(), [1, 0, 1, 7]), ParameterError, "value"),
    (lambda: apply(small(), None), ParameterError, "events"),
    (lambda: apply(small(), [2**40, 0, 0, 0]), ParameterError, "events"),
    (lambda: apply(None, []), ParameterError, "state"),
    (lambda: apply(small(), [1, 0, 0, 1], check=True), ParameterError, "expected"),
    (lambda: pymaze.solve(goals_outside(), "bibfs"), ParameterError, "goal"),
    (lambda: pymaze.solve(goals_outside(), "deadend"), ParameterError, "goal"),
    (lambda: pymaze.solve(goal_on_wall(), "bfs"), ParameterError, "goal"),
    (lambda: pymaze.metrics(goals_outside()), ParameterError, "goals"),
]


@pytest.mark.parametrize("call, error, words", CASES)
def test_bad_arguments_raise_the_documented_error_naming_the_argument(call, error, words):
    with pytest.raises(error) as info:
        call()
    assert words in str(info.value), str(info.value)


@pytest.mark.parametrize("slug", list(solvers()))
def test_every_goal_and_the_start_are_checked_where_a_run_starts(slug):
    """Every solver, not only those that index by goal: a goal outside the grid or on a wall is refused."""
    view = "thin" if "thin" in solvers()[slug].geometries else "block"  # open-grid finders walk block mazes
    for broken in (goals_outside(), goal_on_wall()):
        broken.geometry = view
        with pytest.raises(ParameterError, match="goal"):
            Run.solve(slug, broken)
    m = small()
    m.geometry = view
    m.start = 10**9
    with pytest.raises(ParameterError, match="start"):
        Run.solve(slug, m)


def test_numbers_as_text_are_ascii_digits_only():
    """Sizes, seeds and int options given as text take ASCII digits; other scripts and '_' are refused."""
    assert pymaze.generate("dig", "4", " 3 ", seed="7") == pymaze.generate("dig", 4, 3, seed=7)
    assert pymaze.solve(small(), "routes", k="2").found
    for text in ("٤", "４", "४", "1_0", "+4", "4.0"):
        with pytest.raises(SizeError):
            pymaze.generate("dig", text, 3)
        with pytest.raises(ParameterError):
            pymaze.generate("dig", 3, 3, seed=text)


# --- the property: any argument gives a result or a PymazeError ---------------------------------

HUGE = [10**18, -10**18, 2**63, 10**400, 10**5000, -1, 0, 2**31, 2**32]
DIGITS = ["٣", "３", "३", "১০", "1_000", "", " ", "1e3", "0x10", "-0", "∞", "3", " 7 ", "-2"]
OTHER = [None, math.nan, math.inf, -math.inf, True, False, 0.5, -0.0, 3.0, 1e308, 5e-324, b"", b"\xff\xfe", b"SG",
         bytearray(b"\x01"), [], [1, 2], [None], [[0]], {}, {"a": 1}, (), (1, 2), "x" * 300, "dig", "bfs", "thin",
         "block", "json", "auto", "wall", "posts", object()]
# Drawn from fixed lists (cheap to draw, so thousands of cases stay quick) and small ints.
hostile = st.one_of(st.sampled_from(OTHER + HUGE + DIGITS), st.integers(-5, 40))
SLUGS = list(generators()) + list(solvers())
slug = st.one_of(st.sampled_from(SLUGS), hostile)
OPTION_NAMES = sorted({p.name for a in [*generators().values(), *solvers().values()] for p in a.params})
options = st.dictionaries(st.sampled_from(OPTION_NAMES + ["nope"]), hostile, max_size=2)


SMALL = [pymaze.generate("dig", w, h, seed=w + h, geometry=g) for w in (1, 2, 4) for h in (1, 3)
         for g in ("thin", "block")] + [pymaze.generate("dig", 4, 3, seed=1, shape=s) for s in ("hex", "triangle", "polar")]


@st.composite
def mazes(draw, corrupt=True):
    """A small valid maze, sometimes with one field replaced by something hostile."""
    m = draw(st.sampled_from(SMALL)).copy()
    field = draw(st.sampled_from([None, None, "start", "goals", "wall", "width", "geometry", "weight", "mark"]))
    if field and corrupt:
        setattr(m, field, draw(st.one_of(hostile, st.lists(hostile, max_size=3))))
    return m


maze_or_hostile = st.one_of(mazes(), mazes(), hostile)
texts = st.one_of(hostile, st.sampled_from([formats.to_block_text(small()), formats.to_thin_text(small()),
                                            formats.to_json(small()), "[1,2]", "{}", "SG", "o---o"]))

CALLS = {
    "generate": st.builds(lambda s, w, h, seed, g, sh, o: lambda: pymaze.generate(s, w, h, seed, g, sh, **o),
                          slug, st.one_of(st.integers(1, 4), hostile), st.one_of(st.integers(1, 4), hostile),
                          st.one_of(st.just(0), hostile), st.one_of(st.just("thin"), hostile),
                          st.one_of(st.none(), st.sampled_from(["hex", "triangle", "polar"]), hostile), options),
    "lattice": st.builds(lambda sh, w, h: lambda: pymaze.lattice(sh, w, h),
                         st.one_of(st.sampled_from(["square", "hex", "triangle", "polar"]), hostile),
                         st.one_of(st.integers(1, 4), hostile), st.one_of(st.integers(1, 4), hostile)),
    "solve": st.builds(lambda m, s, seed, o: lambda: pymaze.solve(m, s, seed, **o),
                       maze_or_hostile, slug, st.one_of(st.just(0), hostile), options),
    "metrics": st.builds(lambda m, k: lambda: pymaze.metrics(m, k), maze_or_hostile,
                         st.one_of(st.just(100), hostile)),
    "catalogue": st.just(lambda: pymaze.catalogue()),
    "apply": st.builds(lambda m, e, b, c: lambda: apply(m, e, b, c), maze_or_hostile,
                       st.one_of(hostile, st.lists(st.one_of(st.integers(-2, 300), hostile), max_size=12)),
                       st.booleans(), st.booleans()),
    "Maze": st.builds(lambda w, h, wall, s, g, geo, wt: lambda: Maze(w, h, wall, s, g, geo, wt),
                      st.one_of(st.integers(1, 4), hostile), st.one_of(st.integers(1, 4), hostile),
                      st.one_of(st.none(), hostile, st.lists(st.integers(0, 1), max_size=16)),
                      st.one_of(st.just(-1), hostile), st.one_of(st.just(()), hostile),
                      st.one_of(st.just("block"), hostile), st.one_of(st.none(), hostile)),
    "Maze.blank": st.builds(lambda w, h, f: lambda: Maze.blank(w, h, f), st.one_of(st.integers(1, 4), hostile),
                            st.one_of(st.integers(1, 4), hostile), st.one_of(st.just("wall"), hostile)),
    "Maze methods": st.builds(lambda m, name, a, b: lambda: getattr(m, name)(*[a, b][:ARITY[name]]),
                              mazes(corrupt=False), st.sampled_from(
                                  ["index", "xy", "cell", "node_xy", "is_node", "set_goal", "copy"]),
                              st.one_of(st.integers(-2, 12), hostile), st.one_of(st.integers(-2, 12), hostile)),
    "formats.parse": st.builds(lambda t, f: lambda: formats.parse(t, f), texts,
                               st.one_of(st.just("auto"), hostile)),
    "formats readers": st.builds(lambda r, t: lambda: r(t), st.sampled_from(
        [formats.parse_block, formats.parse_thin, formats.parse_json]), texts),
    "formats writers": st.builds(lambda w, m, r: lambda: w(m, r) if r != "-" else w(m), st.sampled_from(
        [formats.to_block_text, formats.to_thin_text]), maze_or_hostile, st.one_of(st.just("-"), hostile)),
    "formats.to_json": st.builds(lambda m: lambda: formats.to_json(m), maze_or_hostile),
    "Run.generate": st.builds(lambda s, w, h, seed: lambda: Run.generate(s, w, h, seed), slug,
                              st.one_of(st.integers(1, 4), hostile), st.one_of(st.integers(1, 4), hostile),
                              st.one_of(st.just(0), hostile)),
    "Run.solve": st.builds(lambda s, m, seed: lambda: Run.solve(s, m, seed), slug, maze_or_hostile,
                           st.one_of(st.just(0), hostile)),
    "Run methods": st.builds(lambda name, n: lambda: getattr(Run.generate("dig", 3, 2), name)(n),
                             st.sampled_from(["next_batch", "events"]), st.one_of(st.integers(-1, 50), hostile)),
}
ARITY = {"index": 2, "cell": 2, "xy": 1, "node_xy": 1, "is_node": 1, "set_goal": 1, "copy": 1}
EXAMPLES = 650  # 16 entry points: over 10,000 cases in all


@pytest.mark.parametrize("name", list(CALLS))
def test_any_argument_gives_a_result_or_a_pymaze_error(name):
    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
    @given(CALLS[name])
    def check(call):
        try:
            call()
        except PymazeError as exc:
            assert str(exc) and "\n" not in str(exc).strip()

    check()
