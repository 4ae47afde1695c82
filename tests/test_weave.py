"""Weave mazes against rules checked here from the cells' grid positions alone: every tunnel joins
two cells two apart in a line under a middle cell whose only passages run straight across it
(never a dead end, a turn, a junction or another tunnel); every generator that takes the shape
gives a spanning tree for many seeds and sizes, with its options, loops, braid and sparseness;
solvers equal networkx's shortest paths; those that cannot keep the rule refuse the shape, naming
those that can; the SVG draws each bridge.

(The lattice against a grid built by hand, replay and JSON are checked for every shape in
tests/test_geometry.py.)"""

import re
from itertools import product

import networkx as nx
import pytest

import pymaze
from pymaze import registry, svg, weave
from pymaze.errors import GeometryError
from pymaze.maze import Maze

TAKERS = [slug for slug, a in registry.generators().items() if "weave" in a.shapes]
SIZES = [(1, 1), (3, 3), (5, 2), (2, 6), (9, 7), (16, 11)]


def tunnel_faults(maze):
    """Every way the open maze breaks the weave rule, in words (empty: it keeps it)."""
    G = maze.to_networkx()
    xy = {p: maze.node_xy(p) for p in G}
    at = {v: k for k, v in xy.items()}
    faults, under = [], {}
    for a, b, data in G.edges(data=True):
        (ax, ay), (bx, by) = xy[a], xy[b]
        dx, dy = bx - ax, by - ay
        if not data.get("under"):
            if abs(dx) + abs(dy) != 1:
                faults.append(f"passage {a}-{b} joins cells that are not neighbours")
            continue
        if sorted((abs(dx), abs(dy))) != [0, 2]:
            faults.append(f"tunnel {a}-{b} does not join cells two apart in a line")
            continue
        m = at.get((ax + dx // 2, ay + dy // 2))
        if m is None:
            faults.append(f"tunnel {a}-{b} runs under no open cell")
            continue
        under.setdefault(m, []).append((a, b))
        (mx, my) = xy[m]
        across = {at.get((mx + dy // 2, my + dx // 2)), at.get((mx - dy // 2, my - dx // 2))}
        mine = {q for q in G[m]}
        if mine != across or any(G[m][q].get("under") for q in G[m]):
            faults.append(f"tunnel {a}-{b} runs under cell {m}, whose passages go to {sorted(mine)}, "
                          f"not straight across to {sorted(q for q in across if q is not None)}")
    faults += [f"{len(t)} tunnels under cell {m}" for m, t in under.items() if len(t) > 1]
    return faults


def tunnels(maze):
    return [(a, b) for a, b, u in maze.to_networkx().edges(data="under") if u]


def test_the_takers_are_the_generators_that_open_only_into_cells_outside_their_tree():
    assert set(TAKERS) == {"dig", "prim", "growing", "hunt", "aldous", "wilson", "houston", "kruskal"}


@pytest.mark.parametrize("slug", TAKERS)
def test_every_taker_gives_a_spanning_tree_whose_tunnels_keep_the_rule(slug):
    made = 0
    for (w, h), seed in product(SIZES, range(6)):
        maze = pymaze.generate(slug, w, h, seed=seed, shape="weave")
        G = maze.to_networkx()
        assert G.number_of_nodes() == w * h and nx.is_tree(G), (w, h, seed)
        assert tunnel_faults(maze) == [], (w, h, seed)
        made += len(tunnels(maze))
    assert made >= 10, f"{slug} made only {made} tunnels in {len(SIZES) * 6} mazes"


@pytest.mark.parametrize("slug, options", [
    ("dig", {"mode": "restart"}), ("prim", {"method": "simplified"}), ("prim", {"method": "modified"}),
    ("growing", {"policy": "oldest"}), ("growing", {"policy": "random"}), ("houston", {"switch": 0.8}),
    ("kruskal", {"method": "naive"})])
def test_every_option_keeps_the_rule(slug, options):
    for seed in range(8):
        maze = pymaze.generate(slug, 12, 9, seed=seed, shape="weave", **options)
        G = maze.to_networkx()
        assert nx.is_tree(G) and G.number_of_nodes() == 108 and tunnel_faults(maze) == []


def test_a_tunnel_under_the_middle_of_a_long_straight_corridor():
    # A maze of one long corridor across the top and columns hanging from it: dig, by hand, the
    # rule's first case, then let the rule decide which tunnels may open beside it.
    maze = Maze.shaped("weave", 3, 3, "closed")
    lat, wall = maze.lattice, maze.wall
    rule = pymaze.graph.rule(maze)
    cell = {(x, y): lat.cell_at(x, y) for x in range(3) for y in range(3)}
    via = pymaze.graph.between(maze)

    def open_(a, b):
        p, q = cell[a], cell[b]
        assert rule.may_open(p, via(p, q), q)
        wall[p] = wall[q] = wall[via(p, q)] = 0

    open_((1, 0), (1, 1))
    west, east = cell[0, 1], cell[2, 1]
    assert not rule.may_open(west, via(west, east), east), "the middle is a dead end: no tunnel under it"
    open_((1, 1), (1, 2))
    assert rule.may_open(west, via(west, east), east), "a straight corridor across: a tunnel may pass"
    wall[west] = 0
    wall[via(west, east)] = wall[east] = 0
    middle = cell[1, 1]
    assert rule.bridged(middle) and not rule.may_close(via(middle, cell[1, 0]))
    assert not rule.may_open(middle, via(middle, west), west), "a bridged cell gains no passage"
    north, south = cell[1, 0], cell[1, 2]
    assert not rule.may_open(north, via(north, south), south), "no second tunnel under it"
    assert tunnel_faults(maze) == []
    G = maze.to_networkx()
    assert G[west][east] == {"via": via(west, east), "under": True}


def test_loops_braid_and_sparseness_keep_the_rule():
    for seed in range(6):
        for options in ({"loops": 0.4}, {"braid": 1.0}, {"sparse": 0.4}, {"braid": 0.5, "sparse": 0.2}):
            maze = pymaze.generate("dig", 10, 8, seed=seed, shape="weave", **options)
            assert nx.is_connected(maze.to_networkx()) and tunnel_faults(maze) == [], (seed, options)


@pytest.mark.parametrize("slug", ["origin"])
def test_generators_that_open_anywhere_refuse_the_shape_naming_those_that_take_it(slug):
    with pytest.raises(GeometryError, match=f"{slug} makes .* not weave ones; weave mazes come from ") as err:
        pymaze.generate(slug, 6, 6, shape="weave")
    named = re.search(r"come from (.*)$", str(err.value)).group(1).split(", ")
    assert set(named) == set(TAKERS)


@pytest.mark.parametrize("slug", [s for s, a in registry.solvers().items() if "weave" in a.shapes])
def test_solvers_walk_through_tunnels_and_the_optimal_ones_equal_networkx(slug):
    algo = registry.solvers()[slug]
    for seed, loops in ((1, 0.0), (2, 0.3), (3, 0.0)):
        maze = pymaze.generate("dig", 11, 9, seed=seed, shape="weave", loops=loops)
        G = maze.to_networkx()
        shortest = nx.shortest_path_length(G, maze.start, maze.goal)
        sol = pymaze.solve(maze, slug, seed=2)
        if sol.status == "trapped in a loop":
            assert algo.optimal is not True and loops
            continue
        assert sol.found, sol.status
        route = sol.squares
        assert all(G.has_edge(a, b) for a, b in zip(route, route[1:])), "the route walks open passages"
        if algo.optimal:
            assert sol.moves == shortest


def test_a_tunnel_is_one_move_and_the_estimates_never_exceed_the_moves():
    maze = next(m for seed in range(20) for m in [pymaze.generate("dig", 12, 10, seed=seed, shape="weave")]
                if any(set(t) & set(nx.shortest_path(m.to_networkx(), m.start, m.goal)) == set(t) for t in tunnels(m)))
    G = maze.to_networkx()
    assert pymaze.solve(maze, "bfs").moves == nx.shortest_path_length(G, maze.start, maze.goal)
    dist = nx.single_source_shortest_path_length(G, maze.goal)
    for name in ("manhattan", "euclidean", "octile"):
        h = pymaze.graph.heuristic(maze, name)
        assert all(h(p) <= dist[p] + 1e-9 for p in G), name


def test_the_svg_draws_a_bridge_over_every_open_tunnel():
    maze = pymaze.generate("dig", 10, 8, seed=2, shape="weave")
    count = len(tunnels(maze))
    assert count
    text = svg.to_svg(maze)
    assert len(re.findall(r'class="bridge"', text)) == count


def test_a_route_through_a_tunnel_is_drawn_dashed_under_the_bridge_and_solid_elsewhere():
    # the pieces under a bridge: one per tunnel the route takes (networkx's `under` edges), each
    # centred on the cell between its two ends and as long as the bridge is wide (its rails are
    # pymaze.weave.GAP from that cell's centre), in a line with the two ends
    found = 0
    for seed in range(40):
        maze = pymaze.generate("dig", 8, 6, seed=seed, shape="weave")
        route = list(pymaze.solve(maze, "bfs").squares)
        under = set(tunnels(maze)) | {(b, a) for a, b in tunnels(maze)}
        taken = [(a, b) for a, b in zip(route, route[1:]) if (a, b) in under]
        scene = svg.Scene(maze)
        pieces = svg.route_under(scene, route)
        assert len(pieces) == len(taken), seed
        for ((x0, y0), (x1, y1)), (a, b) in zip(pieces, taken):
            (ax, ay), (bx, by) = scene.centre(a), scene.centre(b)
            assert abs((x0 + x1) - (ax + bx)) < 0.02 and abs((y0 + y1) - (ay + by)) < 0.02
            step = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5 / 2   # px a cell
            assert abs(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 - 2 * weave.GAP * step) < 0.02
            assert abs((x1 - x0) * (by - ay) - (y1 - y0) * (bx - ax)) < 0.02   # along the move
        # the solid line stops at each piece and goes on after it: one more line per tunnel taken
        assert len(svg.route_lines(scene, route)) == 1 + len(taken)
        text = svg.to_svg(maze, route)
        assert len(re.findall(r'class="route-under"', text)) == (1 if taken else 0)
        found += bool(taken)
    assert found >= 3
