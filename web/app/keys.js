// The page's keys: the shortcuts (g, s, p, e, h, Escape; Enter in the size and seed fields), handed
// to the view and the input mode first, and the board's focus after a dropdown's choice.
import { showSheet } from "./controls.js";
import { setupZoom } from "../board/zoom.js";

// `page`: main.js's parts (the machine, the player, the renderer, the board, the modes, race, the
// square's history, and press, which clicks a control when it is enabled).
export function setupKeys(page) {
  const { $, ui, machine, player, renderer, board, modes, race, cellHistory } = page;

  // After a choice from any dropdown with the pointer the board takes the focus back, so that the
  // shortcuts work at once; a choice made with the keys (↑ ↓ on the focused dropdown) keeps the focus
  // where the keys are.
  let keyedSelect = null;
  document.addEventListener("keydown", (e) => { keyedSelect = e.target instanceof HTMLSelectElement ? e.target : null; }, true);
  document.addEventListener("pointerdown", () => { keyedSelect = null; }, true);
  document.addEventListener("change", (e) => {
    if (e.target instanceof HTMLSelectElement && e.target !== keyedSelect) board.focus({ preventScroll: true });
  });

  const zoomKey = setupZoom(board, renderer, () => ui.mode === modes.watch);

  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && !$("sheet").hidden && matchMedia("(max-width: 760px)").matches) { showSheet(false); return; }
    // Enter in the size or seed fields makes that maze (the board must show what the fields say).
    if (e.key === "Enter" && ["width", "height", "seed"].includes(e.target.id)) {
      e.preventDefault();
      page.press("generate");
      return;
    }
    if (e.target.closest("input, select, textarea, [contenteditable]")) return;
    if (machine.view === "lab") { if (e.key === "Escape") machine.show("watch"); return; }
    if (machine.view === "race" && race.key(e)) { e.preventDefault(); return; }
    if (ui.mode.key(e) || zoomKey(e)) { e.preventDefault(); return; }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "h" && machine.mode === "watch" && player.log) { cellHistory.show(player.s.head); e.preventDefault(); return; }
    const key = { p: "mode-play", e: "mode-edit", Escape: "mode-watch", g: "generate", s: "solve" }[e.key]
      || { G: "generate", S: "solve" }[e.key];
    if (key && page.press(key)) e.preventDefault();
  });
}
