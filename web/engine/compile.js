// The runtime's WebAssembly compiled as it downloads on a thread of its own, for web/engine/worker.js
// (which would otherwise spend its own thread on it while the snapshot downloads and unpacks there):
// given the file's address, it answers with the compiled WebAssembly.Module and the download's
// moments (as worker.js reports its own files'), or with the error's text.
onmessage = ({ data: url }) => WebAssembly.compileStreaming(fetch(url)).then((module) => {
  const e = performance.getEntriesByName(url)[0];
  const resource = e && { name: new URL(e.name).pathname.split("/").pop(), start: performance.timeOrigin + e.startTime,
    end: performance.timeOrigin + e.responseEnd, bytes: e.encodedBodySize };
  postMessage({ module, resource });
}, (err) => postMessage(String((err && err.message) || err)));
