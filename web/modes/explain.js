// The explanation panel: the chosen algorithm's steps (its docstring, from the
// catalogue), a link to its source file (served with the site under src/), and
// the step being shown, in words, from the event at the cursor and the maze's
// coordinates ("expanding (12, 7), distance 23").
import { BITS, MARK_NAME, OP } from "../engine/state.js";
import { where } from "../board/status.js";

// What a mark means a step is doing, by mark name (the vocabulary arrives with the catalogue).
const DOING = { current: "at", stack: "pushing", frontier: "queueing", visited: "expanding", route: "route through",
  frontier2: "queueing (from G)", visited2: "expanding (from G)", filled: "filling", route2: "another route through",
  dead: "marking dead end", scanned: "scanning", jump: "jump point at" };
const NOTES = { 1: (v) => `goal reached: ${v} moves`, 2: () => "no route to the goal", 3: () => "trapped in a loop",
  4: () => "gave up", 5: () => "the result is a heuristic", 6: (v) => `a route of ${v} moves`,
  7: (v) => `turning: ${v}°`, 8: (v) => `cost ${v}`, 9: (v) => `done: ${v} passages opened` };

// Japanese words in a text marked as such (lang="ja"), so that a Japanese font draws them; the
// docstrings' ``literals`` (reStructuredText's code) as code, without their backticks.
export function withLang(el, text) {
  el.replaceChildren(...text.split(/``(.+?)``/).flatMap((chunk, k) => {
    if (k % 2) {
      const code = document.createElement("code");
      code.textContent = chunk;
      return [code];
    }
    return chunk.split(/([\u3000-\u30ff\u4e00-\u9fff]+)/).map((part, i) => {
      if (!(i % 2)) return document.createTextNode(part);
      const span = document.createElement("span");
      span.lang = "ja";
      span.textContent = part;
      return span;
    });
  }));
}

export class Explainer {
  constructor(box) {
    this.box = box;
    this.stepText = "";
    this.seen = -1;
  }

  // The panel for `algorithm` (a catalogue entry); `header`: the run's header when one started.
  show(algorithm, header) {
    if (!this.box || !algorithm) return;
    this.algorithm = algorithm;
    withLang(this.box.querySelector(".explain-name"), algorithm.name);
    const doc = this.box.querySelector(".explain-doc");
    doc.replaceChildren(...(algorithm.doc || algorithm.summary).split(/\n\s*\n/).map((para) => {
      const p = document.createElement("p");
      withLang(p, para.replace(/\s*\n\s*(?!\d+\.\s)/g, " ")); // numbered steps keep their own lines
      return p;
    }));
    const link = this.box.querySelector(".explain-source");
    link.href = `src/${algorithm.source || ""}`;
    link.textContent = algorithm.source || "";
    link.hidden = !algorithm.source;
    this.header = header;
    this.seen = -1;
    this.setStep(header ? "at the beginning" : "");
  }

  setStep(text) {
    this.stepText = text;
    const el = this.box && this.box.querySelector(".explain-step");
    if (el && el.textContent !== text) el.textContent = text;
  }

  // An instant run shown at its end (its events were never sent).
  atInstantEnd() { this.setStep("at the end (instant: the steps are made again when you step back)"); }

  // The step at the player's cursor (the last event applied), in words.
  step(player) {
    if (!player.log || player.cursor === this.seen) return;
    this.seen = player.cursor;
    if (player.cursor === 0) return this.setStep("at the beginning");
    const s = player.s, [code, p, , value] = player.log.event(player.cursor - 1), op = code & BITS.OP_MASK;
    const at = (q) => where(s, q);
    const dist = s.num[p] > 0 && s.layer === "distance" ? `, distance ${s.num[p] - 1}` : "";
    let text;
    if (op === OP.MARK) text = value ? `${DOING[MARK_NAME[value]] || "marking"} ${at(p)}${dist}` : `clearing ${at(p)}`;
    else if (op === OP.WALL) text = `${value ? "closing" : "opening"} ${at(p)}`;
    else if (op === OP.NUM) text = s.layer === "distance" ? `${at(p)} is at distance ${value - 1}` : `numbering ${at(p)}: ${value}`;
    else if (op === OP.START) text = `moving S to ${at(value)}`;
    else if (op === OP.GOAL) text = `moving G to ${at(value)}`;
    else if (op === OP.NOTE) text = (NOTES[player.log.event(player.cursor - 1)[2]] || (() => "a note"))(value);
    else text = "";
    this.setStep(`step ${player.cursor.toLocaleString("en")}: ${text}`);
  }
}
