// Import and export: paste text or drop/choose a file (block, thin-wall, JSON, mazelib,
// PathFinding.js or box-drawing text, detected or chosen; a picture opens the picture panel),
// and download the current maze as text or the board as PNG.
// Nothing the user gives is ever put into the page as markup: text goes to the engine only.
import { download } from "./export.js";
import { isPicture, setupPicture } from "./picture.js";

const MAX_IMPORT = 65000000; // characters: the engine's limit (pymaze.formats.MAX_CHARS), enough for any 2000x2000-cell maze
const $ = (id) => document.getElementById(id);

// `load(text, fmt, type)` makes text (or, with type "acceptPicture", the picture read) the current
// maze (rejecting with the parser's message); `call(type, args)` asks the engine; `notice(text)`.
export function setupShare({ load, call, notice }) {
  const picture = setupPicture({ call, notice, accept: () => load(null, "auto", "acceptPicture") });
  const importText = async (text) => {
    if (text.length > MAX_IMPORT) {
      notice(`The import holds ${text.length.toLocaleString("en")} characters; the limit is ${MAX_IMPORT.toLocaleString("en")}.`);
      return;
    }
    await load(text, $("import-format").value);
  };
  const importFile = async (file) => {
    if (isPicture(file)) return picture.open(file);
    if (file.size > MAX_IMPORT * 4) {
      notice(`${file.name} is ${file.size.toLocaleString("en")} bytes; the limit is ${MAX_IMPORT.toLocaleString("en")} characters.`);
      return;
    }
    let text;
    try {
      text = await file.text();
    } catch (err) {
      notice(`${file.name} could not be read: ${err.message}`);
      return;
    }
    await importText(text);
  };
  $("import").addEventListener("click", () => importText($("import-text").value));
  $("import-file").addEventListener("change", (e) => {
    if (e.target.files[0]) importFile(e.target.files[0]);
    e.target.value = "";
  });
  // A file dropped anywhere on the page is imported (the browser would otherwise open it and
  // leave the page); dragged text keeps its usual meaning.  The import box is outlined meanwhile.
  const area = $("import-text");
  const files = (e) => e.dataTransfer && Array.from(e.dataTransfer.types || []).includes("Files");
  document.addEventListener("dragover", (e) => {
    if (!files(e)) return;
    e.preventDefault();
    area.classList.add("drop");
  });
  document.addEventListener("dragleave", (e) => { if (!e.relatedTarget) area.classList.remove("drop"); });
  document.addEventListener("drop", (e) => {
    if (!files(e)) return;
    e.preventDefault();
    area.classList.remove("drop");
    if (e.dataTransfer.files[0]) importFile(e.dataTransfer.files[0]);
  });
  for (const [format, ext, type] of [["block", "txt", "text/plain"], ["thin", "txt", "text/plain"],
    ["json", "json", "application/json"], ["mazelib", "txt", "text/plain"], ["matrix", "json", "application/json"],
    ["box", "txt", "text/plain;charset=utf-8"]]) {
    $(`export-${format}`).addEventListener("click", async () => {
      try {
        const { text } = await call("export", { format });
        download(new Blob([text], { type }), `maze-${format}.${ext}`);
      } catch (err) {
        notice(err.message);
      }
    });
  }
  // The board as shown: the maze canvas with the overlay (route lines, head) drawn over it.
  $("export-png").addEventListener("click", () => {
    const maze = $("maze"), board = document.createElement("canvas");
    board.width = maze.width;
    board.height = maze.height;
    const ctx = board.getContext("2d", { alpha: false });
    ctx.drawImage(maze, 0, 0);
    ctx.drawImage($("overlay"), 0, 0);
    board.toBlob((blob) => (blob ? download(blob, "maze.png") : notice("The canvas could not be saved.")), "image/png");
  });
}
