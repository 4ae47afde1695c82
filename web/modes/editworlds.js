// Edit on the passages that have no side: the stairs of a maze of levels and the tunnels of a weave
// maze (pymaze.worlds, pymaze.weave).  A press on a cell's middle means them: on levels, the
// cell's stair down (the right half, where ▼ is drawn) or up (the left half, where ▲ is; a cell
// with one stair: that one); on weave, the tunnel under the cell (the open one, else the one across
// its open passages).  The weave rule (pymaze.weave.Rule: may_open, may_close) is kept here for
// every press, and a refused one is said in words.
import { stairFrom } from "../board/stairs.js";

const MIDDLE = 0.3; // a cell's middle: this close to its centre (cell sides; levels: on each axis, weave: a circle)

// The stair or tunnel a press at maze point (x, y) on cell p means, or -1 (none there: a side or the cell).
export function middleOf(g, wall, p, x, y) {
  if (!g || p < 0 || p >= g.n) return -1;
  const dx = x - g.cx[p], dy = y - g.cy[p];
  if (g.stairs.size) {
    if (Math.max(Math.abs(dx), Math.abs(dy)) >= MIDDLE) return -1;
    const down = stairFrom(g, p, true), up = stairFrom(g, p, false), st = down && up ? (dx >= 0 ? down : up) : down || up;
    return st ? st[0] : -1;
  }
  if (!g.under.size || !g.under.has(p) || Math.hypot(dx, dy) >= MIDDLE) return -1;
  const tunnels = g.under.get(p), open = tunnels.find((t) => !wall[t]);
  if (open !== undefined) return open;
  let best = -1, fewest = Infinity; // the tunnel fewest of p's open passages run along: across its corridor
  for (const t of tunnels) {
    const ends = g.cellsOf(t), along = openAt(g, wall, p).filter((i) => g.cellsOf(i).some((q) => ends.includes(q))).length;
    if (along < fewest) { fewest = along; best = t; }
  }
  return best;
}

// Cell p's open passages (tunnels from it included).
const openAt = (g, wall, p) => g.passagesOf(p).filter((i) => !wall[i]);

// Why passage i of a weave maze may not become `value` (0 open, 1 closed) now, in words; "" when it
// may (and on every other shape).  As pymaze.weave.Rule: a cell with an open tunnel under it
// (bridged) gains and loses no passage; a tunnel opens only under a cell whose open passages are
// exactly the two straight across it, and never ends at a bridged cell.
export function refusal(g, wall, i, value) {
  if (!g || !g.tunnels.size || i < g.n) return "";
  const bridged = (c) => (g.under.get(c) || []).some((t) => !wall[t]), t = g.tunnels.get(i), ends = g.cellsOf(i);
  if (value && t) return ""; // a tunnel always closes
  const c = ends.find(bridged);
  if (c !== undefined) {
    return t ? `a tunnel never ends at a cell with a tunnel under it (cell ${g.name(c)})`
      : `cell ${g.name(c)} has a tunnel under it: its corridor stays as it is (close the tunnel first)`;
  }
  if (value || !t) return "";
  const m = t.mid;
  if (bridged(m)) return `cell ${g.name(m)} has a tunnel under it already`;
  const open = openAt(g, wall, m), along = open.filter((j) => g.cellsOf(j).some((q) => ends.includes(q))).length;
  const what = open.some((j) => g.tunnels.has(j)) ? "the end of another tunnel" : open.length === 0 ? "closed all round"
    : open.length === 1 ? "a dead end" : open.length > 2 ? "a junction" : along === 2 ? "a corridor the same way"
      : along === 1 ? "a turn" : "";
  return what ? `a tunnel runs only under a straight corridor across it; cell ${g.name(m)} is ${what}` : "";
}

// What a change of stair or tunnel i to `value` did, for the stats line ("" for any other passage).
export function told(g, i, value) {
  if (!g || i < g.n) return "";
  const done = value ? "closed" : "opened";
  if (g.stairs.has(i) && g.levels) {
    const [w, h] = g.levels, [a, b] = g.cellsOf(i), z = Math.floor(a / (w * h)), x = a % w, y = Math.floor(a / w) % h;
    return `stair ${done} at (${x}, ${y}) between level ${z + 1} ▼ and level ${Math.floor(b / (w * h)) + 1} ▲`;
  }
  const t = g.tunnels.get(i);
  if (!t) return "";
  const [a, b] = g.cellsOf(i), way = Math.abs(g.cx[a] - g.cx[b]) > Math.abs(g.cy[a] - g.cy[b]) ? "west–east" : "north–south";
  return `tunnel ${done} under cell ${g.name(t.mid)} (${way}, between ${g.name(a)} and ${g.name(b)})`;
}

// Edit's help for these shapes, to follow "click the side two cells share to open or close it" ("" on the others).
export function help(g) {
  if (g && g.stairs.size) return ", a cell's middle for its stairs (right half ▼ down, left half ▲ up; or PageDown / PageUp " +
    "under the pointer); drag S or G to move them";
  if (g && g.tunnels.size) return ", a cell's middle for a tunnel under it (only under a straight corridor across it); drag S or G to move them";
  return "";
}

// The stair a key of Edit means on cell p (PageDown or > down, PageUp or < up): its passage, -1 when
// p has none that way (the top or bottom level), undefined when the key is no stair key here.
export function stairKey(g, p, key) {
  const down = { PageDown: true, ">": true, PageUp: false, "<": false }[key];
  if (!g || !g.stairs.size || down === undefined) return undefined;
  const st = p >= 0 && p < g.n && stairFrom(g, p, down);
  return st ? st[0] : -1;
}
