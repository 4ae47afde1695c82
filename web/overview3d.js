// Watch's 3D overview: the 2D board (its maze, marks, wave numbers, route and labels, as the run
// draws them, stepped back or scrubbed) laid on a tilted floor that the pointer orbits (drag) and
// zooms (wheel).  three.js is the one the walk's view loads (walk3d.js).
import { SKY, webglSupported } from "./walk3d.js";

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
    if (!this.T) this.T = await import("./three.js");
    if (!this.gl) this.setup();
    this.r = r;
    this.active = true;
    this.board.classList.add("three");
    this.canvas.hidden = false;
    this.resize();
    return true;
  }

  close() {
    if (!this.active) return;
    this.active = false;
    this.board.classList.remove("three");
    this.canvas.hidden = true;
  }

  setup() {
    const T = this.T;
    this.canvas = document.createElement("canvas");
    this.canvas.className = "view3d";
    this.canvas.setAttribute("aria-hidden", "true");
    this.board.prepend(this.canvas);
    this.gl = new T.WebGLRenderer({ canvas: this.canvas, antialias: true });
    this.gl.setPixelRatio(Math.min(2, window.devicePixelRatio || 1));
    this.scene = new T.Scene();
    this.scene.background = new T.Color(SKY);
    this.camera = new T.PerspectiveCamera(45, 1, 0.01, 50);
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
    new ResizeObserver(() => this.resize()).observe(this.board);
  }

  resize() {
    if (!this.active) return;
    const w = Math.max(40, this.board.clientWidth), h = Math.max(40, this.board.clientHeight);
    this.gl.setSize(w, h, false);
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
  }

  // The board's layers onto the floor, and the frame from the orbit.
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
    const d = this.dist, el = this.el, az = this.az;
    this.camera.position.set(d * Math.cos(el) * Math.sin(az), d * Math.sin(el), d * Math.cos(el) * Math.cos(az));
    this.camera.lookAt(0, 0, 0);
    this.gl.render(this.scene, this.camera);
    this.frames++;
  }

  // The client point on the 3D view of client point (x, y) on the 2D board's canvas (hidden meanwhile).
  project(x, y) {
    const a = this.r.canvas.getBoundingClientRect(), b = this.canvas.getBoundingClientRect();
    const u = (x - a.left) / a.width - 0.5, v = (y - a.top) / a.height - 0.5;
    const p = new this.T.Vector3(u * this.plane.scale.x, 0, v * this.plane.scale.y).project(this.camera);
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

  snapshot() { return { active: this.active, frames: this.frames, az: this.az, el: this.el, dist: this.dist }; }
}
