// The page's four views as the machine shows them (machine.js): what each takes over on entering
// and puts back on leaving.  Leaving Watch ends Play and Edit (the other views have no walker or
// brush); entering Watch lays the board out again and draws it whole; leaving the Race puts the
// Watch view's link back in the address bar; so that no view leaves a blank or stale board behind.
// `page`: main.js's hand to its parts (the machine, the player, race, lab, code and the calls below).
export function makeViews(page) {
  const { $, machine, player, race, lab, code } = page;

  // The Watch run shown at its end: what the Watch view holds under a race that began before the
  // run's first step, so that leaving the race never shows a board paused at event 0 of 0.
  async function watchToEnd() {
    const loads = player.loads;
    if (!player.log || player.atEnd) return;
    if (page.ui.instant) await page.ui.instant;
    else if (!player.cursor && !player.log.total && await player.finishInstant().catch(() => false)) {
      if (loads === player.loads) page.explainer.atInstantEnd();
      if (loads === player.loads && machine.send("finish")) page.finished();
      return;
    }
    if (loads !== player.loads || player.atEnd) { if (loads === player.loads && machine.send("finish")) page.finished(); return; }
    await page.fetchAll();
    if (loads === player.loads) page.seekTo(player.log.total);
  }

  return {
    watch: {
      enter() { page.layout(); }, // (the board was hidden or narrower: its size again, drawn whole)
      leave() {
        if (machine.mode !== "watch") machine.send("leave");
      },
    },
    // Into the Race view: a running Watch animation pauses (one not started yet, a link's maze under
    // its race, is drawn whole: see watchToEnd).
    race: {
      enter() {
        if (machine.state === "running") {
          machine.send("pause");
          if (!player.cursor) watchToEnd();
        }
        race.open();
      },
      leave() {
        race.close();
        if (page.ui.origin) page.setOrigin(); // the address bar holds the Watch view's link again
      },
    },
    // The Lab is a view of its own over the page (its own workers).
    lab: {
      enter() {
        $("lab").hidden = false;
        lab.open();
      },
      leave() { $("lab").hidden = true; },
    },
    // The Code mode: the editor beside the board (on a phone under it, the sheet closed to give it its place).
    code: {
      enter() {
        if (matchMedia("(max-width: 760px)").matches) page.showSheet(false);
        code.show();
        $("code").scrollIntoView({ block: "nearest" }); // (at a desk: the top of the column, over the sheet)
      },
      leave() { code.hide(); },
    },
  };
}
