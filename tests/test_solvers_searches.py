"""The core solvers (dfs, bfs, wave, astar) against the independent references, and every solver's route validity."""

from pathlib import Path

import pytest

import pymaze
from pymaze import Run, apply
from pymaze.events import (MARK, MILESTONE, M_CURRENT, M_ROUTE, M_STACK, M_VISITED, NOTE, NUM, N_FOUND,
                           N_GAVE_UP, N_NO_ROUTE, N_TRAPPED, OP_MASK, unpack)
from pymaze import registry
from pymaze.errors import PymazeError
from pymaze.registry import solvers
from pymaze.solution import Solution
from pymaze.solvers._base import heuristic

from reference import distances, graph, node_of, shortest_moves, valid_route

MAZES = Path(__file__).parent / "mazes"
HEURISTICS = ("manhattan", "euclidean", "octile", "zero")
SHORTEST = [("bfs", {}), ("wave", {})] + [("astar", {"heuristic": h}) for h in HEURISTICS]
SHORTEST_IDS = ["bfs", "wave"] + [f"astar-{h}" for h in HEURISTICS]


def load(path):
    """A block maze from block text: '#'/'*' wall, ' ' floor, 'S', 'G'; short lines padded with wall."""
    rows = Path(path).read_text().split("\n")
    while rows and not rows[-1]:
        rows.pop()
    w, h = max(map(len, rows)), len(rows)
    wall, start, goals = bytearray(), -1, []
    for y, row in enumerate(rows):
        for x, c in enumerate(row.ljust(w, "#")):
            if c not in "#* SG":
                raise ValueError(f"{path}:{y + 1}:{x + 1}: unexpected {c!r}")
            wall.append(c in "#*")
            if c == "S":
                start = y * w + x
            elif c == "G":
                goals.append(y * w + x)
    return pymaze.Maze(w, h, wall, start, goals, geometry="block")


VERDICTS = (N_FOUND, N_NO_ROUTE, N_TRAPPED, N_GAVE_UP)
HAND = sorted(MAZES.glob("*.txt"))
HAND_IDS = [p.stem for p in HAND]


def generated(seeds, loops=(0.0, 0.2), size=(11, 8)):
    """Dig mazes over ``seeds``, perfect and with loops, each in the thin and the block geometry."""
    for seed in seeds:
        for lp in loops:
            m = pymaze.generate("dig", *size, seed=seed, loops=lp)
            yield m
            yield m.as_block()


def solve(maze, slug, seed=0, **opts):
    run = Run.solve(slug, maze, seed=seed, **opts)
    events = run.events()
    return Solution.from_events(run.initial, events), events, run


def check_valid(maze, slug, **opts):
    """Route-finders (``optimal`` True or False): the verdict matches reachability, a found route is valid,
    and one registered optimal is shortest.  Other solvers (``optimal`` None: wall followers that may be
    trapped, farthest pairs that move S and G) must end on a NOTE milestone, and a route they report is
    valid between the S and G they end with (START/GOAL events may move them)."""
    sol, events, run = solve(maze, slug, seed=3, **opts)
    assert any(e[0] == NOTE | MILESTONE and e[2] in VERDICTS for e in unpack(events)), slug
    ref = shortest_moves(maze)
    optimal = solvers()[slug].optimal
    if optimal is not None:
        assert sol.found == (ref is not None), (slug, sol.status)
        if ref is None:
            assert sol.status == "no route" and sol.squares == []
            return sol
    if sol.found and solvers()[slug].anyangle:  # corners joined in sight: tests/test_anyangle.py
        assert sol.squares[0] == maze.start and sol.squares[-1] in maze.goals and sol.cost <= ref + 1e-9
        return sol
    if sol.found:
        assert valid_route(run.maze, sol.path), (slug, sol.path)
        assert sol.moves == len(sol.path) - 1
    if optimal:
        assert sol.moves == ref, slug
    return sol


# --- every registered solver: valid routes, honest verdicts -------------------------------------

ROUTE_FINDERS = [s for s, a in solvers().items() if a.optimal is not None]


@pytest.mark.parametrize("slug", list(solvers()))
def test_every_solver_gives_a_valid_route_on_generated_mazes(slug):
    algo = solvers()[slug]
    for m in generated(range(4)):
        if m.geometry in algo.geometries:
            check_valid(m, slug)


@pytest.mark.parametrize("slug", [s for s, a in solvers().items() if "block" in a.geometries])
@pytest.mark.parametrize("path", HAND, ids=HAND_IDS)
def test_every_block_solver_on_hand_mazes(slug, path):
    check_valid(load(path), slug)


def test_route_finders_are_most_of_the_registry():
    assert {"dfs", "bfs", "wave", "astar"} <= set(ROUTE_FINDERS)


# --- shortest routes: bfs, wave, astar with each admissible heuristic ---------------------------

@pytest.mark.parametrize("slug, opts", SHORTEST, ids=SHORTEST_IDS)
def test_shortest_on_generated_mazes(slug, opts):
    sizes = [(11, 8), (5, 17), (20, 3)]
    for i, m in enumerate(generated(range(24), size=sizes[0])):
        sol = pymaze.solve(m, slug, seed=i, **opts)
        assert sol.found and valid_route(m, sol.path) and sol.moves == shortest_moves(m), (i, m.geometry)
    for size in sizes[1:]:
        for m in generated(range(6), size=size):
            sol = pymaze.solve(m, slug, **opts)
            assert sol.moves == shortest_moves(m) and valid_route(m, sol.path)


@pytest.mark.parametrize("slug, opts", SHORTEST, ids=SHORTEST_IDS)
@pytest.mark.parametrize("path", HAND, ids=HAND_IDS)
def test_shortest_on_hand_mazes(slug, opts, path):
    m = load(path)
    sol = pymaze.solve(m, slug, **opts)
    ref = shortest_moves(m)
    if ref is None:
        assert not sol.found and sol.status == "no route"
    else:
        assert sol.found and valid_route(m, sol.path) and sol.moves == ref


@pytest.mark.parametrize("name", HEURISTICS)
def test_heuristics_never_overestimate(name):
    for m in [*generated(range(3)), *(load(p) for p in HAND)]:
        h = heuristic(m, name)
        goals = [node_of(m, g) for g in m.goals]
        far = {}
        for g in m.goals:
            for node, d in distances(m, g).items():
                far[node] = min(d, far.get(node, d))
        for p in m.nodes():
            if node_of(m, p) in far:
                assert h(p) <= far[node_of(m, p)] + 1e-9, (name, node_of(m, p), goals)


@pytest.mark.parametrize("slug", ["dfs", "bfs", "wave", "astar"])
def test_start_on_the_goal_is_a_route_of_no_moves(slug):
    thin = pymaze.generate("dig", 6, 5, seed=2)
    for m in (thin, thin.as_block(), load(MAZES / "open-room.txt")):
        m.goals = [m.start, *m.goals]
        sol = pymaze.solve(m, slug)
        assert sol.found and sol.moves == 0 and sol.squares == [m.start]


@pytest.mark.parametrize("slug", [s for s in ROUTE_FINDERS if "block" in solvers()[s].geometries])
def test_a_goal_in_a_sealed_room_is_no_route(slug):
    sol, events, _ = solve(load(MAZES / "unreachable.txt"), slug)
    assert not sol.found and sol.status == "no route"
    last = unpack(events)[-1]
    assert last[0] == NOTE | MILESTONE


# --- wave: numbers, rounds, the walk back --------------------------------------------------

def numbered(maze, run):
    return {node_of(maze, p): v - 1 for p, v in enumerate(run.maze.num) if v}


@pytest.mark.parametrize("path", [*HAND, None], ids=[*HAND_IDS, "generated"])
def test_wave_numbers_are_bfs_distances_in_whole_rounds(path):
    mazes = [load(path)] if path else list(generated(range(8)))
    for m in mazes:
        sol, events, run = solve(m, "wave")
        num = numbered(m, run)
        ref = distances(m)
        assert all(ref[n] == d for n, d in num.items())
        if sol.found:
            reach = shortest_moves(m)
            assert max(num.values()) == reach
            # Every round before the goal's is complete; the goal's round stops at the goal.
            assert {n for n, d in ref.items() if d < reach} <= set(num)
            assert sum(d == reach for d in num.values()) <= sum(d == reach for d in ref.values())
        else:
            assert set(num) == set(ref)      # exactly the reachable component
        state = run.initial.copy()
        apply(state, events, check=True)
        assert state.num == run.maze.num


def test_wave_has_one_milestone_per_round_and_walks_back_from_the_goal():
    for m in [*generated(range(4)), *(load(p) for p in HAND)]:
        sol, events, run = solve(m, "wave")
        ev = unpack(events)
        first_route = next((i for i, e in enumerate(ev) if e[0] & OP_MASK == MARK and e[3] == M_ROUTE), len(ev))
        rounds, values = [], set()
        for op, p, old, new in ev[:first_route]:
            if op & OP_MASK == NUM:
                values.add(new - 1)
            if op & MILESTONE and op & OP_MASK != NOTE:
                rounds.append(values)
                values = set()
        assert not values                                   # the wave ends on a milestone
        assert [r for r in rounds if r] == [{k} for k in range(len([r for r in rounds if r]))]
        assert len(rounds) - (not sol.found) == max(numbered(m, run).values()) + 1
        if sol.found:
            route = [e[1] for e in ev[first_route:] if e[0] & OP_MASK == MARK]
            assert route[0] in m.goals and route[-1] == m.start        # G -> S in the stream
            last_num = [e[1] for e in ev[:first_route] if e[0] & OP_MASK == NUM][-1]
            assert last_num == route[0]                                 # the wave stops at the goal
            assert sol.squares == route[::-1] and valid_route(m, sol.path)
            assert [run.maze.num[p] for p in route] == list(range(len(route), 0, -1))


# --- dfs: a snake that backs up -------------------------------------------------------------

def test_dfs_trail_is_a_snake_and_the_route_is_its_body():
    for order in ("fixed", "random"):
        for seed, m in enumerate([*generated(range(5)), *(load(p) for p in HAND)]):
            adj = graph(m)
            sol, events, _ = solve(m, "dfs", seed=seed, order=order)
            body, marks, heads = [], bytearray(len(m.wall)), 0
            for op, p, old, new in unpack(events):
                if op & OP_MASK != MARK or new == M_ROUTE:
                    continue
                assert marks[p] == old
                marks[p] = new
                heads += (new == M_CURRENT) - (old == M_CURRENT)
                if new == M_CURRENT and old == 0:        # a step forward
                    assert not body or node_of(m, p) in adj[node_of(m, body[-1])]
                    body.append(p)
                elif new == M_VISITED:                   # backing out of a dead end
                    assert old == M_CURRENT and body.pop() == p
                elif new == M_CURRENT:
                    assert old == M_STACK and body[-1] == p
                if op & MILESTONE:                       # the head is the one M_CURRENT, the body M_STACK
                    assert heads == (1 if body else 0) and (not body or marks[body[-1]] == M_CURRENT)
                    assert len(body) < 2 or marks[body[-2]] == M_STACK
            check = check_valid(m, "dfs", order=order)
            if sol.found:
                assert sol.squares == body and check.found
            else:
                closed = {node_of(m, e[1]) for e in unpack(events) if e[0] & OP_MASK == MARK and e[3] == M_VISITED}
                assert body == [] and closed == set(distances(m))


def test_dfs_orders_differ_and_random_follows_the_seed():
    m = pymaze.generate("dig", 12, 9, seed=1, loops=0.3)
    fixed = {solve(m, "dfs", seed=s)[1].tobytes() for s in range(3)}
    rand = [solve(m, "dfs", seed=s, order="random")[1].tobytes() for s in range(4)]
    assert len(fixed) == 1 and len(set(rand)) > 1
    assert solve(m, "dfs", seed=2, order="random")[1].tobytes() == rand[2]


# --- astar: open and closed sets, ties, weight --------------------------------------------

def test_astar_closes_each_node_once_and_is_deterministic():
    for m in [*generated(range(3)), load(MAZES / "open-room.txt")]:
        for h in HEURISTICS:
            _, a, _ = solve(m, "astar", seed=1, heuristic=h)
            _, b, _ = solve(m, "astar", seed=99, heuristic=h)
            assert a == b
            closed = [e[1] for e in unpack(a) if e[0] & OP_MASK == MARK and e[3] == M_VISITED]
            assert len(closed) == len(set(closed))


def test_astar_manhattan_expands_less_than_zero_in_an_open_room():
    m = load(MAZES / "open-room.txt")
    seen = {h: pymaze.solve(m, "astar", heuristic=h).visited for h in HEURISTICS}
    assert seen["manhattan"] < seen["euclidean"] <= seen["zero"]
    assert seen["zero"] >= len(distances(m)) // 2


def test_weighted_astar_is_bounded_and_says_it_is_a_heuristic():
    for m in [*generated(range(6)), *(load(p) for p in HAND)]:
        ref = shortest_moves(m)
        for w in (1.5, 3.0):
            sol = pymaze.solve(m, "astar", weight=w)
            if ref is None:
                assert not sol.found
                continue
            assert sol.found and valid_route(m, sol.path) and sol.heuristic
            assert ref <= sol.moves <= w * ref
    with pytest.raises(pymaze.ParameterError):
        pymaze.solve(m, "astar", weight=0.5)


def test_every_built_in_is_listed_under_a_group_that_matches_its_flags():
    """The page's dropdowns group algorithms by the registry's ``group``: every built-in has one of
    its family's groups; a generator listed with rooms and caves is one that leaves loops, and every
    other one is perfect; the shortest-path finders are optimal (mouse: the cheapest drive); an unknown
    group is refused at registration."""
    cat = registry.catalogue()
    for family in ("generators", "solvers"):
        keys = [key for key, _ in cat["groups"][family]]
        assert all(a["group"] in keys for a in cat[family]), family
        assert {a["group"] for a in cat[family]} == set(keys)
    for a in cat["generators"]:
        assert (a["group"] == "rooms") == (a["perfect"] is False), a["slug"]
    assert all(a["optimal"] for a in cat["solvers"] if a["group"] == "shortest" and a["slug"] != "mouse")
    with pytest.raises(PymazeError, match="unknown solver group"):
        registry.solver("x-group-test", "X", group="nowhere")(lambda maze, rng: iter(()))


def test_every_built_in_has_a_short_name_of_its_own():
    """Race boards and the Lab's charts name algorithms by ``short``: never a slug made of lower-case
    letters only where the full name says more, never two algorithms of a family alike, never longer
    than the full name, and always the start of a capitalised phrase."""
    cat = registry.catalogue()
    for family in ("generators", "solvers"):
        shorts = [a["short"] for a in cat[family]]
        assert len(set(shorts)) == len(shorts), family
        for a in cat[family]:
            assert a["short"] and len(a["short"]) <= len(a["name"]), a["slug"]
            assert a["short"][0] == a["short"][0].upper(), a["slug"]
            assert a["short"] != a["slug"] or a["name"] == a["slug"], a["slug"]
