// Colours, as one table keyed by mark value (pymaze/events.py M_*), plus the
// number layers: a distance heatmap and a hue per cluster id.
export const MARK_COLOURS = [
  // [mark, name, colour]
  [0, "floor", "#ffffff"],
  [1, "current", "#e11d48"],
  [2, "stack", "#fcd34d"],
  [3, "frontier", "#7dd3fc"],
  [4, "visited", "#c7d2fe"],
  [5, "route", "#fdba74"],
  [6, "frontier2", "#86efac"],
  [7, "visited2", "#d9f99d"],
  [8, "filled", "#cbd5e1"],
  [9, "route2", "#d8b4fe"],
  [10, "dead", "#fca5a5"],
];
export const COLOURS = { wall: "#1e293b", start: "#16a34a", goal: "#dc2626", head: "#e11d48",
  route: "#c2410c", route2: "#d8b4fe", route2Line: "#7e22ce", text: "#0f172a", weight: "#475569" };

// Marks a thin-wall opening takes from its two cells: the weaker one wins.
export const WEAKNESS = [0, 8, 7, 5, 3, 10, 6, 4, 2, 9, 1];

const hex = (c) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
export const rgb = (c) => hex(c);
export const pack = ([r, g, b]) => ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
export const css = ([r, g, b]) => `rgb(${r},${g},${b})`;

export const MARK_RGB = MARK_COLOURS.map(([, , c]) => hex(c));
export const WALL_RGB = hex(COLOURS.wall);

// A cell weight 1..9 -> a grey, from floor white (1) to a mid grey (9).
export const weightTint = (w) => [0, 0, 0].map(() => Math.round(255 - Math.max(0, w - 1) * 12));

const HEAT = ["#fef9c3", "#fde68a", "#fecaca", "#f9a8d4", "#c4b5fd", "#93c5fd", "#a5f3fc"].map(hex);

// A distance d on a scale (about the longest expected distance) -> a colour, cycling smoothly.
export function heat(d, scale) {
  const t = ((d / scale) % 1) * (HEAT.length - 1);
  const i = Math.floor(t), f = t - i;
  const a = HEAT[i], b = HEAT[Math.min(i + 1, HEAT.length - 1)];
  return [0, 1, 2].map((k) => Math.round(a[k] + (b[k] - a[k]) * f));
}

// A cluster id -> a pastel hue (golden-angle hashing keeps neighbours apart).
export function cluster(id) {
  const h = ((id * 137.508) % 360) / 360, s = 0.65, l = 0.78;
  const q = l + s - l * s, p = 2 * l - q;
  const channel = (t) => {
    t = (t + 1) % 1;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  return [h + 1 / 3, h, h - 1 / 3].map((t) => Math.round(channel(t) * 255));
}
