// The metrics panel: the figures of a finished run's maze (pymaze.stats, from the worker),
// asked for once per run; mazes above AUTO squares get a button instead, because measuring
// them takes the engine seconds that would hold up the next click.  textContent only.
const ROWS = [["cells", "cells"], ["dead ends", (m) => `${m.dead_ends} (${(100 * m.dead_end_share).toFixed(1)} %)`],
  ["junctions", "junctions"], ["corridors", "corridors"], ["longest straight", "longest_straight"],
  ["solution", (m) => (m.solution_length == null ? "no route" : `${m.solution_length} moves`)],
  ["routes", (m) => `${m.routes}${m.routes_capped ? "+" : ""}`], ["perfect", (m) => (m.perfect ? "yes" : "no")]];

const AUTO = 601 * 601; // squares: about 300 x 300 cells
const SETTLE_MS = 200;   // how long a finished run's figures wait for a next run to claim the engine first
const RETRIES = 150;     // asks a moment apart while the engine is busy with the run (30 s)

export class MetricsPanel {
  // `measure()` resolves to the current run's metrics; `current()` is the page's run number now.
  constructor(dl, measure, current) {
    Object.assign(this, { dl, measure, current, run: null });
  }

  // The run numbered `run`, of `squares` squares, is done: measure it (a moment later, so that a run
  // started at once, as the first visit's solve after its generate, goes to the engine first), or offer to.
  done(run, squares) {
    if (this.run === run) return;
    this.run = run;
    if (squares <= AUTO) return this.later(run);
    const ask = document.createElement("button");
    ask.type = "button";
    ask.id = "metrics-ask";
    ask.textContent = "Metrics (a big maze: this takes a few seconds)";
    ask.addEventListener("click", () => {
      ask.disabled = true;
      ask.textContent = "Measuring…";
      this.show(run);
    });
    this.dl.replaceChildren(ask);
    this.dl.hidden = false;
  }

  // Measure run `run` a moment from now, if it is still the one shown then (`tries`: see show).
  later(run, tries = 0) {
    setTimeout(() => { if (this.current() === run) this.show(run, tries); }, SETTLE_MS);
  }

  // A new run began: the last maze's figures go.
  hide() { this.dl.hidden = true; }

  // `tries`: asks refused so far. The engine refuses while it is making the run's events again (a
  // step back after an instant run): the figures are asked again a moment later, while the run is shown.
  async show(run, tries = 0) {
    let metrics;
    try {
      ({ metrics } = await this.measure());
    } catch (err) {
      if (tries < RETRIES) this.later(run, tries + 1);
      return; // (a new run asks for its own)
    }
    if (this.current() !== run) return;
    this.dl.replaceChildren(...ROWS.map(([label, key]) => {
      const pair = document.createElement("div"), dt = document.createElement("dt"), dd = document.createElement("dd");
      dt.textContent = label;
      dd.textContent = typeof key === "function" ? key(metrics) : String(metrics[key]);
      pair.append(dt, dd);
      return pair;
    }));
    this.dl.hidden = false;
  }
}
