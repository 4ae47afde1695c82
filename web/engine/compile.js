// The runtime's WebAssembly compiled as it downloads on a thread of its own, for web/engine/worker.js
// (which would otherwise spend its own thread on it while the snapshot downloads and unpacks there):
// given the file's address, it answers with the compiled WebAssembly.Module, the download's timing
// entry and this thread's time origin (worker.js reports it beside its own files'), or with the error's text.
onmessage = ({ data: url }) => WebAssembly.compileStreaming(fetch(url)).then((module) => {
  const e = performance.getEntriesByName(url)[0];
  postMessage({ module, timing: e ? e.toJSON() : null, origin: performance.timeOrigin });
}, (err) => postMessage(String((err && err.message) || err)));
