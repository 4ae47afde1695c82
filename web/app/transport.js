// Moving along a run: the transport's buttons (run or replay, step, back, milestones, reset), a
// seek to any event (the timeline, a square's history), the rest of a run fetched from the engine,
// and the step reached announced for screen readers.
import { describeNotes } from "../board/status.js";

// `page`: main.js's parts (ui, the machine, the player, the explainer, and run.js's finished).
export function makeTransport(page) {
  const { $, ui, machine, player, explainer, finished } = page;

  // A transport move (step, back, milestones, reset): pauses a running run first.
  async function transport(action) {
    if (!player.log) return;
    if (machine.state === "running") machine.send("pause");
    // An instant run's events are made again first (the state is at the end already).  An engine
    // stopped meanwhile (Stop in the Code mode, a crash) rejects the move, and says so itself.
    if (await machine.work(async () => { await player.regenerate(); return action(); }).catch(() => false)) {
      if (!player.atEnd) machine.send("step");
      else if (machine.send("finish")) finished();
      explainer.step(player);
      announce();
    }
  }

  // The timeline's move (a drag, a tick, a square's history): straight to event k, pausing a
  // running run; far jumps start from the nearest snapshot (timeline.js).
  function seekTo(k) {
    if (!player.log || !machine.allows("seek")) return false;
    if (player.deferred) { fetchAll().then(() => seekTo(k), () => {}); return true; } // an instant run: its events first
    if (machine.state === "running") machine.send("pause");
    player.seek(k);
    if (!player.atEnd) machine.send("step");
    else if (machine.send("finish")) finished();
    explainer.step(player);
    announce();
    return true;
  }

  // The rest of the run from the engine (once, in the background): the timeline shows all of it.
  // Always a promise (of the events' total); one an engine stopped meanwhile rejects, which it says itself.
  // A fetch still under way for an earlier run (a link's generate, before its solve) is not this run's:
  // this run gets its own.
  function fetchAll() {
    const mine = ui.fetching && ui.fetching.log === player.log ? ui.fetching.promise : null;
    if (!player.log || player.log.finished || mine) return mine || Promise.resolve(player.log ? player.log.total : 0);
    const fetching = ui.fetching = { log: player.log, promise: null };
    fetching.promise = player.fetchAll().finally(() => { if (ui.fetching === fetching) ui.fetching = null; });
    fetching.promise.catch(() => {}); // (a caller that drops it, as the timeline's press does, leaves no unhandled rejection)
    return fetching.promise;
  }

  // Run, or at the end of a run, replay it from the start.
  function run() {
    if (player.log && player.atEnd) {
      if (player.deferred) player.rewind(); // an instant run: its events come again as they are played
      else player.seek(0);
    }
    machine.send("play");
  }

  // Milestones stepped to by key are announced (a live region) for screen readers.
  function announce() {
    const s = player.s;
    const note = describeNotes(s.notes, s.anyangle);
    $("announce").textContent = `${explainer.stepText || ""}${note ? `. ${note}` : ""}`;
  }

  return { transport, seekTo, fetchAll, run, announce };
}
