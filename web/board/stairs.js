// Mazes of levels on the page: the stairs between levels (pymaze.worlds).  A stair is a passage
// with no side: the engine's drawing lists them (`stairs`), and an open one is marked on both of
// its cells, ▼ (down) a little right of the upper cell's centre and ▲ (up) a little left of the
// lower cell's, as pymaze.worlds.stair_marks draws them for SVG and PNG.
export const STAIR_COLOUR = "#7b4fa0";

// The stair from cell p down (`down`) or up, as [passage index, cell across], or null (none there).
export function stairFrom(g, p, down) {
  if (!g || !g.stairs || !g.stairs.size) return null;
  for (const i of g.passagesOf(p)) {
    if (!g.stairs.has(i)) continue;
    const [a, b] = g.cellsOf(i); // a: the upper cell (lower index), b: the one below
    if (down && a === p) return [i, b];
    if (!down && b === p) return [i, a];
  }
  return null;
}

// Cell p's marks: [["down" | "up", [three points in maze units]], ...] for its open stairs.
export function stairMarks(g, wall, p) {
  const out = [];
  for (const [kind, down] of [["down", true], ["up", false]]) {
    const st = stairFrom(g, p, down);
    if (st && !wall[st[0]]) out.push([kind, markPoints(g, p, kind)]);
  }
  return out;
}

// The three points (maze units) of cell p's mark of its stair `kind` ("down" or "up"), open or not.
export function markPoints(g, p, kind) {
  const P = g.polygons, i = g.starts[p], [dx, tip] = kind === "down" ? [0.22, 1] : [-0.22, -1];
  const x = P[2 * i] + 0.5 + dx, y = P[2 * i + 1] + 0.5; // a level's cell is a unit square from its top left
  return [[x - 0.2, y - 0.19 * tip], [x + 0.2, y - 0.19 * tip], [x, y + 0.24 * tip]];
}

// Draw cell p's stair marks on ctx (maze units times k, offset ox, oy).
export function drawStairs(ctx, g, wall, p, k, ox, oy) {
  const marks = stairMarks(g, wall, p);
  if (!marks.length) return;
  ctx.fillStyle = STAIR_COLOUR;
  ctx.beginPath();
  for (const [, pts] of marks) {
    pts.forEach(([x, y], j) => (j ? ctx.lineTo(ox + x * k, oy + y * k) : ctx.moveTo(ox + x * k, oy + y * k)));
    ctx.closePath();
  }
  ctx.fill();
  ctx.strokeStyle = "#ffffff"; // (a white edge: the mark stays visible on the distance colours)
  ctx.lineWidth = Math.max(1, k * 0.04);
  ctx.stroke();
}

// The engine draws the levels side by side, a gap of one cell between them (drawing.levels: [w, h,
// depth]).  They are moved (in place) into the grid of `cols` levels a row whose cells come out
// biggest in the board's room (`room`: its width over its height): side by side on a wide board,
// one under the other on a phone held upright, two a row where that draws them bigger; and each row
// of levels down by a band (LEVEL_BAND maze units) where the renderer names them ("level 1", ...).
export const LEVEL_BAND = 1;
export function arrangeLevels(d, room = boardRoom()) {
  if (!d.levels || d.levels[2] < 2 || d.cols) return;
  const [w, h, depth] = d.levels, across = w + 1, down = h + 1 + LEVEL_BAND;
  const sizeAt = (c) => Math.min(room / (c * across - 1), 1 / (Math.ceil(depth / c) * down - 1));
  let cols = depth;
  for (let c = depth - 1; room && c >= 1; c--) if (sizeAt(c) > sizeAt(cols) * 1.001) cols = c;
  d.cols = cols; // (once: a drawing may be seen again)
  d.band = LEVEL_BAND;
  for (const a of [d.polygons, d.walls, d.border]) {
    for (let i = 0; i < a.length; i += 2) {
      const z = Math.min(depth - 1, Math.floor(a[i] / across));
      a[i] += (z % cols - z) * across;
      a[i + 1] += Math.floor(z / cols) * down + LEVEL_BAND;
    }
  }
  d.bounds = [0, 0, cols * across - 1, Math.ceil(depth / cols) * down - 1];
}

// The board's width over the height it may take (a phone's board is as tall as the maze, up to its
// max-height); the window's when there is no board.
function boardRoom() {
  const el = globalThis.document?.getElementById("board");
  if (!el || !el.clientWidth) return globalThis.innerWidth && globalThis.innerWidth / globalThis.innerHeight;
  const max = parseFloat(getComputedStyle(el).maxHeight);
  const h = Number.isFinite(max) ? max : el.clientHeight;
  return h > 0 ? el.clientWidth / h : 0;
}

// Where level z is in the drawing: the top left of its rectangle, in maze units (its name above it).
export const levelRect = (g, z) => [(z % g.cols) * (g.levels[0] + 1), Math.floor(z / g.cols) * (g.levels[1] + 1 + g.band) + g.band];

// The level a point of the drawing is in (maze units).
export const levelAt = (g, x, y) => Math.max(0, Math.min(g.levels[2] - 1,
  Math.floor(y / (g.levels[1] + 1 + g.band)) * g.cols + Math.floor(x / (g.levels[0] + 1))));

// Where level 1 (the top one) is, in words.
export const firstLevelPlace = (g) => (g.cols >= g.levels[2] ? "on the left" : g.cols === 1 ? "at the top" : "at the top left");
