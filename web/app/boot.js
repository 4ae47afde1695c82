// The engine as the page sees it: its boot stages on the loading bar, the catalogue filling the
// dropdowns (the copy shipped with the site, before the engine is up, or the engine's own), the
// first link opened once it is ready, and a restarted engine given the current maze back.
import { AlgorithmPicker } from "./controls.js";
import { showShape } from "./shapepick.js";
import { adoptVocabulary } from "../engine/state.js";
import { showNotice } from "../board/status.js";

// `page`: main.js's parts, read when the engine calls (it is made before them: they need it).
// hooks: the Engine's callbacks; ready: a promise kept when the engine first answers.
export function makeBoot(page) {
  const { $, ui } = page;
  let readyResolve;
  const ready = new Promise((r) => { readyResolve = r; });

  // The catalogue fills the dropdowns (once: the first of the site's copy and the engine's).
  function setup(catalogue) {
    if (ui.catalogue) return;
    adoptVocabulary(catalogue.events);
    ui.catalogue = catalogue;
    ui.gen = new AlgorithmPicker("generator", catalogue.generators, "dig", catalogue.groups?.generators);
    ui.sol = new AlgorithmPicker("solver", catalogue.solvers, "bfs", catalogue.groups?.solvers);
    const weighted = () => { $("random-weights").hidden = !ui.sol.current.costs && !ui.sol.current.params.some((p) => p.name === "weights"); };
    ui.sol.select.addEventListener("change", weighted);
    weighted();
    showShape(ui);
    $("version").textContent = `engine ${catalogue.version}`;
    page.lab.setup(catalogue);
    page.explainer.show(ui.gen.current, null);
    page.refresh();
  }

  const hooks = {
    onStage(stage, progress) {
      $("stage").textContent = stage === "ready" ? "ready" : `${stage}…`;
      $("progress").value = progress;
    },
    onReady({ catalogue, boot }) {
      ui.boot = boot; // (the worker now answering: its boot path and moments, window.pymaze.boot)
      if (!ui.catalogue) setup(catalogue);
      $("loading").hidden = true;
      page.machine.send("ready");
      readyResolve(true);
      if (!ui.linked) page.openLink();
      else page.code.reinstall().then(() => { if (ui.source.length) restore(); });
      if (ui.linked) page.race.resume(); // a restarted engine gets the race back
      page.refresh();
    },
    onFatal(message) { showNotice(message); page.machine.send("fail"); },
    onRestart(reason) {
      showNotice(`The engine stopped (${reason}); restarting it.`);
      $("loading").hidden = false;
      page.machine.send("crash");
    },
  };

  // After a crash: the fresh engine gets the current maze back (the same calls that made it), and
  // the page shows it finished, as a run with no events.
  async function restore() {
    const calls = ui.source.slice();
    const ok = await page.busy(async () => {
      for (const [type, args] of calls) await page.engine.call(type, type === "setMaze" ? { ...args, wall: args.wall.slice() } : args);
      await page.showCurrent();
      page.machine.send("start");
    }, "The maze could not be restored: ");
    if (ok) showNotice("");
  }

  return { hooks, ready, setup };
}
