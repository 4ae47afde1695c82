"""A Jupyter widget (anywidget) that animates a ``Run``: back, play, step, a scrubber and a speed,
drawn by the page's own renderer (``web/widget.js`` and the page's modules, bundled by
``build.py`` into ``pymaze/static/widget.js``).

    >>> from pymaze.widget import RunWidget
    >>> w = RunWidget(pymaze.Run.generate("dig", 20, 12, seed=1))   # the cell's value shows it
    >>> w.step(10); w.back(); w.tick
    9

The run is made to its end here, once: its first maze, its events and, for a hex, triangle or polar
maze, its drawing go to the front end as binary buffers, in the shape the page's worker sends them;
``tick`` (the event shown) is kept in step both ways, so ``w.tick = 40``, ``w.seek(40)`` and the
scrubber all move the same board.  Needs ``anywidget`` (``pip install pymaze-workbench[jupyter]``).
"""

import json
from pathlib import Path

from .errors import ParameterError, PymazeError, shown
from .run import Run
from .web import Session, drawing_of

try:
    import anywidget
    import traitlets
except ImportError as err:  # pragma: no cover - the message is the point
    raise PymazeError("the widget needs anywidget: pip install 'pymaze-workbench[jupyter]'") from err

SCRIPT = Path(__file__).with_name("static") / "widget.js"
MAX_EVENTS = 5_000_000  # a run's events travel to the notebook whole: 16 bytes each
DRAWING = ("polygons", "starts", "walls", "border", "ends")


def _script():
    if not SCRIPT.exists():
        raise PymazeError(f"{SCRIPT} is missing: it is built by 'python3 build.py build' (an installed wheel has it)")
    return SCRIPT


class RunWidget(anywidget.AnyWidget):
    """``run`` (a ``pymaze.Run`` not started yet) on a board with its own transport."""

    _esm = traitlets.Unicode().tag(sync=True)
    header = traitlets.Dict().tag(sync=True)
    vocabulary = traitlets.Dict().tag(sync=True)
    wall = traitlets.Bytes().tag(sync=True)
    mark = traitlets.Bytes().tag(sync=True)
    num = traitlets.Bytes().tag(sync=True)  # int32, little-endian
    events = traitlets.Bytes().tag(sync=True)  # the run's packed events, int32 little-endian
    drawing = traitlets.Dict(allow_none=True, default_value=None).tag(sync=True)
    total = traitlets.Int(0).tag(sync=True)
    tick = traitlets.Int(0).tag(sync=True)
    playing = traitlets.Bool(False).tag(sync=True)
    speed = traitlets.Float(50.0).tag(sync=True)  # events a second while playing
    view = traitlets.Unicode("thin").tag(sync=True)

    def __init__(self, run, tick=None, speed=None, view="thin", **kwargs):
        if not isinstance(run, Run):
            raise ParameterError(f"RunWidget takes a pymaze.Run; got {shown(run)}")
        if run.started:
            raise ParameterError("RunWidget takes a run no batch was asked of yet (Run.generate or Run.solve)")
        if view not in ("thin", "block"):
            raise ParameterError(f"view must be thin or block; got {shown(view)}")
        session = Session()
        header, wall, mark, num = session._header(run)
        events = run.events()
        if len(events) // 4 > MAX_EVENTS:
            raise ParameterError(f"the run has {len(events) // 4:,} events; a widget takes at most {MAX_EVENTS:,}")
        lattice = run.initial.lattice
        drawing = None
        if lattice is not None:
            meta, *buffers = drawing_of(lattice)
            drawing = dict(json.loads(meta), **dict(zip(DRAWING, buffers)))
        total = len(events) // 4
        super().__init__(
            _esm=_script().read_text(encoding="utf-8"), header=json.loads(header),
            vocabulary=json.loads(session.catalogue_json())["events"],
            wall=bytes(wall), mark=bytes(mark), num=num.tobytes(), events=events.tobytes(), drawing=drawing,
            total=total, tick=total if tick is None else tick, view=view,
            speed=float(speed) if speed is not None else max(20.0, total / 6), **kwargs)
        self.run = run

    @traitlets.validate("tick")
    def _tick_in_range(self, proposal):
        value = proposal["value"]
        return max(0, min(self.total, value))

    @traitlets.validate("speed")
    def _speed_positive(self, proposal):
        if not proposal["value"] > 0:
            raise traitlets.TraitError("speed is events a second, more than 0")
        return proposal["value"]

    def seek(self, k):
        """Show event ``k`` (clamped to 0..total)."""
        self.tick = k

    def step(self, n=1):
        """``n`` events on."""
        self.tick = self.tick + n

    def back(self, n=1):
        """``n`` events back."""
        self.tick = self.tick - n

    def play(self):
        """Play from here (from the start when at the end) at ``speed`` events a second."""
        if self.tick >= self.total:
            self.tick = 0
        self.playing = True

    def pause(self):
        self.playing = False
