// "See inside": the run's algorithm's own source with the line that made the step at the cursor
// highlighted, its data structures (queue, stack, open heap, sets, walk...) as they are after that
// step, and a search's parents as arrows on the board.  The engine rebuilds the state for any event
// (pymaze.inside, Session.inside_json), so it follows step, back, milestones and the timeline
// alike; nothing is asked of it while the panel is closed.
import { where } from "../board/status.js";

const SHOWN = 40; // entries listed per structure (the rest counted)
// A long run (over the engine's INSIDE_EVENTS) is looked inside a window of steps at a time: the
// engine runs it again to the step shown, then watches it line by line; the panel says it is working.
const WORKING_MS = 300; // a reply slower than this shows the working state

const LABELS = { distance: "d", order: "tie-break" };
const PLACES = new Set(["from", "through", "meets"]); // values that name a cell: said by its place
const capital = (t) => t.charAt(0).toUpperCase() + t.slice(1);
const round = (v) => (typeof v === "number" && !Number.isInteger(v) ? v.toFixed(2) : String(v));
// An entry's named values in words ("d 4", "g 3, h 5, f 8, tie-break 7"); a cell's (from) by its place.
// "lines 7 to 69", and the lines outside them that make events too (a helper's in the same file)
function spanOf([first, last], made) {
  const outside = made.filter((n) => n < first || n > last).sort((a, b) => a - b);
  const more = outside.length > 4 ? ", …" : "";
  return `lines ${first} to ${last}` + (!outside.length ? "" : outside.length === 1 ? ` and line ${outside[0]}`
    : ` and lines ${outside.slice(0, 4).join(", ")}${more}`);
}
const valuesOf = (s, e) => (typeof e === "number" ? [] : Object.entries(e)
  .filter(([k]) => k !== "cell" && k !== "cells")
  .map(([k, v]) => `${LABELS[k] || k} ${PLACES.has(k) ? where(s, v) : round(v)}`));

export class InsidePanel {
  // box: the <details>; player: the page's Player; call(type, args): the engine; renderer: the board's.
  // seek(k): the page's move to event k; watching(): the page is in watch mode.
  constructor(box, { player, call, renderer, board, seek, watching }) {
    this.seek = seek || (() => false);
    this.watching = watching || (() => true);
    this.predicting = box.querySelector(".inside-predict");
    this.verdict = box.querySelector(".inside-verdict");
    this.score = { run: 0, right: 0, asked: 0 };
    this.predicting.addEventListener("change", () => this.startPredicting());
    // Predicting, a click on a cell of the board is the learner's guess (and nothing else).
    if (board) board.addEventListener("click", (e) => {
      if (!this.box.open || !this.predicting.checked || !this.watching() || !this.player.log) return;
      e.stopImmediatePropagation();
      e.preventDefault();
      const p = this.renderer.squareAt(e.clientX, e.clientY), s = this.player.s;
      const cell = s.shapes ? p >= 0 && p < s.shapes.n : p >= 0 && (s.geometry !== "thin" || (p % s.width) & Math.floor(p / s.width) & 1);
      if (cell) this.guess(p);
    }, true);
    this.box = box;
    this.player = player;
    this.call = call;
    this.renderer = renderer;
    this.src = box.querySelector(".inside-source");
    this.data = box.querySelector(".inside-data");
    this.file = box.querySelector(".inside-file");
    // the working state of a long run (made here: the page's markup stays as it is)
    this.working = Object.assign(document.createElement("p"), { className: "inside-working", hidden: true });
    this.file.after(this.working);
    this.arrows = box.querySelector(".inside-arrows");
    this.run = 0;       // the run whose source is shown
    this.k = -1;        // the event count shown
    this.busy = false;
    this.view = null;
    this.picked = -1;   // the cell of the entry clicked
    this.hover = box.querySelector(".inside-hover");
    // Hovering a cell names what the structures say of it (its g, h and f, its distance, its set).
    if (board) board.addEventListener("pointermove", (e) => {
      if (!this.box.open || !this.view) return;
      const text = this.about(this.renderer.squareAt(e.clientX, e.clientY));
      if (this.hover.textContent !== text) this.hover.textContent = text;
    });
    // (the body is hidden while closed: its controls are out of the page's first minute altogether)
    box.addEventListener("toggle", () => {
      box.querySelector(".inside-body").hidden = !box.open;
      this.k = -1;
      this.overlay();
      if (box.open) this.tick();
    });
    this.arrows.addEventListener("change", () => { this.k = -1; this.overlay(); }); // (parents are asked for only now)
    this.data.addEventListener("click", (e) => {
      const li = e.target.closest("li[data-cell]");
      if (!li) return;
      this.picked = Number(li.dataset.cell) === this.picked ? -1 : Number(li.dataset.cell);
      for (const el of this.data.querySelectorAll("li.picked")) el.classList.remove("picked");
      if (this.picked >= 0) li.classList.add("picked");
      this.overlay();
    });
  }

  // Each frame while open: ask for the state at the cursor when it moved (one request at a time).
  tick() {
    if (!this.box.open) return;
    requestAnimationFrame(() => this.tick());
    const p = this.player;
    if (this.busy || !p.log || !p.header) return;
    const k = p.deferred ? 2 ** 31 - 1 : p.cursor;
    if (p.runId === this.run && k === this.k) return;
    const source = p.runId !== this.run, run = p.runId;
    if (source) this.file.textContent = "Reading the run again, line by line…";
    this.busy = true;
    // (a long run is read again up to the step shown: the page goes on meanwhile and says so)
    const slow = setTimeout(() => {
      this.box.dataset.state = "working";
      this.working.textContent = `Working: running the algorithm again to step ${Math.min(k, p.log.total).toLocaleString("en")}…`;
      this.working.hidden = false;
    }, this.workingMs ?? WORKING_MS);
    this.call("inside", { run, k, source, parents: this.arrows.checked }).then((reply) => {
      if (reply.stale || run !== p.runId) return;
      this.show(reply, run);
    }, (err) => { // (said once: the same run at the same step is not asked again)
      this.run = run;
      this.k = k;
      this.view = null;
      this.file.textContent = String(err.message || err);
      this.src.replaceChildren();
      this.data.replaceChildren();
    }).finally(() => {
      clearTimeout(slow);
      this.busy = false;
      this.box.dataset.state = "";
      this.working.hidden = true;
    });
  }

  show(reply, run) {
    if (reply.none) {
      this.run = run; this.k = this.player.cursor;
      this.file.textContent = reply.none;
      this.src.replaceChildren();
      this.data.replaceChildren();
      this.view = null;
      return;
    }
    if (reply.text !== undefined) this.showSource(reply, run);
    this.k = reply.k === reply.total && this.player.deferred ? 2 ** 31 - 1 : reply.k;
    this.view = reply;
    this.box.dataset.k = String(reply.k);
    this.box.dataset.line = reply.line == null ? "" : String(reply.line);
    this.box.dataset.source = String(reply.source || 0);
    for (const el of this.src.querySelectorAll(".now")) el.classList.remove("now");
    const el = reply.line != null && this.src.querySelector(`[data-file="${reply.source || 0}"][data-line="${reply.line}"]`);
    if (el) {
      el.classList.add("now");
      const top = el.offsetTop - this.src.offsetTop - this.src.clientHeight / 2 + el.offsetHeight / 2;
      this.src.scrollTop = Math.max(0, top);
    }
    this.showData(reply);
    this.overlay();
  }

  // The algorithm's function, then those of the bodies it hands its run to (a bidirectional
  // search's two_way...), each with the lines of its file outside it that make events (a helper's);
  // a long run (no eventLines) shows its files whole.
  showSource(reply, run) {
    this.run = run;
    this.picked = -1;
    this.hover.textContent = ""; // (what the last run's structures said of a cell)
    const sources = reply.sources || [{ file: reply.file, text: reply.text, lines: reply.lines }];
    const whole = reply.eventLines == null;
    const used = (i) => new Set(whole ? [] : reply.eventLines.filter((_, j) => (reply.eventFiles && reply.eventFiles.length ? reply.eventFiles[j] : 0) === i));
    this.file.textContent = sources.map((s, i) => `${s.file}, ${spanOf(s.lines, whole ? [] : [...used(i)])}`).join("; then ");
    const out = [];
    sources.forEach((source, i) => {
      const [first, last] = source.lines;
      const lines = (source.text || "").split("\n");
      const made = used(i);
      if (i > 0) out.push(Object.assign(document.createElement("span"), { className: "gap", textContent: `⋮  ${source.file}\n` }));
      const shown = [];
      lines.forEach((text, j) => { if (whole || (j + 1 >= first && j + 1 <= last) || made.has(j + 1)) shown.push(j + 1); });
      let prev = whole ? 0 : first - 1;
      for (const n of shown) {
        if (n !== prev + 1) out.push(Object.assign(document.createElement("span"), { className: "gap", textContent: "⋮\n" }));
        const span = document.createElement("span");
        span.dataset.line = String(n);
        span.dataset.file = String(i);
        span.className = made.has(n) ? "src makes" : "src";
        span.textContent = `${String(n).padStart(4)}  ${lines[n - 1]}\n`;
        out.push(span);
        prev = n;
      }
      if (!lines.length || !source.text) out.push(document.createTextNode("(the source is not readable here)"));
    });
    this.src.replaceChildren(...out);
  }

  showData(reply) {
    const s = this.player.s, out = [];
    const names = Object.keys(reply.structures);
    if (!names.length) {
      const p = document.createElement("p");
      p.className = "inside-none";
      p.textContent = "This algorithm names no data structure to show; its source line is followed above.";
      out.push(p);
    }
    for (const name of names) {
      const entries = reply.structures[name];
      const h = document.createElement("h3");
      h.textContent = `${name} (${entries.length.toLocaleString("en")})`;
      const list = document.createElement("ol");
      list.className = "inside-list";
      list.dataset.name = name;
      for (const e of entries.slice(0, SHOWN)) {
        const li = document.createElement("li");
        const cell = typeof e === "number" ? e : e.cell;
        li.dataset.cell = String(cell);
        if (cell === this.picked) li.classList.add("picked");
        const values = valuesOf(s, e);
        li.textContent = `${where(s, cell)}${values.length ? "  " + values.join(", ") : ""}`;
        list.append(li);
      }
      if (entries.length > SHOWN) {
        const li = document.createElement("li");
        li.className = "more";
        li.textContent = `… and ${(entries.length - SHOWN).toLocaleString("en")} more`;
        list.append(li);
      }
      out.push(h, list);
    }
    const next = document.createElement("p");
    next.className = "inside-next";
    next.textContent = reply.next == null ? "Done: nothing left to take." : `Takes next: ${where(s, reply.next)}`;
    out.push(next);
    this.data.replaceChildren(...out);
  }

  // The predict mode: the run moves to just before its next milestone and asks for the cell it takes.
  startPredicting() {
    this.verdict.textContent = "";
    this.box.classList.toggle("predicting", this.predicting.checked);
    if (!this.predicting.checked || !this.player.log) return;
    this.ask(-1);
  }

  async ask(cell) {
    const p = this.player, run = p.runId;
    if (this.score.run !== run) this.score = { run, right: 0, asked: 0 };
    // (an engine stopped meanwhile, a Stop in Code mode or a crash, says so itself: no unhandled rejection)
    const reply = await this.call("predict", { run, k: p.cursor, cell }).catch(() => null);
    if (!reply || reply.stale || run !== p.runId) return null;
    if (reply.at == null) {
      this.verdict.textContent = `Nothing left to take: the run is over. Score ${this.score.right} of ${this.score.asked}.`;
      return null;
    }
    if (cell < 0) {
      this.seek(reply.at);
      this.verdict.textContent = "Click the cell it takes next.";
    }
    return reply;
  }

  async guess(cell) {
    const reply = await this.ask(cell);
    if (!reply) return;
    const s = this.player.s, sc = this.score;
    sc.asked++;
    if (reply.right) sc.right++;
    const said = (entry) => (entry ? `${entry.structure} entry ${entry.place}` +
      (Object.keys(entry.values).length ? ` with ${valuesOf(s, { cell: -1, ...entry.values }).join(", ")}` : "") : "in no structure");
    const text = reply.right
      ? `Right: ${where(s, reply.next)}. ${capital(reply.rule)}; it is ${said(reply.nextEntry)}.`
      : `Not quite: it takes ${where(s, reply.next)}, ${said(reply.nextEntry)}; yours, ${where(s, cell)}, is ${said(reply.yourEntry)}. ${capital(reply.rule)}.`;
    this.verdict.dataset.right = String(reply.right);
    this.verdict.textContent = `${text} Score ${sc.right} of ${sc.asked}.`;
    this.seek(reply.then); // the cell taken and what rides along with it: the next question
  }

  // What the structures at the cursor say of cell p, in words ("" off the maze).
  about(p) {
    if (p < 0 || !this.player.s) return "";
    const said = [];
    for (const [name, entries] of Object.entries(this.view.structures)) {
      const i = entries.findIndex((e) => (typeof e === "number" ? e : e.cell) === p || (e.cells && e.cells.includes(p)));
      if (i < 0) continue;
      const e = entries[i];
      const values = valuesOf(this.player.s, e);
      // (predicting, the place in the structure would give the answer away: the values are the clue)
      const place = this.predicting.checked ? `in ${name}` : `${name} entry ${i + 1}`;
      said.push(`${place}${values.length ? ": " + values.join(", ") : ""}`);
    }
    const parent = this.view.parents.find(([c]) => c === p);
    if (parent) said.push(`parent ${where(this.player.s, parent[1])}`);
    return `${where(this.player.s, p)}: ${said.length ? said.join("; ") : "in no structure"}`;
  }

  // The picked cell, the parent arrows and a colour per set (every entry with cells, of two or
  // more: blobby division's regions; Kruskal's and Eller's sets are coloured by their labels),
  // drawn over the board (the renderer's extra layer).
  overlay() {
    const r = this.renderer, on = this.box.open && this.view;
    const arrows = on && this.arrows.checked ? this.view.parents : [];
    const picked = on ? this.picked : -1;
    // (a run that writes labels, as Kruskal and Eller do, has its sets coloured by them already)
    const labelled = this.player.log && this.player.log.numTop > 0;
    const sets = on && !labelled ? Object.values(this.view.structures).flat()
      .filter((e) => e && e.cells && e.cells.length > 1).map((e) => e.cells) : [];
    if (r.extra && r.extra !== this.draw) return; // a mode's own marks come first (edit)
    r.extra = arrows.length || picked >= 0 || sets.length ? this.draw || (this.draw = (o, rr) => this.paint(o, rr)) : null;
    this.drawn = { arrows, picked, sets };
    if (this.player.s) this.player.s.routeChanged = true; // (the overlay is drawn again next frame)
  }

  paint(o, r) {
    const { arrows, picked, sets } = this.drawn || {};
    o.save();
    if (sets && sets.length) {
      const W = r.s.width, size = (c) => (r.graph ? r.k : Math.min(r.cols.size[c % W], r.rows.size[Math.floor(c / W)]));
      sets.forEach((cells, i) => {
        o.fillStyle = `hsla(${Math.round(i * 137.508) % 360}, 80%, 50%, 0.5)`; // (the golden angle: neighbours' hues far apart)
        o.beginPath();
        for (const c of cells) {
          const [x, y] = r.centre(c), rad = Math.max(1.5, size(c) * 0.3);
          o.moveTo(x + rad, y);
          o.arc(x, y, rad, 0, 2 * Math.PI);
        }
        o.fill();
      });
    }
    if (arrows && arrows.length) {
      o.strokeStyle = "rgba(40, 40, 120, 0.7)";
      o.lineWidth = Math.max(1, o.lineWidth * 0.25);
      o.beginPath();
      for (const [cell, parent] of arrows) {
        const [x0, y0] = r.centre(cell), [x1, y1] = r.centre(parent);
        const mx = x0 + (x1 - x0) * 0.75, my = y0 + (y1 - y0) * 0.75, a = Math.atan2(y1 - y0, x1 - x0);
        const len = Math.hypot(x1 - x0, y1 - y0) * 0.25;
        o.moveTo(x0, y0); o.lineTo(mx, my);
        o.moveTo(mx - len * Math.cos(a - 0.5), my - len * Math.sin(a - 0.5)); o.lineTo(mx, my);
        o.lineTo(mx - len * Math.cos(a + 0.5), my - len * Math.sin(a + 0.5));
      }
      o.stroke();
    }
    if (picked >= 0) {
      const [x, y] = r.centre(picked);
      o.strokeStyle = "#d4008f";
      o.lineWidth = 3;
      o.beginPath();
      o.arc(x, y, Math.max(6, (r.k || 8) * 0.6), 0, 2 * Math.PI);
      o.stroke();
    }
    o.restore();
  }
}
