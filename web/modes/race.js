// The Race view: 2 to 4 solvers on one maze (or 2 to 4 generators at one size, seed and geometry),
// each on its own board (its own state, event log and canvas: player.js and render.js), in
// lockstep: a tick moves every racer past its next milestone (a cell expanded, a square of the
// route drawn, a passage opened), so the boards compare work, not wall-clock time.  The engine
// runs the racers in the page's worker (pymaze.web.race), apart from the Watch view's run.  Races
// run on every shape (hex, triangle and polar boards share the race's drawing: shapes.js) and mask;
// each racer may carry its own options; the person's own algorithms (the Code mode's) race too, and
// a link names them as "yours:SLUG" (their code never comes from a race link: it must be registered).
import { withLang } from "./explain.js";
import { Legend } from "../board/legend.js";
import { Player } from "../board/player.js";
import { Renderer } from "../board/render.js";
import { ShapeView } from "../board/shapes.js";
import { BITS, MARK, NOTE, OP } from "../engine/state.js";
import { describeNotes, fmt } from "../board/status.js";

const el = (tag, cls, text) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
};
const BATCH = 20000; // events fetched per request
const MAX_TICK = 1e9;
const FAMILY = { solve: "solvers", generate: "generators" };
const DEFAULTS = { solve: ["astar", "bfs", "greedy"], generate: ["kruskal", "dig", "wilson"] };
const PLACE = ["1st", "2nd", "3rd", "4th"];
const YOURS = "yours:"; // a link's mark on the slug of an algorithm of the person's own code
// What each number on a board means (shown under the boards).
const HELP = {
  solve: [["tick", "each tick every racer does one milestone: expands one cell, or draws one square of its route"],
    ["visited", "cells expanded so far: taken off the frontier and looked around (the work done)"],
    ["frontier", "cells found but not expanded yet, waiting in the queue"],
    ["route", "moves of the route from S to G, once found (the shortest is given above)"],
    ["cost", "what the route costs: its moves, or with weights or diagonal steps their sum"]],
  generate: [["tick", "each tick every racer does one milestone: joins one cell to the maze (or opens one passage)"],
    ["opened", "squares of wall opened so far: passages, and cells too where a generator starts from solid rock (negative: walls built)"],
    ["events", "cell changes so far, milestones included: the work behind the milestones"]],
};
const optionText = (o) => Object.entries(o).map(([k, v]) => `${k.replace(/_/g, " ")} ${v}`).join(", ");
const ratio = (a, b) => (b ? (a / b).toFixed(1) : "∞");

// One racer: a Player over the race's run `header.run`, its milestones, first visits and board.
class Racer {
  constructor(engine, reply, algorithm, index, shapes, user) {
    this.algorithm = algorithm;
    this.name = user ? `yours: ${algorithm.name}` : algorithm.short || algorithm.name;
    this.player = new Player({ batch: (run, n) => engine.call("raceBatch", { run, n, user }) });
    this.player.shapes = shapes; // one drawing for every board of a hex, triangle or polar race
    this.player.load(reply.header.kind === "solver" ? "solve" : "generate", { ...reply, drawing: null });
    this.index = index;
    this.ms = []; // the cursor after each milestone
    this.firsts = []; // the cursor after each square's first visit, in order
    this.seen = new Uint8Array(reply.wall.length);
    this.scanned = 0; // events read
    this.shortest = reply.header.shortest;
  }

  get log() { return this.player.log; }
  get s() { return this.player.s; }
  get done() { return this.log.finished && this.scanned === this.log.total; }
  // The tick at which this racer ends (unknown, Infinity, until its last event is fetched).
  get finish() { return this.done ? Math.max(1, this.ms.length) : Infinity; }
  ready(t) { return this.done || this.ms.length > t; }

  // The cursor after `t` ticks: just after its t-th milestone, and its whole run from its last one.
  at(t) {
    if (t <= 0) return 0;
    if (this.done && t >= this.ms.length) return this.log.total;
    return this.ms[t - 1];
  }

  // Read the chunks that arrived: where the milestones are, when squares were first visited.
  scan() {
    const log = this.log;
    for (const [ev, base] of log.segments(this.scanned)) {
      for (let j = 4 * (this.scanned - base), i = this.scanned; j < ev.length; j += 4, i++) {
        if (ev[j] & BITS.MILESTONE) this.ms.push(i + 1);
        const v = ev[j + 3], p = ev[j + 1];
        if ((ev[j] & BITS.OP_MASK) === OP.MARK && (v === MARK.VISITED || v === MARK.VISITED2) && !this.seen[p]) {
          this.seen[p] = 1;
          this.firsts.push(i + 1);
        }
      }
      this.scanned = base + (ev.length >> 2);
    }
  }

  // Fetch events until tick `t` can be shown (Infinity: the whole run).
  async fetch(t) {
    while (!this.ready(t)) {
      if (!this.fetching) {
        this.fetching = this.player.ensure(this.log.total + BATCH).finally(() => { this.fetching = null; });
      }
      await this.fetching;
      this.scan();
    }
  }

  // Distinct squares visited up to the cursor.
  get visited() {
    const c = this.player.cursor, f = this.firsts;
    let lo = 0, hi = f.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (f[mid] <= c) lo = mid + 1; else hi = mid; }
    return lo;
  }

  note(code) { const n = this.s.notes.find((x) => x[0] === code); return n ? n[1] : null; }
  get found() { return this.note(NOTE.FOUND); }

  // The board's live numbers: [label, value] pairs.
  counts() {
    const s = this.s, c = s.markCount;
    if (this.player.kind !== "solve") {
      return [["opened", s.opened >= 0 ? fmt(s.opened) : `−${fmt(-s.opened)}`], ["events", fmt(this.player.cursor)]];
    }
    const route = c[MARK.ROUTE] > 0 ? c[MARK.ROUTE] - 1 : null, cost = this.note(NOTE.COST);
    const found = this.found;
    return [["visited", fmt(this.visited)], ["frontier", fmt(c[MARK.FRONTIER] + c[MARK.FRONTIER2] + c[MARK.JUMP])],
      ["route", route === null ? "–" : fmt(route)],
      ["cost", cost !== null ? fmt(cost / 1000) : found !== null ? fmt(found) : "–"]];
  }
}

export class Race {
  // host: { engine, catalogue(), gen() (the Generate panel's arguments), view(), notice(text),
  //   link(gen, keys) (the address bar: the maze's link with the race's keys), example(),
  //   user() (the algorithms of the person's code registered now), openCode() (the Code mode),
//   field(param) (an option's labelled input and its reader, app/controls.js) }
  constructor(box, host) {
    Object.assign(this, { box, host, racers: [], tick: 0, running: false, active: false, serial: 0, carry: 0,
      started: 0 }); // started: races shown so far
    this.build();
    this.last = performance.now();
    requestAnimationFrame((now) => this.frame(now));
    new ResizeObserver(() => this.layout()).observe(this.boards);
  }

  // The view's controls: family, racers, start, transport and speed; boards, summary, legend, help.
  build() {
    const b = this.box, setup = el("div", "race-setup");
    this.family = el("select");
    this.family.id = "race-family";
    for (const [v, t] of Object.entries(FAMILY)) this.family.add(new Option(t, v));
    this.family.addEventListener("change", () => this.fill());
    const fam = el("label", "inline", "Race ");
    fam.append(this.family);
    this.pickers = el("span", "race-pickers");
    this.startButton = this.button("race-start", "Start race", "Run the chosen racers on the same maze", () => this.startChosen());
    this.startButton.classList.add("primary");
    this.example = this.button("race-example", "Example: A*, BFS, greedy on a loopy 60×40 maze",
      "A dig maze with a fifth of its walls opened, raced by three solvers", () => this.host.example());
    setup.append(fam, this.pickers, this.startButton, this.example);
    this.mazeLine = el("p", "race-maze hint");
    const bar = el("div", "race-transport");
    this.playButton = this.button("race-play", "▶ Run", "Run the race (space)", () => this.toggle());
    bar.append(this.playButton,
      this.button("race-prev", "◀◀ Previous finish", "Back to the previous racer's finish (shift+←)", () => this.jump(-1)),
      this.button("race-back", "◀ Back", "Every racer one milestone back (←)", () => this.go(this.tick - 1)),
      this.button("race-step", "Step ▶", "Every racer one milestone on (→)", () => this.go(this.tick + 1)),
      this.button("race-next", "Next finish ▶▶", "On to the next racer's finish (shift+→)", () => this.jump(1)),
      this.button("race-reset", "Reset", "Back to the start", () => this.go(0)));
    const speed = el("label", "inline speed", "Speed ");
    this.speed = el("input");
    Object.assign(this.speed, { type: "range", min: 0, max: 100, value: 60, id: "race-speed" });
    this.speedValue = el("span", "value");
    this.speed.addEventListener("input", () => { this.speedValue.textContent = this.speedLabel(); });
    this.speedValue.textContent = this.speedLabel();
    speed.append(this.speed, this.speedValue);
    bar.append(speed);
    this.tickLine = el("p", "race-tick stats");
    this.boards = el("div", "race-boards");
    this.summary = el("p", "race-summary message");
    this.summary.setAttribute("aria-live", "polite");
    this.codeButton = this.button("race-code", "Open the Code mode", "Your code: read it, Run it, then start the race",
      () => this.host.openCode());
    this.codeButton.hidden = true;
    this.legendBox = el("div", "legend-box");
    this.help = el("dl", "race-help");
    b.append(setup, this.mazeLine, this.codeButton, bar, this.tickLine, this.boards, this.summary, this.legendBox, this.help);
  }

  button(id, text, title, act) {
    const e = el("button", "", text);
    Object.assign(e, { id, type: "button", title });
    e.addEventListener("click", act);
    return e;
  }

  // Ticks per second on a log scale, 1 to 1,000; the top end runs to the finish at once.
  get tps() { const v = Number(this.speed.value); return v >= 100 ? Infinity : Math.round(10 ** (v * 0.03)); }
  speedLabel() { return this.tps === Infinity ? "to the end" : `${fmt(this.tps)} ticks/s`; }

  // The built-in algorithms of `family` ("solve" or "generate"), then the person's own.
  algorithms(family) {
    const cat = this.host.catalogue(), f = family === "solve" ? "solver" : "generator";
    return [...(family === "solve" ? cat.solvers : cat.generators), ...this.host.user().filter((a) => a.family === f)];
  }

  // An algorithm's short name (the person's own: "yours: …"); the slug of one no longer known.
  nameOf(family, slug) {
    const a = this.algorithms(family).find((x) => x.slug === slug);
    return !a ? slug : this.isUser(slug) ? `yours: ${a.name}` : a.short || a.name;
  }

  isUser(slug) { return this.host.user().some((a) => a.slug === slug); }

  // The racer dropdowns for the chosen family: two to four (the last two may stay empty), each
  // with its algorithm's options.  picks: [{ slug, options }] (options: values by name, as text).
  fill(picks = DEFAULTS[this.family.value].map((slug) => ({ slug, options: {} }))) {
    if (!this.host.catalogue()) return;
    const algos = this.algorithms(this.family.value), shape = this.host.gen().shape || "square";
    this.slots = [0, 1, 2, 3].map((i) => {
      const s = el("select"), box = el("span", "racer-options"), slot = { select: s, box, fields: [] };
      s.id = `race-racer-${i}`;
      s.setAttribute("aria-label", `Racer ${i + 1}`);
      if (i >= 2) s.add(new Option("—", ""));
      for (const a of algos) {
        const o = new Option(this.isUser(a.slug) ? `yours: ${a.name}` : a.name, a.slug);
        if (!a.shapes.includes(shape)) Object.assign(o, { disabled: true, title: `not for ${shape} mazes` });
        s.add(o);
      }
      s.value = (picks[i] && picks[i].slug) || "";
      const show = (values = {}) => {
        const a = algos.find((x) => x.slug === s.value);
        slot.params = a ? a.params : [];
        slot.fields = slot.params.map((p) => {
          const f = this.host.field(p), input = f.label.querySelector("[data-param]");
          input.id = `race-racer-${i}-${p.name}`;
          if (p.name in values) {
            if (p.type === "bool") input.checked = values[p.name] === true || values[p.name] === "true";
            else input.value = String(values[p.name]);
          }
          return f;
        });
        box.replaceChildren(...slot.fields.map((f) => f.label));
      };
      s.addEventListener("change", () => show());
      show((picks[i] && picks[i].options) || {});
      const pick = el("span", "racer-pick");
      pick.append(s, box);
      slot.pick = pick;
      return slot;
    });
    this.selects = this.slots.map((slot) => slot.select);
    this.pickers.replaceChildren(...this.slots.map((slot) => slot.pick));
  }

  // The racers chosen in the dropdowns: [{ slug, options }] (options: only those not at their default).
  picks() {
    return this.slots.filter((slot) => slot.select.value).map((slot) => {
      const options = {};
      slot.params.forEach((p, i) => {
        const v = slot.fields[i].read();
        if (String(v) !== String(p.default)) options[p.name] = v;
      });
      return { slug: slot.select.value, options };
    });
  }

  open() {
    if (!this.slots) this.fill();
    else this.fill(this.picks()); // the person's own algorithms may have come or gone
    this.active = true;
    this.box.hidden = false;
    this.describeMaze();
    this.layout();
    if (this.racers.length) this.host.link(this.race.gen, this.keys());
  }

  close() {
    this.running = false;
    this.active = false;
    this.box.hidden = true;
  }

  describeMaze() {
    const g = this.race ? this.race.gen : this.host.gen();
    const opts = optionText(g.options);
    const what = (this.race ? this.race.family : this.family.value) === "solve"
      ? `One maze for every racer: ${this.nameOf("generate", g.slug)}${opts ? ` (${opts})` : ""}, ${g.width}×${g.height} cells, seed ${g.seed}`
      : `Every racer makes a ${g.width}×${g.height} maze from seed ${g.seed}`;
    const shortest = this.racers[0] && this.racers[0].shortest;
    const shape = g.shape && g.shape !== "square" ? `, ${g.shape} cells` : "";
    const mask = g.mask ? `, masked (${g.mask.preset || "your mask"})` : "";
    const own = this.race && this.race.options.some((o) => Object.keys(o).length);
    this.mazeLine.textContent = `${what}${shape}${mask}${shortest > 0 ? `; its shortest route is ${fmt(shortest)} moves` : ""}` +
      `. ${this.race ? "" : "The maze is set in the Generate panel. "}` +
      (own ? "Options: " + this.racers.map((r, i) => `${r.name} ${optionText(this.race.options[i]) || "defaults"}`).join("; ") + "."
        : "Every racer has its default options.");
  }

  startChosen() {
    const picks = this.picks();
    return this.start({ family: this.family.value, slugs: picks.map((p) => p.slug), options: picks.map((p) => p.options),
      gen: this.host.gen() });
  }

  // Start a race { family, slugs, options (one object per racer), gen } and show it at tick `tick`;
  // false (with a notice) when refused.
  async start(race, tick = 0) {
    const serial = ++this.serial;
    this.running = false;
    this.stopped = null;
    race = { options: race.slugs.map(() => ({})), ...race };
    const user = race.slugs.some((s) => this.isUser(s));
    let reply;
    try {
      if (race.slugs.length < 2 || race.slugs.length > 4) throw new Error("a race takes 2 to 4 algorithms");
      const g = race.gen;
      reply = await this.host.engine.call("race", { family: race.family, slugs: race.slugs, generator: g.slug,
        width: g.width, height: g.height, seed: g.seed, shape: g.shape, mask: g.mask, options: g.options, depth: g.depth,
        racerOptions: race.options, user });
    } catch (err) {
      if (user) this.stopped = err.message;
      this.host.notice(`The race could not start: ${err.message}`);
      return false;
    }
    if (serial !== this.serial) return false;
    const algos = this.algorithms(race.family);
    this.race = race;
    this.codeButton.hidden = true;
    this.family.value = race.family;
    this.fill(race.slugs.map((slug, i) => ({ slug, options: race.options[i] })));
    const shapes = reply.drawing ? new ShapeView(reply.drawing) : null;
    this.racers = reply.racers.map((r, i) => new Racer(this.host.engine, r, algos.find((a) => a.slug === r.header.slug), i,
      shapes, this.isUser(r.header.slug)));
    const twice = (r) => this.racers.filter((q) => q.name === r.name).length > 1;
    for (const r of this.racers) if (twice(r)) r.name += ` #${r.index + 1}`;
    this.tick = 0;
    this.boards.replaceChildren(...this.racers.map((r) => this.board(r)));
    this.boards.dataset.n = String(this.racers.length);
    this.help.replaceChildren(...HELP[race.family].map(([k, v]) => {
      const d = el("div");
      d.append(el("dt", "", k), el("dd", "", v));
      return d;
    }));
    this.legend = new Legend(this.legendBox, this.racers[0].renderer);
    this.describeMaze();
    this.layout();
    this.host.notice("");
    await this.go(tick);
    this.started++;
    return true;
  }

  // A racer's board: name, place, canvas, live numbers and what it is.
  board(r) {
    const box = el("article", "racer");
    const head = el("h3");
    r.place = el("span", "racer-place");
    const name = el("span", "racer-name");
    withLang(name, r.name.startsWith("yours: ") ? r.name : r.algorithm.name);
    name.title = r.algorithm.name;
    head.append(name, r.place);
    r.view = el("div", "race-view");
    const canvas = el("canvas"), overlay = el("canvas");
    r.view.append(canvas, overlay);
    r.renderer = new Renderer(canvas, overlay);
    r.numbers = el("dl", "racer-counts");
    r.status = el("p", "racer-status");
    const a = r.algorithm;
    const why = el("p", "racer-why"); // (the catalogue says why a solver does the work it does: its `work`; else its summary)
    const own = optionText(this.race.options[r.index]);
    const block = r.s.geometry !== this.racers[0].s.geometry ? " It walks the maze's squares (block view), so its numbers count squares." : "";
    withLang(why, (a.family === "solver" ? `${a.work || a.summary.replace(/([^.])$/, "$1.")} ${a.optimal ? (own ? "Promises a shortest route with its default options." : "Promises a shortest route.") : "No promise of a shortest route."}`
      : a.summary) + block + (own ? ` Raced with ${own}.` : ""));
    box.append(head, r.view, r.numbers, r.status, why);
    return box;
  }

  // Fit each board to its column: the maze's aspect, at most a share of the window's height.
  layout() {
    if (!this.active || !this.racers.length) return;
    const cols = getComputedStyle(this.boards).gridTemplateColumns.split(" ").length;
    const phone = cols === 1, rows = Math.ceil(this.racers.length / cols);
    for (const r of this.racers) {
      const w = r.view.clientWidth, s = r.s;
      const cap = phone ? window.innerHeight * 0.45 : Math.max(150, (window.innerHeight - 360) / rows);
      const b = s.shapes ? s.shapes.bounds : [0, 0, s.width, s.height], aspect = (b[3] - b[1]) / (b[2] - b[0]);
      r.view.style.height = `${Math.round(Math.min(cap, w * aspect))}px`;
      r.renderer.layout(s, this.host.view(), r.view.getBoundingClientRect());
    }
  }

  // The last tick of the race, once every racer's whole run is fetched (else Infinity).
  get end() { return Math.max(...this.racers.map((r) => r.finish)); }
  get over() { return this.racers.length > 0 && this.tick >= this.end; }

  // Every racer to tick `t` (its own end, if it finished before): fetched first, then shown.
  async go(t, serial = this.serial) {
    if (!this.racers.length) return;
    t = Math.max(0, Math.min(MAX_TICK, t));
    try {
      await Promise.all(this.racers.map((r) => r.fetch(t)));
    } catch (err) {
      if (serial === this.serial) this.fail(err);
      return;
    }
    if (serial !== this.serial) return;
    t = Math.min(t, this.end);
    for (const r of this.racers) r.player.seek(r.at(Math.min(t, r.finish)));
    this.tick = t;
    if (!this.running || this.over) this.settle();
  }

  // Events that did not come (the engine stopped: the person's code ran too long, or crashed):
  // the race stops where it is, with what happened.
  fail(err) {
    this.running = false;
    this.stopped = err.message;
    this.host.notice(`The race stopped at tick ${fmt(this.tick)}: ${err.message}`);
  }

  // A fresh engine (after a crash or Stop) gets the race back, except a race whose own code was
  // stopped: that one waits for Start race (it would only loop again).
  // (Later than the requests the old engine left: their failures say first whether code was stopped.)
  resume() {
    if (!this.race) return;
    setTimeout(() => {
      if (this.stopped && this.race.slugs.some((s) => this.isUser(s))) {
        this.serial++;
        this.racers = []; // their runs went with the old engine
        this.boards.replaceChildren();
        this.legendBox.replaceChildren();
        this.tickLine.textContent = "";
        this.summary.textContent = `The race stopped: ${this.stopped}. Mend your code in the Code mode, Run it, then Start race.`;
        return;
      }
      this.start(this.race, this.tick);
    });
  }

  // Paused or over: the link holds the tick; at the end the running stops.
  settle() {
    if (this.over) this.running = false;
    this.host.link(this.race.gen, this.keys());
  }

  // To the next (dir 1) or previous (dir -1) tick at which a racer finishes (all runs fetched first).
  async jump(dir) {
    this.running = false;
    const serial = this.serial;
    try {
      await Promise.all(this.racers.map((r) => r.fetch(Infinity)));
    } catch (err) {
      if (serial === this.serial) this.fail(err);
      return;
    }
    if (serial !== this.serial) return;
    const ends = [...new Set(this.racers.map((r) => r.finish))].sort((a, b) => a - b);
    const to = dir > 0 ? ends.find((e) => e > this.tick) : [0, ...ends].reverse().find((e) => e < this.tick);
    if (to !== undefined) await this.go(to);
  }

  toggle() {
    if (!this.racers.length) return;
    if (this.running) { this.running = false; this.settle(); return; }
    if (this.over) this.go(0);
    this.running = true;
    this.carry = 0;
  }

  key(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return false;
    const id = e.key === " " ? "race-play" : e.key === "ArrowRight" ? (e.shiftKey ? "race-next" : "race-step")
      : e.key === "ArrowLeft" ? (e.shiftKey ? "race-prev" : "race-back") : null;
    const b = id && this.box.querySelector(`#${id}`);
    if (!b || b.disabled) return false;
    b.click();
    return true;
  }

  frame(now) {
    const dt = Math.min(0.25, (now - this.last) / 1000);
    this.last = now;
    if (this.active && this.racers.length) {
      if (this.running && !this.moving) {
        const tps = this.tps;
        this.carry = Math.min(this.carry + tps * dt, Math.max(1, tps * 0.25) + 1);
        const n = tps === Infinity ? MAX_TICK : Math.floor(this.carry);
        if (n > 0) {
          this.carry -= tps === Infinity ? 0 : n;
          this.moving = true;
          this.go(this.tick + n).finally(() => { this.moving = false; });
        }
      }
      this.show();
    }
    requestAnimationFrame((t) => this.frame(t));
  }

  // Boards, numbers, places, tick line, summary, legend and the buttons' states.
  show() {
    const order = this.places();
    for (const r of this.racers) {
      r.renderer.frame(this.tick < r.finish);
      r.numbers.replaceChildren(...r.counts().map(([k, v]) => {
        const d = el("div");
        d.append(el("dt", "", k), el("dd", "", v));
        return d;
      }));
      const place = order.get(r);
      r.place.textContent = place ? `${place} · tick ${fmt(r.finish)}` : "";
      r.place.className = `racer-place${place ? " done" : ""}`;
      const said = describeNotes(r.s.notes, r.s.anyangle);
      r.status.textContent = this.tick >= r.finish ? this.verdict(r) : said || "racing…";
    }
    const end = this.end;
    this.tickLine.textContent = `tick ${fmt(this.tick)}${end < Infinity ? ` of ${fmt(end)}` : ""}` +
      " · each tick every racer does one milestone, so the boards compare work, not time";
    if (!this.stopped) this.summary.textContent = this.over ? this.summarize() : "";
    this.playButton.textContent = this.running ? "Pause" : this.over ? "↺ Replay" : "▶ Run";
    const atStart = this.tick === 0;
    for (const [id, off] of [["race-back", atStart], ["race-prev", atStart], ["race-reset", atStart],
      ["race-step", this.over], ["race-next", this.over]]) this.box.querySelector(`#${id}`).disabled = off;
    this.legend.update(this.merged());
  }

  // Finish places of the racers done by now (ties share a place).
  places() {
    const done = this.racers.filter((r) => r.finish <= this.tick).sort((a, b) => a.finish - b.finish);
    const out = new Map();
    done.forEach((r) => out.set(r, PLACE[done.findIndex((q) => q.finish === r.finish)]));
    return out;
  }

  // A finished racer's result in words, against the maze's shortest route.
  verdict(r) {
    if (r.player.kind !== "solve") return `done: ${fmt(r.s.opened)} passages opened in ${fmt(r.log.total)} events`;
    const moves = r.found;
    if (moves === null) return describeNotes(r.s.notes) || "no route found";
    if (r.s.anyangle) return `found G after expanding ${fmt(r.visited)} cells: ${describeNotes(r.s.notes, true).replace(/^found: /, "")}`;
    const extra = r.shortest > 0 && r.s.geometry === this.racers[0].s.geometry ? moves - r.shortest : 0;
    return `found G after expanding ${fmt(r.visited)} cells: ${fmt(moves)} moves` +
      (extra > 0 ? `, ${fmt(extra)} more than the shortest` : ", a shortest route");
  }

  // The line at the end: who did less work, and whose routes are shortest.
  summarize() {
    const rs = this.racers.slice();
    if (rs[0].player.kind !== "solve") {
      rs.sort((a, b) => a.finish - b.finish || a.log.total - b.log.total);
      const [a, ...others] = rs;
      return `${a.name} finished in ${fmt(a.finish)} milestones and ${fmt(a.log.total)} events; ` +
        others.map((r) => `${r.name} in ${fmt(r.finish)} and ${fmt(r.log.total)} (${ratio(r.log.total, a.log.total)}× the events)`).join(", ") + ".";
    }
    rs.sort((a, b) => a.visited - b.visited);
    const [a, ...others] = rs;
    let text = `${a.name} expanded ${fmt(a.visited)} cells, ${others.map((r) => `${r.name} ${fmt(r.visited)}`).join(", ")}: ` +
      `${a.name} did ${others.map((r, i) => `${ratio(r.visited, a.visited)}× less${i ? "" : " work"} than ${r.name}`).join(" and ")}.`;
    // Routes compare by moves; with an any-angle racer (its FOUND counts segments), by length.
    const byLength = rs.some((r) => r.s.anyangle);
    const size = (r) => (byLength && r.note(NOTE.COST) !== null ? r.note(NOTE.COST) / 1000 : r.found);
    const unit = (v) => (byLength ? `length ${fmt(v)}` : `${fmt(v)} moves`);
    const found = rs.filter((r) => r.found !== null), lost = rs.filter((r) => r.found === null);
    const best = Math.min(...found.map(size));
    const names = (list) => list.map((r) => r.name).join(list.length > 2 ? ", " : " and ").replace(/, ([^,]*)$/, " and $1");
    if (found.length && found.every((r) => size(r) === best)) {
      text += ` ${found.length === 2 ? "Both" : found.length === rs.length ? "All" : names(found)} found ${byLength ? "routes of " : ""}${unit(best)}.`;
    } else if (found.length) {
      const short = found.filter((r) => size(r) === best);
      text += ` ${names(short)} found the shortest route, ${unit(best)}; ` +
        found.filter((r) => size(r) !== best).map((r) => `${r.name}'s is ${fmt(size(r))} (${fmt(size(r) - best)} more)`).join(", ") + ".";
    }
    if (lost.length) text += ` ${names(lost)} found no route.`;
    return text;
  }

  // One legend for every board: the marks any racer uses, on the first board's look.
  merged() {
    const first = this.racers[0].player, markCount = new Int32Array(first.s.markCount.length), marksUsed = new Set();
    for (const r of this.racers) {
      r.s.markCount.forEach((v, m) => { if (m < markCount.length) markCount[m] += v; });
      for (const m of r.log.marksUsed) marksUsed.add(m);
    }
    const route = this.racers.find((r) => r.s.route.length > 1);
    // kind "race": the legend names the outline each racer's last change carries while it runs.
    return { kind: "race", atEnd: this.over, log: { marksUsed },
      s: { ...first.s, markCount, notes: [], route: route ? route.s.route : [], waypoints: [] } };
  }

  // The race in a link: its family, racers ("yours:SLUG" for the person's own), each racer's options
  // not at their defaults ("r0.weight=2") and tick (the maze's keys, shape and mask included, are
  // the Generate panel's).
  keys() {
    if (!this.race) return {};
    const out = { race: this.race.family, r: this.race.slugs.map((s) => (this.isUser(s) ? YOURS + s : s)).join(",") };
    this.race.options.forEach((o, i) => { for (const [k, v] of Object.entries(o)) out[`r${i}.${k}`] = String(v); });
    out.tick = String(this.tick);
    return out;
  }

  // A link's race keys checked against the catalogue and the person's registered code:
  // { race, tick, problems, unregistered } (race null when unusable; unregistered: the link's own
  // algorithms whose code is not registered on this page).
  fromLink(params) {
    const problems = [], family = params.get("race");
    if (!(family in FAMILY)) return { race: null, problems: [`race must be solve or generate`] };
    const algos = this.algorithms(family);
    const named = (params.get("r") || "").split(",").filter(Boolean);
    const slugs = named.map((s) => (s.startsWith(YOURS) ? s.slice(YOURS.length) : s));
    const unregistered = named.filter((s, i) => s.startsWith(YOURS) && !this.isUser(slugs[i])).map((s) => s.slice(YOURS.length));
    const unknown = slugs.filter((s) => !algos.some((a) => a.slug === s) && !unregistered.includes(s));
    this.codeButton.hidden = !unregistered.length; // the way to register it
    if (unregistered.length) {
      problems.push(`the race names your own ${family === "solve" ? "solver" : "generator"} "${unregistered[0].slice(0, 24)}", ` +
        "whose code is not registered on this page (code never runs by itself from a link): open the Code mode, Run your code, then Start race");
    }
    if (unknown.length) problems.push(`unknown ${family === "solve" ? "solver" : "generator"} "${unknown[0].slice(0, 24)}" in the race`);
    const known = slugs.filter((s) => !unknown.includes(s) && !unregistered.includes(s));
    if (known.length < 2 || known.length > 4 || unregistered.length) {
      const counted = unregistered.length ? [] : [`a race takes 2 to 4 ${FAMILY[family]} (the link names ${slugs.length})`];
      return { race: null, problems: [...problems, ...counted], unregistered };
    }
    const options = known.map((slug) => {
      const i = slugs.indexOf(slug), params0 = algos.find((a) => a.slug === slug).params, o = {};
      for (const [k, v] of params) {
        if (!k.startsWith(`r${i}.`)) continue;
        const name = k.slice(`r${i}.`.length), p = params0.find((q) => q.name === name);
        if (!p) problems.push(`${slug} has no option "${name.slice(0, 24)}"`);
        else o[name] = p.type === "bool" ? v === "true" : v;
      }
      return o;
    });
    const tick = params.get("tick");
    let t = 0;
    if (tick !== null) {
      if (/^\d{1,10}$/.test(tick) && Number(tick) <= MAX_TICK) t = Number(tick);
      else problems.push(`tick must be a whole number from 0 to ${fmt(MAX_TICK)}`);
    }
    return { race: { family, slugs: known, options }, tick: t, problems, unregistered };
  }

  // For tests: each board's state and numbers.
  snapshot() {
    return { active: this.active, started: this.started, tick: this.tick, running: this.running, over: this.over, end: this.end,
      family: this.race ? this.race.family : null, summary: this.summary.textContent,
      stopped: this.stopped, options: this.race ? this.race.options : null,
      boards: this.racers.map((r) => {
        const s = r.s;
        return { slug: r.algorithm.slug, name: r.name, shape: s.shape, geometry: s.geometry, width: s.width, height: s.height, cursor: r.player.cursor,
          total: r.log.total, done: r.done, finish: r.finish, milestones: r.ms.length, wall: Array.from(s.wall),
          mark: Array.from(s.mark), num: Array.from(s.num), start: s.start, goals: s.goals.slice(), visited: r.visited,
          found: r.found, counts: Object.fromEntries(r.counts()), place: r.place.textContent, status: r.status.textContent };
      }) };
  }
}
