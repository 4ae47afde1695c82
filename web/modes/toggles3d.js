// The 3D views' toggles: Play's walk inside the maze (walk3d.js) and Watch's overview
// (overview3d.js) opened or closed, and the buttons and the address bar after them.

// `page`: main.js's parts (ui, the machine, the player, the renderer, the board, the modes, both 3D views).
export function makeToggles3D(page) {
  const { $, ui, machine, player, renderer, board, modes, view3d, overview } = page;
  const setOrigin = () => page.setOrigin(); // (io/address.js's, given to the page after these)

  // Play's 3D view on or off (the toggle); the link says which (view=3d).
  async function toggle3d() {
    if (machine.busy) return;
    view3d.wanted = !view3d.wanted;
    if (view3d.wanted && machine.mode === "play") await view3d.open(modes.play.walk);
    else view3d.close();
    show3d();
    board.focus({ preventScroll: true });
  }

  // Watch's 3D overview on or off (in Watch only).
  async function toggleOverview(on) {
    if (on && machine.mode === "watch" && player.s) await overview.open(renderer);
    else overview.close();
    $("overview-3d").setAttribute("aria-pressed", String(overview.active));
    if (ui.origin && machine.view !== "race") setOrigin();
    return overview.active;
  }

  // The toggle, the 3D buttons and the address bar after the 3D view opened or closed.
  function show3d() {
    $("walk-3d").setAttribute("aria-pressed", String(view3d.wanted));
    $("walk-pad").hidden = !view3d.active;
    if (modes.play.walk) {
      $("walk-hint").textContent = view3d.active ? "↑ ↓ or W S step, ← → or A D turn · swipe sideways to turn, up or a tap to step"
        + (modes.play.walk.s.shape === "levels" ? " · PageUp / PageDown or < > take a stair (▲ ▼)" : "") : modes.play.walk.keys();
    }
    $("walk-snap").checked = view3d.snap;
    if (ui.origin) setOrigin();
  }

  return { toggle3d, toggleOverview, show3d };
}
