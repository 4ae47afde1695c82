// Zoom and pan on the board: the wheel zooms around the pointer, two fingers pinch (and move
// the maze), one pointer drags it when the active mode has no use for a drag (`free()`: Watch),
// and + / - / 0 zoom in, out and back to the whole maze.  The renderer redraws at each new
// scale (render.js zoomBy / panBy), so every zoom is crisp.
const STEP = 1.25;

export function setupZoom(board, renderer, free) {
  const pointers = new Map(); // pointer id -> [x, y], while pressed on the board
  let pinch = null; // [distance, mid x, mid y] of the last two-finger frame

  // The wheel zooms; at the whole maze, turning it outwards scrolls the page as usual.
  board.addEventListener("wheel", (e) => {
    const was = renderer.zoom;
    renderer.zoomBy(Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015)), e.clientX, e.clientY);
    if (renderer.zoom !== was || was > 1) e.preventDefault();
  }, { passive: false });

  // Capture phase: a pinch is taken before the mode (Play's swipe, Edit's stroke) sees it.
  board.addEventListener("pointerdown", (e) => {
    pointers.set(e.pointerId, [e.clientX, e.clientY]);
    if (pointers.size === 2) {
      pinch = measure();
      e.stopImmediatePropagation();
    } else if (pointers.size === 1 && free() && renderer.zoom > 1) {
      try { board.setPointerCapture(e.pointerId); } catch { /* a pointer the browser no longer tracks */ }
    }
  }, true);

  board.addEventListener("pointermove", (e) => {
    const was = pointers.get(e.pointerId);
    if (!was) return;
    pointers.set(e.pointerId, [e.clientX, e.clientY]);
    if (pointers.size >= 2 && pinch) {
      const now = measure();
      renderer.panBy(now[1] - pinch[1], now[2] - pinch[2]);
      if (pinch[0] > 0) renderer.zoomBy(now[0] / pinch[0], now[1], now[2]);
      pinch = now;
      e.stopImmediatePropagation();
    } else if (pointers.size === 1 && free() && e.buttons) {
      renderer.panBy(e.clientX - was[0], e.clientY - was[1]);
    }
  }, true);

  const lift = (e) => {
    const twoFingers = pointers.size >= 2;
    pointers.delete(e.pointerId);
    if (pointers.size < 2) pinch = null;
    if (twoFingers) e.stopImmediatePropagation(); // the end of a pinch is no tap
  };
  board.addEventListener("pointerup", lift, true);
  board.addEventListener("pointercancel", lift, true);

  function measure() {
    const [[ax, ay], [bx, by]] = [...pointers.values()];
    return [Math.hypot(ax - bx, ay - by), (ax + bx) / 2, (ay + by) / 2];
  }

  // The zoom keys; true when `e` was one.
  return function key(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return false;
    if (e.key === "+" || e.key === "=") renderer.zoomBy(STEP);
    else if (e.key === "-" || e.key === "_") renderer.zoomBy(1 / STEP);
    else if (e.key === "0") renderer.resetZoom();
    else return false;
    return true;
  };
}
