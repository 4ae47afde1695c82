// Edit mode.  A block maze: press on a square to toggle its wall and drag to
// paint more of the same.  A thin-wall maze keeps its geometry: press on (or
// near) the wall between two cells to toggle it, drag along walls to paint
// them; posts, cells and the frame are not paintable.  A hex, triangle or polar
// maze (with or without a mask) is the same over its own index space: press on
// or near the side two cells share to open or close that passage (the side
// under the pointer is outlined), drag to paint more; the border is not
// paintable.  With a weight brush, paint floor squares' (cells') costs; press
// on S or G to drag it to another floor square (cell).  Each finished stroke is
// handed to `commit` (the engine's copy).  Strokes and "clear" can be undone and
// redone (the maze as it was before each, up to UNDO of them and UNDO_BYTES of
// copies: a 2000 x 2000 maze keeps fewer than a small one).
import { segmentDistance } from "../board/shapes.js";
import { setWall, setWeight } from "../engine/state.js";
import { where } from "../board/status.js";
import { markPoints } from "../board/stairs.js";
import { middleOf, refusal, stairKey, told } from "./editworlds.js";

const UNDO = 100;
const UNDO_BYTES = 256 * 2 ** 20;
const NEAR_CENTRE = 0.2; // a press this close to a cell's centre (in cell pitches) is on the cell, not a wall
const NEAR_SHAPE = 0.55; // on a shaped maze: this close to the centre, in radii of the circle inside the cell
// The named terrains (the random terrain's and the legend's names); other costs are numbers.
export const TERRAIN = { 1: "road", 2: "grass", 3: "sand", 5: "mud", 9: "water" };
const terrain = (w) => (TERRAIN[w] ? `${TERRAIN[w]} (cost ${w})` : `cost ${w}`);
const HOVER = "#f59e0b"; // the outline of the paintable wall (or S, G) under the pointer

// Said on the stats line when a press would open a zeta diagonal across the open one of its block.
const REFUSED = "a diagonal never opens across an open one: close that one first";

export class Editor {
  constructor(s, renderer, commit) {
    Object.assign(this, { s, renderer, commit, stroke: null, brush: 0, undos: [], redos: [] }); // brush 0: walls, 1..9: a weight
  }

  get thin() { return this.s.geometry === "thin"; }
  get shape() { return this.s.shapes || null; } // a hex, triangle or polar maze's drawing

  saved() {
    const s = this.s;
    return { wall: s.wall.slice(), start: s.start, goal: s.goals[0], weight: s.weight && s.weight.slice() };
  }

  restore(was) {
    const s = this.s;
    s.wall.set(was.wall);
    s.start = was.start;
    s.goals[0] = was.goal;
    s.weight = was.weight; // the entry was popped: its copy is nobody else's
    s.allDirty = true;
    this.said = ""; // (what the last press did or why it was refused no longer holds)
    this.changed();
  }

  // The maze (walls, terrain, S, G, checkpoints) changed: Edit's live route follows (see modes.js).
  changed() { if (this.onChange) this.onChange(); }

  // Remember the maze before a change; a new change forgets what was undone.
  remember() {
    const s = this.s, bytes = s.wall.length * (s.weight ? 5 : 1);
    this.undos.push(this.saved());
    while (this.undos.length > Math.max(1, Math.min(UNDO, Math.floor(UNDO_BYTES / bytes)))) this.undos.shift();
    this.redos = [];
  }

  // Undo (or redo, with `again`) the last change; false when there is none.
  undo(again = false) {
    const from = again ? this.redos : this.undos, to = again ? this.undos : this.redos;
    if (this.stroke || !from.length) return false;
    to.push(this.saved());
    this.restore(from.pop());
    this.commit();
    return true;
  }

  // Every wall inside the frame goes (an open room to draw in); a thin maze keeps its posts.
  clear() {
    const s = this.s, W = s.width;
    this.remember();
    if (this.shape) { // every cell and passage open, but for weave's tunnels and zeta's diagonals (their rules)
      s.wall.fill(0);
      for (const i of [...this.shape.tunnels.keys(), ...this.shape.diagonals.keys()]) s.wall[i] = 1;
    }
    else for (let y = 1; y < s.height - 1; y++) {
      for (let x = 1; x < W - 1; x++) if (!this.thin || x % 2 || y % 2) s.wall[y * W + x] = 0;
    }
    s.allDirty = true;
    this.changed();
    this.commit();
  }

  // What square q is: "cell" (a floor square or a thin maze's cell), "wall" (paintable: a block
  // square, or a thin maze's inner wall between two cells) or "" (posts, the frame, off the maze).
  kind(q) {
    const s = this.s, W = s.width, x = q % W, y = (q - x) / W;
    if (q < 0) return "";
    if (this.shape) return q < this.shape.n ? "cell" : "wall";
    if (!this.thin) return s.wall[q] ? "wall" : "cell";
    if (x % 2 && y % 2) return "cell";
    if (x === 0 || y === 0 || x === W - 1 || y === s.height - 1 || (x % 2 === 0 && y % 2 === 0)) return "";
    return "wall";
  }

  // Paint square q with the stroke's value (never over S or G; weights only on floor or cells).
  paint(q, value) {
    const s = this.s;
    if (q === s.start || q === s.goals[0]) return;
    const edged = this.thin || this.shape; // walls and cells are apart
    const z = this.shape && this.shape.diagonals.get(q); // a zeta maze: no diagonal opens across an open one
    if (!value && z && z.crossing >= 0 && !s.wall[z.crossing]) { this.said = REFUSED; return; }
    const why = !this.brush && refusal(this.shape, s.wall, q, value); // a weave maze's rule
    if (why) { this.said = why; return; }
    this.said = !this.brush && s.wall[q] !== value ? told(this.shape, q, value) : ""; // a stair or tunnel: what changed
    if (!this.brush) { if (!edged || this.kind(q) === "wall") setWall(s, q, value); }
    else if (!s.wall[q] && (!edged || this.kind(q) === "cell")) setWeight(s, q, value);
    this.changed();
  }

  // The stats line while editing: size, where S and G are, what the brush paints (and why the last
  // press changed nothing, when it was refused).
  status() {
    return this.said ? `${this.plainStatus()}  ·  ${this.said}` : this.plainStatus();
  }

  plainStatus() {
    const s = this.s, brush = `brush: ${this.brush < 0 ? `checkpoints (${(s.checkpoints || []).length})` : this.brush ? `terrain ${terrain(this.brush)}` : "walls"}`;
    if (this.shape) {
      const size = `${s.shape} maze, ${this.shape.n.toLocaleString("en")} cells`;
      return [size, `S ${this.where(s.start)}`, `G ${this.where(s.goals[0])}`, brush].join("  ·  ");
    }
    const xy = (p) => where(s, p);
    const size = this.thin ? `${(s.width - 1) / 2} × ${(s.height - 1) / 2} cells, thin walls` : `${s.width} × ${s.height} squares`;
    return [size, `S ${xy(s.start)}`, `G ${xy(s.goals[0])}`, brush].join("  ·  ");
  }

  // A shaped maze's cell as the stats line names it: its grid position (board/shapes.js).
  where(p) { return this.shape.name(p); }

  // The square under a pointer event, or -1.  On a thin maze a press inside a cell but away from
  // its centre means the nearest of its four walls (thin walls are hard to hit on their own).
  at(e) {
    const p = this.renderer.squareAt(e.clientX, e.clientY);
    if (this.shape) return this.brush ? p : this.side(p, e); // a weight goes to the cell under the pointer
    if (!this.thin || p < 0 || this.kind(p) !== "cell") return p;
    const s = this.s, W = s.width, [cx, cy] = this.renderer.clientCentre(p);
    const other = s.width > 3 ? W + 3 : 3 * W + 1, [ox, oy] = this.renderer.clientCentre(other);
    const [ax, ay] = this.renderer.clientCentre(W + 1);
    const pitch = Math.hypot(ox - ax, oy - ay) || 1;
    const dx = (e.clientX - cx) / pitch, dy = (e.clientY - cy) / pitch;
    if (Math.max(Math.abs(dx), Math.abs(dy)) < NEAR_CENTRE) return p;
    return Math.abs(dx) > Math.abs(dy) ? p + Math.sign(dx) : p + Math.sign(dy) * W;
  }

  // A shaped maze: the passage under client point e when it is nearer a side of cell p than p's
  // centre, else p (the border is not paintable: a press near it means the cell).
  side(p, e) {
    const g = this.shape;
    if (p < 0) return p;
    const [x, y] = this.point(e), [cx, cy] = g.centre(p);
    const mid = middleOf(g, this.s.wall, p, x, y); // a stair or tunnel: a press on the cell's middle (S and G: a drag)
    if (mid >= 0 && p !== this.s.start && p !== this.s.goals[0]) return mid;
    if (Math.hypot(x - cx, y - cy) < NEAR_SHAPE * g.inner[p]) return p;
    const P = g.polygons, S = g.starts;
    let best = p, far = Infinity;
    for (const i of g.passagesOf(p)) {
      if (g.tunnels.has(i) || g.stairs.has(i)) continue; // (tunnels and stairs have no side: a cell's middle means them)
      // (a zeta maze's diagonal is its corner: a press near the corner means it, not the sides there)
      const d = segmentDistance(x, y, ...g.segment(i, p)) * (g.diagonals.has(i) ? 0.5 : 1); // (across a seam: the side at p's edge)
      if (d < far) { far = d; best = i; }
    }
    for (const i of g.borderOf[p]) {
      const j = i + 1 < S[p + 1] ? i + 1 : S[p];
      if (segmentDistance(x, y, P[2 * i], P[2 * i + 1], P[2 * j], P[2 * j + 1]) < far) return p;
    }
    return best;
  }

  // Client point e in maze units (a shaped maze's drawing).
  point(e) {
    const r = this.renderer, b = r.canvas.getBoundingClientRect();
    const x = ((e.clientX - b.left) * r.canvas.width) / b.width, y = ((e.clientY - b.top) * r.canvas.height) / b.height;
    return [(x - r.ox) / r.k, (y - r.oy) / r.k];
  }

  // What a press at e would change: a paintable wall (passage), S or G, or -1 (the pointer's
  // hover outline, edit-mode's way of showing where the walls can be hit).
  target(e) {
    const p = this.at(e), s = this.s;
    if (p < 0) return -1;
    if (p === s.start || p === s.goals[0]) return p;
    const kind = this.kind(p);
    return this.brush ? (kind === "cell" && !s.wall[p] ? p : -1) : this.thin || this.shape ? (kind === "wall" ? p : -1) : p;
  }

  hover(e) {
    if (e && this.shape) this.cell = this.renderer.squareAt(e.clientX, e.clientY); // (what Edit's stair keys act on)
    const t = e ? this.target(e) : -1;
    if (t === this.lit) return;
    this.lit = t;
    this.s.routeChanged = true; // the overlay is drawn again, with the outline
  }

  // The renderer's overlay hook: the hover outline (a passage's side, a cell or a square).
  drawOver(o, r) {
    const t = this.lit, g = this.shape;
    if (r.s === this.s && this.s.checkpoints) this.drawCheckpoints(o, r);
    if (t === undefined || t < 0 || r.s !== this.s) return;
    o.save();
    o.strokeStyle = HOVER;
    o.lineCap = "round";
    o.beginPath();
    if (g && g.stairs.has(t)) { // a stair: the outline of its marks on both cells, ▼ above and ▲ below
      o.lineWidth = Math.max(2, r.wallWidth);
      o.lineJoin = "round";
      g.cellsOf(t).forEach((p, j) => {
        markPoints(g, p, j ? "up" : "down").forEach(([x, y], i) => (i ? o.lineTo : o.moveTo).call(o, r.ox + x * r.k, r.oy + y * r.k));
        o.closePath();
      });
    } else if (g && t >= g.n) {
      o.lineWidth = Math.max(3, r.wallWidth * 2.2);
      if (g.tunnels.has(t)) { // a tunnel: dashed, from end to end under its middle cell
        o.lineCap = "butt";
        o.setLineDash([1.5 * o.lineWidth, o.lineWidth]);
      }
      for (const p of new Set(g.cellsOf(t))) { // a passage across a seam shows at both edges
        const [x0, y0, x1, y1] = g.segment(t, p);
        o.moveTo(r.ox + x0 * r.k, r.oy + y0 * r.k);
        o.lineTo(r.ox + x1 * r.k, r.oy + y1 * r.k);
      }
    } else if (g) {
      o.lineWidth = Math.max(2, r.wallWidth);
      r.polygon(o, t);
    } else if (!r.image) {
      const x = t % this.s.width, y = (t - x) / this.s.width;
      o.lineWidth = Math.max(2, r.dpr * 2);
      o.rect(r.cols.pos[x], r.rows.pos[y], r.cols.size[x], r.rows.size[y]);
    }
    o.stroke();
    o.restore();
  }

  // The checkpoints as numbered discs at their cells' centres.
  drawCheckpoints(o, r) {
    const unit = Math.max(10, Math.min(r.cols ? r.cols.cell : 16, r.rows ? r.rows.cell : 16) * 0.7);
    o.save();
    o.font = `bold ${Math.round(unit * 0.6)}px sans-serif`;
    o.textAlign = "center";
    o.textBaseline = "middle";
    this.s.checkpoints.forEach((p, i) => {
      const [x, y] = r.centre(p);
      o.fillStyle = "#7c3aed";
      o.beginPath();
      o.arc(x, y, unit / 2, 0, 2 * Math.PI);
      o.fill();
      o.fillStyle = "#ffffff";
      o.fillText(String(i + 1), x, y);
    });
    o.restore();
  }

  // The stair or tunnel a press at e on cell p's middle means, or -1.
  middle(p, e) {
    const [x, y] = this.point(e);
    return middleOf(this.shape, this.s.wall, p, x, y);
  }

  // A maze of levels: PageDown or > (PageUp or <) opens or closes the stair down (up) of the cell
  // under the pointer (or pressed last); false for any other key.
  key(e) {
    const g = this.shape, p = this.cell ?? -1, i = stairKey(g, p, e.key);
    if (i === undefined || e.ctrlKey || e.metaKey || e.altKey || this.stroke) return false;
    if (i < 0) {
      this.said = p < 0 || p >= g.n ? "point at a cell first: the stair keys open or close its stairs"
        : `${this.where(p)} has no stair ${/Down|>/.test(e.key) ? "down: it is on the bottom level" : "up: it is on the top level"}`;
      this.s.routeChanged = true;
      return true;
    }
    this.remember();
    this.paint(i, this.s.wall[i] ? 0 : 1);
    this.commit();
    return true;
  }

  down(e) {
    const p = this.at(e), s = this.s;
    if (p < 0) return;
    if (this.shape && p < this.shape.n) this.cell = p;
    if (p === s.start || p === s.goals[0]) {
      this.remember();
      // (a click on S's or G's middle, with no drag, opens or closes the stair or tunnel there)
      this.stroke = { kind: p === s.start ? "start" : "goal", last: p, middle: this.shape ? this.middle(p, e) : -1 };
      return;
    }
    const kind = this.kind(p);
    if (this.brush < 0) { // a checkpoint placed (numbered in order), or taken away
      if (kind === "cell" && !s.wall[p]) this.checkpoint(p);
      return;
    }
    if (this.brush ? kind !== "cell" || s.wall[p] : (this.thin || this.shape) && kind !== "wall") return; // not paintable with this brush
    this.remember();
    const one = !!this.shape && (this.shape.stairs.has(p) || this.shape.tunnels.has(p)); // a stair or tunnel: no drag painting
    this.stroke = { kind: "paint", value: this.brush || (s.wall[p] ? 0 : 1), last: p, from: [e.clientX, e.clientY], one };
    this.paint(p, this.stroke.value);
  }

  move(e) {
    const st = this.stroke, s = this.s;
    if (!st) return;
    if (this.shape && st.kind !== "paint") { // S and G go to the cell under the pointer
      const p = this.renderer.squareAt(e.clientX, e.clientY);
      if (p >= 0 && p !== st.last && !s.wall[p]) this.place(st, p);
      return;
    }
    if (this.shape) { // every side crossed since the last move, not only the one under the pointer
      if (st.one) return;
      const g = this.shape, [x0, y0] = st.from || [e.clientX, e.clientY], steps = Math.ceil(Math.hypot(e.clientX - x0, e.clientY - y0) / 3);
      for (let i = 1; i <= steps; i++) {
        const at = { clientX: x0 + ((e.clientX - x0) * i) / steps, clientY: y0 + ((e.clientY - y0) * i) / steps };
        const q = this.at(at);
        if (q >= 0 && this.kind(q) === (this.brush ? "cell" : "wall") && !g.stairs.has(q) && !g.tunnels.has(q)) this.paint(q, st.value);
      }
      st.from = [e.clientX, e.clientY];
      st.moved = true;
      return;
    }
    const p = this.at(e);
    if (p < 0 || p === st.last) return;
    if (st.kind === "paint") {
      if (this.thin) this.paint(p, st.value); // walls one by one: a line would cross posts and cells
      else for (const q of line(st.last, p, s.width)) this.paint(q, st.value);
    } else if (!s.wall[p] && this.kind(p) === "cell") this.place(st, p);
    else return;
    st.last = p;
    st.moved = true;
  }

  // Cell p becomes the next checkpoint, or stops being one (the later ones move up a number).
  checkpoint(p) {
    const s = this.s, list = s.checkpoints || (s.checkpoints = []), i = list.indexOf(p);
    if (i >= 0) list.splice(i, 1); else list.push(p);
    s.routeChanged = true;
    if (this.relink) this.relink();
    this.changed();
  }

  // The stroke's S or G to cell (floor square) p.
  place(st, p) {
    const s = this.s, was = st.kind === "start" ? s.start : s.goals[0];
    if (st.kind === "start") s.start = p; else s.goals[0] = p;
    setWall(s, was, s.wall[was]); // repaint the square it left
    setWall(s, p, 0);
    st.last = p;
    st.moved = true;
    this.changed();
  }

  up() {
    const st = this.stroke;
    if (!st) return;
    this.stroke = null;
    if (st.kind !== "paint" && !st.moved && st.middle >= 0) this.paint(st.middle, this.s.wall[st.middle] ? 0 : 1);
    else if (st.kind !== "paint" && !st.moved) { this.undos.pop(); return; } // S or G pressed, not moved
    this.commit();
  }
}

// The squares on a straight line from a to b (both included), so that fast drags leave no gaps.
function line(a, b, W) {
  const ax = a % W, ay = (a - ax) / W, bx = b % W, by = (b - bx) / W;
  const n = Math.max(Math.abs(bx - ax), Math.abs(by - ay));
  const out = [];
  for (let i = 0; i <= n; i++) {
    out.push(Math.round(ay + ((by - ay) * i) / n) * W + Math.round(ax + ((bx - ax) * i) / n));
  }
  return out;
}

