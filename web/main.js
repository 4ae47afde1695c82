// The page: boots the engine, builds the controls, runs the animation loop,
// hands keys and pointer to the active mode (modes.js) and exposes a small
// read-only test hook (window.pymaze).
import { AnimationDialog } from "./animate.js";
import { Explainer } from "./explain.js";
import { InsidePanel } from "./inside.js";
import { CellHistory } from "./history.js";
import { KIND_NAMES, Timeline } from "./timeline.js";
import { AlgorithmPicker, speedLabel, speedOf } from "./controls.js";
import { Engine } from "./engine.js";
import { CodeMode } from "./code.js";
import { MAX_FRAGMENT, applyLink, linkOf } from "./link.js";
import { embedSnippet } from "./embed.js";
import { Machine } from "./machine.js";
import { MetricsPanel } from "./metrics.js";
import { Lab } from "./lab.js";
import { Edit, Play, Watch } from "./modes.js";
import { applyCheckpoints, applyEditKeys, checkpointKey, editKeys } from "./editlink.js";
import { Player } from "./player.js";
import { Race } from "./race.js";
import { Renderer } from "./render.js";
import { setupExport } from "./export.js";
import { setupShare } from "./share.js";
import { Legend, paletteTable } from "./legend.js";
import { maskFromPicture, maskSpec, showShape } from "./shapepick.js";
import { setupZoom } from "./zoom.js";
import { View3D } from "./walk3d.js";
import { Overview3D } from "./overview3d.js";
import { MARK, adoptVocabulary, makeState } from "./state.js";
import { describeNotes, fmt, showNotice, stats } from "./status.js";
import { keepOffline } from "./offline.js";

const $ = (id) => document.getElementById(id);
// Text written every frame: only when it changed (a write of the same text still costs a layout).
const DONE_PAINT_MS = 30; // a repaint's share of a frame when nothing runs (under the 50 ms of a long task)
const setText = (el, text) => { if (el.textContent !== text) el.textContent = text; };
// Pyodide's heap (MB) above which a run's worker is ended once the page holds all of the run, and a
// fresh one takes its place (?recycle=MB sets it: 0 after every run).
const RECYCLE_MB = Number(new URLSearchParams(location.search).get("recycle") ?? 256);
const board = $("board");
// Whether the page was opened with a link (read before the Code mode takes a `code=` out of it).
const LINKED = location.hash.replace(/^#/, "") !== "";
// origin: where the current maze came from ("generated", "imported", "edited", "moved": a
// generated maze whose S and G a solve moved); "generated" fits in a link, and so does "edited"
// when the edits started from a generated maze (the generator's link plus the edits).  ran: the
// arguments of the last generate and solve (what a link holds).  source: the engine calls that
// rebuild the current maze (after a crash).  blank: the empty board shown while loading.
const ui = { gen: null, sol: null, catalogue: null, elapsed: 0, view: "thin", origin: null,
  ran: {}, source: [], linked: false, blank: null, mode: null };
const machine = new Machine(refresh);
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
  spare: globalThis.pymazeEarlyWorker, // (web/early.js started it before this module loaded)
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
  showLab(false);
  start("generate");
}, user: () => ({ code: code.registered, algorithms: code.algorithms }) });
function showLab(on) {
  document.body.dataset.view = on ? "lab" : "";
  $("lab").hidden = !on;
  $("mode-lab").setAttribute("aria-pressed", String(on));
  if (on) lab.open();
  if (!on) layout();
  refresh();
}
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
  show3d,
  commitEdit,
  relink: () => setOrigin(),
  mazeArgs: (s) => mazeArgs(s),
  solveArgs: () => solveArgs(),
  switchMode,
  layout,
  start,
};
const modes = { watch: new Watch(page), play: new Play(page), edit: new Edit(page) };
// The Race view (race.js): its own boards and transport over the Generate panel's maze.
const EXAMPLE_RACE = "#gen=dig&g.loops=0.2&w=60&h=40&seed=1&race=solve&r=astar,bfs,greedy";
const race = new Race($("race"), {
  engine, catalogue: () => ui.catalogue, gen: () => generateArgs(), view: () => ui.view, notice: showNotice,
  link: (gen, keys) => history.replaceState(null, "", location.pathname + location.search +
    linkOf(gen, solveArgs(), false) + "&" + new URLSearchParams(keys)),
  example: () => { if (location.hash === EXAMPLE_RACE) openLink(); else location.hash = EXAMPLE_RACE; },
  user: () => code.algorithms, openCode: () => { leaveRace(); switchMode("watch"); code.show(); },
});
ui.mode = modes.watch;
const code = new CodeMode(page);
code.bind();

function refresh(state = machine.state) {
  if (state === "done") metrics.done(player.loads, player.s.width * player.s.height);
  document.body.dataset.state = state;
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
  summarize();
  $("play").hidden = state === "running";
  $("pause").hidden = state !== "running";
  const lab = document.body.dataset.view === "lab";
  for (const m of ["watch", "play", "edit"]) $(`mode-${m}`).setAttribute("aria-pressed", String(!race.active && !lab && m === mode.name && !(m === "watch" && code.open)));
  $("mode-race").setAttribute("aria-pressed", String(race.active));
  $("mode-code").setAttribute("aria-pressed", String(code.open));
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

// Where the current maze came from, and the address bar after it: a generated maze's link
// (with its solve, when one ran), or an edited one's (the generated maze's and the edits), none
// for any other maze (a link could not rebuild it).
function setOrigin(origin = ui.origin) {
  ui.origin = origin;
  const solved = player.kind === "solve", base = modes.edit.base;
  let link = origin === "generated" ? linkOf(ui.ran.generate, solved ? ui.ran.solve : solveArgs(), solved)
    : origin === "edited" && base ? linkOf(base.gen, solved ? ui.ran.solve : solveArgs(), solved) + "&" +
      new URLSearchParams(editKeys(modes.edit.editor.s, base)) : "";
  const cp = link && player.s && player.s.checkpoints;
  if (cp && cp.length) link += `&cp=${checkpointKey(cp)}`;
  ui.camera = view3d.active ? view3d.cameraParam() : overview.active ? overview.cameraParam() : "";
  if (link && ui.camera) link += `&${ui.camera}`; // (the 3D camera, last: cam=... or orbit=...)
  history.replaceState(null, "", location.pathname + location.search + link);
  ui.written = location.hash; // (the camera's updates below leave a link set by anyone else alone)
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

function start(kind) {
  return busy(async () => {
    if (race.active) leaveRace();
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
  if (race.active) leaveRace();
  if (document.body.dataset.view === "lab") showLab(false);
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
  mask: (s.shapes && player.header.mask) || "" });

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

// A link's fragment sets the controls and rebuilds its maze (and solve); bad values only warn.
// Without a fragment the default maze is generated, at the default speed, so that the page
// opens on a maze being built rather than an empty box.
async function openLink() {
  const first = !ui.linked; // the page's first load (not a link pasted into the open page)
  ui.linked = true;
  const { problems, solve, threeD } = applyLink(location.hash, ui);
  if (threeD != null) view3d.wanted = threeD;
  const params = new URLSearchParams(location.hash.replace(/^#/, "")), long = location.hash.length > MAX_FRAGMENT + 1;
  if (first && !LINKED) return firstVisit();
  if (await start("generate")) {
    if (params.has("edit")) problems.push(...await openEdited(params));
    if (params.has("cp")) problems.push(...applyCheckpoints(player.s, params.get("cp")));
    if (solve) await start("solve");
    if (view3d.wanted) await switchMode("play"); // view=3d: the link opens walking inside
    if (params.has("cam")) problems.push(view3d.restoreCamera(params.get("cam")));
    if (params.has("orbit") && view3d.wanted) problems.push("orbit is Watch's 3D overview, not the walk's (view=3d)");
    else if (params.has("orbit") && await toggleOverview(true)) problems.push(overview.restoreCamera(params.get("orbit")));
    else if (!params.has("orbit") && overview.active) await toggleOverview(false); // (a link without one opens in 2D)
  }
  if (params.has("race") && !long) {
    const linked = race.fromLink(params);
    problems.push(...linked.problems);
    openRace();
    if (linked.race) await race.start({ ...linked.race, gen: generateArgs() }, linked.tick);
    else problems.push("the race was not started");
  }
  const said = problems.filter(Boolean); // (a camera restored says "")
  if (said.length) {
    const engineSaid = $("notice").hidden ? "" : ` ${$("notice-text").textContent}`;
    showNotice(`Some link values were ignored (defaults kept): ${said.join("; ")}.${engineSaid}`);
  }
}

// The first visit (no link): the default maze appears at once and is solved by the wave at the
// slider's speed, so that numbers spread from S within seconds of ready.  Anything the person starts
// meanwhile (another run, a mode) ends the tour; ui.intro is its promise (the tests wait for it).
function firstVisit() {
  ui.intro = (async () => {
    if (!await start("generate")) return;
    const loads = player.loads;
    ui.instantLoad = loads; // this run at instant speed, whatever the slider says
    while (loads === player.loads && !(machine.state === "done" && player.atEnd && !ui.instant)) {
      await new Promise((r) => requestAnimationFrame(r));
      if (machine.mode !== "watch" || race.active || document.body.dataset.view === "lab") return;
    }
    if (loads !== player.loads) return;
    if (ui.sol.algorithms.some((a) => a.slug === "wave")) {
      ui.sol.select.value = "wave";
      ui.sol.select.dispatchEvent(new Event("change"));
    }
    await start("solve");
  })().finally(() => { ui.intro = null; });
  return ui.intro;
}

// A link's edits (edit.js editKeys) over the maze just generated, in Edit mode; the problems found.
async function openEdited(params) {
  if (!await switchMode("edit", params.get("eview") === "block")) return ["the edits were not applied"];
  const problems = applyEditKeys(modes.edit.editor.s, params);
  if (problems.length) return problems.concat("the maze is shown as generated");
  await commitEdit(modes.edit.editor.s);
  return [];
}

// A link pasted into the address bar of the open page (only the fragment changed) opens too.
window.addEventListener("hashchange", () => { if (ui.catalogue && machine.state !== "loading") openLink(); });

// `embed`: the board's HTML (embed.js) at the event the page is on, instead of the link.
async function copyLink(embed = false) {
  if (embed && ui.origin !== "generated") return showNotice("A board embeds a generated maze and its run (an edited or imported maze does not travel as one).");
  if (ui.origin !== "generated" && !(ui.origin === "edited" && modes.edit.base)) {
    return showNotice("A link holds a generator's settings (and the edits made to its maze); an imported or moved maze, " +
      "or one edited from them, needs an export instead.");
  }
  setOrigin();
  const url = location.href;
  if (location.hash.length - 1 > MAX_FRAGMENT) {
    const what = ui.origin === "edited" ? "edits" : "mask";
    return showNotice(`This maze's ${what} make${what === "mask" ? "s" : ""} its link ${(location.hash.length - 1).toLocaleString("en")} characters long; ` +
      `links hold at most ${MAX_FRAGMENT.toLocaleString("en")}: export it as JSON instead.`);
  }
  const text = embed ? embedSnippet(new URL("./", location.href).href, location.hash, player.atEnd ? null : player.cursor) : url;
  ui.embed = embed ? text : null; // (what the tests read)
  try {
    await navigator.clipboard.writeText(text);
    showNotice("");
    ui.flash = { text: embed ? "Embed code copied: paste it into a page of this site's origin." : "Link copied.", until: performance.now() + 2500 };
  } catch {
    showNotice(embed ? `The clipboard is not available here; the embed code: ${text}` : `The clipboard is not available here; the link is in the address bar: ${url}`);
  }
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

// Play's 3D view on or off (the toggle); the link says which (view=3d).
async function toggle3d() {
  if (machine.busy) return;
  view3d.wanted = !view3d.wanted;
  if (view3d.wanted && machine.mode === "play") await view3d.open(modes.play.walk);
  else view3d.close();
  show3d();
  board.focus({ preventScroll: true });
}

// Watch's 3D overview on or off (in Watch only).
async function toggleOverview(on) {
  if (on && machine.mode === "watch" && player.s) await overview.open(renderer);
  else overview.close();
  $("overview-3d").setAttribute("aria-pressed", String(overview.active));
  if (ui.origin && !race.active) setOrigin();
  return overview.active;
}

// The toggle, the 3D buttons and the address bar after the 3D view opened or closed.
function show3d() {
  $("walk-3d").setAttribute("aria-pressed", String(view3d.wanted));
  $("walk-pad").hidden = !view3d.active;
  if (modes.play.walk) {
    $("walk-hint").textContent = view3d.active ? "↑ ↓ or W S step, ← → or A D turn · swipe sideways to turn, up or a tap to step"
      + (modes.play.walk.s.shape === "levels" ? " · PageUp / PageDown or < > take a stair (▲ ▼)" : "") : modes.play.walk.keys();
  }
  $("walk-snap").checked = view3d.snap;
  if (ui.origin) setOrigin();
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

// The sheet of everything beyond the strip: open or closed (the line above it says what is set).
function showSheet(open) {
  $("sheet").hidden = !open;
  $("settings-toggle").setAttribute("aria-expanded", String(open));
  $("settings-toggle").querySelector(".more").textContent = open ? "▾ less" : "▸ more";
  if (open && matchMedia("(max-width: 760px)").matches) $("sheet").scrollTop = 0;
}

// What is set, in one line: the generator, size, seed, and the shape, mask and view when not the plain ones.
function summarize() {
  if (!ui.gen) return;
  const name = ui.gen.current ? ui.gen.current.short || ui.gen.current.name : "";
  const polar = $("shape").value === "polar";
  const parts = [name, polar ? `${$("width").value} in the first ring × ${$("height").value} rings`
    : `${$("width").value}×${$("height").value}${$("shape").value === "levels" ? `×${$("depth").value}` : ""}`,
    `seed ${$("seed").value}`];
  if ($("shape").value !== "square") parts.push($("shape").selectedOptions[0].textContent);
  if ($("mask").value) parts.push(`${$("mask").selectedOptions[0].textContent} mask`);
  if (ui.view === "block") parts.push("blocks");
  setText($("settings-summary"), parts.join(" · "));
}

// Run, or at the end of a run, replay it from the start.
function run() {
  if (player.log && player.atEnd) {
    if (player.deferred) player.rewind(); // an instant run: its events come again as they are played
    else player.seek(0);
  }
  machine.send("play");
}

// Into the Race view: a running Watch animation pauses (one not started yet, a link's maze under its
// race, is drawn whole: see watchToEnd), Play and Edit end.
function openRace() {
  showLab(false);
  if (machine.state === "running") {
    machine.send("pause");
    if (!player.cursor) watchToEnd();
  }
  if (machine.mode !== "watch") machine.send("leave");
  race.open();
  refresh();
}

// The Watch run shown at its end: what the Watch view holds under a race that began before the
// run's first step, so that leaving the race never shows a board paused at event 0 of 0.
async function watchToEnd() {
  const loads = player.loads;
  if (!player.log || player.atEnd) return;
  if (ui.instant) await ui.instant;
  else if (!player.cursor && !player.log.total && await player.finishInstant().catch(() => false)) {
    if (loads === player.loads && machine.send("finish")) finished();
    return;
  }
  if (loads !== player.loads || player.atEnd) { if (loads === player.loads && machine.send("finish")) finished(); return; }
  await fetchAll();
  if (loads === player.loads) seekTo(player.log.total);
}

// Out of the Race view: the address bar holds the Watch view's link again.
function leaveRace() {
  race.close();
  if (ui.origin) setOrigin();
  refresh();
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
  "mode-watch": () => { code.hide(); switchMode("watch"); },
  "mode-code": () => { // (from the sheet: on a phone the sheet gives the editor its place)
    if (matchMedia("(max-width: 760px)").matches) showSheet(false);
    switchMode("watch");
    code.toggle();
    if (code.open) $("code").scrollIntoView({ block: "nearest" }); // (at a desk: the top of the column, over the sheet)
  },
  "mode-lab": () => { code.hide(); if (race.active) leaveRace(); showLab(true); },
  "lab-back": () => showLab(false),
  "mode-race": () => { code.hide(); if (!race.active) openRace(); },
  "mode-play": () => { code.hide(); switchMode("play"); },
  "mode-edit": () => { code.hide(); switchMode("edit"); },
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
  if (!race.active && document.body.dataset.view !== "lab") page.press("generate");
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
for (const id of ["width", "height", "depth", "seed", "mask-text"]) $(id).addEventListener("input", summarize);

// After a choice from any dropdown with the pointer the board takes the focus back, so that the
// shortcuts work at once; a choice made with the keys (↑ ↓ on the focused dropdown) keeps the focus
// where the keys are.
let keyedSelect = null;
document.addEventListener("keydown", (e) => { keyedSelect = e.target instanceof HTMLSelectElement ? e.target : null; }, true);
document.addEventListener("pointerdown", () => { keyedSelect = null; }, true);
document.addEventListener("change", (e) => {
  if (e.target instanceof HTMLSelectElement && e.target !== keyedSelect) board.focus({ preventScroll: true });
});

const zoomKey = setupZoom(board, renderer, () => ui.mode === modes.watch);

document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && !$("sheet").hidden && matchMedia("(max-width: 760px)").matches) { showSheet(false); return; }
  // Enter in the size or seed fields makes that maze (the board must show what the fields say).
  if (e.key === "Enter" && ["width", "height", "seed"].includes(e.target.id)) {
    e.preventDefault();
    page.press("generate");
    return;
  }
  if (e.target.closest("input, select, textarea, [contenteditable]")) return;
  if (document.body.dataset.view === "lab") { if (e.key === "Escape") showLab(false); return; }
  if (race.active && race.key(e)) { e.preventDefault(); return; }
  if (ui.mode.key(e) || zoomKey(e)) { e.preventDefault(); return; }
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === "h" && machine.mode === "watch" && player.log) { cellHistory.show(player.s.head); e.preventDefault(); return; }
  const key = { p: "mode-play", e: "mode-edit", Escape: "mode-watch", g: "generate", s: "solve" }[e.key]
    || { G: "generate", S: "solve" }[e.key];
  if (key && page.press(key)) e.preventDefault();
});

// Milestones stepped to by key are announced (a live region) for screen readers.
function announce() {
  const s = player.s;
  const note = describeNotes(s.notes, s.anyangle);
  $("announce").textContent = `${explainer.stepText || ""}${note ? `. ${note}` : ""}`;
}

// The board's text alternative: its size, S, G and the route's length.
function describeBoard() {
  const s = player.s;
  if (!s) return "The maze is loading.";
  if (s.shapes) {
    const route = s.markCount[MARK.ROUTE] > 0 ? "a route is shown" : "no route shown";
    return `A ${s.shape} maze of ${s.cells.toLocaleString("en")} cells; start S at cell ${s.start}; ` +
      `goal G at cell ${s.goals[0] ?? "none"}; ${route}.`;
  }
  const k = s.geometry === "thin" ? 2 : 1, W = s.width;
  const xy = (p) => (p < 0 ? "none" : `column ${(p % W - k + 1) / k + 1}, row ${((p - p % W) / W - k + 1) / k + 1}`);
  const size = k === 2 ? `${(W - 1) / 2} by ${(s.height - 1) / 2} cells` : `${W} by ${s.height} squares`;
  const route = s.markCount[MARK.ROUTE] > 0 ? `the route is ${s.markCount[MARK.ROUTE] - 1} moves long` : "no route shown";
  return `Maze of ${size}; start S at ${xy(s.start)}; goal G at ${xy(s.goals[0] ?? -1)}; ${route}.`;
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

// The maze the engine holds as "the current maze" (what Solve, Play, Edit and export start from),
// kept when a generate ends on a square maze without a mask, so that a fresh engine can be given it
// (recycle); a solve that moved S and G moves them here too, as the engine does.
function keepBase() {
  const s = player.s, h = player.header;
  if (s.shape !== "square" || h.mask) return;
  if (player.kind === "generate" && ui.source.length === 1 && ui.source[0][0] === "generate") {
    ui.base = { source: ui.source[0], width: s.width, height: s.height, geometry: s.geometry, wall: player.finalWalls || s.wall.slice(),
      start: s.start, goals: s.goals.slice(), loads: player.loads };
  } else if (player.kind === "solve" && ui.base && s.width === ui.base.width && s.height === ui.base.height) {
    Object.assign(ui.base, { start: s.start, goals: s.goals.slice() });
  }
}

// Give the engine's memory back after a big run: once the page holds the run (its every event, or
// an instant run's end, whose events a fresh engine can make again) and the engine's heap grew past
// RECYCLE_MB, a fresh worker boots in the background and takes over, given the current maze (kept
// by keepBase), the generate that made it and the solve shown (to replay them, or export the route).
async function recycle() {
  const base = ui.base, s = player.s, log = player.log;
  const phase = () => (player.deferred ? "deferred" : log && log.finished && log.total ? "held" : "");
  const key = `${player.loads}:${phase()}`, loads = player.loads, source = ui.source.slice();
  if (!phase() || ui.recycleChecked === key || engine.booting || engine.fresh || engine.owed || engine.pending.size || machine.busy ||
    !["done", "paused"].includes(machine.state) || race.active || code.open || !base || source[0] !== base.source ||
    source.slice(1).some(([t]) => t !== "solve" && t !== "finish") || s.weight || player.header.source === "yours.py" ||
    (player.kind === "generate" && base.loads !== loads)) return;
  ui.recycleChecked = key;
  const { bytes } = await engine.call("heap");
  const same = () => loads === player.loads && `${loads}:${phase()}` === key && !machine.busy && ui.source.length === source.length &&
    ["done", "paused"].includes(machine.state) && !code.open && !race.active;
  if (bytes < RECYCLE_MB * 2 ** 20 || !same()) return;
  const h = player.header, gen = ui.ran.generate;
  const solve = player.kind === "solve" ? { ...ui.ran.solve, ends: [h.start, h.goals] } : null;
  const header = { width: base.width, height: base.height, geometry: base.geometry, start: base.start, goals: base.goals,
    run: player.runId, generate: { slug: gen.slug, width: gen.width, height: gen.height, seed: gen.seed,
      shape: gen.shape, options: gen.options }, solve };
  ui.freed = bytes;
  engine.recycle(async (send) => {
    if (code.registered !== null) await send("register", { code: code.registered });
    await send("adopt", { header, wall: base.wall }); // (an instant run's walls as bits: see pack.js)
  }, same);
}

// What the message line says while a fresh engine boots (in the background) or takes over.
const recycling = () => (engine.fresh ? "A fresh engine is taking the maze over; a new run waits for it."
  : `Giving the engine's ${fmt(Math.round(ui.freed / 2 ** 20))} MB back: a fresh engine is starting in the background` +
    `${engine.stage && engine.stage !== "ready" ? ` (${engine.stage})` : ""}; the maze and its steps stay here.`);

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
    if (overview.active && (machine.mode !== "watch" || race.active || document.body.dataset.view === "lab")) toggleOverview(false);
    if (overview.active) overview.frame();
    // The address bar follows the 3D camera (at most four times a second: browsers limit replaceState),
    // unless another link was put there meanwhile (a pasted link, before its hashchange opens it).
    const camera = view3d.active ? view3d.cameraParam() : overview.active ? overview.cameraParam() : "";
    if (camera !== (ui.camera ?? "") && ui.origin && !race.active && location.hash === ui.written && now - (ui.cameraAt ?? 0) > 250) {
      ui.cameraAt = now;
      setOrigin();
    }
    legend.update(player);
    setText($("stats"), ui.mode.status());
    setText($("message"), engine.fresh || engine.booting ? recycling() : ui.instant ? instantText() : ui.mode.message(now));
    recycle().catch(() => {}); // (a dead engine says so itself)
    const alt = describeBoard();
    if (board.getAttribute("aria-label") !== alt) board.setAttribute("aria-label", alt);
    if (machine.state === "running") explainer.step(player);
    else refresh();
  } else if (ui.blank) renderer.frame(false);
  requestAnimationFrame(frame);
}
ui.blank = blankBoard();
layout();
requestAnimationFrame(frame);

function snapshot() {
  const s = player.s;
  if (!s) return { state: machine.state };
  return {
    state: machine.state, kind: player.kind, width: s.width, height: s.height,
    geometry: s.geometry, start: s.start, goals: s.goals.slice(),
    wall: Array.from(s.wall), mark: Array.from(s.mark), num: Array.from(s.num),
    routeLength: Math.max(0, s.markCount[MARK.ROUTE] - 1), cursor: player.cursor, total: player.log.total,
    finished: player.log.finished, deferred: player.deferred, notes: s.notes.map((n) => n.slice()),
    waypoints: s.waypoints.map((w) => w.slice()), weight: s.weight ? Array.from(s.weight) : null,
    notice: $("notice").hidden ? "" : $("notice-text").textContent,
    message: $("message").textContent, origin: ui.origin,
    walk: machine.mode === "play" ? modes.play.snapshot() : null,
    mode: machine.mode, busy: machine.busy, step: explainer.stepText,
  };
}

function bootTimes({ path, fallback, marks, resources }) {
  const s = (ms) => Math.round(ms - performance.timeOrigin) / 1000;
  return { path, fallback, marks: Object.fromEntries(Object.entries(marks).map(([k, v]) => [k, s(v)])),
    resources: resources.map((r) => ({ ...r, start: s(r.start), end: s(r.end) })) };
}

window.pymaze = Object.freeze({
  ready,
  get state() { return machine.state; },
  get catalogue() { return ui.catalogue; },
  get runs() { return player.loads; },
  // the first visit's generate and solve, until the solve has started (null after, or with a link)
  get intro() { return ui.intro; },
  // how the engine booted: path "snapshot" or "normal" (fallback: why not the snapshot), and the
  // seconds since navigation when each part ended (marks) and each file arrived (resources)
  boot: () => ui.boot && bootTimes(ui.boot),
  progress: () => ({ cursor: player.cursor, total: player.log ? player.log.total : 0 }),
  get painted() { return renderer.painted; }, // the board drawn whole (no repaint under way)
  snapshot,
  race: () => race.snapshot(),
  squareCentre: (p) => renderer.clientCentre(p),
  cellAt: (x, y) => renderer.squareAt(x, y),
  get zoom() { return renderer.zoom; },
  palette: () => paletteTable(),
  crashEngine: () => engine.call("crash"),
  // workers ended to give their memory back, and whether a fresh one is starting now
  engine: () => ({ recycles: engine.recycles, recycling: !!(engine.booting || engine.fresh) }),
  // the timeline: its milestones (event index, kind), snapshots and a seek (returns its ms)
  timeline: () => ({ ticks: Array.from(player.snaps.ticks), kinds: player.snaps.kinds.map((k) => KIND_NAMES[k]),
    k: player.snaps.k, built: player.snaps.built, snapshots: player.snaps.snaps.filter(Boolean).length,
    logBytes: player.log.size, encodedBytes: player.log.bytes, snapshotBytes: player.snaps.bytes }),
  seek: (k) => { const t0 = performance.now(); seekTo(k); return performance.now() - t0; },
  fetchAll: () => fetchAll() || Promise.resolve(player.log.total),
  history: () => ({ square: cellHistory.square, events: cellHistory.hits(), title: cellHistory.title.textContent }),
  // the board as drawn (maze, overlay and labels on white): a PNG data URL
  boardImage: () => {
    const c = document.createElement("canvas"), r = renderer;
    c.width = r.canvas.width; c.height = r.canvas.height;
    const g = c.getContext("2d");
    g.fillStyle = "#ffffff"; g.fillRect(0, 0, c.width, c.height);
    for (const layer of [r.canvas, r.overlay, r.labels]) g.drawImage(layer, 0, 0);
    return c.toDataURL("image/png");
  },
  // the last animation exported: its settings, encoder and bytes (base64); startAnimation(true)
  // exports with the dialog's settings through MediaRecorder (the fallback)
  animation: () => {
    const r = animation.result;
    if (!r) return null;
    let bin = "";
    for (let i = 0; i < r.bytes.length; i += 32768) bin += String.fromCharCode(...r.bytes.subarray(i, i + 32768));
    const { bytes, ...meta } = r;
    return { ...meta, base64: btoa(bin) };
  },
  exported: () => animation.count || 0,
  startAnimation: (forceRecorder = false) => animation.start(forceRecorder).then((r) => !!r),
  streamHash: (args) => engine.call("streamHash", args).then((r) => r.hash),
  // the engine's own seconds for an instant generate (and solve), for bench/page.py
  timing: (args) => engine.call("timing", args).then((r) => r.timing),
  lab: () => lab.snapshot(),
  insideWorkingMs: (ms) => { insidePanel.workingMs = ms; }, // (tests: the working state at once, however fast the machine)
  inside: () => ({ k: insidePanel.view ? insidePanel.view.k : -1, line: insidePanel.view ? insidePanel.view.line : null,
    parents: insidePanel.view ? insidePanel.view.parents.length : 0,
    structures: insidePanel.view ? insidePanel.view.structures : null,
    sets: insidePanel.drawn ? insidePanel.drawn.sets : [] }),
  view3d: () => view3d.snapshot(),
  overview: () => overview.snapshot(),
  // client point on Watch's 3D overview of square p's centre
  overviewCentre: (p, lift = 0) => overview.project(...renderer.clientCentre(p), lift),
  // client point on the 3D view's minimap of square p's centre
  minimapCentre: (p) => view3d.onMinimap(...renderer.clientCentre(p)),
  code: code.hook(),
});

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
