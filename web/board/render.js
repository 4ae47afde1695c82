// The canvas: squares (block view) or cells with thin walls (thin view),
// repainting only dirty squares; large mazes paint one pixel per square into
// ImageData.  An overlay canvas carries the route lines and the moving head;
// a labels canvas above it the numbers and the S and G letters, so that no
// line ever covers them.  Hex, triangle and polar mazes (s.shapes, a
// ShapeView of the engine's drawing) are drawn cell by cell as polygons, their
// passages as segments.  Zoom and pan redraw at the new scale (never a
// resampled image), on the same canvas size; nothing here needs the page, so
// any canvas can be drawn on.
import { Pixels } from "./pixels.js";
import { COLOURS, ROUTE_LINES, WALL_RGB, cluster, css, faded, heat, ink, markTables, pack, rgb, weightTint }
  from "./palette.js";
import { MARK } from "../engine/state.js";
import { drawStairs, levelRect } from "./stairs.js";

const WALL32 = pack(WALL_RGB);
const START32 = pack(rgb(COLOURS.start)), GOAL32 = pack(rgb(COLOURS.goal));
const WEIGHT32 = Array.from({ length: 10 }, (_, w) => pack(weightTint(w)));
const PAINT_MS = 6; // a full repaint is spread over frames, this long each
const LABEL_PX = 9; // the smallest number worth writing, in CSS px

const IMAGE_SQUARES = 501 * 501; // above about 250 x 250 cells: ImageData
const OUTSIDE = "#e2e8f0"; // around a shaped maze, and where a mask switched cells off
const MAX_CELL_PX = 120; // the largest a cell gets when zoomed in, in CSS px

const unpack = (c) => [c & 255, (c >> 8) & 255, (c >> 16) & 255];

export class Renderer {
  constructor(canvas, overlay) {
    this.canvas = canvas;
    this.overlay = overlay;
    this.labels = document.createElement("canvas");
    this.labels.className = "labels";
    this.labels.setAttribute("aria-hidden", "true");
    overlay.after(this.labels);
    this.ctx = canvas.getContext("2d", { alpha: false });
    this.octx = overlay.getContext("2d");
    this.lctx = this.labels.getContext("2d");
    this.cache = new Map();
    this.styles = new Map();
    this.highlight = -1; // the route under the pointer in the routes list (-1: none)
    this.zoom = 1; // 1: the whole maze fits; more: zoomed in around `focus`
    this.focus = [0.5, 0.5]; // the point of the maze (fractions of its width and height) at the canvas centre
  }

  // Lay the maze out to fit `box` (CSS px) on this screen (or, given `dpr`, at that many device
  // pixels per CSS px: an off-screen frame), at the zoom; repaints everything next frame.
  layout(s, view, box, dpr = window.devicePixelRatio || 1) {
    const aw = Math.max(40, Math.floor(box.width * dpr)), ah = Math.max(40, Math.floor(box.height * dpr));
    const sized = `${s.shape}:${s.width}x${s.height}:${s.wall.length}`;
    if (sized !== this.sized) { this.sized = sized; this.zoom = 1; this.focus = [0.5, 0.5]; }
    Object.assign(this, { s, view, box, dpr, graph: s.shapes || null });
    this.thin = s.geometry === "thin" && view === "thin";
    const { rgbs, weakness } = markTables();
    this.mark32 = rgbs.map(pack);
    this.weakness = weakness;
    this.top = -1;
    this.cache.clear();
    const [cw, ch] = this.graph ? this.layoutShape(aw, ah) : this.layoutSquares(aw, ah);
    for (const c of [this.canvas, this.overlay, this.labels]) {
      if (c.width !== cw || c.height !== ch) { c.width = cw; c.height = ch; }
      c.style.width = `${cw / dpr}px`; c.style.height = `${ch / dpr}px`;
    }
    this.cw = cw; this.ch = ch;
    s.allDirty = true;
    s.routeChanged = true;
    this.sweep = 0;
    this.lastHead = -2;
  }

  // The same maze laid out again (a zoom or a pan).
  relayout() { if (this.s) this.layout(this.s, this.view, this.box); }

  // Square mazes: axes of square positions (device px), or one pixel per square (ImageData) when
  // squares are smaller than 2 px.  Returns the canvas size (the whole maze at zoom 1).
  layoutSquares(aw, ah) {
    const s = this.s, W = s.width, H = s.height, z = this.zoom;
    let cols, rows;
    if (W * H <= IMAGE_SQUARES) {
      cols = this.thin ? thinAxis(W, aw, ah, H) : blockAxis(W, Math.min(aw / W, ah / H));
      rows = this.thin ? thinAxis(H, aw, ah, W, cols.cell) : blockAxis(H, cols.cell);
    }
    let image = !cols || cols.cell < 2;
    if (image) {
      const f = Math.min(aw / W, ah / H);
      cols = blockAxis(W, f, false);
      rows = blockAxis(H, f, false);
    }
    const cw = image ? Math.floor(cols.pos[W]) : Math.ceil(cols.pos[W]);
    const ch = image ? Math.floor(rows.pos[H]) : Math.ceil(rows.pos[H]);
    // A cell at zoom 1 (px): what the zoom multiplies, up to MAX_CELL_PX.
    const pitch = image ? cols.cell * (this.thin ? 2 : 1) : cols.cell;
    this.maxZoom = Math.max(1, (MAX_CELL_PX * this.dpr) / Math.max(0.01, pitch));
    if (z > 1) {
      const f = (image ? cols.cell : cw / W) * z; // px per square, zoomed
      const cell = this.thin ? Math.round((image ? pitch : cols.cell) * z) : Math.floor(f);
      image = cell < 2 || (this.thin && cell < 3);
      if (image) { cols = blockAxis(W, f, false); rows = blockAxis(H, f, false); }
      else if (this.thin) { cols = thinAxis(W, 0, 0, H, cell); rows = thinAxis(H, 0, 0, W, cell); }
      else { cols = blockAxis(W, cell); rows = blockAxis(H, cell); }
    }
    this.image = image;
    const [ox, oy] = this.offsets(cols.pos[W], rows.pos[H], cw, ch, !image);
    shift(cols, ox); shift(rows, oy);
    Object.assign(this, { cols, rows });
    // A band of a marked wall line drawn into the cells beside it (thin view), so that a
    // wall being built or a walk over walls reads as a line, not as dots.
    this.band = this.thin && !image ? Math.max(1, Math.round(cols.cell * 0.16)) : 0;
    this.pixels = image ? new Pixels(this.ctx, W, H, cw, ch, cols.cell, ox, oy, pack(rgb(OUTSIDE))) : null;
    this.sweepEnd = image ? ch : H;
    // The squares on the canvas (all of them at zoom 1): only these are painted.
    this.vis = image ? { x0: 0, x1: W, y0: 0, y1: H } : {
      x0: Math.max(0, lastAtOrBelow(cols.pos, 0, W)), x1: visibleEnd(cols.pos, cw, W),
      y0: Math.max(0, lastAtOrBelow(rows.pos, 0, H)), y1: visibleEnd(rows.pos, ch, H) };
    if (!image) this.sweepEnd = this.vis.y1;
    return [cw, ch];
  }

  // Hex, triangle and polar mazes: maze units to device px (x * k + ox); the canvas fits the
  // drawing's bounds at zoom 1.
  layoutShape(aw, ah) {
    const g = this.graph, [x0, y0, x1, y1] = g.bounds, bw = x1 - x0, bh = y1 - y0;
    const pad = 3 * this.dpr; // half the widest wall: walls on the bounds are drawn whole
    const k1 = Math.min((aw - 2 * pad) / bw, (ah - 2 * pad) / bh);
    const cw = Math.ceil(bw * k1 + 2 * pad), ch = Math.ceil(bh * k1 + 2 * pad);
    this.maxZoom = Math.max(1, (MAX_CELL_PX * this.dpr) / (g.unit * k1));
    const k = k1 * this.zoom, [ox, oy] = this.offsets(bw * k + 2 * pad, bh * k + 2 * pad, cw, ch, false);
    Object.assign(this, { k, pad, ox: ox + pad - x0 * k, oy: oy + pad - y0 * k, image: false, pixels: null, band: 0, sweepEnd: g.n });
    const unit = g.unit * k;
    this.cols = this.rows = { cell: unit, size: [unit, unit] };
    // a wall's full width (half each side): a tenth of a cell or so, and less where many cells are
    // much smaller than the rest (upsilon's squares), so that those stay open
    this.wallWidth = Math.max(1, Math.min(unit * 0.12, 0.34 * g.smallInner * k, 6 * this.dpr));
    return [cw, ch];
  }

  // Where the maze's top left goes on a cw x ch canvas when it is tw x th px: centred when it
  // fits, else with the focus at the centre, never leaving a gap at an edge.
  offsets(tw, th, cw, ch, whole) {
    const at = (t, c, f) => (t <= c ? (c - t) / 2 : Math.max(c - t, Math.min(0, c / 2 - f * t)));
    const round = whole ? Math.round : (v) => v;
    const ox = round(at(tw, cw, this.focus[0])), oy = round(at(th, ch, this.focus[1]));
    this.total = [tw, th];
    this.focus = [tw > cw ? (cw / 2 - ox) / tw : 0.5, th > ch ? (ch / 2 - oy) / th : 0.5]; // what was shown
    return [ox, oy];
  }

  // Zoom by `factor` keeping the maze point under client point (cx, cy) where it is (none: the centre).
  zoomBy(factor, cx, cy) {
    if (!this.s) return;
    const z = Math.max(1, Math.min(this.maxZoom || 1, this.zoom * factor));
    if (z === this.zoom) return;
    const r = this.canvas.getBoundingClientRect();
    const px = cx === undefined ? this.cw / 2 : ((cx - r.left) * this.cw) / r.width;
    const py = cy === undefined ? this.ch / 2 : ((cy - r.top) * this.ch) / r.height;
    const [tw, th] = this.total, [ox, oy] = this.origin();
    const fx = (px - ox) / tw, fy = (py - oy) / th, grow = z / this.zoom;
    this.focus = [fx + (this.cw / 2 - px) / (tw * grow), fy + (this.ch / 2 - py) / (th * grow)];
    this.zoom = z;
    this.relayout();
  }

  // Move the maze by (dx, dy) client px (a drag).
  panBy(dx, dy) {
    if (!this.s || this.zoom === 1) return;
    const r = this.canvas.getBoundingClientRect(), [tw, th] = this.total;
    this.focus = [this.focus[0] - (dx * this.cw) / r.width / tw, this.focus[1] - (dy * this.ch) / r.height / th];
    this.relayout();
  }

  resetZoom() { this.zoom = 1; this.focus = [0.5, 0.5]; this.relayout(); }

  // The canvas px of the maze's top left corner (a shape's: of its bounds and their margin).
  origin() {
    if (this.graph) { const [x0, y0] = this.graph.bounds; return [this.ox + x0 * this.k - this.pad, this.oy + y0 * this.k - this.pad]; }
    return [this.cols.pos[0], this.rows.pos[0]];
  }

  // The largest number of the run so far (the heat ramp's far end): all the events fetched,
  // which at the end of a run is the run's largest distance.
  get numberTop() { return Math.max(1, this.s.numTop); }

  isGoal(p) { return this.s.goals.includes(p); }

  // A thin-view square on a wall line (an edge or a post), not a cell.
  onLine(x, y) { return this.s.geometry === "thin" && !(x & y & 1); }

  // The colour of square p, packed as ABGR (ImageData's byte order).  A mark always
  // shows, on walls too (a random walk over uncarved cells, a frontier of walls).
  colour(p) {
    const s = this.s, W = s.width, m = s.mark[p];
    // S and G are solid until a run marks or numbers them; then the square shows that, and the
    // letter (in S's or G's colour, see label) still says which end it is.
    if ((p === s.start || this.isGoal(p)) && !m && !(s.layer && s.num[p] > 0)) return p === s.start ? START32 : GOAL32;
    if (s.wall[p]) return m ? this.mark32[m] : WALL32;
    const x = p % W, y = (p - x) / W;
    if (s.geometry === "thin" && (x ^ y) & 1 && !m) {
      const a = x & 1 ? p - W : p - 1, b = x & 1 ? p + W : p + 1;
      const ma = s.mark[a], mb = s.mark[b];
      if (s.layer && s.num[a] > 0 && s.num[b] > 0 && (s.wall[a] | s.wall[b]) === 0 && !(ma && mb && !this.shows(ma) && !this.shows(mb)))
        return this.number(Math.min(s.num[a], s.num[b]) - 1, this.shows(ma) || this.shows(mb));
      return this.mark32[ma && mb ? (this.weakness[ma] > this.weakness[mb] ? ma : mb) : 0];
    }
    if (s.layer && s.num[p] > 0 && !(m && !this.shows(m))) return this.number(s.num[p] - 1, m !== 0);
    return s.weight && m === 0 && this.weighs(p) ? WEIGHT32[s.weight[p]] : this.mark32[m];
  }

  // Does a numbered square with mark m show its number's colour (rather than the mark's)?
  // Visited squares do: their number is what the search wrote there.
  shows(m) { return m === MARK.VISITED || m === MARK.VISITED2; }

  // Does square p carry a weight worth showing (a node: a cell in thin geometry)?
  weighs(p) {
    const s = this.s, x = p % s.width, y = (p - x) / s.width;
    if (this.graph) return p < this.graph.n;
    return s.geometry !== "thin" || (x & y & 1) === 1;
  }

  // A number's colour: its cluster's hue, or its place on the heat ramp (faded when no
  // search mark is on the square: left behind by a search that has moved on).
  number(v, marked = true) {
    const key = marked ? v : -1 - v;
    let c = this.cache.get(key);
    if (c === undefined) {
      const tone = this.s.layer === "cluster" ? cluster(v) : heat(v, this.numberTop - 1);
      c = pack(marked || this.s.layer === "cluster" ? tone : faded(tone));
      this.cache.set(key, c);
    }
    return c;
  }

  paint(p) {
    if (this.graph) { this.paintCell(p); return; }
    const s = this.s, W = s.width, x = p % W, y = (p - x) / W;
    const c = this.colour(p);
    if (this.image) { this.pixels.square(x, y, c); return; }
    const { cols, rows, ctx } = this;
    ctx.fillStyle = this.style(c);
    ctx.fillRect(cols.pos[x], rows.pos[y], cols.size[x], rows.size[y]);
    if (this.band && x & y & 1) this.bands(p, x, y);
    this.label(p, c, cols.pos[x], rows.pos[y], cols.size[x], rows.size[y], this.onLine(x, y));
  }

  // A cell of a shaped maze: its polygon in its colour, then, clipped to it, its half of each
  // side (passages: wall or mark; border: wall), then its label.  Each cell draws inside itself
  // only, so repainting a cell leaves nothing of its old state behind, and the two halves of a
  // side meet in one line with round corners.
  paintCell(p) {
    const g = this.graph, ctx = this.ctx, c = this.colour(p), style = this.style(c);
    ctx.save();
    ctx.beginPath();
    this.polygon(ctx, p);
    ctx.fillStyle = style;
    ctx.fill();
    ctx.lineWidth = 1; // over the seam between two cells of one colour
    ctx.strokeStyle = style;
    ctx.stroke();
    ctx.clip();
    this.sides(p, 2);
    ctx.restore();
    this.sides(p, 0); // the middle of each side again, over the clip's soft edge
    if (g.stairs.size) drawStairs(ctx, g, this.s.wall, p, this.k, this.ox, this.oy);
    if (g.under.size && g.under.has(p)) this.bridge(p);
    if (g.corners.size) for (const i of g.corners.get(p) || []) this.corridor(i);
    const [cx, cy] = this.centre(p), r = g.inner[p] * this.k * 0.8;
    this.label(p, c, cx - r, cy - r, 2 * r, 2 * r, false);
  }

  // Cell p's closed or marked sides, `half` times their width (clipped to the cell: half of it
  // shows), or (half = 0) a hairline along their middle.
  sides(p, half) {
    const g = this.graph, ctx = this.ctx, P = g.polygons, S = g.starts, k = this.k, ox = this.ox, oy = this.oy;
    ctx.lineCap = half ? "round" : "butt";
    const hair = Math.min(this.wallWidth, 2.5); // covers the soft edge of both clipped halves
    for (const i of g.passagesOf(p)) this.passage(i, half ? 0 : hair);
    if (!g.borderOf[p].length) return;
    ctx.strokeStyle = COLOURS.wall;
    ctx.lineWidth = half ? half * this.wallWidth : hair;
    ctx.beginPath();
    for (const i of g.borderOf[p]) {
      const j = i + 1 < S[p + 1] ? i + 1 : S[p];
      ctx.moveTo(ox + P[2 * i] * k, oy + P[2 * i + 1] * k);
      ctx.lineTo(ox + P[2 * j] * k, oy + P[2 * j + 1] * k);
    }
    ctx.stroke();
  }

  polygon(ctx, p) {
    const g = this.graph, P = g.polygons, S = g.starts, k = this.k, ox = this.ox, oy = this.oy;
    for (let i = S[p]; i < S[p + 1]; i++) {
      if (i === S[p]) ctx.moveTo(ox + P[2 * i] * k, oy + P[2 * i + 1] * k);
      else ctx.lineTo(ox + P[2 * i] * k, oy + P[2 * i + 1] * k);
    }
    ctx.closePath();
  }

  // A weave maze: the bridge over the open tunnel under cell p, if any (its rails and the tunnel's
  // mouths, then the tunnel's edges hidden under it, dashed, as the engine's drawing gives them), in
  // the wall colour, clipped to the cell.
  bridge(p) {
    const g = this.graph, s = this.s, t = g.under.get(p).find((i) => !s.wall[i]);
    if (t === undefined) return;
    const ctx = this.ctx, b = g.tunnels.get(t).bridge, k = this.k, ox = this.ox, oy = this.oy;
    ctx.save();
    ctx.beginPath();
    this.polygon(ctx, p);
    ctx.clip();
    const m = s.mark[t];
    if (m) { // a marked tunnel (a search went through it): a band of its mark along it, under the bridge's lines
      const [x0, y0, x1, y1] = g.walls.slice(4 * (t - g.n), 4 * (t - g.n) + 4);
      ctx.strokeStyle = this.style(this.mark32[m]);
      ctx.lineWidth = Math.hypot(b[24] - b[28], b[25] - b[29]) * k; // the tunnel's width
      ctx.lineCap = "butt";
      ctx.beginPath();
      ctx.moveTo(ox + x0 * k, oy + y0 * k);
      ctx.lineTo(ox + x1 * k, oy + y1 * k);
      ctx.stroke();
    }
    ctx.strokeStyle = COLOURS.wall;
    ctx.lineWidth = this.wallWidth;
    ctx.lineCap = "round";
    for (const [from, to, dash] of [[0, 24, false], [24, 32, true]]) {
      ctx.beginPath();
      for (let j = from; j < to; j += 4) {
        ctx.moveTo(ox + b[j] * k, oy + b[j + 1] * k);
        ctx.lineTo(ox + b[j + 2] * k, oy + b[j + 3] * k);
      }
      if (dash) {
        ctx.lineWidth = Math.max(1, this.wallWidth / 3);
        ctx.lineCap = "butt";
        ctx.setLineDash([Math.max(2, this.wallWidth * 0.8), Math.max(2, this.wallWidth * 0.8)]);
      }
      ctx.stroke();
    }
    ctx.restore();
  }

  // A zeta maze: the open diagonal i's corridor through its corner, over the walls meeting there
  // and the corners of the cells beside it (whichever of its four cells is painted, the whole
  // corridor again: it lies in all four): the diamond about the corner, each half in the colour of
  // the cell on its side (a marked passage: its mark's), then the two rails in the wall colour.
  corridor(i) {
    const s = this.s, g = this.graph;
    if (s.wall[i]) return;
    const ctx = this.ctx, b = g.diagonals.get(i).band, [a, c] = g.cellsOf(i), m = s.mark[i], k = this.k, ox = this.ox, oy = this.oy;
    for (const [at, cell] of [[0, a], [8, c]]) {
      ctx.beginPath();
      for (let j = at; j < at + 8; j += 2) ctx[j === at ? "moveTo" : "lineTo"](ox + b[j] * k, oy + b[j + 1] * k);
      ctx.closePath();
      ctx.fillStyle = this.style(m ? this.mark32[m] : this.colour(cell));
      ctx.fill();
    }
    ctx.strokeStyle = COLOURS.wall;
    ctx.lineWidth = 2 * this.wallWidth;
    ctx.lineCap = "round";
    ctx.beginPath();
    for (const j of [16, 20]) { ctx.moveTo(ox + b[j] * k, oy + b[j + 1] * k); ctx.lineTo(ox + b[j + 2] * k, oy + b[j + 3] * k); }
    ctx.stroke();
  }

  // A passage's segment: a marked passage in its mark's colour (wide, open or closed), a closed
  // one as a wall, an open one not at all (the cells' fills cover where it was).  A weave maze's
  // tunnel is drawn by the bridge over it, and a wall an open tunnel passes under has a gap.
  passage(i, hair = 0) {
    const s = this.s, m = s.mark[i];
    if (!m && !s.wall[i] || this.graph.stairs.has(i)) return; // (a stair has no side: its mark is the cell's)
    if (this.graph.tunnels.size && this.graph.tunnels.has(i)) return;
    if (this.graph.diagonals.size && this.graph.diagonals.has(i)) return; // (drawn by corridor, while open)
    const cut = this.graph.cuts.size && (this.graph.cuts.get(i) || []).find(([t]) => !s.wall[t]);
    const ctx = this.ctx, w = cut ? cut[1] : this.graph.walls, j = cut ? 0 : 4 * (i - this.graph.n), k = this.k;
    ctx.strokeStyle = m ? this.style(this.mark32[m]) : COLOURS.wall;
    ctx.lineWidth = hair || 2 * (m ? Math.max(2 * this.wallWidth, this.cols.cell * 0.3) : this.wallWidth); // half shows
    const cap = ctx.lineCap;
    if (m) ctx.lineCap = "butt"; // a band along the side, not a blob in the corners
    ctx.beginPath();
    ctx.moveTo(this.ox + w[j] * k, this.oy + w[j + 1] * k);
    ctx.lineTo(this.ox + w[j + 2] * k, this.oy + w[j + 3] * k);
    if (cut) { // the wall's far piece, past the tunnel's mouth
      ctx.moveTo(this.ox + w[4] * k, this.oy + w[5] * k);
      ctx.lineTo(this.ox + w[6] * k, this.oy + w[7] * k);
    }
    const wrap = this.graph.wraps.get(i); // a passage across a seam: its side at the other edge too
    if (wrap) {
      ctx.moveTo(this.ox + wrap.seg[0] * k, this.oy + wrap.seg[1] * k);
      ctx.lineTo(this.ox + wrap.seg[2] * k, this.oy + wrap.seg[3] * k);
    }
    ctx.stroke();
    ctx.lineCap = cap;
  }

  style(c) {
    let style = this.styles.get(c);
    if (!style) { style = css(unpack(c)); this.styles.set(c, style); }
    return style;
  }

  // Thin view: the marks of the wall lines around cell p reach into it as bands.
  bands(p, x, y) {
    const s = this.s, W = s.width, { cols, rows, ctx, band: b } = this;
    const x0 = cols.pos[x], y0 = rows.pos[y], w = cols.size[x], h = rows.size[y];
    const side = (q, rx, ry, rw, rh) => {
      const m = s.mark[q];
      if (!m || q === s.start || this.isGoal(q)) return;
      ctx.fillStyle = this.style(this.mark32[m]);
      ctx.fillRect(rx, ry, rw, rh);
    };
    side(p - W, x0, y0, w, b); side(p + W, x0, y0 + h - b, w, b);
    side(p - 1, x0, y0, b, h); side(p + 1, x0 + w - b, y0, b, h);
    side(p - W - 1, x0, y0, b, b); side(p - W + 1, x0 + w - b, y0, b, b);
    side(p + W - 1, x0, y0 + h - b, b, b); side(p + W + 1, x0 + w - b, y0 + h - b, b, b);
  }

  // The labels canvas over square p: its number (distance layer), its weight, or S / G.
  label(p, c, x0, y0, w, h, onLine) {
    const s = this.s, o = this.lctx;
    o.clearRect(x0 - 1, y0 - 1, w + 2, h + 2);
    let text = "", colour = COLOURS.text, halo = null;
    const cell = Math.min(w, h);
    if (p === s.start || this.isGoal(p)) {
      // its number while a search spreads; on the route found, the letter alone (the length is in the stats line)
      text = (p === s.start ? "S" : "G") + (s.layer === "distance" && s.num[p] > 0 && s.mark[p] !== MARK.ROUTE ? String(s.num[p] - 1) : "");
      const solid = c === (p === s.start ? START32 : GOAL32);
      colour = solid ? "#ffffff" : p === s.start ? COLOURS.start : COLOURS.goal;
      if (!solid) halo = "#ffffff";
    }
    // (a cell on the route found gives its number way to the route line through it)
    else if (s.layer === "distance" && s.num[p] > 0 && !s.wall[p] && !onLine && s.mark[p] !== MARK.ROUTE) {
      text = String(s.num[p] - 1);
      const bg = unpack(c);
      colour = ink(bg);
      halo = css(bg);
    } else if (s.weight && s.weight[p] > 1 && !s.wall[p] && this.weighs(p)) {
      text = String(s.weight[p]);
      colour = COLOURS.weight;
    }
    if (!text) return;
    let size = this.labelSize(text, w, h, halo);
    if (!size && text.length > 1 && (p === s.start || this.isGoal(p))) size = this.labelSize(text = text[0], w, h, halo); // the letter alone
    if (!size) return;
    o.font = `600 ${size}px system-ui, sans-serif`;
    o.textAlign = "center"; o.textBaseline = "middle";
    const cx = x0 + w / 2, cy = y0 + h / 2 + size * 0.04;
    if (halo) { // a rim of the cell's own colour keeps the number readable on the route line
      o.lineWidth = Math.max(2, size * 0.28);
      o.lineJoin = "round";
      o.strokeStyle = halo;
      o.strokeText(text, cx, cy);
    }
    o.fillStyle = colour;
    o.fillText(text, cx, cy);
  }

  // The font size (device px) that writes ``text`` in a w × h box, or 0 when it would be too small
  // to read (a haloed text may be smaller: its rim keeps it legible).
  labelSize(text, w, h, halo) {
    const size = Math.floor(Math.min(Math.min(w, h) * 0.62, (w * 0.92) / (0.6 * text.length)));
    return size < LABEL_PX * this.dpr * (text.length > 1 && !halo ? 1 : 0.8) ? 0 : size;
  }

  // Is everything drawn (no repaint sweep under way)?
  get painted() { return !!this.s && !this.s.allDirty && this.sweep >= this.sweepEnd; }

  // Paint what changed since the last frame (a full repaint sweeps over
  // several frames, `paintMs` each); `showHead` draws the head marker.
  frame(showHead, paintMs = PAINT_MS) {
    const s = this.s;
    if (!s) return;
    const W = s.width, thin = s.geometry === "thin", pixels = this.pixels, g = this.graph, vis = this.vis;
    if (s.layer === "distance" && s.numTop !== this.top) { this.top = s.numTop; this.cache.clear(); s.allDirty = true; }
    if (s.allDirty) {
      this.sweep = g || pixels ? 0 : vis.y0;
      s.allDirty = false; s.dirtyCount = 0;
      if (!pixels) { this.ctx.fillStyle = OUTSIDE; this.ctx.fillRect(0, 0, this.cw, this.ch); }
      this.lctx.clearRect(0, 0, this.cw, this.ch);
    }
    if (this.sweep < this.sweepEnd) {
      const t0 = performance.now(), colour = (p) => this.colour(p);
      let r = this.sweep;
      while (r < this.sweepEnd && performance.now() - t0 < paintMs) {
        const next = Math.min(this.sweepEnd, r + (pixels ? 16 : g ? 64 : 1));
        if (pixels) pixels.rows(r, next, colour);
        else if (g) for (let p = r; p < next; p++) this.paint(p);
        else for (let p = r * W + vis.x0, end = r * W + vis.x1; p < end; p++) this.paint(p);
        r = next;
      }
      this.sweep = r;
    }
    const d = s.dirty, swept = this.sweep;
    for (let i = 0; i < s.dirtyCount; i++) {
      const p = d[i];
      if (g) {
        if (p < g.n) { if (p < swept) this.paint(p); }
        else for (const c of g.repaints(p)) if (c < swept) this.paint(c);
        continue;
      }
      const x = p % W, y = (p - x) / W;
      if ((pixels ? pixels.rowStart[y] : y) >= swept) continue;
      if (!pixels && (y < vis.y0 - 1 || y > vis.y1 || x < vis.x0 - 1 || x > vis.x1)) continue;
      this.paint(p);
      if (thin && x & y & 1) { this.paint(p - 1); this.paint(p + 1); this.paint(p - W); this.paint(p + W); }
      else if (this.band) this.around(p, x, y);
    }
    s.dirtyCount = 0;
    if (pixels) pixels.put();
    const head = showHead ? s.head : -1;
    if (s.routeChanged || head !== this.lastHead) this.drawOverlay(head);
  }

  // A wall line square changed (thin view): the cells beside it carry its band.
  around(p, x, y) {
    const W = this.s.width, H = this.s.height;
    for (const dy of [-1, 0, 1]) for (const dx of [-1, 0, 1]) {
      const cx = x + dx, cy = y + dy;
      if (cx & cy & 1 && cx > 0 && cy > 0 && cx < W && cy < H) this.paint(p + dy * W + dx);
    }
    this.paint(p);
  }

  // The square (a shaped maze: the cell) under a point of the page (client CSS px), or -1 off the maze.
  squareAt(clientX, clientY) {
    if (!this.s) return -1;
    const r = this.canvas.getBoundingClientRect();
    const x = ((clientX - r.left) * this.canvas.width) / r.width, y = ((clientY - r.top) * this.canvas.height) / r.height;
    if (x < 0 || y < 0 || x >= this.canvas.width || y >= this.canvas.height) return -1;
    if (this.graph) return this.graph.cellAt((x - this.ox) / this.k, (y - this.oy) / this.k);
    const col = lastAtOrBelow(this.cols.pos, x, this.s.width), row = lastAtOrBelow(this.rows.pos, y, this.s.height);
    return col < 0 || row < 0 ? -1 : row * this.s.width + col;
  }

  // The centre of square p (a shaped maze: of cell or passage p) in client CSS px (where a click on it lands).
  clientCentre(p) {
    const r = this.canvas.getBoundingClientRect(), [x, y] = this.centre(p);
    return [r.left + (x * r.width) / this.canvas.width, r.top + (y * r.height) / this.canvas.height];
  }

  // The centre of square (cell, passage) p in canvas px.
  centre(p) {
    if (this.graph) { const [x, y] = this.graph.centre(p); return [this.ox + x * this.k, this.oy + y * this.k]; }
    const W = this.s.width, x = p % W, y = (p - x) / W, { cols, rows } = this;
    return [cols.pos[x] + cols.size[x] / 2, rows.pos[y] + rows.size[y] / 2];
  }

  // Are squares (cells) a and b next to each other on a route (else the line jumps)?
  near(a, b) {
    if (this.graph) {
      const [ax, ay] = this.graph.centre(a), [bx, by] = this.graph.centre(b);
      return Math.hypot(ax - bx, ay - by) <= (this.graph.wraps.size ? 1.5 : 3) * this.graph.unit;
    }
    const W = this.s.width, reach = this.s.geometry === "thin" ? 2 : 1;
    return Math.abs((a % W) - (b % W)) + Math.abs(Math.floor(a / W) - Math.floor(b / W)) <= reach;
  }

  drawOverlay(head) {
    const { s, octx: o, cols, rows } = this, W = s.width;
    o.clearRect(0, 0, this.overlay.width, this.overlay.height);
    const unit = Math.min(cols.size[1] || cols.size[0], rows.size[1] || rows.size[0]);
    o.lineWidth = this.image ? Math.max(1, unit * 0.6) : Math.max(1.5, unit * 0.3);
    o.lineCap = o.lineJoin = "round";
    if (this.graph && this.graph.wraps.size) this.drawSeams(o);
    if (this.graph && this.graph.band) this.drawLevelNames(o);
    if (s.waypoints.length) this.drawWaypoints();
    else if (s.route.length > 1) {
      o.strokeStyle = COLOURS.route;
      o.beginPath();
      let prev = -1, lx = -1e9, ly = -1e9;
      const under = []; // a weave maze: the route's pieces under a bridge (dashed, below)
      for (const p of s.route) {
        const [cx, cy] = this.centre(p);
        const near = prev >= 0 && this.near(p, prev);
        if (!near && prev >= 0) this.acrossSeam(o, prev, p);
        if (!near) { o.moveTo(cx, cy); lx = cx; ly = cy; prev = p; continue; }
        const piece = this.underBridge(prev, p);
        if (piece) { // the line's round ends stop at the rails, the piece between is dashed
          const [a, b] = rounded(piece, o.lineWidth / 2);
          o.lineTo(...a); o.moveTo(...b); under.push(piece); [lx, ly] = b;
        }
        if (Math.abs(cx - lx) + Math.abs(cy - ly) >= 1.5) { o.lineTo(cx, cy); lx = cx; ly = cy; }
        prev = p;
      }
      o.stroke();
      this.dashUnder(o, under, unit);
    }
    this.drawEnds();
    if (head >= 0 && this.graph) this.drawHead(head, unit);
    else if (head >= 0) {
      const x = head % W, y = (head - x) / W;
      const pad = Math.max(1, unit * 0.08);
      o.strokeStyle = COLOURS.head;
      o.lineWidth = Math.max(1.5, unit * 0.16);
      o.strokeRect(cols.pos[x] - pad, rows.pos[y] - pad, Math.max(2, cols.size[x]) + 2 * pad,
        Math.max(2, rows.size[y]) + 2 * pad);
    }
    if (this.extra) this.extra(o, this); // a mode's own marks (edit: the wall under the pointer)
    s.routeChanged = false;
    this.lastHead = head;
  }

  // A maze of levels: each level's name ("level 1" the top one) in the band above it (stairs.js).
  drawLevelNames(o) {
    const g = this.graph, { k, ox, oy, dpr } = this, band = g.band * k;
    const px = Math.round(Math.max(9 * dpr, Math.min(14 * dpr, band * 0.7)));
    o.save();
    o.font = `600 ${px}px system-ui, sans-serif`;
    o.textAlign = "left";
    o.textBaseline = "middle";
    o.fillStyle = "#475569";
    for (let z = 0; z < g.levels[2]; z++) {
      const [x, y] = levelRect(g, z);
      o.fillText(`level ${z + 1}${z === 0 ? " (top)" : z === g.levels[2] - 1 ? " (bottom)" : ""}`, ox + x * k, oy + y * k - band / 2);
    }
    o.restore();
  }

  // A maze that wraps around: per passage across a seam, an arrow out of the drawing at both of its
  // ends in the passage's own colour (pymaze.svg draws the same).
  drawSeams(o) {
    const { k, ox, oy } = this;
    for (const [colour, arrows] of this.graph.seamArrows()) {
      o.fillStyle = colour;
      o.beginPath();
      for (const pts of arrows) {
        pts.forEach(([x, y], i) => (i ? o.lineTo(ox + x * k, oy + y * k) : o.moveTo(ox + x * k, oy + y * k)));
        o.closePath();
      }
      o.fill();
    }
  }

  // A route's move from cell a to b through a weave tunnel: where it goes under the bridge and comes
  // out, two canvas points (ShapeView.underBridge), or null.
  underBridge(a, b) {
    const piece = this.graph && this.graph.tunnels.size ? this.graph.underBridge(a, b) : null;
    return piece && piece.map(([x, y]) => [this.ox + x * this.k, this.oy + y * this.k]);
  }

  // The route's pieces under a bridge, dashed as the tunnel's sides there are (pymaze.svg draws the same).
  dashUnder(o, pieces, unit) {
    if (!pieces.length) return;
    o.save();
    o.lineCap = "butt";
    o.lineWidth /= 2; // (thinner: a line out of sight, as the tunnel's sides under the bridge are)
    o.setLineDash([Math.max(1, unit / 10), Math.max(1, unit / 10)]);
    o.beginPath();
    for (const [[ax, ay], [bx, by]] of pieces) { o.moveTo(ax, ay); o.lineTo(bx, by); }
    o.stroke();
    o.restore();
  }

  // A route's move from a to b across a seam: on to a's edge, and in from b's edge (the caller moves
  // to b's centre next); nothing when they meet inside the drawing.
  acrossSeam(o, a, b) {
    const g = this.graph, i = g && g.seam(a, b);
    if (!g || i < 0) return;
    const { k, ox, oy } = this, [ax, ay] = g.side(i, a), [bx, by] = g.side(i, b), [cx, cy] = this.centre(b);
    o.lineTo(ox + ax * k, oy + ay * k);
    o.moveTo(ox + bx * k, oy + by * k);
    o.lineTo(cx, cy);
  }

  // The outline of the cell (or passage) the last event changed, on a shaped maze.
  drawHead(head, unit) {
    const o = this.octx, g = this.graph;
    o.strokeStyle = COLOURS.head;
    o.lineWidth = Math.max(1.5, unit * 0.12);
    o.beginPath();
    if (head < g.n) this.polygon(o, head);
    else {
      const w = g.walls, j = 4 * (head - g.n), k = this.k;
      o.moveTo(this.ox + w[j] * k, this.oy + w[j + 1] * k);
      o.lineTo(this.ox + w[j + 2] * k, this.oy + w[j + 3] * k);
    }
    o.stroke();
  }

  // Route polylines through their waypoints (value 0 starts one).  Each route has its
  // own colour (ROUTE_LINES); later routes are thinner and shifted off the centre line so
  // that shared stretches stay visible; the first route, or the one under the pointer in
  // the routes list, is drawn on top.
  drawWaypoints() {
    const o = this.octx, lines = [], under = [], width = o.lineWidth;
    let prev = -1;
    for (const [p, i] of this.s.waypoints) {
      const seam = i !== 0 && prev >= 0 && this.graph ? this.graph.seam(prev, p) : -1;
      if (seam >= 0) { // across a seam: on to the edge, then a new line in from the other edge
        const [ax, ay] = this.graph.side(seam, prev), [bx, by] = this.graph.side(seam, p);
        lines[lines.length - 1].push([this.ox + ax * this.k, this.oy + ay * this.k]);
        lines.push([[this.ox + bx * this.k, this.oy + by * this.k]]);
      }
      if (i === 0 || !lines.length) lines.push([]);
      const piece = i !== 0 && prev >= 0 ? this.underBridge(prev, p) : null;
      if (piece) { // (under a bridge: the line breaks there, and that piece is dashed)
        const [a, b] = rounded(piece, o.lineWidth / 2);
        lines[lines.length - 1].push(a, null, b);
        (under[lines.length - 1] ||= []).push(piece);
      }
      lines[lines.length - 1].push(this.centre(p));
      prev = p;
    }
    const unit = Math.min(this.cols.cell, this.rows.cell), lit = this.highlight;
    const order = lines.map((_, n) => n).reverse();
    if (lit >= 0 && lit < lines.length) order.splice(order.indexOf(lit), 1), order.push(lit);
    for (const n of order) {
      const shift = n ? (n & 1 ? 1 : -1) * Math.min(0.3, 0.15 * ((n + 1) >> 1)) * unit : 0;
      o.strokeStyle = ROUTE_LINES[n % ROUTE_LINES.length];
      o.globalAlpha = lit >= 0 && n !== lit ? 0.3 : 1;
      o.lineWidth = n === lit ? width * 1.3 : n ? Math.max(1, width * 0.6) : width;
      o.beginPath();
      lines[n].forEach((pt, k) => {
        if (pt) (k && lines[n][k - 1] ? o.lineTo : o.moveTo).call(o, pt[0] + shift, pt[1] + shift);
      });
      o.stroke();
      this.dashUnder(o, (under[n] || []).map((piece) => piece.map(([x, y]) => [x + shift, y + shift])), unit);
    }
    o.globalAlpha = 1;
  }

  // Is the letter of end p (S or a goal) written in its square or cell (see label)?
  letterFits(p) {
    if (!this.graph) return this.labelSize("S", this.cols.cell, this.rows.cell, "halo") > 0;
    const d = 2 * this.graph.inner[p] * this.k * 0.8; // (a number too long for it gives way to the letter alone)
    return this.labelSize("S", d, d, "halo") > 0;
  }

  // Ends too small for their letter (tiny squares, a polar maze's outer cells): S and every goal
  // get a disc of their colour, rimmed in white, with their letter in white, over the cell's middle,
  // so that both ends show and say which they are at every moment, on every shape.
  drawEnds() {
    const s = this.s, o = this.octx, dpr = this.dpr;
    const size = Math.ceil(LABEL_PX * dpr), r = size * 0.72, rim = Math.max(1.5, dpr * 1.5);
    this.endDiscs = [];
    for (const [p, colour] of [[s.start, COLOURS.start], ...s.goals.map((q) => [q, COLOURS.goal])]) {
      if (p < 0 || this.letterFits(p)) continue;
      const [x, y] = this.centre(p), letter = p === s.start ? "S" : "G";
      o.fillStyle = "#ffffff";
      o.beginPath(); o.arc(x, y, r + rim, 0, 2 * Math.PI); o.fill();
      o.fillStyle = colour;
      o.beginPath(); o.arc(x, y, r, 0, 2 * Math.PI); o.fill();
      o.font = `700 ${size}px system-ui, sans-serif`;
      o.textAlign = "center"; o.textBaseline = "middle";
      o.fillStyle = "#ffffff";
      o.fillText(letter, x, y + size * 0.04);
      this.endDiscs.push({ p, letter, x, y, r });
    }
  }
}

// A piece [a, b] of a line drawn with round ends of radius r: where a line up to a (and one from b)
// must end so that its round end stops at a (at b).
function rounded([[ax, ay], [bx, by]], r) {
  const len = Math.hypot(bx - ax, by - ay) || 1, dx = ((bx - ax) / len) * r, dy = ((by - ay) / len) * r;
  return [[ax - dx, ay - dy], [bx + dx, by + dy]];
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

// Squares up to the first at or past `end` px on an axis (exclusive end index).
function visibleEnd(pos, end, n) {
  const i = lastAtOrBelow(pos, end - 0.5, n);
  return i < 0 ? (pos[0] >= end ? 0 : n) : i + 1;
}

// An axis moved by `by` px.
function shift(axis, by) {
  if (by) for (let i = 0; i < axis.pos.length; i++) axis.pos[i] += by;
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
