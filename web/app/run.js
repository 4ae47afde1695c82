// The runs: a generate or a solve started in the worker and shown (one busy task at a time, its
// arguments read from the controls); an imported, edited or Lab-opened maze made the current one;
// the input modes entered; the board laid out for the maze shown.
import { maskSpec, showShape } from "./shapepick.js";
import { showNotice } from "../board/status.js";

// `page`: main.js's parts (ui, the machine, the player, the engine, the board, the renderer, the
// metrics panel and the explainer; the modes, setOrigin and keepBase are read from it when called).
export function makeRun(page) {
  const { $, ui, machine, player, engine, board, renderer, metrics, explainer } = page;
  const setOrigin = (origin) => page.setOrigin(origin); // (io/address.js's, given to the page after these)

  // Start a run in the worker and show it: the reply's maze (its header holds the run id the
  // engine gave it), then its events as they come.
  async function begin(type, args, kind = "generate") {
    const reply = await engine.call(type, args);
    const was = player.s, kept = (type === "solve" || type === "current") && was && was.checkpoints;
    player.load(kind, reply);
    explainer.setStep(""); // (the last run's step is not this maze's)
    // Edit's checkpoints stay with the same maze (a solve, Edit's copy of it), not with another
    if (kept && kept.length && player.s.wall.length === was.wall.length && player.s.geometry === was.geometry) player.s.checkpoints = kept;
    ui.elapsed = 0;
    metrics.hide(); // the last maze's figures, until this run's arrive
    layout();
    return reply;
  }

  const newSeed = () => { $("seed").value = String(Math.floor(Math.random() * 1e9)); };

  // The machine's busy task, its error shown as the notice (prefixed); false when refused or failed.
  async function busy(work, prefix = "") {
    if (!ui.catalogue || machine.state === "loading") return false;
    try {
      return await machine.work(work);
    } catch (err) {
      showNotice(prefix + err.message);
      return false;
    }
  }

  const generateArgs = () => ({ slug: ui.gen.select.value, seed: $("seed").value, options: ui.gen.options(),
    width: $("width").value, height: $("height").value, shape: $("shape").value, mask: maskSpec(),
    ...($("shape").value === "levels" ? { depth: $("depth").value } : {}) });
  const solveArgs = () => ({ slug: ui.sol.select.value, seed: $("seed").value, options: ui.sol.options() });

  // `at`: the event to go on from (D* Lite's replanning, modes/replan.js: the run again with one more
  // change, the same events before it).  `again`: the arguments of a run shown before (Play's way
  // back to Watch), made again and shown at its end, not the controls'.
  function start(kind, at = 0, again = null) {
    return busy(async () => {
      if (machine.view === "race") machine.show("watch");
      const args = again || (kind === "generate" ? generateArgs() : solveArgs());
      // Edit's numbered checkpoints: the solve goes S, 1, 2, ... G (pymaze.tour); links carry them (cp).
      const stops = kind === "solve" && player.s && player.s.checkpoints ? player.s.checkpoints : [];
      const { header } = await begin(kind, stops.length ? { ...args, options: { ...args.options, waypoints: stops } } : args, kind);
      const ends = JSON.stringify([header.start, header.goals]);
      if (kind === "generate") {
        ui.ran = { generate: args };
        ui.source = [["generate", args]];
      } else ui.ran = { ends, ...ui.ran, solve: args }; // ends: S and G as generated (no solve moved them yet)
      showNotice("");
      // A solve on S and G that an earlier solve moved (farthest) is no generated maze's: no link.
      const moved = kind === "solve" && ui.origin === "generated" && ends !== ui.ran.ends;
      setOrigin(kind === "generate" ? "generated" : moved ? "moved" : ui.origin);
      explainer.show((kind === "generate" ? ui.gen : ui.sol).algorithms.find((a) => a.slug === args.slug), header);
      if (at) { await player.ensure(at); player.seek(at); }
      if (again) ui.instantLoad = player.loads; // at its end at once, as it was
      machine.send("start");
      inView();
    });
  }

  // The board scrolled into view when a run starts with it partly off screen (a phone, the panel's
  // buttons under the board): the animation is what was asked for.
  function inView() {
    const r = board.getBoundingClientRect();
    if (r.top < 0 || r.bottom > window.innerHeight) board.scrollIntoView({ block: r.height > window.innerHeight ? "start" : "nearest" });
  }

  // A new seed and a generate with it (Play's "new maze").
  async function regenerate() {
    newSeed();
    const args = generateArgs();
    await begin("generate", args);
    ui.ran = { generate: args };
    ui.source = [["generate", args]];
    setOrigin("generated");
  }

  // The engine's current maze, finished, as a run with no events (what play and edit work on);
  // `blocks` converts a thin-wall maze to blocks, for good.
  async function showCurrent(blocks = false) {
    const thin = player.s.geometry === "thin";
    await begin("current", { block: blocks });
    player.log.push(new Int32Array(0)); // a maze with no events: the run is over
    if (blocks && thin) {
      ui.source.push(["current", { block: true }]);
      setOrigin("edited"); // a link makes thin-wall mazes only
    }
    showNotice("");
    return player.s;
  }

  // The Lab opened one of its mazes: the controls take its settings and Watch generates it.
  function openMaze({ slug, shape, width, height, seed, depth }) {
    $("shape").value = shape;
    $("mask").value = "";
    showShape(ui); // the generator list follows the shape
    ui.gen.select.value = slug;
    ui.gen.select.dispatchEvent(new Event("change"));
    for (const [id, v] of Object.entries({ width, height, seed, ...(depth ? { depth } : {}) })) $(id).value = String(v);
    machine.show("watch");
    start("generate");
  }

  // An imported maze (text in `fmt`, or with type "acceptPicture" the picture just read) becomes
  // the current one, shown at its end; a parse error leaves all as it was.
  function loadText(text, fmt = "auto", type = "load") {
    return busy(async () => {
      await begin(type, { text, fmt });
      if (type !== "load") ({ text } = await engine.call("export", { format: "json" })); // what a restart loads back
      ui.source = [["load", { text, fmt: type === "load" ? fmt : "json" }]];
      showNotice("");
      setOrigin("imported");
      machine.send("start");
    }, "Import failed: ");
  }

  // Into a mode: its enter() gets the maze it works on (the busy task), then the machine moves.
  // Watch needs nothing from the engine.  `arg`: Play's "new maze", Edit's "convert to blocks".
  function switchMode(name, arg) {
    const mode = page.modes[name];
    const back = machine.mode === "play" && page.modes.play.back; // the solve Play hid
    machine.show("watch");
    if (mode === page.modes.watch) {
      const left = machine.send("leave");
      if (left && back) { // shown again as it was left; a mode asked for meanwhile follows it
        const restoring = ui.restoring = start("solve", 0, back).finally(() => { if (ui.restoring === restoring) ui.restoring = null; });
      }
      return left;
    }
    if (ui.restoring) return ui.restoring.then(() => switchMode(name, arg));
    if (!player.s) return false;
    return busy(async () => {
      await mode.enter(arg);
      machine.send(mode.event);
    });
  }

  // The edited maze `s` as the engine's setMaze (and Edit's live preview) takes it.
  const mazeArgs = (s) => ({ width: s.width, height: s.height, wall: s.wall.slice(), start: s.start, goal: s.goals[0],
    weight: s.weight ? Uint8Array.from(s.weight) : null, geometry: s.geometry, shape: s.shape,
    mask: (s.shapes && player.header.mask) || "", depth: s.shapes && s.shapes.levels ? s.shapes.levels[2] : undefined });

  // An edit stroke ended: the engine takes the edited maze (what Solve, export and play then use),
  // in its own geometry (a shaped maze: its shape and mask too).  The address bar holds its link
  // when it started from a generated maze, none otherwise.
  async function commitEdit(s) {
    const args = mazeArgs(s);
    setOrigin("edited");
    ui.source = [["setMaze", args]];
    try {
      await engine.call("setMaze", { ...args, wall: args.wall.slice() });
    } catch (err) { showNotice(err.message); }
  }

  // Random cell weights for the generated maze (what weighted solvers pay), shown as a grey tint.
  function randomWeights() {
    if (!player.s) return false;
    return busy(async () => {
      const args = { seed: $("seed").value };
      const { weights } = await engine.call("weights", args);
      ui.source.push(["weights", args]); // a restored engine gives the maze the same weights
      player.s.weight = Int32Array.from(weights);
      player.s.allDirty = true;
      showNotice("");
    });
  }

  // The board's shape and size for the maze shown (or the blank board while the engine loads).
  function layout() {
    const s = player.s || ui.blank;
    if (!s) return;
    const b = s.shapes && s.shapes.bounds;
    board.style.setProperty("--aspect", b ? `${b[2] - b[0]} / ${b[3] - b[1]}` : `${s.width} / ${s.height}`);
    renderer.layout(s, ui.view, board.getBoundingClientRect());
  }

  // A run reached its end: a solve that moved S and G (farthest) is part of how the maze is rebuilt.
  function finished() {
    const s = player.s, h = player.header;
    if (ui.finished === player.loads) return; // once per run, however often it is replayed
    ui.finished = player.loads;
    page.keepBase();
    if (player.kind === "solve" && (s.start !== h.start || String(s.goals) !== String(h.goals))) {
      ui.source.push(["solve", ui.ran.solve], ["finish", {}]);
    }
  }

  return { begin, busy, newSeed, generateArgs, solveArgs, start, regenerate, showCurrent, openMaze, loadText,
    switchMode, mazeArgs, commitEdit, randomWeights, layout, finished };
}
