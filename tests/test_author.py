"""pymaze.author: the helpers agree with the maze (networkx as the reference) on every shape,
their events replay to the final maze, and misuse gets an AuthorError."""

import random
from collections import deque

import networkx as nx
import pytest

import pymaze
from pymaze import registry
from pymaze.author import MARKS, AuthorError, Board, Param, generator, solver
from pymaze.events import MILESTONE, N_FOUND, N_NO_ROUTE, OP_MASK, WALL, notes, unpack
from pymaze.errors import GeometryError
from pymaze.graph import RULED, SHAPES

from reference import replayed

SOURCE = "test_author.py"  # the registry 'source' of this module's algorithms (removed after each test)
CASES = [(shape, geometry) for shape in SHAPES for geometry in (("thin", "block") if shape == "square" else ("thin",))]


@pytest.fixture(autouse=True)
def own_source():
    registry._load()
    registry._source = SOURCE
    yield
    registry._source = ""
    registry.unregister(SOURCE)


def maze_of(shape, geometry="thin", seed=1, w=7, h=5, slug="dig"):
    return pymaze.generate(slug, w, h, seed=seed, shape=shape, geometry=geometry if shape == "square" else "thin")


def board(maze, family="solver", seed=0):
    return Board(maze, random.Random(seed), family)


@pytest.mark.parametrize("shape, geometry", CASES)
def test_open_neighbours_are_the_edges_of_the_maze(shape, geometry):
    for seed in (1, 2):
        maze = maze_of(shape, geometry, seed, slug="kruskal" if shape == "square" else "dig")
        b = board(maze)
        G = maze.to_networkx()
        assert sorted(b.cells()) == sorted(G.nodes)
        for c in b.cells():
            assert sorted(b.open_neighbours(c)) == sorted(G.neighbors(c))
            assert all(b.is_open(c, q) for q in b.open_neighbours(c))


@pytest.mark.parametrize("shape", SHAPES)
def test_neighbours_are_the_candidate_passages(shape):
    maze = pymaze.Maze.shaped(shape, 6, 5, "closed")
    lattice = pymaze.lattice(shape, 6, 5)
    b = board(maze, "generator")
    assert sorted(b.cells()) == sorted(lattice.nodes)
    for c in b.cells():
        assert sorted(b.neighbours(c)) == sorted(lattice.neighbors(c))
        assert b.open_neighbours(c) == []


@pytest.mark.parametrize("shape, geometry", CASES)
def test_distance_never_overestimates(shape, geometry):
    maze = maze_of(shape, geometry, 3)
    b = board(maze)
    G = maze.to_networkx()
    true = nx.single_source_shortest_path_length(G, maze.goal)
    for c in b.cells():
        assert 0 <= b.distance(c) <= true[c]
        assert b.distance(c, maze.goal) == b.distance(c)
    assert b.distance(maze.goal) == 0


def bfs_solver():
    @solver("t-bfs", "Test BFS", params=[Param("numbers", "bool", True)])
    def bfs(maze, numbers=True):
        parent = {maze.start: None}
        dist = {maze.start: 0}
        queue = deque([maze.start])
        while queue:
            cell = queue.popleft()
            maze.mark(cell, "visited", milestone=True)
            if numbers:
                maze.number(cell, dist[cell])
            yield
            if maze.is_goal(cell):
                maze.found(maze.path(parent, cell))
                return
            for q in maze.open_neighbours(cell):
                if q not in parent:
                    parent[q], dist[q] = cell, dist[cell] + 1
                    queue.append(q)
                    maze.mark(q, "frontier")
        maze.no_route()


def backtracker():
    @generator("t-back", "Test backtracker")
    def back(maze):
        stack, seen = [maze.start], {maze.start}
        while stack:
            cell = stack[-1]
            fresh = [n for n in maze.neighbours(cell) if n not in seen]
            if fresh:
                nxt = maze.rng.choice(fresh)
                maze.open(cell, nxt)
                seen.add(nxt)
                stack.append(nxt)
                yield
            else:
                stack.pop()


@pytest.mark.parametrize("shape, geometry", CASES)
def test_an_authored_bfs_finds_shortest_routes_and_replays(shape, geometry):
    bfs_solver()
    for seed in (1, 5):
        maze = maze_of(shape, geometry, seed, w=8, h=6, slug="kruskal" if shape == "square" else "dig")
        run = pymaze.Run.solve("t-bfs", maze)
        events = replayed(run)
        found = [n for n in notes(events) if n[0] == N_FOUND]
        G = maze.to_networkx()
        assert found and found[0][1] == nx.shortest_path_length(G, maze.start, maze.goal)
        # numbers: each visited cell carries its true distance from S
        dist = nx.single_source_shortest_path_length(G, maze.start)
        assert all(run.maze.num[c] - 1 == dist[c] for c in G.nodes if run.maze.num[c])
        sol = pymaze.solve(maze, "t-bfs", numbers=False)
        assert sol.found and sol.moves == found[0][1]


@pytest.mark.parametrize("shape", SHAPES)
def test_an_authored_backtracker_makes_a_spanning_tree_and_replays(shape):
    backtracker()
    if shape in RULED:  # it cannot know the shape's rule: it refuses the shape, naming those that keep it
        with pytest.raises(GeometryError, match=f"not {shape} ones; {shape} mazes come from (kruskal, )?dig"):
            pymaze.Run.generate("t-back", 9, 7, seed=0, shape=shape)
        return
    for seed in (0, 7):
        run = pymaze.Run.generate("t-back", 9, 7, seed=seed, shape=shape)
        events = replayed(run)
        assert all(op & OP_MASK == WALL and op & MILESTONE for op, *_ in unpack(events))
        G = run.maze.to_networkx()
        assert nx.is_tree(G) and set(G.nodes) == set(pymaze.lattice(shape, 9, 7).nodes)
        again = pymaze.generate("t-back", 9, 7, seed=seed, shape=shape)
        assert again.wall == run.maze.wall  # the seeded rng: same seed, same maze


def test_generators_take_masks_and_the_block_view():
    from pymaze import masks
    backtracker()
    mask = masks.preset("ring", 9, 8, islands="join")
    maze = pymaze.generate("t-back", 9, 8, seed=2, mask=mask)
    assert nx.is_tree(maze.to_networkx())
    block = pymaze.generate("t-back", 6, 4, seed=2, geometry="block")
    assert block.geometry == "block" and nx.is_connected(block.to_networkx())


def test_a_function_without_yield_makes_one_step_per_helper_call():
    @solver("t-plain", "Plain")
    def plain(maze):
        maze.mark(maze.start, "current")
        maze.mark(maze.start, "visited")
        maze.number(maze.start, 0)
        maze.no_route()
    run = pymaze.Run.solve("t-plain", maze_of("square"))
    steps = list(run._steps)
    assert [len(s) // 4 for s in steps] == [1, 1, 1, 1]
    assert notes(steps[-1])[0][0] == N_NO_ROUTE


def test_one_yield_groups_helpers_and_empty_steps_are_dropped():
    @solver("t-group", "Group")
    def group(maze):
        yield                               # nothing changed: no step
        maze.mark(maze.start, "current")
        maze.mark(maze.goal if hasattr(maze, "goal") else maze.goals[0], "frontier")
        maze.milestone()
        yield
        maze.mark(maze.start, "current")    # unchanged: no event, no step
        yield
    steps = list(pymaze.Run.solve("t-group", maze_of("hex"))._steps)
    assert len(steps) == 1 and len(steps[0]) == 8 and steps[0][4] & MILESTONE


def test_raw_events_yielded_from_an_authored_function_are_checked_and_applied():
    from pymaze.events import MARK, M_VISITED

    @solver("t-raw", "Raw inside")
    def raw(maze):
        yield (MARK, maze.start, 0, M_VISITED)
        yield (MARK, maze.start, 0, M_VISITED)  # old is wrong now

    run = pymaze.Run.solve("t-raw", maze_of("square"))
    with pytest.raises(AuthorError, match="expected 0"):
        run.finish()
    assert run.maze.mark[run.maze.start] == M_VISITED


@pytest.mark.parametrize("call, words", [
    (lambda b: b.mark(10**6, "visited"), "not a cell"),
    (lambda b: b.mark(b.start, "purple"), "unknown mark"),
    (lambda b: b.number(b.start, -2), "whole number"),
    (lambda b: b.open(b.start, b.start), "not neighbours"),
    (lambda b: b.found([b.start]), "from maze.start to a goal"),
    (lambda b: b.found([b.start, b.goals[0]]), "no move leads"),
    (lambda b: b.path({1: 2, 2: 1}, 1), "circle"),
])
def test_misuse_raises_author_error(call, words):
    b = board(maze_of("square", w=5, h=5))
    with pytest.raises(AuthorError, match=words):
        call(b)


def test_marks_are_the_vocabulary_and_a_found_route_is_marked():
    from pymaze.events import MARK_NAMES
    assert set(MARKS) == set(MARK_NAMES.values())
    maze = maze_of("triangle", w=6, h=4)
    b = board(maze)
    path = nx.shortest_path(maze.to_networkx(), maze.start, maze.goal)
    b.found(path)
    assert all(b.mark_of(c) == "route" for c in path)
    assert len(b._steps) == len(path) + 1  # a step per route cell, then the notes
