// What the page says in words: the stats line, the notes of a run, the notice.
// Note codes come from the engine's vocabulary (NOTE, filled from the catalogue).
import { MARK, NOTE } from "../engine/state.js";

// Every number on the page is written one way: digits grouped by thousands with a comma.
// (One formatter for all: toLocaleString with options builds a new one per call, and the stats
// line is written every frame.)
const NUMBERS = new Intl.NumberFormat("en", { maximumFractionDigits: 3 });
export const fmt = (n) => NUMBERS.format(Number(n));

// A route's total turning, in whole degrees (the engine's unit on every shape: a right angle is 90,
// a hexagon's bend 60, a polar ring bends at every move).
const turning = (degrees) => `turning ${fmt(degrees)}°`;

// note name -> what it says (value: the note's value); null for notes drawn, not said.
export const NOTE_TEXT = {
  FOUND: (v) => `found in ${fmt(v)} moves`,
  NO_ROUTE: () => "no route to the goal",
  TRAPPED: () => "trapped in a loop",
  GAVE_UP: () => "gave up: the step budget ran out",
  HEURISTIC: () => "heuristic result (not exact)",
  ROUTE: (v) => `a route of ${fmt(v)} moves`,
  TURNS: (v) => turning(v),
  COST: (v) => `cost ${fmt(v / 1000)}`,
  WAYPOINT: null,
  BOUND: (v) => `searching within a cost bound of ${fmt(v / 100)}`,
  EXHAUSTED: (v) => (v === 1 ? "exactly one route joins S and G" : `no other route: ${fmt(v)} simple routes in all`),
  REPLAN: (v) => `replanned: ${fmt(v / 1000)} from the agent to G`,
};

// The first note with code `code` (the first route's, when there are several), or undefined.
const firstNote = (notes, code) => notes.find((n) => n[0] === code);

export function stats(player, elapsed) {
  const s = player.s, log = player.log;
  // A maze with no run on it (as Play or Edit left it): no counts of a run, but what to do.
  if (!player.deferred && log.finished && !log.total) return "no run to step through on this maze: Solve to watch one";
  const total = log.finished ? fmt(log.total) : `${fmt(log.total)}+`;
  const parts = [];
  if (player.kind === "solve") {
    const visited = player.visited;
    const route = s.markCount[MARK.ROUTE], found = firstNote(s.notes, NOTE.FOUND);
    // (the FOUND note counts a route that passes a square twice, as a tour through waypoints may;
    // an any-angle route's FOUND counts its straight segments, and its cost is its length)
    const moves = found ? found[1] : route - 1;
    parts.push(`${s.anyangle ? "segments" : "moves"} ${route > 0 ? fmt(moves) : "–"}`, `visited ${fmt(visited)}`);
    const cost = firstNote(s.notes, NOTE.COST), turn = firstNote(s.notes, NOTE.TURNS);
    if (cost) parts.push(`${s.anyangle ? "length" : "cost"} ${fmt(cost[1] / 1000)}`);
    if (turn) parts.push(turning(turn[1]));
  } else {
    // A generator opens passages (or, starting from an open field, builds walls).
    const what = s.geometry === "thin" ? "passages" : s.geometry === "graph" ? "cells and passages" : "squares";
    parts.push(s.opened >= 0 ? `${what} opened ${fmt(s.opened)}` : `walls built ${fmt(-s.opened)}`);
  }
  parts.push(player.deferred ? "instant (no events kept)" : `events ${fmt(player.cursor)} / ${total}`, `${elapsed.toFixed(1)} s`);
  return parts.join("  ·  ");
}

// An any-angle route (anyangle: Theta*, Lazy Theta*) is its corners joined by straight segments:
// its FOUND note counts the segments, its COST is its euclidean length between square centres.
export const anyAngleFound = (segments, cost) =>
  `found: ${fmt(segments)} straight ${segments === 1 ? "segment" : "segments"}` + (cost ? `, length ${fmt(cost[1] / 1000)}` : "");

export function describeNotes(notes, anyangle = false) {
  const out = [];
  const routes = notes.filter(([code]) => code === NOTE.ROUTE).length;
  for (const [code, value] of notes) {
    if (code === NOTE.ROUTE || code === NOTE.TURNS || code === NOTE.COST) continue; // in the stats and lists
    const name = Object.keys(NOTE).find((k) => NOTE[k] === code);
    const say = name && NOTE_TEXT[name];
    if (anyangle && code === NOTE.FOUND) out.push(anyAngleFound(value, firstNote(notes, NOTE.COST)));
    else if (say) out.push(say(value));
  }
  if (routes > 1) out.push(`${fmt(routes)} routes`);
  return out.slice(-3).join(" · ");
}

// Where square p of state s is, in the one convention of the page, the CLI and the library
// (Maze.node_xy): a cell's (x, y) counted from 0 at the top left; a thin maze's wall square is the
// wall between two cells (or on the border beside one), a post the corner between four; a shaped
// maze's cell is its number, a side the side between two of them.
export function where(s, p) {
  if (s.shapes) return p < s.shapes.n ? s.shapes.name(p) : `the side between ${s.shapes.cellsOf(p).map((c) => s.shapes.name(c)).join(" and ")}`;
  const W = s.width, x = p % W, y = (p - x) / W;
  if (s.geometry !== "thin") return `(${x}, ${y})`;
  const cell = (cx, cy) => `(${(cx - 1) / 2}, ${(cy - 1) / 2})`;
  if (x & y & 1) return cell(x, y);
  if (!(x & 1) && !(y & 1)) return `the corner post (${x / 2}, ${y / 2})`;
  const [a, b] = x & 1 ? [[x, y - 1], [x, y + 1]] : [[x - 1, y], [x + 1, y]];
  const inside = ([cx, cy]) => cx > 0 && cy > 0 && cx < W && cy < s.height;
  if (inside(a) && inside(b)) return `the wall between ${cell(...a)} and ${cell(...b)}`;
  return `the border wall of ${cell(...(inside(a) ? a : b))}`;
}

export function showNotice(message) {
  const box = document.getElementById("notice");
  document.getElementById("notice-text").textContent = message;
  box.hidden = !message;
}

// The board's text alternative: its size, S, G and the route's length.
export function describeBoard(s) {
  if (!s) return "The maze is loading.";
  if (s.shapes) {
    const route = s.markCount[MARK.ROUTE] > 0 ? "a route is shown" : "no route shown";
    return `A ${s.shape} maze of ${s.cells.toLocaleString("en")} cells; start S at ${s.shapes.name(s.start)}; ` +
      `goal G at ${s.goals.length ? s.shapes.name(s.goals[0]) : "none"}; ${route}.`;
  }
  const k = s.geometry === "thin" ? 2 : 1, W = s.width;
  const xy = (p) => (p < 0 ? "none" : `column ${(p % W - k + 1) / k + 1}, row ${((p - p % W) / W - k + 1) / k + 1}`);
  const size = k === 2 ? `${(W - 1) / 2} by ${(s.height - 1) / 2} cells` : `${W} by ${s.height} squares`;
  const route = s.markCount[MARK.ROUTE] > 0 ? `the route is ${s.markCount[MARK.ROUTE] - 1} moves long` : "no route shown";
  return `Maze of ${size}; start S at ${xy(s.start)}; goal G at ${xy(s.goals[0] ?? -1)}; ${route}.`;
}
