// The canvas: squares (block view) or cells with thin walls (thin view),
// repainting only dirty squares; large mazes paint one pixel per square into
// ImageData.  An overlay canvas carries the route line and the moving head.
import { Pixels } from "./pixels.js";
import { COLOURS, MARK_RGB, WALL_RGB, WEAKNESS, cluster, css, heat, pack, rgb, weightTint } from "./palette.js";

const MARK32 = MARK_RGB.map(pack), WALL32 = pack(WALL_RGB);
const START32 = pack(rgb(COLOURS.start)), GOAL32 = pack(rgb(COLOURS.goal));
const WEIGHT32 = Array.from({ length: 10 }, (_, w) => pack(weightTint(w)));
const PAINT_MS = 6; // a full repaint is spread over frames, this long each

const IMAGE_SQUARES = 501 * 501; // above about 250 x 250 cells: ImageData

export class Renderer {
  constructor(canvas, overlay) {
    this.canvas = canvas;
    this.overlay = overlay;
    this.ctx = canvas.getContext("2d", { alpha: false });
    this.octx = overlay.getContext("2d");
    this.cache = new Map();
    this.styles = new Map();
  }

  // Lay the maze out to fit `box` (CSS px) on this screen; repaints everything next frame.
  layout(s, view, box) {
    const dpr = window.devicePixelRatio || 1;
    const aw = Math.max(40, Math.floor(box.width * dpr)), ah = Math.max(40, Math.floor(box.height * dpr));
    const W = s.width, H = s.height;
    this.s = s;
    this.thin = s.geometry === "thin" && view === "thin";
    this.scale = (d) => heat(d, Math.max(8, ((W + H) >> 1)));
    this.cache.clear();
    let cols, rows;
    if (W * H <= IMAGE_SQUARES) {
      cols = this.thin ? thinAxis(W, aw, ah, H) : blockAxis(W, Math.min(aw / W, ah / H));
      rows = this.thin ? thinAxis(H, aw, ah, W, cols.cell) : blockAxis(H, cols.cell);
    }
    this.image = !cols || cols.cell < 2;
    if (this.image) {
      const f = Math.min(aw / W, ah / H);
      cols = blockAxis(W, f, false);
      rows = blockAxis(H, f, false);
    }
    Object.assign(this, { cols, rows });
    const cw = this.image ? Math.floor(cols.pos[W]) : Math.ceil(cols.pos[W]);
    const ch = this.image ? Math.floor(rows.pos[H]) : Math.ceil(rows.pos[H]);
    for (const c of [this.canvas, this.overlay]) {
      c.width = cw; c.height = ch;
      c.style.width = `${cw / dpr}px`; c.style.height = `${ch / dpr}px`;
    }
    this.pixels = this.image ? new Pixels(this.ctx, W, H, cw, ch) : null;
    this.sweepEnd = this.image ? ch : H;
    s.allDirty = true;
    s.routeChanged = true;
    this.sweep = 0;
    this.lastHead = -2;
  }

  // The colour of square p, packed as ABGR (ImageData's byte order).
  colour(p) {
    const s = this.s, W = s.width;
    if (s.wall[p]) return WALL32;
    if (p === s.start) return START32;
    if (p === s.goals[0]) return GOAL32;
    const x = p % W, y = (p - x) / W;
    if (s.geometry === "thin" && (x ^ y) & 1) {
      const a = x & 1 ? p - W : p - 1, b = x & 1 ? p + W : p + 1;
      const ma = s.mark[a], mb = s.mark[b];
      if (s.layer && s.num[a] > 0 && s.num[b] > 0 && (s.wall[a] | s.wall[b]) === 0)
        return this.number(Math.min(s.num[a], s.num[b]) - 1);
      return MARK32[ma && mb ? (WEAKNESS[ma] < WEAKNESS[mb] ? ma : mb) : 0];
    }
    const m = s.mark[p];
    if (s.layer && s.num[p] > 0 && m !== 1 && m !== 5 && m !== 9) return this.number(s.num[p] - 1);
    return s.weight && m === 0 && this.weighs(p) ? WEIGHT32[s.weight[p]] : MARK32[m];
  }

  // Does square p carry a weight worth showing (a node: a cell in thin geometry)?
  weighs(p) {
    const s = this.s, x = p % s.width, y = (p - x) / s.width;
    return s.geometry !== "thin" || (x & y & 1) === 1;
  }

  number(v) {
    let c = this.cache.get(v);
    if (c === undefined) { c = pack(this.s.layer === "cluster" ? cluster(v) : this.scale(v)); this.cache.set(v, c); }
    return c;
  }

  paint(p) {
    const s = this.s, W = s.width, x = p % W, y = (p - x) / W;
    const c = this.colour(p);
    if (this.image) { this.pixels.square(x, y, c); return; }
    const { cols, rows, ctx } = this;
    let style = this.styles.get(c);
    if (!style) { style = css([c & 255, (c >> 8) & 255, (c >> 16) & 255]); this.styles.set(c, style); }
    ctx.fillStyle = style;
    ctx.fillRect(cols.pos[x], rows.pos[y], cols.size[x], rows.size[y]);
    if (s.layer === "distance" && s.num[p] > 0 && !s.wall[p] && cols.size[x] >= 18 * 0.9 &&
        (!this.thin || (x & y & 1))) {
      ctx.fillStyle = COLOURS.text;
      ctx.font = `${Math.floor(cols.size[x] * 0.42)}px system-ui, sans-serif`;
      ctx.textAlign = "center"; ctx.textBaseline = "middle";
      ctx.fillText(String(s.num[p] - 1), cols.pos[x] + cols.size[x] / 2, rows.pos[y] + rows.size[y] / 2);
    } else if (s.weight && s.weight[p] > 1 && !s.wall[p] && cols.size[x] >= 14 && this.weighs(p)) {
      ctx.fillStyle = COLOURS.weight;
      ctx.font = `${Math.floor(cols.size[x] * 0.38)}px system-ui, sans-serif`;
      ctx.textAlign = "center"; ctx.textBaseline = "middle";
      ctx.fillText(String(s.weight[p]), cols.pos[x] + cols.size[x] / 2, rows.pos[y] + rows.size[y] / 2);
    }
  }

  // Paint what changed since the last frame (a full repaint sweeps over
  // several frames, PAINT_MS each); `showHead` draws the head marker.
  frame(showHead) {
    const s = this.s;
    if (!s) return;
    const W = s.width, thin = s.geometry === "thin", pixels = this.pixels;
    if (s.allDirty) { this.sweep = 0; s.allDirty = false; s.dirtyCount = 0; }
    if (this.sweep < this.sweepEnd) {
      const t0 = performance.now(), colour = (p) => this.colour(p);
      let r = this.sweep;
      while (r < this.sweepEnd && performance.now() - t0 < PAINT_MS) {
        const next = Math.min(this.sweepEnd, r + (pixels ? 16 : 1));
        if (pixels) pixels.rows(r, next, colour);
        else for (let p = r * W, end = p + W; p < end; p++) this.paint(p);
        r = next;
      }
      this.sweep = r;
    }
    const d = s.dirty, swept = this.sweep;
    for (let i = 0; i < s.dirtyCount; i++) {
      const p = d[i], x = p % W, y = (p - x) / W;
      if ((pixels ? pixels.rowStart[y] : y) >= swept) continue;
      this.paint(p);
      if (thin && x & y & 1) { this.paint(p - 1); this.paint(p + 1); this.paint(p - W); this.paint(p + W); }
    }
    s.dirtyCount = 0;
    if (pixels) pixels.put();
    const head = showHead ? s.head : -1;
    if (s.routeChanged || head !== this.lastHead) this.drawOverlay(head);
  }

  // The square under a point of the page (client CSS px), or -1 off the maze.
  squareAt(clientX, clientY) {
    if (!this.s) return -1;
    const r = this.canvas.getBoundingClientRect();
    const x = ((clientX - r.left) * this.canvas.width) / r.width, y = ((clientY - r.top) * this.canvas.height) / r.height;
    const col = lastAtOrBelow(this.cols.pos, x, this.s.width), row = lastAtOrBelow(this.rows.pos, y, this.s.height);
    return col < 0 || row < 0 ? -1 : row * this.s.width + col;
  }

  // The centre of square p in client CSS px (where a click on it lands).
  clientCentre(p) {
    const r = this.canvas.getBoundingClientRect(), [x, y] = this.centre(p);
    return [r.left + (x * r.width) / this.canvas.width, r.top + (y * r.height) / this.canvas.height];
  }

  centre(p) {
    const W = this.s.width, x = p % W, y = (p - x) / W, { cols, rows } = this;
    return [cols.pos[x] + cols.size[x] / 2, rows.pos[y] + rows.size[y] / 2];
  }

  drawOverlay(head) {
    const { s, octx: o, cols, rows } = this, W = s.width;
    o.clearRect(0, 0, this.overlay.width, this.overlay.height);
    const unit = Math.min(cols.size[1] || cols.size[0], rows.size[1] || rows.size[0]);
    o.lineWidth = this.image ? Math.max(1, unit * 0.6) : Math.max(1.5, unit * 0.3);
    o.lineCap = o.lineJoin = "round";
    if (s.waypoints.length) this.drawWaypoints();
    else if (s.route.length > 1) {
      o.strokeStyle = COLOURS.route;
      o.beginPath();
      const reach = s.geometry === "thin" ? 2 : 1;
      let prev = -1, lx = -1e9, ly = -1e9;
      for (const p of s.route) {
        const [cx, cy] = this.centre(p);
        const near = prev >= 0 && Math.abs((p % W) - (prev % W)) + Math.abs(Math.floor(p / W) - Math.floor(prev / W)) <= reach;
        if (!near) { o.moveTo(cx, cy); lx = cx; ly = cy; }
        else if (Math.abs(cx - lx) + Math.abs(cy - ly) >= 1.5) { o.lineTo(cx, cy); lx = cx; ly = cy; }
        prev = p;
      }
      o.stroke();
    }
    if (head >= 0) {
      const x = head % W, y = (head - x) / W;
      const pad = Math.max(1, unit * 0.08);
      o.strokeStyle = COLOURS.head;
      o.lineWidth = Math.max(1.5, unit * 0.16);
      o.strokeRect(cols.pos[x] - pad, rows.pos[y] - pad, Math.max(2, cols.size[x]) + 2 * pad,
        Math.max(2, rows.size[y]) + 2 * pad);
    }
    s.routeChanged = false;
    this.lastHead = head;
  }

  // Route polylines through their waypoints (value 0 starts one).  Later
  // routes are thinner, in route2's line colour, shifted off the centre line
  // so that shared stretches stay visible; the first route is drawn on top.
  drawWaypoints() {
    const o = this.octx, lines = [], width = o.lineWidth;
    for (const [p, i] of this.s.waypoints) {
      if (i === 0 || !lines.length) lines.push([]);
      lines[lines.length - 1].push(this.centre(p));
    }
    const unit = Math.min(this.cols.cell, this.rows.cell);
    for (let n = lines.length - 1; n >= 0; n--) {
      const shift = n ? (n & 1 ? 1 : -1) * Math.min(0.3, 0.15 * ((n + 1) >> 1)) * unit : 0;
      o.strokeStyle = n ? COLOURS.route2Line : COLOURS.route;
      o.lineWidth = n ? Math.max(1, width * 0.6) : width;
      o.beginPath();
      lines[n].forEach(([x, y], k) => (k ? o.lineTo(x + shift, y + shift) : o.moveTo(x + shift, y + shift)));
      o.stroke();
    }
  }
}

// The square i with pos[i] <= v < pos[i + 1], or -1 outside [pos[0], pos[n]).
function lastAtOrBelow(pos, v, n) {
  if (!(v >= pos[0] && v < pos[n])) return -1;
  let lo = 0, hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (pos[mid] <= v) lo = mid; else hi = mid - 1;
  }
  return lo;
}

// Square positions along an axis of n squares, each `size` device pixels.
function blockAxis(n, size, whole = true) {
  const cell = whole ? Math.max(1, Math.floor(size)) : size;
  const pos = new Float64Array(n + 1), sz = new Float64Array(n).fill(cell);
  for (let i = 0; i <= n; i++) pos[i] = i * cell;
  return { pos, size: sz, cell };
}

// Thin view: even squares are wall lines t px thick, odd squares cells c px wide.
function thinAxis(n, aw, ah, other, given) {
  let c = given;
  const cells = (n - 1) >> 1, others = (other - 1) >> 1;
  if (c === undefined) {
    const thick = (c) => Math.max(1, Math.round(c * 0.2));
    const fits = (c) => cells * (c + thick(c)) + thick(c) <= aw && others * (c + thick(c)) + thick(c) <= ah;
    c = Math.floor(Math.min(aw / (cells * 1.2 + 0.2), ah / (others * 1.2 + 0.2)));
    while (c > 1 && !fits(c)) c--;
  }
  const t = Math.max(1, Math.round(c * 0.2));
  const pos = new Float64Array(n + 1), size = new Float64Array(n);
  let at = 0;
  for (let i = 0; i < n; i++) { pos[i] = at; size[i] = i & 1 ? c : t; at += size[i]; }
  pos[n] = at;
  return { pos, size, cell: c };
}
