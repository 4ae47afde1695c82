// Mazes from pictures: a dropped, chosen or pasted image is decoded here with a canvas, its pixels go
// to the engine (pymaze.picture reads them, the same code as the CLI), and the panel shows the grid
// it found over the picture with controls to correct the threshold, kind, pitch, crop, S and G.
// Accept makes the maze current.  The picture itself never leaves the browser.
const MAX_PIXELS = 16000000;
const $ = (id) => document.getElementById(id);
const FIELDS = ["threshold", "kind", "pitch-x", "pitch-y", "left", "top", "right", "bottom"];

export function isPicture(file) {
  return /^image\//.test(file.type || "") || /\.(png|jpe?g|gif|bmp|webp)$/i.test(file.name || "");
}

// `call(type, args)` asks the engine; `accept()` makes the maze just read current; `notice(text)`.
export function setupPicture({ call, accept, notice }) {
  const panel = $("picture-panel"), canvas = $("picture-canvas"), info = $("picture-info");
  let image = null, found = null, options = {}, reading = null, again = false, place = "start";

  const show = (text, bad = false) => { info.textContent = text; info.classList.toggle("bad", bad); };

  async function open(blob) {
    let bitmap;
    try {
      bitmap = await createImageBitmap(blob, { colorSpaceConversion: "none", premultiplyAlpha: "none" });
    } catch (err) {
      notice(`The picture could not be decoded: ${err.message || err}`);
      return;
    }
    if (bitmap.width * bitmap.height > MAX_PIXELS) {
      notice(`The picture has ${(bitmap.width * bitmap.height).toLocaleString("en")} pixels; at most ${MAX_PIXELS.toLocaleString("en")} are read.`);
      return;
    }
    const work = document.createElement("canvas");
    work.width = bitmap.width;
    work.height = bitmap.height;
    const ctx = work.getContext("2d", { willReadFrequently: true });
    ctx.drawImage(bitmap, 0, 0);
    image = { bitmap, width: work.width, height: work.height,
      data: ctx.getImageData(0, 0, work.width, work.height).data };
    options = {};
    found = null;
    panel.hidden = false;
    panel.dataset.state = "reading";
    read();
  }

  // One reading at a time; a change made meanwhile reads again once it is done.
  async function read() {
    if (reading) { again = true; return; }
    reading = true;
    show("Reading the picture…");
    $("picture-accept").disabled = true;
    try {
      const { picture } = await call("picture", { width: image.width, height: image.height,
        data: image.data, options });
      found = picture;
      fill();
      show(describe(found));
      panel.dataset.state = "read";
      $("picture-accept").disabled = false;
    } catch (err) {
      found = null;
      show(`${err.message} (set the threshold, kind, pitch or crop by hand, or detect again)`, true);
      panel.dataset.state = "failed";
    } finally {
      reading = null;
      panel.dataset.found = found ? JSON.stringify(found) : "";
      draw();
      if (again) { again = false; read(); }
    }
  }

  function describe(f) {
    const unit = f.kind === "thin" ? "cells" : "squares";
    const ends = { marks: "the green and red marks", openings: "the openings in the frame",
      corners: "the corners", given: "your clicks" }[f.ends];
    return `${f.kind === "thin" ? "Thin-wall" : "Block"} maze, ${f.size[0]}×${f.size[1]} ${unit}, ` +
      `pitch ${f.pitch[0].toFixed(1)}×${f.pitch[1].toFixed(1)} px, turned ${f.angle}°, ` +
      `threshold ${f.threshold}; S and G from ${ends}.`;
  }

  // The controls show what was used, found or given.
  function fill() {
    $("picture-threshold").value = found.threshold;
    $("picture-threshold-value").textContent = found.threshold;
    $("picture-kind").value = options.kind || "";
    [$("picture-pitch-x").value, $("picture-pitch-y").value] = found.pitch.map((v) => v.toFixed(2));
    ["left", "top", "right", "bottom"].forEach((k, i) => { $(`picture-${k}`).value = Math.round(found.crop[i]); });
  }

  // The picture, and over it the grid's lines (blue), the walls read (orange), S and G.
  function draw() {
    if (!image) return;
    const box = panel.querySelector(".picture-view").getBoundingClientRect();
    const scale = Math.min(4, (box.width || 600) / image.width, Math.max(200, window.innerHeight * 0.5) / image.height);
    canvas.width = Math.max(1, Math.round(image.width * scale));
    canvas.height = Math.max(1, Math.round(image.height * scale));
    const ctx = canvas.getContext("2d");
    ctx.drawImage(image.bitmap, 0, 0, canvas.width, canvas.height);
    if (!found) return;
    const a = (found.angle * Math.PI) / 180, c = Math.cos(a), s = Math.sin(a);
    const at = (u, v) => [(u * c - v * s) * scale, (u * s + v * c) * scale];
    const [bx, by] = found.bands;
    const quad = (u0, u1, v0, v1) => {
      ctx.beginPath();
      ctx.moveTo(...at(u0, v0)); ctx.lineTo(...at(u1, v0)); ctx.lineTo(...at(u1, v1)); ctx.lineTo(...at(u0, v1));
      ctx.closePath();
    };
    ctx.fillStyle = "rgba(234, 88, 12, 0.45)";
    for (let y = 0; y < by.length; y++) {
      for (let x = 0; x < bx.length; x++) {
        if (found.wall[y * bx.length + x] === "1") { quad(bx[x][0], bx[x][1], by[y][0], by[y][1]); ctx.fill(); }
      }
    }
    ctx.strokeStyle = "rgba(37, 99, 235, 0.8)";
    ctx.lineWidth = 1;
    const [u0, v0, u1, v1] = found.crop;
    const edges = (bands) => [...new Set(bands.flat().map((e) => e.toFixed(2)))].map(Number);
    ctx.beginPath();
    for (const u of edges(bx)) { ctx.moveTo(...at(u, v0)); ctx.lineTo(...at(u, v1)); }
    for (const v of edges(by)) { ctx.moveTo(...at(u0, v)); ctx.lineTo(...at(u1, v)); }
    ctx.stroke();
    for (const [p, colour, label] of [[found.start, "#16a34a", "S"], [found.goals[0], "#dc2626", "G"]]) {
      const x = p % found.width, y = Math.floor(p / found.width);
      const [cx, cy] = at((bx[x][0] + bx[x][1]) / 2, (by[y][0] + by[y][1]) / 2);
      const r = Math.max(7, Math.min(14, ((bx[x][1] - bx[x][0]) * scale) / 2));
      ctx.fillStyle = colour;
      ctx.beginPath(); ctx.arc(cx, cy, r, 0, 2 * Math.PI); ctx.fill();
      ctx.fillStyle = "#fff";
      ctx.font = `bold ${Math.round(r * 1.3)}px system-ui, sans-serif`;
      ctx.textAlign = "center"; ctx.textBaseline = "middle";
      ctx.fillText(label, cx, cy + 1);
    }
  }

  // A click on the picture puts S (or G, as chosen) on the cell or square under it.
  canvas.addEventListener("click", (e) => {
    if (!found) return;
    const r = canvas.getBoundingClientRect(), scale = canvas.width / image.width;
    const x = ((e.clientX - r.left) * canvas.width) / r.width / scale, y = ((e.clientY - r.top) * canvas.height) / r.height / scale;
    const a = (found.angle * Math.PI) / 180, u = x * Math.cos(a) + y * Math.sin(a), v = y * Math.cos(a) - x * Math.sin(a);
    const index = (bands, w) => bands.findIndex(([lo, hi]) => w >= lo && w < hi);
    let i = index(found.bands[0], u), j = index(found.bands[1], v);
    if (i < 0 || j < 0) return;
    if (found.kind === "thin") {
      if (!(i % 2) || !(j % 2)) return; // a wall line, not a cell
      [i, j] = [(i - 1) / 2, (j - 1) / 2];
    }
    options = { ...options, ...pinned(), [place]: [i, j] };
    read();
  });
  // What is fixed once S or G is placed: the reading the person is looking at.
  const pinned = () => (found ? { threshold: found.threshold, angle: found.angle, crop: found.crop,
    kind: found.kind, size: found.size } : {});

  $("picture-threshold").addEventListener("input", (e) => {
    $("picture-threshold-value").textContent = e.target.value;
  });
  $("picture-threshold").addEventListener("change", (e) => {
    options = { threshold: Number(e.target.value) };
    read();
  });
  $("picture-kind").addEventListener("change", (e) => {
    options = { ...options, kind: e.target.value || undefined };
    delete options.pitch; delete options.size;
    read();
  });
  for (const k of ["pitch-x", "pitch-y"]) {
    $(`picture-${k}`).addEventListener("change", () => {
      const p = [Number($("picture-pitch-x").value), Number($("picture-pitch-y").value)];
      if (!(p[0] > 0 && p[1] > 0)) return show("The pitch is a number of pixels above 0.", true);
      options = { ...options, ...(found ? { crop: found.crop, kind: found.kind, threshold: found.threshold } : {}), pitch: p };
      delete options.size; delete options.start; delete options.goal;
      read();
    });
  }
  for (const k of ["left", "top", "right", "bottom"]) {
    $(`picture-${k}`).addEventListener("change", () => {
      const crop = ["left", "top", "right", "bottom"].map((n) => Number($(`picture-${n}`).value));
      if (!(crop[2] > crop[0] + 2 && crop[3] > crop[1] + 2)) return show("The crop's right and bottom must lie beyond its left and top.", true);
      options = { ...options, crop };
      delete options.size; delete options.start; delete options.goal;
      read();
    });
  }
  for (const radio of document.querySelectorAll("input[name=picture-place]")) {
    radio.addEventListener("change", (e) => { place = e.target.value; });
  }
  $("picture-auto").addEventListener("click", () => { options = {}; read(); });
  const close = () => { panel.hidden = true; image = null; found = null; panel.dataset.state = ""; };
  $("picture-cancel").addEventListener("click", close);
  $("picture-accept").addEventListener("click", async () => {
    if (!found) return;
    close();
    await accept();
  });
  panel.addEventListener("keydown", (e) => { if (e.key === "Escape") { e.stopPropagation(); close(); } });
  window.addEventListener("resize", () => { if (!panel.hidden) draw(); });
  // A pasted image (a screenshot from the clipboard) opens here; pasted text keeps its usual way.
  document.addEventListener("paste", (e) => {
    const item = Array.from((e.clipboardData && e.clipboardData.items) || []).find((i) => i.kind === "file" && /^image\//.test(i.type));
    if (!item) return;
    e.preventDefault();
    open(item.getAsFile());
  });
  return { open };
}
