// The canvas: squares (block view) or cells with thin walls (thin view),
// repainting only dirty squares; large mazes paint one pixel per square into
// ImageData.  An overlay canvas carries the route line and the moving head.
import { COLOURS, MARK_RGB, WALL_RGB, WEAKNESS, cluster, css, heat, pack } from "./palette.js";

const IMAGE_SQUARES = 501 * 501; // above about 250 x 250 cells: ImageData

export class Renderer {
  constructor(canvas, overlay) {
    this.canvas = canvas;
    this.overlay = overlay;
    this.ctx = canvas.getContext("2d", { alpha: false });
    this.octx = overlay.getContext("2d");
    this.cache = new Map();
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
      this.img = new ImageData(W, H);
      this.px = new Uint32Array(this.img.data.buffer);
      this.off = new OffscreenCanvas(W, H);
      this.offctx = this.off.getContext("2d");
    }
    Object.assign(this, { cols, rows });
    const cw = Math.ceil(cols.pos[W]), ch = Math.ceil(rows.pos[H]);
    for (const c of [this.canvas, this.overlay]) {
      c.width = cw; c.height = ch;
      c.style.width = `${cw / dpr}px`; c.style.height = `${ch / dpr}px`;
    }
    s.allDirty = true;
    s.routeChanged = true;
    this.lastHead = -2;
  }

  colour(p) {
    const s = this.s, W = s.width;
    if (s.wall[p]) return WALL_RGB;
    if (p === s.start) return [22, 163, 74];
    if (p === s.goals[0]) return [220, 38, 38];
    const x = p % W, y = (p - x) / W;
    if (s.geometry === "thin" && (x ^ y) & 1) {
      const a = x & 1 ? p - W : p - 1, b = x & 1 ? p + W : p + 1;
      const ma = s.mark[a], mb = s.mark[b];
      if (s.layer && s.num[a] > 0 && s.num[b] > 0 && (s.wall[a] | s.wall[b]) === 0)
        return this.number(Math.min(s.num[a], s.num[b]) - 1);
      return MARK_RGB[ma && mb ? (WEAKNESS[ma] < WEAKNESS[mb] ? ma : mb) : 0];
    }
    const m = s.mark[p];
    if (s.layer && s.num[p] > 0 && m !== 1 && m !== 5 && m !== 9) return this.number(s.num[p] - 1);
    return MARK_RGB[m];
  }

  number(v) {
    let c = this.cache.get(v);
    if (!c) { c = this.s.layer === "cluster" ? cluster(v) : this.scale(v); this.cache.set(v, c); }
    return c;
  }

  paint(p) {
    const s = this.s, W = s.width, x = p % W, y = (p - x) / W;
    const c = this.colour(p);
    if (this.image) { this.px[p] = pack(c); return; }
    const { cols, rows, ctx } = this;
    ctx.fillStyle = css(c);
    ctx.fillRect(cols.pos[x], rows.pos[y], cols.size[x], rows.size[y]);
    if (s.layer === "distance" && s.num[p] > 0 && !s.wall[p] && cols.size[x] >= 18 * 0.9 &&
        (!this.thin || (x & y & 1))) {
      ctx.fillStyle = COLOURS.text;
      ctx.font = `${Math.floor(cols.size[x] * 0.42)}px system-ui, sans-serif`;
      ctx.textAlign = "center"; ctx.textBaseline = "middle";
      ctx.fillText(String(s.num[p] - 1), cols.pos[x] + cols.size[x] / 2, rows.pos[y] + rows.size[y] / 2);
    }
  }

  // Paint what changed since the last frame; `showHead` draws the head marker.
  frame(showHead) {
    const s = this.s;
    if (!s) return;
    const W = s.width, size = W * s.height;
    if (s.allDirty) {
      for (let p = 0; p < size; p++) this.paint(p);
    } else {
      const d = s.dirty, thin = s.geometry === "thin";
      let x0 = W, y0 = s.height, x1 = -1, y1 = -1;
      for (let i = 0; i < s.dirtyCount; i++) {
        const p = d[i], x = p % W, y = (p - x) / W;
        this.paint(p);
        if (thin && x & y & 1) { this.paint(p - 1); this.paint(p + 1); this.paint(p - W); this.paint(p + W); }
        if (x < x0) x0 = x; if (x > x1) x1 = x; if (y < y0) y0 = y; if (y > y1) y1 = y;
      }
      this.box = x1 >= 0 ? [Math.max(0, x0 - 1), Math.max(0, y0 - 1), x1 + 2, y1 + 2] : null;
    }
    if (this.image && (s.allDirty || this.box)) {
      const [x0, y0, x1, y1] = s.allDirty ? [0, 0, W, s.height] : this.box;
      this.offctx.putImageData(this.img, 0, 0, x0, y0, Math.min(W, x1) - x0, Math.min(s.height, y1) - y0);
      this.ctx.imageSmoothingEnabled = false;
      this.ctx.drawImage(this.off, 0, 0, this.canvas.width, this.canvas.height);
    }
    s.allDirty = false;
    s.dirtyCount = 0;
    const head = showHead ? s.head : -1;
    if (s.routeChanged || head !== this.lastHead) this.drawOverlay(head);
  }

  centre(p) {
    const W = this.s.width, x = p % W, y = (p - x) / W, { cols, rows } = this;
    return [cols.pos[x] + cols.size[x] / 2, rows.pos[y] + rows.size[y] / 2];
  }

  drawOverlay(head) {
    const { s, octx: o, cols, rows } = this, W = s.width;
    o.clearRect(0, 0, this.overlay.width, this.overlay.height);
    const unit = Math.min(cols.size[1] || cols.size[0], rows.size[1] || rows.size[0]);
    if (s.route.length > 1) {
      o.strokeStyle = COLOURS.route;
      o.lineWidth = Math.max(1.5, unit * 0.3);
      o.lineCap = o.lineJoin = "round";
      o.beginPath();
      const reach = this.thin || s.geometry === "thin" ? 2 : 1;
      let prev = -1;
      for (const p of s.route) {
        const [cx, cy] = this.centre(p);
        const near = prev >= 0 && Math.abs((p % W) - (prev % W)) + Math.abs(Math.floor(p / W) - Math.floor(prev / W)) <= reach;
        if (near) o.lineTo(cx, cy); else o.moveTo(cx, cy);
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
