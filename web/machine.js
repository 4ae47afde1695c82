// The UI's states and the moves between them, written down in one place.
//   loading -> idle once the engine is ready; a run (generate/solve) is
//   running, paused or done; from any of those the user may walk the maze
//   (walking) or edit it (editing) and leave again; error when the engine
//   could not start or died.
const MODES = { walk: "walking", edit: "editing" };
export const TRANSITIONS = {
  loading: { ready: "idle", fail: "error" },
  idle: { start: "running", fail: "error", crash: "loading" },
  running: { start: "running", pause: "paused", step: "paused", reset: "paused", finish: "done",
    fail: "error", crash: "loading", ...MODES },
  paused: { start: "running", play: "running", step: "paused", reset: "paused", finish: "done",
    fail: "error", crash: "loading", ...MODES },
  done: { start: "running", step: "paused", reset: "paused", fail: "error", crash: "loading", ...MODES },
  walking: { start: "running", leave: "done", fail: "error", crash: "loading", ...MODES },
  editing: { start: "running", leave: "done", fail: "error", crash: "loading", ...MODES },
  error: { crash: "loading" },
};

// Which controls each state allows (the page refines steps by cursor position).
export const ENABLED = {
  loading: [],
  idle: ["generate", "settings"],
  running: ["generate", "solve", "pause", "step", "back", "next", "prev", "reset", "settings", "mode"],
  paused: ["generate", "solve", "play", "step", "back", "next", "prev", "reset", "settings", "mode"],
  done: ["generate", "solve", "back", "prev", "reset", "settings", "mode"],
  walking: ["generate", "solve", "settings", "mode"],
  editing: ["generate", "solve", "settings", "mode"],
  error: [],
};

export class Machine {
  constructor(onChange) {
    this.state = "loading";
    this.onChange = onChange;
  }

  can(event) { return event in TRANSITIONS[this.state]; }

  send(event) {
    const next = TRANSITIONS[this.state][event];
    if (!next) return false;
    const before = this.state;
    this.state = next;
    this.onChange(next, before, event);
    return true;
  }

  allows(control) { return ENABLED[this.state].includes(control); }
}
