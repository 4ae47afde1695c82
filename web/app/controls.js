// Controls built from the engine's catalogue: an algorithm select per family
// and one input per parameter of the chosen algorithm (never a list of names).
import { withLang } from "../modes/explain.js";

const $ = (id) => document.getElementById(id);

export function field(param) {
  const label = document.createElement("label");
  label.className = "option";
  label.title = param.help || "";
  const name = document.createElement("span");
  name.textContent = param.name.replace(/_/g, " ");
  let input;
  if (param.type === "bool") {
    input = document.createElement("input");
    input.type = "checkbox";
    input.checked = !!param.default;
    label.classList.add("check");
  } else if (param.type === "choice") {
    input = document.createElement("select");
    for (const c of param.choices) input.add(new Option(String(c), String(c), false, c === param.default));
  } else {
    input = document.createElement("input");
    input.type = "text";
    input.inputMode = param.type === "int" ? "numeric" : param.type === "list" ? "text" : "decimal";
    input.value = param.type === "list" ? param.default.join(" ") : String(param.default);
  }
  input.dataset.param = param.name;
  label.append(name, input);
  return { label, read: () => param.type === "bool" ? input.checked
    : param.type === "choice" ? param.choices[input.selectedIndex] : input.value };
}

// One family: fills `select` with its algorithms under their groups' headings (the catalogue's
// `groups`, in order; a plugin's algorithm without a group last), each option titled with its
// one-line summary; shows the chosen algorithm's summary and options.  `algorithms` is kept in
// the options' order, so that options[i] is algorithms[i].
export class AlgorithmPicker {
  constructor(family, algorithms, defaultSlug, groups = []) {
    const order = new Map(groups.map(([key], i) => [key, i]));
    const rank = (a) => order.get(a.group) ?? groups.length;
    this.algorithms = algorithms.map((a, i) => [a, i]).sort((x, y) => rank(x[0]) - rank(y[0]) || x[1] - y[1]).map(([a]) => a);
    this.select = $(`${family}`);
    this.summary = $(`${family}-summary`);
    this.box = $(`${family}-options`);
    const headings = new Map(groups);
    let group = null, key;
    for (const a of this.algorithms) {
      if (!group || a.group !== key) {
        key = a.group;
        group = document.createElement("optgroup");
        group.label = headings.get(key) || "Other";
        this.select.append(group);
      }
      const option = new Option(a.name, a.slug);
      option.title = a.summary;
      if (/[\u3000-\u30ff\u4e00-\u9fff]/.test(a.name)) option.lang = "ja"; // a Japanese name: a Japanese font draws it
      group.append(option);
    }
    if (algorithms.some((a) => a.slug === defaultSlug)) this.select.value = defaultSlug;
    this.select.addEventListener("change", () => this.show());
    this.show();
  }

  get current() { return this.algorithms.find((a) => a.slug === this.select.value); }

  show() {
    const a = this.current;
    withLang(this.summary, a ? a.summary : "");
    this.select.title = a ? a.summary : "";
    this.fields = (a ? a.params : []).map(field);
    this.box.replaceChildren(...this.fields.map((f) => f.label));
  }

  options() {
    const out = {};
    (this.current ? this.current.params : []).forEach((p, i) => { out[p.name] = this.fields[i].read(); });
    return out;
  }
}

// The speed slider: 0..100 on a log scale from 1 event/s to 10^6; the top end is "instant".
export function speedOf(slider) {
  const v = Number(slider.value);
  return v >= Number(slider.max) ? Infinity : Math.round(10 ** (v / 100 * 6 * 100 / Number(slider.max)));
}

export function speedLabel(eps) {
  return eps === Infinity ? "instant" : `${eps.toLocaleString("en")} events/s`;
}

// Text written every frame: only when it changed (a write of the same text still costs a layout).
export const setText = (el, text) => { if (el.textContent !== text) el.textContent = text; };

// The sheet of everything beyond the strip: open or closed (the line above it says what is set).
export function showSheet(open) {
  $("sheet").hidden = !open;
  $("settings-toggle").setAttribute("aria-expanded", String(open));
  $("settings-toggle").querySelector(".more").textContent = open ? "▾ less" : "▸ more";
  if (open && matchMedia("(max-width: 760px)").matches) $("sheet").scrollTop = 0;
}

// What is set, in one line: the generator, size, seed, and the shape, mask and view when not the plain ones.
export function summarize(ui) {
  if (!ui.gen) return;
  const name = ui.gen.current ? ui.gen.current.short || ui.gen.current.name : "";
  const polar = $("shape").value === "polar";
  const parts = [name, polar ? `${$("width").value} in the first ring × ${$("height").value} rings`
    : `${$("width").value}×${$("height").value}${$("shape").value === "levels" ? `×${$("depth").value}` : ""}`,
    `seed ${$("seed").value}`];
  if ($("shape").value !== "square") parts.push($("shape").selectedOptions[0].textContent);
  if ($("mask").value) parts.push(`${$("mask").selectedOptions[0].textContent} mask`);
  if (ui.view === "block") parts.push("blocks");
  setText($("settings-summary"), parts.join(" · "));
}
