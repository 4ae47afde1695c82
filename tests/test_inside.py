"""Inside a run (pymaze.inside, Run.inspect): the line behind every event, read back from the real
source file; the structures at every k against references written here (a BFS of our own,
networkx distances, union-find over the walls the events opened)."""

import re
from pathlib import Path

import networkx as nx
import pytest

from pymaze import Run, apply
from pymaze.errors import ParameterError, SizeError
from pymaze.graph import SHAPES
from pymaze.inside import inside
from pymaze.events import MARK, MILESTONE, M_CURRENT, M_FILLED, M_FRONTIER2, M_ROUTE, M_VISITED, M_VISITED2, OP_MASK, WALL

TAUGHT_SOLVERS = ["bfs", "dfs", "astar", "dijkstra", "greedy"]
TAUGHT_GENERATORS = ["dig", "kruskal", "prim", "wilson"]
# what a line that makes events looks like in the bodies: a trace call, a yield, or a helper of the
# same file that adds to the trace (wilson's show and _report)
EVENT_CALL = re.compile(r"\btrace\.(add|step|add_all|settle)\(|\byield\b|\bshow\(|_report\(")


def maze_with_loops(shape="square", seed=4):
    return Run.generate("dig", 7, 6, seed=seed, shape=shape, loops=0.3).finish()


def events_of(run):
    return run.again().events()


def expansion_ks(ev):
    """Every k whose next event (event k + 1) closes a cell: a search about to take an entry."""
    return [j // 4 for j in range(0, len(ev), 4)
            if ev[j] == MARK | MILESTONE and ev[j + 3] == M_VISITED]


@pytest.mark.parametrize("family,slug", [("solver", s) for s in TAUGHT_SOLVERS]
                         + [("generator", s) for s in TAUGHT_GENERATORS])
def test_every_event_has_a_line_of_the_real_file_that_makes_events(family, slug):
    run = Run.solve(slug, maze_with_loops()) if family == "solver" else Run.generate(slug, 6, 5, seed=2)
    n = len(events_of(run)) // 4
    last = run.inspect(n)
    text = Path(last.file).read_text(encoding="utf-8").splitlines()
    first, end = last.lines
    defs = [i + 1 for i, t in enumerate(text) if t.startswith(f"def {slug}(")]
    assert len(defs) == 1 and first <= defs[0] < end  # (the span starts at its decorator)
    lines = list(inside(run).lines)
    assert len(lines) == n and lines[-1] == last.line and run.inspect(0).line is None
    assert all(run.inspect(k).line == lines[k - 1] for k in range(1, n, 11))
    for k, line in enumerate(lines, 1):
        assert EVENT_CALL.search(text[line - 1]), (k, line, text[line - 1])
    # the lines lie in the algorithm's function, or in a generator of its own file it calls (wilson's walks)
    inside_def = [line for line in lines if first <= line <= end]
    assert inside_def, "no event comes from the algorithm's own function"
    assert len(set(lines)) >= 2, "the highlighted line never moves"


def test_bfs_queue_is_what_a_reference_bfs_holds_after_as_many_expansions():
    maze = maze_with_loops()
    run = Run.solve("bfs", maze)
    ev = events_of(run)
    G = maze.to_networkx()
    dist = nx.single_source_shortest_path_length(G, maze.start)
    ks = expansion_ks(ev)
    assert len(ks) > 10
    expanded = []
    for k in ks:
        view = run.inspect(k)
        queue = view.structures["queue"]
        # the reference: every cell next to an expanded one (and S) not expanded yet is queued
        seen = {maze.start} | {q for p in expanded for q in G[p]}
        want = seen - set(expanded)
        assert {e["cell"] for e in queue} == want, k
        assert [e["distance"] for e in queue] == [dist[e["cell"]] for e in queue]
        ds = [e["distance"] for e in queue]
        assert ds == sorted(ds) and ds[-1] - ds[0] <= 1
        assert queue[0]["cell"] == view.next == ev[4 * k + 1]
        expanded.append(queue[0]["cell"])
        # every parent is a neighbour one move nearer S
        assert all(q in G[p] and dist[q] == dist[p] - 1 for p, q in view.parents.items())


def manhattan(maze, p):
    x, y = p % maze.width, p // maze.width
    return min(abs(x - g % maze.width) + abs(y - g // maze.width) for g in maze.goals) // 2


@pytest.mark.parametrize("slug", ["astar", "dijkstra", "greedy"])
def test_the_open_heap_first_entry_is_taken_next_and_astar_g_is_the_true_distance(slug):
    maze = maze_with_loops(seed=7)
    run = Run.solve(slug, maze)
    ev = events_of(run)
    dist = nx.single_source_shortest_path_length(maze.to_networkx(), maze.start)
    ks = expansion_ks(ev)
    assert len(ks) > 10
    for k in ks:
        view = run.inspect(k)
        heap = view.structures["open"]
        first = heap[0]
        assert first["cell"] == view.next == ev[4 * k + 1]
        assert len({e["cell"] for e in heap}) == len(heap)
        keys = [(e["f"], e["h"], e["order"]) if slug == "astar" else (e["f"], e["order"]) for e in heap]
        assert keys == sorted(keys)
        for e in heap:
            if slug == "greedy":
                assert e["h"] == e["f"] == manhattan(maze, e["cell"])
            else:
                assert e["f"] == e["g"] + e["h"]
                assert e["h"] == (manhattan(maze, e["cell"]) if slug == "astar" else 0)
                assert e["g"] >= dist[e["cell"]]
        if slug != "greedy":  # the entry taken is closed at its true distance (unit costs, consistent h)
            assert first["g"] == dist[first["cell"]]


def test_dfs_and_dig_stacks_are_paths_from_their_first_cell():
    maze = maze_with_loops()
    G = maze.to_networkx()
    run = Run.solve("dfs", maze)
    for k in range(1, len(events_of(run)) // 4 + 1, 3):
        stack = run.inspect(k).structures["stack"]
        assert stack[-1] == maze.start and len(set(stack)) == len(stack)
        assert all(b in G[a] for a, b in zip(stack, stack[1:]))
    dig = Run.generate("dig", 6, 5, seed=3)
    final = dig.again().finish().to_networkx()
    for k in range(1, len(events_of(dig)) // 4 + 1, 3):
        stack = dig.inspect(k).structures["stack"]
        assert all(b in final[a] for a, b in zip(stack, stack[1:]))


@pytest.mark.parametrize("shape", ["square", "hex"])
def test_kruskal_sets_are_the_components_of_the_walls_opened_so_far(shape):
    run = Run.generate("kruskal", 6, 5, seed=5, shape=shape)
    ev = events_of(run)
    n_cells = len(run.initial.to_networkx(candidates=True))
    steps = [0] + [j // 4 + 1 for j in range(0, len(ev), 4) if ev[j] & MILESTONE]
    for k in steps:
        sets = run.inspect(k).structures["sets"]
        assert sum(s["size"] for s in sets) == n_cells
        assert all(s["size"] == len(s["cells"]) and s["cell"] in s["cells"] for s in sets)
        state = apply(run.initial.copy(), ev[:4 * k])
        G = state.to_networkx(candidates=True)
        G.remove_edges_from([(a, b) for a, b, via in G.edges(data="via") if state.wall[via]])
        assert {frozenset(s["cells"]) for s in sets} == {frozenset(c) for c in nx.connected_components(G)}, k


@pytest.mark.parametrize("shape", ["square", "hex"])
def test_wilson_walk_is_a_path_of_neighbours_with_no_cell_twice(shape):
    run = Run.generate("wilson", 6, 5, seed=1, shape=shape)
    G = run.initial.to_networkx(candidates=True)
    walks = 0
    for k in range(0, len(events_of(run)) // 4 + 1, 2):
        walk = run.inspect(k).structures["walk"]
        assert len(set(walk)) == len(walk)
        assert all(b in G[a] for a, b in zip(walk, walk[1:]))
        walks += len(walk) > 1
    assert walks


def test_prim_frontier_first_entry_is_the_cell_opened_next():
    run = Run.generate("prim", 6, 5, seed=2)
    ev = events_of(run)
    # a step of prim: the cell leaves the frontier, the wall to it and the cell open (the milestone), ...
    opened = [j // 4 - 2 for j in range(4, len(ev), 4) if ev[j] == WALL | MILESTONE]
    assert len(opened) == 29
    for k in opened:
        view = run.inspect(k)
        frontier = view.structures["frontier"]
        keys = [e["key"] for e in frontier]
        assert keys == sorted(keys) and frontier[0]["cell"] == view.next == ev[4 * k + 1]


def test_the_state_at_k_is_the_same_reached_forward_or_by_seeking_back():
    maze = maze_with_loops()
    forward = Run.solve("astar", maze)
    n = len(events_of(forward)) // 4
    ahead = {k: forward.inspect(k).as_dict() for k in range(n + 1)}
    back = Run.solve("astar", maze)
    back.inspect(n)
    for k in range(n, -1, -7):
        assert back.inspect(k).as_dict() == ahead[k]


def test_an_algorithm_without_a_view_still_gets_its_lines_and_parents_and_bad_k_is_refused(monkeypatch):
    import pymaze.inside
    monkeypatch.delitem(pymaze.inside.VIEWS, "collision")   # (it has one: here it is seen without)
    maze = maze_with_loops()
    run = Run.solve("collision", maze)
    n = len(events_of(run)) // 4
    view = run.inspect(n // 2)
    assert view.structures == {} and view.line
    G = maze.to_networkx()
    assert view.parents and all(q in G[p] for p, q in view.parents.items())
    for bad in (-1, n + 1, 1.5, True, "3"):
        with pytest.raises(ParameterError):
            run.inspect(bad)


def after_milestones(ev):
    return [0] + [j // 4 + 1 for j in range(0, len(ev), 4) if ev[j] & MILESTONE]


def open_components(state):
    G = state.to_networkx(candidates=True)
    G.remove_edges_from([(a, b) for a, b, via in G.edges(data="via") if state.wall[via]])
    return {c: i for i, comp in enumerate(nx.connected_components(G)) for c in comp}


def test_eller_row_sets_are_the_rows_cells_split_by_what_joins_them_so_far():
    run = Run.generate("eller", 7, 5, seed=3)
    ev = events_of(run)
    for k in after_milestones(ev):
        sets = run.inspect(k).structures["row sets"]
        cells = [c for s in sets for c in s["cells"]]
        assert len(cells) == 7 and len({c // run.initial.width for c in cells}) == 1, k
        comp = open_components(apply(run.initial.copy(), ev[:4 * k]))
        # Eller's invariant: two cells of the row share a set exactly when the maze so far joins them
        assert all(len({comp[c] for c in s["cells"]}) == 1 for s in sets), k
        assert len({comp[s["cells"][0]] for s in sets}) == len(sets), k


def test_division_chambers_hold_no_wall_yet():
    run = Run.generate("division", 7, 6, seed=2)
    ev = events_of(run)
    w = run.initial.width
    for k in after_milestones(ev):
        state = apply(run.initial.copy(), ev[:4 * k])
        for c in run.inspect(k).structures["chambers"]:
            x0, y0 = (c["cell"] % w - 1) // 2, (c["cell"] // w - 1) // 2
            for cy in range(y0, y0 + c["height"]):
                for cx in range(x0, x0 + c["width"]):
                    p = state.cell(cx, cy)
                    assert cx == x0 + c["width"] - 1 or not state.wall[p + 1], (k, c)
                    assert cy == y0 + c["height"] - 1 or not state.wall[p + w], (k, c)


@pytest.mark.parametrize("slug", ["wall", "pledge", "tremaux", "random-mouse"])
def test_the_walker_is_the_cell_marked_current(slug):
    maze = maze_with_loops()
    run = Run.solve(slug, maze)
    ev = events_of(run)
    ks = after_milestones(ev)
    for k in ks[1:len(ks) // 2]:
        state = apply(run.initial.copy(), ev[:4 * k])
        walker = run.inspect(k).structures["walker"][0]
        walker = walker if isinstance(walker, int) else walker["cell"]
        assert state.mark[walker] == M_CURRENT, k


@pytest.mark.parametrize("slug", ["bfs", "astar", "dijkstra", "greedy"])
def test_predict_asks_before_each_expansion_and_the_answer_is_the_first_entry(slug):
    from pymaze.inside import predict
    maze = maze_with_loops()
    run = Run.solve(slug, maze)
    ev = events_of(run)
    expansions = set(expansion_ks(ev))
    k, asked = 0, 0
    while True:
        q = predict(run, k, -1)
        if q["at"] is None:
            break
        assert q["at"] >= k and ev[4 * q["at"]] & MILESTONE and q["next"] == ev[4 * q["at"] + 1]
        if q["at"] in expansions:
            asked += 1
            assert q["nextEntry"]["place"] == 1 and not q["right"]
            assert predict(run, k, q["next"])["right"]
            other = run.inspect(q["at"]).structures
            other = [e["cell"] for e in next(iter(other.values()))[1:]]
            if other:
                wrong = predict(run, k, other[0])
                assert not wrong["right"] and wrong["yourEntry"]["place"] == 2
        assert q["then"] > q["at"]
        k = q["then"]
    assert asked == len(expansions)


USER_CODE = '''
from pymaze.registry import solver
from pymaze.events import MARK, MILESTONE, M_VISITED
from pymaze.graph import links


@solver("t-inside-bfs", "A queue of my own")
def mine(maze, rng, watch=True):
    """Breadth-first, one cell a step."""
    nbrs = links(maze)
    queue, seen = [maze.start], {maze.start}
    while queue:
        p = queue.pop(0)
        maze.mark[p] = M_VISITED
        yield (MARK | MILESTONE, p, 0, M_VISITED)
        for q in nbrs(p):
            if q not in seen:
                seen.add(q)
                queue.append(q)


mine.inside = lambda v: {"queue": list(v.get("queue", ()))}
'''

AUTHORED = '''
from pymaze.author import solver


@solver("t-inside-authored", "An authored walk")
def walk(maze):
    """Visit every cell breadth-first."""
    queue, seen = [maze.start], {maze.start}
    for cell in queue:
        maze.mark(cell, "visited", milestone=True)
        for n in maze.open_neighbours(cell):
            if n not in seen:
                seen.add(n)
                queue.append(n)
        yield
'''


@pytest.mark.parametrize("code,slug,call", [(USER_CODE, "t-inside-bfs", "yield (MARK"),
                                            (AUTHORED, "t-inside-authored", "maze.mark(cell")])
def test_the_pages_own_code_gets_its_lines_and_its_own_view(code, slug, call):
    import json
    from pymaze import registry
    from pymaze.web import USER_FILE, Session
    s = Session()
    try:
        s.generate("dig", 5, 4, 1)
        assert json.loads(s.register_code(code))["error"] is None
        s.solve(slug, 0)
        n = len(s.run.again().events()) // 4
        first = json.loads(s.inside_json(3, True))
        assert first["file"] == USER_FILE and first["text"] == code and first["total"] == n == 20
        line = code.splitlines().index(next(t for t in code.splitlines() if call in t)) + 1
        assert set(first["eventLines"]) == {line}
        if slug == "t-inside-bfs":  # its own view: the queue after 3 cells taken, read at the loop's head
            G = s.run.initial.to_networkx()
            taken = [s.run.again().events()[4 * j + 1] for j in range(4)]
            queue = json.loads(s.inside_json(3))["structures"]["queue"]
            seen = {s.run.initial.start} | {q for p in taken[:3] for q in G[p]}
            assert queue[0] == taken[3] and set(queue) == seen - set(taken[:3])
    finally:
        registry.unregister(USER_FILE)


def test_wave_bibfs_and_idastar_structures_against_networkx_distances():
    maze = maze_with_loops(seed=5)
    G = maze.to_networkx()
    from_s = nx.single_source_shortest_path_length(G, maze.start)
    to_g = nx.single_source_shortest_path_length(G, maze.goal)
    wave = Run.solve("wave", maze)
    n = len(events_of(wave)) // 4
    for k in range(1, n + 1, 3):
        for name, entries in wave.inspect(k).structures.items():
            assert all(e["distance"] == from_s[e["cell"]] for e in entries), (k, name)
            assert len({e["distance"] for e in entries}) <= 1, (k, name)
    bibfs = Run.solve("bibfs", maze)
    for k in range(0, len(events_of(bibfs)) // 4 + 1, 3):
        layers = bibfs.inspect(k).structures
        assert len({from_s[c] for c in layers["layer from S"]}) <= 1, k
        assert len({to_g[c] for c in layers["layer from G"]}) <= 1, k
    ida = Run.solve("idastar", maze)
    trails = 0
    for k in range(1, len(events_of(ida)) // 4 + 1, 2):
        trail = ida.inspect(k).structures.get("trail")
        if not trail:
            continue
        trails += 1
        path = [e["cell"] for e in reversed(trail)]
        assert path[0] == maze.start and all(b in G[a] for a, b in zip(path, path[1:]))
        assert [e["g"] for e in reversed(trail)] == list(range(len(trail)))
    assert trails


def test_the_pages_code_stopped_on_an_error_is_looked_inside_up_to_it():
    import json
    from pymaze import registry
    from pymaze.web import USER_FILE, Session
    code = USER_CODE.replace("        yield (MARK | MILESTONE, p, 0, M_VISITED)",
                             "        yield (MARK | MILESTONE, p if len(seen) < 6 else -5, 0, M_VISITED)")
    s = Session()
    try:
        s.generate("dig", 5, 4, 1)
        assert json.loads(s.register_code(code))["error"] is None
        s.solve("t-inside-bfs", 0)
        made = len(s.run.again().events()) // 4
        assert 0 < made < 20  # the run stopped on its bad event
        answer = json.loads(s.inside_json(made, True))
        assert answer["total"] == made and len(answer["eventLines"]) == made
    finally:
        registry.unregister(USER_FILE)


# What "See inside" names for every registry algorithm (names read at some step of a small run);
# None: the algorithm keeps no structure to show (its lines are followed).  A new algorithm must be
# listed here, so it is decided whether it shows one.
NAMED = {
    "generator": {
        "kruskal": {"sets"}, "dig": {"stack"}, "stick": None, "extend": {"growing wall"}, "prim": {"frontier"},
        "wilson": {"walk"}, "houston": {"walker", "walk"}, "origin": {"origin"}, "aldous": {"head"},
        "eller": {"row sets"}, "sidewinder": {"row to open"}, "binary": None, "hunt": {"head"},
        "growing": {"active"}, "division": {"chambers"}, "skewed": {"chambers"}, "blobby": {"regions", "growing"},
        "unicursal": None, "perturb": {"walls put up", "pieces", "passages to try"}, "fill": {"to drop"},
        "cellular": {"generation", "changed", "regions", "meetings"}, "dungeon": {"rooms", "walker", "hunt list", "pieces", "passages to try"},
        "trivial": None,
    },
    "solver": {
        "dfs": {"stack"}, "bfs": {"queue"}, "wave": {"wave", "next wave"}, "astar": {"open"},
        "biastar": {"open from S", "open from the goals"}, "idastar": {"trail", "bound"},
        "jps": {"open jump points"}, "thetastar": {"open"}, "lazytheta": {"open"}, "dijkstra": {"open"},
        "bidijkstra": {"open from S", "open from the goals"}, "greedy": {"open"},
        "bibest": {"open from S", "open from the goals"}, "swarm": {"open"}, "convswarm": {"open"},
        "biswarm": {"open from S", "open from the goals"}, "bibfs": {"layer from S", "layer from G"},
        "tremaux": {"walker", "marked passages"}, "culdesac": {"dead ends"}, "random-mouse": {"walker", "walk"},
        "deadend": {"dead ends"}, "farthest": {"ring"}, "blind": {"alley entrances"}, "allshortest": {"layer"},
        "routes": {"routes kept", "candidates"}, "wall": {"walker", "walk"}, "pledge": {"walker", "walk"}, "chain": {"walker", "guide line", "robots"},
        "collision": {"heads", "next heads"}, "mouse": {"mouse", "open"}, "dstarlite": {"open", "agent"},
    },
}
BLOCK_ONLY = ("jps", "thetastar", "lazytheta")


def small_run(family, slug):
    if family == "generator":
        return Run.generate(slug, 6, 5, seed=2)
    return Run.solve(slug, Run.generate("dig", 7, 6, seed=4, loops=0.3,
                                        geometry="block" if slug in BLOCK_ONLY else "thin").finish())


def test_every_registry_algorithm_is_listed_with_what_it_shows():
    from pymaze import registry
    for family, named in NAMED.items():
        assert set(registry.table(family)) == set(named), family


@pytest.mark.parametrize("family,slug", [(f, s) for f, named in NAMED.items() for s in named])
def test_every_algorithm_shows_its_named_structures_over_cells_of_the_maze(family, slug):
    run = small_run(family, slug)
    n = len(inside(run))
    squares = len(run.initial.wall)
    seen = set()
    for k in range(0, n + 1, max(1, n // 40)):
        view = run.inspect(k)
        seen |= set(view.structures)
        for name, entries in view.structures.items():
            for e in entries:
                cell = e if isinstance(e, int) else e["cell"]
                assert 0 <= cell < squares, (slug, k, name, e)
    assert seen == (NAMED[family][slug] or set()), slug


def expansions(ev):
    """Every k whose next event expands a node (either side of a two-sided search)."""
    return [j // 4 for j in range(0, len(ev), 4)
            if ev[j] == MARK | MILESTONE and ev[j + 3] in (M_VISITED, M_VISITED2)]


@pytest.mark.parametrize("slug,shape", [(s, "square") for s in ("swarm", "convswarm", "jps", "thetastar",
                                                                 "lazytheta", "bidijkstra", "biastar", "bibest",
                                                                 "biswarm", "allshortest")]
                         + [("bidijkstra", "hex"), ("biastar", "triangle")])
def test_the_first_entry_of_a_searchs_first_structure_is_the_node_it_expands_next(slug, shape):
    geometry = "block" if slug in BLOCK_ONLY else "thin"
    maze = Run.generate("dig", 7, 6, seed=4, loops=0.3, shape=shape, geometry=geometry).finish()
    run = Run.solve(slug, maze)
    ev = events_of(run)
    ks = expansions(ev)
    assert len(ks) > 8
    G = maze.to_networkx()
    from_s = nx.single_source_shortest_path_length(G, maze.start)
    to_goals = nx.multi_source_dijkstra_path_length(G, set(maze.goals), weight=lambda a, b, d: 1)
    for k in ks:
        structures = run.inspect(k).structures
        name, entries = next(iter(structures.items()))
        first = entries[0] if isinstance(entries[0], int) else entries[0]["cell"]
        assert first == ev[4 * k + 1], (k, name)
        if slug == "bidijkstra":  # a side settles a node at its true distance from its own roots
            truth = from_s if name == "open from S" else to_goals
            assert entries[0]["g"] == truth[first], k
            assert all(e["g"] >= from_s[e["cell"]] for e in structures["open from S"]), k
            assert all(e["g"] >= to_goals[e["cell"]] for e in structures["open from the goals"]), k


@pytest.mark.parametrize("slug", ["culdesac", "deadend"])
def test_the_dead_ends_queued_are_filled_next_and_each_is_a_dead_end_when_its_turn_comes(slug):
    maze = Run.generate("dig", 9, 7, seed=6, loops=0.1).finish()
    run = Run.solve(slug, maze)
    ev = events_of(run)
    fills = [j // 4 for j in range(0, len(ev), 4) if ev[j] & OP_MASK == MARK and ev[j + 3] == M_FILLED]
    assert len(fills) > 3
    for k in fills:
        queue = run.inspect(k).structures["dead ends"]
        assert queue[0] == ev[4 * k + 1], k
        state = apply(run.initial.copy(), ev[:4 * k])
        G = state.to_networkx()
        alive = [q for q in G[queue[0]] if state.mark[q] != M_FILLED]
        assert len(alive) <= 1, (k, queue[0], alive)


def test_origin_is_the_cell_marked_current():
    run = Run.generate("origin", 5, 4, seed=3)
    ev = events_of(run)
    for k in after_milestones(ev)[1::7]:
        state = apply(run.initial.copy(), ev[:4 * k])
        origin = run.inspect(k).structures["origin"][0]["cell"]
        assert [p for p, m in enumerate(state.mark) if m == M_CURRENT] == [origin], k


@pytest.mark.parametrize("shape", ["square", "polar"])
def test_sidewinder_opens_its_row_in_the_order_shown(shape):
    run = Run.generate("sidewinder", 6, 5, seed=3, shape=shape)
    ev = events_of(run)
    w, lat = run.initial.width, run.initial.lattice
    # the passage between two cells, from networkx (polar: a cell's clockwise and inward neighbours by position)
    via = {frozenset((a, b)): v for a, b, v in run.initial.to_networkx(candidates=True).edges(data="via")}
    shown = 0
    for k in range(len(ev) // 4):
        row = run.inspect(k).structures.get("row to open", [])  # (empty between two rows: not drawn yet)
        if lat is None:
            opened = [e["cell"] + 1 if e["opens"] == "east" else e["cell"] - w for e in row]
        else:
            opened = []
            for e in row:
                i, r = lat.position(e["cell"])
                other = (lat.cell_at(i + 1, r) if e["opens"] == "clockwise"
                         else lat.cell_at(i * lat.counts[r - 1] // lat.counts[r], r - 1))
                opened.append(via[frozenset((e["cell"], other))])
        assert opened == [ev[4 * j + 1] for j in range(k, k + len(opened))], k
        assert all(ev[4 * j] & OP_MASK == WALL for j in range(k, k + len(opened)))
        shown += bool(row)
    assert shown > len(ev) // 8


@pytest.mark.parametrize("slug,body", [("bidijkstra", "two_way"), ("biswarm", "two_way"), ("swarm", "swarm_search"),
                                       ("thetastar", "search"), ("houston", "walks")])
def test_a_run_handed_to_a_body_of_another_file_shows_that_bodys_lines(slug, body):
    family = "generator" if slug == "houston" else "solver"
    run = small_run(family, slug)
    found = inside(run)
    assert len(found.sources) == 2
    own, other = run.inspect(0), run.inspect(len(found))
    assert own.file == found.sources[0][0] and other.file == found.sources[1][0] != own.file
    text = Path(other.file).read_text(encoding="utf-8").splitlines()
    first, last = other.lines
    assert text[first - 1].lstrip("@").startswith(f"def {body}(") or f"def {body}(" in text[first]
    shown = set()
    for k in range(1, len(found) + 1):
        view = run.inspect(k) if k % 5 == 0 else None
        fi, line = found.files[k - 1], found.lines[k - 1]
        file, _, (a, b) = found.sources[fi]
        if view:
            assert (view.file, view.line, view.lines) == (file, line, (a, b))
        src = Path(file).read_text(encoding="utf-8").splitlines()
        if fi and a <= line <= b:   # (else a helper of that file, as _anyangle's ending)
            shown.add(fi)
        assert EVENT_CALL.search(src[line - 1]) or re.search(r"\badd\(|yield from", src[line - 1]), (k, src[line - 1])
    assert 1 in shown, "the body handed the run makes its events"


@pytest.mark.parametrize("family,slug,size", [("solver", "collision", 7), ("solver", "bidijkstra", 7),
                                              ("generator", "origin", 5), ("generator", "prim", 6),
                                              ("generator", "houston", 6), ("generator", "perturb", 6),
                                              ("solver", "bfs", 80)])
def test_a_long_run_read_a_window_at_a_time_shows_what_the_whole_reading_shows(family, slug, size):
    from pymaze.inside import Inside
    if family == "generator":
        run = Run.generate(slug, size, size - 1, seed=3)
    else:
        run = Run.solve(slug, Run.generate("dig", size, size - 1, seed=4, loops=0.3).finish())
    n = len(events_of(run))
    whole, windowed = Inside(run, None), Inside(run, 10)
    assert whole.whole and not windowed.whole and len(windowed) == len(whole) == n // 4
    last = n // 4
    # forward, far back, near the end and the start: each k's view alike (the window moves)
    ks = [0, 1, last // 2, last // 2 + 1, last // 2 - 3, last - 1, last, 3, last // 3] if size < 80 else [last - 5, 9000]
    for k in ks:
        assert windowed.at(k).as_dict() == whole.at(k).as_dict(), k
        if size == 80:
            assert windowed.base > 0, "watched from a batch boundary before the window, not from the start"


def test_two_sided_searches_and_jump_points_draw_the_parents_of_both_sides_and_of_every_jump():
    maze = maze_with_loops(seed=5)
    G = maze.to_networkx()
    run = Run.solve("bidijkstra", maze)
    ev = events_of(run)
    for k in range(10, len(ev) // 4, 9):
        state = apply(run.initial.copy(), ev[:4 * k])
        parents = run.inspect(k).parents
        assert all(q in G[p] for p, q in parents.items()), k
        # every node either side expanded, roots but, has its parent (the goals' side too)
        closed = {p for p, m in enumerate(state.mark) if m in (M_VISITED, M_VISITED2)} - {maze.start, *maze.goals}
        assert closed <= set(parents) and any(state.mark[p] in (M_VISITED2, M_FRONTIER2) for p in parents), k
    block = Run.generate("dig", 7, 6, seed=4, loops=0.3, geometry="block").finish()
    run = Run.solve("jps", block)
    w = block.width
    n = len(events_of(run)) // 4
    parents = run.inspect(n // 2).parents
    assert parents
    for p, q in parents.items():   # a jump runs straight or diagonally over floor
        dx, dy = p % w - q % w, p // w - q // w
        assert dx == 0 or dy == 0 or abs(dx) == abs(dy), (p, q)
        step = (dx > 0) - (dx < 0) + ((dy > 0) - (dy < 0)) * w
        assert all(not block.wall[c] for c in range(q, p + step, step)), (p, q)


def test_chain_walks_its_guide_line_and_sends_robots_round_what_blocks_it():
    from pymaze.solvers.chain import guide
    maze = Run.generate("dig", 9, 7, seed=2, loops=0.2).finish()
    run = Run.solve("chain", maze)
    ev = events_of(run)
    line, robots = guide(maze), 0
    for k in after_milestones(ev)[1:]:
        state = apply(run.initial.copy(), ev[:4 * k])
        if M_ROUTE in state.mark:   # (the ending: the walk drawn as the route)
            break
        view = run.inspect(k).structures
        if "robots" in view:
            robots += 1
            assert [b["hand"] for b in view["robots"]] in (["right", "left"], ["right"], ["left"])
            continue
        walker, ahead = view["walker"][0], view["guide line"]
        assert state.mark[walker] == M_CURRENT, k
        assert ahead == line[len(line) - len(ahead):] and walker not in ahead, k
    assert robots, "a maze where the line is blocked somewhere"


def check_repair(structures, state, ev, k):
    """``_rooms.rejoin``'s structures after k events against the maze replayed to k: its pieces are
    the components of the open passages, each passage listed is closed and joins two of them, and
    the first is the passage the next event opens (when the next event opens one).  True when it
    checked a passage opened next."""
    comp = open_components(state)
    if "pieces" in structures:
        pieces = {frozenset(s["cells"]) for s in structures["pieces"]}
        groups = {}
        for c, i in comp.items():
            groups.setdefault(i, set()).add(c)
        assert pieces == {frozenset(g) for g in groups.values()}, k
    G = state.to_networkx(candidates=True)
    ends = {v: (a, b) for a, b, v in G.edges(data="via")}
    tries = structures["passages to try"]
    assert all(state.wall[v] and comp[ends[v][0]] != comp[ends[v][1]] for v in tries), k
    if k < len(ev) // 4 and ev[4 * k] == WALL | MILESTONE and ev[4 * k + 3] == 0:
        assert tries and tries[0] == ev[4 * k + 1], k
        return True
    assert len(set(comp.values())) == 1 or tries, k   # (nothing left to try: the maze is whole)
    return False


def test_perturb_shows_the_walls_it_put_up_and_its_repair():
    from pymaze.events import M_STACK
    run = Run.generate("perturb", 8, 6, seed=2)
    ev = events_of(run)
    n = len(ev) // 4
    # the steps: the base maze, then per round its cuts, the repair's openings, the marks cleared
    ks = [j // 4 for j in range(0, len(ev), 4) if ev[j] == WALL | MILESTONE] + [n]
    cut = repaired = 0
    for k in ks:
        state = apply(run.initial.copy(), ev[:4 * k])
        view = run.inspect(k).structures
        marked = {p for p, m in enumerate(state.mark) if m == M_STACK}
        walls = view.get("walls put up", [])
        assert {e["cell"] for e in walls} == marked, k
        cleared = sum(1 for j in range(0, 4 * k, 4) if ev[j] & OP_MASK == MARK and ev[j + 3] == 0)
        assert all(e["round"] == f"{cleared // 3 + 1} of 5" for e in walls), k
        cut += bool(walls)
        if "passages to try" in view:
            repaired += check_repair(view, state, ev, k)
    assert cut and repaired > 5


@pytest.mark.parametrize("geometry", ["thin", "block"])
def test_cellular_generations_are_the_squares_each_flipped_and_its_tunnels_join_the_regions(geometry):
    run = Run.generate("cellular", 12, 9, seed=5, geometry=geometry)
    ev = events_of(run)
    m = run.initial
    w, h = m.width, m.height
    # the squares that may change: inside the frame (thin: the openings between cells), not S nor G
    may = [y * w + x for y in range(1, h - 1) for x in range(1, w - 1)
           if (geometry == "block" or (x + y) % 2) and y * w + x not in (m.start, *m.goals)]
    starts = [j // 4 for j in range(0, len(ev), 4) if ev[j] & MILESTONE]   # noise, generations, tunnels
    assert len(starts) > 7
    before = None
    for i, k in enumerate(starts[1:7], 1):   # after the noise, then after generations 1 to 5
        state = apply(m.copy(), ev[:4 * k])
        view = run.inspect(k).structures
        gen = view["generation"][0]
        changed = {p for p in may if before is None and state.wall[p] or before is not None and state.wall[p] != before.wall[p]}
        assert gen["number"] == i - 1 and gen["of"] == 5, k
        assert gen["walls"] == sum(state.wall[p] for p in may), k
        assert {e["cell"] for e in view["changed"]} == changed and gen["changed"] == len(changed), k
        assert all(e["now"] == ("wall" if state.wall[e["cell"]] else "floor") for e in view["changed"]), k
        before = state
    tunnels = 0
    for k in starts[6:] + [len(ev) // 4]:
        state = apply(m.copy(), ev[:4 * k])
        view = run.inspect(k).structures
        assert view["generation"][0]["number"] == 5
        comp = open_components(state) if geometry == "thin" else None
        if comp is not None and "regions" in view:   # thin: the regions are the cells the openings join
            groups = {}
            for c, j in comp.items():
                groups.setdefault(j, set()).add(c)
            assert {frozenset(r["cells"]) for r in view["regions"]} == {frozenset(g) for g in groups.values()}, k
        meetings = view["meetings"]
        assert [e["cost"] for e in meetings] == sorted(e["cost"] for e in meetings), k
        if k < len(ev) // 4:   # the next tunnel joins the first meeting's two places
            end = starts[starts.index(k) + 1] if k != starts[-1] else len(ev) // 4
            after = apply(m.copy(), ev[:4 * end])
            G = after.to_networkx() if geometry == "thin" else nx.grid_2d_graph(w, h)
            if geometry == "block":
                G = G.subgraph([(x, y) for x in range(w) for y in range(h) if not after.wall[y * w + x]])
                a, b = [(p % w, p // w) for p in (meetings[0]["cell"], meetings[0]["meets"])]
            else:
                a, b = meetings[0]["cell"], meetings[0]["meets"]
            assert nx.has_path(G, a, b), k
            tunnels += 1
    assert tunnels


def test_dungeon_shows_its_rooms_its_corridor_walker_and_hunt_and_its_doors():
    run = Run.generate("dungeon", 12, 9, seed=4, rooms=6)
    ev = events_of(run)
    m = run.initial
    w = m.width
    # steps end at their milestone; a room step opens four cells or more at once
    ends = after_milestones(ev)
    rooms, walked, hunted, doors = [], 0, 0, 0
    for i, k in enumerate(ends):
        state = apply(m.copy(), ev[:4 * k])
        view = run.inspect(k).structures
        if i:
            opened = [ev[j + 1] for j in range(4 * ends[i - 1], 4 * k, 4)]
            cells = [p for p in opened if (p % w) % 2 and (p // w) % 2]
            if len(cells) >= 4:
                rooms.append(frozenset(cells))
        if "rooms" not in view:   # the doors
            doors += check_repair(view, state, ev, k)
            continue
        assert {frozenset(r["cells"]) for r in view["rooms"]} == set(rooms), k
        walker = view.get("walker", [None])[0]
        if walker is not None:
            assert walker == ev[4 * k - 3], k    # the cell the last step opened
        for c in view.get("hunt list", []):
            assert state.wall[c] and any(0 <= c + d < len(state.wall) and not state.wall[c + d]
                                         for d in (2, -2, 2 * w, -2 * w)), (k, c)   # beside an open cell
        nxt = [ev[j + 1] for j in range(4 * k, 4 * ends[i + 1], 4)] if i + 1 < len(ends) else []
        if len(nxt) == 2 and state.wall[nxt[0]]:   # a carve: the walker's next cell, or one the hunt listed
            c = nxt[1]
            if walker is not None and abs(c - walker) in (2, 2 * w) and nxt[0] == (c + walker) // 2:
                walked += 1
            else:
                assert c in view["hunt list"], k
                hunted += 1
    assert len(rooms) >= 3 and walked > 5 and hunted and doors


def test_routes_kept_are_the_routes_shown_shortest_first():
    from pymaze.events import N_ROUTE, NOTE
    maze = maze_with_loops(seed=3)
    G = maze.to_networkx()
    shortest = nx.shortest_path_length(G, maze.start, maze.goal)
    run = Run.solve("routes", maze, k=4)
    ev = events_of(run)
    notes = [j // 4 for j in range(0, len(ev), 4) if ev[j] == NOTE | MILESTONE and ev[j + 2] == N_ROUTE]
    assert len(notes) >= 2
    for i, j in enumerate(notes):
        view = run.inspect(j + 1).structures
        kept = view["routes kept"]
        assert [r["moves"] for r in kept] == [ev[4 * q + 3] for q in notes[:i + 1]]
        assert kept[0]["moves"] == shortest
        for r in kept:
            path = r["cells"]
            assert path[0] == maze.start and path[-1] in maze.goals and len(set(path)) == len(path)
            assert all(b in G[a] for a, b in zip(path, path[1:])) and r["cell"] in path
        moves = [c["moves"] for c in view.get("candidates", [])]
        assert moves == sorted(moves) and all(c >= shortest for c in moves)


def test_micromouse_takes_the_cheapest_state_of_its_open_heap():
    maze = maze_with_loops(seed=6)
    G = maze.to_networkx()
    dist = nx.single_source_shortest_path_length(G, maze.start)
    w = maze.width
    run = Run.solve("mouse", maze)
    ev = events_of(run)
    ks = expansion_ks(ev)[1:]   # (S is marked before the heap is made)
    assert len(ks) > 10
    for k in ks:
        state = apply(maze.copy(), ev[:4 * k])
        view = run.inspect(k).structures
        heap = view["open"]
        costs = [e["cost"] for e in heap]
        assert costs == sorted(costs), k
        for e in heap:
            if "through" in e:   # an opening beside the cell it enters; no cheaper than half a step and a diagonal a cell
                assert not maze.wall[e["through"]] and abs(e["cell"] - e["through"]) in (1, w), (k, e)
                assert e["cost"] >= 0.5 + 0.7071 * (dist[e["cell"]] - 1) - 1e-3, (k, e)
        taken = next(e for e in heap if "through" in e and state.mark[e["cell"]] != M_VISITED)
        assert taken["cell"] == ev[4 * k + 1], k
        if k != ks[0]:   # the state taken last (none before the first): its cell entered and marked
            assert state.mark[view["mouse"][0]["cell"]] == M_VISITED, k


@pytest.mark.parametrize("slug", ["bibfs", "mouse"])
def test_bibfs_and_the_micromouse_draw_their_parents(slug):
    """bibfs keeps a parent table per wave, the micromouse parents of (opening, heading) states:
    their arrows join neighbours through open passages and lead back to S (or, bibfs, to a goal)."""
    maze = maze_with_loops(seed=5)
    G = maze.to_networkx()
    run = Run.solve(slug, maze)
    n = len(events_of(run)) // 4
    drawn = 0
    for k in range(n // 4, n, max(1, n // 8)):
        parents = run.inspect(k).parents
        assert all(q in G[p] for p, q in parents.items()), k
        for p in parents:
            seen = {p}
            while p in parents:
                p = parents[p]
                assert p not in seen, k
                seen.add(p)
            assert p == maze.start or p in maze.goals, k
        drawn += len(parents)
    assert drawn


def shaped(shape, **kw):
    return dict(kw, shape=shape, **({"depth": 3} if shape == "levels" else {}))


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_on_every_shape_the_first_entry_is_taken_next_and_the_sets_and_walks_hold(shape):
    """The issue's invariants on every shape: the queue's and the open heap's first entry is the cell
    the next expansion marks (BFS's distances span at most one, A*'s first has the least f, ties by
    h); Kruskal's sets are the components of the passages opened so far; Wilson's walk is a path of
    neighbours with no cell twice."""
    from pymaze import registry
    maze = Run.generate("dig", 6, 5, **shaped(shape, seed=4, loops=0.3)).finish()
    for slug, name in (("bfs", "queue"), ("astar", "open")):
        run = Run.solve(slug, maze)
        ev = events_of(run)
        ks = expansion_ks(ev)
        assert len(ks) > 5
        for k in ks:
            entries = run.inspect(k).structures[name]
            assert entries[0]["cell"] == ev[4 * k + 1], (slug, k)
            if slug == "bfs":
                ds = [e["distance"] for e in entries]
                assert ds == sorted(ds) and ds[-1] - ds[0] <= 1, k
            else:
                assert (entries[0]["f"], entries[0]["h"]) == min((e["f"], e["h"]) for e in entries), k
    if shape in registry.table("generator")["kruskal"].shapes:
        run = Run.generate("kruskal", 5, 4, **shaped(shape, seed=5))
        ev = events_of(run)
        for k in after_milestones(ev)[::3]:
            sets = run.inspect(k).structures["sets"]
            comp = open_components(apply(run.initial.copy(), ev[:4 * k]))
            assert {frozenset(s["cells"]) for s in sets} == \
                {frozenset(c for c in comp if comp[c] == i) for i in set(comp.values())}, k
    run = Run.generate("wilson", 5, 4, **shaped(shape, seed=1))
    G = run.initial.to_networkx(candidates=True)
    walks = 0
    for k in range(0, len(events_of(run)) // 4 + 1, 3):
        walk = run.inspect(k).structures["walk"]
        assert len(set(walk)) == len(walk) and all(b in G[a] for a, b in zip(walk, walk[1:])), k
        walks += len(walk) > 1
    assert walks
