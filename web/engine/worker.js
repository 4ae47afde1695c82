// The engine's home: a module worker that boots Pyodide from the site's own
// files, unpacks the pymaze wheel and answers the page's requests.  It holds
// one pymaze.web.Session (the page's maze and runs), calls its methods from one
// table of requests, and hands events out as transferred Int32Arrays.  Opened with
// ?debug (engine.js: the tests' and benchmarks' flag) it also loads pymaze.web_debug.
import { loadPyodide } from "../pyodide.mjs";
import { pack, packedBuffers, unpackBits } from "./pack.js";

let session = null; // pymaze.web.Session: every request below is one of its methods
let debug = null;   // pymaze.web_debug, only when the tests asked for it
let current = 0; // the id the engine gave its current run: batches asked for older runs get nothing

const stage = (name, progress) => postMessage({ type: "stage", stage: name, progress });

function lastLine(err) {
  const text = String((err && err.message) || err).trim();
  const line = text.split("\n").filter((l) => l.trim()).pop() || text;
  return line.replace(/^(?:[\w.]+(?:Error|Exception)): /, "");
}

function copyBuffer(proxy, kind) {
  const buf = proxy.getBuffer(kind);
  try {
    return buf.data.slice();
  } finally {
    buf.release();
    proxy.destroy();
  }
}

// A layer of the engine's maze copied out; one all 0 (a generator's numbers, a fresh maze's marks)
// is a new array instead, whose memory nobody writes: it takes no room until an event writes it.
function copyLayer(proxy, kind) {
  const buf = proxy.getBuffer(kind);
  try {
    const data = buf.data;
    let i = 0;
    while (i < data.length && data[i] === 0) i++;
    return i === data.length ? new data.constructor(data.length) : data.slice();
  } finally {
    buf.release();
    proxy.destroy();
  }
}

// A run's first maze (header JSON, wall, mark, num) as a message and its buffers to transfer.
function firstMaze(result, drawing = shapeDrawing(session.drawing())) {
  const header = JSON.parse(result.get(0));
  const wall = copyBuffer(result.get(1), "u8");
  const mark = copyLayer(result.get(2), "u8");
  const num = copyLayer(result.get(3), "i32");
  result.destroy();
  Object.assign(header, tally({ wall, mark, num })); // (the page's state starts from these counts)
  const transfer = [wall.buffer, mark.buffer, num.buffer, ...drawingBuffers(drawing)];
  return { message: { header, wall, mark, num, drawing }, transfer };
}

// A hex, triangle or polar maze's drawing (pymaze.web.Session.drawing), when the engine sends it: once per maze.
function shapeDrawing(d) {
  if (!d) return null;
  const meta = JSON.parse(d.get(0));
  const f64 = (i) => new Float64Array(copyBuffer(d.get(i), "u8").buffer);
  const i32 = (i) => new Int32Array(copyBuffer(d.get(i), "u8").buffer);
  const out = { ...meta, polygons: f64(1), starts: i32(2), walls: f64(3), border: f64(4), ends: i32(5) };
  d.destroy();
  return out;
}

// What the page keeps beside a maze's layers (a run's first maze, an instant run's final one),
// counted here rather than on the page's thread: the squares of each mark, the largest number,
// and the wall squares (an instant run's opened walls are the first maze's less the final one's).
function tally({ wall, mark, num }) {
  const markCount = new Int32Array(256);
  let walls = 0, numTop = 0;
  for (let i = 0; i < wall.length; i++) {
    walls += wall[i];
    markCount[mark[i]]++;
    if (num[i] > numTop) numTop = num[i];
  }
  return { walls, markCount, numTop };
}

const drawingBuffers = (d) => (d ? ["polygons", "starts", "walls", "border", "ends"].map((k) => d[k].buffer) : []);

// A run started: remember the id the engine gave it, and hand over its first maze (the header holds
// the id) with its layers packed too: the timeline's first snapshot (timeline.js), not made on the page's thread.
function started(result) {
  const out = firstMaze(result);
  current = out.message.header.run;
  const { wall, mark, num } = out.message;
  const first = out.message.first = { wall: pack(wall), mark: pack(mark), num: pack(num) };
  out.transfer.push(...Object.values(first).flatMap(packedBuffers));
  return out;
}

// A race started: each racer's first maze; the page's current run stays what it was.  Every racer
// has the same shape, size and mask: the first one's drawing (a hex, triangle or polar race) is the race's.
function raced(result) {
  const racers = [];
  for (let i = 0; i < result.length; i++) racers.push(firstMaze(result.get(i), null));
  result.destroy();
  const drawing = shapeDrawing(session.race_drawing(racers[0].message.header.run));
  const transfer = [...racers.flatMap((r) => r.transfer), ...drawingBuffers(drawing)];
  return { message: { racers: racers.map((r) => r.message), drawing }, transfer };
}

const handlers = {
  catalogue: () => ({ message: { catalogue: JSON.parse(session.catalogue_json()) } }),
  generate: (a) => started(session.generate(a.slug, a.width, a.height, a.seed, a.shape || a.geometry || "thin",
    JSON.stringify(a.options || {}), a.mask ? JSON.stringify(a.mask) : "", a.depth || "")),
  solve: (a) => started(session.solve(a.slug, a.seed, JSON.stringify(a.options || {}))),
  batch: (a) => {
    // A batch asked for by a run the page has left would take the new run's events.
    if (a.run !== current) return { message: { events: new Int32Array(0), run: a.run, stale: true } };
    const events = copyBuffer(session.next_batch(a.n), "i32");
    return { message: { events, run: a.run, ...userBatch() }, transfer: [events.buffer] };
  },
  // Speed "instant": the run's final layers in one transfer, no events (null: pull batches instead).
  instant: (a) => {
    if (a.run !== current) return { message: { final: null, stale: true } };
    const result = session.instant();
    if (!result) return { message: { final: null } };
    const final = { ...JSON.parse(result.get(0)), wall: copyBuffer(result.get(1), "u8"),
      mark: copyLayer(result.get(2), "u8"), num: copyLayer(result.get(3), "i32") };
    result.destroy();
    Object.assign(final, tally(final));
    final.walls01 = pack(final.wall); // (what the page keeps of the maze for a fresh worker: bits)
    return { message: { final }, transfer: [final.wall.buffer, final.mark.buffer, final.num.buffer, final.markCount.buffer,
      ...packedBuffers(final.walls01)] };
  },
  // The events of an instant run, made again from the start (same run id, same seed).
  replay: (a) => {
    if (a.run !== current) return { message: { stale: true } };
    session.replay();
    return { message: {} };
  },
  race: (a) => raced(session.race(a.family, JSON.stringify(a.slugs || []), a.generator, a.width, a.height, a.seed,
    a.shape || a.geometry || "thin", JSON.stringify(a.options || {}), a.mask ? JSON.stringify(a.mask) : "",
    JSON.stringify(a.racerOptions || []), a.depth || "")),
  raceBatch: (a) => {
    const events = copyBuffer(session.race_batch(a.run, a.n), "i32");
    return { message: { events, run: a.run }, transfer: [events.buffer] };
  },
  // The page's own code (the Code mode): registered as the plugin yours.py, never run by registering.
  register: (a) => ({ message: JSON.parse(session.register_code(a.code, a.defer !== false)) }),
  // "See inside": the current run after its first k events (and its source, once per run).
  inside: (a) => (a.run !== current ? { message: { stale: true } }
    : { message: JSON.parse(session.inside_json(a.k, !!a.source, !!a.parents)) }),
  predict: (a) => (a.run !== current ? { message: { stale: true } }
    : { message: JSON.parse(session.predict_json(a.k, a.cell)) }),
  builtinSource: (a) => ({ message: { code: session.builtin_source(a.family, a.slug) } }),
  load: (a) => started(session.load_text(a.text, a.fmt || "auto")),
  picture: (a) => ({ message: { picture: JSON.parse(session.read_picture(a.width, a.height, a.data,
    JSON.stringify(a.options || {}))) } }),
  acceptPicture: () => started(session.accept_picture()),
  current: (a) => started(session.current(!!a.block)),
  setMaze: (a) => started(session.set_maze(a.width, a.height, a.wall, a.start, a.goal, a.weight || undefined, // JS null is not None
    a.geometry || "block", a.shape || "square", a.mask || "", a.depth || undefined)), // (a levels maze's levels)
  // Edit's live route: the edited maze solved with nobody watching; the current run stays.
  preview: (a) => {
    const result = session.preview(a.width, a.height, a.wall, a.start, a.goal, a.weight || undefined,
      a.geometry || "block", a.shape || "square", a.mask || "", a.slug, a.seed, JSON.stringify(a.options || {}), a.depth || undefined);
    const mark = copyBuffer(result.get(1), "u8");
    const message = { ...JSON.parse(result.get(0)), mark };
    result.destroy();
    return { message, transfer: [mark.buffer] };
  },
  finish: () => { session.finish_run(); return { message: {} }; },
  // A fresh engine takes the page's maze over (the page ended the last worker to give its memory back).
  adopt: (a) => {
    session.adopt(JSON.stringify(a.header), Array.isArray(a.wall) ? unpackBits(a.wall) : a.wall, a.weight || undefined);
    current = a.header.run; // (an instant run's replay asks by the page's id)
    return { message: {} };
  },
  heap: () => ({ message: { bytes: self.heapBytes(), warmed, warmRuns: WARM_RUNS } }), // (the warm-up's runs done, of: below)
  shortest: () => ({ message: { moves: session.shortest() } }),
  export: (a) => ({ message: { text: session.export_text(a.format) } }),
  svg: () => ({ message: { text: session.export_svg() } }),
  sheet: (a) => ({ message: { text: session.sheet_html(a.slug, a.width, a.height, a.seed, a.count, a.paper,
    a.title || "", JSON.stringify(a.options || {})) } }),
  weights: (a) => ({ message: { weights: JSON.parse(session.set_random_weights(a.seed)) } }),
  metrics: () => ({ message: { metrics: JSON.parse(session.metrics_json()) } }),
  labChunk: (a) => ({ message: { records: JSON.parse(session.lab_chunk(a.generator, a.solvers, a.shape, a.width,
    a.height, JSON.stringify(a.seeds), a.depth || "")) } }),
  labReport: (a) => ({ message: { report: JSON.parse(session.lab_report(JSON.stringify(a.records))) } }),
};

// The tests' and benchmarks' requests (pymaze.web_debug), answered only by a worker opened with ?debug.
const DEBUG = new URL(import.meta.url).searchParams.has("debug");
const debugHandlers = {
  snapshot: () => ({ message: { snapshot: JSON.parse(debug.snapshot(session)) } }),
  timing: (a) => ({ message: { timing: JSON.parse(debug.timing_json(a.slug, a.width, a.height, a.seed, a.solver || "")) } }),
  streamHash: (a) => ({
    message: { hash: debug.stream_hash(a.slug, a.width, a.height, a.seed, a.geometry || "thin",
      JSON.stringify(a.options || {}), a.solver || "", a.solverSeed || 0,
      JSON.stringify(a.solverOptions || {})) },
  }),
  crash: () => {
    setTimeout(() => { throw new Error("the engine was stopped on request"); });
    return { message: {} };
  },
};
if (DEBUG) Object.assign(handlers, debugHandlers);

// A batch of the page's own code carries the code line behind each event and, once the run
// stopped on it, the error (see pymaze.web.Session.user_batch_json).
function userBatch() {
  const extra = session.user_batch_json();
  return extra ? { user: JSON.parse(extra) } : {};
}

// User code runs in this worker: whatever it reaches through Pyodide's `js` module may talk to
// this site alone.  (The server's Content-Security-Policy says the same where it is sent.)
function ownOriginOnly() {
  const own = (url) => new URL(String(url instanceof Request ? url.url : url), self.location.href).origin === self.location.origin;
  const refuse = (url) => { throw new TypeError(`pymaze: ${url} is not on this site; the engine talks to its own site only`); };
  const realFetch = self.fetch.bind(self);
  self.fetch = (url, init) => (own(url) ? realFetch(url, init) : Promise.reject(refuse(url)));
  const RealXHR = self.XMLHttpRequest;
  self.XMLHttpRequest = class extends RealXHR {
    open(method, url, ...rest) { if (!own(url)) refuse(url); return super.open(method, url, ...rest); }
  };
  for (const name of ["WebSocket", "EventSource"]) {
    const Real = self[name];
    if (Real) self[name] = class extends Real { constructor(url, ...rest) { if (!own(url)) refuse(url); super(url, ...rest); } };
  }
  self.importScripts = (...urls) => { urls.forEach((u) => own(u) || refuse(u)); throw new TypeError("pymaze: importScripts is off"); };
}

// Where the boot's time goes (window.pymaze.boot on the page, bench/boot.py): moments in ms since
// the epoch (the page subtracts its own time origin), and the path taken: "snapshot" (the
// interpreter restored with the engine imported) or "normal" (Python started and the engine
// imported here), with why the snapshot was not used when there was one.
const marks = { worker: performance.timeOrigin + performance.now() };
const mark = (name) => { marks[name] = performance.timeOrigin + performance.now(); };
// A file's download as the boot's report gives it (`origin`: the time origin of the thread that timed it).
const resourceOf = (e, origin = performance.timeOrigin) => ({ name: new URL(e.name).pathname.split("/").pop(),
  start: origin + e.startTime, end: origin + e.responseEnd, bytes: e.encodedBodySize });

// The runtime's WebAssembly, compiled as it downloads from the worker's first moment by a helper
// on a thread of its own (compile.js; here it held up the manifest and the snapshot's gunzip), while
// the snapshot and pyodide.asm.mjs arrive, instead of after them when Pyodide asks for it.  Pyodide's
// own instantiateStreaming takes this module, and its own request for the file gets an empty answer
// instead of a second copy of its 10 MB; a helper that failed leaves Pyodide to fetch and compile
// the file as it would have.
const wasmUrl = new URL("../pyodide.asm.wasm", import.meta.url).href;
const fetchAll = self.fetch;
const wasmResource = []; // (the helper's download of the file, beside the worker's own in the boot's report)
const compiled = new Promise((resolve, reject) => {
  const helper = new Worker(new URL("./compile.js", import.meta.url)); // (a thread of its own: compile.js)
  helper.onmessage = ({ data }) => {
    helper.terminate();
    if (typeof data === "string") reject(new Error(data));
    else { if (data.timing) wasmResource.push(resourceOf(data.timing, data.origin)); resolve(data.module); }
  };
  helper.onerror = (event) => { event.preventDefault(); helper.terminate(); reject(new Error(event.message)); };
  helper.postMessage(wasmUrl);
}).then((module) => { mark("compiled"); return module; });
compiled.catch(() => {}); // (awaited below)
self.fetch = (url, init) => (String(url) === wasmUrl
  ? compiled.then(() => new Response(null), () => fetchAll(url, init)) : fetchAll(url, init));
let wasmFrom = "Pyodide"; // who compiled the runtime: "worker" (the module above) or Pyodide
const instantiate = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = async (source, imports) => {
  const module = await compiled.catch(() => null);
  if (!module) return instantiate(source, imports).then((r) => { mark("compiled"); return r; });
  wasmFrom = "worker";
  return { module, instance: await WebAssembly.instantiate(module, imports) };
};

// The site's engine snapshot (build.py, web/engine/snapshot/make.mjs), gunzipped as it downloads; a
// damaged file fails gzip's checksum here rather than restoring a broken interpreter.  Pyodide takes
// it as a promise and awaits it before it makes its runtime, so that a missing or damaged one leaves
// no half-started runtime behind, while pyodide.asm.mjs loads and the WebAssembly compiles meanwhile.
let snapshotGunzipped = false; // the snapshot came gunzipped from sw.js's cache (a second visit)
async function snapshotBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${response.status} for the snapshot`);
  snapshotGunzipped = response.headers.get("X-Gunzipped") === "1"; // (sw.js's copy, gunzipped once, when it checked it)
  const bytes = new Uint8Array(await (snapshotGunzipped ? response
    : new Response(response.body.pipeThrough(new DecompressionStream("gzip")))).arrayBuffer());
  mark("snapshot");
  return bytes;
}

async function boot() {
  stage("downloading runtime", 0.05);
  const base = new URL("../", import.meta.url).href;
  const manifest = await (await fetch(base + "manifest.json")).json();
  mark("manifest");
  // (the snapshot first, the longest download; then the wheel)
  const snapshot = manifest.snapshot ? snapshotBytes(base + manifest.snapshot) : null;
  snapshot?.catch(() => {}); // (Pyodide awaits it once it has loaded pyodide.asm.mjs)
  const wheelBytes = fetch(base + manifest.wheel).then((r) => {  // downloads while the runtime starts
    if (!r.ok) throw new Error(`cannot fetch ${manifest.wheel} (${r.status})`);
    return r.arrayBuffer();
  }).then((b) => { mark("wheel"); return b; });
  wheelBytes.catch(() => {}); // (awaited below)
  const options = { indexURL: base, stdout: () => {}, stderr: () => {} };
  let pyodide = null, path = "normal", fallback = null;
  if (snapshot) {
    try {
      pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot });
      pyodide.runPython("import random; random.seed()"); // (not the seed frozen into the snapshot)
      path = "snapshot";
    } catch (err) { // an old, damaged or missing snapshot: boot as if there were none, quietly
      fallback = String((err && err.message) || err).trim().split("\n")[0];
      pyodide = null;
    }
  }
  if (!pyodide) pyodide = await loadPyodide(options);
  mark("python");
  stage("loading engine", 0.8);
  // The engine is imported from its wheel as it is (zipimport), as the snapshot's was: one file
  // written, nothing unpacked; the snapshot has every module imported, the sources stay readable.
  const wheelPath = `${pyodide.FS.cwd()}/${manifest.wheel}`;
  pyodide.FS.writeFile(wheelPath, new Uint8Array(await wheelBytes));
  pyodide.runPython(`import sys\nif ${JSON.stringify(wheelPath)} not in sys.path: sys.path.insert(0, ${JSON.stringify(wheelPath)})`);
  mark("unpacked");
  session = pyodide.pyimport("pymaze.web").Session();
  mark("imported");
  if (DEBUG) debug = pyodide.pyimport("pymaze.web_debug");
  self.heapBytes = () => pyodide._module?.HEAP8?.length ?? null; // Pyodide's heap (bench/page.py's memory part)
  ownOriginOnly();
  const catalogue = JSON.parse(session.catalogue_json());
  mark("ready");
  const resources = performance.getEntriesByType("resource").map((e) => resourceOf(e)).concat(wasmResource);
  stage("ready", 1);
  postMessage({ type: "ready", catalogue, manifest, pyodide: pyodide.version,
    boot: { path, fallback, wasm: wasmFrom, gunzipped: snapshotGunzipped, marks, resources } });
  setTimeout(warm, WARM_IDLE_MS);
}

// Warming up (pymaze.web.Session.warm_up): once booted, while no request has come for a moment, the
// engine runs small mazes unseen, one per task (a request waits for one at most), until the browser has
// compiled Pyodide's interpreter optimized: the first big run took about twice as long without.
const WARM_RUNS = 24, WARM_IDLE_MS = 300;
let warmed = 0, lastRequest = 0;
function warm() {
  if (warmed >= WARM_RUNS) return;
  const idle = performance.now() - lastRequest;
  if (idle < WARM_IDLE_MS) { setTimeout(warm, WARM_IDLE_MS - idle); return; }
  session.warm_up(++warmed);
  setTimeout(warm, 0);
}

const booted = boot().catch((err) => {
  postMessage({ type: "fatal", message: `could not start the engine: ${lastLine(err)}` });
  throw err;
});

onmessage = async ({ data }) => {
  await booted;
  lastRequest = performance.now(); // (the warm-up waits for a quiet moment)
  const { id, type } = data;
  if (!Object.hasOwn(handlers, type)) { // (a debug request of a worker opened without ?debug)
    postMessage({ type: "error", id, message: `the engine has no request ${type}` });
    return;
  }
  postMessage({ type: "started", id }); // (the page's time limit on user code counts from here, not from the queue)
  try {
    const { message, transfer } = handlers[type](data);
    postMessage({ type: "reply", id, ...message }, transfer || []);
  } catch (err) {
    postMessage({ type: "error", id, message: lastLine(err) });
    // Anything but a Python exception (a wasm trap, out of memory) leaves
    // the runtime unusable: die loudly so that the page starts a fresh one.
    if (!(err && err.constructor && err.constructor.name === "PythonError")) setTimeout(() => { throw err; });
  }
};
