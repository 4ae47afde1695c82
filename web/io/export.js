// Pictures and paper: the current maze as SVG (the engine's own bytes, the same as the CLI's),
// as a PNG of any size (the SVG drawn off-screen at the width or scale asked, not the screen's),
// a print sheet of mazes with answer keys (HTML made by the engine, opened in a new tab), and
// printing the board itself (the print CSS in style.css).
const $ = (id) => document.getElementById(id);
const MAX_SIDE = 8000; // px: the largest PNG side (the engine's PNG limit too)

export function download(blob, name) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// "800" or "800px": a width in pixels; "2x" (or "x2", "2×"): a scale of the SVG's own size.
export function parseSize(text, svgWidth) {
  const t = String(text).trim().toLowerCase();
  let m = t.match(/^(\d{1,5})\s*(px)?$/);
  if (m) return Number(m[1]);
  m = t.match(/^(?:x|×)?\s*(\d{0,3}(?:\.\d+)?)\s*(?:x|×)?$/);
  if (m && m[1] && /x|×/.test(t)) return Math.round(Number(m[1]) * svgWidth);
  return NaN;
}

// The SVG text drawn on an off-screen canvas `width` px wide; resolves to a PNG blob.
export async function svgToPng(svg, width) {
  const img = new Image();
  const url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  try {
    img.src = url;
    await img.decode();
    const height = Math.max(1, Math.round((width * img.naturalHeight) / img.naturalWidth));
    if (height > MAX_SIDE) throw new Error(`a ${width}x${height} PNG is taller than ${MAX_SIDE} px; ask for a smaller size`);
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext("2d", { alpha: false });
    ctx.drawImage(img, 0, 0, width, height);
    return await new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("the PNG could not be made"))), "image/png"));
  } finally {
    URL.revokeObjectURL(url);
  }
}

// `call(type, args)` asks the engine; `notice(text)`; `generator()`: the generator's settings.
export function setupExport({ call, notice, generator }) {
  const svgText = async () => (await call("svg", {})).text;
  $("export-svg").addEventListener("click", async () => {
    try {
      download(new Blob([await svgText()], { type: "image/svg+xml" }), "maze.svg");
    } catch (err) {
      notice(err.message);
    }
  });
  $("export-png-size").addEventListener("click", async () => {
    try {
      const svg = await svgText();
      const own = Number(svg.match(/ width="(\d+)"/)[1]);
      const width = parseSize($("png-size").value, own);
      if (!(width >= 16 && width <= MAX_SIDE)) {
        notice(`PNG size: a width in pixels from 16 to ${MAX_SIDE} (800) or a scale (2x); got "${$("png-size").value}".`);
        return;
      }
      download(await svgToPng(svg, width), "maze.png");
    } catch (err) {
      notice(err.message);
    }
  });
  $("print-sheet").addEventListener("click", async () => {
    // The tab opens now, inside the click (so no popup blocker stops it), and gets the sheet when it is made.
    const tab = window.open("", "_blank");
    try {
      const count = Number($("sheet-count").value);
      const { text } = await call("sheet", { ...generator(), count: Number.isInteger(count) ? count : $("sheet-count").value,
        paper: $("sheet-paper").value });
      const blob = new Blob([text], { type: "text/html" });
      if (tab) tab.location = URL.createObjectURL(blob);
      else download(blob, "maze-sheet.html");
    } catch (err) {
      if (tab) tab.close();
      notice(err.message);
    }
  });
  $("print-maze").addEventListener("click", () => window.print());
}
