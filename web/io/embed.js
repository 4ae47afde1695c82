// The Share menu's embed code: one module script (the site's board.js) and a <pymaze-board> that
// shows the page's run from its link at the event the page is on (board.js).  Attribute values are
// escaped: the link is the page's own, but it is written into another page's markup.
const escape = (text) => String(text).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

// `site`: the address of the site's folder; `hash`: the page's link (its fragment); `tick`: the
// event shown first, or null for the run's end.
export function embedSnippet(site, hash, tick) {
  const script = new URL("board.js", site).href;
  const at = tick == null ? "" : ` tick="${tick}"`;
  return `<script type="module" src="${escape(script)}"></script>\n` +
    `<pymaze-board link="${escape(hash)}"${at}></pymaze-board>`;
}
