// The shape and mask choosers of the Generate panel: which generators and solvers the chosen
// shape (and a mask) allow, what the size fields mean (polar: the first ring's cells and the
// rings), the mask the engine is asked for, and a picture turned into mask text in the browser.
const $ = (id) => document.getElementById(id);
const PREFERRED = ["dig", "wilson", "kruskal"]; // picked when the chosen generator cannot make the shape
export const MAX_MASK_SIDE = 120; // a picture becomes at most this many mask cells a side

// Bring the controls in line with the chosen shape and mask.
export function showShape(ui) {
  const shape = $("shape").value, masked = $("mask").value !== "";
  $("mask-box").hidden = $("mask").value !== "text";
  $("mask-join-label").hidden = !masked;
  const polar = shape === "polar";
  $("width-label").textContent = polar ? "First ring" : "Width";
  $("height-label").textContent = polar ? "Rings" : "Height";
  $("depth-label").hidden = shape !== "levels";
  if (!ui.gen) return;
  // A masked maze needs a generator that walks the graph (one that takes the first four shapes).
  const walks = (a) => ["square", "hex", "triangle", "polar"].every((s) => a.shapes.includes(s));
  limit(ui.gen, (a) => a.shapes.includes(shape) && (!masked || walks(a)));
  limit(ui.sol, (a) => a.shapes.includes(shape));
}

// Disable the options `ok` refuses; a refused choice moves to a preferred allowed one.
function limit(picker, ok) {
  const options = picker.select.options;
  picker.algorithms.forEach((a, i) => {
    options[i].disabled = !ok(a);
    options[i].title = options[i].disabled ? `${a.name} makes or solves ${a.shapes.join(", ")} mazes` : a.summary;
  });
  if (!ok(picker.current)) {
    const pick = PREFERRED.map((slug) => picker.algorithms.find((a) => a.slug === slug)).find((a) => a && ok(a))
      || picker.algorithms.find(ok);
    if (pick) {
      picker.select.value = pick.slug;
      picker.select.dispatchEvent(new Event("change"));
    }
  }
}

// The mask the engine is asked for: null, a preset or the typed text, with the islands policy.
export function maskSpec() {
  const kind = $("mask").value, islands = $("mask-join").checked ? "join" : "error";
  if (!kind) return null;
  return kind === "text" ? { text: $("mask-text").value, islands } : { preset: kind, islands };
}

// A picture's dark pixels (or, when it has transparency, its opaque ones) become the mask text,
// one mask cell per cell of the maze (a polar maze: a square over its rings).
export async function maskFromPicture(file, notice) {
  let bitmap;
  try { bitmap = await createImageBitmap(file); } catch {
    notice("That picture could not be read; a mask picture is a PNG, JPEG, GIF or WebP image.");
    return;
  }
  const side = (id) => Math.max(1, Math.min(MAX_MASK_SIDE, Number($(id).value) || 20));
  const polar = $("shape").value === "polar";
  const w = polar ? 2 * side("height") + 1 : side("width"), h = polar ? w : side("height");
  const canvas = document.createElement("canvas");
  canvas.width = w; canvas.height = h;
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  ctx.drawImage(bitmap, 0, 0, w, h);
  const px = ctx.getImageData(0, 0, w, h).data;
  let alpha = false;
  for (let i = 3; i < px.length; i += 4) if (px[i] < 255) { alpha = true; break; }
  const rows = [];
  for (let y = 0; y < h; y++) {
    let row = "";
    for (let x = 0; x < w; x++) {
      const i = 4 * (y * w + x);
      row += (alpha ? px[i + 3] >= 128 : px[i] + px[i + 1] + px[i + 2] < 384) ? "X" : ".";
    }
    rows.push(row);
  }
  if (!rows.some((r) => r.includes("X"))) { notice("The picture has no dark or opaque pixels to make cells of."); return; }
  $("mask-text").value = rows.join("\n");
  $("mask").value = "text";
  $("mask").dispatchEvent(new Event("change"));
  notice("");
}
