// The page: boots the engine, builds the controls, runs the animation loop,
// hands keys and pointer to the active mode (modes.js) and exposes a small
// read-only test hook (window.pymaze).
import { AnimationDialog } from "../io/animate.js";
import { Explainer } from "../modes/explain.js";
import { InsidePanel } from "../modes/inside.js";
import { CellHistory } from "../modes/history.js";
import { Timeline } from "../board/timeline.js";
import { AlgorithmPicker, setText, showSheet, speedLabel, speedOf, summarize } from "./controls.js";
import { Engine } from "../engine/engine.js";
import { CodeMode } from "../modes/code.js";
import { Machine } from "./machine.js";
import { exposeHook } from "./hook.js";
import { makeAddress } from "../io/address.js";
import { linkOf } from "../io/link.js";
import { makeRecycler } from "./recycle.js";
import { makeViews } from "./views.js";
import { setupKeys } from "./keys.js";
import { MetricsPanel } from "../modes/metrics.js";
import { Lab } from "../modes/lab.js";
import { Edit, Play, Watch } from "../modes/modes.js";
import { Player } from "../board/player.js";
import { Race } from "../modes/race.js";
import { Renderer } from "../board/render.js";
import { setupExport } from "../io/export.js";
import { setupShare } from "../io/share.js";
import { Legend } from "../board/legend.js";
import { maskFromPicture, maskSpec, showShape } from "./shapepick.js";
import { View3D } from "../modes/walk3d.js";
import { Overview3D } from "../modes/overview3d.js";
import { makeToggles3D } from "../modes/toggles3d.js";
import { adoptVocabulary, makeState } from "../engine/state.js";
import { describeBoard, describeNotes, showNotice, stats } from "../board/status.js";
import { keepOffline } from "../io/offline.js";
import { Replan } from "../modes/replan.js";

const $ = (id) => document.getElementById(id);
const DONE_PAINT_MS = 30; // a repaint's share of a frame when nothing runs (under the 50 ms of a long task)
const board = $("board");
// origin: where the current maze came from ("generated", "imported", "edited", "moved": a
// generated maze whose S and G a solve moved); "generated" fits in a link, and so does "edited"
// when the edits started from a generated maze (the generator's link plus the edits).  ran: the
// arguments of the last generate and solve (what a link holds).  source: the engine calls that
// rebuild the current maze (after a crash).  blank: the empty board shown while loading.
const ui = { gen: null, sol: null, catalogue: null, elapsed: 0, view: "thin", origin: null,
  ran: {}, source: [], linked: false, blank: null, mode: null };
const machine = new Machine(refresh, document.body);
const renderer = new Renderer($("maze"), $("overlay"));
const legend = new Legend($("legend"), renderer);
const overview = new Overview3D(board, { notice: (text) => showNotice(text) });
const view3d = new View3D(board, { notice: (text) => showNotice(text), say: (text) => { $("message").textContent = text; } });
let readyResolve;
const ready = new Promise((r) => { readyResolve = r; });

const engine = new Engine({
  onStage(stage, progress) {
    $("stage").textContent = stage === "ready" ? "ready" : `${stage}…`;
    $("progress").value = progress;
  },
  onReady({ catalogue, boot }) {
    ui.boot = boot; // (the worker now answering: its boot path and moments, window.pymaze.boot)
    if (!ui.catalogue) setup(catalogue);
    $("loading").hidden = true;
    machine.send("ready");
    readyResolve(true);
    if (!ui.linked) openLink();
    else code.reinstall().then(() => { if (ui.source.length) restore(); });
    if (ui.linked) race.resume(); // a restarted engine gets the race back
    refresh();
  },
  onFatal(message) { showNotice(message); machine.send("fail"); },
  spare: globalThis.pymazeEarlyWorker, // (web/app/early.js started it before this module loaded)
  onRestart(reason) {
    showNotice(`The engine stopped (${reason}); restarting it.`);
    $("loading").hidden = false;
    machine.send("crash");
  },
});
const player = new Player(engine);
const insidePanel = new InsidePanel($("inside"), { player, renderer, board,
  call: (type, args) => engine.call(type, args), seek: (k) => seekTo(k), watching: () => machine.mode === "watch" });
const metrics = new MetricsPanel($("metrics"), () => engine.call("metrics", {}), () => player.loads);
const explainer = new Explainer($("explain"));
// The Lab is a view of its own over the page (its own workers); a maze it opens comes back to Watch.
const lab = new Lab($("lab"), { openMaze: ({ slug, shape, width, height, seed, depth }) => {
  $("shape").value = shape;
  $("mask").value = "";
  showShape(ui); // the generator list follows the shape
  ui.gen.select.value = slug;
  ui.gen.select.dispatchEvent(new Event("change"));
  for (const [id, v] of Object.entries({ width, height, seed, ...(depth ? { depth } : {}) })) $(id).value = String(v);
  machine.show("watch");
  start("generate");
}, user: () => ({ code: code.registered, algorithms: code.algorithms }) });
const timeline = new Timeline($("timeline"), { player, seek: seekTo, fetchAll });
const cellHistory = new CellHistory($("history"), { player, seek: seekTo, fetchAll });
const animation = new AnimationDialog($("animate-panel"), { player, view: () => ui.view, fetchAll: () => fetchAll() || Promise.resolve(player.log.total),
  name: () => `pymaze-${(player.kind === "solve" ? ui.ran.solve : ui.ran.generate)?.slug || "maze"}` });

// The catalogue fills the dropdowns: the one shipped with the site (before the engine is up), or
// the engine's own.
function setup(catalogue) {
  if (ui.catalogue) return;
  adoptVocabulary(catalogue.events);
  ui.catalogue = catalogue;
  ui.gen = new AlgorithmPicker("generator", catalogue.generators, "dig", catalogue.groups?.generators);
  ui.sol = new AlgorithmPicker("solver", catalogue.solvers, "bfs", catalogue.groups?.solvers);
  const weighted = () => { $("random-weights").hidden = !ui.sol.current.costs && !ui.sol.current.params.some((p) => p.name === "weights"); };
  ui.sol.select.addEventListener("change", weighted);
  weighted();
  showShape(ui);
  $("version").textContent = `engine ${catalogue.version}`;
  lab.setup(catalogue);
  explainer.show(ui.gen.current, null);
  refresh();
}
fetch("catalogue.json").then((r) => (r.ok ? r.json() : null)).then((c) => { if (c) setup(c); }, () => {});

// What the page hands its modes.
const page = {
  $, ui, machine, player, renderer, engine, board,
  press: (control) => { const b = $(control); if (!b || b.disabled) return false; actions[control](); return true; },
  say: (text) => { $("message").textContent = text; },
  runStats: () => stats(player, ui.elapsed),
  runMessage: (now) => (ui.flash && now < ui.flash.until ? ui.flash.text : describeNotes(player.s.notes, player.s.anyangle)),
  regenerate: async () => {
    newSeed();
    const args = generateArgs();
    await begin("generate", args);
    ui.ran = { generate: args };
    ui.source = [["generate", args]];
    setOrigin("generated");
  },
  // The engine's current maze, finished, as a run with no events (what play and edit work on);
  // `blocks` converts a thin-wall maze to blocks, for good.
  showCurrent: async (blocks = false) => {
    const thin = player.s.geometry === "thin";
    await begin("current", { block: blocks });
    player.log.push(new Int32Array(0)); // a maze with no events: the run is over
    if (blocks && thin) {
      ui.source.push(["current", { block: true }]);
      setOrigin("edited"); // a link makes thin-wall mazes only
    }
    showNotice("");
    return player.s;
  },
  setView: (view) => { $("view").value = ui.view = view; layout(); },
  view3d,
  commitEdit,
  relink: () => setOrigin(),
  mazeArgs: (s) => mazeArgs(s),
  solveArgs: () => solveArgs(),
  switchMode,
  layout,
  start,
  showSheet,
  finished,
  fetchAll,
  seekTo,
};
const modes = { watch: new Watch(page), play: new Play(page), edit: new Edit(page) };
page.replan = new Replan(page);
// The Race view (race.js): its own boards and transport over the Generate panel's maze.
const EXAMPLE_RACE = "#gen=dig&g.loops=0.2&w=60&h=40&seed=1&race=solve&r=astar,bfs,greedy";
const race = new Race($("race"), {
  engine, catalogue: () => ui.catalogue, gen: () => generateArgs(), view: () => ui.view, notice: showNotice,
  link: (gen, keys) => history.replaceState(null, "", location.pathname + location.search +
    linkOf(gen, solveArgs(), false) + "&" + new URLSearchParams(keys)),
  example: () => { if (location.hash === EXAMPLE_RACE) openLink(); else location.hash = EXAMPLE_RACE; },
  user: () => code.algorithms, openCode: () => machine.show("code"),
});
ui.mode = modes.watch;
const code = new CodeMode(page);
code.bind();
// The parts the rooms' modules work with (each makes its calls from them; the views' hooks last).
Object.assign(page, { race, lab, code, modes, overview, generateArgs: () => generateArgs() });
const { keepBase, recycle, recycling } = makeRecycler(page);
const { toggle3d, toggleOverview, show3d } = makeToggles3D(page);
Object.assign(page, { toggleOverview, show3d });
const { setOrigin, openLink, copyLink } = makeAddress(page);
page.setOrigin = setOrigin;
machine.views = makeViews(page);
if (code.linkCode !== null) machine.show("code"); // a link with code opens the editor (and runs nothing)

function refresh(state = machine.state) {
  if (state === "done") metrics.done(player.loads, player.s.width * player.s.height);
  document.body.classList.toggle("busy", machine.busy);
  const mode = modes[machine.mode];
  if (mode !== ui.mode) { ui.mode.exit(); ui.mode = mode; }
  const has = !!player.log, atStart = !has || (player.cursor === 0 && !player.deferred), atEnd = has && player.atEnd;
  const off = {
    generate: !ui.catalogue, solve: !has, pause: false, step: atEnd, next: atEnd, back: atStart, prev: atStart,
    reset: atStart, settings: !ui.catalogue, maze: !player.s, seek: !has,
  };
  for (const el of document.querySelectorAll("[data-control]")) {
    const c = el.dataset.control;
    el.disabled = !machine.allows(c) || !!off[c];
  }
  // The play button is the transport's (small, beside back and forward): at a run's end it replays
  // it; Generate and Solve are the main actions.
  const replay = atEnd && state === "done";
  setText($("play"), replay ? "↺" : "▶");
  $("play").title = replay ? "Replay this run from its start (space)" : "Run the animation (space)";
  $("play").setAttribute("aria-label", replay ? "Replay the run" : "Run");
  summarize(ui);
  $("play").hidden = state === "running";
  $("pause").hidden = state !== "running";
  for (const m of ["watch", "play", "edit", "race", "lab", "code"]) $(`mode-${m}`).setAttribute("aria-pressed", String(m === machine.pressed));
  $("walkbar").hidden = mode.name !== "play";
  $("editbar").hidden = mode.name !== "edit";
  const editor = mode === modes.edit ? modes.edit.editor : null;
  $("edit-undo").disabled = !editor || machine.busy || !editor.undos.length;
  $("edit-redo").disabled = !editor || machine.busy || !editor.redos.length;
  $("edit-blocks").hidden = !editor || !editor.thin;
}

// Start a run in the worker and show it: the reply's maze (its header holds the run id the
// engine gave it), then its events as they come.
async function begin(type, args, kind = "generate") {
  const reply = await engine.call(type, args);
  const was = player.s, kept = (type === "solve" || type === "current") && was && was.checkpoints;
  player.load(kind, reply);
  // Edit's checkpoints stay with the same maze (a solve, Edit's copy of it), not with another
  if (kept && kept.length && player.s.wall.length === was.wall.length && player.s.geometry === was.geometry) player.s.checkpoints = kept;
  ui.elapsed = 0;
  metrics.hide(); // the last maze's figures, until this run's arrive
  layout();
  return reply;
}

const newSeed = () => { $("seed").value = String(Math.floor(Math.random() * 1e9)); };

// The machine's busy task, its error shown as the notice (prefixed); false when refused or failed.
async function busy(work, prefix = "") {
  if (!ui.catalogue || machine.state === "loading") return false;
  try {
    return await machine.work(work);
  } catch (err) {
    showNotice(prefix + err.message);
    return false;
  }
}

const generateArgs = () => ({ slug: ui.gen.select.value, seed: $("seed").value, options: ui.gen.options(),
  width: $("width").value, height: $("height").value, shape: $("shape").value, mask: maskSpec(),
  ...($("shape").value === "levels" ? { depth: $("depth").value } : {}) });
const solveArgs = () => ({ slug: ui.sol.select.value, seed: $("seed").value, options: ui.sol.options() });

// `at`: the event to go on from (D* Lite's replanning, modes/replan.js: the run again with one more
// change, the same events before it).
function start(kind, at = 0) {
  return busy(async () => {
    if (machine.view === "race") machine.show("watch");
    const args = kind === "generate" ? generateArgs() : solveArgs();
    // Edit's numbered checkpoints: the solve goes S, 1, 2, ... G (pymaze.tour); links carry them (cp).
    const stops = kind === "solve" && player.s && player.s.checkpoints ? player.s.checkpoints : [];
    const { header } = await begin(kind, stops.length ? { ...args, options: { ...args.options, waypoints: stops } } : args, kind);
    const ends = JSON.stringify([header.start, header.goals]);
    if (kind === "generate") {
      ui.ran = { generate: args };
      ui.source = [["generate", args]];
    } else ui.ran = { ends, ...ui.ran, solve: args }; // ends: S and G as generated (no solve moved them yet)
    showNotice("");
    // A solve on S and G that an earlier solve moved (farthest) is no generated maze's: no link.
    const moved = kind === "solve" && ui.origin === "generated" && ends !== ui.ran.ends;
    setOrigin(kind === "generate" ? "generated" : moved ? "moved" : ui.origin);
    explainer.show(kind === "generate" ? ui.gen.current : ui.sol.current, header);
    if (at) { await player.ensure(at); player.seek(at); }
    machine.send("start");
    inView();
  });
}

// The board scrolled into view when a run starts with it partly off screen (a phone, the panel's
// buttons under the board): the animation is what was asked for.
function inView() {
  const r = board.getBoundingClientRect();
  if (r.top < 0 || r.bottom > window.innerHeight) board.scrollIntoView({ block: r.height > window.innerHeight ? "start" : "nearest" });
}

// An imported maze (text in `fmt`, or with type "acceptPicture" the picture just read) becomes
// the current one, shown at its end; a parse error leaves all as it was.
function loadText(text, fmt = "auto", type = "load") {
  return busy(async () => {
    await begin(type, { text, fmt });
    if (type !== "load") ({ text } = await engine.call("export", { format: "json" })); // what a restart loads back
    ui.source = [["load", { text, fmt: type === "load" ? fmt : "json" }]];
    showNotice("");
    setOrigin("imported");
    machine.send("start");
  }, "Import failed: ");
}

// Into a mode: its enter() gets the maze it works on (the busy task), then the machine moves.
// Watch needs nothing from the engine.  `arg`: Play's "new maze", Edit's "convert to blocks".
function switchMode(name, arg) {
  const mode = modes[name];
  machine.show("watch");
  if (mode === modes.watch) return machine.send("leave");
  if (!player.s) return false;
  return busy(async () => {
    await mode.enter(arg);
    machine.send(mode.event);
  });
}

// The edited maze `s` as the engine's setMaze (and Edit's live preview) takes it.
const mazeArgs = (s) => ({ width: s.width, height: s.height, wall: s.wall.slice(), start: s.start, goal: s.goals[0],
  weight: s.weight ? Uint8Array.from(s.weight) : null, geometry: s.geometry, shape: s.shape,
  mask: (s.shapes && player.header.mask) || "", depth: s.shapes && s.shapes.levels ? s.shapes.levels[2] : undefined });

// An edit stroke ended: the engine takes the edited maze (what Solve, export and play then use),
// in its own geometry (a shaped maze: its shape and mask too).  The address bar holds its link
// when it started from a generated maze, none otherwise.
async function commitEdit(s) {
  const args = mazeArgs(s);
  setOrigin("edited");
  ui.source = [["setMaze", args]];
  try {
    await engine.call("setMaze", { ...args, wall: args.wall.slice() });
  } catch (err) { showNotice(err.message); }
}

// After a crash: the fresh engine gets the current maze back (the same calls that made it), and
// the page shows it finished, as a run with no events.
async function restore() {
  const calls = ui.source.slice();
  const ok = await busy(async () => {
    for (const [type, args] of calls) await engine.call(type, type === "setMaze" ? { ...args, wall: args.wall.slice() } : args);
    await page.showCurrent();
    machine.send("start");
  }, "The maze could not be restored: ");
  if (ok) showNotice("");
}

// Random cell weights for the generated maze (what weighted solvers pay), shown as a grey tint.
function randomWeights() {
  if (!player.s) return false;
  return busy(async () => {
    const args = { seed: $("seed").value };
    const { weights } = await engine.call("weights", args);
    ui.source.push(["weights", args]); // a restored engine gives the maze the same weights
    player.s.weight = Int32Array.from(weights);
    player.s.allDirty = true;
    showNotice("");
  });
}

// The board while the engine loads: the maze's frame and cells at the size it will have.
function blankBoard() {
  const hash = new URLSearchParams(location.hash.replace(/^#/, ""));
  const side = (key, id) => Math.max(1, Math.min(250, Number(hash.get(key) || $(id).value) || 10));
  const W = 2 * side("w", "width") + 1, H = 2 * side("h", "height") + 1;
  const wall = new Uint8Array(W * H).map((_, p) => Number(!((p % W) & 1 && ((p - (p % W)) / W) & 1)));
  return makeState({ width: W, height: H, geometry: "thin", layer: null, kind: "generator", start: -1, goals: [],
    weights: null }, wall, new Uint8Array(W * H), new Int32Array(W * H));
}

function layout() {
  const s = player.s || ui.blank;
  if (!s) return;
  const b = s.shapes && s.shapes.bounds;
  board.style.setProperty("--aspect", b ? `${b[2] - b[0]} / ${b[3] - b[1]}` : `${s.width} / ${s.height}`);
  renderer.layout(s, ui.view, board.getBoundingClientRect());
}

// A transport move (step, back, milestones, reset): pauses a running run first.
async function transport(action) {
  if (!player.log) return;
  if (machine.state === "running") machine.send("pause");
  // An instant run's events are made again first (the state is at the end already).
  if (await machine.work(async () => { await player.regenerate(); return action(); })) {
    if (!player.atEnd) machine.send("step");
    else if (machine.send("finish")) finished();
    explainer.step(player);
    announce();
  }
}

// The timeline's move (a drag, a tick, a square's history): straight to event k, pausing a
// running run; far jumps start from the nearest snapshot (timeline.js).
function seekTo(k) {
  if (!player.log || !machine.allows("seek")) return false;
  if (player.deferred) { fetchAll().then(() => seekTo(k), () => {}); return true; } // an instant run: its events first
  if (machine.state === "running") machine.send("pause");
  player.seek(k);
  if (!player.atEnd) machine.send("step");
  else if (machine.send("finish")) finished();
  explainer.step(player);
  announce();
  return true;
}

// The rest of the run from the engine (once, in the background): the timeline shows all of it.
// Always a promise (of the events' total); one an engine stopped meanwhile rejects, which it says itself.
// A fetch still under way for an earlier run (a link's generate, before its solve) is not this run's:
// this run gets its own.
function fetchAll() {
  const mine = ui.fetching && ui.fetching.log === player.log ? ui.fetching.promise : null;
  if (!player.log || player.log.finished || mine) return mine || Promise.resolve(player.log ? player.log.total : 0);
  const fetching = ui.fetching = { log: player.log, promise: null };
  fetching.promise = player.fetchAll().finally(() => { if (ui.fetching === fetching) ui.fetching = null; });
  fetching.promise.catch(() => {}); // (a caller that drops it, as the timeline's press does, leaves no unhandled rejection)
  return fetching.promise;
}

// Run, or at the end of a run, replay it from the start.
function run() {
  if (player.log && player.atEnd) {
    if (player.deferred) player.rewind(); // an instant run: its events come again as they are played
    else player.seek(0);
  }
  machine.send("play");
}

const actions = {
  generate: () => start("generate"),
  solve: () => start("solve"),
  play: run,
  pause: () => machine.send("pause"),
  step: () => transport(() => player.step()),
  back: () => transport(async () => player.back()),
  next: () => transport(() => player.nextMilestone()),
  prev: () => transport(async () => player.prevMilestone()),
  reset: () => transport(async () => player.seek(0)),
  "random-weights": randomWeights,
  "copy-link": () => copyLink(),
  "copy-embed": () => copyLink(true),
  "settings-toggle": () => showSheet($("sheet").hidden),
  "sheet-close": () => showSheet(false),
  "mode-watch": () => switchMode("watch"),
  "mode-code": () => machine.show(machine.view === "code" ? "watch" : "code"), // (a toggle, in the sheet)
  "mode-lab": () => machine.show("lab"),
  "lab-back": () => machine.show("watch"),
  "mode-race": () => machine.show("race"),
  "mode-play": () => switchMode("play"),
  "mode-edit": () => switchMode("edit"),
  "walk-reset": () => { if (machine.mode === "play") { modes.play.walk.reset(); modes.play.showStairs(); } },
  "walk-upstairs": () => { if (machine.mode === "play") modes.play.go("upstairs"); },
  "walk-downstairs": () => { if (machine.mode === "play") modes.play.go("downstairs"); },
  "walk-new": () => switchMode("play", true),
  "walk-3d": toggle3d,
  "overview-3d": () => toggleOverview(!overview.active),
  "walk-left": () => { if (view3d.active && !machine.busy) view3d.turn(-1); },
  "walk-right": () => { if (view3d.active && !machine.busy) view3d.turn(1); },
  "walk-forward": () => { if (view3d.active && !machine.busy) view3d.step(1); },
  "walk-back": () => { if (view3d.active && !machine.busy) view3d.step(-1); },
  "edit-clear": () => modes.edit.act("clear"),
  "edit-undo": () => modes.edit.act("undo"),
  "edit-redo": () => modes.edit.act("redo"),
  "edit-blocks": () => switchMode("edit", true),
  "new-seed": newSeed,
  "animate-open": () => { if (player.log) animation.open(renderer.canvas); },
};
for (const [id, act] of Object.entries(actions)) $(id).addEventListener("click", act);
$("walk-snap").checked = view3d.snap;
$("walk-snap").addEventListener("change", (e) => { view3d.snap = e.target.checked; });
$("edit-brush").addEventListener("change", (e) => { if (modes.edit.editor) modes.edit.editor.brush = Number(e.target.value); });
$("view").addEventListener("change", (e) => { ui.view = e.target.value; layout(); race.layout(); });
// A new shape makes a maze of that shape at once (the board must match the dropdown); in Race and
// Lab the next race or batch takes it.
$("shape").addEventListener("change", () => {
  showShape(ui);
  if (machine.view === "watch" || machine.view === "code") page.press("generate");
});
$("mask").addEventListener("change", () => showShape(ui));
$("mask-file").addEventListener("change", (e) => { if (e.target.files[0]) maskFromPicture(e.target.files[0], showNotice); });
$("mask-text").addEventListener("drop", (e) => {
  const file = [...e.dataTransfer.files].find((f) => f.type.startsWith("image/"));
  if (!file) return;
  e.preventDefault();
  e.stopPropagation();
  maskFromPicture(file, showNotice);
});
$("speed").addEventListener("input", () => { $("speed-value").textContent = speedLabel(speedOf($("speed"))); });
$("speed-value").textContent = speedLabel(speedOf($("speed")));
$("generator").addEventListener("change", () => explainer.show(ui.gen.current, null));
$("solver").addEventListener("change", () => explainer.show(ui.sol.current, null));
new ResizeObserver(() => layout()).observe(board);
for (const id of ["width", "height", "depth", "seed", "mask-text"]) $(id).addEventListener("input", () => summarize(ui));

setupKeys({ ...page, cellHistory });

// Milestones stepped to by key are announced (a live region) for screen readers.
function announce() {
  const s = player.s;
  const note = describeNotes(s.notes, s.anyangle);
  $("announce").textContent = `${explainer.stepText || ""}${note ? `. ${note}` : ""}`;
}

// A run reached its end: a solve that moved S and G (farthest) is part of how the maze is rebuilt.
function finished() {
  const s = player.s, h = player.header;
  if (ui.finished === player.loads) return; // once per run, however often it is replayed
  ui.finished = player.loads;
  keepBase();
  if (player.kind === "solve" && (s.start !== h.start || String(s.goals) !== String(h.goals))) {
    ui.source.push(["solve", ui.ran.solve], ["finish", {}]);
  }
}

// What the message line says while an instant run is under way in the engine.
const instantText = () => `${player.header.name} is running in the engine at speed "instant" (no steps drawn); ` +
  `the ${player.kind === "solve" ? "route" : "maze"} appears when it ends.`;

// The instant path (player.finishInstant); a run that cannot end so plays its batches.
function instantRun() {
  const loads = player.loads;
  ui.instant = player.finishInstant().then((done) => {
    if (done && loads === player.loads) explainer.setStep("at the end (instant: the steps are made again when you step back)");
  }, (err) => showNotice(err.message)).finally(() => { ui.instant = null; });
}

let last = performance.now();
function frame(now) {
  const dt = Math.min(0.25, (now - last) / 1000);
  last = now;
  if (machine.state === "running" && player.log) {
    const speed = ui.instantLoad === player.loads ? Infinity : speedOf($("speed"));
    // Instant: the engine runs the whole run without events and sends its end in one transfer.
    if (speed === Infinity && !player.instantTried && !player.cursor) instantRun();
    else if (!ui.instant) player.play(dt, speed);
    ui.elapsed += dt;
    if (player.atEnd && machine.send("finish")) finished();
  }
  if (player.log) {
    player.snaps.build(player.log);
    timeline.update();
    cellHistory.update();
  }
  code.frame();
  if (player.s) {
    // A run's end (an instant run's board) is drawn in a few long frames rather than many short ones.
    renderer.frame(machine.mode === "play" || machine.state === "running" || machine.state === "paused",
      machine.state === "done" && machine.mode === "watch" ? DONE_PAINT_MS : undefined);
    if (view3d.active) { view3d.minimap(renderer); view3d.frame(now); }
    if (overview.active && (machine.mode !== "watch" || machine.view === "race" || machine.view === "lab")) toggleOverview(false);
    if (overview.active) overview.frame();
    // The address bar follows the 3D camera (at most four times a second: browsers limit replaceState),
    // unless another link was put there meanwhile (a pasted link, before its hashchange opens it).
    const camera = view3d.active ? view3d.cameraParam() : overview.active ? overview.cameraParam() : "";
    if (camera !== (ui.camera ?? "") && ui.origin && machine.view !== "race" && location.hash === ui.written && now - (ui.cameraAt ?? 0) > 250) {
      ui.cameraAt = now;
      setOrigin();
    }
    legend.update(player);
    setText($("stats"), ui.mode.status());
    setText($("message"), engine.fresh || engine.booting ? recycling() : ui.instant ? instantText() : ui.mode.message(now));
    recycle().catch(() => {}); // (a dead engine says so itself)
    const alt = describeBoard(player.s);
    if (board.getAttribute("aria-label") !== alt) board.setAttribute("aria-label", alt);
    if (machine.state === "running") explainer.step(player);
    else refresh();
  } else if (ui.blank) renderer.frame(false);
  requestAnimationFrame(frame);
}
ui.blank = blankBoard();
layout();
requestAnimationFrame(frame);

exposeHook({ ...page, explainer, insidePanel, animation, cellHistory, ready });

$("notice-close").addEventListener("click", () => showNotice(""));
setupShare({ load: loadText, call: (type, args) => engine.call(type, args), notice: showNotice });
setupExport({ call: (type, args) => engine.call(type, args), notice: showNotice, generator: generateArgs });

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
ready.then(keepOffline); // a second visit: instant, and offline too (sw.js)
