// The Code mode: a Python editor (CodeMirror, loaded on first use) whose algorithms join the
// dropdowns as "yours: NAME" and run like the built-ins.  Run registers the code in the worker;
// each batch of a user run brings the code line behind every event, which the editor highlights
// while stepping; an error marks its line.  A call of user code that runs longer than LIMIT_MS
// in the worker (REGISTER_MS to load the code; or Stop) ends the worker: a spare one, booted beforehand, takes over, gets the code and the
// maze back.  Code survives a reload (local storage), downloads and opens as .py, and travels in a
// link (#code=, deflated); code from a link or a file is shown and runs only on a click.
import { Engine } from "../engine/engine.js";
import { showNotice } from "../board/status.js";

const USER = "yours.py";
const LIMIT_MS = 3000; // a step of user code (a call's time in the worker, not in its queue)
const REGISTER_MS = 10000; // loading the code: Python compiles and runs the module
const STORE = "pymaze.code";
const LINK_LIMIT = 8000; // characters of compressed code a link may hold
const USER_CALLS = new Set(["batch", "current", "finish", "shortest", "metrics", "export", "snapshot"]);

export const TEMPLATES = {
  solver: `from pymaze.author import solver


@solver("my-solver", "My solver")
def my_solver(maze):
    # maze.start, maze.goals, maze.open_neighbours(cell),
    # maze.mark(cell, "visited"), maze.found(path), maze.no_route()
    # (docs/AUTHORING.md).  Each yield ends one step.
    maze.mark(maze.start, "visited")
    yield
    maze.no_route()
`,
  generator: `from pymaze.author import generator


@generator("my-generator", "My generator")
def my_generator(maze):
    # Every passage starts closed; maze.open(a, b) opens the one
    # between neighbours a and b.  maze.cells(), maze.neighbours(cell),
    # maze.rng (seeded): see docs/AUTHORING.md.
    for cell in maze.cells():
        choices = [n for n in maze.neighbours(cell) if n < cell]
        if choices:
            maze.open(cell, maze.rng.choice(choices))
            yield
`,
};

async function deflate(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function inflate(data) {
  const bin = atob(data.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Response(stream).text();
}

// The `code=` part of a link's fragment, taken out of the address (the rest stays for link.js).
function takeLinkCode() {
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  const data = params.get("code");
  if (data === null) return null;
  params.delete("code");
  const rest = params.toString();
  history.replaceState(null, "", location.pathname + location.search + (rest ? `#${rest}` : ""));
  return data;
}

export class CodeMode {
  constructor(page) {
    this.page = page;
    this.open = false;
    this.slugs = new Set();     // what the registered code put in the dropdowns
    this.algorithms = [];       // their catalogue entries (the race and the lab list them too)
    this.registered = null;     // the code last registered (what a fresh worker gets back)
    this.lines = [];            // code line per event of the current user run
    this.linesRun = -1;
    this.inFlight = 0;          // calls of user code under way
    this.stops = 0;             // user code stopped so far
    this.view = null;
    this.spare = null;
    this.shown = { error: null, step: null };
    this.linkCode = takeLinkCode();
    this.guard(page.engine);
  }

  $(id) { return this.page.$(id); }

  say(text) { this.$("code-status").textContent = text; }

  // --- the editor ---------------------------------------------------------------
  async ensureEditor() {
    if (this.view) return this.view;
    if (!this.loading) this.loading = this.makeEditor();
    return this.loading;
  }

  async makeEditor() {
    const cm = await import("../editor.js");
    const setLines = cm.StateEffect.define();
    const errorMark = cm.Decoration.line({ class: "cm-error-line" });
    const stepMark = cm.Decoration.line({ class: "cm-step-line" });
    const marks = cm.StateField.define({
      create: () => cm.Decoration.none,
      update: (deco, tr) => {
        for (const e of tr.effects) {
          if (!e.is(setLines)) continue;
          const doc = tr.state.doc, out = [];
          const at = (n, mark) => { if (n && n <= doc.lines) out.push(mark.range(doc.line(n).from)); };
          const { error, step } = e.value;
          if (step !== error) at(step, stepMark);
          at(error, errorMark);
          out.sort((a, b) => a.from - b.from);
          return cm.Decoration.set(out);
        }
        return tr.docChanged ? deco.map(tr.changes) : deco;
      },
      provide: (f) => cm.EditorView.decorations.from(f),
    });
    this.cm = { ...cm, setLines };
    let saving = 0;
    const view = new cm.EditorView({
      parent: this.$("code-editor"),
      state: cm.EditorState.create({
        doc: this.initialText(),
        extensions: [
          cm.lineNumbers(), cm.highlightActiveLineGutter(), cm.highlightActiveLine(), cm.drawSelection(),
          cm.history(), cm.indentOnInput(), cm.bracketMatching(), cm.indentUnit.of("    "),
          cm.syntaxHighlighting(cm.defaultHighlightStyle, { fallback: true }), cm.python(), marks,
          cm.keymap.of([{ key: "Mod-Enter", run: () => { this.run(); return true; } },
            ...cm.defaultKeymap, ...cm.historyKeymap, cm.indentWithTab]),
          cm.EditorView.updateListener.of((u) => {
            if (!u.docChanged || this.quiet) return;
            clearTimeout(saving);
            saving = setTimeout(() => this.save(this.text()), 300);
          }),
          cm.EditorView.contentAttributes.of({ "aria-label": "Python code of your algorithm" }),
        ],
      }),
    });
    this.view = view;
    if (this.linkCode !== null) await this.openLinkCode();
    return view;
  }

  initialText() {
    try { return localStorage.getItem(STORE) || TEMPLATES.solver; } catch { return TEMPLATES.solver; }
  }

  text() { return this.view ? this.view.state.doc.toString() : ""; }

  save(text) { try { localStorage.setItem(STORE, text); } catch { /* storage off (private mode): nothing kept */ } }

  // Replace the editor's text (a template, a file, a link): shown, not run, not saved until edited.
  setText(text) {
    this.quiet = true;
    this.view.dispatch({ changes: { from: 0, to: this.view.state.doc.length, insert: text } });
    this.quiet = false;
    this.mark({ error: null, step: null });
  }

  mark(lines) {
    this.shown = { ...this.shown, ...lines };
    if (!this.view) return;
    const effects = [this.cm.setLines.of(this.shown)];
    const n = lines.error || lines.step;
    if (n && n <= this.view.state.doc.lines) {
      effects.push(this.cm.EditorView.scrollIntoView(this.view.state.doc.line(n).from, { y: "nearest" }));
    }
    this.view.dispatch({ effects });
  }

  async openLinkCode() {
    const data = this.linkCode;
    this.linkCode = null;
    try {
      this.setText(await inflate(data));
      this.say("This link holds Python code: read it first. It runs only when you click Run.");
    } catch {
      this.say("The link's code could not be read (the link is cut or damaged).");
    }
  }

  // --- the panel ------------------------------------------------------------------
  async show() {
    this.open = true;
    this.$("code").hidden = false;
    this.page.layout();
    await this.ensureEditor();
    this.fillCopies();
    if (this.page.ui.catalogue) this.keepSpare(); // booted while the person writes, ready for Stop
  }

  hide() {
    this.open = false;
    this.$("code").hidden = true;
    this.page.layout();
  }

  fillCopies() {
    const select = this.$("code-template");
    if (select.dataset.filled || !this.page.ui.catalogue) return;
    select.dataset.filled = "1";
    for (const family of ["generators", "solvers"]) {
      const group = document.createElement("optgroup");
      group.label = `a copy of a built-in ${family.slice(0, -1)}`;
      for (const a of this.page.ui.catalogue[family]) if (!this.slugs.has(a.slug)) group.append(new Option(a.name, `${family.slice(0, -1)}:${a.slug}`));
      select.append(group);
    }
  }

  async template() {
    const value = this.$("code-template").value;
    if (!value) return;
    this.$("code-template").value = "";
    await this.ensureEditor();
    if (TEMPLATES[value]) { this.setText(TEMPLATES[value]); this.say(`A blank ${value}: fill it in, then Run.`); return; }
    const [family, slug] = value.split(":");
    try {
      const { code } = await this.page.engine.call("builtinSource", { family, slug });
      this.setText(code);
      this.say(`A copy of ${slug}, renamed my-${slug} so that it runs beside the original: change it, then Run.`);
    } catch (err) { this.say(`The source could not be read: ${err.message}`); }
  }

  // --- running ----------------------------------------------------------------------
  async run() {
    await this.ensureEditor();
    const code = this.text();
    const { page } = this;
    if (!page.ui.catalogue || page.machine.state === "loading") return this.say("The engine is still loading.");
    this.mark({ error: null, step: null });
    this.keepSpare();
    let reply;
    try {
      reply = await page.engine.call("register", { code });
    } catch (err) { return this.say(`Not run: ${err.message}`); }
    if (reply.error) return this.fail(reply.error, "Your code did not load");
    this.registered = code;
    this.save(code); // what was run is kept, also when it came from a link or a file
    this.install(reply.algorithms);
    const sol = reply.algorithms.find((a) => a.family === "solver");
    const gen = reply.algorithms.find((a) => a.family === "generator");
    const pick = sol || gen;
    const picker = sol ? page.ui.sol : page.ui.gen;
    picker.select.value = pick.slug;
    picker.show();
    picker.select.dispatchEvent(new Event("change"));
    this.say(`Running yours: ${pick.name}. Step with → and ←; the line that made each step is highlighted.`);
    await page.start(sol ? "solve" : "generate");
  }

  fail(error, what) {
    const where = error.line ? ` (line ${error.line})` : "";
    this.say(`${what}${where}: ${error.message}`);
    this.mark({ error: error.line || null });
  }

  // The dropdowns lose the algorithms of the code registered before and gain the new ones.
  install(algorithms) {
    for (const picker of [this.page.ui.gen, this.page.ui.sol]) {
      for (const option of [...picker.select.options]) if (this.slugs.has(option.value)) option.remove();
      picker.algorithms = picker.algorithms.filter((a) => !this.slugs.has(a.slug));
    }
    this.slugs = new Set(algorithms.map((a) => a.slug));
    this.algorithms = algorithms;
    for (const a of algorithms) {
      const picker = a.family === "solver" ? this.page.ui.sol : this.page.ui.gen;
      picker.algorithms.push(a);
      picker.select.add(new Option(`yours: ${a.name}`, a.slug));
    }
  }

  userRun() {
    const { player, ui } = this.page;
    return (player.header && player.header.source === USER)
      || ui.source.some(([, args]) => args && this.slugs.has(args.slug));
  }

  // Every call that runs user code is timed; one over its limit stops the worker.  Batches of a
  // user run also bring their code lines and the error the run stopped on.
  guard(engine) {
    const call = engine.call.bind(engine);
    engine.call = (type, args = {}) => {
      // (a race with one of the person's algorithms says so: `user`)
      const mine = type === "register" || this.slugs.has(args.slug) || args.user === true || (USER_CALLS.has(type) && this.userRun());
      if (type === "generate" && this.slugs.has(args.slug)) this.before = this.page.ui.source.slice();
      const p = call(type, args);
      if (type === "batch") p.then((reply) => this.batch(reply), () => {});
      if (!mine) return p;
      this.inFlight++;
      const stops = this.stops;
      const limit = type === "register" ? REGISTER_MS : LIMIT_MS;
      // The clock runs while the worker runs a request: time this one waited in the queue does not count.
      let timer = null;
      const check = () => {
        const busy = engine.busyFor(args);
        if (busy < limit) { timer = setTimeout(check, Math.max(50, limit - busy)); return; }
        this.stop(type === "register" ? `your code took over ${REGISTER_MS / 1000} s to load`
          : `your code ran for ${LIMIT_MS / 1000} s without finishing a step`);
      };
      timer = setTimeout(check, limit);
      const done = p.finally(() => { clearTimeout(timer); this.inFlight--; });
      // A batch that Stop cut off is no error of the page's: nothing came (the animation asks no more).
      return type === "batch" ? done.catch((err) => { if (this.stops > stops) return null; throw err; }) : done;
    };
  }

  batch(reply) {
    if (!reply || !reply.user) return;
    if (reply.run !== this.linesRun) { this.linesRun = reply.run; this.lines = []; }
    for (const n of reply.user.lines) this.lines.push(n);
    const err = reply.user.error;
    if (err) {
      this.fail(err, `Your code stopped at step ${err.step}`);
      showNotice(`Your code stopped at step ${err.step}${err.line ? ` (line ${err.line})` : ""}: ${err.message}. The maze is kept as it was at that step.`);
    }
  }

  // The line of the step shown: called every frame while the editor is open.
  frame() {
    if (!this.open || !this.view) return;
    this.fillCopies();
    const { player } = this.page;
    const own = player.header && player.header.source === USER && player.runId === this.linesRun;
    const line = own && player.cursor > 0 ? this.lines[player.cursor - 1] || null : null;
    if (line !== this.shown.step) this.mark({ step: line });
    this.$("code-stop").disabled = !(this.inFlight || (own && this.page.machine.state === "running"));
  }

  // A warm worker for Stop to switch to (booted when the editor opens, again after each switch).
  keepSpare() { if (!this.spare) this.spare = Engine.spare(); }

  // Stop: user code under way in the worker ends it (the spare takes over); a running animation pauses.
  stop(reason = "stopped on request") {
    const { page } = this;
    if (!this.inFlight) {
      if (page.machine.state === "running") page.press("pause");
      return;
    }
    const spare = this.spare && this.spare.ready ? this.spare : null;
    if (spare) this.spare = null;
    if (page.player.header && this.slugs.has(page.player.header.slug) && page.player.kind === "generate" && this.before) {
      page.ui.source = this.before; // a generator that never ended: back to the maze before it
    }
    this.stopped = { reason, at: performance.now(), warm: !!spare };
    this.stops++;
    page.engine.restart(`your code was stopped: ${reason}`, spare, true);
  }

  // A fresh worker is up (after Stop or a crash): the code registered last is registered again
  // (not run); then the page restores the maze.
  async reinstall() {
    if (this.registered !== null) {
      try {
        const reply = await this.page.engine.call("register", { code: this.registered });
        if (reply.error) this.fail(reply.error, "Your code did not load again");
      } catch (err) { this.say(`Your code could not be registered again: ${err.message}`); }
    }
    if (this.stopped) {
      const { reason, at, warm } = this.stopped;
      this.stopped = null;
      this.recovered = performance.now() - at;
      this.warm = warm;
      this.say(`Stopped: ${reason}. A fresh engine took over; your code and the maze are back (after ${(this.recovered / 1000).toFixed(1)} s).`);
      setTimeout(() => this.keepSpare(), 1000);
    }
  }

  // --- keep and share -----------------------------------------------------------------
  fileName() {
    const m = /@(?:solver|generator)\(\s*["']([\w-]+)["']/.exec(this.text());
    return `${m ? m[1] : "my-algorithm"}.py`;
  }

  download() {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([this.text()], { type: "text/x-python" }));
    a.download = this.fileName();
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  async openFile(file) {
    if (!file) return;
    if (file.size > 1_000_000) return this.say(`${file.name} is over 1 MB: not opened.`);
    await this.ensureEditor();
    this.setText(await file.text());
    this.say(`Opened ${file.name}: read it first. It runs only when you click Run.`);
  }

  async copyLink() {
    const data = await deflate(this.text());
    if (data.length > LINK_LIMIT) {
      return this.say(`Too long for a link: the code takes ${data.length.toLocaleString("en")} characters compressed, `
        + `a link holds ${LINK_LIMIT.toLocaleString("en")}. Download it as a .py file instead.`);
    }
    const url = `${location.origin}${location.pathname}${location.search}#code=${data}`;
    this.lastLink = url;
    try {
      await navigator.clipboard.writeText(url);
      this.say(`Link copied (${url.length.toLocaleString("en")} characters). Whoever opens it sees the code and runs it with Run.`);
    } catch {
      this.say(`The clipboard is not available here; the link: ${url}`);
    }
  }

  bind() {
    const on = (id, f) => this.$(id).addEventListener("click", f);
    on("code-run", () => this.run());
    on("code-stop", () => this.stop());
    on("code-download", () => this.download());
    on("code-link", () => this.copyLink());
    this.$("code-template").addEventListener("change", () => this.template());
    this.$("code-file").addEventListener("change", (e) => { this.openFile(e.target.files[0]); e.target.value = ""; });
  }

  // What the page tests read.
  hook() {
    return {
      text: () => this.text(),
      lines: () => ({ ...this.shown }),
      cursorIndent: () => {
        if (!this.view) return 0;
        const { state } = this.view;
        const line = state.doc.lineAt(state.selection.main.head);
        return state.selection.main.head - line.from;
      },
      status: () => this.$("code-status").textContent,
      spareReady: () => !!(this.spare && this.spare.ready),
      recovered: () => this.recovered,
      warm: () => this.warm, // the last Stop switched to the spare engine booted beforehand (no boot to wait for)
      link: () => this.lastLink,
    };
  }
}
