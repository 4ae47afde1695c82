"""The instant path (no events packed) ends where the watched path (every event) ends, for every
registered algorithm on every shape it takes; and the bulk helpers the fast paths use agree with
plain per-item references."""

import pytest

import pymaze
from pymaze import Run, apply
from pymaze.events import MARK, M_ROUTE, M_VISITED, M_VISITED2, NOTE, NOTE_NAMES, OP_MASK, START
from pymaze.maze import Maze, FILLS
from pymaze.masks import preset
from pymaze.graph import SHAPES
from pymaze.registry import generators, solvers
from pymaze.solution import Solution

import walk_steps

SIZE = {"square": (9, 7), "hex": (7, 6), "triangle": (8, 6), "polar": (6, 4), "cylinder": (7, 5), "torus": (6, 5),
        "moebius": (7, 5), "upsilon": (7, 6), "levels": (5, 4), "weave": (8, 7), "zeta": (7, 6)}
SOLVE_SIZE = {"square": (8, 6), "hex": (6, 5), "triangle": (7, 5), "polar": (5, 3), "cylinder": (6, 5), "torus": (5, 4),
              "moebius": (6, 5), "upsilon": (6, 5), "levels": (5, 4), "weave": (7, 6), "zeta": (6, 5)}  # a loopy maze: enough to search
DEPTH = {"levels": 3}  # the levels of a levels maze here (other shapes: none)


def _cases(table):
    return [(slug, shape) for slug, algo in table.items() for shape in algo.shapes]


def _watched(run):
    """Every event of ``run``, pulled in small batches as the page pulls them, replayed onto its initial state."""
    events = run.events(batch=97)
    return apply(run.initial.copy(), events, check=True), events


@pytest.mark.parametrize("slug,shape", _cases(generators()))
def test_instant_generate_ends_in_the_watched_maze(slug, shape):
    w, h = SIZE[shape]
    seed = 5
    d = DEPTH.get(shape)
    watched, _ = _watched(Run.generate(slug, w, h, seed=seed, shape=shape, depth=d))
    instant = Run.generate(slug, w, h, seed=seed, shape=shape, depth=d).finish()
    assert instant == watched
    assert pymaze.generate(slug, w, h, seed=seed, shape=shape, depth=d) == watched.copy(layers=False)


def _body_takes_watch(algo):
    import inspect
    return "watch" in inspect.signature(algo.func).parameters


@pytest.mark.parametrize("slug,shape", [c for c in _cases(generators()) if _body_takes_watch(generators()[c[0]])])
def test_a_generator_body_nobody_watches_yields_nothing_and_builds_the_watched_maze(slug, shape):
    import random
    algo = generators()[slug]
    w, h = SIZE[shape]
    maze = Maze.shaped(shape, w, h, algo.initial, None, DEPTH.get(shape))
    assert list(algo.func(maze, random.Random(5), watch=False)) == []
    watched, _ = _watched(Run.generate(slug, w, h, seed=5, shape=shape, depth=DEPTH.get(shape)))
    assert maze == watched


def _twin_options():
    """For every generator with an event-free twin: dig's combined options, and each number or
    switch of each other one at its ends (a small whole number for counts)."""
    out = [("dig", o) for o in ({"mode": "restart"}, {"bias": 0.5}, {"loops": 0.2}, {"bias": -0.5, "loops": 0.2})]
    for slug, algo in generators().items():
        if slug == "dig" or not algo.watchable:
            continue
        out.append((slug, {}))
        for p in algo.params:
            if p.type == "float":
                out += [(slug, {p.name: v}) for v in (p.min, p.max) if v != p.default]
            elif p.type == "int":
                out += [(slug, {p.name: v}) for v in (p.min, p.min + 3) if v != p.default]
            elif p.type == "bool":
                out.append((slug, {p.name: not p.default}))
    return out


@pytest.mark.parametrize("slug,options", _twin_options(), ids=str)
def test_instant_generate_with_options_ends_in_the_watched_maze(slug, options):
    """Generators with an event-free twin: its options (the twin's own fast case, or the steps drained) too."""
    watched, _ = _watched(Run.generate(slug, 11, 8, seed=2, **options))
    assert Run.generate(slug, 11, 8, seed=2, **options).finish() == watched
    if set(generators()[slug].shapes) == set(SHAPES):  # it takes masks
        mask = preset("heart", 11, 8, "join")
        watched, _ = _watched(Run.generate(slug, 11, 8, seed=2, mask=mask, **options))
        assert Run.generate(slug, 11, 8, seed=2, mask=mask, **options).finish() == watched


def reference_solution(maze, events):
    """Route (first time each node is marked M_ROUTE, put in order from S), visited nodes and notes,
    read event by event: the plain decoding ``Solution.from_events`` must agree with."""
    route, visited, notes, start = [], set(), [], maze.start
    for j in range(0, len(events), 4):
        op, p, old, new = events[j] & OP_MASK, events[j + 1], events[j + 2], events[j + 3]
        if op == MARK and new == M_ROUTE and p not in route:
            route.append(p)
        elif op == MARK and new in (M_VISITED, M_VISITED2):
            visited.add(p)
        elif op == NOTE:
            notes.append((NOTE_NAMES.get(old, str(old)), new, p))
        elif op == START:
            start = new
    if route and route[0] != start and route[-1] == start:
        route.reverse()
    return route, len(visited), notes


def _solvable(slug, shape, seed, block=False):
    w, h = SOLVE_SIZE[shape]
    maze = pymaze.generate("dig", w, h, seed=seed, shape=shape, loops=0.3 if seed else 0.0, depth=DEPTH.get(shape))
    if maze.lattice is None and (block or maze.geometry not in solvers()[slug].geometries):
        maze = maze.as_block()
    return maze


def _same_as_watched(slug, maze, seed, **options):
    """The instant run ends in the watched run's maze, and ``pymaze.solve`` (from the solver's
    event-free twin where it has one) says what the watched events say."""
    run = Run.solve(slug, maze, seed=seed, **options)
    watched, events = _watched(run)
    assert Run.solve(slug, maze, seed=seed, **options).finish() == watched
    solution = pymaze.solve(maze, slug, seed=seed, **options)
    route, visited, notes = reference_solution(run.initial, events)
    assert (solution.squares, solution.visited, solution.notes) == (route, visited, notes)
    assert solution.path == [maze.node_xy(p) for p in route]


@pytest.mark.parametrize("slug,shape", _cases(solvers()))
def test_instant_solve_ends_in_the_watched_maze_and_route(slug, shape):
    _same_as_watched(slug, _solvable(slug, shape, 3), 3)


def _choices(table):
    return [(slug, {p.name: c}) for slug, algo in table.items() for p in algo.params
            if p.type == "choice" for c in p.choices if c != p.default]


def _solver_options(table):
    """Every non-default choice of every solver, and a weight above 1 where there is one."""
    out = _choices(table)
    out += [(slug, {p.name: 2.0}) for slug, algo in table.items() for p in algo.params if p.name == "weight"]
    return out


@pytest.mark.parametrize("slug,options", _solver_options(solvers()), ids=str)
def test_instant_solve_with_each_option_ends_in_the_watched_maze_and_route(slug, options):
    diagonal = options.get("diagonal", "never") != "never"
    seed = 0 if options.get("order") == "random" else 3  # dfs's random order on a perfect maze
    maze = _solvable(slug, "square", seed, block=diagonal)
    if "weights" in options or slug == "dijkstra":
        from pymaze.solvers.dijkstra import random_weights
        import random
        random_weights(maze, random.Random(1))
    _same_as_watched(slug, maze, 1, **options)


@pytest.mark.parametrize("slug", [s for s, a in solvers().items() if a.watchable])
def test_instant_solve_without_a_route_and_on_the_goal_ends_as_watched(slug):
    maze = _solvable(slug, "square", 0, block="block" in solvers()[slug].geometries)  # thin: G's passages close
    goal = maze.goal
    for q in (goal - 1, goal + 1, goal - maze.width, goal + maze.width):
        maze.wall[q] = 1  # G walled in
    _same_as_watched(slug, maze, 0)
    maze.goals = [maze.start]
    _same_as_watched(slug, maze, 0)



@pytest.mark.parametrize("slug", [s for s, a in solvers().items() if a.watchable])
def test_instant_solve_with_two_goals_and_the_least_int_options_ends_as_watched(slug):
    """Two goals (a search for the nearest, blind alleys cut against both) and every whole-number
    option at its least, on a perfect maze (where IDA* reaches its least visit limit and gives up)
    and a loopy one."""
    algo = solvers()[slug]
    options = {p.name: p.min for p in algo.params if p.type == "int"}
    for loops in (0.0, 0.3):
        maze = pymaze.generate("dig", 24, 16, seed=4, loops=loops)
        if maze.geometry not in algo.geometries:
            maze = maze.as_block()
        nodes = maze.nodes()
        maze.goals = [maze.goal, nodes[len(nodes) // 3]]
        _same_as_watched(slug, maze, 2, **options)

def test_solution_decoding_tells_a_mark_from_a_number_of_the_same_value():
    maze = pymaze.generate("dig", 4, 3, seed=1)
    p = maze.start
    # NUM events whose new value has M_ROUTE / M_VISITED in its low byte, and a large one.
    events = [3, p, 0, M_ROUTE, 3, p, 0, M_VISITED + 256, 3, p, 0, -2**31 + M_ROUTE, 2, p, 0, M_VISITED]
    sol = Solution.from_events(maze, events)
    assert sol.squares == [] and sol.visited == 1


@pytest.mark.parametrize("fill", FILLS)
@pytest.mark.parametrize("cw,ch", [(1, 1), (1, 4), (5, 1), (4, 3)])
def test_blank_fills_agree_with_a_square_by_square_reference(fill, cw, ch):
    w, h = 2 * cw + 1, 2 * ch + 1
    want = bytearray(w * h)
    for y in range(h):
        for x in range(w):
            edge = x in (0, w - 1) or y in (0, h - 1)
            want[y * w + x] = {"wall": True, "frame": edge, "posts": edge or (x % 2 == 0 and y % 2 == 0),
                               "closed": not (x % 2 and y % 2)}[fill]
    assert Maze.blank(cw, ch, fill).wall == want


def list_growing(maze, rng, policy):
    """The growing tree over a plain list (``del`` retires a cell): the order-keeping policies must
    pick exactly the cells this picks."""
    from pymaze.generators._base import PERMS, shuffled
    from pymaze.graph import moves
    wall = maze.wall
    fixed, tables, inside = moves(maze)
    random = rng.random
    wall[maze.start] = 0
    active = [maze.start]
    while active:
        i = {"newest": len(active) - 1, "oldest": 0, "middle": len(active) // 2}[policy]
        p = active[i]
        d = fixed or tables[p]
        for k in PERMS[int(random() * 24)] if fixed else shuffled(len(d), random):
            dv, dq = d[k]
            if inside[p + dq] and wall[p + dq]:
                wall[p + dv] = wall[p + dq] = 0
                active.append(p + dq)
                break
        else:
            del active[i]
    return maze


@pytest.mark.parametrize("policy", ["newest", "oldest", "middle"])
@pytest.mark.parametrize("shape", ["square", "hex", "polar"])
def test_growing_tree_keeps_the_order_its_policy_reads(policy, shape):
    import random
    for seed in range(4):
        want = list_growing(Maze.shaped(shape, 11, 8, "wall"), random.Random(seed), policy)
        got = pymaze.generate("growing", 11, 8, seed=seed, shape=shape, policy=policy)
        assert got.wall == want.wall


@pytest.mark.parametrize("slug,options", _choices(generators()), ids=str)
def test_instant_generate_with_each_choice_ends_in_the_watched_maze(slug, options):
    watched, _ = _watched(Run.generate(slug, 9, 7, seed=2, **options))
    assert Run.generate(slug, 9, 7, seed=2, **options).finish() == watched


def test_pack_and_column_agree_with_event_by_event_packing():
    import random
    from array import array
    from pymaze.events import MILESTONE, NUM, WALL, Kinds, column, pack
    rng = random.Random(4)
    triples = [(MARK | MILESTONE, 3, 4), (NUM, 0, 0), (WALL, 1, 0), (NOTE | MILESTONE, 255, 256), (MARK, 0, 12)]
    for n in (0, 1, 7, 300):
        kind = bytearray(rng.randrange(len(triples)) for _ in range(n))
        index = [rng.randrange(-1, 2**31 - 1) for _ in range(n)]
        want = array("i")
        for k, i in zip(kind, index):
            op, old, new = triples[k]
            want.extend((op, i, old, new))
        assert pack(Kinds(*triples), kind, index) == want
        olds = [rng.randrange(256) for _ in range(n)]
        assert column(WALL | MILESTONE, index, olds, 7) == array("i", [v for i, o in zip(index, olds)
                                                                      for v in (WALL | MILESTONE, i, o, 7)])
        assert column(MARK, index, 5, 0) == array("i", [v for i in index for v in (MARK, i, 5, 0)])
        steps = [((MARK, 3, 1), (WALL | MILESTONE, 1, 0)), ((NUM, 0, 9), (MARK | MILESTONE, 255, 256))]
        kind = bytearray(rng.randrange(2) for _ in range(n))
        index = [rng.randrange(2**31 - 1) for _ in range(2 * n)]
        want = array("i", [v for j, k in enumerate(kind) for (op, old, new), i in zip(steps[k], index[2 * j:2 * j + 2])
                           for v in (op, i, old, new)])
        assert pack(Kinds(*steps), kind, index) == want


def _reference_walks(maze, rng, firsts):
    """The events of Wilson's walks (``wilson.walks``), made one event at a time from its
    docstring: each walk marked as it goes, a loop unmarked as soon as it closes, the walk opened
    into the tree from its last cell back to its first (unmark, passage, cell: a milestone)."""
    from pymaze.events import MILESTONE, M_STACK, WALL
    from pymaze.graph import between, moves
    fixed, tables, inside = moves(maze)
    via, wall, ev = between(maze), maze.wall, []
    for first in firsts:
        if not wall[first]:
            continue
        path = [first]
        ev.append((MARK, first, 0, M_STACK))
        while True:
            p = path[-1]
            d = fixed or tables[p]
            q = p + d[rng.getrandbits(2) if fixed else int(rng.random() * len(d))][1]
            if not inside[q]:
                continue
            if not wall[q]:
                break
            if q in path:
                i = path.index(q)
                ev += [(MARK, c, M_STACK, 0) for c in path[i + 1:]]
                del path[i + 1:]
            else:
                path.append(q)
                ev.append((MARK, q, 0, M_STACK))
        for c, nxt in reversed(list(zip(path, path[1:] + [q]))):
            ev += [(MARK, c, M_STACK, 0), (WALL, via(c, nxt), 1, 0), (WALL | MILESTONE, c, 1, 0)]
            wall[via(c, nxt)] = wall[c] = 0
    return ev


@pytest.mark.parametrize("shape", ["square", "hex", "triangle", "polar"])
def test_wilson_packs_the_events_of_the_walks_houston_steps_through(shape):
    import random
    from itertools import chain
    from pymaze.events import unpack
    from pymaze.generators.wilson import walks
    from pymaze.graph import cells
    w, h = SIZE[shape]
    for seed in range(3):
        a, b = (Maze.shaped(shape, w, h, "wall", None, DEPTH.get(shape)) for _ in range(2))
        a.wall[a.start] = b.wall[b.start] = 0
        want = _reference_walks(a, random.Random(seed), cells(a))
        assert unpack(list(chain.from_iterable(walks(b, random.Random(seed), cells(b))))) == want
        assert a.wall == b.wall and not any(b.mark)


@pytest.mark.parametrize("slug", ["wilson", "houston", "aldous"])
def test_walks_leave_the_centre_of_a_polar_maze_by_any_of_its_many_moves(slug):
    # The centre of a polar maze whose first ring has 300 cells has 300 moves: a walk remembers
    # which one it left by, more than a byte holds.
    watched = Run.generate(slug, 300, 2, seed=1, shape="polar")
    watched.events()
    assert pymaze.generate(slug, 300, 2, seed=1, shape="polar") == watched.maze
    lat = watched.maze.lattice
    assert sum(1 for v in range(lat.n, lat.n + lat.m) if not watched.maze.wall[v]) == lat.n - 1


def _reference_search(maze, slug, options):
    """The events of the watched ``bfs`` and ``dfs`` (four-neighbour moves), made one event at a time
    from their docstrings' steps: what their packed chunks must hold, in order."""
    from pymaze.events import (M_CURRENT, M_FRONTIER, M_STACK, M_ROUTE, MILESTONE, N_FOUND, N_NO_ROUTE,
                               N_TURNS)
    from pymaze.graph import links, path_to, turning
    import random
    nbrs, goals, start, mark = links(maze), set(maze.goals), maze.start, maze.mark
    shuffle = random.Random(options.pop("seed")).shuffle if options.get("order") == "random" else None
    ev = []

    def put(op, p, new):
        ev.append((op, p, mark[p], new))
        mark[p] = new
    parent, route = {start: start}, None
    if slug == "bfs":
        put(MARK, start, M_FRONTIER)
        queue = [start] if start not in goals else []
        route = [start] if start in goals else None
        for p in queue:
            put(MARK | MILESTONE, p, M_VISITED)
            for q in nbrs(p):
                if q not in parent:
                    parent[q] = p
                    put(MARK, q, M_FRONTIER)
                    if q in goals:
                        route = path_to(parent, q)
                        break
                    queue.append(q)
            if route:
                break
    else:
        put(MARK | MILESTONE, start, M_CURRENT)
        stack, tries = [start], []
        tries.append(iter(nbrs(start)) if shuffle is None else iter(_shuffled(nbrs(start), shuffle)))
        while stack and stack[-1] not in goals:
            p = stack[-1]
            q = next((q for q in tries[-1] if q not in parent), None)
            if q is None:
                stack.pop()
                tries.pop()
                put(MARK if stack else MARK | MILESTONE, p, M_VISITED)
                if stack:
                    put(MARK | MILESTONE, stack[-1], M_CURRENT)
                continue
            parent[q] = p
            put(MARK, p, M_STACK)
            put(MARK | MILESTONE, q, M_CURRENT)
            stack.append(q)
            tries.append(iter(nbrs(q)) if shuffle is None else iter(_shuffled(nbrs(q), shuffle)))
        route = stack or None
    if route is None:
        return ev + [(NOTE | MILESTONE, maze.goal, N_NO_ROUTE, 0)]
    for p in route:
        put(MARK | MILESTONE, p, M_ROUTE)
    return ev + [(NOTE | MILESTONE, route[-1], N_FOUND, len(route) - 1), (NOTE, route[-1], N_TURNS, turning(maze, route))]


def _shuffled(items, shuffle):
    shuffle(items)
    return items


@pytest.mark.parametrize("slug,options", [("bfs", {}), ("dfs", {}), ("dfs", {"order": "random"})], ids=str)
def test_packed_bfs_and_dfs_make_the_events_of_a_one_event_at_a_time_reference(slug, options):
    from pymaze.events import unpack
    for seed in range(4):
        for block in (False, True):
            maze = _solvable(slug, "square", seed, block=block)
            if seed == 3:
                maze.goals = [maze.start]
            want = _reference_search(maze.copy(layers=False), slug, dict(options, seed=seed))
            assert unpack(Run.solve(slug, maze, seed=seed, **options).events(batch=97)) == want


def _reference_best_first(maze, slug, options):
    """The events of the watched ``dijkstra`` and ``astar`` (four-neighbour moves, each costing the
    terrain of the node it enters), made one event at a time from their docstrings' steps with costs
    in dicts: what their packed batches must hold, in order."""
    import heapq
    import itertools
    from pymaze.events import M_FRONTIER, MILESTONE, N_COST, N_FOUND, N_HEURISTIC, N_NO_ROUTE, N_TURNS, NUM
    from pymaze.graph import links, path_to, turning
    nbrs, goals, start, mark, w = links(maze), set(maze.goals), maze.start, maze.mark, maze.width
    weight = options.get("weight", 1.0)
    name = options.get("heuristic", "manhattan") if slug == "astar" else "zero"
    cells = maze.weight if options.get("weights", "maze") == "maze" else None  # A* reads terrain costs too

    def h(p):
        def one(dx, dy):
            return {"manhattan": dx + dy, "chebyshev": max(dx, dy), "zero": 0}[name]
        return min(one(abs(p % w - t % w) // maze.step(), abs(p // w - t // w) // maze.step()) for t in goals)
    ev = [(MARK, start, 0, M_FRONTIER)] + ([(NOTE, -1, N_HEURISTIC, 1)] if weight > 1 else [])
    order = itertools.count()
    cost, parent, closed, route = {start: 0}, {start: start}, set(), None
    heap = [(weight * h(start), h(start), next(order), start)]
    while heap:
        _, _, _, p = heapq.heappop(heap)
        if p in closed:
            continue
        closed.add(p)
        ev.append((MARK | MILESTONE, p, M_FRONTIER, M_VISITED))
        if slug == "dijkstra":
            ev.append((NUM, p, 0, cost[p] + 1))
        if p in goals:
            route = path_to(parent, p)
            break
        for q in nbrs(p):
            c = cost[p] + (cells[q] if cells is not None else 1)
            if q not in closed and c < cost.get(q, c + 1):
                if q not in cost:
                    ev.append((MARK, q, 0, M_FRONTIER))
                cost[q], parent[q] = c, p
                heapq.heappush(heap, (c + weight * h(q), h(q), next(order), q))
    if route is None:
        return ev + [(NOTE | MILESTONE, maze.goal, N_NO_ROUTE, 0)]
    ev += [(MARK | MILESTONE, p, M_VISITED, M_ROUTE) for p in route]
    ev += [(NOTE | MILESTONE, route[-1], N_FOUND, len(route) - 1), (NOTE, route[-1], N_TURNS, turning(maze, route))]
    return ev + ([(NOTE, route[-1], N_COST, 1000 * cost[route[-1]])] if slug == "dijkstra" or cells else [])


@pytest.mark.parametrize("slug,options", [("dijkstra", {}), ("dijkstra", {"weights": "uniform"}), ("astar", {}),
                                          ("astar", {"heuristic": "zero"}), ("astar", {"heuristic": "chebyshev"}),
                                          ("astar", {"weight": 3.0})], ids=str)
def test_packed_dijkstra_and_astar_make_the_events_of_a_one_event_at_a_time_reference(slug, options):
    """Their packed batches hold the events of a plain search with costs in dicts, in order (weighted
    cells, several goals, no route at all)."""
    import random
    from pymaze.events import unpack
    from pymaze.graph import cells, links
    from pymaze.solvers.dijkstra import random_weights
    for seed in range(4):
        for block in (False, True):
            maze = _solvable(slug, "square", seed, block=block)
            random_weights(maze, random.Random(seed))
            floor = [p for p in (cells(maze) if maze.geometry == "thin" else range(len(maze.wall))) if not maze.wall[p]]
            if seed == 2:
                maze.goals = [maze.goal, floor[len(floor) // 2]]
            if seed == 3:  # the goal walled in: no route
                for q in links(maze)(maze.goal):
                    maze.wall[(q + maze.goal) // 2 if maze.geometry == "thin" else q] = 1
            want = _reference_best_first(maze.copy(layers=False), slug, options)
            assert unpack(Run.solve(slug, maze, seed=seed, **options).events(batch=97)) == want


@pytest.mark.parametrize("slug,options", [("wall", {}), ("wall", {"hand": "left"}), ("pledge", {}), ("chain", {}),
                                          ("tremaux", {}), ("collision", {}), ("random-mouse", {"cap": 200}),
                                          ("random-mouse", {"cap": 200, "back": True}),
                                          ("mouse", {"turn45": 0.0, "diagonal": 2.0})], ids=str)
def test_instant_walkers_end_as_watched_where_they_stop_short(slug, options):
    """Trapped in a loop, given up, walled off from G: the walkers' event-free twins end as their
    watched runs do there too (rooms of "fill" and mazes full of loops), and some runs do stop short."""
    statuses = set()
    for seed in range(10):
        maze = pymaze.generate("fill", 8, 6, seed=seed) if seed % 2 else pymaze.generate("dig", 8, 6, seed=seed, loops=1.0)
        if maze.geometry not in solvers()[slug].geometries:
            maze = maze.as_block()
        _same_as_watched(slug, maze, seed, **options)
        statuses.add(pymaze.solve(maze, slug, seed=seed, **options).status)
    assert "found" in statuses and len(statuses) > 1, statuses


PACKED_WALKERS = ("wall", "pledge", "chain", "random-mouse")


def _walker_steps(slug, maze, seed, options):
    """The step-by-step walk (tuples of events) a packed walker's chunks must hold, in order."""
    import importlib
    import random
    rng = (random.Random(seed),) if slug == "random-mouse" else ()
    if slug in walk_steps.STEPS:
        return walk_steps.STEPS[slug](maze, *rng, **options)
    module = importlib.import_module("pymaze.solvers." + slug.replace("-", "_"))
    return module._steps(maze, *rng, **options)


@pytest.mark.parametrize("slug,options", [("wall", {}), ("wall", {"hand": "left"}), ("pledge", {}),
                                          ("chain", {}), ("random-mouse", {"cap": 20_000}),
                                          ("random-mouse", {"cap": 20_000, "back": True})], ids=str)
@pytest.mark.parametrize("chunk", [7, None])
def test_packed_walkers_make_the_events_of_their_step_by_step_walk(slug, options, chunk, monkeypatch):
    """The walkers that pack their own events make, in order, the events of their walk
    made a step at a time (the plain generators of tuples), on every shape they take, through
    rooms, with several goals and on a bigger maze; also when they hand out a chunk every few events."""
    import importlib
    from itertools import chain
    if chunk:
        monkeypatch.setattr(importlib.import_module("pymaze.events"), "CHUNK", chunk)   # what a Trace hands out at
        for name in ("wall", "pledge", "collision", "chain", "random_mouse", "_swarm"):
            module = importlib.import_module("pymaze.solvers." + name)
            if hasattr(module, "CHUNK"):
                monkeypatch.setattr(module, "CHUNK", chunk)
    block = options.get("diagonal", "never") != "never"
    for shape in solvers()[slug].shapes:
        mazes = [_solvable(slug, shape, 3, block=block), _solvable(slug, shape, 3, block=shape == "square")]
        if shape == "square":
            mazes += [pymaze.generate("fill", 8, 6, seed=s) for s in (4, 8)]
            mazes.append(pymaze.generate("dig", 40, 40, seed=1, loops=0.02))
            mazes[-1].goals = [mazes[-1].goal, mazes[-1].nodes()[800]]
        for seed, maze in enumerate(mazes):
            if block and maze.geometry != "block":
                maze = maze.as_block()
            want = list(chain.from_iterable(_walker_steps(slug, maze.copy(layers=False), seed, options)))
            assert list(Run.solve(slug, maze, seed=seed, **options).events(batch=97)) == want


@pytest.mark.parametrize("slug", [s for s, a in solvers().items() if a.watchable
                                  and "block" in a.geometries and "square" in a.shapes])
def test_instant_solve_on_block_mazes_one_square_wide_ends_as_watched(slug):
    """One square wide, north and west are the same offset (-1): the twins and packed walks that
    tell moves apart by direction must not take one for the other (the packed walks are held to
    their step-by-step walks, which ask ``rotation`` or ``moves``)."""
    from itertools import chain
    for w, h, s, g in [(1, 4, 0, 3), (1, 6, 2, 5), (1, 6, 5, 0), (6, 1, 2, 5), (4, 1, 3, 0), (2, 5, 0, 9)]:
        maze = Maze(w, h, bytes(w * h), start=s, goals=[g], geometry="block")
        _same_as_watched(slug, maze, 1)
        if getattr(solvers()[slug].func, "packed", False) and slug in PACKED_WALKERS:
            want = list(chain.from_iterable(_walker_steps(slug, maze.copy(layers=False), 1, {})))
            assert list(Run.solve(slug, maze, seed=1).events(batch=97)) == want


def test_the_written_out_draws_are_randoms_own():
    """``_base.shuffle`` and ``_base.below`` (what the generators' fast loops draw with) leave the same
    order and take the same draws as ``random.Random.shuffle`` and ``randrange``/``randint``."""
    import random
    from pymaze.generators._base import below, shuffle
    for n in (0, 1, 2, 3, 4, 5, 17, 64, 65, 1000):
        ours, theirs, a, b = list(range(n)), list(range(n)), random.Random(n), random.Random(n)
        shuffle(ours, a)
        b.shuffle(theirs)
        assert ours == theirs and a.random() == b.random()
    a, b = random.Random(4), random.Random(4)
    draw = below(a)
    assert [draw(n) for n in range(1, 300)] == [b.randrange(n) for n in range(1, 300)]
    assert [draw(n) for n in range(1, 300)] == [b.randint(0, n - 1) for n in range(1, 300)]
