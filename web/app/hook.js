// The page's read-only test hook (window.pymaze): the state of the board, the run and each mode,
// and a few calls the tests and benchmarks make (seek, fetch all, the engine's timings).
import { KIND_NAMES } from "../board/timeline.js";
import { paletteTable } from "../board/legend.js";
import { MARK } from "../engine/state.js";

// `page`: main.js's parts (the machine, player, renderer, engine, modes, panels and views).
export function exposeHook(page) {
  const { $, ui, machine, player, renderer, engine, modes, explainer, race, lab, code, insidePanel, animation,
    cellHistory, view3d, overview, seekTo, fetchAll, ready } = page;

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

  function bootTimes({ path, fallback, wasm, gunzipped, marks, resources }) {
    const s = (ms) => Math.round(ms - performance.timeOrigin) / 1000;
    return { path, fallback, wasm, gunzipped, marks: Object.fromEntries(Object.entries(marks).map(([k, v]) => [k, s(v)])),
      resources: resources.map((r) => ({ ...r, start: s(r.start), end: s(r.end) })) };
  }

  window.pymaze = Object.freeze({
    ready,
    get state() { return machine.state; },
    get view() { return machine.view; }, // watch, race, lab or code (machine.js)
    get catalogue() { return ui.catalogue; },
    get runs() { return player.loads; },
    // the first visit's generate and solve, until the solve has started (null after, or with a link)
    get intro() { return ui.intro; },
    // how the engine booted: path "snapshot" or "normal" (fallback: why not the snapshot), wasm "worker"
    // (the runtime compiled as it downloaded) or "Pyodide", gunzipped (the snapshot came so from sw.js's cache), and the
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
    heap: () => engine.call("heap"), // Pyodide's heap (bytes), the warm-up's runs done (warmed) of warmRuns
    // workers ended to give their memory back, and whether a fresh one is starting now
    engine: () => ({ recycles: engine.recycles, recycling: !!(engine.booting || engine.fresh), booting: !!engine.booting }),
    // the timeline: its milestones (event index, kind), snapshots and a seek (returns its ms)
    timeline: () => ({ ticks: Array.from(player.snaps.ticks), kinds: player.snaps.kinds.map((k) => KIND_NAMES[k]),
      k: player.snaps.k, built: player.snaps.built, snapshots: player.snaps.snaps.filter(Boolean).length,
      logBytes: player.log.size, encodedBytes: player.log.bytes, snapshotBytes: player.snaps.bytes,
      packings: player.snaps.snaps.filter(Boolean).map((c) => [c.wall[0], c.mark[0], c.num[0]]) }),
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
}
