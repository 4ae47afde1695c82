"""The event contract: replay forwards rebuilds the final state, backwards the initial one; batches; seeds."""

import hashlib

import pytest

import pymaze
from pymaze import Run, apply
from pymaze.events import unpack, OP_MASK, WALL, MARK, NUM, START, GOAL, NOTE
from pymaze.registry import generators, solvers

from reference import is_spanning_tree


def stream_hash(run):
    return hashlib.sha256(run.events().tobytes()).hexdigest()


def replays_both_ways(run):
    """The run's events applied (checked) to its first state give its last, and backwards the first again."""
    events = run.events()
    state = run.initial.copy()
    apply(state, events, check=True)
    assert state == run.maze
    apply(state, events, backwards=True, check=True)
    assert state == run.initial


@pytest.mark.parametrize("slug", list(generators()))
@pytest.mark.parametrize("seed", range(5))
def test_generator_replay_forwards_and_back(slug, seed):
    replays_both_ways(Run.generate(slug, 7, 5, seed=seed))


@pytest.mark.parametrize("slug", list(solvers()))
def test_solver_replay_forwards_and_back(slug):
    maze = pymaze.generate("dig", 9, 6, seed=4, loops=0.3)
    for m in (maze, maze.as_block()):
        if m.geometry in solvers()[slug].geometries:
            replays_both_ways(Run.solve(slug, m, seed=2))


@pytest.mark.parametrize("batch", [1, 3, 7, 1000])
def test_batches_concatenate_to_the_whole_stream(batch):
    whole = Run.generate("dig", 6, 6, seed=9).events()
    run = Run.generate("dig", 6, 6, seed=9)
    parts = []
    while True:
        b = run.next_batch(batch)
        if not b:
            break
        assert 0 < len(b) <= 4 * batch and len(b) % 4 == 0
        parts.append(b)
    assert sum(parts[1:], parts[0]) == whole
    assert run.finished and run.emitted * 4 == len(whole)


def test_every_event_is_well_formed():
    run = Run.generate("dig", 8, 8, seed=1)
    for op, index, old, new in unpack(run.events()):
        assert op & OP_MASK in (WALL, MARK, NUM, START, GOAL, NOTE)
        assert -1 <= index < run.maze.width * run.maze.height


@pytest.mark.parametrize("kind", ["wilson", "bfs"])
def test_a_run_made_again_shares_its_initial_maze_and_makes_the_same_events(kind):
    gen = Run.generate("wilson", 12, 9, seed=4)
    run = gen if kind == "wilson" else Run.solve("bfs", gen.finish(), seed=4)
    before = bytes(run.initial.wall), bytes(run.initial.mark), list(run.initial.num)
    first = run.events()
    again = run.again()
    assert again.initial is run.initial  # one copy of the maze it starts from, not two
    assert again.events() == first
    assert apply(run.initial.copy(), first).wall == run.maze.wall
    assert (bytes(run.initial.wall), bytes(run.initial.mark), list(run.initial.num)) == before


@pytest.mark.parametrize("slug", list(generators()))
def test_same_seed_same_stream_other_seed_other_maze(slug):
    a = stream_hash(Run.generate(slug, 12, 9, seed=77))
    b = stream_hash(Run.generate(slug, 12, 9, seed=77))
    assert a == b
    mazes = {bytes(pymaze.generate(slug, 12, 9, seed=s).wall) for s in range(6)}
    assert len(mazes) > 1


def test_dig_is_perfect_and_large_sizes_do_not_recurse():
    maze = pymaze.generate("dig", 300, 200, seed=5)
    assert is_spanning_tree(maze)


@pytest.mark.parametrize("bad", [0, -3, 2001, "x", 2.5])
def test_size_out_of_range_names_the_range(bad):
    with pytest.raises(pymaze.SizeError, match="2000"):
        Run.generate("dig", bad, 10)


def test_unknown_algorithm_lists_the_allowed_ones():
    with pytest.raises(pymaze.UnknownAlgorithmError, match="dig"):
        Run.generate("nope", 5, 5)
    with pytest.raises(pymaze.UnknownAlgorithmError, match="bfs"):
        Run.solve("nope", pymaze.generate("dig", 5, 5))


def test_bad_options_say_what_is_allowed():
    with pytest.raises(pymaze.ParameterError, match="mode"):
        Run.generate("dig", 5, 5, colour=3)
    with pytest.raises(pymaze.ParameterError, match="backtrack"):
        Run.generate("dig", 5, 5, mode="sideways")
    with pytest.raises(pymaze.ParameterError, match="from 0"):
        Run.generate("dig", 5, 5, loops=2)
    with pytest.raises(pymaze.ParameterError, match="seed"):
        Run.generate("dig", 5, 5, seed=-1)


DEGENERATE = [  # (width, height, wall bits row-major, start (x, y), goal (x, y))
    (1, 4, "0000", (0, 0), (0, 3)),
    (5, 1, "00000", (0, 0), (4, 0)),
    (2, 2, "0000", (0, 0), (1, 1)),
    (3, 3, "010010000", (0, 0), (2, 0)),
    (4, 3, "0000" "0110" "0000", (3, 2), (0, 0)),
    (3, 1, "000", (1, 0), (1, 0)),
]


@pytest.mark.parametrize("slug", [s for s, a in solvers().items() if "block" in a.geometries])
@pytest.mark.parametrize("case", DEGENERATE, ids=lambda c: f"{c[0]}x{c[1]}-{c[2]}")
def test_every_block_solver_handles_degenerate_grids(slug, case):
    from reference import shortest_moves, valid_route
    w, h, bits, s, g = case
    maze = pymaze.Maze(w, h, bytes(int(b) for b in bits), start=s[1] * w + s[0], goals=[g[1] * w + g[0]])
    sol = pymaze.solve(maze, slug, seed=1)
    if slug == "farthest":  # relocates S and G by design
        assert sol.found
        return
    if solvers()[slug].anyangle:  # corners joined by segments in sight (tests/test_anyangle.py checks them)
        assert sol.found and sol.squares[0] == maze.start and sol.squares[-1] in maze.goals, (slug, sol)
        assert sol.cost <= shortest_moves(maze) + 1e-9
        return
    assert sol.found and valid_route(maze, sol.path), (slug, sol)
    if solvers()[slug].optimal:
        assert sol.moves == shortest_moves(maze)
