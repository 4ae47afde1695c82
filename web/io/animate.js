// Animation export: the current run, or a range of its events, as a GIF (gifenc) or a WebM /
// MP4 video (WebCodecs through mediabunny; MediaRecorder where WebCodecs cannot encode).
// Frames are drawn off-screen by the board's own renderer (render.js) into canvases of the
// chosen size, from a state of their own (the board is left alone), as fast as the encoder
// takes them.  Frame i shows the run after event min(to, from + i * perFrame), so the same run
// and settings give the same frames.
import { GIFEncoder, applyPalette, quantize } from "../gifenc.esm.js";
import { Renderer } from "../board/render.js";

const FORMATS = { gif: ["GIF", "image/gif"], webm: ["WebM video", "video/webm"], mp4: ["MP4 video", "video/mp4"] };
const MAX_FRAMES = 20000;
const SIDE = [16, 4096];
const FPS = [1, 60];
const YIELD_MS = 30; // the page gets the main thread back this often during an export

export const frameCount = (st) => Math.ceil((st.to - st.from) / st.perFrame) + 1;
export const frameEvent = (st, i) => Math.min(st.to, st.from + i * st.perFrame);
const mb = (n) => `${(n / 2 ** 20).toFixed(n < 2 ** 20 ? 2 : 1)} MB`;
const bitrateOf = (st) => Math.round(Math.min(8e6, Math.max(3e5, st.width * st.height * st.fps * 0.1)));
const pause = () => new Promise((r) => setTimeout(r, 0));

// The dialog's fields, checked against the run's `total` events: settings, or an Error that says what is wrong.
export function checkSettings(raw, total) {
  const whole = (name, label, lo, hi) => {
    const text = String(raw[name]).trim();
    const v = Number(text);
    if (!/^\d{1,9}$/.test(text) || v < lo || v > hi) throw new Error(`${label} must be a whole number from ${lo} to ${hi}; got "${text.slice(0, 20)}"`);
    return v;
  };
  if (!(raw.format in FORMATS)) throw new Error(`unknown format "${raw.format}"`);
  const st = { format: raw.format, width: whole("width", "Width", ...SIDE), height: whole("height", "Height", ...SIDE),
    fps: whole("fps", "Frames per second", ...FPS), perFrame: whole("perFrame", "Events per frame", 1, 1e9),
    from: whole("from", "From event", 0, total), to: whole("to", "To event", 0, total) };
  if (st.from >= st.to) throw new Error(`"From event" (${st.from}) must come before "to event" (${st.to})`);
  if (st.format !== "gif") { st.width -= st.width & 1; st.height -= st.height & 1; } // video frames have even sides
  const n = frameCount(st);
  if (n > MAX_FRAMES) {
    throw new Error(`${n.toLocaleString("en")} frames is too many (at most ${MAX_FRAMES.toLocaleString("en")}): `
      + `take more events per frame (at least ${Math.ceil((st.to - st.from) / (MAX_FRAMES - 1))})`);
  }
  return st;
}

// The run's frames: a state of their own moved from event to event, drawn by a renderer of
// their own into canvases the size asked for, the maze centred on white.
export class Frames {
  constructor(player, view, st) {
    this.log = player.log;
    this.total = player.log.total;
    this.s = player.snaps.stateAt(player.log, player.s, st.from);
    this.at = st.from;
    this.renderer = new Renderer(document.createElement("canvas"), document.createElement("canvas"));
    this.renderer.layout(this.s, view, { width: st.width, height: st.height }, 1);
    this.out = document.createElement("canvas");
    this.out.width = st.width;
    this.out.height = st.height;
    this.ctx = this.out.getContext("2d", { willReadFrequently: true });
  }

  // Draw the run as it is after event k (k at or after the last one drawn).
  draw(k) {
    const r = this.renderer, { ctx, out } = this;
    this.log.apply(this.s, this.at, k);
    this.at = k;
    do r.frame(k < this.total); while (r.sweep < r.sweepEnd); // the whole board, not a frame's share
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, out.width, out.height);
    const x = Math.floor((out.width - r.canvas.width) / 2), y = Math.floor((out.height - r.canvas.height) / 2);
    for (const c of [r.canvas, r.overlay, r.labels]) ctx.drawImage(c, x, y);
    return out;
  }
}

// GIF frames: colours to 5-6-5 bits in one palette that grows as the run brings new ones
// (a maze has few), so that each frame is indexed exactly by a lookup; after the first, the
// frames only hold the rectangle of pixels that changed, the unchanged ones in it transparent
// (index 0).  A frame with more colours than a palette holds gets gifenc's quantizer.
export class GifWriter {
  constructor(width, height, delay) {
    Object.assign(this, { width, height, delay });
    this.enc = GIFEncoder();
    this.lut = new Int16Array(65536).fill(-1);
    this.palette = [[255, 0, 255]]; // index 0: transparent
    this.index = new Uint8Array(width * height);
    this.prev = null;
  }

  // Index the RGBA pixels with the shared palette; false when it overflows.
  lookup(data) {
    const { lut, palette, index } = this;
    for (let i = 0, j = 0; i < index.length; i++, j += 4) {
      const key = ((data[j] >> 3) << 11) | ((data[j + 1] >> 2) << 5) | (data[j + 2] >> 3);
      let v = lut[key];
      if (v < 0) {
        if (palette.length === 256) return false;
        v = lut[key] = palette.length;
        palette.push([data[j], data[j + 1], data[j + 2]]);
      }
      index[i] = v;
    }
    return true;
  }

  add(data) {
    const { width, height, delay, enc } = this;
    if (!this.lookup(data)) {
      const palette = quantize(data, 256, { format: "rgb565" });
      enc.writeFrame(applyPalette(data, palette, "rgb565"), width, height, { palette, delay });
      this.prev = null;
      return;
    }
    const palette = this.palette.slice(), prev = this.prev, index = this.index;
    if (!prev) {
      enc.writeFrame(index, width, height, { palette, delay });
      this.prev = index.slice();
      return;
    }
    // only the rectangle around the changed pixels is written, the rest transparent inside it
    let x0 = width, y0 = height, x1 = -1, y1 = -1;
    for (let y = 0, i = 0; y < height; y++) {
      for (let x = 0; x < width; x++, i++) {
        if (index[i] === prev[i]) continue;
        if (x < x0) x0 = x; if (x > x1) x1 = x; if (y < y0) y0 = y; if (y > y1) y1 = y;
      }
    }
    if (x1 < 0) { x0 = y0 = x1 = y1 = 0; } // nothing changed: one transparent pixel
    const w = x1 - x0 + 1, h = y1 - y0 + 1, part = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0, i = (y0 + y) * width + x0, k = y * w; x < w; x++, i++, k++) {
        if (index[i] !== prev[i]) { part[k] = index[i]; prev[i] = index[i]; }
      }
    }
    const at = this.size;
    enc.writeFrame(part, w, h, { palette, delay, transparent: true, transparentIndex: 0, dispose: 1 });
    // gifenc writes every frame at (0, 0): its image descriptor (after the 8-byte graphic
    // control extension) gets the rectangle's place
    const bytes = enc.bytesView();
    if (bytes[at + 8] !== 0x2c) throw new Error("unexpected GIF frame layout");
    bytes[at + 9] = x0 & 255; bytes[at + 10] = x0 >> 8; bytes[at + 11] = y0 & 255; bytes[at + 12] = y0 >> 8;
  }

  get size() { return this.enc.bytesView().length; }

  finish() { this.enc.finish(); return this.enc.bytes(); }
}

const pixelsOf = (canvas) => canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;

// A GIF of the frames; `tick(i, bytes)` after each, true to stop.
async function gif(frames, st, tick) {
  const out = new GifWriter(st.width, st.height, Math.round(1000 / st.fps)), n = frameCount(st);
  let t = performance.now();
  for (let i = 0; i < n; i++) {
    out.add(pixelsOf(frames.draw(frameEvent(st, i))));
    if (performance.now() - t > YIELD_MS || i === n - 1) {
      if (tick(i + 1, out.size)) return null;
      await pause();
      t = performance.now();
    }
  }
  return { bytes: out.finish(), encoder: "gifenc" };
}

// A video through WebCodecs (mediabunny muxes it); null when no codec of the container encodes here.
async function webcodecs(frames, st, tick) {
  if (typeof VideoEncoder === "undefined") return { missing: "WebCodecs is not available in this browser" };
  const M = await import("../mediabunny.min.mjs");
  const format = st.format === "mp4" ? new M.Mp4OutputFormat() : new M.WebMOutputFormat();
  const bitrate = bitrateOf(st);
  const codec = await M.getFirstEncodableVideoCodec(format.getSupportedVideoCodecs(),
    { width: st.width, height: st.height, bitrate });
  if (!codec) return { missing: `no ${FORMATS[st.format][0]} codec encodes here` };
  const output = new M.Output({ format, target: new M.BufferTarget() });
  const source = new M.CanvasSource(frames.out, { codec, bitrate, keyFrameInterval: 2 });
  output.addVideoTrack(source, { frameRate: st.fps });
  await output.start();
  const n = frameCount(st);
  let t = performance.now();
  for (let i = 0; i < n; i++) {
    frames.draw(frameEvent(st, i));
    await source.add(i / st.fps, 1 / st.fps);
    if (performance.now() - t > YIELD_MS || i === n - 1) {
      if (tick(i + 1, (i + 1) / st.fps * bitrate / 8)) { await output.cancel(); return null; }
      await pause();
      t = performance.now();
    }
  }
  await output.finalize();
  return { bytes: new Uint8Array(output.target.buffer), encoder: `WebCodecs ${codec}` };
}

// A video recorded in real time from the frames canvas (MediaRecorder): the fallback.
async function recorder(frames, st, tick) {
  if (typeof MediaRecorder === "undefined") throw new Error("this browser can make neither WebCodecs nor MediaRecorder video");
  const want = FORMATS[st.format][1];
  const mime = MediaRecorder.isTypeSupported(want) ? want : "video/webm";
  frames.draw(frameEvent(st, 0));
  const stream = frames.out.captureStream(0), track = stream.getVideoTracks()[0];
  const rec = new MediaRecorder(stream, { mimeType: mime, videoBitsPerSecond: bitrateOf(st) });
  const parts = [], stopped = new Promise((r) => { rec.onstop = r; });
  rec.ondataavailable = (e) => { if (e.data.size) parts.push(e.data); };
  rec.start();
  const n = frameCount(st), t0 = performance.now();
  let size = 0, stop = false;
  for (let i = 0; i < n && !stop; i++) {
    if (i) frames.draw(frameEvent(st, i));
    track.requestFrame();
    const due = t0 + ((i + 1) * 1000) / st.fps;
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
    size = parts.reduce((a, b) => a + b.size, 0);
    stop = tick(i + 1, size);
  }
  rec.stop();
  await stopped;
  track.stop();
  if (stop) return null;
  const blob = new Blob(parts, { type: mime });
  return { bytes: new Uint8Array(await blob.arrayBuffer()), encoder: `MediaRecorder ${mime} (recorded in real time)`,
    type: mime };
}

// Export: settings -> {bytes, type, encoder, ...}, or null when cancelled.  `tick(done, bytes)`
// reports progress and returns true to cancel; `say(text)` tells of a fallback.
export async function exportAnimation(player, view, st, tick, say, forceRecorder = false) {
  const frames = new Frames(player, view, st);
  let result;
  if (st.format === "gif") result = await gif(frames, st, tick);
  else {
    result = forceRecorder ? { missing: "WebCodecs not used (asked for MediaRecorder)" } : await webcodecs(frames, st, tick);
    if (result && result.missing) {
      say(`${result.missing}: recording with MediaRecorder instead, in real time.`);
      result = await recorder(new Frames(player, view, st), st, tick);
    }
  }
  return result && { type: FORMATS[st.format][1], ...result, ...st, frames: frameCount(st) };
}

// The dialog: format, size, frame rate, events per frame and the range; a summary with the
// size estimate, a progress bar, Cancel, and the file to download.
export class AnimationDialog {
  constructor(root, { player, view, name, fetchAll }) {
    this.root = root;
    this.player = player;
    this.view = view;
    this.name = name;
    this.fetchAll = fetchAll;
    const q = (s) => root.querySelector(s);
    this.fields = Object.fromEntries(["format", "width", "height", "fps", "perFrame", "from", "to"]
      .map((k) => [k, q(`[data-setting=${k}]`)]));
    this.summary = q(".anim-summary");
    this.status = q(".anim-status");
    this.bar = q("progress");
    this.startButton = q(".anim-start");
    this.cancelButton = q(".anim-cancel");
    this.link = q(".anim-download");
    this.result = null;
    this.running = false;
    this.sample = null; // [settings key, bytes of one GIF frame]
    this.startButton.addEventListener("click", () => this.start());
    this.cancelButton.addEventListener("click", () => { this.cancelled = true; });
    q(".anim-close").addEventListener("click", () => this.close());
    q(".anim-here").addEventListener("click", () => { this.fields.from.value = String(player.cursor); this.estimate(); });
    root.addEventListener("keydown", (e) => { if (e.key === "Escape") { e.stopPropagation(); this.close(); } });
    for (const f of Object.values(this.fields)) f.addEventListener("input", () => this.estimate());
  }

  // Opens with the whole run at the board's size (at most 800 px wide), 30 frames a second,
  // about ten seconds long.
  async open(boardCanvas) {
    this.root.hidden = false;
    this.link.hidden = true;
    this.say("");
    this.bar.value = 0;
    this.startButton.disabled = true;
    this.summary.textContent = "Fetching the whole run…";
    const total = await this.fetchAll();
    const f = this.fields, cw = boardCanvas.width || 640, ch = boardCanvas.height || 480;
    const scale = Math.min(1, 800 / cw);
    f.width.value = String(Math.max(SIDE[0], Math.round(cw * scale)));
    f.height.value = String(Math.max(SIDE[0], Math.round(ch * scale)));
    f.fps.value = f.fps.value || "30";
    f.from.value = "0";
    f.to.value = String(total);
    f.perFrame.value = String(Math.max(1, Math.ceil(total / (10 * Number(f.fps.value || 30)))));
    this.startButton.disabled = false;
    this.estimate();
    f.format.focus();
  }

  close() {
    this.cancelled = true;
    this.root.hidden = true;
  }

  say(text, bad = false) {
    this.status.textContent = text;
    this.status.classList.toggle("bad", bad);
  }

  read() {
    return checkSettings(Object.fromEntries(Object.entries(this.fields).map(([k, el]) => [k, el.value])),
      this.player.log.total);
  }

  // The summary: frames, length and the file's expected size (a GIF's from one frame encoded).
  estimate() {
    let st;
    try { st = this.read(); } catch (err) { this.summary.textContent = err.message; this.summary.classList.add("bad"); return; }
    this.summary.classList.remove("bad");
    const n = frameCount(st), secs = n / st.fps;
    let size = st.format === "gif" ? null : (secs * bitrateOf(st)) / 8;
    if (st.format === "gif") { // the last frame whole, and the change to it from the one before
      const key = `${this.player.loads}:${st.width}x${st.height}:${st.to}:${st.perFrame}`;
      if (!this.sample || this.sample[0] !== key) {
        const before = Math.max(st.from, st.to - st.perFrame);
        const frames = new Frames(this.player, this.view(), { ...st, from: before });
        const out = new GifWriter(st.width, st.height, 0);
        out.add(pixelsOf(frames.draw(before)));
        const whole = out.size;
        out.add(pixelsOf(frames.draw(st.to)));
        this.sample = [key, whole, out.size - whole];
      }
      size = this.sample[1] + (n - 1) * this.sample[2];
    }
    this.summary.textContent = `${n.toLocaleString("en")} frames of ${st.width}×${st.height} px, `
      + `${secs.toFixed(1)} s at ${st.fps} frames/s, ${st.perFrame.toLocaleString("en")} events a frame; `
      + `about ${mb(size)}`;
  }

  async start(forceRecorder = false) {
    if (this.running) return null;
    let st;
    try { st = this.read(); } catch (err) { this.say(err.message, true); return null; }
    this.running = true;
    this.cancelled = false;
    this.result = null;
    this.link.hidden = true;
    this.startButton.disabled = true;
    this.cancelButton.disabled = false;
    this.say(`Drawing ${frameCount(st).toLocaleString("en")} frames…`);
    const n = frameCount(st), t0 = performance.now();
    const tick = (done, bytes) => {
      this.bar.value = done / n;
      const expected = done ? (bytes / done) * n : 0;
      this.say(`frame ${done.toLocaleString("en")} of ${n.toLocaleString("en")} · ${mb(bytes)} so far, about ${mb(expected)} in all`);
      return this.cancelled;
    };
    try {
      const r = await exportAnimation(this.player, this.view(), st, tick, (text) => { this.fallback = text; }, forceRecorder);
      if (!r) { this.say("Cancelled."); this.bar.value = 0; return null; }
      r.ms = performance.now() - t0;
      this.result = r;
      this.count = (this.count || 0) + 1;
      const ext = st.format, blob = new Blob([r.bytes], { type: r.type });
      if (this.link.href) URL.revokeObjectURL(this.link.href);
      this.link.href = URL.createObjectURL(blob);
      this.link.download = `${this.name()}-${st.from}-${st.to}.${r.type === "video/webm" && ext === "mp4" ? "webm" : ext}`;
      this.link.textContent = `Download ${this.link.download} (${mb(r.bytes.length)})`;
      this.link.hidden = false;
      this.say(`${this.fallback ? `${this.fallback} ` : ""}Done in ${(r.ms / 1000).toFixed(1)} s `
        + `(${(n / st.fps).toFixed(1)} s of animation), ${r.encoder}.`);
      return r;
    } catch (err) {
      this.say(`The export failed: ${err.message}`, true);
      return null;
    } finally {
      this.fallback = "";
      this.running = false;
      this.startButton.disabled = false;
      this.cancelButton.disabled = true;
    }
  }
}
