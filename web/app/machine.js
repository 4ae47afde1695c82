// The UI's states and the moves between them, written down in one place.
//   loading -> idle once the engine is ready; a run (generate/solve) is
//   running, paused or done; from any of those the user may walk the maze
//   (walking: the Play mode) or edit it (editing: the Edit mode) and leave
//   again; a dead engine goes back to loading, and the page restores its maze;
//   error when the engine could not start at all.
// Besides its state the machine owns "busy": one task at a time (a request to
// the engine that must land before the next), with the controls off meanwhile.
const MODES = { walk: "walking", edit: "editing" };
export const TRANSITIONS = {
  loading: { ready: "idle", fail: "error" },
  idle: { start: "running", fail: "error", crash: "loading" },
  running: { start: "running", pause: "paused", step: "paused", reset: "paused", finish: "done",
    fail: "error", crash: "loading", ...MODES },
  paused: { start: "running", play: "running", step: "paused", reset: "paused", finish: "done",
    fail: "error", crash: "loading", ...MODES },
  done: { start: "running", play: "running", step: "paused", reset: "paused", fail: "error", crash: "loading",
    ...MODES },
  walking: { start: "running", leave: "done", fail: "error", crash: "loading", ...MODES },
  editing: { start: "running", leave: "done", fail: "error", crash: "loading", ...MODES },
  error: { crash: "loading" },
};

// The input mode (see modes.js) each state hands the keys and the pointer to.
export const MODE_OF = { walking: "play", editing: "edit" };

// Which controls each state allows (the page refines steps by cursor position).
// "settings": the fields and dropdowns; "maze": what needs a maze (export, link); "import": a new maze from text.
// "seek": the timeline and what jumps along it (a square's history, animation export).
const RUN = ["generate", "solve", "step", "back", "next", "prev", "reset", "settings", "mode", "maze", "import", "seek"];
export const ENABLED = {
  loading: ["settings"],
  idle: ["generate", "settings", "import"],
  running: [...RUN, "pause"],
  paused: [...RUN, "play"],
  done: [...RUN, "play"],
  walking: ["generate", "solve", "settings", "mode", "maze", "import"],
  editing: ["generate", "solve", "settings", "mode", "maze", "import"],
  error: [],
};

// The view: what the page shows beside or instead of the board's run.  "watch": the board and
// its run (the input modes watch, play and edit live here); "race": the race's own boards; "lab":
// the lab's form and figures; "code": the board beside the editor.  One at a time: show() runs the
// old view's leave(next) and then the new one's enter(previous) (hooks the page gives in `views`),
// so that each view puts back what it took and draws what it shows, and it writes body's
// data-view (and data-state) for the style sheet: nothing else does.
export const VIEWS = ["watch", "race", "lab", "code"];

export class Machine {
  constructor(onChange, root = null) {
    this.state = "loading";
    this.view = "watch";
    this.views = {}; // view -> { enter(from), leave(to) }
    this.busy = false;
    this.onChange = onChange;
    this.root = root;
    if (root) Object.assign(root.dataset, { state: this.state, view: this.view });
  }

  get mode() { return MODE_OF[this.state] || "watch"; }

  // The mode button pressed: the input mode in the Watch view, else the view.
  get pressed() { return this.view === "watch" ? this.mode : this.view; }

  // Into another view; false when it is the one shown.
  show(view) {
    if (!VIEWS.includes(view)) throw new Error(`no view ${view}`);
    if (view === this.view) return false;
    const before = this.view;
    this.views[before]?.leave?.(view);
    this.view = view;
    if (this.root) this.root.dataset.view = view;
    this.views[view]?.enter?.(before);
    this.onChange(this.state, this.state, "view");
    return true;
  }

  can(event) { return event in TRANSITIONS[this.state]; }

  send(event) {
    const next = TRANSITIONS[this.state][event];
    if (!next) return false;
    const before = this.state;
    this.state = next;
    if (this.root) this.root.dataset.state = next;
    this.onChange(next, before, event);
    return true;
  }

  // Run `task` (async) as the one busy task; false, without running it, while another is under
  // way.  The task's error propagates; busy ends either way.
  async work(task) {
    if (this.busy) return false;
    this.busy = true;
    this.onChange(this.state, this.state, "busy");
    try {
      await task();
      return true;
    } finally {
      this.busy = false;
      this.onChange(this.state, this.state, "idle");
    }
  }

  allows(control) { return !this.busy && ENABLED[this.state].includes(control); }
}
