// Edit mode (block view): press on a square to toggle its wall and drag to
// paint more of the same, or with a weight brush paint floor squares' costs;
// press on S or G to drag it to another floor square.  Each finished stroke
// is handed to `commit` (the engine's copy).  Strokes and "clear" can be
// undone and redone (the maze as it was before each, up to UNDO of them and
// UNDO_BYTES of copies: a 2000 x 2000 maze keeps fewer than a small one).
import { setWall, setWeight } from "./state.js";

const UNDO = 100;
const UNDO_BYTES = 256 * 2 ** 20;

export class Editor {
  constructor(s, renderer, commit) {
    Object.assign(this, { s, renderer, commit, stroke: null, brush: 0, undos: [], redos: [] }); // brush 0: walls, 1..9: a weight
  }

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

  // Every square inside the frame becomes floor (an open room to draw in).
  clear() {
    const s = this.s, W = s.width;
    this.remember();
    for (let y = 1; y < s.height - 1; y++) s.wall.fill(0, y * W + 1, y * W + W - 1);
    s.allDirty = true;
    this.commit();
  }

  // Paint square q with the stroke's value (never over S or G; weights only on floor).
  paint(q, value) {
    const s = this.s;
    if (q === s.start || q === s.goals[0]) return;
    if (!this.brush) setWall(s, q, value);
    else if (!s.wall[q]) setWeight(s, q, value);
  }

  // The stats line while editing: size, where S and G are, what the brush paints.
  status() {
    const s = this.s, xy = (p) => `(${p % s.width}, ${Math.floor(p / s.width)})`;
    return [`${s.width} × ${s.height} squares`, `S ${xy(s.start)}`, `G ${xy(s.goals[0])}`,
      `brush: ${this.brush ? `weight ${this.brush}` : "walls"}`].join("  ·  ");
  }

  // The square under a pointer event, or -1.
  at(e) { return this.renderer.squareAt(e.clientX, e.clientY); }

  down(e) {
    const p = this.at(e), s = this.s;
    if (p < 0) return;
    this.remember();
    if (p === s.start) this.stroke = { kind: "start", last: p };
    else if (p === s.goals[0]) this.stroke = { kind: "goal", last: p };
    else {
      this.stroke = { kind: "paint", value: this.brush || (s.wall[p] ? 0 : 1), last: p };
      this.paint(p, this.stroke.value);
    }
  }

  move(e) {
    const p = this.at(e), st = this.stroke, s = this.s;
    if (!st || p < 0 || p === st.last) return;
    if (st.kind === "paint") {
      for (const q of line(st.last, p, s.width)) this.paint(q, st.value);
    } else if (!s.wall[p]) {
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
