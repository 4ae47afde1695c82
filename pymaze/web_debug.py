"""What only tests and benchmarks ask of the page's engine (never loaded by the page itself).

The worker imports this module only when the page was opened for testing
(web/engine/worker.js: its debug requests); each function reads a ``pymaze.web.Session``
or runs on its own, leaving the page's runs alone.
"""

import hashlib
import json
import time

from .run import Run
from .web import parse_options


def snapshot(session):
    """The live maze of ``session``'s current run: JSON of its size, start, goals and layers."""
    m = session.run.maze
    return json.dumps({"width": m.width, "height": m.height, "start": m.start, "goals": m.goals,
                       "wall": list(m.wall), "mark": list(m.mark), "num": list(m.num),
                       "weight": list(m.weight) if m.weight is not None else None})


def stream_hash(slug, width, height, seed, geometry="thin", options_json="{}",
                solver="", solver_seed=0, solver_options_json="{}"):
    """sha256 of a whole event stream: of the generator, or (``solver`` given) of solving its maze."""
    run = Run.generate(slug, width, height, seed, geometry, **parse_options(options_json))
    if solver:
        run = Run.solve(solver, run.finish(), solver_seed, **parse_options(solver_options_json))
    digest = hashlib.sha256()
    while batch := run.next_batch(100000):
        digest.update(batch.tobytes())
    return digest.hexdigest()


def timing_json(slug, width, height, seed, solver=""):
    """Seconds (``time.perf_counter``) an instant generate of ``slug`` takes in this engine, and
    an instant solve of its maze by ``solver`` when given.  What bench/page.py compares with
    CPython running the same function."""
    t0 = time.perf_counter()
    maze = Run.generate(slug, width, height, seed).finish()
    t1 = time.perf_counter()
    if solver:
        Run.solve(solver, maze, seed).finish()
    return json.dumps({"generate": t1 - t0, "solve": time.perf_counter() - t1 if solver else None})
