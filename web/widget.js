// The Jupyter widget's front end (anywidget: pymaze/widget.py's RunWidget), bundled by build.py
// with the page's modules into pymaze/static/widget.js.  The model holds a run as the page's
// worker sends one: its header and first maze, the drawing of a shaped maze, and all its events;
// the page's player (player.js) steps them and the page's renderer (render.js) draws them.  The
// model's `tick` is the event shown, kept in step with Python both ways; `playing` and `speed` too.
import { pack } from "./engine/pack.js";
import { Player } from "./board/player.js";
import { Renderer } from "./board/render.js";
import { adoptVocabulary } from "./engine/state.js";

const STYLE = `
.pymaze-widget { font: 13px/1.4 system-ui, sans-serif; color: #0f172a; max-width: 720px; }
.pymaze-widget .view { position: relative; width: 100%; aspect-ratio: 4 / 3; max-height: 70vh; background: #e2e8f0; border-radius: 6px; }
.pymaze-widget .view canvas { position: absolute; left: 50%; top: 50%; transform: translate(-50%, -50%); }
.pymaze-widget .view canvas + canvas { pointer-events: none; }
.pymaze-widget .bar { display: flex; gap: 6px; align-items: center; padding: 6px 0; flex-wrap: wrap; }
.pymaze-widget button { min-width: 36px; min-height: 30px; font: inherit; border: 1px solid #94a3b8; border-radius: 6px; background: #fff; cursor: pointer; }
.pymaze-widget input[type=range].scrub { flex: 1 1 160px; }
.pymaze-widget .count { font-variant-numeric: tabular-nums; min-width: 10ch; text-align: right; }
`;

// A DataView (or ArrayBuffer) from the kernel as a typed array of its own (aligned, a copy).
function typed(Kind, value) {
  const view = value instanceof DataView ? value : new DataView(value.buffer ?? value, value.byteOffset ?? 0, value.byteLength);
  return new Kind(view.buffer.slice(view.byteOffset, view.byteOffset + view.byteLength));
}

// The model's run as a Player at event 0, its events all in its log.
function playerOf(model) {
  adoptVocabulary(model.get("vocabulary"));
  const header = { ...model.get("header") };
  const wall = typed(Uint8Array, model.get("wall")), mark = typed(Uint8Array, model.get("mark"));
  const num = typed(Int32Array, model.get("num"));
  const d = model.get("drawing");
  const drawing = d && { ...d, polygons: typed(Float64Array, d.polygons), starts: typed(Int32Array, d.starts),
    walls: typed(Float64Array, d.walls), border: typed(Float64Array, d.border), ends: typed(Int32Array, d.ends) };
  const player = new Player(null);
  player.load(header.kind === "solver" ? "solve" : "generate", { header, wall, mark, num, drawing, first: { wall: pack(wall), mark: pack(mark), num: pack(num) } });
  const events = typed(Int32Array, model.get("events"));
  if (events.length) player.log.push(events);
  player.log.push(new Int32Array(0)); // the run is over: every event is here
  return player;
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "pymaze-widget";
  root.innerHTML = `<style>${STYLE}</style>
    <div class="view"><canvas class="maze"></canvas><canvas class="overlay"></canvas></div>
    <div class="bar">
      <button class="back" type="button" title="Step back" aria-label="step back">◀</button>
      <button class="play" type="button" title="Play or pause" aria-label="play">▶</button>
      <button class="step" type="button" title="Step" aria-label="step">▶|</button>
      <input class="scrub" type="range" min="0" aria-label="event">
      <span class="count"></span>
      <label>speed <input class="speed" type="range" min="0" max="6" step="0.1" aria-label="events a second (log scale)"></label>
    </div>`;
  el.append(root);
  const $ = (sel) => root.querySelector(sel);
  const player = playerOf(model);
  const renderer = new Renderer($(".maze"), $(".overlay"));
  const s = player.s, total = player.log.total;
  const [x0, y0, x1, y1] = s.shapes ? s.shapes.bounds : [0, 0, s.width, s.height];
  $(".view").style.aspectRatio = `${Math.max(0.5, Math.min(3, (x1 - x0) / (y1 - y0)))}`;
  $(".scrub").max = String(total);
  let painting = false, playing = false, lastSent = 0;

  const draw = () => {
    if (!renderer.s) return;
    $(".scrub").value = String(player.cursor);
    $(".count").textContent = `${player.cursor} / ${total}`;
    renderer.frame(player.cursor < total);
    if (renderer.sweep < renderer.sweepEnd && !painting) {
      painting = true;
      requestAnimationFrame(() => { painting = false; draw(); });
    }
  };
  const layout = () => {
    const box = $(".view").getBoundingClientRect();
    if (box.width < 1 || box.height < 1) return;
    renderer.layout(s, model.get("view"), box);
    draw();
  };
  // Show event k; `tell`: hand it to Python too (now, or at most every 250 ms while playing).
  const seek = (k, tell = true) => {
    player.seek(Math.max(0, Math.min(total, k)));
    draw();
    const now = performance.now();
    if (tell && model.get("tick") !== player.cursor && (!playing || now - lastSent > 250)) {
      lastSent = now;
      model.set("tick", player.cursor);
      model.save_changes();
    }
  };
  const setPlaying = (on) => {
    if (model.get("playing") !== on) { model.set("playing", on); model.save_changes(); }
  };
  const play = () => {
    if (playing) return;
    playing = true;
    $(".play").textContent = "❚❚";
    if (player.cursor >= total) seek(0);
    let last = performance.now(), carry = 0;
    const frame = (now) => {
      if (!playing) return;
      carry += model.get("speed") * Math.min(0.1, (now - last) / 1000);
      last = now;
      const n = Math.floor(carry);
      carry -= n;
      if (n) seek(player.cursor + n);
      if (player.cursor >= total) { stop(); setPlaying(false); } else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  };
  const stop = () => {
    if (!playing) return;
    playing = false;
    $(".play").textContent = "▶";
    seek(player.cursor); // (the last position reaches Python)
  };

  $(".back").addEventListener("click", () => { stop(); setPlaying(false); seek(player.cursor - 1); });
  $(".step").addEventListener("click", () => { stop(); setPlaying(false); seek(player.cursor + 1); });
  $(".play").addEventListener("click", () => setPlaying(!playing));
  $(".scrub").addEventListener("input", (e) => { stop(); setPlaying(false); seek(Number(e.target.value)); });
  $(".speed").value = String(Math.log10(Math.max(1, model.get("speed"))));
  $(".speed").addEventListener("input", (e) => { model.set("speed", Math.round(10 ** Number(e.target.value))); model.save_changes(); });

  const onTick = () => { if (model.get("tick") !== player.cursor) seek(model.get("tick"), false); };
  const onPlaying = () => (model.get("playing") ? play() : stop());
  const onSpeed = () => { $(".speed").value = String(Math.log10(Math.max(1, model.get("speed")))); };
  model.on("change:tick", onTick);
  model.on("change:playing", onPlaying);
  model.on("change:speed", onSpeed);
  model.on("change:view", layout);
  const resize = new ResizeObserver(layout);
  resize.observe($(".view"));
  player.seek(model.get("tick"));
  layout();
  if (model.get("playing")) play();
  // what the tests read: the layers shown now
  el.pymazeSnapshot = () => ({ tick: player.cursor, total, wall: Array.from(s.wall), mark: Array.from(s.mark),
    num: Array.from(s.num), route: s.route.slice() });
  return () => {
    playing = false;
    resize.disconnect();
    model.off("change:tick", onTick);
    model.off("change:playing", onPlaying);
    model.off("change:speed", onSpeed);
    model.off("change:view", layout);
  };
}

export default { render };
