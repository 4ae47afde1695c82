// Large mazes: an ImageData the size of the canvas, each pixel showing the
// square under its centre (nearest sampling), so the cost of a frame follows
// the screen, not the maze.  Dirty squares write their pixels; put() sends
// only the changed rectangle to the canvas.  Zoomed in, squares are `f` px
// and the maze's top left is at (ox, oy); pixels off the maze show `bg`.
export class Pixels {
  constructor(ctx, W, H, width, height, f = Math.min(width / W, height / H), ox = 0, oy = 0, bg = 0) {
    this.ctx = ctx;
    this.W = W;
    this.img = ctx.createImageData(width, height);
    this.px = new Uint32Array(this.img.data.buffer);
    this.width = width;
    this.height = height;
    this.bg = bg;
    [this.xs, this.colStart] = sampling(W, width, f, ox);
    [this.ys, this.rowStart] = sampling(H, height, f, oy);
    this.clear();
  }

  clear() { this.x0 = this.width; this.y0 = this.height; this.x1 = -1; this.y1 = -1; }

  // Square (x, y) has colour c: write every pixel that samples it.
  square(x, y, c) {
    const i0 = this.colStart[x], i1 = this.colStart[x + 1];
    const j0 = this.rowStart[y], j1 = this.rowStart[y + 1];
    if (i0 === i1 || j0 === j1) return;
    const { px, width } = this;
    for (let j = j0; j < j1; j++) for (let i = i0; i < i1; i++) px[j * width + i] = c;
    if (i0 < this.x0) this.x0 = i0; if (i1 > this.x1) this.x1 = i1;
    if (j0 < this.y0) this.y0 = j0; if (j1 > this.y1) this.y1 = j1;
  }

  // Repaint pixel rows [j0, j1) from `colour(p)`.
  rows(j0, j1, colour) {
    const { px, width, xs, ys, W, bg } = this;
    for (let j = j0; j < j1; j++) {
      const base = ys[j] * W, o = j * width;
      if (ys[j] < 0) { px.fill(bg, o, o + width); continue; }
      for (let i = 0; i < width; i++) px[o + i] = xs[i] < 0 ? bg : colour(base + xs[i]);
    }
    if (j0 < this.y0) this.y0 = j0; if (j1 > this.y1) this.y1 = j1;
    this.x0 = 0; this.x1 = width;
  }

  put() {
    if (this.x1 < 0) return;
    this.ctx.putImageData(this.img, 0, 0, this.x0, this.y0, this.x1 - this.x0, this.y1 - this.y0);
    this.clear();
  }
}

// For n squares of f px from offset `off` on `size` pixels: the square each pixel samples (-1:
// none), and for each square the first pixel sampling it (start[n]: past the last).
function sampling(n, size, f, off) {
  const pick = new Int32Array(size), start = new Int32Array(n + 1);
  for (let i = 0; i < size; i++) {
    const v = Math.floor((i + 0.5 - off) / f);
    pick[i] = v < 0 || v >= n ? -1 : v;
  }
  for (let x = 0; x <= n; x++) start[x] = Math.max(0, Math.min(size, Math.ceil(x * f + off - 0.5)));
  return [pick, start];
}
