// The page's copy of the maze: typed-array layers, the run's whole event log
// (compact blocks, so the user can step back to the very beginning) and a
// pure applyEvents with the engine's semantics (pymaze/events.py).
//
// The vocabulary (op codes, marks, notes) is not typed here: the engine sends
// it with its catalogue and adoptVocabulary fills these objects in place, so
// every module importing them reads the engine's own numbers.
export const OP = {};
export const MARK = {};
export const NOTE = {};
export const BITS = { OP_MASK: 0, MILESTONE: 0 };
// Mark value -> name ("current", "frontier", ...), what the palette is keyed by.
export const MARK_NAME = [];

export function adoptVocabulary(v) {
  Object.assign(OP, v.ops);
  Object.assign(MARK, v.marks);
  Object.assign(NOTE, v.notes);
  BITS.OP_MASK = v.op_mask;
  BITS.MILESTONE = v.milestone;
  MARK_NAME.length = 0;
  for (const [name, value] of Object.entries(v.marks)) MARK_NAME[value] = name.toLowerCase();
}

export function makeState(header, wall, mark, num) {
  const size = wall.length; // width x height squares, or a shaped maze's cells and passages
  const markCount = new Int32Array(Math.max(16, MARK_NAME.length));
  let numTop = 0;
  if (header.markCount) { // counted by the worker (a large maze: no pass over it on the page's thread)
    markCount.set(header.markCount.subarray(0, markCount.length));
    numTop = header.numTop;
  } else for (let i = 0; i < size; i++) { markCount[mark[i]]++; if (num[i] > numTop) numTop = num[i]; }
  return {
    width: header.width, height: header.height, geometry: header.geometry, layer: header.layer,
    kind: header.kind, wall, mark, num, shape: header.shape || "square", cells: header.cells ?? null, start: header.start, goals: header.goals.slice(),
    markCount, route: [], notes: [], waypoints: [], head: -1, numTop, opened: 0,
    weight: header.weights ? Int32Array.from(header.weights) : null,
    anyangle: !!header.anyangle, // the route is its corners joined by straight segments (Theta*)
    dirty: new Int32Array(1024), dirtyCount: 0, allDirty: true, routeChanged: true,
  };
}

function touch(s, p) {
  if (s.allDirty) return;
  if (s.dirtyCount === s.dirty.length) {
    if (s.dirtyCount > s.wall.length >> 2) { s.allDirty = true; return; }
    const bigger = new Int32Array(s.dirty.length * 2);
    bigger.set(s.dirty);
    s.dirty = bigger;
  }
  s.dirty[s.dirtyCount++] = p;
}

// Set one square's mark outside any event stream (play and edit modes), keeping the counts.
export function setMark(s, p, value) {
  s.markCount[s.mark[p]]--;
  s.markCount[value]++;
  s.mark[p] = value;
  touch(s, p);
}

// Set one square's wall outside any event stream (edit mode).
export function setWall(s, p, value) {
  s.wall[p] = value;
  touch(s, p);
}

// Set one square's weight (edit mode's weight brush); a maze without weights gets all 1 first.
export function setWeight(s, p, value) {
  if (!s.weight) { s.weight = new Int32Array(s.wall.length).fill(1); s.allDirty = true; }
  s.weight[p] = value;
  touch(s, p);
}

// Apply events [from, to) of the packed Int32Array `ev` to `s`, forwards, or
// backwards (undoing them last-first).  Records dirty squares and the head.
export function applyEvents(s, ev, from, to, backwards = false) {
  const step = backwards ? -1 : 1;
  let i = backwards ? to - 1 : from;
  const end = backwards ? from - 1 : to;
  for (; i !== end; i += step) {
    const j = 4 * i, op = ev[j] & BITS.OP_MASK, p = ev[j + 1];
    const value = backwards ? ev[j + 2] : ev[j + 3];
    if (op === OP.WALL) { s.opened += s.wall[p] - value; s.wall[p] = value; touch(s, p); }
    else if (op === OP.MARK) {
      const was = s.mark[p];
      s.markCount[was]--; s.markCount[value]++;
      s.mark[p] = value;
      if (value === MARK.ROUTE || value === MARK.ROUTE2) { s.route.push(p); s.routeChanged = true; }
      else if (backwards && (was === MARK.ROUTE || was === MARK.ROUTE2)) { s.route.pop(); s.routeChanged = true; }
      touch(s, p);
    }
    else if (op === OP.NUM) { s.num[p] = value; touch(s, p); }
    else if (op === OP.START) { touch(s, s.start); s.start = value; touch(s, value); }
    else if (op === OP.GOAL) { touch(s, s.goals[0]); s.goals[0] = value; touch(s, value); }
    else if (op === OP.NOTE) {
      if (backwards) s.notes.pop();
      else s.notes.push([ev[j + 2], ev[j + 3], p]);
      if (ev[j + 2] === NOTE.WAYPOINT) {
        if (backwards) s.waypoints.pop(); else s.waypoints.push([p, ev[j + 3]]);
        s.routeChanged = true;
      }
    }
    if (op !== OP.NOTE && op !== OP.START && op !== OP.GOAL) s.head = p;
  }
  return s;
}

// The event log's blocks: BLOCK events each, encoded in about 3-4 bytes an event (see encode).
export const BLOCK = 4096;
const CACHED = 32; // decoded blocks kept (64 KB each)
const WORST = 21; // bytes one event can take: a header, an escaped code and three 5-byte varints

const zig = (v) => (v << 1) ^ (v >> 31); // int32 -> int32 whose unsigned reading is small when v is
const unzig = (u) => (u >>> 1) ^ -(u & 1);

// Encode events [0, n) of the packed Int32Array `ev` as one block of bytes.  Each event is a
// header byte and what it says follows: bits 0-2 the op (0: the whole code follows as a varint,
// for codes outside the vocabulary's shape), bit 3 the milestone flag, bits 4-5 the index (0: a
// zig-zag varint of its difference from the previous event's index; 1: the same index; 2: the
// same difference as the previous event's; 3: that difference negated), bits 6-7 the old and new
// values (0: both in 0..15, one byte old | new << 4; 1: their differences from the previous event
// of the same op both in -8..7, one byte; 2: those differences as two zig-zag varints; 3: the
// same values as that event's, nothing follows: a run's walls mostly go from 1 to 0).  Every
// block starts afresh (previous index and values 0), so that any block decodes alone.
export function encode(ev, n, out = new Uint8Array(n * WORST)) {
  const prevOld = new Int32Array(8), prevNew = new Int32Array(8);
  let at = 0, prev = 0, delta = 0;
  for (let k = 0; k < 4 * n; k += 4) {
    const code = ev[k], p = ev[k + 1], old = ev[k + 2], value = ev[k + 3];
    const plain = (code & ~0x1ff) === 0 && (code & 0xf8) === 0 && (code & 7) !== 0;
    const op = plain ? code & 7 : 0;
    const d = (p - prev) | 0;
    const idx = d === 0 ? 1 : d === delta ? 2 : d === -delta ? 3 : 0;
    const dOld = (old - prevOld[op]) | 0, dNew = (value - prevNew[op]) | 0;
    const vals = dOld === 0 && dNew === 0 ? 3 : (old & ~15) === 0 && (value & ~15) === 0 ? 0
      : dOld >= -8 && dOld < 8 && dNew >= -8 && dNew < 8 ? 1 : 2;
    out[at++] = op | ((code >> 5) & 8) | (idx << 4) | (vals << 6);
    if (!plain) at = varint(out, at, zig(code));
    if (idx === 0) at = varint(out, at, zig(d));
    if (vals === 0) out[at++] = old | (value << 4);
    else if (vals === 1) out[at++] = (dOld & 15) | ((dNew & 15) << 4);
    else if (vals === 2) { at = varint(out, at, zig(dOld)); at = varint(out, at, zig(dNew)); }
    if (d !== 0) delta = d;
    prev = p; prevOld[op] = old; prevNew[op] = value;
  }
  return out.slice(0, at);
}

// Write int32 `u` read as unsigned, 7 bits a byte (low first), at out[at]; returns the end.
function varint(out, at, u) {
  while ((u & ~127) !== 0) { out[at++] = (u & 127) | 128; u >>>= 7; }
  out[at++] = u;
  return at;
}

// Decode a block of `n` events made by encode into the packed Int32Array `ev`.  (The varints are
// read inline, one or two bytes without a loop: this runs on every seek.)
export function decode(bytes, n, ev = new Int32Array(4 * n)) {
  const prevOld = new Int32Array(8), prevNew = new Int32Array(8);
  let at = 0, prev = 0, delta = 0, b = 0, u = 0, sh = 0;
  for (let k = 0; k < 4 * n; k += 4) {
    const h = bytes[at++], op = h & 7;
    let code = op | ((h & 8) << 5);
    if (op === 0) {
      u = 0; sh = 0;
      do { b = bytes[at++]; u |= (b & 127) << sh; sh += 7; } while (b & 128);
      code = unzig(u);
    }
    const idx = h & 0x30;
    let d = 0;
    if (idx === 0) {
      b = bytes[at++]; u = b & 127;
      if (b & 128) {
        b = bytes[at++]; u |= (b & 127) << 7; sh = 14;
        while (b & 128) { b = bytes[at++]; u |= (b & 127) << sh; sh += 7; }
      }
      d = unzig(u);
      delta = d;
    } else if (idx === 0x20) d = delta;
    else if (idx === 0x30) { d = -delta; delta = d; }
    const p = (prev + d) | 0;
    let old, value;
    const vals = h & 0xc0;
    if (vals === 0) { b = bytes[at++]; old = b & 15; value = b >> 4; }
    else if (vals === 0x40) {
      b = bytes[at++];
      old = (prevOld[op] + (((b & 15) << 28) >> 28)) | 0; value = (prevNew[op] + ((b << 24) >> 28)) | 0;
    } else if (vals === 0xc0) { old = prevOld[op]; value = prevNew[op]; }
    else {
      u = 0; sh = 0;
      do { b = bytes[at++]; u |= (b & 127) << sh; sh += 7; } while (b & 128);
      old = (prevOld[op] + unzig(u)) | 0;
      u = 0; sh = 0;
      do { b = bytes[at++]; u |= (b & 127) << sh; sh += 7; } while (b & 128);
      value = (prevNew[op] + unzig(u)) | 0;
    }
    ev[k] = code; ev[k + 1] = p; ev[k + 2] = old; ev[k + 3] = value;
    prev = p; prevOld[op] = old; prevNew[op] = value;
  }
  return ev;
}

// Every event of a run, kept compactly for step-back: full blocks of BLOCK events encoded (a few
// bytes an event instead of 16), the last partial block as it came, and a few recently used
// blocks decoded.
export class EventLog {
  // `size`: the squares (or cells and passages) of the run's maze, what `visitedAt` counts over.
  constructor(size = 0) {
    this.seen = new Uint8Array(size); // squares an event has marked visited so far
    this.firsts = new Int32Array(64); // the indices just after each square's first visit, ascending
    this.visitedTotal = 0;
    this.blocks = []; // encoded full blocks: block b holds events [b * BLOCK, (b + 1) * BLOCK)
    this.tail = null; // the events after the last full block, packed (4 ints each)
    this.tailCount = 0;
    this.total = 0; this.finished = false; this.numTop = 0; this.marksUsed = new Set();
    this.bytes = 0; // bytes the encoded blocks take
    this.cache = new Map(); // block -> its decoded events, least recently used first
    this.scratch = null;
  }

  push(chunk) {
    const n = chunk.length >> 2;
    if (!n) { this.finished = true; return; }
    // The largest number of the run so far (all of it once finished: the heat ramp's end),
    // and the marks it uses (what the legend names).
    for (let j = 0; j < chunk.length; j += 4) {
      const op = chunk[j] & BITS.OP_MASK;
      if (op === OP.NUM && chunk[j + 3] > this.numTop) this.numTop = chunk[j + 3];
      else if (op === OP.MARK) {
        const v = chunk[j + 3], p = chunk[j + 1];
        this.marksUsed.add(v);
        if ((v === MARK.VISITED || v === MARK.VISITED2) && p >= 0 && p < this.seen.length && !this.seen[p]) {
          this.seen[p] = 1;
          if (this.visitedTotal === this.firsts.length) {
            const bigger = new Int32Array(this.firsts.length * 2);
            bigger.set(this.firsts);
            this.firsts = bigger;
          }
          this.firsts[this.visitedTotal++] = this.total + (j >> 2) + 1;
        }
      }
    }
    for (let j = 0; j < n;) {
      if (!this.tail) this.tail = new Int32Array(4 * BLOCK);
      const take = Math.min(n - j, BLOCK - this.tailCount);
      this.tail.set(chunk.subarray(4 * j, 4 * (j + take)), 4 * this.tailCount);
      this.tailCount += take;
      j += take;
      if (this.tailCount === BLOCK) { // a full block: encoded; its events stay decoded in the cache for now
        this.scratch = this.scratch || new Uint8Array(BLOCK * WORST);
        const bytes = encode(this.tail, BLOCK, this.scratch);
        this.bytes += bytes.length;
        this.remember(this.blocks.length, this.tail);
        this.blocks.push(bytes);
        this.tail = null;
        this.tailCount = 0;
      }
    }
    this.total += n;
  }

  // Distinct squares visited by events [0, k): the cells a solve has expanded once its cursor
  // stands at k (never fewer as it goes on, and the same number however the cursor got there).
  visitedAt(k) {
    const f = this.firsts;
    let lo = 0, hi = this.visitedTotal;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (f[mid] <= k) lo = mid + 1; else hi = mid; }
    return lo;
  }

  remember(b, ev) {
    this.cache.set(b, ev);
    if (this.cache.size > CACHED) this.cache.delete(this.cache.keys().next().value);
  }

  // The events of block b (packed, 4 ints each; the last block may be partial).  `keep`: false
  // for a pass over the whole log, which would only push the useful blocks out of the cache.
  block(b, keep = true) {
    if (b === this.blocks.length) return this.tail ? this.tail.subarray(0, 4 * this.tailCount) : new Int32Array(0);
    let ev = this.cache.get(b);
    if (ev) { if (keep) { this.cache.delete(b); this.cache.set(b, ev); } return ev; }
    if (!keep && this.spare) return decode(this.blocks[b], BLOCK, this.spare);
    ev = decode(this.blocks[b], BLOCK, keep ? undefined : (this.spare = new Int32Array(4 * BLOCK)));
    if (keep) this.remember(b, ev);
    return ev;
  }

  // Every event from `from` on, block by block: [packed events, their first index] (a pass over
  // the log; the arrays are only good until the next step).
  *segments(from = 0, keep = false) {
    for (let b = Math.floor(from / BLOCK); b * BLOCK < this.total; b++) yield [this.block(b, keep), b * BLOCK];
  }

  // Apply events [from, to) of the whole log to `s`, block by block.
  apply(s, from, to, backwards = false) {
    if (this.numTop > s.numTop) s.numTop = this.numTop;
    if (from >= to) return;
    const first = Math.floor(from / BLOCK), last = Math.floor((to - 1) / BLOCK);
    for (let i = 0; i <= last - first; i++) {
      const b = backwards ? last - i : first + i, base = b * BLOCK;
      applyEvents(s, this.block(b), Math.max(from, base) - base, Math.min(to, base + BLOCK) - base, backwards);
    }
    if (backwards) s.head = from > 0 ? this.event(from - 1)[1] : -1;
  }

  event(i) {
    const b = Math.floor(i / BLOCK), j = 4 * (i - b * BLOCK);
    return this.block(b).subarray(j, j + 4);
  }

  isMilestone(i) { return (this.event(i)[0] & BITS.MILESTONE) !== 0; }

  // Bytes the log keeps (the encoded blocks, the partial one and the decoded ones cached).
  get size() { return this.bytes + (this.tail ? this.tail.byteLength : 0) + this.cache.size * 16 * BLOCK; }
}
