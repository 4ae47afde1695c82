"""The seed generators (dig, kruskal, stick, extend): shape of the result, rules read from the event stream."""

from collections import deque

import pytest

import pymaze
from pymaze import Run, apply
from pymaze.events import MILESTONE, NUM, OP_MASK, WALL, unpack

from reference import (cell_graph, components, edges, frame_closed, is_spanning_tree,
                       posts_standing)

SEEDS = range(30)
SIZES = [(2, 2), (5, 3), (9, 9), (16, 7), (30, 20)]
PERFECT = [("dig", {}), ("dig", {"mode": "restart"}), ("kruskal", {"method": "unionfind"}),
           ("kruskal", {"method": "naive"}), ("stick", {}), ("extend", {})]
MULTI = [("dig", {"loops": 0.2}), ("stick", {"loops": True}), ("extend", {"loops": 0.3})]


def label(case):
    slug, opts = case
    return slug + "".join(f"-{k}={v}" for k, v in opts.items())


def cell_components(maze):
    """{(cx, cy): component number} by BFS over the reference cell graph."""
    adj = cell_graph(maze)
    comp = {}
    for v in adj:
        if v in comp:
            continue
        comp[v] = len(comp)
        queue = deque([v])
        while queue:
            u = queue.popleft()
            for n in adj[u]:
                if n not in comp:
                    comp[n] = comp[v]
                    queue.append(n)
    return comp


def walls_reach_frame(maze):
    """Every wall square is joined to the frame through 4-neighbouring wall squares."""
    W, H, g = maze.width, maze.height, maze.wall
    seen = {(x, y) for y in range(H) for x in range(W) if g[y * W + x] and (x in (0, W - 1) or y in (0, H - 1))}
    queue = deque(seen)
    while queue:
        x, y = queue.popleft()
        for a, b in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= a < W and 0 <= b < H and g[b * W + a] and (a, b) not in seen:
                seen.add((a, b))
                queue.append((a, b))
    return len(seen) == sum(g)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("case", PERFECT, ids=label)
def test_perfect_variants_give_a_spanning_tree(case, size):
    slug, opts = case
    for seed in SEEDS:
        maze = pymaze.generate(slug, *size, seed=seed, **opts)
        assert is_spanning_tree(maze), (slug, opts, size, seed)
        assert frame_closed(maze) and posts_standing(maze), (slug, opts, size, seed)
        assert (maze.width, maze.height) == (2 * size[0] + 1, 2 * size[1] + 1)


@pytest.mark.parametrize("case", PERFECT + MULTI, ids=label)
def test_block_output_is_the_same_squares_with_a_closed_frame(case):
    slug, opts = case
    block = pymaze.generate(slug, 9, 6, seed=3, geometry="block", **opts)
    thin = pymaze.generate(slug, 9, 6, seed=3, **opts)
    assert block.geometry == "block" and frame_closed(block)
    assert block.wall == thin.wall


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("case", MULTI, ids=label)
def test_multi_path_variants_are_connected_with_loops(case, size):
    slug, opts = case
    looped = 0
    for seed in SEEDS:
        maze = pymaze.generate(slug, *size, seed=seed, **opts)
        adj = cell_graph(maze)
        assert components(adj) == 1, (slug, size, seed)
        assert frame_closed(maze) and posts_standing(maze)
        looped += edges(adj) > len(adj) - 1
    if size[0] * size[1] >= 81:
        assert looped == len(SEEDS), (slug, size, looped)
    elif size != (2, 2):  # a 2x2 stick maze cannot drop a stick on wall; dig has no spare wall to open
        assert looped > 0, (slug, size)


def stick_events(run):
    """The stream as (post, stick-or-None) pairs, replayed with check=True against the live state."""
    events = run.events()
    state = run.initial.copy()
    apply(state, events, check=True)
    assert state == run.maze
    evs = unpack(events)
    pairs, i = [], 0
    while i < len(evs):
        op, p, old, new = evs[i]
        assert op & OP_MASK == WALL and (old, new) == (0, 1), evs[i]
        if i + 1 < len(evs) and not op & MILESTONE:
            s = evs[i + 1]
            assert s[0] == WALL | MILESTONE and s[3] == 1, s
            pairs.append((p, s[1], s[2]))
            i += 2
        else:
            assert op & MILESTONE
            pairs.append((p, None, None))
            i += 1
    return pairs


@pytest.mark.parametrize("loops", [False, True])
@pytest.mark.parametrize("size", [(2, 2), (5, 3), (9, 9), (16, 7)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_stick_rules_hold_in_the_event_stream(size, loops):
    W, H = 2 * size[0] + 1, 2 * size[1] + 1
    posts = [y * W + x for y in range(2, H - 2, 2) for x in range(2, W - 2, 2)]
    for seed in SEEDS:
        pairs = stick_events(Run.generate("stick", *size, seed=seed, loops=loops))
        assert [p for p, _, _ in pairs] == posts  # every post once, row-major
        for p, s, old in pairs:
            if s is None:
                assert loops  # only the multi-path variant may drop a stick onto wall
                continue
            px, py, sx, sy = p % W, p // W, s % W, s // W
            assert abs(px - sx) + abs(py - sy) == 1
            if sy < py:
                assert py == 2, "only the first row of posts may knock upward"
            assert old == 0, "a stick never falls onto wall"


@pytest.mark.parametrize("method", ["unionfind", "naive"])
@pytest.mark.parametrize("seed", range(8))
def test_kruskal_cluster_labels_follow_connectivity_at_every_milestone(method, seed):
    run = Run.generate("kruskal", 6, 5, seed=seed, method=method)
    state = run.initial.copy()
    cells = [(cx, cy) for cy in range(5) for cx in range(6)]
    milestones = 0
    for ev in unpack(run.events()):
        apply(state, ev, check=True)
        if not ev[0] & MILESTONE:
            continue
        if ev[0] == NUM | MILESTONE:  # the last step: the labels are cleared
            assert milestones == len(cells) - 1 and not any(state.num)
            continue
        milestones += 1
        assert ev[0] == WALL | MILESTONE and ev[3] == 0
        comp = cell_components(state)
        nums = {c: state.num[state.cell(*c)] for c in cells}
        assert all(v > 0 for v in nums.values())
        pairs = {(nums[c], comp[c]) for c in cells}
        assert len(pairs) == len(set(nums.values())) == len(set(comp.values())), (method, seed, milestones)
    assert milestones == len(cells) - 1
    assert not any(state.num)
    assert state == run.maze


def test_kruskal_starts_with_one_cluster_per_cell():
    run = Run.generate("kruskal", 7, 4, seed=1)
    first = unpack(run.next_batch(28))
    assert [op for op, _, _, _ in first] == [NUM] * 28
    assert sorted(new for _, _, _, new in first) == list(range(1, 29))


@pytest.mark.parametrize("loops", [0.0, 0.3])
def test_extend_walls_grow_from_the_frame_and_leave_no_construction(loops):
    for seed in SEEDS:
        run = Run.generate("extend", 12, 9, seed=seed, loops=loops)
        maze = run.finish()
        assert not any(maze.mark)
        if not loops:
            assert walls_reach_frame(maze), seed
    islands = [walls_reach_frame(pymaze.generate("extend", 12, 9, seed=s, loops=0.3)) for s in SEEDS]
    assert not all(islands)


@pytest.mark.parametrize("slug", ["stick", "extend"])
def test_stick_and_extend_need_two_cells_a_side(slug):
    with pytest.raises(pymaze.SizeError, match="from 2"):
        Run.generate(slug, 1, 5)
    assert is_spanning_tree(pymaze.generate(slug, 2, 2))


def test_a_million_cell_kruskal_completes():
    maze = Run.generate("kruskal", 1000, 1000, seed=11).finish()
    cells = 1000 * 1000
    openings = maze.wall.count(0) - cells  # floor squares are the cells plus the opened walls
    assert openings == cells - 1
    assert not any(maze.num)  # one cluster at the end, its labels cleared by the last step


@pytest.mark.parametrize("method", ["unionfind", "naive"])
def test_kruskal_relabels_the_documented_side_of_each_merge(method):
    for seed in range(5):
        run = Run.generate("kruskal", 12, 9, seed=seed, method=method)
        evs = unpack(run.events())
        count = {}  # cluster label -> cells carrying it, read from the stream
        moved = {}
        for op, _, old, new in evs:
            if op & 0xFF == NUM and new == 0:  # the last step clears the labels
                continue
            if op == NUM and old == 0:
                count[new] = 1
            elif op == NUM:
                moved[(old, new)] = moved.get((old, new), 0) + 1
            elif op & MILESTONE:
                (old, new), n = moved.popitem()
                assert not moved and n == count.pop(old)  # the whole absorbed cluster, one merge at a time
                if method == "naive":
                    assert new < old
                else:
                    assert n <= count[new]
                count[new] += n
        assert list(count.values()) == [12 * 9]
