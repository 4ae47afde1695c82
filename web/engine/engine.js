// The page's side of the worker: requests as promises, one batch in flight,
// and a fresh worker when the old one dies.

// The worker's address; with ?debug when the tests or benchmarks set PYMAZE_DEBUG before the page
// loaded: then the worker also answers their requests (pymaze.web_debug: snapshot, timing,
// streamHash, crash).  Written from the engine's folder up, so that it holds in the page's bundle
// too (build.py's bundle_page puts it in app/).
const workerUrl = () => new URL(globalThis.PYMAZE_DEBUG === true ? "../engine/worker.js?debug" : "../engine/worker.js", import.meta.url);

export class Engine {
  // `spare`: a worker already booting (web/app/early.js), taken over with its messages so far.
  constructor({ onStage, onReady, onFatal, onRestart, spare = null }) {
    this.hooks = { onStage, onReady, onFatal, onRestart };
    this.pending = new Map();
    this.nextId = 1;
    this.batchInFlight = false;
    this.restarts = [];
    this.recycles = 0; // workers ended to give their memory back and replaced by a fresh one up (recycle)
    this.booting = null; // a fresh worker booting in the place of the one ended (recycle)
    this.owed = null; // what the fresh worker is to be given before its first call
    this.fresh = null; // during the handover to it: resolves once it took the page's maze over
    this.stage = "";
    this.busy = null; // the request the worker is running: { id, since } (performance.now())
    this.start(spare);
  }

  // `spare`: a worker started earlier (Engine.spare()), whose messages so far are replayed.
  start(spare = null) {
    this.worker = spare ? spare.worker : new Worker(workerUrl(), { type: "module" });
    this.worker.onmessage = ({ data }) => this.receive(data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.restart(event.message || "the engine stopped");
    };
    if (spare) for (const data of spare.messages.splice(0)) this.receive(data);
  }

  // A second engine booting in the background (the Code mode keeps one, so that stopping user code
  // that never yields takes the time of a restore, not of a boot).
  static spare() {
    const spare = { worker: new Worker(workerUrl(), { type: "module" }), messages: [] };
    spare.worker.onmessage = ({ data }) => {
      spare.messages.push(data);
      if (data.type === "ready") spare.ready = true;
    };
    return spare;
  }

  // End this worker and boot a fresh one in its place: Pyodide's heap (WebAssembly memory) keeps the
  // peak of every run and is given back only with its worker.  The old one goes first, once it is
  // idle, so that the two never hold their memory at once (the page holds the run meanwhile); calls
  // made while the fresh one boots wait for it, and the first has `prepare(send)` give it the page's
  // maze first.  `wanted()`, asked once the old worker is idle: false (the page moved on) keeps it.
  recycle(prepare, wanted) {
    if (this.booting || this.fresh) return;
    const old = this.worker;
    const handover = () => {
      if (this.worker !== old || this.booting || this.fresh) return; // a crash or another recycle meanwhile
      if (this.pending.size) { setTimeout(handover, 100); return; } // the old worker answers first
      if (!wanted()) return;
      old.terminate();
      this.busy = null;
      this.owed = prepare; // (given with the next call: until then the fresh worker holds no maze at all)
      this.boot();
    };
    handover();
  }

  // A fresh worker in the place of the one just ended (recycle), its boot the engine's own business.
  // (A method of its own: its handlers, which live as long as the worker, hold none of the page's
  // run that `recycle`'s arguments see, such as the event log.)
  boot() {
    const worker = this.worker = new Worker(workerUrl(), { type: "module" });
    const booting = this.booting = { worker };
    this.stage = "";
    worker.onerror = (event) => {
      event.preventDefault();
      this.restart(event.message || "the engine stopped");
    };
    worker.onmessage = ({ data }) => {
      if (this.booting === booting && data.type === "stage") this.stage = data.stage;
      else if (this.booting === booting && data.type === "ready") { this.booting = null; this.stage = ""; this.recycles++; }
      else if (this.booting === booting && data.type === "fatal") { this.booting = null; this.restart(data.message); }
      else if (data.type !== "ready" && data.type !== "stage") this.receive(data);
    };
  }

  // Stop the worker and start a fresh one (`spare` when given: a warm worker to switch to).  A stop
  // asked for (`asked`: Stop, or the person's code over its time limit) is not the engine failing,
  // so only the others count towards "keeps stopping".
  restart(reason, spare = null, asked = false) {
    if (this.booting) this.booting.worker.terminate(); // (a crash while a fresh worker boots: the restart takes over)
    this.booting = this.owed = null;
    this.worker.terminate();
    const now = Date.now();
    if (!asked) this.restarts = this.restarts.filter((t) => now - t < 60000).concat(now);
    for (const { reject } of this.pending.values()) reject(new Error(reason));
    this.pending.clear();
    this.batchInFlight = false;
    this.busy = null;
    if (this.restarts.length > 3) return this.hooks.onFatal(`The engine keeps stopping (${reason}); reload the page.`);
    this.hooks.onRestart(reason);
    this.start(spare);
  }

  receive(data) {
    if (data.type === "started") { this.busy = { id: data.id, since: performance.now() }; return; }
    if (data.type === "stage") return this.hooks.onStage(data.stage, data.progress);
    if (data.type === "ready") return this.hooks.onReady(data);
    if (data.type === "fatal") return this.hooks.onFatal(data.message);
    if (this.busy && this.busy.id === data.id) this.busy = null;
    const waiting = this.pending.get(data.id);
    if (!waiting) return;
    this.pending.delete(data.id);
    if (data.type === "error") waiting.reject(new Error(data.message));
    else waiting.resolve(data);
  }

  // How long the worker has been running the request made with `args` (0 while it waits in the queue).
  busyFor(args) {
    const running = this.busy && this.pending.get(this.busy.id);
    return running && running.args === args ? performance.now() - this.busy.since : 0;
  }

  call(type, args = {}) {
    if (this.owed) {
      const prepare = this.owed;
      this.owed = null;
      this.fresh = prepare((t, a) => this.send(t, a)).catch(() => {}).finally(() => { this.fresh = null; });
    }
    if (this.fresh) return this.fresh.then(() => this.call(type, args));
    return this.send(type, args);
  }

  send(type, args = {}) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, args });
      this.worker.postMessage({ ...args, id, type });
    });
  }

  // Ask for the next batch unless one is already on its way; resolves to null then.
  batch(run, n) {
    if (this.batchInFlight) return Promise.resolve(null);
    this.batchInFlight = true;
    return this.call("batch", { run, n }).finally(() => { this.batchInFlight = false; });
  }
}
