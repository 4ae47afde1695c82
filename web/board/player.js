// One run on the page: its state, its event log, a cursor, and the moves
// over it (play a budget per frame, step, step back, milestones, reset).
import { ShapeView } from "./shapes.js";
import { EventLog, NOTE, makeState } from "../engine/state.js";
import { Snapshots, restore } from "./timeline.js";

const INSTANT_MS = 8;
const INSTANT_BATCH = 100000;
// Events a batch of a whole run fetched at once holds: the engine makes each batch as a Python list
// first, and Pyodide's heap never gives back its peak.
const FETCH_BATCH = 65536;

export class Player {
  constructor(engine) {
    this.engine = engine;
    this.runId = 0; // the engine's id of the run shown (the worker answers batches for it alone)
    this.loads = 0; // runs shown so far on this page
    this.s = null;
    this.log = null;
    this.cursor = 0;
    this.carry = 0;
  }

  load(kind, reply) {
    const { header, wall, mark, num } = reply;
    this.runId = header.run;
    this.loads++;
    this.kind = kind;
    this.header = header;
    this.s = makeState(header, wall, mark, num);
    // A shaped maze's drawing comes once per maze: a run on the same maze keeps the last one.
    if (reply.drawing) this.shapes = new ShapeView(reply.drawing);
    if (this.s.shape !== "square") this.s.shapes = this.shapes;
    this.log = new EventLog(wall.length);
    this.snaps = new Snapshots(this.s, reply.first); // what a seek far away starts from (timeline.js)
    this.cursor = 0;
    this.carry = 0;
    this.deferred = false; // an instant run: the state is at its end, its events not made yet
    this.instantTried = false;
    this.regenerating = null;
    this.finalWalls = null;
  }

  // The cells the run has expanded up to the cursor (a solve's "visited"), counted from its events.
  get visited() {
    if (this.deferred && this.s.visitedFinal != null) return this.s.visitedFinal;
    return this.log.visitedAt(this.cursor);
  }

  get atEnd() { return this.deferred || (this.log.finished && this.cursor >= this.log.total); }

  // Speed "instant" on a run not started yet: the engine runs it without making events and sends
  // its final layers in one transfer (see pymaze.web.instant).  Resolves to true when the state is
  // at the run's end, false when the engine pulls batches instead (the run then plays as usual).
  async finishInstant() {
    if (this.instantTried) return false;
    this.instantTried = true;
    if (this.cursor || this.log.total || this.log.finished) return false;
    const run = this.runId;
    const { final } = await this.engine.call("instant", { run });
    if (!final || run !== this.runId) return false;
    // The final layers become the state's own (no copy, no pass over them here: the worker
    // counted the marks, the largest number and the walls; the first maze's are in the header).
    const s = this.s, top = final.numTop;
    s.opened = this.header.walls - final.walls;
    s.markCount.set(final.markCount.subarray(0, s.markCount.length));
    s.markCount.forEach((n, m) => { if (m && n) this.log.marksUsed.add(m); });
    this.log.numTop = top;
    s.numTop = Math.max(s.numTop, top);
    Object.assign(s, { wall: final.wall, mark: final.mark, num: final.num, start: final.start, goals: final.goals.slice(), route: final.route.slice(), notes: final.notes,
      waypoints: final.notes.filter((n) => n[0] === NOTE.WAYPOINT).map((n) => [n[2], n[1]]), head: -1,
      allDirty: true, routeChanged: true, dirtyCount: 0 });
    s.visitedFinal = final.visited ?? null; // the cells the event-free twin expanded (no events to count)
    this.deferred = true;
    this.finalWalls = final.walls01; // the final walls packed (main.js keeps them for a fresh worker)
    return true;
  }

  // Back to the start of an instant run whose events are not made yet (a replay): the state of its
  // first event (the first snapshot) and the engine's run started again, so that its events come
  // as they are played, as in a watched run (the worker answers the replay before any batch).
  rewind() {
    restore(this.s, this.snaps.snaps[0]);
    this.cursor = 0;
    this.deferred = false;
    this.engine.call("replay", { run: this.runId }).catch(() => {}); // a dead engine says so itself
  }

  // The events of an instant run, made again by the engine from the same seed, all fetched; the
  // cursor then stands at their end (where the state already is).  Resolves to the total.
  async regenerate() {
    const run = this.runId;
    if (!this.deferred) return this.log.total;
    if (!this.regenerating) {
      this.regenerating = this.engine.call("replay", { run }).then(async () => {
        while (run === this.runId && !this.log.finished) await this.ensure(this.log.total + FETCH_BATCH);
        if (run === this.runId) { this.cursor = this.log.total; this.deferred = false; }
      }).finally(() => { this.regenerating = null; });
    }
    await this.regenerating;
    return this.log.total;
  }

  // Keep at least `ahead` events fetched beyond the cursor (one request in flight).
  prefetch(ahead, size) {
    const log = this.log;
    if (!log || log.finished || log.total - this.cursor >= ahead) return null;
    if (this.deferred && !this.regenerating) return null; // an instant run's end: the engine's run is over
    const run = this.runId;
    const p = this.engine.batch(run, size);
    return p.then((reply) => {
      // (a run that went instant while this was asked for ends its engine run: that empty reply is no
      // end of its events, which regenerate makes again)
      if (reply && run === this.runId && !(this.deferred && !this.regenerating)) {
        log.push(reply.events);
        this.ahead(ahead, size); // keep the worker busy until `ahead` events wait
      }
      return reply;
    });
  }

  // A prefetch nobody waits for: an engine that stops meanwhile (Stop in the Code mode, a crash)
  // rejects it, and says so itself (the page restores its maze): no unhandled rejection.
  ahead(n, size) {
    const p = this.prefetch(n, size);
    if (p) p.catch(() => {});
  }

  // Make events [0, k) available (or as many as the run has); resolves to the total.
  async ensure(k) {
    const run = this.runId;
    while (run === this.runId && this.log.total < k && !this.log.finished) {
      if (this.deferred && !this.regenerating) break; // the run went instant meanwhile: no batch will come
      const reply = await this.prefetch(k - this.cursor, Math.max(1000, k - this.log.total));
      if (!reply) await new Promise((r) => setTimeout(r, 5));
    }
    return this.log.total;
  }

  forward(n) {
    const to = Math.min(this.log.total, this.cursor + n);
    this.log.apply(this.s, this.cursor, to);
    this.cursor = to;
  }

  seek(target) {
    target = Math.max(0, Math.min(target, this.log.total));
    this.cursor = this.snaps.seek(this.log, this.s, this.cursor, target);
  }

  // Advance for one animation frame of `dt` seconds at `eps` events per second.
  play(dt, eps) {
    if (this.deferred) return;
    if (eps === Infinity) {
      const t0 = performance.now();
      while (this.cursor < this.log.total && performance.now() - t0 < INSTANT_MS) this.forward(20000);
      this.ahead(INSTANT_BATCH * 2, INSTANT_BATCH);
      return;
    }
    this.carry = Math.min(this.carry + eps * dt, Math.max(1, eps * 0.25) + 1);
    const n = Math.floor(this.carry);
    const avail = this.log.total - this.cursor;
    this.forward(Math.min(n, avail));
    this.carry -= Math.min(n, avail);
    const size = Math.max(1000, Math.min(INSTANT_BATCH, Math.round(eps)));
    this.ahead(size, size);
  }

  // Fetch the rest of the run (the timeline shows all of it); resolves to the total.
  async fetchAll() {
    const run = this.runId;
    while (run === this.runId && !this.log.finished) {
      if (this.deferred) return this.regenerate(); // (also a run that went instant while this waited)
      await this.ensure(this.log.total + FETCH_BATCH);
    }
    return this.log.total;
  }

  async step() { await this.ensure(this.cursor + 1); this.forward(1); }

  back() { this.seek(this.cursor - 1); }

  async nextMilestone() {
    for (let i = this.cursor; ; i++) {
      if (i >= this.log.total && (await this.ensure(i + 1)) <= i) return this.seek(this.log.total);
      if (this.log.isMilestone(i)) return this.seek(i + 1);
    }
  }

  prevMilestone() {
    for (let i = this.cursor - 2; i >= 0; i--) if (this.log.isMilestone(i)) return this.seek(i + 1);
    this.seek(0);
  }
}
