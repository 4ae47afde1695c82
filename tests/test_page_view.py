"""What the board shows: the event vocabulary shared with the engine, every mark visible in both
views, every goal drawn, the cluster colours cleared, numbers on a perceptual ramp, the legend."""

import re
from pathlib import Path

import pytest

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
    for path in WEB.glob("*.js"):
        text = path.read_text()
        for pattern in (r"\bOP\s*=\s*\{\s*WALL", r"\bMARK\s*=\s*\{\s*CURRENT", r"N_[A-Z]+\s*=\s*\d",
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
# floor's); and a hash of all the board's canvases (to see that a milestone changed something).
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
  let h = 0;
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


ALGORITHMS = [("generator", s) for s in registry.generators()] + [("solver", s) for s in registry.solvers()]


@pytest.mark.browser
@pytest.mark.parametrize("view", ["thin", "block"])
@pytest.mark.parametrize("family,slug", ALGORITHMS)
def test_every_milestone_shows_and_no_mark_is_painted_over(page, family, slug, view):
    algorithm = registry.get(family, slug)
    choose_view(page, view)
    if family == "generator":
        page.page.select_option("#generator", slug)
        side = max(7, algorithm.min_size)
        page.fill(width=side, height=5, seed=3)
        problems = walk_milestones(page, "generate")
    else:
        page.generate("dig", 7, 5, 3)
        page.page.select_option("#solver", slug)
        problems = walk_milestones(page, "solve")
    assert not problems, "\n".join(problems[:12]) + (f"\n... {len(problems)} in all" if len(problems) > 12 else "")
