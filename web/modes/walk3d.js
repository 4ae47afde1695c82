// Play's first-person view: the current maze in 3D (three.js, loaded when the view first opens),
// its walls extruded from what the 2D board draws (a square maze's wall squares, a shaped maze's
// closed passages and border sides), all in one instanced mesh (one draw call, however large the
// maze); the camera at the walker's eye, turning and stepping with short moves (snapped with
// reduced motion); S, G and the trail painted on the floor; the 2D board drawn small in a corner
// as the minimap.  The walk itself is walk.js's: this view turns a heading into its moves.
import { COLOURS, MARKS } from "../board/palette.js";
import { MARK } from "../engine/state.js";
import { STAIR_COLOUR, drawStairs, levelAt, levelRect } from "../board/stairs.js";
import { fit, showStage, stage, webglSupported } from "./three_stage.js";
import { DIRECTIONS } from "./walk.js";

const TAU = 2 * Math.PI;
const FOV = 70; // vertical field of view, degrees
const WALL_HEIGHT = 1; // in cell units (the distance between neighbouring cells' centres)
const EYE = 0.5; // the eye's height, in cell units: halfway up the walls
const THIN = 0.12; // a thin wall's thickness (and a shaped maze's), in cell units
const STEP_MS = 150, TURN_MS = 170;
const LEVEL = 1.25; // a maze of levels: one level's floor this far (cell units) over the next one's
const CLIMB_MS = 600; // a stair: the eye rises or sinks to the next level's in this long
const HATCH = 0.7; // a stair's hatch (the ceiling's over a stair up, the floor's over a stair down): its side, in cells
const BUMP_MS = 220, BUMP = 0.14; // a bump: the eye nudges this far (cells) towards the wall and back (not when snapping)
const FLOOR = "#efe9dc", GRID = "#e2d9c6", HATCH_FLOOR = "#d8c6e8";
export const WALL_COLOUR = "#4f6fae";
const NAMES = ["right", "down", "left", "up"]; // a square maze's heading index (quarter turns, y down) -> walk.js direction
const NEAR = (50 * Math.PI) / 180; // a step goes to the neighbour this close to the heading (shaped mazes)

const norm = (a) => ((a % TAU) + TAU) % TAU;
const diff = (a, b) => { const d = norm(a - b); return d > Math.PI ? d - TAU : d; }; // a - b in (-π, π]

// Whether WebGL is drawn on the CPU (SwiftShader, llvmpipe: no GPU): then the view draws fewer pixels.
function softwareGL(gl) {
  const info = gl.getExtension("WEBGL_debug_renderer_info");
  const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
  return /swiftshader|llvmpipe|softpipe|software/i.test(name);
}

export class View3D {
  constructor(board, { notice, say }) {
    this.board = board;
    this.notice = notice;
    this.say = say;
    this.wanted = false; // the 3D view chosen (the toggle, or view=3d in a link)
    this.active = false; // showing now (Play on a maze, WebGL working)
    // Moves snap instead of gliding where the system asks for reduced motion (followed when it changes).
    const reduce = matchMedia("(prefers-reduced-motion: reduce)");
    this.snap = reduce.matches;
    reduce.addEventListener("change", () => { this.snap = reduce.matches; });
    this.frames = 0;
    this.T = null;
  }

  // Into the 3D view over walk `walk` (its maze s); false (and a notice) where WebGL is missing.
  async open(walk) {
    if (!webglSupported()) {
      this.wanted = false;
      this.notice("This browser cannot draw WebGL, so the 3D view is not available: the maze stays in 2D.");
      return false;
    }
    if (!this.T) this.T = await import("../three.js");
    if (!this.renderer) {
      try { this.setup(); } catch (err) {
        this.wanted = false;
        this.notice(`The 3D view could not start (${err.message}): the maze stays in 2D.`);
        return false;
      }
    }
    this.walk = walk;
    walk.eye = true; // (its words for the keys are this view's: forwards, back, turn)
    this.s = walk.s;
    this.build();
    this.heading = this.firstHeading();
    this.place(true);
    showStage(this, true, [this.mini]);
    this.miniKey = null;
    this.resize();
    return true;
  }

  close() {
    if (this.walk) this.walk.eye = false;
    if (this.active) showStage(this, false, [this.mini]);
  }

  setup() {
    const T = this.T;
    this.mini = document.createElement("canvas");
    this.mini.className = "minimap";
    this.mini.setAttribute("aria-hidden", "true");
    this.board.append(this.mini);
    // (a probe first: a canvas keeps the context it got first, and the software check needs one)
    const probe = document.createElement("canvas"), gl = probe.getContext("webgl2") || probe.getContext("webgl");
    this.software = softwareGL(gl);
    gl.getExtension("WEBGL_lose_context")?.loseContext();
    Object.assign(this, stage(T, this.board, { fov: FOV, near: 0.02, far: 400, antialias: !this.software,
      pixelRatio: this.software ? 0.5 : undefined, resize: () => this.resize() }));
    this.scene.add(new T.AmbientLight(0xffffff, 1.6));
    const sun = new T.DirectionalLight(0xffffff, 1.4);
    sun.position.set(0.6, 1, 0.35);
    this.scene.add(sun);
    this.wallMaterial = new T.MeshLambertMaterial({ color: WALL_COLOUR });
  }

  resize() {
    if (!this.active) return;
    fit(this.board, this);
    this.dirty = true;
  }

  // Where the maze's cells and walls are: `centre` in the 2D board's units (what the floor's picture
  // is painted in), `world` in world units (x right, z down the 2D board, y up: [x, z, level]).  A
  // maze of levels is drawn with its levels side by side (or in rows: stairs.js): in 3D they stand
  // one over the other, level 0 (the top one) highest, each `rect` of the drawing over the same ground.
  geometry() {
    const s = this.s;
    if (s.shapes && s.shapes.levels) {
      const g = s.shapes, [w, h, depth] = g.levels, b = g.bounds;
      const rect = (z) => levelRect(g, z), at = (x, y) => levelAt(g, x, y);
      return { unit: 1, bounds: [b[0], b[1], b[2], b[3]], levels: depth, w, h, rect, levelAt: at,
        centre: (p) => [g.cx[p], g.cy[p]],
        world: (p) => { const z = Math.floor(p / (w * h)), [ox, oy] = rect(z); return [g.cx[p] - ox, g.cy[p] - oy, z]; } };
    }
    if (s.shapes) {
      const g = s.shapes, u = g.unit, b = g.bounds, centre = (p) => [g.cx[p], g.cy[p]];
      return { unit: u, bounds: [b[0], b[1], b[2], b[3]], centre, world: (p) => [...centre(p), 0], levels: 1 };
    }
    const W = s.width, flat = (geo) => Object.assign(geo, { world: (p) => [...geo.centre(p), 0], levels: 1 });
    if (s.geometry === "thin") {
      return flat({ unit: 1, bounds: [0, 0, (W - 1) / 2, (s.height - 1) / 2], centre: (p) => [(p % W) / 2, Math.floor(p / W) / 2] });
    }
    return flat({ unit: 1, bounds: [0, 0, W, s.height], centre: (p) => [(p % W) + 0.5, Math.floor(p / W) + 0.5] });
  }

  // The walls as boxes [x, z, length, thickness, angle, level] in world units, and the mesh drawing them all.
  boxes() {
    const s = this.s, out = [], geo = this.geo;
    if (s.shapes) {
      const g = s.shapes, t = THIN * g.unit, W = g.walls, P = g.polygons, S = g.starts;
      const box = (x0, y0, x1, y1) => {
        const x = (x0 + x1) / 2, y = (y0 + y1) / 2, z = geo.levelAt ? geo.levelAt(x, y) : 0, [ox, oy] = geo.levelAt ? geo.rect(z) : [0, 0];
        out.push([x - ox, y - oy, Math.hypot(x1 - x0, y1 - y0) + t, t, Math.atan2(y1 - y0, x1 - x0), z]);
      };
      // A zeta maze: an open diagonal's corridor through its corner (its rails; the walls meeting
      // there stop at them), as the 2D board draws it.
      const cut = new Set();
      for (const [i, z] of g.diagonals) {
        if (s.wall[i]) continue;
        const b = z.band;
        cut.add(`${W[4 * (i - g.n)]},${W[4 * (i - g.n) + 1]}`);
        box(b[16], b[17], b[18], b[19]); box(b[20], b[21], b[22], b[23]);
      }
      const c = g.cut, end = (x, y, ox, oy) => { const l = Math.hypot(ox - x, oy - y) || 1; return cut.has(`${x},${y}`) ? [x + (c * (ox - x)) / l, y + (c * (oy - y)) / l] : [x, y]; };
      const seg = cut.size ? (x0, y0, x1, y1) => box(...end(x0, y0, x1, y1), ...end(x1, y1, x0, y0)) : box;
      for (let k = 0; k < g.m; k++) {
        if (s.wall[g.n + k] && !g.stairs.has(g.n + k) && !g.diagonals.has(g.n + k)) seg(W[4 * k], W[4 * k + 1], W[4 * k + 2], W[4 * k + 3]); // (a stair, a diagonal: no wall)
      }
      for (let p = 0; p < g.n; p++) {
        for (const i of g.borderOf[p]) {
          const j = i + 1 < S[p + 1] ? i + 1 : S[p];
          seg(P[2 * i], P[2 * i + 1], P[2 * j], P[2 * j + 1]);
        }
      }
      return out;
    }
    // A square maze: each row's runs of wall squares one box (a thin-wall maze: its wall lines,
    // posts included), then each column's runs of the squares no row's run of two or more took
    // (a column's wall line through its posts), so that a 100 x 100 maze is about 10,000 boxes.
    const W = s.width, H = s.height, thin = s.geometry === "thin", wall = s.wall;
    const lo = (i) => (!thin ? i : i & 1 ? (i - 1) / 2 : i / 2 - THIN / 2); // a square's edges in world units
    const hi = (i) => (!thin ? i + 1 : i & 1 ? (i + 1) / 2 : i / 2 + THIN / 2);
    const taken = new Uint8Array(wall.length);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        if (!wall[y * W + x]) continue;
        let e = x;
        while (e + 1 < W && wall[y * W + e + 1]) e++;
        if (e > x || !thin) {
          out.push([(lo(x) + hi(e)) / 2, (lo(y) + hi(y)) / 2, hi(e) - lo(x), hi(y) - lo(y), 0, 0]);
          taken.fill(1, y * W + x, y * W + e + 1);
        }
        x = e;
      }
    }
    for (let x = 0; x < W; x++) {
      for (let y = 0; y < H; y++) {
        if (!wall[y * W + x] || taken[y * W + x]) continue;
        let e = y;
        while (e + 1 < H && wall[(e + 1) * W + x]) e++;
        out.push([(lo(x) + hi(x)) / 2, (lo(y) + hi(e)) / 2, hi(x) - lo(x), hi(e) - lo(y), 0, 0]);
        y = e;
      }
    }
    return out;
  }

  build() {
    const t0 = performance.now();
    const T = this.T, geo = this.geo = this.geometry(), u = geo.unit, h = WALL_HEIGHT * u;
    for (const layer of this.layers || []) {
      this.scene.remove(layer);
      layer.traverse((o) => { if (o.isMesh) o.geometry.dispose(); });
    }
    if (this.floorMaterial) { this.floorMaterial.map.dispose(); this.floorMaterial.dispose(); }
    // The floor's picture: a canvas in the 2D board's units, S, G and the trail painted on it.
    const [x0, y0, x1, y1] = geo.bounds, fw = x1 - x0, fh = y1 - y0;
    this.ppu = Math.max(4, Math.min(48, Math.floor(2048 / Math.max(fw, fh))));
    const c = this.floorCanvas = document.createElement("canvas");
    c.width = Math.ceil(fw * this.ppu); c.height = Math.ceil(fh * this.ppu);
    this.base = this.paintBase(c.width, c.height);
    const texture = new T.CanvasTexture(c);
    texture.colorSpace = T.SRGBColorSpace;
    texture.anisotropy = 4;
    this.floorMaterial = new T.MeshBasicMaterial({ map: texture });
    // One layer per level (a plain maze: one), each its walls in one instanced mesh and its floor
    // (that level's part of the picture); a maze of levels also its stairs' hatches.
    const boxes = this.boxes(), m = new T.Matrix4(), o = new T.Object3D();
    this.layers = [];
    this.wallCount = boxes.length;
    for (let z = 0; z < geo.levels; z++) {
      const layer = new T.Group(), mine = geo.levels > 1 ? boxes.filter((box) => box[5] === z) : boxes;
      layer.position.y = -z * LEVEL * u;
      const walls = new T.InstancedMesh(new T.BoxGeometry(1, 1, 1), this.wallMaterial, Math.max(1, mine.length));
      walls.count = mine.length;
      mine.forEach(([x, y, len, thick, angle], i) => {
        o.position.set(x, h / 2, y);
        o.rotation.set(0, -angle, 0);
        o.scale.set(len, h, thick);
        o.updateMatrix();
        m.copy(o.matrix);
        walls.setMatrixAt(i, m);
      });
      walls.instanceMatrix.needsUpdate = true;
      walls.computeBoundingSphere();
      // The floor: a level's rectangle of the picture (a plain maze's: all of it).
      const [ox, oy, rw, rh] = geo.levels > 1 ? [...geo.rect(z), geo.w, geo.h] : [x0, y0, fw, fh];
      const plane = new T.PlaneGeometry(rw, rh), uv = plane.attributes.uv;
      for (let i = 0; i < uv.count; i++) {
        uv.setXY(i, (ox - x0 + uv.getX(i) * rw) / fw, 1 - (oy - y0 + (1 - uv.getY(i)) * rh) / fh);
      }
      const floor = new T.Mesh(plane, this.floorMaterial);
      floor.rotation.x = -Math.PI / 2;
      floor.position.set(geo.levels > 1 ? rw / 2 : x0 + fw / 2, 0, geo.levels > 1 ? rh / 2 : y0 + fh / 2);
      layer.add(walls, floor);
      if (geo.levels > 1) layer.add(this.hatches(z));
      this.layers.push(layer);
      this.scene.add(layer);
    }
    this.walls = this.layers[0].children[0]; // (a plain maze's one mesh of walls)
    this.floor = this.layers[0].children[1];
    this.painted = null;
    this.paintFloor();
    this.buildMs = performance.now() - t0;
  }

  // A maze of levels: level z's hatches in its ceiling, one instanced mesh: a purple square at the
  // walls' top over each open stair up (the floor's picture marks a stair down with a dark hatch and
  // its ▼, a stair up with its ▲).
  hatches(z) {
    const T = this.T, g = this.s.shapes, geo = this.geo, per = geo.w * geo.h, list = [];
    for (const i of g.stairs) {
      const [, b] = g.cellsOf(i); // (the cell under the stair)
      if (!this.s.wall[i] && Math.floor(b / per) === z) list.push(b);
    }
    this.hatchMaterial ||= new T.MeshBasicMaterial({ color: STAIR_COLOUR, side: T.DoubleSide });
    const plate = new T.PlaneGeometry(HATCH, HATCH).rotateX(-Math.PI / 2);
    const mesh = new T.InstancedMesh(plate, this.hatchMaterial, Math.max(1, list.length));
    mesh.count = list.length;
    const m = new T.Matrix4();
    list.forEach((p, k) => {
      const [x, y] = geo.world(p);
      mesh.setMatrixAt(k, m.makeTranslation(x, WALL_HEIGHT - 0.004, y));
    });
    mesh.instanceMatrix.needsUpdate = true;
    mesh.computeBoundingSphere();
    return mesh;
  }

  // The floor's plain part (its colour, the cells' outlines faintly), painted once per maze.
  paintBase(w, h) {
    const c = document.createElement("canvas");
    c.width = w; c.height = h;
    const g = c.getContext("2d"), s = this.s, k = this.ppu, [x0, y0] = this.geo.bounds;
    g.fillStyle = FLOOR;
    g.fillRect(0, 0, w, h);
    g.strokeStyle = GRID;
    g.lineWidth = Math.max(1, k / 24);
    g.beginPath();
    if (s.shapes) {
      const sh = s.shapes, P = sh.polygons, S = sh.starts;
      for (let p = 0; p < sh.n; p++) {
        for (let i = S[p]; i < S[p + 1]; i++) {
          const X = (P[2 * i] - x0) * k, Y = (P[2 * i + 1] - y0) * k;
          if (i === S[p]) g.moveTo(X, Y); else g.lineTo(X, Y);
        }
        g.closePath();
      }
    } else {
      for (let x = 0; x <= w; x += k) { g.moveTo(x, 0); g.lineTo(x, h); }
      for (let y = 0; y <= h; y += k) { g.moveTo(0, y); g.lineTo(w, y); }
    }
    g.stroke();
    // A maze of levels: a lilac hatch over each open stair down, and each stair's ▲ ▼.
    const sh = s.shapes;
    for (const i of sh && sh.levels ? sh.stairs : []) {
      if (s.wall[i]) continue;
      const [a] = sh.cellsOf(i), X = (sh.cx[a] - x0) * k, Y = (sh.cy[a] - y0) * k, r = (HATCH / 2) * k;
      g.fillStyle = HATCH_FLOOR;
      g.fillRect(X - r, Y - r, 2 * r, 2 * r);
    }
    for (let p = 0; sh && sh.levels && p < sh.n; p++) drawStairs(g, sh, s.wall, p, k, -x0 * k, -y0 * k);
    return c;
  }

  // S, G, the trail and the squares walked back over, on the floor (when the walk changed).
  paintFloor() {
    const s = this.s, w = this.walk, key = `${w.moves}:${w.pos}:${w.trail.length}:${s.start}:${s.goals}`;
    if (key === this.painted) return;
    this.painted = key;
    const c = this.floorCanvas, g = c.getContext("2d"), k = this.ppu, [x0, y0] = this.geo.bounds, u = this.geo.unit;
    const at = (p) => { const [x, y] = this.geo.centre(p); return [(x - x0) * k, (y - y0) * k]; };
    g.drawImage(this.base, 0, 0);
    const cells = s.shapes ? s.shapes.n : s.wall.length;
    g.fillStyle = MARKS.visited[0];
    for (let p = 0; p < cells; p++) {
      if (s.mark[p] !== MARK.VISITED || s.wall[p]) continue;
      if (!s.shapes && s.geometry === "thin" && !((p % s.width) & 1 && Math.floor(p / s.width) & 1)) continue;
      const [X, Y] = at(p);
      g.beginPath(); g.arc(X, Y, 0.28 * u * k, 0, TAU); g.fill();
    }
    g.lineCap = g.lineJoin = "round";
    for (const [colour, width] of [[MARKS.route[0], 0.34], [COLOURS.route, 0.08]]) {
      g.strokeStyle = colour;
      g.lineWidth = width * u * k;
      g.beginPath();
      w.trail.forEach((p, i) => { const [X, Y] = at(p); if (i) g.lineTo(X, Y); else g.moveTo(X, Y); });
      if (w.trail.length === 1) { const [X, Y] = at(w.trail[0]); g.lineTo(X + 0.01, Y); }
      g.stroke();
    }
    g.textAlign = "center";
    g.textBaseline = "middle";
    for (const [p, colour, letter] of [[s.start, COLOURS.start, "S"], ...s.goals.map((q) => [q, COLOURS.goal, "G"])]) {
      if (p < 0) continue;
      const [X, Y] = at(p);
      g.fillStyle = colour;
      g.beginPath(); g.arc(X, Y, 0.34 * u * k, 0, TAU); g.fill();
      g.fillStyle = "#ffffff";
      g.font = `bold ${Math.round(0.42 * u * k)}px sans-serif`;
      g.fillText(letter, X, Y);
    }
    this.floor.material.map.needsUpdate = true;
    this.dirty = true;
  }

  // The direction the walk starts facing: its first open side (or east).
  firstHeading() {
    const s = this.s, p = this.walk.pos;
    if (s.shapes) {
      const open = s.shapes.neighbours(p).find(([via, q]) => !s.wall[via] && !s.wall[q]);
      return open ? norm(open[2]) : 0;
    }
    const i = NAMES.findIndex((name) => this.opening(p, name));
    return Math.max(0, i) * (Math.PI / 2);
  }

  // Whether square-maze cell p has an open side towards `name` (walk.js's test for a move).
  opening(p, name) {
    const s = this.s, [dx, dy] = DIRECTIONS[name], W = s.width, k = s.geometry === "thin" ? 2 : 1;
    const x = p % W, y = (p - x) / W;
    if (x + dx * k < 0 || x + dx * k >= W || y + dy * k < 0 || y + dy * k >= s.height) return false;
    for (let i = 1; i <= k; i++) if (s.wall[p + i * (dy * W + dx)]) return false;
    return true;
  }

  // The camera to the walk's cell and the heading: at once, or in a short move from where it is.
  // (A stair: the eye rises or sinks to the other level, CLIMB_MS long.)
  place(now = false) {
    const [x, z, level] = this.geo.world(this.walk.pos), t = performance.now();
    const to = { x, z, y: -level * LEVEL * this.geo.unit, a: this.heading };
    const instant = now || this.snap || !this.cam;
    const from = instant ? to : this.current(t);
    const turn = Math.abs(diff(to.a, from.a)) > 1e-3, moved = Math.hypot(to.x - from.x, to.z - from.z) > 1e-6;
    const climb = Math.abs(to.y - from.y) > 1e-6;
    this.move = { from, to, t0: t, ms: instant ? 0 : climb ? CLIMB_MS : moved ? STEP_MS : turn ? TURN_MS : 0 };
    this.level = level;
    if (instant) this.layers.forEach((layer, z) => { layer.visible = z === level; });
    this.heights = []; // the eye's heights drawn since (a test sees the climb)
    this.cam = to;
    this.placedAt = this.walk.pos;
    this.dirty = true;
  }

  // The camera's position and heading at time t (a move eased in and out).
  current(t) {
    const m = this.move;
    if (!m || !m.ms || t >= m.t0 + m.ms) return m ? m.to : this.cam;
    const f = (t - m.t0) / m.ms, e = f * f * (3 - 2 * f);
    if (m.bump) { const k = BUMP * this.geo.unit * Math.sin(Math.PI * f); return { x: m.to.x + m.bump[0] * k, z: m.to.z + m.bump[1] * k, y: m.to.y, a: m.to.a }; }
    return { x: m.from.x + (m.to.x - m.from.x) * e, z: m.from.z + (m.to.z - m.from.z) * e, y: m.from.y + (m.to.y - m.from.y) * e,
      a: m.from.a + diff(m.to.a, m.from.a) * e };
  }

  get settled() { const m = this.move; return !m || !m.ms || performance.now() >= m.t0 + m.ms; }

  frame(now) {
    if (!this.active) return;
    this.paintFloor();
    if (this.walk.pos !== this.placedAt) this.place(); // moved another way (reset, q and e on a hex maze)
    const moving = !this.settled;
    if (!this.dirty && !moving && !this.wasMoving) return;
    this.wasMoving = moving;
    // (settled: the move's end exactly; the frame's own clock can lag the clock `settled` reads, and
    // would leave the eye a hair short of it, nudged towards a wall it bumped)
    const c = moving ? this.current(now) : this.current(Infinity), u = this.geo.unit;
    // The levels shown: the eye's own (on a stair, the two it is between).
    const at = -c.y / (LEVEL * u);
    this.layers.forEach((layer, z) => { layer.visible = Math.abs(z - at) < 1 - 1e-6; });
    this.camera.position.set(c.x, c.y + EYE * u, c.z);
    this.camera.near = 0.02 * u;
    this.camera.lookAt(c.x + Math.cos(c.a), c.y + EYE * u, c.z + Math.sin(c.a));
    this.heights.push(c.y / (LEVEL * u));
    this.renderer.render(this.scene, this.camera);
    this.frames++;
    this.dirty = false;
  }

  // Turn a quarter (square) or to the next side of the cell (shaped), -1 left, +1 right.
  turn(way) {
    const s = this.s;
    if (!s.shapes) this.heading = norm(Math.round(this.heading / (Math.PI / 2) + way) * (Math.PI / 2));
    else {
      const angles = s.shapes.neighbours(this.walk.pos).map(([, , a]) => a).concat(this.heading + Math.PI);
      let best = null;
      for (const a of angles) {
        const d = norm(way * (a - this.heading));
        if (d > 0.05 && d <= Math.PI + 0.05 && (best === null || d < best[0])) best = [d, a];
      }
      this.heading = norm(best ? best[1] : this.heading + (way * Math.PI) / 2);
    }
    this.walk.bumped = false; // (a turn away from the wall ends its message)
    this.place();
  }

  // A step forwards (+1) or backwards (-1) along the heading; the walk's answer ("bump": a wall).
  step(way) {
    const s = this.s, w = this.walk;
    let result;
    if (!s.shapes) {
      const i = ((Math.round(this.heading / (Math.PI / 2)) + (way < 0 ? 2 : 0)) % 4 + 4) % 4;
      result = w.move(NAMES[i]);
    } else {
      const want = this.heading + (way < 0 ? Math.PI : 0);
      const near = s.shapes.neighbours(w.pos).map(([, , a]) => [Math.abs(diff(a, want)), a]).sort((a, b) => a[0] - b[0])[0];
      if (!near || near[0] > NEAR) result = w.bump();
      else {
        result = w.move(near[1], true);
        if (result !== "bump" && result !== "done") this.heading = norm(near[1] + (way < 0 ? Math.PI : 0));
      }
    }
    this.place();
    if (result === "bump" && !this.snap) {
      const a = this.heading + (way < 0 ? Math.PI : 0);
      this.move = { from: this.cam, to: this.cam, t0: performance.now(), ms: BUMP_MS, bump: [Math.cos(a), Math.sin(a)] };
    }
    this.say(w.message());
    return result;
  }

  // Arrow keys and WASD: ↑/w forwards, ↓/s back, ←/a and →/d turn.
  key(e) {
    const act = { ArrowUp: [this.step, 1], ArrowDown: [this.step, -1], ArrowLeft: [this.turn, -1], ArrowRight: [this.turn, 1],
      w: [this.step, 1], s: [this.step, -1], a: [this.turn, -1], d: [this.turn, 1] }[e.key.length === 1 ? e.key.toLowerCase() : e.key];
    if (!act) return false;
    act[0].call(this, act[1]);
    return true;
  }

  // A swipe on the board (client px): sideways turns, up steps forwards, down back; a tap steps forwards.
  swipe(dx, dy) {
    if (Math.hypot(dx, dy) < 16) return this.step(1);
    if (Math.abs(dx) > Math.abs(dy)) return this.turn(dx > 0 ? 1 : -1);
    return this.step(dy < 0 ? 1 : -1);
  }

  // The minimap: the 2D board's layers (maze, route and labels: the trail, S, G and where the walker
  // is) drawn small in the top right corner (on a maze of levels, the walker's level named in its
  // bottom left corner, or bottom right where the levels' last row leaves room), again for a while after each move (the board paints
  // over a few frames).
  minimap(r) {
    if (!this.active) return;
    const key = `${this.painted}:${r.canvas.width}x${r.canvas.height}:${this.board.clientWidth}x${this.board.clientHeight}`;
    if (key !== this.miniKey) { this.miniKey = key; this.miniFrames = 20; }
    if (this.miniFrames <= 0) return;
    this.miniFrames--;
    const c = this.mini, src = r.canvas, dpr = window.devicePixelRatio || 1;
    const k = Math.min((0.3 * this.board.clientWidth * dpr) / src.width, (0.36 * this.board.clientHeight * dpr) / src.height, 1);
    const w = Math.max(1, Math.round(src.width * k)), h = Math.max(1, Math.round(src.height * k));
    if (c.width !== w || c.height !== h) { c.width = w; c.height = h; c.style.width = `${w / dpr}px`; c.style.height = `${h / dpr}px`; }
    const g = c.getContext("2d");
    g.imageSmoothingQuality = "high";
    for (const layer of [r.canvas, r.overlay, r.labels]) g.drawImage(layer, 0, 0, w, h);
    const level = this.walk.level(); // (a maze of levels: which one the walker is on, in the corner)
    if (level) {
      let px = Math.round(13 * dpr);
      g.font = `bold ${px}px sans-serif`;
      px = Math.max(6, Math.floor(px * Math.min(1, w / (g.measureText(level).width + 1.2 * px)))); // (fitted to a narrow minimap)
      g.font = `bold ${px}px sans-serif`;
      const tw = g.measureText(level).width, sh = this.s.shapes;
      const x = sh.levels[2] % sh.cols ? w - tw - px : 0; // (levels in rows, the last one short: in the room it leaves)
      g.fillStyle = "rgba(255, 255, 255, 0.85)";
      g.fillRect(x, h - px * 1.6, tw + px, px * 1.6);
      g.fillStyle = STAIR_COLOUR;
      g.textBaseline = "middle";
      g.fillText(level, x + px / 2, h - px * 0.8);
    }
    this.source = r.canvas;
  }

  // Client point on the minimap of client point (x, y) on the 2D board's canvas.
  onMinimap(x, y) {
    const a = this.source.getBoundingClientRect(), b = this.mini.getBoundingClientRect();
    return [b.left + ((x - a.left) * b.width) / a.width, b.top + ((y - a.top) * b.height) / a.height];
  }

  // The camera for a link: "cam=P_D", the walker's square P facing D degrees (y down); "" when not showing.
  cameraParam() {
    if (!this.active) return "";
    const d = Math.round(((this.heading * 180) / Math.PI) * 10) / 10;
    return `cam=${this.walk.pos}_${d % 360}`;
  }

  // A link's camera (cameraParam's value) restored: the walk starts again from that square, facing
  // that way (snapped to the nearest side of the cell within a degree).  A problem (text) or "".
  restoreCamera(value) {
    const m = /^(\d{1,10})_(-?\d{1,3}(?:\.\d{1,3})?)$/.exec(value), s = this.s;
    if (!this.active) return "cam needs the 3D view (view=3d)";
    if (!m) return "cam must be a square and a heading in degrees, as 37_90";
    const p = Number(m[1]), cells = s.shapes ? s.shapes.n : s.wall.length;
    const odd = (i) => i % 2 === 1, thin = !s.shapes && s.geometry === "thin";
    if (p >= cells || s.wall[p] || (thin && !(odd(p % s.width) && odd(Math.floor(p / s.width))))) {
      return `cam's square ${p} is not an open square of this maze`;
    }
    let a = norm((Number(m[2]) * Math.PI) / 180);
    const sides = s.shapes ? s.shapes.neighbours(p).flatMap(([, , b]) => [norm(b), norm(b + Math.PI)]) : [0, 1, 2, 3].map((q) => (q * Math.PI) / 2);
    const near = sides.map((b) => [Math.abs(diff(b, a)), b]).sort((x, y) => x[0] - y[0])[0];
    if (!s.shapes || (near && near[0] < Math.PI / 180)) a = near[1];
    this.walk.startAt(p);
    this.heading = a;
    this.place(true);
    this.say(this.walk.message());
    return "";
  }

  snapshot() {
    return { wanted: this.wanted, active: this.active, snap: this.snap, software: !!this.software, settled: this.settled, heading: this.heading ?? null,
      pos: this.walk ? this.walk.pos : null, bumps: this.walk ? this.walk.bumps : 0, frames: this.frames, fov: FOV, eye: EYE, wallHeight: WALL_HEIGHT, thin: THIN,
      unit: this.geo ? this.geo.unit : null, walls: this.walls ? this.wallCount : 0, buildMs: this.buildMs ?? null,
      level: this.level ?? null, levels: this.geo ? this.geo.levels : null, heights: this.heights ? this.heights.slice() : [], climbMs: CLIMB_MS,
      shown: this.layers ? this.layers.flatMap((layer, z) => (layer.visible ? [z] : [])) : [],
      calls: this.renderer ? this.renderer.info.render.calls : 0 };
  }
}
