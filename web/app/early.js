// The page's first script: it starts the engine's worker at once, so that Pyodide downloads and
// boots while main.js and its two dozen modules load; main.js's Engine takes this worker over
// (with the messages it sent meanwhile) instead of starting one of its own.
import { Engine } from "../engine/engine.js";

globalThis.pymazeEarlyWorker = Engine.spare();
