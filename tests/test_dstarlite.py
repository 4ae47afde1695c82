"""D* Lite: its route after every wall change against networkx on the changed maze, the repair's work
against a fresh A*, the changes option's checks, and its events' replay."""

import networkx as nx
import pytest

import pymaze
from pymaze import Run, apply
from pymaze.errors import ParameterError
from pymaze.events import MARK, MILESTONE, M_CURRENT, M_VISITED2, NOTE, N_REPLAN, OP_MASK, WALL, unpack
from pymaze.graph import SHAPES
from pymaze.solution import Solution
from pymaze.worlds import WRAPS

from test_cli import fails


def braided(shape, seed, w=9, h=7, terrain=0.0):
    """A maze with loops (every dead end braided away) on ``shape``, so a closed passage leaves a way round."""
    slug = "dig" if shape == "weave" else "kruskal"
    return Run.generate(slug, w, h, seed=seed, shape=shape, braid=1.0, terrain=terrain).finish()


def shortest(maze, a):
    """networkx's cost from node ``a`` to the nearest goal, a step costing the terrain of the node
    entered (one without terrain); None when no goal is reached."""
    G = maze.to_networkx().to_directed()
    weight = maze.weight
    try:
        return min(nx.dijkstra_path_length(G, a, t, weight=lambda u, v, d: 1 if weight is None else weight[v])
                   for t in maze.goals)
    except nx.NetworkXNoPath:
        return None


def events_of(maze, changes=()):
    run = Run.solve("dstarlite", maze, changes=list(changes))
    solution, run, events = Solution.of_run(run, keep_events=True)
    return solution, run, events


def agent_moves(events):
    """The event numbers just after each step of the agent."""
    return [i + 1 for i, e in enumerate(unpack(events)) if e[0] == MARK | MILESTONE and e[3] == M_CURRENT]


def replans(events):
    """``(event number, agent's node, cost)`` of every replan note."""
    return [(i, e[1], e[3] / 1000) for i, e in enumerate(unpack(events))
            if e[0] & OP_MASK == NOTE and e[2] == N_REPLAN]


def changes_for(maze, seed):
    """Three changes made from the unchanged run: close a passage of the route a few steps ahead of the
    agent after its second step, open a closed passage next to the route, close one further along
    (a weave maze's tunnels stay); the later ones land wherever the events of the earlier ones have
    moved them (mid-search too)."""
    solution, _, events = events_of(maze)
    route, moves = solution.squares, agent_moves(events)
    if len(route) < 9:
        return []
    G, every = maze.to_networkx(), maze.to_networkx(candidates=True)
    if maze.geometry == "block":
        return [(moves[1], route[3]), (moves[5], route[6])]
    ahead = [(a, b) for a, b in zip(route[3:], route[4:]) if not G.edges[a, b].get("under")]
    closed = sorted((a, b) for a, b, under in every.edges(data="under") if not under and not G.has_edge(a, b)
                    and a in route[4:] and a in G and b in G)
    out = [(moves[1], *ahead[0])]
    if closed:
        out.append((moves[3], *closed[seed % len(closed)]))
    if len(ahead) > 3:
        out.append((moves[5], *ahead[3]))
    return out


CASES = [(shape, seed) for shape in SHAPES for seed in range(3)] + [("block", 0), ("block", 1)]


def case_maze(shape, seed):
    if shape == "block":
        return braided("square", seed).as_block()
    w, h = (13, 9) if shape in WRAPS else (9, 7)   # (round a seam the goal is only half the maze away)
    return braided(shape, seed, w, h, terrain=0.5 if seed == 2 and shape == "square" else 0.0)


@pytest.mark.parametrize("shape,seed", CASES)
def test_after_every_change_the_route_from_the_agent_costs_what_networkx_says(shape, seed):
    maze = case_maze(shape, seed)
    changes = changes_for(maze, seed)
    assert changes
    solution, run, events = events_of(maze, changes)
    plans = replans(events)
    for j, agent, cost in plans:
        assert cost == pytest.approx(shortest(apply(maze.copy(), events[:4 * j]), agent)), (j, agent)
    walls = [i for i, e in enumerate(unpack(events)) if e[0] & OP_MASK == WALL]
    assert 1 <= len(walls) <= len(changes)
    if solution.found:
        assert plans and plans[-1][0] > walls[-1]  # the last change was answered by a plan
        assert solution.squares[0] == maze.start and solution.squares[-1] in maze.goals
        assert len(set(solution.squares)) == len(solution.squares)  # the walk with its loops erased
    else:
        last = [i for i, e in enumerate(unpack(events)) if e[0] == MARK | MILESTONE and e[3] == M_CURRENT]
        agent = unpack(events)[last[-1]][1] if last else maze.start
        assert shortest(run.maze, agent) is None


@pytest.mark.parametrize("shape,seed", CASES)
def test_on_an_unchanged_maze_its_route_is_a_shortest_one(shape, seed):
    maze = case_maze(shape, seed)
    solution = pymaze.solve(maze, "dstarlite")
    assert solution.found
    assert solution.cost == pytest.approx(shortest(maze, maze.start))
    G = maze.to_networkx()
    assert all(G.has_edge(a, b) for a, b in zip(solution.squares, solution.squares[1:]))


def test_the_repair_expands_fewer_nodes_than_a_fresh_astar_from_the_agent():
    repaired = fresh = 0
    for seed in range(16):
        maze = braided("square", seed, 14, 10)
        solution, _, events = events_of(maze)
        route, moves = solution.squares, agent_moves(events)
        _, _, changed = events_of(maze, [(moves[2], route[5], route[6])])
        ev = unpack(changed)
        (wall,) = [i for i, e in enumerate(ev) if e[0] & OP_MASK == WALL]
        (j, agent, cost), = replans(changed)
        repaired += sum(1 for e in ev[wall:j] if e[0] == MARK | MILESTONE and e[3] == M_VISITED2)
        there = apply(maze.copy(), changed[:4 * j])
        there.start = agent
        astar = pymaze.solve(there.copy(layers=False), "astar")
        assert astar.moves == cost
        fresh += astar.visited
    assert 0 < repaired < fresh, (repaired, fresh)


def test_a_change_at_event_n_leaves_the_first_n_events_as_they_were():
    maze = braided("hex", 5)
    solution, _, events = events_of(maze)
    route = solution.squares
    for n in (0, 7, agent_moves(events)[2] + 3):
        _, _, changed = events_of(maze, [(n, route[3], route[4])])
        assert changed[:4 * n] == events[:4 * n] and changed != events
        wall = next(i for i, e in enumerate(unpack(changed)) if e[0] & OP_MASK == WALL)
        # the change comes at the end of the step under way at n, after the old plan is rubbed out
        assert n <= wall <= n + len(route) + 8


def test_changes_as_text_are_the_changes_as_a_list_and_the_stream_is_the_same_each_time():
    maze = braided("square", 3)
    changes = changes_for(maze, 3)
    text = " ".join(f"{at}:{a}-{b}" for at, a, b in changes)
    a = Run.solve("dstarlite", maze, changes=changes).events()
    assert Run.solve("dstarlite", maze, changes=text).events() == a
    assert Run.solve("dstarlite", maze, changes=changes).events() == a


@pytest.mark.parametrize("shape,seed", [("square", 1), ("polar", 2), ("levels", 0), ("block", 1)])
def test_events_replay_to_the_final_maze_and_back(shape, seed):
    maze = case_maze(shape, seed)
    run = Run.solve("dstarlite", maze, changes=changes_for(maze, seed))
    events = run.events()
    state = apply(run.initial.copy(), events, check=True)
    assert state == run.maze and state.wall != maze.wall  # the walls changed
    assert apply(state, events, backwards=True, check=True) == run.initial
    instant = Run.solve("dstarlite", maze, changes=changes_for(maze, seed))
    assert instant.finish() == run.maze  # nobody watching: the same changes at the same events


BAD = [
    (5, "must be a list of changes"),
    ("12:5-x", "each change is AT:A-B"),
    ([[1, 2]], "give the two neighbouring cells"),
    ([[1, 2, 3, 4]], "each change is [at, a, b]"),
    ([[-1, 12, 14]], "whole numbers from 0"),
    ([[True, 12, 14]], "whole numbers from 0"),
    ([[3, 10**6, 12]], "is not an open cell"),
    ([[3, 12, 12 + 4]], "not neighbours"),
    ("3:0-12", "is not an open cell"),
]


@pytest.mark.parametrize("changes,words", BAD)
def test_bad_changes_raise_a_parameter_error_naming_what_is_wrong(changes, words):
    maze = pymaze.generate("kruskal", 5, 4, seed=1)  # thin, 11 squares a row: cells 12, 14 and 16 side by side
    with pytest.raises(ParameterError) as err:
        pymaze.solve(maze, "dstarlite", changes=changes)
    assert words in str(err.value)


def test_bad_changes_on_a_block_maze_and_a_weave_tunnel():
    block = pymaze.generate("kruskal", 5, 4, seed=1).as_block()
    for changes, words in (([[3, 12, 13]], "toggles one square"), ([[3, block.start]], "S or G"),
                           ([[3, 10**6]], "off the maze")):
        with pytest.raises(ParameterError, match=words.replace("(", r"\(")):
            pymaze.solve(block, "dstarlite", changes=changes)
    weave = Run.generate("dig", 8, 8, seed=1, shape="weave").finish()
    lat = weave.lattice
    tunnel = next(v for v in range(lat.n, lat.n + lat.m) if lat.middle[v - lat.n] >= 0)
    a, b = lat.ends[2 * (tunnel - lat.n)], lat.ends[2 * (tunnel - lat.n) + 1]
    with pytest.raises(ParameterError, match="tunnels"):
        pymaze.solve(weave, "dstarlite", changes=[[0, a, b]])


def test_the_cli_says_what_is_wrong_with_changes():
    maze = "#####\n#S G#\n#####\n"  # block text: squares 0 to 14, S at 6
    fails("solve", "dstarlite", "--set", "changes=12:x", words="each change is AT:A-B", stdin=maze)
    fails("solve", "dstarlite", "--set", "changes=3:99", words="off the maze", stdin=maze)
    fails("solve", "dstarlite", "--set", "changes=3:6", words="S or G", stdin=maze)
