"""The engine inside Pyodide gives the same event streams as CPython on every shape."""

import hashlib

import pytest

from pymaze.graph import SHAPES
from pymaze.run import Run

pytestmark = pytest.mark.browser


def cpython_hash(slug, w, h, seed, shape, solver=None):
    run = Run.generate(slug, w, h, seed, shape)
    if solver:
        run = Run.solve(solver, run.finish(), 0)
    return hashlib.sha256(run.events().tobytes()).hexdigest()


@pytest.mark.parametrize("shape", SHAPES)
def test_pyodide_streams_equal_cpython_on_every_shape(page, shape):
    for solver in (None, "astar"):
        args = {"slug": "wilson", "width": 9, "height": 7, "seed": 4, "geometry": shape}
        if solver:
            args["solver"] = solver
        assert page.js("a => window.pymaze.streamHash(a)", args) == cpython_hash("wilson", 9, 7, 4, shape, solver)
