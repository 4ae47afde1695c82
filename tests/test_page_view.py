"""What the board shows: the event vocabulary shared with the engine, every mark visible in both
views, every goal drawn, the cluster colours cleared, numbers on a perceptual ramp, the legend."""

import re
from pathlib import Path

import pytest

import build
import pymaze
from pymaze import events, registry
from pymaze.run import Run

WEB = Path(__file__).resolve().parent.parent / "web"


# --- the vocabulary: one home, in pymaze/events.py ---------------------------------------------

def test_catalogue_carries_the_event_vocabulary():
    vocab = registry.catalogue()["events"]
    assert vocab == events.vocabulary()
    constants = {k: v for k, v in vars(events).items() if re.fullmatch(r"[A-Z]+[A-Z0-9_]*", k) and isinstance(v, int)}
    for name, op in vocab["ops"].items():
        assert constants[name] == op
    for name, m in vocab["marks"].items():
        assert constants[f"M_{name}"] == m and events.MARK_NAMES[m] == name.lower()
    assert set(vocab["notes"]) == {k[2:] for k in constants if k.startswith("N_")}
    assert vocab["milestone"] == events.MILESTONE and vocab["op_mask"] == events.OP_MASK


def test_the_page_types_no_opcode_mark_or_note_numbers():
    """The page's modules read the vocabulary; none keeps its own table of codes."""
    for path in [*WEB.glob("*.js"), *(p for room in build.ROOMS for p in (WEB / room).glob("*.js"))]:
        text = path.read_text()
        for pattern in (r"\bOP\s*=\s*\{\s*WALL", r"\bMARK\s*=\s*\{\s*CURRENT", r"\bN_[A-Z]+\s*=\s*\d",
                        r"markCount\[\d+\]", r"\bNOTE\s*=\s*\{\s*FOUND"):
            assert not re.search(pattern, text), f"{path.name} retypes the vocabulary: {pattern}"


def test_every_note_the_engine_defines_is_emitted_somewhere():
    """A note code nothing emits is dead vocabulary (N_DONE was)."""
    source = "\n".join(p.read_text() for p in (Path(events.__file__).parent).rglob("*.py") if p.name != "events.py")
    for name in events.vocabulary()["notes"]:
        assert re.search(rf"\bN_{name}\b", source), f"N_{name} is never emitted"


# --- cluster colours are cleared by the generator's own last events ------------------------------

CLUSTER = [slug for slug, a in registry.generators().items() if a.layer == "cluster"]


@pytest.mark.parametrize("geometry", ["thin", "block"])
@pytest.mark.parametrize("slug", CLUSTER)
def test_cluster_generators_end_with_their_labels_cleared(slug, geometry):
    run = Run.generate(slug, 9, 7, 3, geometry)
    ev = run.events()
    final = events.apply(run.initial.copy(), ev, check=True)
    assert not any(final.num), "the finished maze still carries cluster labels"
    # Step back to the milestone before the last: the labels are there again.
    stops = [j // 4 for j in range(0, len(ev), 4) if ev[j] & events.MILESTONE]
    before = events.apply(run.initial.copy(), ev[:4 * (stops[-2] + 1)])
    assert any(before.num), "stepping back does not bring the labels back"
    assert bytes(before.wall) == bytes(final.wall)


# --- in the real page --------------------------------------------------------------------------

# Samples the maze canvas at window.pymaze.squareCentre: for every marked square, its pixel and
# the colour an unmarked square there would have (the wall's, from square 0 of the frame, or the
# floor's); and a hash of all the board's canvases and its message line (to see that a milestone
# changed something).
SAMPLE = """() => {
  const hook = window.pymaze, canvas = document.getElementById('maze'), ctx = canvas.getContext('2d');
  const r = canvas.getBoundingClientRect();
  const pixel = (p) => {
    const [cx, cy] = hook.squareCentre(p);
    const x = Math.floor((cx - r.left) * canvas.width / r.width), y = Math.floor((cy - r.top) * canvas.height / r.height);
    return Array.from(ctx.getImageData(x, y, 1, 1).data.slice(0, 3));
  };
  const s = hook.snapshot();
  const wall = pixel(0), floor = [255, 255, 255];
  const marked = [];
  s.mark.forEach((m, p) => {
    if (m && p !== s.start && !s.goals.includes(p)) marked.push([p, m, s.wall[p], pixel(p), s.wall[p] ? wall : floor]);
  });
  // A milestone that is only a note (the goal reached, a route complete) shows in the message
  // under the board or in its legend.
  let h = [...(document.getElementById('message').textContent + document.getElementById('legend').textContent)].reduce((a, ch) => (Math.imul(a, 31) + ch.charCodeAt(0)) | 0, 0);
  for (const c of document.querySelectorAll('#board canvas')) {
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    for (let i = 0; i < d.length; i += 3) h = (Math.imul(h, 31) + d[i]) | 0;
  }
  return { hash: h, marked, cursor: s.cursor, total: s.total, finished: s.finished, wall0: s.wall[0] && !s.mark[0] };
}"""

NEXT = """async () => {
  const frames = (n) => new Promise((res) => { const f = () => (--n ? requestAnimationFrame(f) : res()); requestAnimationFrame(f); });
  const before = window.pymaze.progress().cursor;
  document.getElementById('next').click();
  for (let t = 0; t < 600 && window.pymaze.progress().cursor === before; t++) await frames(1);
  await frames(3);
}"""


def distinct(a, b):
    return sum(abs(x - y) for x, y in zip(a, b)) > 24


def walk_milestones(page, button):
    """Start a run with `button` held at its first event, then step milestone by milestone; at each
    stop check that the board changed and that every mark shows.  Returns the problems found."""
    page.speed(0)
    before = page.js("window.pymaze.runs")
    page.page.click(f"#{button}")
    page.page.wait_for_function("n => window.pymaze.runs > n", arg=before)
    page.wait_state("running", "done", "paused")
    if page.js("window.pymaze.state") == "running":
        page.page.click("#pause")
    if page.js("window.pymaze.progress().cursor"):
        page.page.click("#reset")
    page.js("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    problems, last, steps = [], page.js(SAMPLE), 0
    while not (last["finished"] and last["cursor"] >= last["total"]) and steps < 400:
        page.js(NEXT)
        now = page.js(SAMPLE)
        steps += 1
        if now["hash"] == last["hash"]:
            problems.append(f"milestone at event {now['cursor']} changed nothing on the board")
        for p, m, wall, got, beneath in now["marked"]:
            if not distinct(got, beneath):
                problems.append(f"event {now['cursor']}: mark {events.MARK_NAMES[m]} on {'wall' if wall else 'floor'} "
                                f"square {p} looks like an unmarked square ({got})")
        last = now
    assert steps < 400, "too many milestones for a small run"
    return problems


def choose_view(page, view):
    page.page.select_option("#view", view)


def _cases():
    """Every registered algorithm once, the views taken in turn (one the algorithm takes), so that both
    views are walked without doubling the slowest page test; the solvers that walk both views get both."""
    out = []
    for i, (family, algo) in enumerate([("generator", a) for a in registry.generators().values()]
                                       + [("solver", a) for a in registry.solvers().values()]):
        views = [v for v in ("thin", "block") if v in algo.geometries]
        both = family == "solver" and algo.slug in ("wave", "farthest", "bfs", "routes")
        out += [(family, algo.slug, v) for v in (views if both else [views[i % len(views)]])]
    return out


@pytest.mark.browser
@pytest.mark.parametrize("family,slug,view", _cases())
def test_every_milestone_shows_and_no_mark_is_painted_over(page, family, slug, view):
    algorithm = registry.get(family, slug)
    choose_view(page, view)
    if family == "generator":
        page.page.select_option("#generator", slug)
        side = max(7, algorithm.min_size)
        page.fill(width=side, height=5, seed=3)
        if any(p.name == "steps" for p in algorithm.params):   # origin: ten moves a cell by default, each a milestone
            page.page.fill('#generator-options [data-param="steps"]', "40")
        problems = walk_milestones(page, "generate")
    else:
        page.generate("dig", 7, 5, 3)
        page.page.select_option("#solver", slug)
        problems = walk_milestones(page, "solve")
    assert not problems, "\n".join(problems[:12]) + (f"\n... {len(problems)} in all" if len(problems) > 12 else "")


def load_text(page, text):
    """Import maze `text` through the page's import box; the snapshot once it is shown."""
    before = page.js("window.pymaze.runs")
    page.js("t => { document.getElementById('import-text').value = t; }", text)
    page.page.click("#import")
    page.page.wait_for_function("n => window.pymaze.runs > n && window.pymaze.state === 'done'", arg=before)
    page.js("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    return page.snapshot()


PIXEL = """([p, id]) => {
  const c = document.querySelector(id), ctx = c.getContext('2d'), r = c.getBoundingClientRect();
  const [cx, cy] = window.pymaze.squareCentre(p);
  const x = Math.floor((cx - r.left) * c.width / r.width), y = Math.floor((cy - r.top) * c.height / r.height);
  return Array.from(ctx.getImageData(x, y, 1, 1).data);
}"""

# How many of the pixels around a square's centre (a box `frac` of the square wide) are opaque on
# the labels canvas: a letter or a number drawn there.
INKED = """([p, frac]) => {
  const c = document.querySelector('#board canvas.labels');
  if (!c) return 0;
  const ctx = c.getContext('2d'), r = c.getBoundingClientRect(), k = c.width / r.width;
  const [cx, cy] = window.pymaze.squareCentre(p), [ax] = window.pymaze.squareCentre(p + 1);
  const half = Math.max(1, Math.floor(Math.abs(ax - cx) * k * frac / 2));
  const x = Math.floor((cx - r.left) * k), y = Math.floor((cy - r.top) * k);
  const d = ctx.getImageData(x - half, y - half, 2 * half + 1, 2 * half + 1).data;
  let n = 0;
  for (let i = 3; i < d.length; i += 4) if (d[i] > 128) n++;
  return n;
}"""


@pytest.mark.browser
def test_every_mark_and_note_of_the_engine_has_a_colour_and_words_on_the_page(page):
    table = page.js("window.pymaze.palette()")
    wall = table["parts"]["wall"]["colour"]
    seen = {}
    for m, name in events.MARK_NAMES.items():
        entry = table["marks"].get(name)
        assert entry, f"mark {name!r} has no colour on the page"
        assert re.fullmatch(r"#[0-9a-f]{6}", entry["colour"]) and entry["text"].strip()
        assert entry["colour"] != wall and entry["colour"] not in seen, f"{name} shares a colour"
        seen[entry["colour"]] = name
    assert table["markNames"][1:] == [events.MARK_NAMES[m] for m in sorted(events.MARK_NAMES)][1:]
    for name in events.vocabulary()["notes"]:
        assert name in table["notes"], f"note {name} has no words on the page"


@pytest.mark.browser
def test_every_goal_is_drawn_with_its_letter_and_s_with_its(page):
    text = "#########\n#S      #\n#       #\n#    GG #\n#    GG #\n#########\n"
    snap = load_text(page, text)
    assert len(snap["goals"]) == 4
    goal = page.js(PIXEL, [snap["goals"][0], "#maze"])[:3]
    for p in snap["goals"]:
        assert page.js(PIXEL, [p, "#maze"])[:3] == goal, f"goal {p} is not drawn as a goal"
        assert page.js(INKED, [p, 0.5]) > 0, f"goal {p} has no letter"
    assert page.js(PIXEL, [snap["start"], "#maze"])[:3] != goal
    assert page.js(INKED, [snap["start"], 0.5]) > 0, "S has no letter"
    assert page.js(INKED, [snap["start"] + 1, 0.5]) == 0, "a plain floor square has a label"


def luminance(rgb):
    lin = [(c / 255) / 12.92 if c / 255 <= 0.03928 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


@pytest.mark.browser
def test_wave_heat_is_one_ramp_scaled_to_the_largest_distance_with_its_colour_bar(page):
    page.page.select_option("#view", "block")
    page.generate("dig", 15, 11, 4)
    page.page.select_option("#solver", "wave")
    snap = page.run("solve")
    page.js("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    by_distance = {}
    for p, (m, v) in enumerate(zip(snap["mark"], snap["num"])):
        if v and m == events.M_VISITED and p != snap["start"]:
            by_distance.setdefault(v - 1, page.js(PIXEL, [p, "#maze"])[:3])
    assert len(by_distance) > 10
    ordered = sorted(by_distance)
    lums = [luminance(by_distance[d]) for d in ordered]
    assert all(a > b for a, b in zip(lums, lums[1:])), "the heat is not one ramp from light (near) to dark (far)"
    top = max(v for v in snap["num"]) - 1
    ticks = page.js("[...document.querySelectorAll('.colour-bar .bar-ticks span')].map(e => e.textContent)")
    assert ticks[0] == "0" and ticks[-1] == f"{top:,}", "the colour bar does not span 0 to the largest distance"
    far = [p for p, v in enumerate(snap["num"]) if v - 1 == top and snap["mark"][p] == events.M_VISITED]
    if far:  # the farthest visited square has the ramp's darkest colour
        assert luminance(page.js(PIXEL, [far[0], "#maze"])[:3]) < 0.05
    # The route reads as a line: a numbered route square gives its number way to the line through
    # it (the labels canvas, the board's top layer, is clear there), while the visited squares
    # off the route keep their numbers there.
    route = [p for p, m in enumerate(snap["mark"]) if m == events.M_ROUTE and snap["num"][p] > 1
             and p not in snap["goals"]]
    assert route and all(page.js(INKED, [p, 0.24]) == 0 for p in route[:10])
    visited = [p for p, m in enumerate(snap["mark"]) if m == events.M_VISITED and snap["num"][p] > 1]
    assert visited and all(page.js(INKED, [p, 0.24]) > 0 for p in visited[:10])
    assert page.js("[...document.querySelectorAll('#board canvas')].pop().classList.contains('labels')")
    page.page.select_option("#view", "thin")


@pytest.mark.browser
@pytest.mark.parametrize("slug", CLUSTER)
def test_no_cluster_colour_is_left_after_a_cluster_generator(page, slug):
    snap = page.generate(slug, 9, 7, 5)
    page.js("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    w = snap["width"]
    cells = [y * w + x for y in range(1, snap["height"], 2) for x in range(1, w, 2)]
    tinted = [p for p in cells if p != snap["start"] and p not in snap["goals"]
              and page.js(PIXEL, [p, "#maze"])[:3] != [255, 255, 255]]
    assert not tinted, f"{len(tinted)} cells keep a colour after {slug} finished"


@pytest.mark.browser
def test_the_stats_line_says_what_a_generator_does(page):
    page.speed(0)
    before = page.js("window.pymaze.runs")
    page.page.select_option("#generator", "dig")
    page.page.click("#generate")
    page.page.wait_for_function("n => window.pymaze.runs > n", arg=before)
    page.page.wait_for_function("window.pymaze.progress().cursor > 2")
    text = page.page.text_content("#stats")
    assert "passages opened" in text and "visited 0" not in text and "route –" not in text
    page.run("generate")


@pytest.mark.browser
def test_the_legend_names_only_what_the_run_uses(page):
    page.generate("dig", 9, 7, 2)
    page.page.select_option("#solver", "bfs")
    page.run("solve")
    page.js("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    items = page.js("[...document.querySelectorAll('#legend .legend-items li')].map(e => e.textContent)")
    table = page.js("window.pymaze.palette()")
    used = {events.MARK_NAMES[m] for m in set(page.snapshot()["mark"]) if m}
    for name in used:
        assert table["marks"][name]["text"] in items
    assert table["marks"]["stack"]["text"] not in items  # bfs never uses the stack
    assert table["marks"]["frontier2"]["text"] not in items


# --- routes: Yen's k shortest simple routes with the 80 % overlap rule -------------------------

def _simple_routes(maze):
    """Every simple S-G route as a list of nodes, from networkx (independent of pymaze's search)."""
    import networkx as nx
    from reference import graph, node_of
    adj = graph(maze)
    g = nx.Graph((u, v) for u, vs in adj.items() for v in vs)
    start = node_of(maze, maze.start)
    return [p for goal in maze.goals for p in nx.all_simple_paths(g, start, node_of(maze, goal))]


@pytest.mark.parametrize("seed", range(8))
def test_routes_keep_each_first_route_that_differs_by_a_fifth_and_say_why_they_stop(seed):
    maze = pymaze.generate("dig", 7, 6, seed=seed, loops=0.15 + 0.05 * (seed % 3))
    maze = maze if seed % 2 else maze.as_block()
    stream = Run.solve("routes", maze, 0, k=10).events()
    notes = events.notes(stream)
    from test_solvers_analysis import expand, waypoints
    kept = [expand(maze, line) for line in waypoints(stream)]
    every = _simple_routes(maze)
    assert len(kept[0]) == min(len(p) for p in every)
    similar = lambda a, b: len(set(a) & set(b)) >= 0.8 * min(len(a), len(b))  # noqa: E731
    # Yen's order with the rule on top: a simple route shorter than a kept one was looked at
    # first, so it is kept or like a route kept before it (ties may come in either order).
    for i, route in enumerate(kept):
        for other in every:
            if len(other) < len(route):
                assert any(similar(other, k) for k in kept[:i]), "a shorter distinct route was skipped"
    if len(kept) < 10 and notes[-1][0] != events.N_GAVE_UP:
        last = notes[-1]
        assert last[0] == events.N_EXHAUSTED and last[1] == len(every), "the note does not count the simple routes"
        assert all(any(similar(p, k) for k in kept) for p in every)


def test_routes_on_a_perfect_maze_say_there_is_exactly_one():
    notes = events.notes(Run.solve("routes", pymaze.generate("dig", 12, 9, seed=2), 0, k=10).events())
    assert [c for c, _, _ in notes if c == events.N_ROUTE] == [events.N_ROUTE]
    assert notes[-1][:2] == (events.N_EXHAUSTED, 1)


def test_routes_on_a_loopy_60_by_40_maze_find_three_instead_of_giving_up():
    maze = pymaze.generate("dig", 60, 40, seed=1, loops=0.05)
    notes = events.notes(Run.solve("routes", maze, 0, k=3).events())
    assert [c for c, _, _ in notes].count(events.N_ROUTE) == 3
    assert events.N_GAVE_UP not in [c for c, _, _ in notes]
