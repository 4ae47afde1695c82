// The page: boots the engine, builds the controls, runs the animation loop,
// and exposes a small read-only test hook (window.pymaze).
import { AlgorithmPicker, speedLabel, speedOf } from "./controls.js";
import { Editor } from "./edit.js";
import { Engine } from "./engine.js";
import { applyLink, linkOf } from "./link.js";
import { ENABLED, Machine } from "./machine.js";
import { MetricsPanel } from "./metrics.js";
import { Player } from "./player.js";
import { Renderer } from "./render.js";
import { setupShare } from "./share.js";
import { Legend, paletteTable } from "./legend.js";
import { MARK, adoptVocabulary } from "./state.js";
import { describeNotes, showNotice, stats } from "./status.js";
import { Walk } from "./walk.js";

const $ = (id) => document.getElementById(id);
// origin: where the current maze came from ("generated", "imported", "edited"); only a
// generated one fits in a link.  ran: the arguments of the last generate and solve (what a
// link holds).  walk / editor: the play and edit modes' objects.
const ui = { gen: null, sol: null, catalogue: null, elapsed: 0, view: "thin", busy: false, origin: null,
  ran: {}, walk: null, editor: null, linked: false };
const machine = new Machine(refresh);
const renderer = new Renderer($("maze"), $("overlay"));
const legend = new Legend($("legend"), renderer);
let readyResolve;
const ready = new Promise((r) => { readyResolve = r; });

const engine = new Engine({
  onStage(stage, progress) {
    $("stage").textContent = stage === "ready" ? "ready" : `${stage}…`;
    $("progress").value = progress;
  },
  onReady({ catalogue }) {
    if (!ui.catalogue) setup(catalogue);
    $("loading").hidden = true;
    machine.send("ready");
    readyResolve(true);
    if (!ui.linked) openLink();
  },
  onFatal(message) { showNotice(message); machine.send("fail"); },
  onRestart(reason) {
    showNotice(`The engine stopped (${reason}); restarting it.`);
    $("loading").hidden = false;
    machine.send("crash");
  },
});
const player = new Player(engine);
const metrics = new MetricsPanel($("metrics"), () => engine.call("metrics", {}), () => ui.runId);

function setup(catalogue) {
  adoptVocabulary(catalogue.events);
  ui.catalogue = catalogue;
  ui.gen = new AlgorithmPicker("generator", catalogue.generators, "dig");
  ui.sol = new AlgorithmPicker("solver", catalogue.solvers, "bfs");
  const weighted = () => { $("random-weights").hidden = !ui.sol.current.params.some((p) => p.name === "weights"); };
  ui.sol.select.addEventListener("change", weighted);
  weighted();
  $("version").textContent = `engine ${catalogue.version}`;
}

function refresh() {
  const st = machine.state;
  if (st === "done") metrics.done(ui.runId, player.s.width * player.s.height);
  document.body.dataset.state = st;
  const has = !!player.log, atStart = !has || player.cursor === 0, atEnd = has && player.atEnd;
  const off = {
    generate: false, solve: !has, play: atEnd, pause: false, step: atEnd, next: atEnd,
    back: atStart, prev: atStart, reset: atStart, settings: false,
  };
  for (const el of document.querySelectorAll("[data-control]")) {
    const c = el.dataset.control;
    el.disabled = ui.busy || !ENABLED[st].includes(c) || off[c];
  }
  $("play").hidden = st === "running";
  $("pause").hidden = st !== "running";
  const mode = st === "walking" ? "play" : st === "editing" ? "edit" : "watch";
  for (const m of ["watch", "play", "edit"]) $(`mode-${m}`).setAttribute("aria-pressed", String(m === mode));
  $("walkbar").hidden = mode !== "play";
  $("editbar").hidden = mode !== "edit";
  $("edit-undo").disabled = mode !== "edit" || !ui.editor.undos.length;
  $("edit-redo").disabled = mode !== "edit" || !ui.editor.redos.length;
}

// Start a run in the worker and show it: the reply's maze, then its events as they come.
// `run` is the token the worker checks batches against (the player's next run id).
async function begin(type, args, kind = "generate") {
  const reply = await engine.call(type, { ...args, run: player.runId + 1 });
  player.load(kind, reply);
  ui.runId = (ui.runId || 0) + 1;
  ui.elapsed = 0;
  metrics.hide(); // the last maze's figures, until this run's arrive
  layout();
  return reply;
}

// Where the current maze came from, and the address bar after it: a generated maze's link
// (with its solve, when one ran), none for an imported or edited maze.
function setOrigin(origin = ui.origin) {
  ui.origin = origin;
  const solved = player.kind === "solve";
  const link = origin === "generated" ? linkOf(ui.ran.generate, solved ? ui.ran.solve : solveArgs(), solved) : "";
  history.replaceState(null, "", location.pathname + location.search + link);
}

const newSeed = () => { $("seed").value = String(Math.floor(Math.random() * 1e9)); };

// Busy while `work` runs: controls off, its error shown as the notice (prefixed).
async function busy(work, prefix = "") {
  if (!ui.catalogue || ui.busy) return false;
  ui.busy = true;
  refresh();
  try {
    await work();
    return true;
  } catch (err) {
    showNotice(prefix + err.message);
    return false;
  } finally {
    ui.busy = false;
    refresh();
  }
}

const generateArgs = () => ({ slug: ui.gen.select.value, seed: $("seed").value, options: ui.gen.options(),
  width: $("width").value, height: $("height").value });
const solveArgs = () => ({ slug: ui.sol.select.value, seed: $("seed").value, options: ui.sol.options() });

function start(kind) {
  return busy(async () => {
    const args = kind === "generate" ? generateArgs() : solveArgs();
    await begin(kind, args, kind);
    ui.ran = kind === "generate" ? { generate: args } : { ...ui.ran, solve: args };
    showNotice("");
    setOrigin(kind === "generate" ? "generated" : ui.origin);
    machine.send("start");
  });
}

// An imported maze becomes the current one, shown at its end; a parse error leaves all as it was.
function loadText(text) {
  return busy(async () => {
    await begin("load", { text });
    showNotice("");
    setOrigin("imported");
    machine.send("start");
  }, "Import failed: ");
}

// Play or edit mode on the current maze's final state (edit reads it as blocks); `fresh`
// generates a new maze from a new seed first (the play mode's "new maze").
function enterMode(mode, fresh = false) {
  if (mode === "watch") return machine.send("leave");
  if (!player.s) return false;
  return busy(async () => {
    if (fresh) {
      newSeed();
      const args = generateArgs();
      await begin("generate", args);
      ui.ran = { generate: args };
      setOrigin("generated");
    }
    await begin("current", { block: mode === "edit" });
    player.log.push(new Int32Array(0)); // a maze with no events: the run is over
    showNotice("");
    if (mode === "edit") {
      $("view").value = ui.view = "block";
      layout();
      // Back to the maze edited last (a solve in between): its undo history goes on.
      if (ui.origin === "edited" && ui.editor && ui.editor.s.wall.length === player.s.wall.length) ui.editor.s = player.s;
      else ui.editor = new Editor(player.s, renderer, commitEdit);
      ui.editor.brush = Number($("edit-brush").value);
      machine.send("edit");
    } else {
      // The walk starts at once; the engine measures the shortest route meanwhile (seconds on huge mazes).
      const walk = ui.walk = new Walk(player.s, null);
      machine.send("walk");
      engine.call("shortest").then(({ moves }) => { walk.shortest = moves; }, () => {});
    }
  });
}

// An edit stroke ended: the engine takes the edited maze (what Solve, export and play then use).
async function commitEdit() {
  const s = player.s;
  setOrigin("edited");
  try {
    await engine.call("setMaze", { width: s.width, height: s.height, wall: s.wall.slice(), start: s.start,
      goal: s.goals[0], weight: s.weight ? Uint8Array.from(s.weight) : null, run: player.runId });
  } catch (err) { showNotice(err.message); }
}

// An edit-mode action on the editor, when editing.
function editing(action) {
  if (machine.state === "editing" && !ui.busy) action(ui.editor);
}

function walkMove(direction) {
  if (machine.state !== "walking" || ui.busy) return;
  ui.walk.move(direction);
  $("message").textContent = ui.walk.message(); // now, not at the next frame: it is what was asked for
}

// A link's fragment sets the controls and rebuilds its maze (and solve); bad values only warn.
// Without a fragment the default maze is generated, at the default speed, so that the page
// opens on a maze being built rather than an empty box.
async function openLink() {
  ui.linked = true;
  const { problems, solve } = applyLink(location.hash, ui);
  if (await start("generate") && solve) await start("solve");
  if (problems.length) {
    const engineSaid = $("notice").hidden ? "" : ` ${$("notice-text").textContent}`;
    showNotice(`Some link values were ignored (defaults kept): ${problems.join("; ")}.${engineSaid}`);
  }
}

// A link pasted into the address bar of the open page (only the fragment changed) opens too.
window.addEventListener("hashchange", () => { if (ui.catalogue) openLink(); });

async function copyLink() {
  if (ui.origin !== "generated") {
    return showNotice("A link holds a generator's settings; an imported or edited maze needs an export instead.");
  }
  setOrigin();
  const url = location.href;
  try {
    await navigator.clipboard.writeText(url);
    showNotice("");
    ui.flash = { text: "Link copied.", until: performance.now() + 2500 };
  } catch {
    showNotice(`The clipboard is not available here; the link is in the address bar: ${url}`);
  }
}

// Random cell weights for the generated maze (what weighted solvers pay), shown as a grey tint.
async function randomWeights() {
  if (!player.s || ui.busy) return;
  ui.busy = true;
  try {
    const { weights } = await engine.call("weights", { seed: $("seed").value });
    player.s.weight = Int32Array.from(weights);
    player.s.allDirty = true;
    showNotice("");
  } catch (err) {
    showNotice(err.message);
  } finally {
    ui.busy = false;
    refresh();
  }
}

function layout() {
  if (player.s) $("board").style.setProperty("--aspect", `${player.s.width} / ${player.s.height}`);
  if (player.s) renderer.layout(player.s, ui.view, $("board").getBoundingClientRect());
}

async function move(action) {
  if (!player.log || ui.busy) return;
  if (machine.state === "running") machine.send("pause");
  ui.busy = true;
  try { await action(); } finally { ui.busy = false; }
  if (player.atEnd) machine.send("finish"); else machine.send("step");
  refresh();
}

const actions = {
  generate: () => start("generate"),
  solve: () => start("solve"),
  play: () => machine.send("play"),
  pause: () => machine.send("pause"),
  step: () => move(() => player.step()),
  back: () => move(() => player.back()),
  next: () => move(() => player.nextMilestone()),
  prev: () => move(() => player.prevMilestone()),
  reset: () => move(() => player.seek(0)),
  "random-weights": () => randomWeights(),
  "copy-link": () => copyLink(),
  "quick-generate": () => start("generate"),
  "quick-solve": () => start("solve"),
  "mode-watch": () => enterMode("watch"),
  "mode-play": () => enterMode("play"),
  "mode-edit": () => enterMode("edit"),
  "walk-reset": () => { if (ui.walk) ui.walk.reset(); },
  "walk-new": () => enterMode("play", true),
  "edit-clear": () => editing((ed) => ed.clear()),
  "edit-undo": () => editing((ed) => ed.undo()),
  "edit-redo": () => editing((ed) => ed.undo(true)),
  "new-seed": newSeed,
};
for (const [id, act] of Object.entries(actions)) $(id).addEventListener("click", act);
$("edit-brush").addEventListener("change", (e) => { if (ui.editor) ui.editor.brush = Number(e.target.value); });
$("view").addEventListener("change", (e) => { ui.view = e.target.value; layout(); });
$("speed").addEventListener("input", () => { $("speed-value").textContent = speedLabel(speedOf($("speed"))); });
$("speed-value").textContent = speedLabel(speedOf($("speed")));
new ResizeObserver(() => layout()).observe($("board"));

const WALK_KEYS = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right",
  w: "up", s: "down", a: "left", d: "right", W: "up", S: "down", A: "left", D: "right" };

document.addEventListener("keydown", (e) => {
  if (e.target.closest("input, select, textarea")) return;
  if (machine.state === "editing" && (e.ctrlKey || e.metaKey) && /^[zy]$/i.test(e.key)) {
    e.preventDefault();
    actions[e.key.toLowerCase() === "y" || e.shiftKey ? "edit-redo" : "edit-undo"]();
    return;
  }
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (machine.state === "walking" && (WALK_KEYS[e.key] || "rRnN".includes(e.key))) {
    e.preventDefault();
    if (WALK_KEYS[e.key]) walkMove(WALK_KEYS[e.key]);
    else actions[/r/i.test(e.key) ? "walk-reset" : "walk-new"]();
    return;
  }
  const mode = { p: "mode-play", e: "mode-edit", Escape: "mode-watch" }[e.key];
  if (mode && !$(mode).disabled) {
    e.preventDefault();
    actions[mode]();
    return;
  }
  const key = e.key === " " ? (machine.state === "running" ? "pause" : "play")
    : e.key === "ArrowRight" ? (e.shiftKey ? "next" : "step")
    : e.key === "ArrowLeft" ? (e.shiftKey ? "prev" : "back")
    : { g: "generate", s: "solve" }[e.key.toLowerCase()];
  const button = key && $(key);
  if (!button || button.disabled) return;
  e.preventDefault();
  actions[key]();
});

let last = performance.now();
function frame(now) {
  const dt = Math.min(0.25, (now - last) / 1000);
  last = now;
  if (machine.state === "running" && player.log) {
    player.play(dt, speedOf($("speed")));
    ui.elapsed += dt;
    if (player.atEnd) { machine.send("finish"); }
  }
  if (player.s) {
    const walking = machine.state === "walking";
    renderer.frame(walking || machine.state === "running" || machine.state === "paused");
    legend.update(player);
    $("stats").textContent = walking ? ui.walk.status()
      : machine.state === "editing" ? ui.editor.status() : stats(player, ui.elapsed);
    if (walking) $("message").textContent = ui.walk.message();
    else if (machine.state === "editing") $("message").textContent = "Editing: the solvers run on this maze.";
    else $("message").textContent = ui.flash && now < ui.flash.until ? ui.flash.text : describeNotes(player.s.notes);
    if (machine.state !== "running") refresh();
  }
  requestAnimationFrame(frame);
}
requestAnimationFrame(frame);

function snapshot() {
  const s = player.s;
  if (!s) return { state: machine.state };
  return {
    state: machine.state, kind: player.kind, width: s.width, height: s.height,
    geometry: s.geometry, start: s.start, goals: s.goals.slice(),
    wall: Array.from(s.wall), mark: Array.from(s.mark), num: Array.from(s.num),
    routeLength: Math.max(0, s.markCount[MARK.ROUTE] - 1), cursor: player.cursor, total: player.log.total,
    finished: player.log.finished, notes: s.notes.map((n) => n.slice()),
    waypoints: s.waypoints.map((w) => w.slice()), weight: s.weight ? Array.from(s.weight) : null,
    notice: $("notice").hidden ? "" : $("notice-text").textContent,
    message: $("message").textContent, origin: ui.origin,
    walk: machine.state === "walking" ? { pos: ui.walk.pos, moves: ui.walk.moves, trail: ui.walk.trail.slice(),
      shortest: ui.walk.shortest, atGoal: ui.walk.atGoal } : null,
  };
}

window.pymaze = Object.freeze({
  ready,
  get state() { return machine.state; },
  get catalogue() { return ui.catalogue; },
  get runs() { return player.runId; },
  progress: () => ({ cursor: player.cursor, total: player.log ? player.log.total : 0 }),
  snapshot,
  squareCentre: (p) => renderer.clientCentre(p),
  palette: () => paletteTable(),
  crashEngine: () => engine.call("crash"),
  streamHash: (args) => engine.call("streamHash", args).then((r) => r.hash),
});

$("notice-close").addEventListener("click", () => showNotice(""));
setupShare({ load: loadText, call: (type, args) => engine.call(type, args), notice: showNotice });

// Play mode on a touch screen (or with a mouse): a swipe moves that way, a tap moves one
// cell towards the tapped point.  Edit mode: press, drag and release paint walls or move S/G.
const board = $("board");
let swipe = null;
board.addEventListener("pointerdown", (e) => {
  if (machine.state === "walking") swipe = [e.clientX, e.clientY];
  else if (machine.state === "editing" && !ui.busy) {
    board.setPointerCapture(e.pointerId);
    ui.editor.down(e);
  } else return;
  e.preventDefault();
});
board.addEventListener("pointermove", (e) => {
  if (machine.state === "editing" && ui.editor.stroke) ui.editor.move(e);
});
board.addEventListener("pointerup", (e) => {
  if (machine.state === "editing") return ui.editor.up();
  if (machine.state !== "walking" || !swipe) return;
  let dx = e.clientX - swipe[0], dy = e.clientY - swipe[1];
  swipe = null;
  if (Math.hypot(dx, dy) < 16) [dx, dy] = ((c) => [e.clientX - c[0], e.clientY - c[1]])(renderer.clientCentre(ui.walk.pos));
  if (Math.max(Math.abs(dx), Math.abs(dy)) < 4) return;
  walkMove(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "right" : "left") : (dy > 0 ? "down" : "up"));
});
board.addEventListener("pointercancel", () => { swipe = null; if (ui.editor) ui.editor.up(); });

