// The address bar: the link of the maze shown (written as it changes), a link opened (at the
// first visit, or pasted into the open page) and a link or a board's embed code copied.
import { MAX_FRAGMENT, applyLink, linkOf } from "./link.js";
import { applyCheckpoints, applyEditKeys, checkpointKey, editKeys } from "./editlink.js";
import { embedSnippet } from "./embed.js";
import { showNotice } from "../board/status.js";

// Whether the page was opened with a link (read before the Code mode takes a `code=` out of it).
const LINKED = location.hash.replace(/^#/, "") !== "";

// `page`: main.js's parts (ui, the machine, the player, the modes, race, the 3D views, and its
// start, switchMode, commitEdit, toggleOverview, generateArgs, solveArgs and showShape).
export function makeAddress(page) {
  const { $, ui, machine, player, modes, race, view3d, overview, start, switchMode, commitEdit, toggleOverview,
    generateArgs, solveArgs, showShape } = page;

  // Where the current maze came from, and the address bar after it: a generated maze's link
  // (with its solve, when one ran), or an edited one's (the generated maze's and the edits), none
  // for any other maze (a link could not rebuild it).
  function setOrigin(origin = ui.origin) {
    ui.origin = origin;
    const solved = player.kind === "solve", base = modes.edit.base;
    let link = origin === "generated" ? linkOf(ui.ran.generate, solved ? ui.ran.solve : solveArgs(), solved)
      : origin === "edited" && base ? linkOf(base.gen, solved ? ui.ran.solve : solveArgs(), solved) + "&" +
        new URLSearchParams(editKeys(modes.edit.editor.s, base)) : "";
    const cp = link && player.s && player.s.checkpoints;
    if (cp && cp.length) link += `&cp=${checkpointKey(cp)}`;
    ui.camera = view3d.active ? view3d.cameraParam() : overview.active ? overview.cameraParam() : "";
    if (link && ui.camera) link += `&${ui.camera}`; // (the 3D camera, last: cam=... or orbit=...)
    history.replaceState(null, "", location.pathname + location.search + link);
    ui.written = location.hash; // (the camera's updates below leave a link set by anyone else alone)
  }

  // A link's fragment sets the controls and rebuilds its maze (and solve); bad values only warn.
  // Without a fragment the default maze is generated, at the default speed, so that the page
  // opens on a maze being built rather than an empty box.
  async function openLink() {
    const first = !ui.linked; // the page's first load (not a link pasted into the open page)
    ui.linked = true;
    const { problems, solve, threeD } = applyLink(location.hash, ui, showShape);
    if (threeD != null) view3d.wanted = threeD;
    const params = new URLSearchParams(location.hash.replace(/^#/, "")), long = location.hash.length > MAX_FRAGMENT + 1;
    if (first && !LINKED) return firstVisit();
    if (await start("generate")) {
      if (params.has("edit")) problems.push(...await openEdited(params));
      if (params.has("cp")) problems.push(...applyCheckpoints(player.s, params.get("cp")));
      if (solve) await start("solve");
      if (view3d.wanted) await switchMode("play"); // view=3d: the link opens walking inside
      if (params.has("cam")) problems.push(view3d.restoreCamera(params.get("cam")));
      if (params.has("orbit") && view3d.wanted) problems.push("orbit is Watch's 3D overview, not the walk's (view=3d)");
      else if (params.has("orbit") && await toggleOverview(true)) problems.push(overview.restoreCamera(params.get("orbit")));
      else if (!params.has("orbit") && overview.active) await toggleOverview(false); // (a link without one opens in 2D)
    }
    if (params.has("race") && !long) {
      const linked = race.fromLink(params);
      problems.push(...linked.problems);
      machine.show("race");
      if (linked.race) await race.start({ ...linked.race, gen: generateArgs() }, linked.tick);
      else problems.push("the race was not started");
    }
    const said = problems.filter(Boolean); // (a camera restored says "")
    if (said.length) {
      const engineSaid = $("notice").hidden ? "" : ` ${$("notice-text").textContent}`;
      showNotice(`Some link values were ignored (defaults kept): ${said.join("; ")}.${engineSaid}`);
    }
  }

  // The first visit (no link): the default maze appears at once and is solved by the wave at the
  // slider's speed, so that numbers spread from S within seconds of ready.  Anything the person starts
  // meanwhile (another run, a mode) ends the tour; ui.intro is its promise (the tests wait for it).
  function firstVisit() {
    ui.intro = (async () => {
      if (!await start("generate")) return;
      const loads = player.loads;
      ui.instantLoad = loads; // this run at instant speed, whatever the slider says
      while (loads === player.loads && !(machine.state === "done" && player.atEnd && !ui.instant)) {
        await new Promise((r) => requestAnimationFrame(r));
        if (machine.mode !== "watch" || machine.view === "race" || machine.view === "lab") return;
      }
      if (loads !== player.loads) return;
      if (ui.sol.algorithms.some((a) => a.slug === "wave")) {
        ui.sol.select.value = "wave";
        ui.sol.select.dispatchEvent(new Event("change"));
      }
      await start("solve");
    })().finally(() => { ui.intro = null; });
    return ui.intro;
  }

  // A link's edits (edit.js editKeys) over the maze just generated, in Edit mode; the problems found.
  async function openEdited(params) {
    if (!await switchMode("edit", params.get("eview") === "block")) return ["the edits were not applied"];
    const problems = applyEditKeys(modes.edit.editor.s, params);
    if (problems.length) return problems.concat("the maze is shown as generated");
    await commitEdit(modes.edit.editor.s);
    return [];
  }

  // A link pasted into the address bar of the open page (only the fragment changed) opens too.
  window.addEventListener("hashchange", () => { if (ui.catalogue && machine.state !== "loading") openLink(); });

  // `embed`: the board's HTML (embed.js) at the event the page is on, instead of the link.
  async function copyLink(embed = false) {
    if (embed && ui.origin !== "generated") return showNotice("A board embeds a generated maze and its run (an edited or imported maze does not travel as one).");
    if (ui.origin !== "generated" && !(ui.origin === "edited" && modes.edit.base)) {
      return showNotice("A link holds a generator's settings (and the edits made to its maze); an imported or moved maze, " +
        "or one edited from them, needs an export instead.");
    }
    setOrigin();
    const url = location.href;
    if (location.hash.length - 1 > MAX_FRAGMENT) {
      const what = ui.origin === "edited" ? "edits" : "mask";
      return showNotice(`This maze's ${what} make${what === "mask" ? "s" : ""} its link ${(location.hash.length - 1).toLocaleString("en")} characters long; ` +
        `links hold at most ${MAX_FRAGMENT.toLocaleString("en")}: export it as JSON instead.`);
    }
    const text = embed ? embedSnippet(new URL("./", location.href).href, location.hash, player.atEnd ? null : player.cursor) : url;
    ui.embed = embed ? text : null; // (what the tests read)
    try {
      await navigator.clipboard.writeText(text);
      showNotice("");
      ui.flash = { text: embed ? "Embed code copied: paste it into a page of this site's origin." : "Link copied.", until: performance.now() + 2500 };
    } catch {
      showNotice(embed ? `The clipboard is not available here; the embed code: ${text}` : `The clipboard is not available here; the link is in the address bar: ${url}`);
    }
  }

  return { setOrigin, openLink, copyLink };
}
