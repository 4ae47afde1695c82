// The Lab: many mazes per generator measured with no animation (pymaze.lab in the engine), in a
// small pool of workers of its own (each worker.js with its own engine), so that the page and its
// engine stay free.  The mazes go out in chunks of seeds, one chunk per worker at a time; Cancel
// ends the pool's workers at once (the next run starts fresh ones).  States: idle, starting,
// running, done, canceled, failed.  The person's own algorithms (the Code mode's, "yours: NAME")
// are measured too: each worker registers the code first (it never runs by itself), their mazes go
// one per request, and one that raises, or runs past its time limit (what the Code mode allows a
// batch, per thousand cells), ends the lab with what happened, the pool's workers stopped.
import { Engine } from "../engine/engine.js";
import { Charts } from "./labcharts.js";

const CHUNK = 4;                 // mazes per request to a worker
const MAX_SIDE = 200, MAX_COUNT = 100000, MAX_SEED = 2 ** 32 - 1;
const DEFAULTS = ["dig", "kruskal", "wilson", "prim"];
const USER_MS = 2000;            // a maze of the person's own code may take this long per 1,000 cells

export const poolSize = () => Math.max(1, Math.min((navigator.hardwareConcurrency || 2) - 1, 4));

// One engine of the pool: ready resolves once its Python is up; stop() ends it for good.
// code: the person's code it has registered (a restarted worker has none).
function member() {
  let ok, fail;
  const ready = new Promise((res, rej) => { ok = res; fail = rej; });
  const m = { code: null };
  const engine = new Engine({ onStage() {}, onReady: () => ok(), onFatal: (msg) => fail(new Error(msg)),
    onRestart() { m.code = null; } });
  const stop = () => {
    engine.worker.terminate();
    for (const { reject } of engine.pending.values()) reject(new Error("canceled"));
    engine.pending.clear();
  };
  return Object.assign(m, { engine, ready, stop });
}

function whole(text, what, lo, hi) {
  const t = String(text).trim();
  if (!/^[0-9]{1,10}$/.test(t) || Number(t) < lo || Number(t) > hi) {
    throw new Error(`${what} must be a whole number from ${lo} to ${hi}; got "${t.slice(0, 20)}"`);
  }
  return Number(t);
}

// A request that runs the person's code: an error it raised names the maze (and leaves the engine
// usable: `kept`); past `limit` ms the request fails (and the pool must go: the worker is held).
function timed(call, where, limit) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`${where}: your code ran for ${limit / 1000} s without `
      + "finishing the maze, so the lab's workers were stopped (does a loop never end?)"), { stop: true })), limit);
  });
  return Promise.race([call, late])
    .catch((err) => { throw err.stop ? err : Object.assign(new Error(`${where}: ${err.message}`), { kept: true }); })
    .finally(() => clearTimeout(timer));
}

const seconds = (s) => (s < 90 ? `${Math.ceil(s)} s` : `${Math.round(s / 60)} min`);

export class Lab {
  // `openMaze({ slug, shape, width, height, seed })` shows a maze in Watch; `user()` is the
  // person's registered code and its algorithms: { code (null: none), algorithms }.
  constructor(root, { openMaze, user }) {
    this.$ = (id) => root.querySelector(`#${id}`);
    Object.assign(this, { root, openMaze, user, pool: null, job: null, state: "idle", done: 0, total: 0,
      records: [], summary: null, csv: "", message: "", config: null, catalogue: null });
    this.charts = new Charts(this.$("lab-hist"), this.$("lab-box"));
    this.$("lab-run").addEventListener("click", () => this.run());
    this.$("lab-cancel").addEventListener("click", () => this.cancel());
    this.$("lab-geometry").addEventListener("change", () => this.fitShape());
    this.$("lab-metric").addEventListener("change", () => this.show());
    this.$("lab-hardest-by").addEventListener("change", () => this.hardest());
    this.$("lab-csv").addEventListener("click", () => this.download("pymaze-lab.csv", this.csv, "text/csv"));
    this.$("lab-json").addEventListener("click", () => this.download("pymaze-lab.json",
      JSON.stringify({ records: this.records, summary: this.summary }, null, 1), "application/json"));
    this.$("lab-workers").textContent = String(poolSize());
  }

  // The catalogue fills the lists: a checkbox per generator and per solver.
  setup(catalogue) {
    if (this.catalogue) return;
    this.catalogue = catalogue;
    this.$("lab-generators").replaceChildren(...catalogue.generators.map((a) => this.box(a, DEFAULTS.includes(a.slug))));
    this.$("lab-solvers").replaceChildren(...catalogue.solvers.filter((a) => a.geometries.includes("thin"))
      .map((a) => this.box(a, false)));
    this.open();
  }

  box(a, checked, own = false) {
    const label = document.createElement("label");
    const box = document.createElement("input");
    Object.assign(box, { type: "checkbox", value: a.slug, checked });
    box.dataset.shapes = a.shapes.join(" ");
    label.title = a.summary || a.name;
    label.append(box, own ? ` yours: ${a.name}` : ` ${a.name}`);
    if (own) label.classList.add("yours");
    return label;
  }

  // The lab shown: the lists gain the algorithms of the code registered now (and lose older ones).
  open() {
    if (!this.catalogue) return;
    const { algorithms } = this.user();
    for (const [id, family] of [["lab-generators", "generator"], ["lab-solvers", "solver"]]) {
      const list = this.$(id), was = new Set([...list.querySelectorAll(".yours input:checked")].map((b) => b.value));
      list.querySelectorAll(".yours").forEach((l) => l.remove());
      list.append(...algorithms.filter((a) => a.family === family).map((a) => this.box(a, was.has(a.slug), true)));
    }
    this.fitShape();
  }

  // Only the algorithms that take the chosen shape can be ticked.
  fitShape() {
    const shape = this.$("lab-geometry").value;
    this.$("lab-depth-label").hidden = shape !== "levels"; // (levels: how many, each width x height)
    for (const box of this.root.querySelectorAll("#lab-generators input, #lab-solvers input")) {
      box.disabled = !box.dataset.shapes.split(" ").includes(shape);
      if (box.disabled) box.checked = false;
      box.parentElement.classList.toggle("off", box.disabled);
    }
  }

  read() {
    const ticked = (id) => [...this.root.querySelectorAll(`#${id} input:checked`)].map((b) => b.value);
    const generators = ticked("lab-generators");
    if (!generators.length) throw new Error("tick at least one generator");
    return { generators, solvers: ticked("lab-solvers"), shape: this.$("lab-geometry").value,
      width: whole(this.$("lab-width").value, "width", 2, MAX_SIDE),
      height: whole(this.$("lab-height").value, "height", 2, MAX_SIDE),
      depth: this.$("lab-geometry").value === "levels" ? whole(this.$("lab-depth").value, "depth", 1, MAX_SIDE) : null,
      count: whole(this.$("lab-count").value, "mazes per generator", 1, MAX_COUNT),
      seed: whole(this.$("lab-seed").value, "first seed", 0, MAX_SEED) };
  }

  async run() {
    if (this.job) return;
    this.open();
    let config;
    const { code, algorithms } = this.user(), own = new Set(algorithms.map((a) => a.slug));
    try {
      config = this.read();
      if (config.seed + config.count - 1 > MAX_SEED) throw new Error(`the seeds pass the largest seed ${MAX_SEED}`);
    } catch (err) { return this.set("failed", err.message); }
    const userSolver = config.solvers.some((s) => own.has(s));
    const cells = (config.shape === "polar" ? config.width * config.height * 4 : config.width * config.height) * (config.depth || 1);
    const tasks = [];
    for (const generator of config.generators) {
      const user = userSolver || own.has(generator), chunk = user ? 1 : CHUNK;
      for (let s = config.seed; s < config.seed + config.count; s += chunk) {
        tasks.push({ generator, user, seeds: Array.from({ length: Math.min(chunk, config.seed + config.count - s) }, (_, i) => s + i) });
      }
    }
    const named = (slug) => (own.has(slug) ? `yours: ${algorithms.find((a) => a.slug === slug).name}` : slug);
    const limit = USER_MS * Math.max(1, Math.ceil(cells / 1000)) * (1 + config.solvers.length);
    const job = this.job = { cancelled: false, start: null };
    Object.assign(this, { config, done: 0, total: config.generators.length * config.count, records: [], summary: null, csv: "" });
    this.charts.clear();
    this.set("starting", `starting ${poolSize()} worker${poolSize() > 1 ? "s" : ""}…`);
    if (!this.pool) this.pool = Array.from({ length: poolSize() }, member);
    const results = new Array(tasks.length);
    let next = 0;
    const work = async (m) => {
      const { engine, ready } = m;
      await ready;
      if (own.size && m.code !== code) { // the person's code, registered (raising at once in its runs)
        const reply = await engine.call("register", { code, defer: false });
        if (reply.error) throw new Error(`your code did not load (line ${reply.error.line}): ${reply.error.message}`);
        m.code = code;
      }
      if (job.start === null) { job.start = performance.now(); this.set("running", this.left()); }
      while (next < tasks.length && !job.cancelled) {
        const i = next++, { generator, seeds, user } = tasks[i];
        const call = engine.call("labChunk", { generator, seeds, solvers: config.solvers.join(","),
          shape: config.shape, width: config.width, height: config.height, depth: config.depth });
        const { records } = await (user ? timed(call, `${named(generator)}, seed ${seeds[0]}`, limit) : call);
        if (job.cancelled) return;
        results[i] = records;
        this.done += records.length;
        this.set("running", this.left());
      }
    };
    try {
      await Promise.all(this.pool.map(work));
      if (job.cancelled) return;
      this.records = results.flat();
      const { report } = await this.pool[0].engine.call("labReport", { records: this.records });
      if (job.cancelled) return;
      Object.assign(this, { summary: report.summary, csv: report.csv });
      const took = (performance.now() - job.start) / 1000;
      this.set("done", `${this.total} mazes in ${took.toFixed(1)} s (${(this.total / took).toFixed(1)} mazes/s)`);
      this.results();
    } catch (err) {
      if (!job.cancelled) {
        job.cancelled = true; // the other workers take no more mazes
        // Code that never returns holds its worker: the pool goes (the next run starts fresh ones);
        // an error the person's code raised in Python leaves the engines usable.
        if (!err.kept) this.stopPool();
        this.set("failed", err.message);
      }
    } finally {
      if (this.job === job) this.job = null;
    }
  }

  left() {
    const spent = (performance.now() - this.job.start) / 1000;
    const rest = this.done ? ((this.total - this.done) * spent) / this.done : null;
    return `${this.done} of ${this.total} mazes` + (rest === null ? "" : ` · about ${seconds(rest)} left`);
  }

  // Cancel: the pool's workers end now, whatever they were measuring; the page's engine goes on.
  cancel() {
    if (!this.job) return;
    this.job.cancelled = true;
    this.job = null;
    this.stopPool();
    this.set("canceled", `canceled after ${this.done} of ${this.total} mazes`);
  }

  stopPool() {
    for (const m of this.pool || []) m.stop();
    this.pool = null;
  }

  set(state, message) {
    this.state = state;
    this.message = message;
    const busy = state === "starting" || state === "running";
    this.$("lab-run").disabled = busy;
    this.$("lab-cancel").disabled = !busy;
    this.$("lab-progress").value = this.total ? this.done / this.total : 0;
    this.$("lab-status").textContent = message;
    this.$("lab-status").classList.toggle("error", state === "failed");
    this.$("lab-results").hidden = state !== "done";
  }

  // The results: the metric chooser, charts, table and the hardest mazes.
  results() {
    const metric = this.$("lab-metric"), by = this.$("lab-hardest-by");
    const names = Object.keys(Object.values(this.summary)[0]).filter((k) => k !== "mazes");
    const keep = metric.value;
    metric.replaceChildren(...names.map((n) => new Option(n.replace(/_/g, " "), n)));
    metric.value = names.includes(keep) ? keep : "dead_end_share";
    by.replaceChildren(...["solution_length", "diameter", ...this.config.solvers.map((s) => `${s}_visited`)]
      .map((n) => new Option(n.replace(/_/g, " "), n)));
    this.show();
    this.hardest();
  }

  show() {
    if (!this.summary) return;
    const name = this.$("lab-metric").value;
    const names = (slug) => this.nameOf(slug);
    this.charts.draw(this.records, this.summary, name, names);
    this.charts.table(this.$("lab-table"), this.summary, name, names);
  }

  // An algorithm's short name (the person's own: "yours: …"); the slug for one no longer known.
  nameOf(slug) {
    const all = [...this.catalogue.generators, ...this.catalogue.solvers], own = this.user().algorithms;
    const mine = own.find((a) => a.slug === slug);
    const a = all.find((x) => x.slug === slug);
    return mine ? `yours: ${mine.name}` : a ? a.short || a.name : slug;
  }

  // Hardest of N: the five mazes with the most of the chosen figure, each one click from Watch.
  hardest() {
    const key = this.$("lab-hardest-by").value;
    const top = this.records.filter((r) => r[key] != null).sort((a, b) => b[key] - a[key] || a.seed - b.seed).slice(0, 5);
    this.$("lab-hardest").replaceChildren(...top.map((r, i) => {
      const li = document.createElement("li");
      const open = document.createElement("button");
      Object.assign(open, { type: "button", textContent: "Open in Watch", title: "Generate this maze on the board" });
      open.dataset.rank = String(i);
      open.addEventListener("click", () => this.openMaze({ slug: r.algorithm, shape: this.config.shape, width: r.width, height: r.height, seed: r.seed, depth: r.depth }));
      li.append(`${this.nameOf(r.algorithm)}, seed ${r.seed}: ${key.replace(/_/g, " ")} ${r[key]}`, open);
      return li;
    }));
  }

  download(name, text, type) {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([text], { type }));
    a.download = name;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  snapshot() {
    return { state: this.state, done: this.done, total: this.total, message: this.message, workers: poolSize(),
      records: this.records, summary: this.summary, csv: this.csv };
  }
}
