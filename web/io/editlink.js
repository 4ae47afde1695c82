// The link of an edited maze that started as a generated one: the generator's link (link.js)
// plus what the edits changed, so that another page generates the same maze and applies them.
// Read back, every key is checked against the maze generated; a bad one changes nothing.

// The link keys of maze `s` edited from `base` (the generated maze's wall layer): `edit`, the
// squares (cells, passages) whose wall differs, ascending, as base-36 gaps joined by "."; `es` and
// `eg`, S and G; `ew`, each weight other than 1 as gap-weight; `eview=block` when the thin maze was
// turned into blocks.
export function editKeys(s, base) {
  const keys = {}, toggled = [], weights = [];
  let last = -1;
  for (let p = 0; p < s.wall.length; p++) if (s.wall[p] !== base.wall[p]) { toggled.push((p - last).toString(36)); last = p; }
  last = -1;
  if (s.weight) for (let p = 0; p < s.weight.length; p++) if (s.weight[p] !== 1) { weights.push(`${(p - last).toString(36)}-${s.weight[p]}`); last = p; }
  keys.edit = toggled.join(".");
  keys.es = String(s.start);
  keys.eg = String(s.goals[0]);
  if (weights.length) keys.ew = weights.join(".");
  if (s.geometry === "block" && base.geometry === "thin") keys.eview = "block";
  return keys;
}

// A link's edit keys (see editKeys) applied to `s`, the generated maze they were made from;
// returns the problems found (nothing is changed then).
export function applyEditKeys(s, params) {
  const size = s.wall.length, wall = s.wall.slice();
  const gaps = (text, what) => {
    const out = [];
    let at = -1;
    for (const part of text ? text.split(".") : []) {
      const [gap, value] = part.split("-"), d = /^[0-9a-z]{1,8}$/.test(gap || "") ? parseInt(gap, 36) : 0;
      at += d;
      if (!d || at >= size) return `${what} must name squares of this maze in order`;
      out.push([at, value]);
    }
    return out;
  };
  const toggled = gaps(params.get("edit") || "", "edit");
  if (typeof toggled === "string") return [toggled];
  for (const [p] of toggled) wall[p] ^= 1;
  let weight = null;
  if (params.has("ew")) {
    const weights = gaps(params.get("ew"), "ew");
    if (typeof weights === "string") return [weights];
    if (weights.some(([, v]) => !/^[1-9]$/.test(v || ""))) return ["ew weights must be 1 to 9"];
    weight = new Int32Array(size).fill(1);
    for (const [p, v] of weights) weight[p] = Number(v);
  }
  const ends = [];
  for (const key of ["es", "eg"]) {
    const v = params.get(key), p = /^\d{1,9}$/.test(v || "") ? Number(v) : -1;
    const cell = s.shapes ? p >= 0 && p < s.shapes.n : p >= 0 && p < size && !wall[p] &&
      (s.geometry !== "thin" || (p % s.width) & ((p - (p % s.width)) / s.width) & 1);
    if (!cell) return [`${key} must be a cell of the maze`];
    ends.push(p);
  }
  if (s.shapes) wall.fill(0, 0, s.shapes.n);
  s.wall.set(wall);
  [s.start, s.goals[0]] = ends;
  if (weight) s.weight = weight;
  s.allDirty = true;
  return [];
}

// Edit's numbered checkpoints as a link key: `cp`, the cells in order joined by "." (as
// maze.to_networkx() and the library's waypoints name them).
export const checkpointKey = (list) => list.join(".");

// A link's `cp` key read onto `s` (the maze being generated: its walls may not be final yet):
// every value a cell of that maze (a square, a thin maze's cell, a shaped maze's cell), none
// twice; returns the problems found (no checkpoints are set then).  A checkpoint on a wall is
// the solve's to refuse, with its own notice.
export function applyCheckpoints(s, value) {
  const parts = value.split("."), size = s.shapes ? s.shapes.n : s.wall.length, list = [];
  for (const part of parts) {
    const p = /^\d{1,9}$/.test(part) ? Number(part) : -1;
    const cell = p >= 0 && p < size && (s.shapes || s.geometry !== "thin" || (p % s.width) & ((p - (p % s.width)) / s.width) & 1);
    if (!cell || list.includes(p)) return ["cp must name different cells of this maze, joined by ."];
    list.push(p);
  }
  s.checkpoints = list;
  s.routeChanged = true;
  return [];
}
