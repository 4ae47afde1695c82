// What the page shows as time passes: the controls brought in line with the machine at every change
// (refresh), and the animation loop (frame): the run played at the chosen speed (or at once, in the
// engine), the board, the timeline, the 3D views, the stats and message lines drawn each frame.
import { setText, speedOf, summarize } from "./controls.js";
import { describeBoard, showNotice } from "../board/status.js";
import { makeState } from "../engine/state.js";

const DONE_PAINT_MS = 30; // a repaint's share of a frame when nothing runs (under the 50 ms of a long task)

// `page`: main.js's parts, all made (the machine, the player, the engine, the board and its
// panels, the modes, the code mode, the 3D views, run.js's, recycle.js's and address.js's calls).
export function makeLoop(page) {
  const { $, ui, machine, player, engine, board, renderer, legend, metrics, explainer, timeline, cellHistory,
    code, modes, view3d, overview, toggleOverview, setOrigin, recycle, recycling, finished, layout } = page;

  // The controls after every change of the machine (its onChange): enabled as the state and the
  // cursor allow, the play button as run or replay, the mode buttons, the walk and edit bars.
  function refresh(state = machine.state) {
    if (state === "done") metrics.done(player.loads, player.s.width * player.s.height);
    document.body.classList.toggle("busy", machine.busy);
    const mode = modes[machine.mode];
    if (mode !== ui.mode) { ui.mode.exit(); ui.mode = mode; }
    const has = !!player.log, atStart = !has || (player.cursor === 0 && !player.deferred), atEnd = has && player.atEnd;
    // a maze with no run on it (as Play or Edit left it): nothing to play or replay (board/status.js says so)
    const noRun = has && !player.deferred && player.log.finished && !player.log.total;
    const off = { play: noRun,
      generate: !ui.catalogue, solve: !has, pause: false, step: atEnd, next: atEnd, back: atStart, prev: atStart,
      reset: atStart, settings: !ui.catalogue, maze: !player.s, seek: !has,
    };
    for (const el of document.querySelectorAll("[data-control]")) {
      const c = el.dataset.control;
      el.disabled = !machine.allows(c) || !!off[c];
    }
    textExports();
    // The play button is the transport's (small, beside back and forward): at a run's end it replays
    // it; Generate and Solve are the main actions.
    const replay = atEnd && state === "done" && !noRun;
    setText($("play"), replay ? "↺" : "▶");
    $("play").title = noRun ? "No run to play on this maze: Solve to watch one"
      : replay ? "Replay this run from its start (space)" : "Run the animation (space)";
    $("play").setAttribute("aria-label", noRun ? "No run to play: Solve to watch one" : replay ? "Replay the run" : "Run");
    summarize(ui);
    $("play").hidden = state === "running";
    $("pause").hidden = state !== "running";
    for (const m of ["watch", "play", "edit", "race", "lab", "code"]) $(`mode-${m}`).setAttribute("aria-pressed", String(m === machine.pressed));
    $("walkbar").hidden = mode.name !== "play";
    $("editbar").hidden = mode.name !== "edit";
    const editor = mode === modes.edit ? modes.edit.editor : null;
    $("edit-undo").disabled = !editor || machine.busy || !editor.undos.length;
    $("edit-redo").disabled = !editor || machine.busy || !editor.redos.length;
    $("edit-blocks").hidden = !editor || !editor.thin;
  }

  // The text exports a maze of another shape cannot take (pymaze.gridtext.shape_text): off, and
  // their title says what it is written as; thin draws the shapes on a square grid, to read.
  function textExports() {
    const shape = player.s && player.s.shapes ? player.s.shape : null;
    for (const f of ["block", "thin", "mazelib", "matrix", "box"]) {
      const b = $(`export-${f}`);
      if (b.dataset.title === undefined) b.dataset.title = b.title;
      const drawn = f === "thin" && (ui.catalogue?.text_shapes || []).includes(shape);
      if (shape && !drawn) b.disabled = true;
      b.title = !shape ? b.dataset.title : drawn ? "The maze as thin-wall text to read (not to import)"
        : `Square mazes only: export this ${shape} maze as JSON, SVG or PNG`;
    }
  }

  // The board while the engine loads: the maze's frame and cells at the size it will have.
  function blankBoard() {
    const hash = new URLSearchParams(location.hash.replace(/^#/, ""));
    const side = (key, id) => Math.max(1, Math.min(250, Number(hash.get(key) || $(id).value) || 10));
    const W = 2 * side("w", "width") + 1, H = 2 * side("h", "height") + 1;
    const wall = new Uint8Array(W * H).map((_, p) => Number(!((p % W) & 1 && ((p - (p % W)) / W) & 1)));
    return makeState({ width: W, height: H, geometry: "thin", layer: null, kind: "generator", start: -1, goals: [],
      weights: null }, wall, new Uint8Array(W * H), new Int32Array(W * H));
  }

  // What the message line says while an instant run is under way in the engine.
  const instantText = () => `${player.header.name} is running in the engine at speed "instant" (no steps drawn); ` +
    `the ${player.kind === "solve" ? "route" : "maze"} appears when it ends.`;

  // The instant path (player.finishInstant); a run that cannot end so plays its batches.
  function instantRun() {
    const loads = player.loads;
    ui.instant = player.finishInstant().then((done) => {
      if (done && loads === player.loads) explainer.atInstantEnd();
    }, (err) => showNotice(err.message)).finally(() => { ui.instant = null; });
  }

  let last = performance.now();
  function frame(now) {
    const dt = Math.min(0.25, (now - last) / 1000);
    last = now;
    if (machine.state === "running" && player.log) {
      const speed = ui.instantLoad === player.loads ? Infinity : speedOf($("speed"));
      // Instant: the engine runs the whole run without events and sends its end in one transfer.
      if (speed === Infinity && !player.instantTried && !player.cursor) instantRun();
      else if (!ui.instant) player.play(dt, speed);
      ui.elapsed += dt;
      if (player.atEnd && machine.send("finish")) {
        if (!player.deferred) explainer.step(player); // (the last frame's last step: the panel said its first)
        finished();
      }
    }
    if (player.log) {
      player.snaps.build(player.log);
      timeline.update();
      cellHistory.update();
    }
    code.frame();
    if (player.s) {
      // A run's end (an instant run's board) is drawn in a few long frames rather than many short ones.
      renderer.frame(machine.mode === "play" || machine.state === "running" || machine.state === "paused",
        machine.state === "done" && machine.mode === "watch" ? DONE_PAINT_MS : undefined);
      if (view3d.active) { view3d.minimap(renderer); view3d.frame(now); }
      if (overview.active && (machine.mode !== "watch" || machine.view === "race" || machine.view === "lab")) toggleOverview(false);
      if (overview.active) overview.frame();
      // The address bar follows the 3D camera (at most four times a second: browsers limit replaceState),
      // unless another link was put there meanwhile (a pasted link, before its hashchange opens it).
      const camera = view3d.active ? view3d.cameraParam() : overview.active ? overview.cameraParam() : "";
      if (camera !== (ui.camera ?? "") && ui.origin && machine.view !== "race" && location.hash === ui.written && now - (ui.cameraAt ?? 0) > 250) {
        ui.cameraAt = now;
        setOrigin();
      }
      legend.update(player);
      setText($("stats"), ui.mode.status());
      setText($("message"), engine.fresh || engine.booting ? recycling() : ui.instant ? instantText() : ui.mode.message(now));
      recycle().catch(() => {}); // (a dead engine says so itself)
      const alt = describeBoard(player.s);
      if (board.getAttribute("aria-label") !== alt) board.setAttribute("aria-label", alt);
      if (machine.state === "running") explainer.step(player);
      else refresh();
    } else if (ui.blank) renderer.frame(false);
    requestAnimationFrame(frame);
  }

  // The blank board drawn at once, and the loop started.
  function startLoop() {
    ui.blank = blankBoard();
    layout();
    requestAnimationFrame(frame);
  }

  return { refresh, startLoop };
}
