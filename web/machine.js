// The UI's states and the moves between them, written down in one place.
//   loading -> idle once the engine is ready; a run (generate/solve) is
//   running, paused or done; error when the engine could not start or died.
export const TRANSITIONS = {
  loading: { ready: "idle", fail: "error" },
  idle: { start: "running", fail: "error", crash: "loading" },
  running: { start: "running", pause: "paused", step: "paused", reset: "paused", finish: "done",
    fail: "error", crash: "loading" },
  paused: { start: "running", play: "running", step: "paused", reset: "paused", finish: "done",
    fail: "error", crash: "loading" },
  done: { start: "running", step: "paused", reset: "paused", fail: "error", crash: "loading" },
  error: { crash: "loading" },
};

// Which controls each state allows (the page refines steps by cursor position).
export const ENABLED = {
  loading: [],
  idle: ["generate", "settings"],
  running: ["generate", "solve", "pause", "step", "back", "next", "prev", "reset", "settings"],
  paused: ["generate", "solve", "play", "step", "back", "next", "prev", "reset", "settings"],
  done: ["generate", "solve", "back", "prev", "reset", "settings"],
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
