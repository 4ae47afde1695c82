// The page's copy of the maze: typed-array layers, the run's whole event log
// (growing chunks, so the user can step back to the very beginning) and a
// pure applyEvents with the engine's semantics (pymaze/events.py).
export const OP = { WALL: 1, MARK: 2, NUM: 3, START: 4, GOAL: 5, NOTE: 6 };
export const OP_MASK = 0xff;
export const MILESTONE = 0x100;
export const MARK = { CURRENT: 1, STACK: 2, FRONTIER: 3, VISITED: 4, ROUTE: 5, FRONTIER2: 6,
  VISITED2: 7, FILLED: 8, ROUTE2: 9, DEAD: 10 };
export const N_WAYPOINT = 10;

export function makeState(header, wall, mark, num) {
  const size = header.width * header.height;
  const markCount = new Int32Array(16);
  for (let i = 0; i < size; i++) markCount[mark[i]]++;
  return {
    width: header.width, height: header.height, geometry: header.geometry, layer: header.layer,
    kind: header.kind, wall, mark, num, start: header.start, goals: header.goals.slice(),
    markCount, route: [], notes: [], waypoints: [], head: -1,
    weight: header.weights ? Int32Array.from(header.weights) : null,
    dirty: new Int32Array(1024), dirtyCount: 0, allDirty: true, routeChanged: true,
  };
}

function touch(s, p) {
  if (s.allDirty) return;
  if (s.dirtyCount === s.dirty.length) {
    if (s.dirtyCount > (s.width * s.height) >> 2) { s.allDirty = true; return; }
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
    const j = 4 * i, op = ev[j] & OP_MASK, p = ev[j + 1];
    const value = backwards ? ev[j + 2] : ev[j + 3];
    if (op === OP.WALL) { s.wall[p] = value; touch(s, p); }
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
      if (ev[j + 2] === N_WAYPOINT) {
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
  constructor() { this.chunks = []; this.starts = []; this.total = 0; this.finished = false; }

  push(chunk) {
    const n = chunk.length >> 2;
    if (!n) { this.finished = true; return; }
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

  isMilestone(i) { return (this.event(i)[0] & MILESTONE) !== 0; }
}
