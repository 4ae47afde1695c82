// The page: boots the engine, builds the controls, runs the animation loop,
// and exposes a small read-only test hook (window.pymaze).
import { AlgorithmPicker, speedLabel, speedOf } from "./controls.js";
import { Engine } from "./engine.js";
import { ENABLED, Machine } from "./machine.js";
import { Player } from "./player.js";
import { Renderer } from "./render.js";
import { setupShare } from "./share.js";
import { describeNotes, showNotice, stats } from "./status.js";

const $ = (id) => document.getElementById(id);
const ui = { gen: null, sol: null, catalogue: null, elapsed: 0, view: "thin", busy: false };
const machine = new Machine(refresh);
const renderer = new Renderer($("maze"), $("overlay"));
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
  },
  onFatal(message) { showNotice(message); machine.send("fail"); },
  onRestart(reason) {
    showNotice(`The engine stopped (${reason}); restarting it.`);
    $("loading").hidden = false;
    machine.send("crash");
  },
});
const player = new Player(engine);

function setup(catalogue) {
  ui.catalogue = catalogue;
  ui.gen = new AlgorithmPicker("generator", catalogue.generators, "dig");
  ui.sol = new AlgorithmPicker("solver", catalogue.solvers, "bfs");
  const weighted = () => { $("random-weights").hidden = !ui.sol.current.params.some((p) => p.name === "weights"); };
  ui.sol.select.addEventListener("change", weighted);
  weighted();
  $("version").textContent = `engine ${catalogue.version}`;
}

// The metrics panel: asked for once per run, when the run is done (textContent only).
const METRICS = [["cells", "cells"], ["dead ends", (m) => `${m.dead_ends} (${(100 * m.dead_end_share).toFixed(1)} %)`],
  ["junctions", "junctions"], ["corridors", "corridors"], ["longest straight", "longest_straight"],
  ["solution", (m) => (m.solution_length == null ? "no route" : `${m.solution_length} moves`)],
  ["routes", (m) => `${m.routes}${m.routes_capped ? "+" : ""}`], ["perfect", (m) => (m.perfect ? "yes" : "no")]];

async function showMetrics(run) {
  ui.metricsRun = run;
  try {
    const { metrics } = await engine.call("metrics", {});
    if (ui.runId !== run) return;
    const dl = $("metrics");
    dl.replaceChildren();
    for (const [label, key] of METRICS) {
      const dt = document.createElement("dt"), dd = document.createElement("dd");
      dt.textContent = label;
      dd.textContent = typeof key === "function" ? key(metrics) : String(metrics[key]);
      const pair = document.createElement("div");
      pair.append(dt, dd);
      dl.append(pair);
    }
    dl.hidden = false;
  } catch (err) { /* the next run asks again */ }
}

function refresh() {
  const st = machine.state;
  if (st === "done" && ui.metricsRun !== ui.runId) showMetrics(ui.runId);
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
}

async function start(kind) {
  if (!ui.catalogue || ui.busy) return;
  const pick = kind === "generate" ? ui.gen : ui.sol;
  const args = { slug: pick.select.value, seed: $("seed").value, options: pick.options() };
  if (kind === "generate") Object.assign(args, { width: $("width").value, height: $("height").value });
  ui.busy = true;
  refresh();
  try {
    const reply = await engine.call(kind, args);
    showNotice("");
    player.load(kind, reply);
    ui.runId = (ui.runId || 0) + 1;
    ui.elapsed = 0;
    layout();
    machine.send("start");
  } catch (err) {
    showNotice(err.message);
  } finally {
    ui.busy = false;
    refresh();
  }
}

// An imported maze becomes the current one, shown at its end; a parse error leaves all as it was.
async function loadText(text) {
  if (!ui.catalogue || ui.busy) return;
  ui.busy = true;
  refresh();
  try {
    const reply = await engine.call("load", { text });
    showNotice("");
    player.load("generate", reply);
    ui.runId = (ui.runId || 0) + 1;
    ui.elapsed = 0;
    layout();
    machine.send("start");
  } catch (err) {
    showNotice(`Import failed: ${err.message}`);
  } finally {
    ui.busy = false;
    refresh();
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
  "new-seed": () => { $("seed").value = String(Math.floor(Math.random() * 1e9)); },
};
for (const [id, act] of Object.entries(actions)) $(id).addEventListener("click", act);
$("view").addEventListener("change", (e) => { ui.view = e.target.value; layout(); });
$("speed").addEventListener("input", () => { $("speed-value").textContent = speedLabel(speedOf($("speed"))); });
$("speed-value").textContent = speedLabel(speedOf($("speed")));
new ResizeObserver(() => layout()).observe($("board"));

document.addEventListener("keydown", (e) => {
  if (e.target.closest("input, select, textarea") || e.ctrlKey || e.metaKey || e.altKey) return;
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
    renderer.frame(machine.state === "running" || machine.state === "paused");
    $("stats").textContent = stats(player, ui.elapsed);
    $("message").textContent = describeNotes(player.s.notes);
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
    routeLength: Math.max(0, s.markCount[5] - 1), cursor: player.cursor, total: player.log.total,
    finished: player.log.finished, notes: s.notes.map((n) => n.slice()),
    waypoints: s.waypoints.map((w) => w.slice()), weight: s.weight ? Array.from(s.weight) : null,
    notice: $("notice").hidden ? "" : $("notice-text").textContent,
  };
}

window.pymaze = Object.freeze({
  ready,
  get state() { return machine.state; },
  get catalogue() { return ui.catalogue; },
  get runs() { return player.runId; },
  progress: () => ({ cursor: player.cursor, total: player.log ? player.log.total : 0 }),
  snapshot,
  crashEngine: () => engine.call("crash"),
  streamHash: (args) => engine.call("streamHash", args).then((r) => r.hash),
});

$("notice-close").addEventListener("click", () => showNotice(""));
setupShare({ load: loadText, call: (type, args) => engine.call(type, args), notice: showNotice });
