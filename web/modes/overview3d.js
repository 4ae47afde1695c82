// Watch's 3D overview: the 2D board (its maze, marks, wave numbers, route and labels, as the run
// draws them, stepped back or scrubbed) laid on a tilted floor that the pointer orbits (drag) and
// zooms (wheel).  three.js is the one the walk's view loads (walk3d.js), on the same stage.
import { fit, showStage, stage, webglSupported } from "./three_stage.js";
import { COLOURS } from "../board/palette.js";
import { View3D } from "./walk3d.js";

const WALL_HEIGHT = 0.35; // the walls stand this high (in cells: low enough to see each cell's floor past them)
const MOST_SQUARES = 250000; // larger mazes keep their walls flat (the boxes would be rebuilt too slowly as a run digs)
const REBUILD_MS = 200; // while a run changes the walls, they are built again at most this often
const ORBIT = { el: [0.2, Math.PI / 2 - 0.01], dist: [0.35, 4] }; // the height (radians) and distance a link may ask for (the pointer's limits)

export class Overview3D {
  constructor(board, { notice }) {
    this.board = board;
    this.notice = notice;
    this.active = false;
    this.az = -0.5; // the camera's turn about the board's centre (radians)
    this.el = 0.95; // its height above the board (radians from flat)
    this.dist = 1.45; // its distance, in board widths
    this.frames = 0;
  }

  // Over the 2D renderer `r`: false (and a notice) where WebGL is missing.
  async open(r) {
    if (!webglSupported()) {
      this.notice("This browser cannot draw WebGL, so the 3D view is not available: the board stays in 2D.");
      return false;
    }
    if (!this.T) this.T = await import("../three.js");
    if (!this.renderer) this.setup();
    this.r = r;
    showStage(this, true);
    this.resize();
    return true;
  }

  close() {
    if (this.active) showStage(this, false);
  }

  setup() {
    const T = this.T;
    Object.assign(this, stage(T, this.board, { fov: 45, near: 0.01, far: 50, resize: () => this.resize() }));
    this.tex = document.createElement("canvas");
    this.texture = new T.CanvasTexture(this.tex);
    this.texture.colorSpace = T.SRGBColorSpace;
    this.texture.anisotropy = 8;
    this.plane = new T.Mesh(new T.PlaneGeometry(1, 1), new T.MeshBasicMaterial({ map: this.texture }));
    this.plane.rotation.x = -Math.PI / 2;
    this.scene.add(this.plane);
    // Orbit and zoom with the pointer; the board's own drag, wheel and click (2D pan, zoom, a
    // square's history) do not see them.
    const c = this.canvas;
    c.addEventListener("pointerdown", (e) => { this.drag = [e.clientX, e.clientY, 0]; c.setPointerCapture(e.pointerId); e.stopPropagation(); });
    c.addEventListener("pointermove", (e) => {
      if (!this.drag) return;
      const [x, y] = this.drag;
      this.drag = [e.clientX, e.clientY, this.drag[2] + Math.abs(e.clientX - x) + Math.abs(e.clientY - y)];
      this.az -= (e.clientX - x) * 0.008;
      this.el = Math.max(0.2, Math.min(Math.PI / 2 - 0.01, this.el + (e.clientY - y) * 0.006));
      e.stopPropagation();
    });
    c.addEventListener("pointerup", (e) => { this.moved = this.drag && this.drag[2] > 3; this.drag = null; e.stopPropagation(); });
    c.addEventListener("click", (e) => { if (this.moved) e.stopPropagation(); });
    c.addEventListener("wheel", (e) => {
      this.dist = Math.max(0.35, Math.min(4, this.dist * Math.exp(e.deltaY * 0.0012)));
      e.preventDefault();
      e.stopPropagation();
    }, { passive: false });
  }

  resize() {
    if (this.active) fit(this.board, this);
  }

  // The walls stood up from the maze (walk3d.js's boxes, one instanced mesh), when they changed;
  // then placed over the board's drawing of them (the 2D canvas's scale and offset, however zoomed).
  extrude(src) {
    const T = this.T, s = this.r.s, now = performance.now();
    if (!s || s.wall.length > MOST_SQUARES) { if (this.walls) this.walls.visible = false; return; }
    if (s !== this.wallsOf || (now - this.builtAt > REBUILD_MS && !equal(s.wall, this.wallCopy))) {
      this.wallsOf = s; this.builtAt = now; this.wallCopy = s.wall.slice();
      const shape = { s }, boxes = View3D.prototype.boxes.call(shape); // (boxes and geometry read only .s)
      this.geo = View3D.prototype.geometry.call(shape);
      if (this.walls) { this.scene.remove(this.walls); this.walls.dispose(); }
      if (!this.wallMaterial) {
        this.clips = [[1, 0], [-1, 0], [0, 1], [0, -1]].map(([nx, nz]) => new T.Plane(new T.Vector3(nx, 0, nz), 1));
        this.wallMaterial = new T.MeshLambertMaterial({ color: COLOURS.wall, clippingPlanes: this.clips });
        this.scene.add(new T.AmbientLight(0xffffff, 1.5));
        const sun = new T.DirectionalLight(0xffffff, 2.2);
        sun.position.set(0.4, 1, 0.7);
        this.scene.add(sun);
        this.renderer.localClippingEnabled = true; // (walls off the 2D canvas, zoomed in, are cut at its edges)
      }
      this.walls = new T.InstancedMesh(new T.BoxGeometry(1, 1, 1), this.wallMaterial, Math.max(1, boxes.length));
      this.walls.count = boxes.length;
      const o = new T.Object3D(), h = WALL_HEIGHT * this.geo.unit;
      boxes.forEach(([x, z, len, thick, angle], i) => {
        o.position.set(x, h / 2, z);
        o.rotation.set(0, -angle, 0);
        o.scale.set(len, h, thick);
        o.updateMatrix();
        this.walls.setMatrixAt(i, o.matrix);
      });
      this.walls.instanceMatrix.needsUpdate = true;
      this.walls.frustumCulled = false;
      this.scene.add(this.walls);
    }
    // World (maze units) -> canvas px: from two squares' centres in both (one scale, no turn).
    const last = s.shapes ? s.shapes.n - 1 : s.wall.length - 1, [a0, b0] = this.geo.centre(0), [a1, b1] = this.geo.centre(last);
    const [x0, y0] = this.r.centre(0), [x1, y1] = this.r.centre(last);
    const k = Math.hypot(x1 - x0, y1 - y0) / (Math.hypot(a1 - a0, b1 - b0) || 1), side = Math.max(src.width, src.height);
    this.walls.visible = true;
    this.walls.scale.setScalar(k / side);
    this.walls.position.set((x0 - k * a0 - src.width / 2) / side, 0, (y0 - k * b0 - src.height / 2) / side);
    this.clips.forEach((c, i) => { c.constant = (i < 2 ? src.width : src.height) / side / 2; });
    this.scale = k / side;
  }

  // The board's layers onto the floor, the walls stood up on it, and the frame from the orbit.
  frame() {
    if (!this.active) return;
    const r = this.r, src = r.canvas, t = this.tex;
    if (t.width !== src.width || t.height !== src.height) {
      t.width = src.width; t.height = src.height;
      this.texture.dispose();
      const side = Math.max(src.width, src.height);
      this.plane.scale.set(src.width / side, src.height / side, 1);
    }
    const g = t.getContext("2d");
    g.fillStyle = "#ffffff";
    g.fillRect(0, 0, t.width, t.height);
    for (const layer of [r.canvas, r.overlay, r.labels]) g.drawImage(layer, 0, 0);
    this.texture.needsUpdate = true;
    this.extrude(src);
    const d = this.dist, el = this.el, az = this.az;
    this.camera.position.set(d * Math.cos(el) * Math.sin(az), d * Math.sin(el), d * Math.cos(el) * Math.cos(az));
    this.camera.lookAt(0, 0, 0);
    this.renderer.render(this.scene, this.camera);
    this.frames++;
  }

  // The client point on the 3D view of client point (x, y) on the 2D board's canvas (hidden meanwhile),
  // `lift` cells above the floor (a wall's top: WALL_HEIGHT).
  project(x, y, lift = 0) {
    const a = this.r.canvas.getBoundingClientRect(), b = this.canvas.getBoundingClientRect();
    const u = (x - a.left) / a.width - 0.5, v = (y - a.top) / a.height - 0.5;
    const up = lift * (this.geo ? this.geo.unit : 1) * (this.scale || 0);
    const p = new this.T.Vector3(u * this.plane.scale.x, up, v * this.plane.scale.y).project(this.camera);
    return [b.left + ((p.x + 1) / 2) * b.width, b.top + ((1 - p.y) / 2) * b.height];
  }

  // The orbit for a link: "orbit=A_E_D", the turn and height in degrees and the distance in board
  // widths; "" when not showing.
  cameraParam() {
    if (!this.active) return "";
    const deg = (r) => Math.round((r * 1800) / Math.PI) / 10, az = deg(Math.atan2(Math.sin(this.az), Math.cos(this.az)));
    return `orbit=${az}_${deg(this.el)}_${Math.round(this.dist * 100) / 100}`;
  }

  // A link's orbit (cameraParam's value) restored; a problem (text) or "".
  restoreCamera(value) {
    const n = "-?\\d{1,3}(?:\\.\\d{1,3})?", m = new RegExp(`^(${n})_(${n})_(\\d(?:\\.\\d{1,3})?)$`).exec(value);
    const lo = (ORBIT.el[0] * 180) / Math.PI, hi = (ORBIT.el[1] * 180) / Math.PI;
    const [az, el, dist] = m ? m.slice(1).map(Number) : [];
    if (!m || Math.abs(az) > 360 || el < lo - 0.05 || el > hi + 0.05 || dist < ORBIT.dist[0] || dist > ORBIT.dist[1]) {
      return `orbit must be a turn (degrees), a height from ${Math.ceil(lo)} to ${Math.floor(hi)} degrees and a distance from ${ORBIT.dist[0]} to ${ORBIT.dist[1]}, as -28.6_54.4_1.45`;
    }
    this.az = (az * Math.PI) / 180;
    this.el = Math.max(ORBIT.el[0], Math.min(ORBIT.el[1], (el * Math.PI) / 180));
    this.dist = dist;
    return "";
  }

  snapshot() {
    return { active: this.active, frames: this.frames, az: this.az, el: this.el, dist: this.dist, wallHeight: WALL_HEIGHT,
      walls: this.walls && this.walls.visible ? this.walls.count : 0, calls: this.renderer ? this.renderer.info.render.calls : 0 };
  }
}

function equal(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
