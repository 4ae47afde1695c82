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
  const P = g.polygons, i = g.starts[p], [dx, tip] = kind === "down" ? [0.2, 1] : [-0.2, -1];
  const x = P[2 * i] + 0.5 + dx, y = P[2 * i + 1] + 0.5; // a level's cell is a unit square from its top left
  return [[x - 0.17, y - 0.15 * tip], [x + 0.17, y - 0.15 * tip], [x, y + 0.2 * tip]];
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
// depth]); on a screen taller than wide they are moved one under the other instead (in place).
export function stackLevels(d, portrait = globalThis.matchMedia?.("(orientation: portrait)").matches) {
  if (!d.levels || !portrait || d.levels[2] < 2 || d.stacked) return;
  d.stacked = true; // (once: a drawing may be seen again)
  const [w, h, depth] = d.levels, across = w + 1, down = h + 1;
  for (const a of [d.polygons, d.walls, d.border]) {
    for (let i = 0; i < a.length; i += 2) {
      const z = Math.min(depth - 1, Math.floor(a[i] / across));
      a[i] -= z * across;
      a[i + 1] += z * down;
    }
  }
  d.bounds = [0, 0, w, depth * h + depth - 1];
}
