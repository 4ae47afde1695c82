// The page's copy of the maze: typed-array layers, the run's whole event log
// (growing chunks, so the user can step back to the very beginning) and a
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

// Every event of a run, in chunks as they arrived from the worker.
export class EventLog {
  constructor() { this.chunks = []; this.starts = []; this.total = 0; this.finished = false; this.numTop = 0;
    this.marksUsed = new Set(); }

  push(chunk) {
    const n = chunk.length >> 2;
    if (!n) { this.finished = true; return; }
    // The largest number of the run so far (all of it once finished: the heat ramp's end),
    // and the marks it uses (what the legend names).
    for (let j = 0; j < chunk.length; j += 4) {
      const op = chunk[j] & BITS.OP_MASK;
      if (op === OP.NUM && chunk[j + 3] > this.numTop) this.numTop = chunk[j + 3];
      else if (op === OP.MARK) this.marksUsed.add(chunk[j + 3]);
    }
    this.chunks.push(chunk);
    this.starts.push(this.total);
    this.total += n;
  }

  chunkAt(i) {
    let lo = 0, hi = this.chunks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= i) lo = mid; else hi = mid - 1;
    }
    return lo;
  }

  // Apply events [from, to) of the whole log to `s`, chunk by chunk.
  apply(s, from, to, backwards = false) {
    if (this.numTop > s.numTop) s.numTop = this.numTop;
    if (from >= to) return;
    const first = this.chunkAt(from), last = this.chunkAt(to - 1);
    const order = [];
    for (let c = first; c <= last; c++) order.push(c);
    if (backwards) order.reverse();
    for (const c of order) {
      const base = this.starts[c], n = this.chunks[c].length >> 2;
      const a = Math.max(from, base) - base, b = Math.min(to, base + n) - base;
      applyEvents(s, this.chunks[c], a, b, backwards);
    }
    if (backwards) s.head = from > 0 ? this.event(from - 1)[1] : -1;
  }

  event(i) {
    const c = this.chunkAt(i), j = 4 * (i - this.starts[c]);
    return this.chunks[c].subarray(j, j + 4);
  }

  isMilestone(i) { return (this.event(i)[0] & BITS.MILESTONE) !== 0; }
}
