// The timeline: snapshots of a run's state every K events (so that any event of a run of
// millions is reached by restoring the nearest one and replaying fewer than K events), the
// milestones' kinds, and the scrubber under the board (a bar with a tick per milestone,
// coloured by kind; drag, click a tick, or use the keys).
import { COLOURS, MARKS } from "./palette.js";
import { BITS, MARK, NOTE, OP } from "../engine/state.js";
import { pack } from "../engine/pack.js";

const FIRST_K = 4096; // events between snapshots, doubled whenever the snapshots outgrow their budget
const BUDGET = 48 * 2 ** 20; // bytes all the snapshots of a run may take (packed: see pack)
const BUILD_MS = 4; // the builder's share of an animation frame

// The kinds of milestone the bar tells apart, [colour, what it means], in the legend's order.
export const KINDS = {
  wall: [COLOURS.wall, "a wall opened or built"],
  ring: ["#7c3aed", "numbers written: a ring of the wave, a distance, a label"],
  search: [MARKS.frontier[0], "a cell expanded or walked to"],
  filled: [MARKS.filled[0], "a dead end filled"],
  route: [COLOURS.route, "the route: a square of it, or the goal found"],
  ends: [COLOURS.start, "S or G moved, or a note"],
};
export const KIND_NAMES = Object.keys(KINDS);
// Which kind a pixel column of the bar shows when several fall in it (higher wins).
const RANK = KIND_NAMES.map((k) => ["search", "ring", "filled", "wall", "ends", "route"].indexOf(k));

// A milestone's kind, from its own event and whether a number was written since the last one.
export function kindOf(op, value, note, numbered) {
  if (op === OP.WALL) return "wall";
  if (op === OP.MARK && (value === MARK.ROUTE || value === MARK.ROUTE2)) return "route";
  if (op === OP.NOTE && (note === NOTE.FOUND || note === NOTE.ROUTE)) return "route";
  if (numbered || op === OP.NUM) return "ring";
  if (op === OP.MARK && (value === MARK.FILLED || value === MARK.DEAD)) return "filled";
  if (op === OP.MARK) return "search";
  return "ends";
}

// A byte of packed bits as its eight squares: two 32-bit words (little-endian).
const BITS_OUT = new Uint32Array(512);
for (let b = 0; b < 256; b++) for (let k = 0; k < 8; k++) BITS_OUT[2 * b + (k >> 2)] |= ((b >> k) & 1) << (8 * (k & 3));

// Set typed array `a` to all 0, writing only the words that are not 0 already: a page of memory
// never written (a fresh layer of a big maze, numbers nobody used) is not made resident for it.
function clear(a) {
  const w = a.byteOffset % 4 === 0 && a.byteLength % 4 === 0 ? new Int32Array(a.buffer, a.byteOffset, a.byteLength >> 2) : a;
  for (let i = 0; i < w.length; i++) if (w[i] !== 0) w[i] = 0;
}

// Put packed layer `c` into typed array `a` (of its length).  A Uint8Array at offset 0 is
// written a word at a time from the tables above (a seek's restore is mostly this).
function unpack(c, a) {
  const [how, data, n] = c;
  const words = a.BYTES_PER_ELEMENT === 1 && a.byteOffset === 0;
  if (how === "zero") clear(a);
  else if (how === "bits" && words) {
    const w = new Uint32Array(a.buffer, 0, n >> 3 << 1), full = n >> 3;
    for (let j = 0; j < full; j++) { const b = data[j] << 1; w[2 * j] = BITS_OUT[b]; w[2 * j + 1] = BITS_OUT[b + 1]; }
    for (let i = full << 3; i < n; i++) a[i] = (data[i >> 3] >> (i & 7)) & 1;
  } else if (how === "nibbles" && words) {
    const full = n >> 2, w = new Uint32Array(a.buffer, 0, full);
    for (let j = 0; j < full; j++) { // two bytes of nibbles: one word of four squares
      const x = data[2 * j] | (data[2 * j + 1] << 8);
      w[j] = (x & 0xf) | ((x & 0xf0) << 4) | ((x & 0xf00) << 8) | ((x & 0xf000) << 12);
    }
    for (let i = full << 2; i < n; i++) a[i] = (data[i >> 1] >> ((i & 1) << 2)) & 15;
  }
  else if (how === "bits") for (let i = 0; i < n; i++) a[i] = (data[i >> 3] >> (i & 7)) & 1;
  else if (how === "nibbles") for (let i = 0; i < n; i++) a[i] = (data[i >> 1] >> ((i & 1) << 2)) & 15;
  else if (how === "sparse") { clear(a); const [at, values] = data; for (let j = 0; j < at.length; j++) a[at[j]] = values[j]; }
  else a.set(data);
}

const packedBytes = (c) => (c[0] === "sparse" ? c[1][0].byteLength * 2 : c[1] ? c[1].byteLength : 0);

// A copy of everything events change in a state (the typed layers, packed, and the lists beside them);
// `packed`: its layers packed already (a run's first maze, packed by the worker: see pack.js).
function capture(s, packed = null) {
  const { wall, mark, num } = packed || { wall: pack(s.wall), mark: pack(s.mark), num: pack(s.num) };
  return { wall, mark, num, markCount: s.markCount.slice(),
    route: s.route.slice(), notes: s.notes.slice(), waypoints: s.waypoints.slice(), head: s.head,
    start: s.start, goals: s.goals.slice(), opened: s.opened };
}

// Bytes snapshot `c` takes (its layers; the lists beside them are small).
const sizeOf = (c) => packedBytes(c.wall) + packedBytes(c.mark) + packedBytes(c.num) + 64;

// Put snapshot `c` into state `s` (a full repaint follows).
export function restore(s, c) {
  unpack(c.wall, s.wall); unpack(c.mark, s.mark); unpack(c.num, s.num); s.markCount.set(c.markCount);
  s.route = c.route.slice(); s.notes = c.notes.slice(); s.waypoints = c.waypoints.slice();
  Object.assign(s, { head: c.head, start: c.start, goals: c.goals.slice(), opened: c.opened });
  s.allDirty = true; s.routeChanged = true; s.dirtyCount = 0;
}

// A fresh state like `s` (same header fields) holding snapshot `c`.
function stateOf(s, c) {
  const t = { ...s, wall: new Uint8Array(s.wall.length), mark: new Uint8Array(s.mark.length),
    num: new Int32Array(s.num.length), dirty: new Int32Array(1024), dirtyCount: 0, allDirty: true, markCount: c.markCount.slice() };
  restore(t, c);
  return t;
}

// Snapshots of one run, taken by a builder state of its own that follows the event log in
// the background (a few ms per frame), plus the run's milestones and their kinds.
export class Snapshots {
  // `first`: the run's first maze packed by the worker (else packed here, a pass over every square).
  constructor(s, first = null) {
    // A snapshot costs a pass over every square (about 100 ms at 2000x2000); replaying K events
    // costs about 25 ns each. Far enough apart that taking them does not hold up the animation of a
    // big maze (a frame per snapshot at K = 4,096 there), close enough that a seek stays short.
    this.k = Math.max(FIRST_K, 2 ** Math.ceil(Math.log2(s.wall.length / 8)));
    this.snaps = [capture(s, first)]; // snaps[i]: the state after events [0, i * k)
    this.base = s;
    this.builder = null; // made when the first events come (an instant run may never have any)
    this.built = 0; // events the builder has applied
    this.bytes = sizeOf(this.snaps[0]); // what the snapshots take
    this.ticks = []; // milestone event indices, in order
    this.kinds = []; // their kinds (an index into KIND_NAMES)
    this.scanned = 0; // events looked at for milestones
    this.numbered = false;
  }

  // Follow the log: milestones of new events, and snapshots for `ms` milliseconds at most.
  build(log, ms = BUILD_MS) {
    this.scan(log);
    if (this.built >= log.total) return true;
    if (!this.builder) this.builder = stateOf(this.base, this.snaps[0]);
    const t0 = performance.now(), b = this.builder;
    while (this.built < log.total && performance.now() - t0 < ms) {
      const to = Math.min(log.total, (Math.floor(this.built / this.k) + 1) * this.k);
      log.apply(b, this.built, to);
      this.built = to;
      if (to % this.k === 0) this.take(to);
    }
    // the whole run is in and snapshotted: the builder's layers are let go
    if (this.built >= log.total && log.finished) this.builder = null;
    return this.built >= log.total;
  }

  take(at) {
    const c = capture(this.builder);
    this.snaps[at / this.k] = c;
    this.bytes += sizeOf(c);
    // over the budget (or past 1024): keep every other one, twice as far apart; the first one stays
    while ((this.bytes > BUDGET && this.snaps.length > 2) || this.snaps.length > 1024) {
      this.snaps = this.snaps.filter((_, i) => i % 2 === 0);
      this.k *= 2;
      this.bytes = this.snaps.reduce((t, c) => t + (c ? sizeOf(c) : 0), 0);
    }
  }

  scan(log) {
    const OPM = BITS.OP_MASK, MS = BITS.MILESTONE;
    for (const [chunk, base] of log.segments(this.scanned, true)) {
      for (let j = 4 * (this.scanned - base); j < chunk.length; j += 4) {
        const op = chunk[j] & OPM;
        if (op === OP.NUM) this.numbered = true;
        if (chunk[j] & MS) {
          this.ticks.push(base + j / 4);
          this.kinds.push(KIND_NAMES.indexOf(kindOf(op, chunk[j + 3], chunk[j + 2], this.numbered)));
          this.numbered = false;
        }
      }
      this.scanned = base + (chunk.length >> 2);
    }
  }

  // The latest snapshot at or before event `target` that the builder has taken: [event, snapshot].
  nearest(target) {
    const i = Math.min(Math.floor(target / this.k), Math.floor(this.built / this.k), this.snaps.length - 1);
    for (let j = i; j >= 0; j--) if (this.snaps[j]) return [j * this.k, this.snaps[j]];
    return [0, this.snaps[0]];
  }

  // Move state `s` from event `cursor` to `target` the cheaper way: straight (forwards, or
  // backwards by the events' old values), or from the nearest snapshot.
  seek(log, s, cursor, target) {
    const [at, snap] = this.nearest(target);
    const restoreCost = s.wall.length >> 4; // unpacking the layers (see pack), in events decoded and applied
    if (target - at + restoreCost < Math.abs(target - cursor)) {
      restore(s, snap);
      cursor = at;
    }
    log.apply(s, Math.min(cursor, target), Math.max(cursor, target), target < cursor);
    return target;
  }

  // A new state at event `target` (the page's state is left alone): what exports draw.
  stateAt(log, s, target) {
    const [at, snap] = this.nearest(target);
    const t = stateOf(s, snap);
    t.numTop = s.numTop;
    log.apply(t, at, target);
    return t;
  }
}

// The scrubber: a range input (drag, click, arrows, Page Up/Down, Home/End) over the run's
// events, with a strip of milestone ticks above it (click one to jump to it).
export class Timeline {
  constructor(root, { player, seek, fetchAll }) {
    this.player = player;
    // A seek moves the range at once (not at the next frame): a key pressed on it next steps from there.
    this.seekTo = (k) => { const moved = seek(k); if (this.pending < 0) this.range.value = String(player.cursor); return moved; };
    this.fetchAll = fetchAll;
    this.range = root.querySelector("input[type=range]");
    this.ticks = root.querySelector("canvas");
    this.pos = root.querySelector(".timeline-pos");
    this.legend = root.querySelector(".timeline-legend");
    this.drawn = "";
    this.pending = -1;
    this.range.addEventListener("input", () => this.request(Number(this.range.value)));
    this.range.addEventListener("pointerdown", () => this.fetchAll());
    this.range.addEventListener("focus", () => this.fetchAll());
    this.range.addEventListener("keydown", (e) => this.key(e));
    this.ticks.addEventListener("click", (e) => this.clickTick(e));
  }

  // Seeks while dragging land once per frame (the last position wins).
  request(k) {
    if (this.pending < 0) requestAnimationFrame(() => { const t = this.pending; this.pending = -1; this.seekTo(t); });
    this.pending = k;
  }

  // [ and ] (or shift+arrows, as on the board) jump between milestones.
  key(e) {
    const snaps = this.player.snaps;
    if (!snaps) return;
    const back = e.key === "[" || (e.shiftKey && (e.key === "ArrowLeft" || e.key === "ArrowDown"));
    const fwd = e.key === "]" || (e.shiftKey && (e.key === "ArrowRight" || e.key === "ArrowUp"));
    if (!back && !fwd) return;
    e.preventDefault();
    const t = this.player.cursor, ticks = snaps.ticks;
    let i = lowerBound(ticks, t - 1); // ticks[i] >= t - 1: the milestone the cursor sits after, or later
    if (fwd) { while (i < ticks.length && ticks[i] + 1 <= t) i++; if (i < ticks.length) this.seekTo(ticks[i] + 1); }
    else { i--; while (i >= 0 && ticks[i] + 1 >= t) i--; this.seekTo(i >= 0 ? ticks[i] + 1 : 0); }
  }

  // The tick nearest a click on the strip (within a few pixels) is jumped to: the state after it.
  clickTick(e) {
    const snaps = this.player.snaps, log = this.player.log;
    if (!snaps || !log || !log.total || this.range.disabled) return;
    const r = this.ticks.getBoundingClientRect(), x = e.clientX - r.left;
    const event = (x / r.width) * log.total;
    const slack = (6 / r.width) * log.total;
    const ticks = snaps.ticks;
    const i = lowerBound(ticks, event);
    let best = -1;
    for (const j of [i - 1, i]) {
      if (j >= 0 && j < ticks.length && Math.abs(ticks[j] - event) <= slack
        && (best < 0 || Math.abs(ticks[j] - event) < Math.abs(ticks[best] - event))) best = j;
    }
    if (best >= 0) this.seekTo(ticks[best] + 1);
    else this.seekTo(Math.round(event));
  }

  // Each frame: the range follows the cursor; the ticks are redrawn when the run grew.
  update() {
    const { player } = this, log = player.log;
    const total = log ? log.total : 0, cursor = log ? player.cursor : 0;
    if (this.range.max !== String(total)) this.range.max = String(total);
    if (this.pending < 0 && this.range.value !== String(cursor)) this.range.value = String(cursor);
    const more = log && !log.finished ? "+ (more loading)" : "";
    const text = player.deferred ? "instant run: its events are made again when you step back or drag here"
      : `event ${cursor.toLocaleString("en")} of ${total.toLocaleString("en")}${more}`;
    if (this.pos.textContent !== text) { this.pos.textContent = text; this.range.setAttribute("aria-valuetext", text); }
    const snaps = player.snaps;
    const w = Math.round(this.ticks.clientWidth * (window.devicePixelRatio || 1));
    const key = `${player.loads}:${total}:${snaps ? snaps.ticks.length : 0}:${w}`;
    // a growing run is redrawn a few times a second, not every frame
    const now = performance.now(), due = log && log.finished ? 0 : 250;
    if (key !== this.drawn && snaps && snaps.scanned >= total && now - (this.drawnAt || 0) >= due) {
      this.drawn = key;
      this.drawnAt = now;
      this.draw(snaps, total, w);
    }
  }

  draw(snaps, total, w) {
    const c = this.ticks, h = Math.round(c.clientHeight * (window.devicePixelRatio || 1));
    if (c.width !== w || c.height !== h) { c.width = w; c.height = h; }
    const ctx = c.getContext("2d");
    ctx.clearRect(0, 0, w, h);
    // one column per pixel: its most telling kind (the route over walls over the rest)
    const best = new Int8Array(w).fill(-1);
    const { ticks, kinds } = snaps;
    for (let i = 0; i < ticks.length; i++) {
      const x = Math.min(w - 1, Math.floor((ticks[i] / Math.max(1, total)) * w)), k = kinds[i];
      if (best[x] < 0 || RANK[k] > RANK[best[x]]) best[x] = k;
    }
    const used = new Set();
    for (let x = 0; x < w; x++) {
      if (best[x] < 0) continue;
      used.add(best[x]);
      ctx.fillStyle = KINDS[KIND_NAMES[best[x]]][0];
      ctx.fillRect(x, 0, 1, h);
    }
    this.legend.replaceChildren(...KIND_NAMES.filter((_, i) => used.has(i)).map((name) => {
      const item = document.createElement("span");
      const swatch = document.createElement("i");
      swatch.style.background = KINDS[name][0];
      item.append(swatch, KINDS[name][1]);
      return item;
    }));
  }
}

// The first index i of sorted `a` with a[i] >= v.
export function lowerBound(a, v) {
  let lo = 0, hi = a.length;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (a[mid] < v) lo = mid + 1; else hi = mid; }
  return lo;
}
