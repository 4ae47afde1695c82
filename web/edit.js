// Edit mode (block view): press on a square to toggle its wall and drag to
// paint more of the same, or with a weight brush paint floor squares' costs;
// press on S or G to drag it to another floor square.  Each finished stroke
// is handed to `commit` (the engine's copy).
import { setWall, setWeight } from "./state.js";

export class Editor {
  constructor(s, renderer, commit) {
    Object.assign(this, { s, renderer, commit, stroke: null, brush: 0 }); // brush 0: walls, 1..9: a weight
  }

  // Paint square q with the stroke's value (never over S or G; weights only on floor).
  paint(q, value) {
    const s = this.s;
    if (q === s.start || q === s.goals[0]) return;
    if (!this.brush) setWall(s, q, value);
    else if (!s.wall[q]) setWeight(s, q, value);
  }

  // The square under a pointer event, or -1.
  at(e) { return this.renderer.squareAt(e.clientX, e.clientY); }

  down(e) {
    const p = this.at(e), s = this.s;
    if (p < 0) return;
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
  }

  up() {
    if (!this.stroke) return;
    this.stroke = null;
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
