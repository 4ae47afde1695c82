// The page's first script: it starts the engine's worker at once, so that Pyodide downloads and
// boots while main.js and its two dozen modules load; main.js's Engine takes this worker over
// (with the messages it sent meanwhile) instead of starting one of its own.  It runs from the
// page's head (async: before the page is parsed and its modules arrive, not after them) and main.js
// imports it first, so that it has run before main.js in any order of arrival (once: one module).
import { Engine } from "../engine/engine.js";

globalThis.pymazeEarlyWorker = Engine.spare();
