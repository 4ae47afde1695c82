"""The web bridge in CPython: run ids from the engine, an edited thin-wall maze stays thin, and
farthest's S and G stay for the next solve and play until the next generate."""

import json

import pytest

import pymaze
import reference
from pymaze import web_debug
from pymaze.web import Session
from pymaze.errors import ParameterError


@pytest.fixture
def web():
    """A fresh engine session, as one page's worker holds."""
    return Session()


def drain(web):
    while web.next_batch(100000):
        pass


def test_each_run_gets_the_next_id_from_the_engine(web):
    ids = [json.loads(web.generate("dig", 5, 4, 1)[0])["run"]]
    ids.append(json.loads(web.solve("bfs", 0)[0])["run"])
    ids.append(json.loads(web.current()[0])["run"])
    assert ids == list(range(ids[0], ids[0] + 3))


def test_current_and_set_maze_keep_a_thin_maze_thin(web):
    web.generate("dig", 9, 7, 5)
    header, wall, _, _ = web.current()
    header = json.loads(header)
    maze = pymaze.generate("dig", 9, 7, seed=5)
    assert header["geometry"] == "thin" and wall == bytes(maze.wall)
    # open the inner wall that shortens S-G most; the bridge keeps it a thin-wall maze of cells
    best = min((q for q in range(len(maze.wall)) if maze.wall[q] and (q % maze.width + q // maze.width) % 2
                and 0 < q % maze.width < maze.width - 1 and 0 < q // maze.width < maze.height - 1),
               key=lambda q: reference.shortest_moves(_opened(maze, q)))
    edited = _opened(maze, best)
    header = json.loads(web.set_maze(maze.width, maze.height, bytes(edited.wall), maze.start, maze.goal,
                                     None, "thin")[0])
    assert header["geometry"] == "thin"
    assert web.shortest() == reference.shortest_moves(edited) < reference.shortest_moves(maze)
    web.solve("bfs", 0)
    drain(web)
    snap = json.loads(web_debug.snapshot(web))
    assert snap["mark"].count(5) == reference.shortest_moves(edited) + 1  # the route's cells
    assert web.export_text("thin") == pymaze.formats.to_thin_text(edited)


def _opened(maze, q):
    m = maze.copy()
    m.wall[q] = 0
    return m


@pytest.mark.parametrize("square, message", [(0, "on a floor square"), (None, "cell-aligned")])
def test_a_thin_edit_must_stay_a_thin_maze(web, square, message):
    maze = pymaze.generate("dig", 5, 4, seed=1)
    wall = bytearray(maze.wall)
    if square is None:
        wall[2 * maze.width + 2] = 0  # a post knocked down
        square = maze.start
    with pytest.raises(ParameterError, match=message):
        web.set_maze(maze.width, maze.height, bytes(wall), square, maze.goal, None, "thin")


def test_farthest_moves_s_and_g_for_the_next_solve_until_a_generate(web):
    web.generate("dig", 9, 7, 12)
    maze = pymaze.generate("dig", 9, 7, seed=12)
    web.solve("farthest", 0)
    drain(web)
    far = json.loads(web_debug.snapshot(web))
    assert (far["start"], far["goals"]) != (maze.start, maze.goals)
    header = json.loads(web.solve("bfs", 0)[0])
    assert (header["start"], header["goals"]) == (far["start"], far["goals"])
    dist = reference.distances(maze, far["start"])
    assert web.shortest() == max(dist.values()) == dist[reference.node_of(maze, far["goals"][0])]
    assert json.loads(web.current()[0])["start"] == far["start"]  # play and edit keep them too
    header = json.loads(web.generate("dig", 9, 7, 12)[0])
    web.solve("bfs", 0)
    assert json.loads(web_debug.snapshot(web))["start"] == maze.start
    web.solve("farthest", 0)
    web.finish_run()  # no events handed out: S and G move all the same
    assert json.loads(web.solve("bfs", 0)[0])["start"] == far["start"]


def test_a_block_only_solver_runs_on_the_block_view_of_a_thin_maze(web):
    """Jump point search walks squares: the page's thin maze is solved read as blocks, not refused."""
    from pymaze.solution import Solution
    web.generate("dig", 9, 7, 4, "thin", "{}")
    header = json.loads(web.solve("jps", 0, "{}")[0])
    assert header["geometry"] == "block"
    run = web.run
    sol = Solution.from_events(run.initial, run.events())
    want = pymaze.solve(pymaze.generate("dig", 9, 7, seed=4).as_block(), "bfs")
    assert sol.found and sol.moves == want.moves


def test_an_edited_graph_maze_is_what_the_solvers_run_on(web):
    """A hex maze with a mask, edited (passages opened and closed, S and G moved), then solved: the
    route is networkx's shortest path on the edited graph; bad passages and ends are refused."""
    import networkx as nx
    from pymaze import masks
    web.generate("wilson", 9, 7, 6, "hex", "{}", json.dumps({"preset": "circle"}))
    header, wall, _, _ = web.current()
    header = json.loads(header)
    n, text = header["cells"], header["mask"]
    wall = bytearray(wall)
    candidates = pymaze.lattice("hex", 9, 7, masks.parse(text, "join"))
    vias = sorted(v for _, _, v in candidates.edges(data="via"))
    assert n == candidates.number_of_nodes() and len(wall) == n + len(vias)
    for v in vias[::3]:
        wall[v] ^= 1  # every third passage toggled
    start, goal = 1, n - 2
    edited = json.loads(web.set_maze(9, 7, bytes(wall), start, goal, None, "graph", "hex", text)[0])
    assert (edited["shape"], edited["cells"], edited["start"], edited["goals"]) == ("hex", n, start, [goal])
    G = nx.Graph((a, b) for a, b, v in candidates.edges(data="via") if not wall[v])
    G.add_nodes_from(range(n))
    want = nx.shortest_path_length(G, start, goal) if nx.has_path(G, start, goal) else -1
    assert web.shortest() == want
    web.solve("bfs", 0)
    drain(web)
    assert json.loads(web_debug.snapshot(web))["mark"][:n].count(5) == (want + 1 if want >= 0 else 0)
    for args, message in [((bytes(wall[:-1]), start, goal), f"needs {len(wall)} squares"),
                          ((bytes(wall), n + 4, goal), f"start of this hex maze must be one of the {n} cells its mask"),
                          ((bytes(wall), start, -1), "goal of this hex maze must be one of"),
                          ((bytes([1]) + bytes(wall[1:]), start, goal), "cell 0 is closed")]:
        with pytest.raises(ParameterError, match=message):
            web.set_maze(9, 7, args[0], args[1], args[2], None, "graph", "hex", text)
    with pytest.raises(ParameterError, match="square, hex|hex, triangle"):
        web.set_maze(9, 7, bytes(wall), start, goal, None, "graph", "circle", text)


def test_two_sessions_share_nothing(web):
    """Each worker's session holds its own maze, run ids and race: another one starts from nothing."""
    web.generate("dig", 7, 5, 1)
    other = Session()
    with pytest.raises(ParameterError, match="^generate or import a maze before solving it"):
        other.solve("bfs", 0)
    assert json.loads(other.generate("prim", 4, 3, 2)[0])["run"] == 1
    assert json.loads(web.solve("bfs", 0)[0])["run"] == 2
    assert web.export_text("block") == pymaze.formats.to_block_text(pymaze.generate("dig", 7, 5, seed=1))


def test_an_instant_solve_on_a_grid_with_an_open_border_reports_the_route(web):
    """jps on a grid whose border is open (no frame of wall): the page's instant run reports the
    route its events hold (an event-free twin once reported nothing there and the page drew none)."""
    text = "\n".join("".join("S" if (x, y) == (0, 0) else "G" if (x, y) == (26, 11) else
                             "#" if y % 4 == 2 and 3 < x < 24 and x % 6 else " " for x in range(27))
                     for y in range(12)) + "\n"
    maze = pymaze.formats.parse(text)
    web.load_text(text)
    web.solve("jps", 0)
    info = json.loads(web.instant()[0])
    assert len(info["route"]) - 1 == reference.shortest_moves(maze)
    assert reference.valid_route(maze, [maze.node_xy(p) for p in info["route"]])
    web.replay()
    from pymaze.solution import Solution
    sol = Solution.from_events(maze, web.next_batch(10 ** 6))
    assert sol.squares == info["route"]


def test_the_workers_requests_are_the_sessions_methods():
    """web/engine/worker.js calls only methods that Session has, and its debug requests only functions of
    pymaze.web_debug; the page's session module holds no state of its own (no module globals)."""
    import inspect
    import re
    from pathlib import Path
    from pymaze import web
    worker = (Path(__file__).resolve().parent.parent / "web" / "engine" / "worker.js").read_text()
    called = set(re.findall(r"\bsession\.(\w+)\(", worker))
    assert called and all(callable(getattr(Session, name, None)) for name in called), called - set(dir(Session))
    debugged = set(re.findall(r"\bdebug\.(\w+)\(", worker))
    assert debugged == {"snapshot", "timing_json", "stream_hash"}
    assert all(callable(getattr(web_debug, name)) for name in debugged)
    assert not re.search(r"\bweb\.\w+\(", worker)
    assert "global " not in inspect.getsource(web) and "web_debug" not in re.sub(r'""".*?"""', "", inspect.getsource(web), flags=re.S)


def test_preview_solves_the_edited_maze_and_leaves_the_current_run(web):
    """Edit's live route: the maze as edited, solved with nobody watching (networkx's shortest
    path length for bfs, the route through the checkpoints), while the current run stays."""
    import networkx as nx
    web.generate("dig", 8, 6, 1, "thin")
    run = web.run
    maze = pymaze.generate("dig", 8, 6, seed=1).as_block()
    wall = bytearray(maze.wall)
    W, H = maze.width, maze.height
    wall[next(p for p in range(W, W * (H - 1)) if wall[p] and 0 < p % W < W - 1)] = 0   # a loop opened
    edited = pymaze.Maze(maze.width, maze.height, bytes(wall), maze.start, [maze.goal], "block")
    said, mark = web.preview(maze.width, maze.height, bytes(wall), maze.start, maze.goal, None, "block", "square", "",
                             "bfs", 0, "{}")
    said = json.loads(said)
    G = edited.to_networkx()
    assert said["found"] and said["moves"] == nx.shortest_path_length(G, maze.start, maze.goal)
    assert said["route"][0] == maze.start and all(mark[p] for p in said["route"]) and len(mark) == len(wall)
    stop = next(p for p in G if p not in said["route"])
    said = json.loads(web.preview(maze.width, maze.height, bytes(wall), maze.start, maze.goal, None, "block", "square",
                                  "", "bfs", 0, json.dumps({"waypoints": [stop]}))[0])
    assert stop in said["route"] and said["moves"] == nx.shortest_path_length(G, maze.start, stop) + \
        nx.shortest_path_length(G, stop, maze.goal)
    assert web.run is run
    with pytest.raises(pymaze.errors.PymazeError):
        web.preview(maze.width, maze.height, bytes(wall), maze.start, maze.goal, None, "block", "square", "", "nope", 0)


@pytest.mark.parametrize("adopted", [False, True])
def test_a_generate_made_again_leaves_the_current_maze_and_its_events_whole(web, adopted):
    """An instant generate stepped back is made again (replay) with its final maze let go: a solve
    or an export asked for halfway through the events still gets the generated maze, and the
    events the page goes on pulling are the whole stream, the same as a watched run's."""
    from pymaze.run import Run
    expected = Run.generate("wilson", 12, 9, seed=3).events()
    maze = pymaze.generate("wilson", 12, 9, seed=3)
    header = json.loads(web.generate("wilson", 12, 9, 3)[0])
    web.instant()
    if adopted:  # a fresh engine given the maze (the page's recycle)
        web = Session()
        web.adopt(json.dumps({"width": maze.width, "height": maze.height, "geometry": "thin", "start": maze.start,
                              "goals": maze.goals, "run": header["run"],
                              "generate": {"slug": "wilson", "width": 12, "height": 9, "seed": 3}}), bytes(maze.wall))
    web.replay()
    got = web.next_batch(len(expected) // 8)
    assert web.export_text("block") == pymaze.formats.to_block_text(maze)
    while True:
        more = web.next_batch(997)
        if not more:
            break
        got += more
    assert got == expected
    assert web.generated is web.run and web.run.maze.wall == maze.wall
    json.loads(web.solve("bfs", 0)[0])
    assert web.run.initial.wall == maze.wall


def test_a_generate_made_again_keeps_no_copy_of_its_first_maze_and_makes_it_when_asked(web):
    """The run a replay makes (web._Remade) works on the only maze it holds; its first maze, which
    See inside and a run made again start from, is made again when asked for: the blank maze the
    generator starts from, and its steps from there are the same events."""
    from pymaze.run import Run
    from pymaze.web import _Remade
    web.generate("dig", 9, 7, 4)
    web.instant()
    web.replay()
    run = web.run
    assert isinstance(run, _Remade) and run._initial is None
    reference = Run.generate("dig", 9, 7, seed=4)
    first = run.initial
    assert first is not run.maze and first.wall == reference.initial.wall and first.mark == reference.initial.mark
    expected = reference.events()
    assert run.events() == expected and run.again().events() == expected
    other = Session()
    other.generate("dig", 9, 7, 4)
    assert web.inside_json(5, True, True) == other.inside_json(5, True, True)  # See inside, from the maze made again


def test_an_edited_weave_maze_must_keep_the_weave_rule(web):
    """set_maze takes a weave maze whose tunnels each run under a straight corridor across them, and
    refuses one where a tunnel runs under a dead end or a turn (the maze it had stays)."""
    maze = pymaze.generate("dig", 9, 7, seed=3, shape="weave")
    lat, wall = maze.lattice, bytes(maze.wall)
    G = maze.to_networkx()
    tunnels = [(a, b) for a, b, u in G.edges(data="under") if u]
    assert tunnels, "the seed gives a tunnel"
    web.set_maze(9, 7, wall, maze.start, maze.goal, None, "graph", "weave", "")
    assert web.shortest() == nx_length(G, maze.start, maze.goal)
    a, b = tunnels[0]
    (ax, ay), (bx, by) = lat.position(a), lat.position(b)
    m = lat.cell_at((ax + bx) // 2, (ay + by) // 2)
    across = next(q for q in G[m])                       # one of the corridor's two passages over it
    broken = bytearray(wall)
    broken[pymaze.graph.between(maze)(m, across)] = 1     # closed: the tunnel now runs under a dead end
    with pytest.raises(ParameterError, match=f"weave rule: the tunnel between cells {min(a, b)} and {max(a, b)} runs under cell {m}"):
        web.set_maze(9, 7, bytes(broken), maze.start, maze.goal, None, "graph", "weave", "")
    assert web.shortest() == nx_length(G, maze.start, maze.goal), "the maze it had stays"


def nx_length(G, s, g):
    import networkx as nx
    return nx.shortest_path_length(G, s, g)


def test_an_edited_levels_maze_goes_through_json_with_its_new_stair(web):
    """A stair opened by hand (found by its two cells, one level apart) is in the engine's JSON, and a
    fresh engine reads it back: the same passages, the depth kept, networkx's shortest route."""
    import networkx as nx
    web.generate("dig", 5, 4, 3, "levels", "{}", "", 3)
    header, wall, _, _ = web.current()
    header, wall = json.loads(header), bytearray(wall)
    candidates = pymaze.lattice("levels", 5, 4, depth=3)
    v = next(v for a, b, v in sorted(candidates.edges(data="via")) if wall[v] and abs(a - b) == 5 * 4)
    wall[v] = 0
    web.set_maze(5, 4, bytes(wall), header["start"], header["goals"][0], None, "graph", "levels", "")
    text = web.export_text("json")
    other = Session()
    other.load_text(text)
    again, back, _, _ = other.current()
    assert json.loads(again)["shape"] == "levels" and bytes(back) == bytes(wall) and json.loads(text)["depth"] == 3
    G = nx.Graph((a, b) for a, b, u in candidates.edges(data="via") if not wall[u])
    assert other.shortest() == nx.shortest_path_length(G, header["start"], header["goals"][0])


def test_a_fresh_engine_takes_an_edited_levels_maze_with_its_depth(web):
    """What the page sends again after a crash (set_maze on an engine that made nothing yet): a
    levels maze's lattice needs its depth; a wrong one is refused with a ParameterError."""
    import networkx as nx
    maze = pymaze.generate("dig", 5, 4, seed=3, shape="levels", depth=3)
    header = json.loads(web.set_maze(5, 4, bytes(maze.wall), maze.start, maze.goal, None, "graph", "levels", "", 3)[0])
    assert header["shape"] == "levels" and header["cells"] == 60
    assert web.shortest() == nx.shortest_path_length(maze.to_networkx(), maze.start, maze.goal)
    for depth, message in [(2, r"needs 122 squares of 0 or 1 \(40 cells"), (0, "depth must be a whole number"), ("3", "depth must be a whole number")]:
        with pytest.raises(ParameterError, match=message):
            Session().set_maze(5, 4, bytes(maze.wall), maze.start, maze.goal, None, "graph", "levels", "", depth)
    with pytest.raises(ParameterError, match="a hex maze has none"):
        Session().set_maze(5, 4, bytes(maze.wall), maze.start, maze.goal, None, "graph", "hex", "", 3)


def test_warming_up_between_requests_changes_nothing_the_page_sees(web):
    # The worker warms up between a run's requests: the run goes on as if nothing had happened.
    web.generate("dig", 9, 7, 5)
    web.next_batch(10)
    for k in (1, 2):
        web.warm_up(k)
    drain(web)
    header, wall, _, _ = web.current()
    assert wall == bytes(pymaze.generate("dig", 9, 7, seed=5).wall)
    assert json.loads(web.solve("bfs", 0)[0])["run"] == json.loads(header)["run"] + 1  # no run id taken
