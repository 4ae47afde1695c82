// Edit mode.  A block maze: press on a square to toggle its wall and drag to
// paint more of the same.  A thin-wall maze keeps its geometry: press on (or
// near) the wall between two cells to toggle it, drag along walls to paint
// them; posts, cells and the frame are not paintable.  With a weight brush,
// paint floor squares' (cells') costs; press on S or G to drag it to another
// floor square (cell).  Each finished stroke is handed to `commit` (the
// engine's copy).  Strokes and "clear" can be undone and redone (the maze as it
// was before each, up to UNDO of them and UNDO_BYTES of copies: a 2000 x 2000
// maze keeps fewer than a small one).
import { setWall, setWeight } from "./state.js";

const UNDO = 100;
const UNDO_BYTES = 256 * 2 ** 20;
const NEAR_CENTRE = 0.2; // a press this close to a cell's centre (in cell pitches) is on the cell, not a wall

export class Editor {
  constructor(s, renderer, commit) {
    Object.assign(this, { s, renderer, commit, stroke: null, brush: 0, undos: [], redos: [] }); // brush 0: walls, 1..9: a weight
  }

  get thin() { return this.s.geometry === "thin"; }

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
  }

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
    for (let y = 1; y < s.height - 1; y++) {
      for (let x = 1; x < W - 1; x++) if (!this.thin || x % 2 || y % 2) s.wall[y * W + x] = 0;
    }
    s.allDirty = true;
    this.commit();
  }

  // What square q is: "cell" (a floor square or a thin maze's cell), "wall" (paintable: a block
  // square, or a thin maze's inner wall between two cells) or "" (posts, the frame, off the maze).
  kind(q) {
    const s = this.s, W = s.width, x = q % W, y = (q - x) / W;
    if (q < 0) return "";
    if (!this.thin) return s.wall[q] ? "wall" : "cell";
    if (x % 2 && y % 2) return "cell";
    if (x === 0 || y === 0 || x === W - 1 || y === s.height - 1 || (x % 2 === 0 && y % 2 === 0)) return "";
    return "wall";
  }

  // Paint square q with the stroke's value (never over S or G; weights only on floor or cells).
  paint(q, value) {
    const s = this.s;
    if (q === s.start || q === s.goals[0]) return;
    if (!this.brush) { if (!this.thin || this.kind(q) === "wall") setWall(s, q, value); }
    else if (!s.wall[q] && (!this.thin || this.kind(q) === "cell")) setWeight(s, q, value);
  }

  // The stats line while editing: size, where S and G are, what the brush paints.
  status() {
    const s = this.s, k = this.thin ? 2 : 1, xy = (p) => `(${(p % s.width - k + 1) / k}, ${((p - p % s.width) / s.width - k + 1) / k})`;
    const size = this.thin ? `${(s.width - 1) / 2} × ${(s.height - 1) / 2} cells, thin walls` : `${s.width} × ${s.height} squares`;
    return [size, `S ${xy(s.start)}`, `G ${xy(s.goals[0])}`,
      `brush: ${this.brush ? `weight ${this.brush}` : "walls"}`].join("  ·  ");
  }

  // The square under a pointer event, or -1.  On a thin maze a press inside a cell but away from
  // its centre means the nearest of its four walls (thin walls are hard to hit on their own).
  at(e) {
    const p = this.renderer.squareAt(e.clientX, e.clientY);
    if (!this.thin || p < 0 || this.kind(p) !== "cell") return p;
    const s = this.s, W = s.width, [cx, cy] = this.renderer.clientCentre(p);
    const other = s.width > 3 ? W + 3 : 3 * W + 1, [ox, oy] = this.renderer.clientCentre(other);
    const [ax, ay] = this.renderer.clientCentre(W + 1);
    const pitch = Math.hypot(ox - ax, oy - ay) || 1;
    const dx = (e.clientX - cx) / pitch, dy = (e.clientY - cy) / pitch;
    if (Math.max(Math.abs(dx), Math.abs(dy)) < NEAR_CENTRE) return p;
    return Math.abs(dx) > Math.abs(dy) ? p + Math.sign(dx) : p + Math.sign(dy) * W;
  }

  down(e) {
    const p = this.at(e), s = this.s;
    if (p < 0) return;
    if (p === s.start || p === s.goals[0]) {
      this.remember();
      this.stroke = { kind: p === s.start ? "start" : "goal", last: p };
      return;
    }
    const kind = this.kind(p);
    if (this.brush ? kind !== "cell" || s.wall[p] : this.thin && kind !== "wall") return; // not paintable with this brush
    this.remember();
    this.stroke = { kind: "paint", value: this.brush || (s.wall[p] ? 0 : 1), last: p };
    this.paint(p, this.stroke.value);
  }

  move(e) {
    const p = this.at(e), st = this.stroke, s = this.s;
    if (!st || p < 0 || p === st.last) return;
    if (st.kind === "paint") {
      if (this.thin) this.paint(p, st.value); // walls one by one: a line would cross posts and cells
      else for (const q of line(st.last, p, s.width)) this.paint(q, st.value);
    } else if (!s.wall[p] && this.kind(p) === "cell") {
      const was = st.kind === "start" ? s.start : s.goals[0];
      if (st.kind === "start") s.start = p; else s.goals[0] = p;
      setWall(s, was, s.wall[was]); // repaint the square it left
      setWall(s, p, 0);
    } else return;
    st.last = p;
    st.moved = true;
  }

  up() {
    const st = this.stroke;
    if (!st) return;
    this.stroke = null;
    if (st.kind !== "paint" && !st.moved) { this.undos.pop(); return; } // S or G pressed, not moved
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
