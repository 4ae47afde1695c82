// Replanning in Watch: while D* Lite's run is shown (running or paused), a press on a wall or a
// passage of the board toggles it.  The solve starts again with its `changes` option (the field
// in the solver's options, so links carry it) extended by that change at the event shown now,
// AT:A-B (the passage between cells A and B) or AT:P (a block maze's square P); the events before
// it are the same, so the run goes on from where it stands, and D* Lite repairs its route.
import { Editor } from "./edit.js";

const SLUG = "dstarlite";
const NOTE_MS = 4000;

export class Replan {
  constructor(page) {
    this.page = page;
    this.changes = 0; // changes made on the board so far (what the tests wait for)
    // A new maze: the changes were the last maze's.
    page.$("generate").addEventListener("click", () => { const f = this.field(); if (f) f.value = ""; }, true);
  }

  field() { return this.page.ui.sol.box.querySelector('[data-param="changes"]'); }

  // D* Lite's run is on the board in Watch, its events coming (not an instant run's end).
  active() {
    const { page } = this, { machine, player, ui } = page;
    return machine.mode === "watch" && ["running", "paused"].includes(machine.state) && !machine.busy &&
      player.kind === "solve" && !player.deferred && ui.ran && ui.ran.solve && ui.ran.solve.slug === SLUG &&
      ui.sol.select.value === SLUG && !!this.field();
  }

  // The change a press at e makes: [text, wall] (wall: 1 added, 0 removed), or null.
  changeAt(e) {
    const s = this.page.player.s, ed = new Editor(s, this.page.renderer, null);
    const p = ed.at(e);
    if (p < 0 || p === s.start || s.goals.includes(p)) return null;
    const k = this.page.player.cursor, now = 1 - s.wall[p];
    if (s.geometry === "block") return [`${k}:${p}`, now];
    if (ed.kind(p) !== "wall" || (s.shapes && s.shapes.tunnels.has(p))) return null;
    const W = s.width, x = p % W;
    const [a, b] = s.shapes ? s.shapes.cellsOf(p) : x % 2 ? [p - W, p + W] : [p - 1, p + 1];
    return [`${k}:${a}-${b}`, now];
  }

  down(e) {
    if (!this.active()) return false;
    const change = this.changeAt(e);
    if (!change) return false;
    const { page } = this, [text, wall] = change, k = page.player.cursor, paused = page.machine.state === "paused";
    const field = this.field();
    field.value = `${field.value.trim()} ${text}`.trim();
    page.ui.flash = { text: `wall ${wall ? "added" : "removed"} at step ${k.toLocaleString("en")} — replanning`,
      until: performance.now() + NOTE_MS };
    page.start("solve", k).then((ok) => {
      if (ok && paused && page.machine.state === "running") page.machine.send("pause");
      if (ok) this.changes++;
    });
    return true;
  }
}
