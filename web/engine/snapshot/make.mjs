// Build time (Node, run by build.py): boot the pinned Pyodide, put the site's pymaze wheel on sys.path,
// import the engine (pymaze.web and every algorithm) and write the started interpreter's memory, gzipped, as the
// site's engine snapshot.  The page's worker restores it instead of starting Python and
// importing the engine (web/engine/worker.js); a snapshot that does not load sends it on the normal boot.
//
//     node web/engine/snapshot/make.mjs PYODIDE_DIR WHEEL OUT
//
// Pyodide's memory snapshot is a private API of the pinned version (314.0.7): the `loadPyodide`
// option `_makeSnapshot` and `pyodide.makeMemorySnapshot()`; the page's `_loadSnapshot` restores
// it.  tests/test_page_snapshot.py checks both sides against that version.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

const [pyodideDir, wheel, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: path.resolve(pyodideDir) + "/", _makeSnapshot: true, stdout: () => {}, stderr: () => {},
});
// (imported from the wheel itself, by zipimport, as the page does: web/engine/worker.js)
const wheelPath = `${pyodide.FS.cwd()}/${path.basename(wheel)}`;
pyodide.FS.writeFile(wheelPath, new Uint8Array(fs.readFileSync(wheel)));
pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(wheelPath)})`);
// (the catalogue loads every algorithm's module: all of them are in the snapshot, compiled)
pyodide.runPython("import pymaze.web; pymaze.web.Session().catalogue_json()");
const snapshot = pyodide.makeMemorySnapshot();
// (gzip: a third of the size, and its checksum makes a damaged download fail loudly, not restore garbage)
fs.writeFileSync(out, zlib.gzipSync(snapshot, { level: 6 }));
console.log(JSON.stringify({ bytes: snapshot.length, version: pyodide.version }));
