// Colours and their meanings, keyed by mark *name* (the names the engine
// sends with its catalogue, pymaze/events.py): one table that the board, the
// legend and the about page's list are all drawn from.  The number layers
// have a perceptual ramp for distances and a hue per cluster id.
import { MARK_NAME } from "../engine/state.js";

// mark name -> [colour, what it means] (the legend's line).
export const MARKS = {
  none: ["#ffffff", "floor: open, nothing happening here"],
  current: ["#e11d48", "current: the cell being carved or expanded"],
  stack: ["#f59e0b", "stack: on the walk's stack, or a wall being built"],
  frontier: ["#38bdf8", "frontier: queued, not yet expanded"],
  visited: ["#c7d2fe", "visited: expanded, done with"],
  route: ["#fdba74", "route: on the route found"],
  frontier2: ["#4ade80", "goal-side frontier: queued from the goal"],
  visited2: ["#d9f99d", "goal-side visited: expanded from the goal"],
  filled: ["#94a3b8", "filled: a dead end, cannot be on the route"],
  route2: ["#e9d5ff", "other route: on a route after the first"],
  dead: ["#fca5a5", "dead: walked twice, or a dead end"],
  scanned: ["#e0f2fe", "scanned: looked at in passing by a jump, never queued"],
  jump: ["#0d9488", "jump point: where a jump stopped, queued"],
};

// The rest of the board: [colour, meaning].
export const PARTS = {
  wall: ["#1e293b", "wall"],
  start: ["#16a34a", "S: the start"],
  goal: ["#dc2626", "G: a goal"],
  head: ["#e11d48", "outline: the square the last event changed"],
  route: ["#c2410c", "line: the route, S to G"],
};
export const COLOURS = { wall: PARTS.wall[0], start: PARTS.start[0], goal: PARTS.goal[0], head: PARTS.head[0],
  route: PARTS.route[0], text: "#0f172a", weight: "#475569" };

// Each route of a several-route run gets its own line colour (the first is the route's).
export const ROUTE_LINES = ["#c2410c", "#7e22ce", "#0f766e", "#be185d", "#1d4ed8", "#a16207", "#15803d",
  "#9f1239", "#4338ca", "#0e7490"];

// Marks a thin-wall opening takes from its two cells: the weaker one wins (a mark
// later in this list is weaker).
const STRENGTH = ["current", "route", "stack", "jump", "frontier", "frontier2", "dead", "visited", "visited2",
  "route2", "filled", "scanned", "none"];

const hex = (c) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
export const rgb = (c) => hex(c);
export const pack = ([r, g, b]) => ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
export const css = ([r, g, b]) => `rgb(${r},${g},${b})`;
export const WALL_RGB = hex(COLOURS.wall);

// By mark value, once the vocabulary has arrived: colours as RGB and how weak each mark is.
export function markTables() {
  const rgbs = MARK_NAME.map((name) => hex((MARKS[name] || MARKS.none)[0]));
  const weakness = MARK_NAME.map((name) => Math.max(0, STRENGTH.indexOf(name)));
  return { rgbs, weakness };
}

// A cell weight 1..9 -> a grey, from floor white (1) to a mid grey (9).
export const weightTint = (w) => [0, 0, 0].map(() => Math.round(255 - Math.max(0, w - 1) * 12));

// Viridis, reversed so that near is light and far is dark (perceptually uniform,
// readable in grey and by most colour-blind eyes): 9 stops, interpolated.
const RAMP = ["#fde725", "#a0da39", "#4ac16d", "#1fa187", "#277f8e", "#365c8d", "#46327e", "#440154"]
  .map(hex);
export const RAMP_CSS = RAMP.map(css);

// A distance d of a run whose largest distance is `max` -> its colour on the ramp.
export function heat(d, max) {
  const t = Math.max(0, Math.min(1, max > 0 ? d / max : 0)) * (RAMP.length - 1);
  const i = Math.min(RAMP.length - 2, Math.floor(t)), f = t - i;
  const a = RAMP[i], b = RAMP[i + 1];
  return [0, 1, 2].map((k) => Math.round(a[k] + (b[k] - a[k]) * f));
}

// Text on a colour: dark on light, white on dark (relative luminance).
export function ink([r, g, b]) {
  const lin = (c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b) > 0.2 ? "#0f172a" : "#ffffff";
}

// Halfway to white: a number left behind by a search that has moved on.
export const faded = (c) => c.map((v) => Math.round(v + (255 - v) * 0.55));

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
