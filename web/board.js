// <pymaze-board>: one stepped run of the page, embedded anywhere on the site's origin.
//
//   <script type="module" src="https://where.the.site.is/board.js"></script>
//   <pymaze-board link="#gen=dig&w=16&h=10&seed=1&sol=bfs&run=solve" tick="40"></pymaze-board>
//
// `link` is the page's link (its fragment, or the whole address); `tick` the event shown first (the
// run's end when absent; the link's own `tick` key works too).  A link with run=solve shows the
// solve (on the maze its generate made), any other the generate.  Each board has its own small
// transport (back, play, step, a scrubber) and its own copy of the run: the events are fetched once
// from one engine (the page's worker, shared by every board of the document, one board at a time)
// and then stepped here, drawn by the page's renderer (render.js) and player (player.js).  The site's
// service worker is registered too, so that a page under the site's folder works offline once seen.
import { Engine } from "./engine/engine.js";
import { keepOffline } from "./io/offline.js";
import { Player } from "./board/player.js";
import { Renderer } from "./board/render.js";
import { adoptVocabulary } from "./engine/state.js";

const MAX_SEED = 2 ** 32 - 1;
const WHOLE = /^\d{1,10}$/;
const NUMBER = /^-?\d{1,12}(\.\d{1,12})?$/;
const PLAY_SECONDS = 6; // a whole run plays in about this long

// The engine every board of the document shares, started by the first board; `ready` resolves to
// its catalogue.  Boards take turns (`exclusive`): the engine holds one current run at a time.
let shared = null;
function engine() {
  if (shared) return shared;
  let ready, failed;
  const promise = new Promise((res, rej) => { ready = res; failed = rej; });
  promise.catch(() => {});
  const e = new Engine({
    onStage: () => {},
    onReady: (data) => { adoptVocabulary(data.catalogue.events); ready(data.catalogue); },
    onFatal: (message) => failed(new Error(message)),
    onRestart: () => {},
  });
  let queue = Promise.resolve();
  const exclusive = (work) => {
    const turn = queue.then(work);
    queue = turn.catch(() => {});
    return turn;
  };
  shared = { engine: e, ready: promise, exclusive };
  keepOffline();
  return shared;
}

// A link's fragment as the engine's arguments; throws an Error naming the first bad value.
export function parseLink(link, catalogue) {
  const hash = String(link || "").includes("#") ? String(link).slice(String(link).indexOf("#") + 1) : String(link || "");
  if (hash.length > 4096) throw new Error("the link is too long");
  const params = new URLSearchParams(hash);
  const find = (family, slug) => {
    const a = catalogue[family].find((x) => x.slug === slug);
    if (!a) throw new Error(`unknown ${family === "generators" ? "generator" : "solver"} "${String(slug).slice(0, 24)}"`);
    return a;
  };
  const options = (algo, prefix) => {
    const out = {};
    for (const [k, v] of params) {
      if (!k.startsWith(prefix)) continue;
      const name = k.slice(prefix.length), p = algo.params.find((q) => q.name === name);
      if (!p) throw new Error(`${algo.slug} has no option "${name.slice(0, 24)}"`);
      if (p.type === "bool") {
        if (v !== "true" && v !== "false") throw new Error(`${name} must be true or false`);
        out[name] = v === "true";
      } else if (p.type === "choice") {
        const i = p.choices.map(String).indexOf(v);
        if (i < 0) throw new Error(`${name} must be one of ${p.choices.join(", ")}`);
        out[name] = p.choices[i];
      } else if (p.type === "list") {
        out[name] = v; // (the engine checks what the list says)
      } else {
        if (!NUMBER.test(v) || (p.type === "int" && !Number.isInteger(Number(v)))) throw new Error(`${name} must be a number`);
        out[name] = Number(v);
      }
    }
    return out;
  };
  const whole = (key, lo, hi, fallback) => {
    const v = params.get(key);
    if (v === null) return fallback;
    if (!WHOLE.test(v) || Number(v) < lo || Number(v) > hi) throw new Error(`${key} must be a whole number from ${lo} to ${hi}`);
    return Number(v);
  };
  const gen = find("generators", params.get("gen") ?? "dig");
  const mask = params.get("mask"), islands = params.get("islands") === "join" ? "join" : "error";
  const generate = {
    slug: gen.slug, options: options(gen, "g."), shape: params.get("shape") ?? "square",
    width: whole("w", gen.min_size, catalogue.max_size, 20), height: whole("h", gen.min_size, catalogue.max_size, 12),
    seed: whole("seed", 0, MAX_SEED, 0),
    mask: mask === null ? null : /^[X.]+(\/[X.]+)*$/.test(mask) ? { text: mask.split("/").join("\n"), islands }
      : { preset: mask, islands },
  };
  const solving = params.get("run") === "solve";
  const sol = solving ? find("solvers", params.get("sol") ?? "bfs") : null;
  const solve = sol && { slug: sol.slug, seed: generate.seed, options: options(sol, "s.") };
  const view = params.get("view") === "block" ? "block" : "thin";
  const tick = params.has("tick") ? whole("tick", 0, 2 ** 31 - 1, 0) : null;
  return { generate, solve, view, tick };
}

const STYLE = `
:host { display: block; font: 14px/1.4 system-ui, sans-serif; color: #0f172a; max-width: 100%; }
:host([hidden]) { display: none; }
.frame { border: 1px solid #cbd5e1; border-radius: 8px; background: #f8fafc; overflow: hidden; }
.title { padding: 4px 10px; font-size: 13px; color: #334155; display: flex; gap: 8px; align-items: baseline; }
.title a { margin-left: auto; color: #2563eb; }
.view { position: relative; width: 100%; aspect-ratio: 4 / 3; max-height: 80vh; background: #e2e8f0; }
.view canvas { position: absolute; left: 50%; top: 50%; transform: translate(-50%, -50%); }
.view canvas + canvas { pointer-events: none; }
.bar { display: flex; gap: 6px; align-items: center; padding: 6px 8px; flex-wrap: wrap; }
.bar button { min-width: 40px; min-height: 36px; font: inherit; border: 1px solid #94a3b8; border-radius: 6px; background: #fff; cursor: pointer; }
.bar button:disabled { opacity: 0.5; cursor: default; }
.bar input[type=range] { flex: 1 1 120px; min-width: 100px; }
.count { font-variant-numeric: tabular-nums; min-width: 9ch; text-align: right; color: #334155; }
.notice { margin: 0; padding: 6px 10px; background: #fef2f2; color: #991b1b; }
.notice[hidden] { display: none; }
`;

export class PymazeBoard extends HTMLElement {
  static observedAttributes = ["link", "tick"];

  constructor() {
    super();
    const root = this.attachShadow({ mode: "open" });
    root.innerHTML = `<style>${STYLE}</style><div class="frame" part="frame">
      <div class="title" part="title"><span class="what">loading the engine…</span><a class="open" target="_blank" rel="noopener">open in pymaze</a></div>
      <div class="view" part="board"><canvas class="maze"></canvas><canvas class="overlay"></canvas></div>
      <p class="notice" role="alert" hidden></p>
      <div class="bar" part="transport">
        <button class="back" type="button" title="Step back (←)" aria-label="step back" disabled>◀</button>
        <button class="play" type="button" title="Play or pause (space)" aria-label="play" disabled>▶</button>
        <button class="step" type="button" title="Step (→)" aria-label="step" disabled>▶|</button>
        <input class="scrub" type="range" min="0" max="0" value="0" aria-label="event" disabled>
        <span class="count" aria-live="off">0 / 0</span>
      </div></div>`;
    this.$ = (sel) => root.querySelector(sel);
    this.player = null;
    this.renderer = new Renderer(this.$(".maze"), this.$(".overlay"));
    this.playing = false;
    this.loaded = 0;
    this.ready = new Promise((res) => { this.resolveReady = res; });
    this.$(".back").addEventListener("click", () => this.back());
    this.$(".step").addEventListener("click", () => this.step());
    this.$(".play").addEventListener("click", () => (this.playing ? this.pause() : this.play()));
    this.$(".scrub").addEventListener("input", (e) => { this.pause(); this.seek(Number(e.target.value)); });
    this.addEventListener("keydown", (e) => {
      const act = { ArrowRight: () => this.step(), ArrowLeft: () => this.back(), " ": () => this.$(".play").click() }[e.key];
      if (act && e.target === this) { e.preventDefault(); act(); }
    });
    new ResizeObserver(() => this.layout()).observe(this.$(".view"));
  }

  connectedCallback() {
    if (!this.hasAttribute("tabindex")) this.tabIndex = 0; // (not in the constructor: createElement forbids attributes there)
    if (!this.loaded) this.load();
  }

  attributeChangedCallback(name, old, value) {
    if (!this.isConnected || old === value) return;
    if (name === "link") this.load();
    else if (this.player && value !== null) this.seek(Number(value));
  }

  // The run of the link, fetched whole (one board at a time), then shown at the tick.
  async load() {
    const mine = ++this.loaded, { engine: e, ready, exclusive } = engine();
    this.pause();
    this.showNotice("");
    try {
      const catalogue = await ready;
      const args = parseLink(this.getAttribute("link"), catalogue);
      const player = await exclusive(async () => {
        const p = new Player(e);
        p.load("generate", await e.call("generate", args.generate));
        await p.fetchAll();
        if (args.solve) {
          p.load("solve", await e.call("solve", args.solve));
          await p.fetchAll();
        }
        return p;
      });
      if (mine !== this.loaded) return;
      this.player = player;
      this.view = args.view;
      const g = args.generate, s = player.s;
      this.$(".what").textContent = `${g.slug}${args.solve ? ` · ${args.solve.slug}` : ""} · ${g.width}×${g.height}` +
        `${g.shape !== "square" ? ` ${g.shape}` : ""} · seed ${g.seed}`;
      this.$(".open").href = new URL(`./#${String(this.getAttribute("link")).split("#").pop()}`, import.meta.url).href;
      const [x0, y0, x1, y1] = s.shapes ? s.shapes.bounds : [0, 0, s.width, s.height];
      this.$(".view").style.aspectRatio = `${Math.max(0.5, Math.min(3, (x1 - x0) / (y1 - y0)))}`;
      const total = player.log.total, attr = this.getAttribute("tick");
      const tick = attr !== null && WHOLE.test(attr) ? Number(attr) : args.tick ?? total;
      this.$(".scrub").max = String(total);
      for (const b of this.shadowRoot.querySelectorAll("button, input")) b.disabled = false;
      player.seek(tick);
      this.layout();
      this.resolveReady(this);
    } catch (err) {
      if (mine !== this.loaded) return;
      this.$(".what").textContent = "no run";
      this.showNotice(`pymaze-board: ${err.message}`);
      this.resolveReady(this);
    }
  }

  showNotice(text) { const n = this.$(".notice"); n.textContent = text; n.hidden = !text; }

  get tick() { return this.player ? this.player.cursor : 0; }
  get total() { return this.player ? this.player.log.total : 0; }

  seek(k) {
    if (!this.player) return;
    this.player.seek(Math.max(0, Math.min(this.total, Math.floor(k) || 0)));
    this.draw();
  }

  step() { this.pause(); this.seek(this.tick + 1); }
  back() { this.pause(); this.seek(this.tick - 1); }

  play() {
    if (!this.player || this.playing) return;
    if (this.tick >= this.total) this.player.seek(0);
    this.playing = true;
    this.$(".play").textContent = "❚❚";
    this.$(".play").setAttribute("aria-label", "pause");
    const eps = Math.max(20, this.total / PLAY_SECONDS);
    let last = performance.now(), carry = 0;
    const frame = (now) => {
      if (!this.playing) return;
      carry += (eps * Math.min(0.1, (now - last) / 1000));
      last = now;
      const n = Math.floor(carry);
      carry -= n;
      if (n) this.seek(this.tick + n);
      if (this.tick >= this.total) this.pause();
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }

  pause() {
    if (!this.playing) return;
    this.playing = false;
    this.$(".play").textContent = "▶";
    this.$(".play").setAttribute("aria-label", "play");
    this.draw();
  }

  layout() {
    if (!this.player) return;
    const box = this.$(".view").getBoundingClientRect();
    if (box.width < 1 || box.height < 1) return;
    this.renderer.layout(this.player.s, this.view, box);
    this.draw();
  }

  // Paint what changed; a full repaint of a large maze takes a few frames.
  draw() {
    const r = this.renderer;
    if (!this.player || !r.s) return;
    this.$(".scrub").value = String(this.tick);
    this.$(".count").textContent = `${this.tick} / ${this.total}`;
    r.frame(this.tick < this.total);
    if (r.sweep < r.sweepEnd && !this.painting) {
      this.painting = true;
      requestAnimationFrame(() => { this.painting = false; this.draw(); });
    }
    this.dispatchEvent(new CustomEvent("tick", { detail: { tick: this.tick, total: this.total } }));
  }

  // The board's layers now (tests compare them with the engine's maze).
  snapshot() {
    const s = this.player && this.player.s;
    return s && { tick: this.tick, total: this.total, wall: Array.from(s.wall), mark: Array.from(s.mark),
      num: Array.from(s.num), start: s.start, goals: s.goals.slice(), route: s.route.slice() };
  }
}

if (!customElements.get("pymaze-board")) customElements.define("pymaze-board", PymazeBoard);
