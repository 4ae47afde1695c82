// What the two 3D views (Play's walk, walk3d.js; Watch's overview, overview3d.js) share: whether
// WebGL can be drawn at all, and a stage on the board: a canvas under the 2D ones, a three.js
// renderer, scene and camera, kept to the board's size.
export const SKY = "#d5dbe3";

// Whether this browser can draw WebGL at all (a context on a scratch canvas).
export function webglSupported() {
  try {
    const c = document.createElement("canvas");
    return !!(c.getContext("webgl2") || c.getContext("webgl"));
  } catch { return false; }
}

// A stage on `board` drawn by three.js `T`: `{ canvas, renderer, scene, camera }`, the camera
// seeing `fov` degrees upright from `near` to `far`; `resize` is called whenever the board's size
// changes (it calls `fit`).
export function stage(T, board, { fov, near, far, antialias = true, pixelRatio = Math.min(2, window.devicePixelRatio || 1), resize }) {
  const canvas = document.createElement("canvas");
  canvas.className = "view3d";
  canvas.setAttribute("aria-hidden", "true");
  board.prepend(canvas); // under the 2D canvases (hidden meanwhile)
  const renderer = new T.WebGLRenderer({ canvas, antialias });
  renderer.setPixelRatio(pixelRatio);
  const scene = new T.Scene();
  scene.background = new T.Color(SKY);
  const camera = new T.PerspectiveCamera(fov, 1, near, far);
  new ResizeObserver(resize).observe(board);
  return { canvas, renderer, scene, camera };
}

// The renderer and the camera fitted to the board (at least 40 x 40 pixels).
export function fit(board, { renderer, camera }) {
  const w = Math.max(40, board.clientWidth), h = Math.max(40, board.clientHeight);
  renderer.setSize(w, h, false);
  camera.aspect = w / h;
  camera.updateProjectionMatrix();
}

// A view's stage shown (`on`) or hidden: its `active` flag, the board's "three" class (the 2D
// canvases hidden meanwhile), its canvas and any `more` of its own.
export function showStage(view, on, more = []) {
  view.active = on;
  view.board.classList.toggle("three", on);
  for (const c of [view.canvas, ...more]) c.hidden = !on;
}
