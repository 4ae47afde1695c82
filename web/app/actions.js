// The page's controls bound to what they do: every button's action (one table, which the keys use
// too through press), and the dropdowns', fields' and sliders' changes.
import { showSheet, speedLabel, speedOf, summarize } from "./controls.js";
import { maskFromPicture, showShape } from "./shapepick.js";
import { showNotice } from "../board/status.js";

// `page`: main.js's parts, all made (the machine, the player, the modes, the 3D views, race, the
// animation dialog, run.js's and transport.js's calls, the 3D toggles and copyLink).
// Returns press(control): the control's action when it is enabled (false when not).
export function bindActions(page) {
  const { $, ui, machine, player, renderer, modes, view3d, overview, race, explainer, animation,
    start, run, transport, randomWeights, switchMode, newSeed, layout, toggle3d, toggleOverview, copyLink } = page;

  const actions = {
    generate: () => start("generate"),
    solve: () => start("solve"),
    play: run,
    pause: () => machine.send("pause"),
    step: () => transport(() => player.step()),
    back: () => transport(async () => player.back()),
    next: () => transport(() => player.nextMilestone()),
    prev: () => transport(async () => player.prevMilestone()),
    reset: () => transport(async () => player.seek(0)),
    "random-weights": randomWeights,
    "copy-link": () => copyLink(),
    "copy-embed": () => copyLink(true),
    "settings-toggle": () => showSheet($("sheet").hidden),
    "sheet-close": () => showSheet(false),
    "mode-watch": () => switchMode("watch"),
    "mode-code": () => machine.show(machine.view === "code" ? "watch" : "code"), // (a toggle, in the sheet)
    "mode-lab": () => machine.show("lab"),
    "lab-back": () => machine.show("watch"),
    "mode-race": () => machine.show("race"),
    "mode-play": () => switchMode("play"),
    "mode-edit": () => switchMode("edit"),
    "walk-reset": () => { if (machine.mode === "play") { modes.play.walk.reset(); modes.play.showStairs(); } },
    "walk-upstairs": () => { if (machine.mode === "play") modes.play.go("upstairs"); },
    "walk-downstairs": () => { if (machine.mode === "play") modes.play.go("downstairs"); },
    "walk-new": () => switchMode("play", true),
    "walk-3d": toggle3d,
    "overview-3d": () => toggleOverview(!overview.active),
    "walk-left": () => { if (view3d.active && !machine.busy) view3d.turn(-1); },
    "walk-right": () => { if (view3d.active && !machine.busy) view3d.turn(1); },
    "walk-forward": () => { if (view3d.active && !machine.busy) view3d.step(1); },
    "walk-back": () => { if (view3d.active && !machine.busy) view3d.step(-1); },
    "edit-clear": () => modes.edit.act("clear"),
    "edit-undo": () => modes.edit.act("undo"),
    "edit-redo": () => modes.edit.act("redo"),
    "edit-blocks": () => switchMode("edit", true),
    "new-seed": newSeed,
    "animate-open": () => { if (player.log) animation.open(renderer.canvas); },
    "notice-close": () => showNotice(""),
  };
  for (const [id, act] of Object.entries(actions)) $(id).addEventListener("click", act);
  const press = (control) => {
    const b = $(control);
    // (a mode asked for while Play's solve is being shown again follows it: run.js switchMode)
    if (!b || b.disabled && !(ui.restoring && control.startsWith("mode-"))) return false;
    actions[control]();
    return true;
  };

  $("walk-snap").checked = view3d.snap;
  $("walk-snap").addEventListener("change", (e) => { view3d.snap = e.target.checked; });
  $("edit-brush").addEventListener("change", (e) => { if (modes.edit.editor) modes.edit.editor.brush = Number(e.target.value); });
  $("view").addEventListener("change", (e) => { ui.view = e.target.value; layout(); race.layout(); });
  // A new shape makes a maze of that shape at once (the board must match the dropdown); in Race and
  // Lab the next race or batch takes it.
  $("shape").addEventListener("change", () => {
    showShape(ui);
    if (machine.view === "watch" || machine.view === "code") press("generate");
  });
  $("mask").addEventListener("change", () => showShape(ui));
  $("mask-file").addEventListener("change", (e) => { if (e.target.files[0]) maskFromPicture(e.target.files[0], showNotice); });
  $("mask-text").addEventListener("drop", (e) => {
    const file = [...e.dataTransfer.files].find((f) => f.type.startsWith("image/"));
    if (!file) return;
    e.preventDefault();
    e.stopPropagation();
    maskFromPicture(file, showNotice);
  });
  $("speed").addEventListener("input", () => { $("speed-value").textContent = speedLabel(speedOf($("speed"))); });
  $("speed-value").textContent = speedLabel(speedOf($("speed")));
  $("generator").addEventListener("change", () => explainer.show(ui.gen.current, null));
  $("solver").addEventListener("change", () => explainer.show(ui.sol.current, null));
  for (const id of ["width", "height", "depth", "seed", "mask-text"]) $(id).addEventListener("input", () => summarize(ui));
  return press;
}
