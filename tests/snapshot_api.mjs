// tests/test_page_snapshot.py: the private memory-snapshot API of the pinned Pyodide, as build.py
// (web/engine/snapshot/make.mjs) and the page (web/engine/worker.js) use it.  Prints one JSON line of findings.
import path from "node:path";
import { pathToFileURL } from "node:url";

const dir = path.resolve(process.argv[2]) + "/";
const { loadPyodide, version } = await import(pathToFileURL(dir + "pyodide.mjs").href);
const quiet = { indexURL: dir, stdout: () => {}, stderr: () => {} };
const out = { version };
const maker = await loadPyodide({ ...quiet, _makeSnapshot: true });
maker.runPython("import json; kept = {'answer': 41}");
const snapshot = maker.makeMemorySnapshot();
out.snapshotIsBytes = snapshot instanceof Uint8Array;
out.snapshotBytes = snapshot.length;
out.cwd = maker.FS.cwd();
// restored: the interpreter as it was, the module imported and the value kept, Python still working
const restored = await loadPyodide({ ...quiet, _loadSnapshot: snapshot.slice() });
out.restored = restored.runPython("import sys; kept['answer'] + 1 if 'json' in sys.modules else None");
// one that is not a snapshot (its first bytes zeroed) is refused, not restored
const broken = snapshot.slice();
broken.fill(0, 0, 16);
try {
  await loadPyodide({ ...quiet, _loadSnapshot: broken });
  out.broken = "restored";
} catch (err) {
  out.broken = String(err.message || err);
}
console.log(JSON.stringify(out));
