// Play mode: a walker moves from S towards G one cell per move; the trail
// it walked is drawn as a line, squares it walked back over turn pale.
// Works on the page's state object (marks and route), nothing else.
import { MARK, setMark } from "../engine/state.js";
import { stairFrom } from "../board/stairs.js";

export const DIRECTIONS = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] };
// Shaped mazes walk by angle (radians, y down): a named direction's, within a tolerance.
const DEG = Math.PI / 180;
export const ANGLES = { right: 0, down: 90 * DEG, left: 180 * DEG, up: -90 * DEG,
  nw: -150 * DEG, ne: -30 * DEG, se: 30 * DEG, sw: 150 * DEG };
const LOOSE = 56 * DEG; // an arrow key: the nearest open passage this close to its direction
const STRICT = 31 * DEG; // a hex key (q w e a s d): the neighbour in exactly that direction

export class Walk {
  constructor(s, shortest) {
    this.s = s;
    this.shortest = shortest; // moves of the engine's BFS route, -1: no route, null: not known yet
    this.stride = s.geometry === "thin" ? 2 : 1;
    this.reset();
  }

  reset() {
    const s = this.s;
    for (let p = 0; p < s.mark.length; p++) if (s.mark[p]) setMark(s, p, 0);
    this.pos = s.start;
    this.trail = [s.start];
    this.moves = 0;
    this.started = null;
    this.finished = null;
    setMark(s, s.start, MARK.ROUTE);
    this.from = s.start;
    this.bumps = 0;
    this.bumped = false; // the last move was a bump (said until the next move)
    this.show();
  }

  // Start again from square p instead of S (a link's 3D camera put the walker there).
  startAt(p) {
    this.reset();
    setMark(this.s, this.s.start, 0);
    this.pos = this.from = p;
    this.trail = [p];
    setMark(this.s, p, MARK.ROUTE);
    this.show();
  }

  get atGoal() { return this.s.goals.includes(this.pos); }

  // Seconds since the first move (frozen at the goal).
  seconds(now = performance.now()) {
    if (this.started === null) return 0;
    return ((this.finished ?? now) - this.started) / 1000;
  }

  // The passage and the cell one move away on a shaped maze, towards `angle`: with `strict`,
  // the neighbour that way (else none); otherwise the open passage nearest that way within
  // LOOSE, or (none open) the nearest neighbour.  null: no neighbour that way (the edge).
  toward(angle, strict = false) {
    const s = this.s, near = [];
    for (const [via, q, a] of s.shapes.neighbours(this.pos)) {
      const off = Math.abs(((a - angle) % (2 * Math.PI) + 3 * Math.PI) % (2 * Math.PI) - Math.PI);
      if (off <= (strict ? STRICT : LOOSE)) near.push([off, via, q]);
    }
    near.sort((a, b) => a[0] - b[0]);
    const open = strict ? null : near.find(([, via, q]) => !s.wall[via] && !s.wall[q]);
    const pick = open || near[0];
    return pick ? [pick[1], pick[2]] : null;
  }

  // One move (a named direction, on a shaped maze an angle, on a maze of levels "upstairs" or
  // "downstairs"); returns "moved", "back" (along the trail), "bump" (a wall) or "done" (at the goal already).
  move(direction, strict = false) {
    if (this.atGoal) return "done";
    const s = this.s;
    let to, via;
    if (direction === "upstairs" || direction === "downstairs") {
      const step = this.stair(direction === "downstairs");
      if (!step) return "bump";
      [via, to] = step;
    } else if (s.shapes) {
      const step = this.toward(typeof direction === "number" ? direction : ANGLES[direction], strict);
      if (!step || s.wall[step[0]] || s.wall[step[1]]) return this.bump();
      [via, to] = step;
    } else {
      const [dx, dy] = DIRECTIONS[direction], W = s.width, k = this.stride;
      const x = this.pos % W, y = (this.pos - x) / W;
      if (x + dx * k < 0 || x + dx * k >= W || y + dy * k < 0 || y + dy * k >= s.height) return this.bump();
      for (let i = 1; i <= k; i++) if (s.wall[this.pos + i * (dy * W + dx)]) return this.bump();
      to = this.pos + k * (dy * W + dx); via = this.pos + (k - 1) * (dy * W + dx);
    }
    if (this.started === null) this.started = performance.now();
    this.moves++;
    this.bumped = false;
    let result = "moved";
    if (this.trail.length > 1 && this.trail[this.trail.length - 2] === to) {
      this.trail.pop();
      setMark(s, this.pos, MARK.VISITED);
      if (via !== this.pos) setMark(s, via, MARK.VISITED);
      result = "back";
    } else {
      this.trail.push(to);
      if (via !== this.pos) setMark(s, via, MARK.ROUTE);
      setMark(s, to, MARK.ROUTE);
    }
    this.pos = to;
    if (this.atGoal) this.finished = performance.now();
    this.show();
    return result;
  }

  // The open stair from here, down or up, as [passage, cell], or null.
  stair(down) {
    const step = stairFrom(this.s.shapes, this.pos, down);
    return step && !this.s.wall[step[0]] ? step : null;
  }

  // A maze of levels: the level the walker is on, "level 2 of 3" (level 1 the top one); else "".
  level() {
    const g = this.s.shapes;
    if (!g || !g.levels) return "";
    const [w, h, depth] = g.levels;
    return `level ${Math.floor(this.pos / (w * h)) + 1} of ${depth}`;
  }

  // A move into a wall: counted, and said (the message line) until the next move.
  bump() {
    this.bumps++;
    this.bumped = true;
    return "bump";
  }

  show() {
    this.s.route = this.trail.slice();
    this.s.routeChanged = true;
    this.s.head = this.pos;
  }

  // The keys that walk this maze, in words.
  keys() {
    if (this.eye) { // (the 3D view, walk3d.js)
      return `↑ or w forwards, ↓ or s back, ← → or a d turn; swipe to turn or step${this.s.shape === "levels" ? "; on a stair (▲ ▼) PageUp / PageDown or < >" : ""}`;
    }
    if (this.s.shape === "hex") return "q w e a s d (the six sides) or the arrow keys, swipe or tap towards a neighbour";
    if (this.s.shape === "zeta") return "the arrow keys or WASD, q e z c for the diagonals; swipe or tap towards a neighbour";
    if (this.s.shape === "levels") return "the arrow keys or WASD, swipe or tap towards a neighbour; on a stair (▲ ▼) the ▲ ▼ buttons, PageUp / PageDown or < >";
    if (this.s.shapes) return "the arrow keys or WASD (the open side nearest that way), swipe or tap towards a neighbour";
    return "arrow keys or WASD, swipe or tap";
  }

  status() {
    const best = this.shortest === null ? "shortest …" : this.shortest < 0 ? "no route to G" : `shortest ${this.shortest}`;
    return `moves ${this.moves}  ·  ${this.seconds().toFixed(1)} s  ·  ${best}`;
  }

  message() {
    const level = this.level();
    if (!this.atGoal && this.bumped) return `Bump: a wall blocks the way${level ? ` (${level})` : ""}.`;
    if (!this.atGoal && this.moves) return level ? `You are on ${level}.` : "";
    if (!this.atGoal) return `Walk from ${this.from === this.s.start ? "S" : "here"} to G${level ? ` (you are on ${level})` : ""}: ${this.keys()}.`;
    if (this.from !== this.s.start) return `Goal reached in ${this.moves} moves and ${this.seconds().toFixed(1)} s from where the link put you.`;
    const extra = this.moves - this.shortest;
    const verdict = this.shortest === null ? "the shortest route is still being measured"
      : extra === 0 ? "the shortest possible" : `${extra} more than the shortest (${this.shortest})`;
    return `Goal reached in ${this.moves} moves and ${this.seconds().toFixed(1)} s: ${verdict}.`;
  }
}
