// bench/micro.py in npm's Pyodide under Node (the runtime the page ships): `node bench/micro_pyodide.mjs`.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(join(root, "web/node_modules/pyodide/pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: join(root, "web/node_modules/pyodide/") });
pyodide.runPython(readFileSync(join(root, "bench/micro.py"), "utf8")); // (run as __main__)
