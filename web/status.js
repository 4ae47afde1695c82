// What the page says in words: the stats line, the notes of a run, the notice.
const NOTE = { FOUND: 1, NO_ROUTE: 2, TRAPPED: 3, GAVE_UP: 4, HEURISTIC: 5, ROUTE: 6, DONE: 9 };

export function stats(player, elapsed) {
  const s = player.s, log = player.log;
  const visited = s.markCount[4] + s.markCount[7];
  const route = s.markCount[5];
  const total = log.finished ? log.total.toLocaleString("en") : `${log.total.toLocaleString("en")}+`;
  return [
    `visited ${visited.toLocaleString("en")}`,
    `route ${route > 0 ? route - 1 : "–"}`,
    `events ${player.cursor.toLocaleString("en")} / ${total}`,
    `${elapsed.toFixed(1)} s`,
  ].join("  ·  ");
}

export function describeNotes(notes) {
  const out = [];
  for (const [code, value] of notes) {
    if (code === NOTE.FOUND) out.push(`found in ${value} moves`);
    else if (code === NOTE.NO_ROUTE) out.push("no route to the goal");
    else if (code === NOTE.TRAPPED) out.push("trapped in a loop");
    else if (code === NOTE.GAVE_UP) out.push("gave up");
    else if (code === NOTE.HEURISTIC) out.push("heuristic result");
    else if (code === NOTE.DONE) out.push(`done: ${value} passages opened`);
  }
  return out.slice(-3).join(" · ");
}

export function showNotice(message) {
  const box = document.getElementById("notice");
  document.getElementById("notice-text").textContent = message;
  box.hidden = !message;
}
