// The legend beside the board, drawn from the palette: only what the current
// run shows (its marks, its number layer with a colour bar, its lines), and
// for a several-route run the list of routes (length, turns, overlap with the
// first), which highlights the route under the pointer.
import { COLOURS, MARKS, PARTS, RAMP_CSS, ROUTE_LINES, cluster, css } from "./palette.js";
import { MARK, MARK_NAME, NOTE } from "../engine/state.js";
import { NOTE_TEXT, fmt } from "./status.js";
import { STAIR_COLOUR, firstLevelPlace } from "./stairs.js";
import { seamColour } from "./shapes.js";

// The marks of the shapes that wrap around: how their seams pair up.
const SEAMS = { cylinder: "it wraps around", torus: "it wraps both ways", moebius: "it wraps around upside down" };

const el = (tag, cls, text) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
};

function swatch(colour, kind = "") {
  const i = el("i", `swatch ${kind}`);
  i.style.setProperty("--c", colour);
  return i;
}

// The routes of a run from its notes: waypoint polylines (ordinal 0 starts one), the ROUTE
// notes' lengths and the TURNS notes after them.
export function routesOf(s) {
  const lines = [];
  for (const [p, i] of s.waypoints) {
    if (i === 0 || !lines.length) lines.push([]);
    lines[lines.length - 1].push(p);
  }
  const out = [];
  let current = null;
  for (const [code, value] of s.notes) {
    if (code === NOTE.ROUTE) { current = { moves: value, turns: null }; out.push(current); }
    else if (code === NOTE.TURNS && current) current.turns = value;
  }
  const cells = lines.map((corners) => cellsOf(s, corners));
  const first = new Set(cells[0] || []);
  out.forEach((r, n) => {
    const mine = cells[n] || [];
    r.overlap = n && mine.length ? mine.filter((p) => first.has(p)).length / mine.length : 1;
  });
  return out;
}

// Why a several-route run found fewer routes than asked (its last note says), or "".
export function whyFewer(n, notes) {
  const last = notes.length ? notes[notes.length - 1] : null;
  if (!last) return "";
  if (last[0] === NOTE.EXHAUSTED) {
    return last[1] === 1 ? "A perfect maze (or one with no loop between S and G) has exactly one route."
      : `Only ${fmt(n)} of the ${fmt(last[1])} simple routes differ by more than 20 %.`;
  }
  if (last[0] === NOTE.GAVE_UP) return `Only ${fmt(n)} routes differing by more than 20 % were found before the search budget ran out.`;
  return "";
}

// The nodes along a polyline of corners (straight runs between them), thin or block.
function cellsOf(s, corners) {
  const W = s.width, stride = s.geometry === "thin" ? 2 : 1, out = [];
  for (let k = 0; k + 1 < corners.length; k++) {
    const a = corners[k], b = corners[k + 1];
    const dx = Math.sign((b % W) - (a % W)) * stride, dy = Math.sign(Math.floor(b / W) - Math.floor(a / W)) * stride;
    const d = dx + dy * W;
    if (!d) continue;
    for (let p = a, guard = 0; p !== b && guard < s.wall.length; p += d, guard++) out.push(p);
  }
  if (corners.length) out.push(corners[corners.length - 1]);
  return out;
}

export class Legend {
  constructor(box, renderer) {
    this.box = box;
    this.renderer = renderer;
    this.key = "";
  }

  // What the run shows now, as legend entries: [kind, colour, text].
  entries(player) {
    const s = player.s, log = player.log, out = [];
    const used = new Set();
    MARK_NAME.forEach((name, m) => { if (m && (s.markCount[m] > 0 || (log && log.marksUsed.has(m)))) used.add(m); });
    out.push(["square", PARTS.wall[0], "wall"]);
    out.push(["square", MARKS.none[0], "floor"]);
    out.push(["letter", PARTS.start[0], PARTS.start[1]]);
    out.push(["letter", PARTS.goal[0], s.goals.length > 1 ? `G: the goals (${s.goals.length})` : PARTS.goal[1]]);
    // In a numbered run a visited square shows its number's colour: the colour bar explains it.
    if (s.layer === "distance") { used.delete(MARK.VISITED); used.delete(MARK.VISITED2); }
    for (const m of [...used].sort((a, b) => a - b)) {
      const [colour, text] = MARKS[MARK_NAME[m]] || [MARKS.none[0], MARK_NAME[m]];
      out.push(["square", colour, text]);
    }
    if (s.route.length > 1 || s.waypoints.length) out.push(["line", COLOURS.route, PARTS.route[1]]);
    if (player.kind !== "solve" && !player.atEnd) {
      out.push(["outline", COLOURS.head, s.shapes ? "outline: the cell or passage the last event changed" : PARTS.head[1]]);
    }
    out.push(...this.shapeMarks(s));
    if (s.weight) out.push(["square", "#b0b0b0", "grey: terrain, a cell's cost to enter (road 1, grass 2, sand 3, mud 5, water 9)"]);
    return out;
  }

  // The marks of the maze's shape the board shows: seams, bridges (over the tunnels that open), stairs.
  // (Every frame: nothing here walks the maze.)
  shapeMarks(s) {
    const g = s.shapes, out = [];
    if (!g) return out;
    if (g.wraps && g.wraps.size && SEAMS[s.shape]) {
      out.push(["tri", seamColour(0), `◀ ▶ of one colour: two cells that meet across the edge (${SEAMS[s.shape]})`]);
    }
    if (g.tunnels && g.tunnels.size) {
      out.push(["rails", COLOURS.wall, "bridge: a corridor over a tunnel (dashed under it: the tunnel's sides, and a route through the tunnel)"]);
    }
    if (g.stairs && g.stairs.size) {
      out.push(["stair", STAIR_COLOUR, `▼ ▲ stairs down and up; level 1 (the top) ${firstLevelPlace(g)}`]);
    }
    return out;
  }

  // Redraw when what it shows has changed (cheap to call every frame).
  update(player) {
    const s = player.s;
    if (!s) return;
    const entries = this.entries(player);
    const layer = s.layer === "distance" && s.numTop > 0 ? `d${s.numTop}` : s.layer === "cluster" ? "c" : "";
    const routes = s.notes.some(([c]) => c === NOTE.ROUTE) ? routesOf(s) : [];
    const key = JSON.stringify([entries, layer, routes]);
    if (key === this.key) return;
    this.key = key;
    const box = this.box;
    box.replaceChildren();
    const list = el("ul", "legend-items");
    for (const [kind, colour, text] of entries) {
      const li = el("li", text.length > 40 ? "long" : "");
      li.append(swatch(colour, kind), el("span", "", text));
      list.append(li);
    }
    box.append(list);
    if (s.layer === "distance" && s.numTop > 0) box.append(this.colourBar(s.numTop - 1));
    if (s.layer === "cluster" && s.numTop > 0) {
      const li = el("li");
      const bar = el("span", "swatch-run");
      for (const k of [1, 2, 3, 4, 5]) bar.append(swatch(css(cluster(k * 7))));
      li.append(bar, el("span", "", "a colour per cluster: cells of one colour are already connected"));
      list.append(li);
    }
    if (routes.length) box.append(this.routeList(routes, s.notes));
  }

  // The heat ramp from 0 to the run's largest number, with its numbers.
  colourBar(max) {
    const wrap = el("div", "colour-bar");
    wrap.append(el("span", "bar-title", "visited: distance from S"));
    const bar = el("span", "bar");
    bar.style.background = `linear-gradient(to right, ${RAMP_CSS.join(", ")})`;
    const ticks = el("span", "bar-ticks");
    const steps = max >= 4 ? 4 : max;
    for (let k = 0; k <= steps; k++) ticks.append(el("span", "", fmt(Math.round((max * k) / Math.max(1, steps)))));
    wrap.append(bar, ticks);
    return wrap;
  }

  routeList(routes, notes) {
    const box = el("div", "routes");
    box.append(el("span", "bar-title", "routes (pointer: highlight)"));
    const table = el("ol", "route-list");
    routes.forEach((r, n) => {
      const li = el("li");
      li.dataset.route = String(n);
      li.tabIndex = 0;
      li.append(swatch(ROUTE_LINES[n % ROUTE_LINES.length], "line"),
        el("span", "", `${fmt(r.moves)} moves · turning ${r.turns === null ? "–" : `${fmt(r.turns)}°`}` +
          (n ? ` · ${Math.round(r.overlap * 100)} % shared with the first` : " · the shortest")));
      const lit = (on) => () => { this.renderer.highlight = on ? n : -1; this.renderer.s.routeChanged = true; };
      li.addEventListener("pointerenter", lit(true));
      li.addEventListener("pointerleave", lit(false));
      li.addEventListener("focus", lit(true));
      li.addEventListener("blur", lit(false));
      table.append(li);
    });
    box.append(table);
    const why = whyFewer(routes.length, notes);
    if (why) box.append(el("p", "why", why));
    return box;
  }
}

// For tests and the about page: every mark name with its colour and meaning.
export function paletteTable() {
  return { marks: Object.fromEntries(Object.entries(MARKS).map(([k, [c, t]]) => [k, { colour: c, text: t }])),
    parts: Object.fromEntries(Object.entries(PARTS).map(([k, [c, t]]) => [k, { colour: c, text: t }])),
    markNames: MARK_NAME.slice(), route: MARK.ROUTE,
    notes: Object.fromEntries(Object.entries(NOTE_TEXT).map(([k, say]) => [k, say ? say(2) : null])) };
}
