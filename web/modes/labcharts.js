// The Lab's results drawn with uPlot: a histogram per algorithm (overlaid steps) and a box plot per
// algorithm (quartile box, median line, min-max whiskers, mean dot) of one figure, and the table of
// its spread beside the measured dead-end share and Pullen's published one.
import uPlot from "../uplot.esm.js";

// Walter D. Pullen, "Think Labyrinth: Maze Algorithms": the share of cells that are dead ends, in %.
export const PULLEN = { dig: 10, kruskal: 30, prim: 30, wilson: 29, aldous: 29, eller: 28, sidewinder: 27,
  binary: 25, division: 23, hunt: 11 };
const COLOURS = ["#4f46e5", "#dc2626", "#059669", "#d97706", "#0891b2", "#9333ea", "#65a30d", "#db2777"];
const HEIGHT = 220;
const colour = (i) => COLOURS[i % COLOURS.length];
const label = (name) => name.replace(/_/g, " ");

// Bin edges for `values`: one bin per whole number when they are whole and few, else 30 equal bins.
function edges(values) {
  const lo = Math.min(...values), hi = Math.max(...values);
  if (values.every(Number.isInteger) && hi - lo < 40) return Array.from({ length: hi - lo + 2 }, (_, i) => lo + i);
  const width = hi > lo ? (hi - lo) / 30 : 1;
  return Array.from({ length: 31 }, (_, i) => lo + i * width);
}

function counts(values, xs) {
  const out = new Array(xs.length).fill(0), step = xs[1] - xs[0];
  for (const v of values) out[Math.min(xs.length - 2, Math.floor((v - xs[0]) / step + 1e-9))] += 1;
  return out; // the last entry stays 0: the right edge of the last bin
}

export class Charts {
  constructor(hist, box) {
    Object.assign(this, { hist, box, plots: [] });
    new ResizeObserver(() => { for (const p of this.plots) p.setSize({ width: this.width(p.root.parentElement), height: HEIGHT }); })
      .observe(hist);
  }

  width(el) { return Math.max(200, el.clientWidth - 14); } // inside the box's padding

  clear() {
    for (const p of this.plots) p.destroy();
    this.plots = [];
  }

  // names(slug): the label an algorithm goes by on the axes and in the legend.
  draw(records, summary, name, names = (slug) => slug) {
    this.clear();
    const algos = Object.keys(summary);
    const by = algos.map((a) => records.filter((r) => r.algorithm === a && r[name] != null).map((r) => r[name]));
    const all = by.flat();
    if (!all.length) return;
    const xs = edges(all);
    this.plots.push(new uPlot({
      width: this.width(this.hist), height: HEIGHT, title: `${label(name)}: how many mazes in each range`,
      legend: { live: false },
      scales: { x: { time: false } },
      axes: [{ label: label(name) }, { label: "mazes" }],
      series: [{ label: label(name) }, ...algos.map((a, i) => ({ label: names(a), stroke: colour(i), width: 2,
        fill: `${colour(i)}22`, paths: uPlot.paths.stepped({ align: 1 }), points: { show: false } }))],
    }, [xs, ...by.map((v) => counts(v, xs))], this.hist));
    const stats = algos.map((a) => summary[a][name]);
    const lo = Math.min(...stats.map((s) => s.min)), hi = Math.max(...stats.map((s) => s.max));
    const pad = (hi - lo) * 0.08 || 1;
    this.plots.push(new uPlot({
      width: this.width(this.box), height: HEIGHT, title: `${label(name)}: spread per algorithm`,
      legend: { show: false },
      scales: { x: { time: false, range: [-0.5, algos.length - 0.5] }, y: { range: [lo - pad, hi + pad] } },
      axes: [{ incrs: [1], values: (u, splits) => splits.map((i) => (algos[i] === undefined ? "" : names(algos[i]))) }, { label: label(name) }],
      series: [{}, { label: "median", paths: () => null, points: { show: false } }],
      hooks: { draw: [(u) => this.boxes(u, stats)] },
    }, [algos.map((_, i) => i), stats.map((s) => s.median)], this.box));
  }

  // One box per algorithm, drawn on the plot's canvas in its own scales.
  boxes(u, stats) {
    const { ctx } = u, X = (v) => u.valToPos(v, "x", true), Y = (v) => u.valToPos(v, "y", true);
    const half = Math.min(40, (X(1) - X(0)) * 0.3) * devicePixelRatio;
    ctx.save();
    stats.forEach((s, i) => {
      const x = X(i);
      ctx.strokeStyle = colour(i);
      ctx.fillStyle = `${colour(i)}33`;
      ctx.lineWidth = 2 * devicePixelRatio;
      ctx.beginPath();
      ctx.moveTo(x, Y(s.min)); ctx.lineTo(x, Y(s.q1)); ctx.moveTo(x, Y(s.q3)); ctx.lineTo(x, Y(s.max));
      for (const v of [s.min, s.max]) { ctx.moveTo(x - half / 2, Y(v)); ctx.lineTo(x + half / 2, Y(v)); }
      ctx.stroke();
      ctx.fillRect(x - half, Y(s.q3), 2 * half, Y(s.q1) - Y(s.q3));
      ctx.strokeRect(x - half, Y(s.q3), 2 * half, Y(s.q1) - Y(s.q3));
      ctx.beginPath(); ctx.moveTo(x - half, Y(s.median)); ctx.lineTo(x + half, Y(s.median)); ctx.stroke();
      ctx.fillStyle = colour(i);
      ctx.beginPath(); ctx.arc(x, Y(s.mean), 3.5 * devicePixelRatio, 0, 2 * Math.PI); ctx.fill();
    });
    ctx.restore();
  }

  // The spread of `name` per algorithm, beside the dead-end share measured and Pullen's.
  table(el, summary, name, names = (slug) => slug) {
    const cols = ["algorithm", "mazes", "mean", "sd", "min", "q1", "median", "q3", "max", "dead ends %", "Pullen %"];
    const head = document.createElement("tr");
    head.append(...cols.map((c) => Object.assign(document.createElement("th"), { textContent: c, scope: "col" })));
    const fmt = (v) => (v == null ? "—" : Number.isInteger(v) ? String(v) : v.toFixed(Math.abs(v) < 10 ? 4 : 2));
    const rows = Object.entries(summary).map(([algo, f], i) => {
      const s = f[name], tr = document.createElement("tr");
      const share = f.dead_end_share.mean;
      const cells = [names(algo), f.mazes, ...["mean", "sd", "min", "q1", "median", "q3", "max"].map((k) => fmt(s[k])),
        share == null ? "—" : (100 * share).toFixed(1), PULLEN[algo] ?? "—"];
      tr.append(...cells.map((c) => Object.assign(document.createElement("td"), { textContent: String(c) })));
      tr.firstChild.style.color = colour(i);
      return tr;
    });
    const caption = Object.assign(document.createElement("caption"), { textContent: `${label(name)} per maze` });
    el.replaceChildren(caption, Object.assign(document.createElement("thead"), {}), document.createElement("tbody"));
    el.tHead.append(head);
    el.tBodies[0].append(...rows);
  }
}
