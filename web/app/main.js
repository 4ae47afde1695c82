// The page's wiring: makes the parts (the engine, the player, the board and its panels, the modes
// and views, the run control) and hands each the others; what they do lives in their modules
// (run.js, transport.js and loop.js run and show the runs, actions.js binds the controls).
import { AnimationDialog } from "../io/animate.js";
import { Explainer } from "../modes/explain.js";
import { InsidePanel } from "../modes/inside.js";
import { CellHistory } from "../modes/history.js";
import { Timeline } from "../board/timeline.js";
import { field, showSheet } from "./controls.js";
import { Engine } from "../engine/engine.js";
import { CodeMode } from "../modes/code.js";
import { Machine } from "./machine.js";
import { exposeHook } from "./hook.js";
import { makeAddress } from "../io/address.js";
import { linkOf } from "../io/link.js";
import { makeRecycler } from "./recycle.js";
import { makeViews } from "./views.js";
import { setupKeys } from "./keys.js";
import { makeBoot } from "./boot.js";
import { makeRun } from "./run.js";
import { makeTransport } from "./transport.js";
import { makeLoop } from "./loop.js";
import { bindActions } from "./actions.js";
import { showShape } from "./shapepick.js";
import { MetricsPanel } from "../modes/metrics.js";
import { Lab } from "../modes/lab.js";
import { Edit, Play, Watch } from "../modes/modes.js";
import { Player } from "../board/player.js";
import { Race } from "../modes/race.js";
import { Renderer } from "../board/render.js";
import { setupExport } from "../io/export.js";
import { setupShare } from "../io/share.js";
import { Legend } from "../board/legend.js";
import { View3D } from "../modes/walk3d.js";
import { Overview3D } from "../modes/overview3d.js";
import { makeToggles3D } from "../modes/toggles3d.js";
import { describeNotes, showNotice, stats } from "../board/status.js";
import { keepOffline } from "../io/offline.js";
import { Replan } from "../modes/replan.js";

const $ = (id) => document.getElementById(id);
const board = $("board");
// origin: where the current maze came from ("generated", "imported", "edited", "moved": a
// generated maze whose S and G a solve moved); "generated" fits in a link, and so does "edited"
// when the edits started from a generated maze (the generator's link plus the edits).  ran: the
// arguments of the last generate and solve (what a link holds).  source: the engine calls that
// rebuild the current maze (after a crash).  blank: the empty board shown while loading.
const ui = { gen: null, sol: null, catalogue: null, elapsed: 0, view: "thin", origin: null,
  ran: {}, source: [], linked: false, blank: null, mode: null };
// What the page hands its parts: each module takes what it needs from it (the later parts when called).
const page = { $, ui, board };
const boot = makeBoot(page);
const machine = new Machine((...change) => page.refresh(...change), document.body);
const renderer = new Renderer($("maze"), $("overlay"));
const legend = new Legend($("legend"), renderer);
const overview = new Overview3D(board, { notice: (text) => showNotice(text) });
const view3d = new View3D(board, { notice: (text) => showNotice(text), say: (text) => { $("message").textContent = text; } });
// (web/app/early.js started the spare worker before this module loaded; the Engine takes it over)
const engine = new Engine({ ...boot.hooks, spare: globalThis.pymazeEarlyWorker });
const player = new Player(engine);
const metrics = new MetricsPanel($("metrics"), () => engine.call("metrics", {}), () => player.loads);
const explainer = new Explainer($("explain"));
Object.assign(page, { machine, renderer, legend, overview, view3d, engine, player, metrics, explainer, ready: boot.ready });
Object.assign(page, makeRun(page));
Object.assign(page, makeTransport(page));
const { seekTo, fetchAll } = page;

const insidePanel = new InsidePanel($("inside"), { player, renderer, board,
  call: (type, args) => engine.call(type, args), seek: (k) => seekTo(k), watching: () => machine.mode === "watch" });
// The Lab is a view of its own over the page (its own workers); a maze it opens comes back to Watch.
const lab = new Lab($("lab"), { openMaze: page.openMaze, user: () => ({ code: code.registered, algorithms: code.algorithms }) });
const timeline = new Timeline($("timeline"), { player, seek: seekTo, fetchAll });
const cellHistory = new CellHistory($("history"), { player, seek: seekTo, fetchAll });
const animation = new AnimationDialog($("animate-panel"), { player, view: () => ui.view, fetchAll: () => fetchAll() || Promise.resolve(player.log.total),
  name: () => `pymaze-${(player.kind === "solve" ? ui.ran.solve : ui.ran.generate)?.slug || "maze"}` });
fetch("catalogue.json").then((r) => (r.ok ? r.json() : null)).then((c) => { if (c) boot.setup(c); }, () => {});

// What the modes ask of the page besides the run control.
Object.assign(page, { lab, insidePanel, timeline, cellHistory, animation, showSheet,
  say: (text) => { $("message").textContent = text; },
  runStats: () => stats(player, ui.elapsed),
  runMessage: (now) => (ui.flash && now < ui.flash.until ? ui.flash.text : describeNotes(player.s.notes, player.s.anyangle)),
  setView: (view) => { $("view").value = ui.view = view; page.layout(); },
  relink: () => page.setOrigin() });
const modes = { watch: new Watch(page), play: new Play(page), edit: new Edit(page) };
page.replan = new Replan(page);
// The Race view (race.js): its own boards and transport over the Generate panel's maze.
const EXAMPLE_RACE = "#gen=dig&g.loops=0.2&w=60&h=40&seed=1&race=solve&r=astar,bfs,greedy";
const race = new Race($("race"), {
  engine, catalogue: () => ui.catalogue, gen: () => page.generateArgs(), view: () => ui.view, notice: showNotice, field,
  link: (gen, keys) => history.replaceState(null, "", location.pathname + location.search +
    linkOf(gen, page.solveArgs(), false) + "&" + new URLSearchParams(keys)),
  example: () => { if (location.hash === EXAMPLE_RACE) page.openLink(); else location.hash = EXAMPLE_RACE; },
  user: () => code.algorithms, openCode: () => machine.show("code"),
});
ui.mode = modes.watch;
const code = new CodeMode(page);
code.bind();
// The parts the rooms' modules work with (each makes its calls from them; the views' hooks last).
Object.assign(page, { race, code, modes, showShape });
Object.assign(page, makeRecycler(page));
Object.assign(page, makeToggles3D(page));
Object.assign(page, makeAddress(page));
machine.views = makeViews(page);
Object.assign(page, makeLoop(page));
if (code.linkCode !== null) machine.show("code"); // a link with code opens the editor (and runs nothing)
page.press = bindActions(page);
setupKeys(page);
new ResizeObserver(() => page.layout()).observe(board);
page.startLoop();
exposeHook(page);

setupShare({ load: page.loadText, call: (type, args) => engine.call(type, args), notice: showNotice });
setupExport({ call: (type, args) => engine.call(type, args), notice: showNotice, generator: page.generateArgs });

// The pointer on the board goes to the active mode (play: swipe and tap; edit: paint and drag).
board.addEventListener("pointerdown", (e) => { if (ui.mode.down(e)) e.preventDefault(); });
board.addEventListener("pointermove", (e) => ui.mode.move(e));
board.addEventListener("pointerup", (e) => ui.mode.up(e));
board.addEventListener("pointercancel", (e) => ui.mode.cancel(e));
board.addEventListener("pointerleave", () => { if (ui.mode === modes.edit && !modes.edit.editor.stroke) modes.edit.editor.hover(null); });
// Watching, a click (or tap) on a square lists the events that touched it.
board.addEventListener("click", (e) => {
  if (machine.mode === "watch" && player.log) cellHistory.show(renderer.squareAt(e.clientX, e.clientY));
});
boot.ready.then(keepOffline); // a second visit: instant, and offline too (sw.js)
