// A square's history: every event of the run that touched it (its wall, mark or number
// written, a note about it, S or G moved onto or off it), with the event's index, what
// changed (old -> new) and a link that jumps to the moment right after it.
import { BITS, MARK_NAME, NOTE, OP } from "../engine/state.js";
import { where } from "../board/status.js";

const SHOWN = 400; // rows listed; the rest are counted

// The indices of the events of `log` that touch square p, in order.
export function eventsOf(log, p) {
  const out = [], OPM = BITS.OP_MASK;
  for (const [chunk, base] of log.segments()) {
    for (let j = 0; j < chunk.length; j += 4) {
      const op = chunk[j] & OPM;
      const hit = op === OP.START || op === OP.GOAL ? chunk[j + 2] === p || chunk[j + 3] === p : chunk[j + 1] === p;
      if (hit) out.push(base + j / 4);
    }
  }
  return out;
}

const NOTE_WORD = () => Object.fromEntries(Object.entries(NOTE).map(([k, v]) => [v, k.toLowerCase().replace(/_/g, " ")]));
const markName = (m) => MARK_NAME[m] || (m ? `mark ${m}` : "none");
const number = (v) => (v > 0 ? String(v - 1) : "none");

// What event e (op, index, old, new) did to square p, in words.
export function describe(e, p) {
  const op = e[0] & BITS.OP_MASK, [, , old, value] = e;
  if (op === OP.WALL) return [value ? "wall built" : "wall opened", `${old} → ${value}`];
  if (op === OP.MARK) return ["mark", `${markName(old)} → ${markName(value)}`];
  if (op === OP.NUM) return ["number", `${number(old)} → ${number(value)}`];
  if (op === OP.START) return [value === p ? "S moved here" : "S moved away", `${old} → ${value}`];
  if (op === OP.GOAL) return [value === p ? "G moved here" : "G moved away", `${old} → ${value}`];
  return [`note: ${NOTE_WORD()[old] || old}`, `value ${value}`];
}

export class CellHistory {
  constructor(root, { player, seek, fetchAll }) {
    this.root = root;
    this.player = player;
    this.fetchAll = fetchAll;
    this.seek = seek;
    this.title = root.querySelector(".history-title");
    this.list = root.querySelector("ol");
    this.square = -1;
    this.rows = [];
    root.querySelector(".history-close").addEventListener("click", () => this.hide());
    this.list.addEventListener("click", (e) => {
      const b = e.target.closest("button[data-event]");
      if (b) this.seek(Number(b.dataset.event) + 1);
    });
  }

  // Where square p is, in the words the page uses everywhere (status.js where).
  where(p) {
    const s = this.player.s, at = where(s, p);
    if (s.shapes) return at;
    return at.startsWith("(") ? `${s.geometry === "thin" ? "cell" : "square"} ${at}` : at;
  }

  show(p) {
    const { player } = this, log = player.log;
    if (!log || p < 0) return;
    if (player.deferred) { this.fetchAll().then(() => this.show(p), () => {}); return; } // an instant run: its events first
    this.square = p;
    this.key = player.loads;
    this.shown = log.total;
    const hits = eventsOf(log, p);
    const more = log.finished ? "" : " so far (the run is still loading)";
    this.title.textContent = `${this.where(p)}: ${hits.length} event${hits.length === 1 ? "" : "s"}${more}`;
    this.rows = hits.slice(0, SHOWN).map((i) => {
      const li = document.createElement("li");
      const [what, change] = describe(log.event(i), p);
      const at = document.createElement("span"); at.className = "at"; at.textContent = `#${i.toLocaleString("en")}`;
      const w = document.createElement("span"); w.className = "what"; w.textContent = what;
      const c = document.createElement("span"); c.className = "change"; c.textContent = change;
      const go = document.createElement("button");
      go.type = "button"; go.dataset.event = String(i); go.textContent = "jump here";
      go.title = `Show the run right after event ${i}`;
      li.dataset.event = String(i);
      li.append(at, w, c, go);
      return li;
    });
    if (hits.length > SHOWN) {
      const li = document.createElement("li");
      li.className = "more"; li.textContent = `… and ${hits.length - SHOWN} more`;
      this.rows.push(li);
    }
    this.list.replaceChildren(...this.rows);
    this.root.hidden = false;
    this.at = -1;
    this.update();
  }

  hide() { this.root.hidden = true; this.square = -1; }

  // Each frame: the rows already applied (event index below the cursor) are marked as past;
  // a new run closes the list, a run that grew lists it again.
  update() {
    if (this.square < 0) return;
    const { player } = this;
    if (player.loads !== this.key) { this.hide(); return; }
    if (player.log.total !== this.shown && player.log.finished) { this.show(this.square); return; }
    if (player.cursor === this.at) return;
    this.at = player.cursor;
    for (const li of this.rows) if (li.dataset.event) li.classList.toggle("past", Number(li.dataset.event) < this.at);
  }

  hits() { return this.rows.filter((li) => li.dataset.event).map((li) => Number(li.dataset.event)); }
}
