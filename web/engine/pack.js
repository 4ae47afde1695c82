// The timeline's packed layers, shared by the page and the worker (which packs a run's first maze
// before handing it over: a pass over every square, about 100 ms at 2000x2000, kept off the page's
// thread).  A layer packed as small as its values allow: [how, data, count].  Walls of 0 and 1 take a bit a
// square, marks under 16 four bits, numbers (Int32) nothing when all are 0, one or two bytes when
// they fit; any layer only its non-zero squares (index and value) when that is smaller.
export function pack(a) {
  let lo = 0, hi = 0, nonzero = 0;
  for (let i = 0; i < a.length; i++) { const v = a[i]; if (v) { nonzero++; if (v > hi) hi = v; else if (v < lo) lo = v; } }
  const n = a.length;
  if (lo === 0 && hi === 0) return ["zero", null, n];
  // bytes a square, packed densely; a layer whose non-zero squares are few (a walk's marks, a
  // search's frontier) goes sparse when that is smaller, whatever its values
  const dense = lo < 0 || hi >= 65536 ? 4 : hi >= 256 ? 2 : hi >= 16 ? 1 : hi >= 2 ? 0.5 : 0.125;
  if (nonzero * 8 < n * dense) {
    const at = new Int32Array(nonzero), values = new Int32Array(nonzero);
    for (let i = 0, j = 0; i < n; i++) if (a[i]) { at[j] = i; values[j++] = a[i]; }
    return ["sparse", [at, values], n];
  }
  if (dense === 0.125) {
    const out = new Uint8Array((n + 7) >> 3);
    for (let i = 0; i < n; i++) if (a[i]) out[i >> 3] |= 1 << (i & 7);
    return ["bits", out, n];
  }
  if (dense === 0.5) {
    const out = new Uint8Array((n + 1) >> 1);
    for (let i = 0; i < n; i++) out[i >> 1] |= a[i] << ((i & 1) << 2);
    return ["nibbles", out, n];
  }
  if (dense === 1) return ["bytes", Uint8Array.from(a), n];
  return dense === 2 ? ["shorts", Uint16Array.from(a), n] : ["copy", a.slice(), n];
}

// The buffers a packed layer holds (what a message transfers).
export const packedBuffers = (c) => (c[0] === "sparse" ? c[1].map((x) => x.buffer) : c[1] ? [c[1].buffer] : []);

// A layer of 0 and 1 that pack() packed (as bits, or sparse: a few 1s), as bytes of 0 and 1 again.
export function unpackBits([how, data, n]) {
  const a = new Uint8Array(n);
  if (how === "bits") for (let i = 0; i < n; i++) a[i] = (data[i >> 3] >> (i & 7)) & 1;
  else if (how === "sparse") { const [at, values] = data; for (let j = 0; j < at.length; j++) a[at[j]] = values[j]; }
  else if (how === "bytes" || how === "copy") a.set(data);
  return a; // ("zero": all 0)
}
