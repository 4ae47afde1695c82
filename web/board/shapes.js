// Hex, triangle and polar mazes on the page: the engine's drawing (pymaze.web.drawing: a polygon
// per cell, a segment per passage, the border) turned into what the renderer and the player ask:
// each cell's centre, size and sides, each passage's two cells and centre, and the cell under a
// point.  Everything here is in maze units; the renderer maps them to pixels.
import { arrangeLevels } from "./stairs.js";
// The colour of the seam marks of the j-th passage across a seam: hues apart for neighbours, and the
// lightness in turn of three, so that rows whose hues come round again differ (pymaze.svg.seam_hue).
const SEAM_LIGHT = [45, 30, 58];
export const seamColour = (j) => `hsl(${(((j * 0.618034) % 1) * 360).toFixed(1)} 70% ${SEAM_LIGHT[j % 3]}%)`;

export class ShapeView {
  constructor(d) {
    arrangeLevels(d); // a maze of levels: its levels in the rows and columns that draw them biggest
    Object.assign(this, { bounds: d.bounds, n: d.cells, m: d.passages, polygons: d.polygons, starts: d.starts,
      walls: d.walls, border: d.border, ends: d.ends, levels: d.levels, cols: d.cols || 1, band: d.band || 0, grid: d.grid || null });
    // A maze that wraps around (cylinder, torus, Möbius strip): each passage across a seam, with its
    // side on the higher cell (at the other edge) and its number among them (its seam marks' colour).
    this.wraps = new Map();
    (d.wraps || []).forEach((i, j) => this.wraps.set(i, { seg: d.wrapWalls.slice(4 * j, 4 * j + 4), j }));
    this.stairs = new Set(d.stairs || []); // a maze of levels: the passages between levels (stairs.js)
    // A weave maze: each tunnel (never drawn as a wall) with the cell it runs under and, for while it
    // is open, the bridge over it and the walls it passes under with its mouth cut out; per cell,
    // the tunnels under it; per covered wall, its cut-out pieces by tunnel.
    this.tunnels = new Map(); this.under = new Map(); this.cuts = new Map(); this.gap = d.gap || 0;
    (d.tunnels || []).forEach((i, j) => {
      const mid = d.middles[j];
      this.tunnels.set(i, { mid, bridge: d.bridges.slice(32 * j, 32 * j + 32) });
      this.under.set(mid, [...(this.under.get(mid) || []), i]);
      for (const c of [0, 1]) {
        const wall = d.covers[2 * j + c], pieces = this.cuts.get(wall) || [];
        pieces.push([i, d.cuts.slice(8 * (2 * j + c), 8 * (2 * j + c) + 8)]);
        this.cuts.set(wall, pieces);
      }
    });
    const n = this.n, P = d.polygons, S = d.starts;
    zetaCorners(this, d);
    this.cx = new Float64Array(n); this.cy = new Float64Array(n);
    this.inner = new Float64Array(n); // the radius of the largest circle about the centre inside the cell
    this.bbox = new Float64Array(4 * n);
    for (let p = 0; p < n; p++) {
      let sx = 0, sy = 0, x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
      const a = S[p], b = S[p + 1];
      for (let i = a; i < b; i++) {
        const x = P[2 * i], y = P[2 * i + 1];
        sx += x; sy += y;
        x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
      }
      const cx = sx / (b - a), cy = sy / (b - a);
      this.cx[p] = cx; this.cy[p] = cy;
      this.bbox.set([x0, y0, x1, y1], 4 * p);
      let r = Infinity;
      for (let i = a; i < b; i++) {
        const j = i + 1 < b ? i + 1 : a;
        r = Math.min(r, segmentDistance(cx, cy, P[2 * i], P[2 * i + 1], P[2 * j], P[2 * j + 1]));
      }
      this.inner[p] = r;
    }
    // Each cell's passages (and the cell across each), and its border segments.
    const deg = new Int32Array(n + 1);
    for (let k = 0; k < this.m; k++) { deg[d.ends[2 * k] + 1]++; deg[d.ends[2 * k + 1] + 1]++; }
    for (let p = 0; p < n; p++) deg[p + 1] += deg[p];
    this.adjStart = deg;
    this.adj = new Int32Array(2 * this.m);
    const fill = deg.slice(0, n);
    for (let k = 0; k < this.m; k++) {
      this.adj[fill[d.ends[2 * k]]++] = k;
      this.adj[fill[d.ends[2 * k + 1]]++] = k;
    }
    // A side of a cell's polygon that is no passage's wall is border (the outside, or a switched-off
    // cell): kept per cell as the index of its first corner.
    this.borderOf = Array.from({ length: n }, () => []);
    for (let p = 0; p < n; p++) {
      const mids = this.passagesOf(p).map((i) => { const w = this.segment(i, p); return [(w[0] + w[2]) / 2, (w[1] + w[3]) / 2]; });
      for (let i = S[p]; i < S[p + 1]; i++) {
        const j = i + 1 < S[p + 1] ? i + 1 : S[p];
        const mx = (P[2 * i] + P[2 * j]) / 2, my = (P[2 * i + 1] + P[2 * j + 1]) / 2;
        if (!mids.some(([x, y]) => Math.abs(x - mx) + Math.abs(y - my) < 1e-6)) this.borderOf[p].push(i);
      }
    }
  }

  // The cell containing maze point (x, y), or -1.
  cellAt(x, y) {
    const P = this.polygons, S = this.starts, B = this.bbox;
    for (let p = 0; p < this.n; p++) {
      if (x < B[4 * p] || y < B[4 * p + 1] || x > B[4 * p + 2] || y > B[4 * p + 3]) continue;
      let inside = false;
      for (let i = S[p], j = S[p + 1] - 1; i < S[p + 1]; j = i++) {
        const xi = P[2 * i], yi = P[2 * i + 1], xj = P[2 * j], yj = P[2 * j + 1];
        if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
      }
      if (inside) return p;
    }
    return -1;
  }

  // The centre of a cell, or of a passage (the middle of its wall), in maze units.
  centre(i) {
    if (i < this.n) return [this.cx[i], this.cy[i]];
    const w = this.walls, k = 4 * (i - this.n);
    return [(w[k] + w[k + 2]) / 2, (w[k + 1] + w[k + 3]) / 2];
  }

  // Cell p's neighbours: [passage index, cell across, angle from p's centre to its centre (radians, y
  // down); across a seam: towards the side it leaves by].  Stairs are no direction: stairs.js.
  neighbours(p) {
    const out = [];
    for (let i = this.adjStart[p]; i < this.adjStart[p + 1]; i++) {
      if (this.stairs.has(this.n + this.adj[i])) continue;
      const k = this.adj[i], q = this.ends[2 * k] === p ? this.ends[2 * k + 1] : this.ends[2 * k];
      const [x, y] = this.wraps.has(this.n + k) ? this.side(this.n + k, p) : [this.cx[q], this.cy[q]];
      out.push([this.n + k, q, Math.atan2(y - this.cy[p], x - this.cx[p])]);
    }
    return out;
  }

  // Passage i's segment [x0, y0, x1, y1] on cell p's side: its wall, or, for a passage across a seam
  // seen from its higher cell, the segment at the other edge.
  segment(i, p) {
    const k = 4 * (i - this.n), W = this.walls, wrap = this.wraps.get(i);
    if (wrap && p !== undefined && this.ends[2 * (i - this.n)] !== p) return wrap.seg;
    return [W[k], W[k + 1], W[k + 2], W[k + 3]];
  }

  // The middle of passage i's side on cell p.
  side(i, p) { const w = this.segment(i, p); return [(w[0] + w[2]) / 2, (w[1] + w[3]) / 2]; }

  // Cell p's grid position as pymaze.graph.Lattice.position gives it: (x, y) (hex, triangle, the
  // wrapping shapes, weave, zeta, upsilon), (i, ring) on a polar maze, (x, y, level) on levels.
  position(p) {
    const g = this.grid;
    if (!g) return null;
    const k = g.raw ? g.raw[p] : p, w = g.w;
    if (g.shape === "polar") {
      if (k === 0) return [0, 0];
      let r = 0;
      while (g.rings[r + 1] <= k) r++;
      return [k - g.rings[r], r];
    }
    if (g.shape === "levels") { const z = Math.floor(k / (w * g.h)), q = k - z * w * g.h; return [q % w, Math.floor(q / w), z]; }
    return [k % w, Math.floor(k / w)];
  }

  // Cell p named to a person: its grid position, "(x, y)" ("cell p" when the drawing has no grid).
  name(p) {
    const at = this.position(p);
    return at ? `(${at.join(", ")})` : `cell ${p}`;
  }

  // The passage across a seam between cells a and b, or -1 (they meet inside the drawing, or not at all).
  seam(a, b) { return this.between(this.wraps, a, b); }

  // The passage between cells a and b among `which` (a Map or Set by passage index), or -1.
  between(which, a, b) {
    if (!which.size) return -1;
    for (const i of this.passagesOf(a)) if (which.has(i) && this.cellsOf(i).includes(b)) return i;
    return -1;
  }

  // A move from cell a to b through a weave tunnel: where it goes under the bridge and comes out, [[x, y],
  // [x, y]] in maze units (the bridge's rails: pymaze.svg.route_under), or null.
  underBridge(a, b) {
    const i = this.between(this.tunnels, a, b);
    if (i < 0) return null;
    const m = this.tunnels.get(i).mid, dx = (this.cx[b] - this.cx[a]) / 2, dy = (this.cy[b] - this.cy[a]) / 2;
    return [[this.cx[m] - this.gap * dx, this.cy[m] - this.gap * dy], [this.cx[m] + this.gap * dx, this.cy[m] + this.gap * dy]];
  }

  // The seam marks: per passage across a seam, its colour and an arrow out of the drawing at each
  // end (three points each, maze units), as pymaze.svg.seam_arrows draws them.
  seamArrows() {
    const out = [];
    for (const [i, { j }] of this.wraps) {
      const [p, q] = this.cellsOf(i);
      const arrows = [this.segment(i, p), this.segment(i, q)].map(([x0, y0, x1, y1]) => {
        const mx = (x0 + x1) / 2, my = (y0 + y1) / 2, tx = (x1 - x0) / 2, ty = (y1 - y0) / 2, ox = ty, oy = -tx;
        return [[mx + 0.1 * ox + 0.5 * tx, my + 0.1 * oy + 0.5 * ty], [mx + 0.8 * ox, my + 0.8 * oy],
          [mx + 0.1 * ox - 0.5 * tx, my + 0.1 * oy - 0.5 * ty]];
      });
      out.push([seamColour(j), arrows]);
    }
    return out;
  }

  // The passages around cell p (indices n + k).
  passagesOf(p) {
    const out = [];
    for (let i = this.adjStart[p]; i < this.adjStart[p + 1]; i++) out.push(this.n + this.adj[i]);
    return out;
  }

  // The two cells of passage index i.
  cellsOf(i) { const k = i - this.n; return [this.ends[2 * k], this.ends[2 * k + 1]]; }

  // The cells to repaint when passage i changes: its two, and a tunnel's middle (its bridge).
  repaints(i) {
    const t = this.tunnels.get(i), z = this.diagonals.get(i);
    return t ? [...this.cellsOf(i), t.mid] : z ? z.cells : this.cellsOf(i);
  }

  // The typical distance between neighbouring cells' centres (what a route line's width follows), and
  // the inner radius of the small cells (the tenth smallest: upsilon's squares, not a polar maze's
  // few cells about its middle), which a wall must leave open.
  get unit() { return this.sizes()[0]; }
  get smallInner() { return this.sizes()[1]; }
  sizes() {
    if (this._sizes === undefined) {
      const r = Float64Array.from(this.inner).sort();
      this._sizes = [2 * (r[r.length >> 1] || 0.5), r[Math.floor(r.length / 10)] || 0.5];
    }
    return this._sizes;
  }
}

// A zeta maze (pymaze.zeta): each diagonal passage (its segment is the corner it runs through; never
// a wall) with the four cells about that corner (its two, then those beside it, when on), the
// diagonal crossing it (-1: none) and, for while it is open, its corridor as pymaze.zeta.band builds
// it: the diamond about the corner in halves (its upper cell's, then its lower one's; four points
// each), then its two rails; per cell, the diagonals at its corners.
function zetaCorners(view, d) {
  view.diagonals = new Map(); view.corners = new Map(); view.cut = d.cut || 0;
  const at = new Map(), c = d.cut;
  (d.diagonals || []).forEach((i, j) => {
    const k = i - view.n, a = d.ends[2 * k], b = d.ends[2 * k + 1], W = d.walls, x = W[4 * k], y = W[4 * k + 1];
    const cells = [a, b, d.beside[2 * j], d.beside[2 * j + 1]].filter((q) => q >= 0);
    const N = [x, y - c], E = [x + c, y], S = [x, y + c], Wt = [x - c, y], mid = (p, q) => [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
    const se = d.polygons[2 * d.starts[b]] > d.polygons[2 * d.starts[a]]; // the lower cell lies to the right: NW to SE
    const pts = se ? [mid(S, Wt), Wt, N, mid(N, E), mid(N, E), E, S, mid(S, Wt), N, E, S, Wt]
      : [mid(Wt, N), N, E, mid(E, S), mid(E, S), S, Wt, mid(Wt, N), Wt, N, E, S];
    const key = `${x},${y}`, other = at.get(key);
    view.diagonals.set(i, { cells, band: pts.flat(), crossing: other === undefined ? -1 : other });
    if (other !== undefined) view.diagonals.get(other).crossing = i;
    at.set(key, i);
    for (const q of cells) view.corners.set(q, [...(view.corners.get(q) || []), i]);
  });
}

export function segmentDistance(px, py, ax, ay, bx, by) {
  const dx = bx - ax, dy = by - ay, l = dx * dx + dy * dy;
  const t = l ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / l)) : 0;
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}
