"""The maze solvers of mazelib and Pullen: Pledge, chain, collision, blind alleys, every shortest route."""

import json
import random
from pathlib import Path

import networkx as nx
import pytest

import pymaze
from pymaze import Run
from pymaze.events import MILESTONE, M_DEAD, M_FILLED, M_VISITED, MARK, NOTE, N_ROUTE, OP_MASK, unpack
from pymaze.solution import Solution

from reference import graph, node_of, replayed, shortest_moves, valid_route

MAZES = Path(__file__).parent / "mazes"
WALKERS = ["pledge", "chain"]
EXACT = ["collision", "blind", "allshortest"]


def block(text):
    rows = text.strip("\n").split("\n")
    w = max(map(len, rows))
    rows = [r.ljust(w, "#") for r in rows]
    flat = "".join(rows)
    return pymaze.Maze(w, len(rows), bytes(c == "#" for c in flat), start=flat.index("S"),
                       goals=[i for i, c in enumerate(flat) if c == "G"])


def hand_mazes():
    for path in sorted(MAZES.glob("*.txt")):
        yield block(path.read_text())


def mazes(count):
    """Perfect and loopy mazes in both views, random open rooms (some with G cut off), hand-made blocks."""
    for i in range(count):
        rng = random.Random(i)
        m = pymaze.generate("dig", rng.randint(2, 9), rng.randint(2, 7), seed=i, loops=rng.choice((0, 0.2, 0.6)))
        yield m
        yield m.as_block()
        w, h = rng.randint(2, 12), rng.randint(2, 9)
        bits = bytearray(rng.random() < rng.choice((0.1, 0.3, 0.45)) for _ in range(w * h))
        bits[0] = bits[-1] = 0
        yield pymaze.Maze(w, h, bits, start=0, goals=[w * h - 1])
    yield from hand_mazes()


def solve(maze, slug, **opts):
    run = Run.solve(slug, maze, seed=0, **opts)
    events = replayed(run)
    return Solution.from_events(run.initial, events), events, run.maze


def nx_graph(maze):
    g = nx.Graph()
    for a, nb in graph(maze).items():
        g.add_node(a)
        g.add_edges_from((a, b) for b in nb)
    return g


@pytest.mark.parametrize("slug", WALKERS + EXACT)
def test_terminate_and_never_claim_a_route_that_is_not_there(slug):
    for maze in mazes(60):
        ref = shortest_moves(maze)
        sol, _, _ = solve(maze, slug)
        assert sol.status in ("found", "no route", "trapped in a loop")
        if ref is None:
            assert not sol.found
        if sol.found:
            assert valid_route(maze, sol.path)
        if slug in EXACT:
            assert sol.found == (ref is not None) and (ref is None or sol.moves == ref)


ISLAND = """
#####
#S..#
#.#.#
#...#
##.##
#.G.#
#####"""


def test_pledge_escapes_the_island_that_traps_the_right_hand_wall_follower():
    maze = block(ISLAND)
    assert pymaze.solve(maze, "wall", hand="right").status == "trapped in a loop"
    sol = pymaze.solve(maze, "pledge")
    assert sol.found and valid_route(maze, sol.path)


ENCLOSED = """
#########
#S      #
# ##### #
# #   # #
# # G # #
# #   # #
# ##### #
#       #
#########"""


@pytest.mark.parametrize("slug", WALKERS)
def test_walkers_circling_an_enclosure_say_so(slug):
    maze = block(ENCLOSED)
    assert shortest_moves(maze) is None
    sol, events, _ = solve(maze, slug)
    assert sol.status == "trapped in a loop"
    assert len(unpack(events)) < 2000


@pytest.mark.parametrize("slug", WALKERS)
def test_walkers_solve_every_perfect_maze(slug):
    for seed in range(40):
        m = pymaze.generate("dig", 3 + seed % 9, 2 + seed % 7, seed=seed)
        for maze in (m, m.as_block()):
            sol = pymaze.solve(maze, slug)
            assert sol.found and valid_route(maze, sol.path), (slug, seed)


def test_blind_alleys_are_exactly_the_nodes_off_every_simple_route():
    for i, maze in enumerate(list(mazes(25))):
        if shortest_moves(maze) is None or len(graph(maze)) > 40:
            continue
        g = nx_graph(maze)
        s = node_of(maze, maze.start)
        goals = {node_of(maze, q) for q in maze.goals}
        on = {s} | {v for t in goals if t != s for p in nx.all_simple_paths(g, s, t) for v in p}
        reach = nx.node_connected_component(g, s)
        _, _, end = solve(maze, "blind")
        filled = {node_of(maze, p) for p in range(len(end.mark)) if end.mark[p] == M_FILLED}
        assert filled == reach - on, i
        _, _, sealed = solve(maze, "blind", method="sealer")
        seals = [node_of(maze, p) for p in range(len(sealed.mark)) if sealed.mark[p] == M_DEAD]
        rest = g.subgraph(reach - on)
        assert len(seals) == nx.number_connected_components(rest)
        assert all(any(b in on for b in g[a]) for a in seals)


def test_every_shortest_route_is_listed():
    for i, maze in enumerate(list(mazes(30))[:90]):     # the generated ones (the open room has 43758)
        ref = shortest_moves(maze)
        if ref is None:
            continue
        g = nx_graph(maze)
        s = node_of(maze, maze.start)
        goal = min((q for q in maze.goals if node_of(maze, q) in nx.node_connected_component(g, s)),
                   key=lambda q: nx.shortest_path_length(g, s, node_of(maze, q)))
        want = {tuple(p) for t in maze.goals if nx.has_path(g, s, node_of(maze, t))
                and nx.shortest_path_length(g, s, node_of(maze, t)) == ref
                for p in nx.all_shortest_paths(g, s, node_of(maze, t))}
        assert goal is not None
        sol, events, _ = solve(maze, "allshortest", limit=10000)
        notes = [e for e in unpack(events) if e[0] & OP_MASK == NOTE and e[2] == N_ROUTE]
        assert len(notes) == len(want) and all(e[3] == ref for e in notes), i
        assert sol.moves == ref and tuple(sol.path) in want


def test_allshortest_lists_the_126_routes_of_an_open_5_by_6_room():
    maze = pymaze.Maze(6, 5, bytes(30), start=0, goals=[29])
    _, events, _ = solve(maze, "allshortest", limit=1000)
    assert sum(e[0] & OP_MASK == NOTE and e[2] == N_ROUTE for e in unpack(events)) == 126
    _, events, _ = solve(maze, "allshortest", limit=7)
    assert sum(e[0] & OP_MASK == NOTE and e[2] == N_ROUTE for e in unpack(events)) == 7


def test_collision_marks_where_floods_meet_only_on_mazes_with_loops():
    for seed in range(10):
        perfect = pymaze.generate("dig", 8, 6, seed=seed)
        _, events, _ = solve(perfect, "collision")
        assert not any(e[0] & OP_MASK == MARK and e[3] == M_DEAD for e in unpack(events))
        loopy = pymaze.generate("dig", 8, 6, seed=seed, loops=0.5)
        _, events, _ = solve(loopy, "collision")
        assert any(e[0] & OP_MASK == MARK and e[3] == M_DEAD for e in unpack(events))


def test_collision_rounds_are_milestones_whatever_the_chunk(monkeypatch):
    """One milestone a round of flooding (its first event), one a node filled, one a route node: the
    same events however often they are handed out."""
    maze = pymaze.generate("dig", 12, 9, seed=2, loops=0.4)
    want = Run.solve("collision", maze).events()
    monkeypatch.setattr(pymaze.events, "CHUNK", 5)
    assert Run.solve("collision", maze).events(batch=7) == want
    marks = [e for e in unpack(want) if e[0] & OP_MASK == MARK]
    floods = [e for e in marks if e[3] in (M_VISITED, M_DEAD)]
    moves = len(pymaze.solve(maze, "collision").squares) - 1  # the goal is flooded in round `moves`
    assert sum(1 for e in floods if e[0] & MILESTONE) == moves + 1  # rounds 0 (S) to moves
    fills = [e for e in marks if e[3] == M_FILLED]
    assert fills and all(e[0] & MILESTONE for e in fills)


NEW_SOLVERS = WALKERS + EXACT + ["idastar", "jps", "biastar", "bidijkstra", "bibest", "swarm", "convswarm", "biswarm"]


@pytest.mark.parametrize("slug", NEW_SOLVERS)
def test_new_solvers_have_numbered_steps_a_property_and_a_source(slug):
    from pymaze.registry import solvers
    doc = solvers()[slug].doc
    assert "1." in doc and "2." in doc and "Property" in doc and "Source" in doc


MERGE = """
#######
#  S  #
# ### #
#     #
### ###
###G###
#######"""


def test_collision_keeps_the_route_where_two_equal_routes_merge():
    # Both floods reach the square above the exit in the same round; walling that square (as
    # mazelib does) would leave no route at all.
    maze = block(MERGE)
    sol, events, _ = solve(maze, "collision")
    dead = [e[1] for e in unpack(events) if e[0] & OP_MASK == MARK and e[3] == M_DEAD]
    assert dead == [maze.goal - 2 * maze.width]
    assert sol.found and sol.moves == shortest_moves(maze) == 8 and valid_route(maze, sol.path)


# --- several routes: the list the CLI prints, and routes beyond Yen's reach ---------------------------

def routes_of(maze, k):
    from pymaze.solution import listed
    run = Run.solve("routes", maze, k=k)
    return listed(run.initial, run.events())


def check_distinct_routes(maze, listed):
    G = maze.to_networkx()
    assert listed[0]["moves"] == nx.shortest_path_length(G, maze.start, maze.goal)
    for n, r in enumerate(listed):
        path = r["path"]
        assert nx.is_simple_path(G, path) and path[0] == maze.start and path[-1] in maze.goals
        assert r["moves"] == len(path) - 1
        assert r["overlap"] == round(len(set(path) & set(listed[0]["path"])) / len(path), 3)
        for other in listed[:n]:
            assert len(set(path) & set(other["path"])) < 0.8 * min(len(path), len(other["path"]))
    assert [r["moves"] for r in listed] == sorted(r["moves"] for r in listed)


def test_routes_on_a_big_maze_with_few_loops_find_as_many_as_asked():
    # Yen's enumeration alone spent its budget on near-copies of the first two routes and stopped at 2.
    maze = pymaze.generate("dig", 60, 40, seed=3, loops=0.05)
    listed, why = routes_of(maze, 10)
    assert len(listed) == 10 and why is None
    check_distinct_routes(maze, listed)


@pytest.mark.parametrize("shape", ["square", "hex", "triangle", "polar"])
def test_routes_count_every_simple_route_when_they_run_out(shape):
    exhausted = 0
    for seed in range(6):
        maze = pymaze.generate("dig", 5, 4, seed=seed, loops=0.15, shape=shape)
        listed, why = routes_of(maze, 10)
        check_distinct_routes(maze, listed)
        assert (why is None) == (len(listed) == 10)
        if why and why[0] == "exhausted":
            exhausted += 1
            assert why[1] == sum(1 for _ in nx.all_simple_paths(maze.to_networkx(), maze.start, maze.goal))
    assert exhausted


def test_cli_lists_the_routes_and_says_why_fewer(capsys):
    from pymaze.cli import main
    assert main(["solve", "routes", "--generate", "dig", "--size", "8x8", "--seed", "3", "--set", "k=4"]) == 0
    out = capsys.readouterr().out
    assert "route 1: " in out and "100 % on route 1" in out
    assert "1 of 4 routes: the maze has exactly one route" in out
    assert main(["solve", "routes", "--generate", "dig", "--size", "12x9", "--seed", "2", "--set", "g.loops=0.3",
                 "--set", "k=3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    maze = pymaze.generate("dig", 12, 9, seed=2, loops=0.3)
    listed, _ = routes_of(maze, 3)
    assert data["routes"] == [{k: r[k] for k in ("moves", "turning", "overlap")} for r in listed]
    assert (data["fewer_because"] is None) == (len(listed) == 3)


@pytest.mark.parametrize("slug", ["swarm", "convswarm", "biswarm"])
def test_the_swarms_find_a_route_on_a_maze_of_thousands_of_cells(slug):
    # convswarm's priorities (distance to the power 7) pass 2**53 on a 60x60 maze; compared
    # through a float with a tolerance, every queued entry looked stale and it said "no route".
    for seed in range(2):
        maze = pymaze.generate("dig", 60, 60, seed=seed)
        sol = pymaze.solve(maze, slug)
        assert sol.found and valid_route(maze, sol.path), (slug, seed)
