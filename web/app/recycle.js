// Giving the engine's memory back: Pyodide's heap never shrinks, so after a big run the page,
// which holds the run, ends its worker and has a fresh one boot in its place and take the current maze over.
import { fmt } from "../board/status.js";

// Pyodide's heap (MB) above which a run's worker is ended once the page holds all of the run, and a
// fresh one takes its place (?recycle=MB sets it: 0 after every run).
const RECYCLE_MB = Number(new URLSearchParams(location.search).get("recycle") ?? 256);

// `page`: main.js's parts (ui, the machine, the player, the engine, the Code mode).
export function makeRecycler(page) {
  const { ui, machine, player, engine, code } = page;

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
  // RECYCLE_MB, the worker is ended and a fresh one boots in its place, given the current maze (kept
  // by keepBase), the generate that made it and the solve shown (to replay them, or export the route).
  async function recycle() {
    const base = ui.base, s = player.s, log = player.log;
    const phase = () => (player.deferred ? "deferred" : log && log.finished && log.total ? "held" : "");
    const key = `${player.loads}:${phase()}`, loads = player.loads, source = ui.source.slice();
    if (!phase() || ui.recycleChecked === key || engine.booting || engine.fresh || engine.owed || engine.pending.size || machine.busy ||
      !["done", "paused"].includes(machine.state) || machine.view === "race" || machine.view === "code" || !base || source[0] !== base.source ||
      source.slice(1).some(([t]) => t !== "solve" && t !== "finish") || s.weight || player.header.source === "yours.py" ||
      (player.kind === "generate" && base.loads !== loads)) return;
    ui.recycleChecked = key;
    const { bytes } = await engine.call("heap");
    const same = () => loads === player.loads && `${loads}:${phase()}` === key && !machine.busy && ui.source.length === source.length &&
      ["done", "paused"].includes(machine.state) && machine.view !== "code" && machine.view !== "race";
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

  // What the message line says while a fresh engine boots (in the place of the one ended) or takes over.
  const recycling = () => (engine.fresh ? "A fresh engine is taking the maze over; a new run waits for it."
    : `Giving the engine's ${fmt(Math.round(ui.freed / 2 ** 20))} MB back: a fresh engine is starting in its place` +
      `${engine.stage && engine.stage !== "ready" ? ` (${engine.stage})` : ""}; the maze and its steps stay here.`);

  return { keepBase, recycle, recycling };
}
