// Permalinks: the URL fragment holds generator + options, shape and mask, size (levels: depth), seed, solver +
// options, view (thin, block, or 3d: Play's 3D view) and speed.  A text mask travels as its rows of X and . joined by "/".  Reading a link checks every value against the catalogue; anything unknown or
// out of range becomes a problem (shown as a notice) and keeps the default.  Values from a
// link only ever reach form fields, never the page as markup.

const $ = (id) => document.getElementById(id);
const WHOLE = /^\d{1,10}$/;
const NUMBER = /^-?\d{1,12}(\.\d{1,12})?$/;
const MAX_SEED = 2 ** 32 - 1;
const SHOWN = (v) => (v.length > 24 ? `${v.slice(0, 24)}…` : v);
// The longest fragment read: the page's own links take a few hundred characters.
export const MAX_FRAGMENT = 4096;
const KEYS = new Set(["gen", "sol", "w", "h", "depth", "seed", "view", "speed", "run", "shape", "mask", "islands",
  "race", "r", "tick", "edit", "es", "eg", "ew", "eview", "cam", "orbit", "cp"]); // cam, orbit: the 3D cameras (walk3d.js, overview3d.js) // race keys: race.js (and r0. to r3., each racer's options); edit keys and cp (checkpoints): editlink.js
const PRESETS = ["circle", "heart", "ring"];
const MASK_ROWS = /^[X.]+(\/[X.]+)*$/;
const LISTED = 5; // unknown keys named in the notice; the rest are counted

// The link of what ran: `gen` and `sol` are the arguments the generate and the solve were
// started with (`sol`: the solver chosen now when no solve ran), plus today's view and speed.
export function linkOf(gen, sol, solved) {
  const out = new URLSearchParams();
  out.set("gen", gen.slug);
  for (const [k, v] of Object.entries(gen.options)) out.set(`g.${k}`, String(v));
  if (gen.shape && gen.shape !== "square") out.set("shape", gen.shape);
  if (gen.mask) {
    out.set("mask", gen.mask.preset || maskRows(gen.mask.text));
    if (gen.mask.islands === "join") out.set("islands", "join");
  }
  out.set("w", gen.width);
  out.set("h", gen.height);
  if (gen.shape === "levels" && gen.depth) out.set("depth", gen.depth);
  out.set("seed", gen.seed);
  out.set("sol", sol.slug);
  for (const [k, v] of Object.entries(sol.options)) out.set(`s.${k}`, String(v));
  out.set("view", $("walk-3d")?.getAttribute("aria-pressed") === "true" ? "3d" : $("view").value);
  out.set("speed", $("speed").value);
  if (solved) out.set("run", "solve");
  return `#${out}`;
}

// Mask text as a link's value: rows of X and . joined by "/" (blank rows around dropped).
function maskRows(text) {
  const rows = text.split(/\r?\n/);
  while (rows.length && !rows[rows.length - 1].trim()) rows.pop();
  while (rows.length && !rows[0].trim()) rows.shift();
  return rows.map((r) => r.replace(/[Xx#*]/g, "X").replace(/[^X]/g, ".") || ".").join("/");
}

// One algorithm option from a link into its field; returns a problem or "".
function setOption(picker, name, value) {
  const a = picker.current, p = a.params.find((q) => q.name === name);
  const input = p && picker.box.querySelector(`[data-param="${CSS.escape(name)}"]`);
  if (!input) return `${a.slug} has no option "${SHOWN(name)}"`;
  if (p.type === "bool") {
    if (value !== "true" && value !== "false") return `${name} must be true or false`;
    input.checked = value === "true";
  } else if (p.type === "choice") {
    const i = p.choices.map(String).indexOf(value);
    if (i < 0) return `${name} must be one of ${p.choices.join(", ")}`;
    input.selectedIndex = i;
  } else if (p.type === "list") { // (the engine checks what the list says)
    if (value.length > 2000) return `${name} is too long`;
    input.value = value;
  } else {
    const v = Number(value), whole = p.type === "int";
    if (!NUMBER.test(value) || (whole && !Number.isInteger(v)) || (p.min != null && v < p.min) ||
        (p.max != null && v > p.max)) {
      return `${name} must be a${whole ? " whole" : ""} number from ${p.min ?? "-∞"} to ${p.max ?? "∞"}`;
    }
    input.value = value;
  }
  return "";
}

// The shape, mask and islands of a link into their fields (none given: square, no mask); a problem or "".
function applyShape(params) {
  const shape = params.get("shape") ?? "square", mask = params.get("mask"), islands = params.get("islands");
  let problem = "";
  if ([...$("shape").options].some((o) => o.value === shape)) $("shape").value = shape;
  else problem = `shape must be one of ${[...$("shape").options].map((o) => o.value).join(", ")}`;
  $("mask-join").checked = islands === "join";
  if (islands !== null && islands !== "join" && islands !== "error") problem ||= "islands must be join or error";
  if (mask === null) $("mask").value = "";
  else if (PRESETS.includes(mask)) $("mask").value = mask;
  else if (MASK_ROWS.test(mask)) { $("mask").value = "text"; $("mask-text").value = mask.split("/").join("\n"); }
  else { $("mask").value = ""; problem ||= `mask must be ${PRESETS.join(", ")} or rows of X and . joined by /`; }
  return problem;
}

// Applies the fragment to the controls; returns { problems: [...], solve: whether a solve ran too }.
// `showShape(ui)`: the page's dropdowns brought in line with the shape and mask just read (app/shapepick.js).
export function applyLink(hash, ui, showShape) {
  const fragment = hash.replace(/^#/, "");
  if (fragment.length > MAX_FRAGMENT) {
    return { problems: [`the link is ${fragment.length.toLocaleString("en")} characters long; ` +
      `links over ${MAX_FRAGMENT.toLocaleString("en")} characters are not read`], solve: false };
  }
  let params;
  try { params = new URLSearchParams(hash.replace(/^#/, "")); } catch { params = new URLSearchParams(); }
  const problems = [];
  const bad = (what) => { if (what) problems.push(what); };
  if (![...params.keys()].length) return { problems, solve: false };
  const unknown = [...new Set(params.keys())].filter((k) => !KEYS.has(k) && !/^(?:[gs]|r[0-3])\./.test(k));
  if (unknown.length) {
    const named = unknown.slice(0, LISTED).map((k) => `"${SHOWN(k)}"`).join(", ");
    const more = unknown.length > LISTED ? ` and ${unknown.length - LISTED} more` : "";
    bad(`unknown key${unknown.length > 1 ? "s" : ""} ${named}${more}`);
  }
  bad(applyShape(params));
  showShape(ui);
  for (const [key, picker, family] of [["gen", ui.gen, "generator"], ["sol", ui.sol, "solver"]]) {
    const slug = params.get(key);
    if (slug === null) continue;
    if (!picker.algorithms.some((a) => a.slug === slug)) { bad(`unknown ${family} "${SHOWN(slug)}"`); continue; }
    const i = picker.algorithms.findIndex((a) => a.slug === slug);
    if (picker.select.options[i].disabled) { bad(`${family} "${slug}" does not work on this shape or mask`); continue; }
    picker.select.value = slug;
    picker.select.dispatchEvent(new Event("change"));
  }
  for (const [k, v] of params) {
    const m = /^([gs])\.(.+)$/.exec(k);
    if (m) bad(setOption(m[1] === "g" ? ui.gen : ui.sol, m[2], v));
  }
  const gen = ui.gen.current, max = ui.catalogue.max_size;
  for (const [k, id, lo, hi] of [["w", "width", gen.min_size, max], ["h", "height", gen.min_size, max],
    ["depth", "depth", 1, 2000], ["seed", "seed", 0, MAX_SEED], ["speed", "speed", 0, Number($("speed").max)]]) {
    const v = params.get(k);
    if (v === null) continue;
    if (!WHOLE.test(v) || Number(v) < lo || Number(v) > hi) { bad(`${id} must be a whole number from ${lo} to ${hi}`); continue; }
    $(id).value = v;
  }
  const view = params.get("view");
  if (view !== null) {
    if (view === "thin" || view === "block") $("view").value = view; else if (view !== "3d") bad(`view must be thin, block or 3d`);
  }
  $("view").dispatchEvent(new Event("change"));
  $("speed").dispatchEvent(new Event("input"));
  // threeD: the 3D view (Play walking inside) asked for or not (null: the link does not say)
  return { problems, solve: params.get("run") === "solve", threeD: view === null ? null : view === "3d" };
}
