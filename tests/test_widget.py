"""The Jupyter widget (pymaze.widget.RunWidget): its state is the run's first maze, events and
drawing as the page's worker sends them; a real kernel (nbclient) makes one, steps it, and the
widget messages it sent hold that state; the bundled front end, given that state in Chromium,
draws the engine's maze at the widget's tick and moves the tick on a click."""

import base64
import json
from array import array

import pytest

import build
import pymaze
from pymaze import apply
from pymaze.errors import ParameterError
from pymaze.run import Run

from pymaze.widget import RunWidget  # needs anywidget: the test extra has it

HEX = dict(slug="dig", width=7, height=5, seed=3, shape="hex")


def hex_solve():
    return Run.solve("bfs", pymaze.generate(HEX["slug"], HEX["width"], HEX["height"], seed=3, shape="hex"), seed=3)


def at(run, tick):
    maze = run.initial.copy()
    events = run.events()
    apply(maze, array("i", events[:4 * tick]))
    return maze


def test_the_widgets_state_is_the_run():
    w = RunWidget(hex_solve(), tick=4)
    events = hex_solve().events()
    assert w.total == len(events) // 4 and w.events == events.tobytes() and w.tick == 4
    initial = hex_solve().initial
    assert w.wall == bytes(initial.wall) and w.num == initial.num.tobytes()
    assert w.header["kind"] == "solver" and w.header["shape"] == "hex" and w.header["start"] == initial.start
    assert w.drawing["cells"] == initial.lattice.n and w.drawing["ends"] == initial.lattice.ends.tobytes()
    assert set(w.vocabulary) >= {"ops", "marks", "notes"}
    w.step(5)
    w.back(2)
    assert w.tick == 7
    w.seek(10 ** 9)
    assert w.tick == w.total
    w.back(w.total + 5)
    assert w.tick == 0
    square = RunWidget(Run.generate("kruskal", 6, 4, seed=1))
    assert square.drawing is None and square.tick == square.total > 0 and square._esm.startswith(build.WIDGET.read_text()[:200])


def test_bad_requests():
    started = Run.generate("dig", 5, 5)
    started.next_batch(1)
    for bad, message in [("run", "takes a pymaze.Run"), (started, "no batch was asked")]:
        with pytest.raises(ParameterError, match=message):
            RunWidget(bad)
    with pytest.raises(ParameterError, match="view must be thin or block"):
        RunWidget(Run.generate("dig", 5, 5), view="round")
    w = RunWidget(Run.generate("dig", 5, 5))
    with pytest.raises(Exception, match="more than 0"):
        w.speed = 0


NOTEBOOK = [
    "import pymaze\nfrom pymaze.widget import RunWidget\n"
    "w = RunWidget(pymaze.Run.solve('bfs', pymaze.generate('dig', 7, 5, seed=3, shape='hex'), seed=3), tick=0)\nw",
    "w.step(5)\nw.back(2)\nw.speed = 30\nprint(w.tick, w.total)",
]


def test_a_kernel_makes_and_steps_the_widget():
    import nbformat
    from nbclient import NotebookClient
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in NOTEBOOK])
    NotebookClient(nb, timeout=120, kernel_name="python3", store_widget_state=True,
                   resources={"metadata": {"path": str(build.ROOT)}}).execute()
    total = len(hex_solve().events()) // 4
    (view,) = [o for o in nb.cells[0].outputs if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    model_id = view["data"]["application/vnd.jupyter.widget-view+json"]["model_id"]
    assert nb.cells[1].outputs[0]["text"] == f"3 {total}\n"
    # what the kernel's widget messages said: the model's last state, with its binary buffers
    model = nb.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"][model_id]
    state = model["state"]
    assert (state["tick"], state["total"], state["speed"], state["playing"]) == (3, total, 30, False)
    assert state["_esm"] == build.WIDGET.read_text(encoding="utf-8")
    buffers = {tuple(b["path"]): base64.b64decode(b["data"]) for b in model.get("buffers", [])}
    assert buffers[("events",)] == hex_solve().events().tobytes()
    assert buffers[("wall",)] == bytes(hex_solve().initial.wall)
    assert buffers[("drawing", "polygons")] == hex_solve().initial.lattice.drawing()["polygons"].tobytes()


PAGE = """<!doctype html><meta charset="utf-8"><title>widget</title><body style="margin: 16px"><div id="out"></div>
<script type="module">
import widget from "./widget-bundle.js";
const state = JSON.parse(document.getElementById("state").textContent);
const bin = (b64) => { const s = atob(b64), a = new Uint8Array(s.length); for (let i = 0; i < s.length; i++) a[i] = s.charCodeAt(i); return new DataView(a.buffer); };
for (const k of ["wall", "mark", "num", "events"]) state[k] = bin(state[k]);
if (state.drawing) for (const k of ["polygons", "starts", "walls", "border", "ends"]) state.drawing[k] = bin(state.drawing[k]);
const handlers = {};
window.saved = [];
const model = {
  get: (k) => state[k],
  set: (k, v) => { state[k] = v; },
  save_changes: () => { window.saved.push({ tick: state.tick, playing: state.playing }); },
  on: (name, f) => { (handlers[name] ||= []).push(f); },
  off: () => {},
};
window.fromPython = (k, v) => { state[k] = v; for (const f of handlers["change:" + k] || []) f(); };
widget.render({ model, el: document.getElementById("out") });
window.ready = true;
</script>
<script type="application/json" id="state">STATE</script>"""


def test_the_front_end_draws_the_engines_maze_at_the_tick(browser, site_url):
    w = RunWidget(hex_solve(), tick=12)
    state = {k: getattr(w, k) for k in ("header", "vocabulary", "total", "tick", "playing", "speed", "view")}
    state.update({k: base64.b64encode(getattr(w, k)).decode() for k in ("wall", "mark", "num", "events")})
    state["drawing"] = {k: base64.b64encode(v).decode() if isinstance(v, bytes) else v for k, v in w.drawing.items()}
    html = PAGE.replace("STATE", json.dumps(state).replace("</", "<\\/"))
    context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.route(site_url + "widget-test.html", lambda r: r.fulfill(body=html, content_type="text/html"))
        page.route(site_url + "widget-bundle.js", lambda r: r.fulfill(body=build.WIDGET.read_text(), content_type="text/javascript"))
        page.goto(site_url + "widget-test.html")
        page.wait_for_function("window.ready === true")
        snap = lambda: page.evaluate("document.getElementById('out').pymazeSnapshot()")
        got, want = snap(), at(hex_solve(), 12)
        assert (got["tick"], got["total"]) == (12, w.total)
        assert bytes(got["wall"]) == bytes(want.wall) and bytes(got["mark"]) == bytes(want.mark)
        assert got["num"] == list(want.num)
        page.click(".pymaze-widget .step")
        assert page.evaluate("window.saved.at(-1).tick") == 13 and snap()["tick"] == 13
        page.evaluate("window.fromPython('tick', 40)")  # Python moved the tick
        got, want = snap(), at(hex_solve(), 40)
        assert got["tick"] == 40 and bytes(got["mark"]) == bytes(want.mark)
        page.locator(".pymaze-widget").screenshot(path=str(build.ROOT / "tests" / "artifacts" / "widget-1280.png"))
        assert not errors
    finally:
        context.close()
