"""The event vocabulary: every change an algorithm makes, as four small integers.

An event is ``(op, index, old, new)``:

====== ===== ================================================================
op     name  meaning
====== ===== ================================================================
1      WALL  ``wall[index]`` goes from ``old`` to ``new`` (1 wall, 0 floor)
2      MARK  ``mark[index]`` goes from ``old`` to ``new`` (see the M_* marks)
3      NUM   ``num[index]`` goes from ``old`` to ``new``: a value v > 0
             stands for the number v - 1 (wave numbers, distances, cluster
             ids); 0 means "no number"
4      START the start square moves from ``old`` to ``new`` (index unused, 0)
5      GOAL  the goal square moves from ``old`` to ``new`` (index unused, 0)
6      NOTE  changes nothing; ``old`` is a note code (N_*), ``new`` a value,
             ``index`` the square it concerns (or -1)
====== ===== ================================================================

``op | MILESTONE`` marks the event as a milestone (a wall opened, a cell
expanded, the goal reached): the page's "step to next milestone" stops after
it.  Everything else is a plain cell change.  Because each event carries the
value it replaces, applying the stream backwards undoes it exactly.

A packed batch is a flat ``array('i')`` of ``4 * n`` integers.  The
algorithms yield *steps*: flat tuples of one or more events
(``(WALL, p, 1, 0, WALL | MILESTONE, q, 1, 0)`` is one step of two events).  An algorithm
whose function has ``packed`` set yields ``array('i')`` chunks of whole events instead, many
steps' worth at a time, packed in bulk (``Kinds``/``pack``, ``column``): the same events, without
the four int conversions per event and the generator round trip per step.
"""

from array import array
from collections import deque
from itertools import chain, islice

from .errors import ParameterError
from .maze import check_maze

WALL, MARK, NUM, START, GOAL, NOTE = 1, 2, 3, 4, 5, 6
MILESTONE = 0x100
OP_MASK = 0xFF
OP_NAMES = {WALL: "wall", MARK: "mark", NUM: "num", START: "start", GOAL: "goal", NOTE: "note"}

# Marks: what a square is doing in the run right now (the page's palette is keyed by these).
M_NONE = 0
M_CURRENT = 1     # the head of a walk: the cell being carved or expanded
M_STACK = 2       # on the backtracking stack / a wall under construction
M_FRONTIER = 3    # discovered, not yet expanded (open set)
M_VISITED = 4     # expanded (closed set)
M_ROUTE = 5       # on the final route
M_FRONTIER2 = 6   # second frontier (the goal side of a bidirectional search)
M_VISITED2 = 7    # expanded from the goal side
M_FILLED = 8      # filled in (dead-end and cul-de-sac filling)
M_ROUTE2 = 9      # on an alternative route
M_DEAD = 10       # a dead end (Trémaux's twice-walked passages, metrics)
M_SCANNED = 11    # looked at in passing, never queued (jump point search's straight and diagonal scans)
M_JUMP = 12       # a jump point: queued by jump point search
MARK_NAMES = {
    M_NONE: "none", M_CURRENT: "current", M_STACK: "stack", M_FRONTIER: "frontier",
    M_VISITED: "visited", M_ROUTE: "route", M_FRONTIER2: "frontier2",
    M_VISITED2: "visited2", M_FILLED: "filled", M_ROUTE2: "route2", M_DEAD: "dead",
    M_SCANNED: "scanned", M_JUMP: "jump",
}

# Note codes (the ``old`` field of a NOTE event).
N_FOUND = 1        # value: the route's length in moves; index: the goal square
N_NO_ROUTE = 2     # the goal cannot be reached; value 0
N_TRAPPED = 3      # a wall follower came back to a state it had been in
N_GAVE_UP = 4      # a step cap ran out
N_HEURISTIC = 5    # the result is a heuristic, not exact (value: 1)
N_ROUTE = 6        # one of several routes is complete; value: its length in moves
N_TURNS = 7        # the route's total turning in whole degrees (graph.turning)
N_COST = 8         # the route's cost (weighted solvers), in thousandths of a unit (rounded)
N_WAYPOINT = 10    # a corner of a route polyline in travel order; index: its square, value: its ordinal (0 starts a route)
N_BOUND = 11       # IDA*: the cost bound of the iteration that starts now, in hundredths of a step
N_EXHAUSTED = 12   # fewer routes than asked exist: value, how many simple routes were examined (1: the only one)
N_REPLAN = 13      # D* Lite replanned after walls changed: value, the route's cost from the agent (index) to G, in thousandths
NOTE_NAMES = {
    N_FOUND: "found", N_NO_ROUTE: "no route", N_TRAPPED: "trapped in a loop",
    N_GAVE_UP: "gave up", N_HEURISTIC: "heuristic", N_ROUTE: "route",
    N_TURNS: "turns", N_COST: "cost", N_WAYPOINT: "waypoint", N_BOUND: "bound",
    N_EXHAUSTED: "no more routes", N_REPLAN: "replanned",
}


def vocabulary():
    """The vocabulary as JSON-able data, keyed by the constants' names without their prefix
    (``{"ops": {"WALL": 1, ...}, "marks": {"CURRENT": 1, ...}, "notes": {"FOUND": 1, ...}}``):
    what the page reads instead of keeping its own copy."""
    return {"ops": {name.upper(): op for op, name in OP_NAMES.items()},
            "milestone": MILESTONE, "op_mask": OP_MASK,
            "marks": {name.upper(): m for m, name in MARK_NAMES.items()},
            "notes": {key[2:]: value for key, value in globals().items()
                      if key.startswith("N_") and isinstance(value, int)}}


def apply(state, events, backwards=False, check=False):
    """Apply packed ``events`` (a flat int sequence) to ``state`` (a Maze), in place.

    Forwards each event sets its layer to ``new``; backwards the events are
    undone last-first by setting ``old``.  With ``check=True`` every event's
    replaced value is verified against the state, so a stream that does not
    fit the state raises ``ValueError`` instead of silently diverging.
    Returns the state.  Anything that is not a Maze and a flat sequence of events that fits its grid
    (known ops, indices inside it, values each layer can hold) raises ``ParameterError``.
    """
    check_maze(state, "state")
    if not isinstance(events, array) or events.typecode != "i":
        try:
            events = array("i", events)
        except (TypeError, ValueError, OverflowError):
            raise ParameterError("events must be a flat sequence of whole numbers (op, index, old, new, ...) "
                                 "of 32 bits") from None
    n = len(events) // 4
    if len(events) != 4 * n:
        raise ParameterError(f"events must hold a multiple of 4 integers; got {len(events)}")
    layers = {WALL: state.wall, MARK: state.mark, NUM: state.num}
    limits = {WALL: (0, 1), MARK: (0, 255), NUM: (-2**31, 2**31 - 1)}
    size = len(state.wall)
    order = range(n - 1, -1, -1) if backwards else range(n)
    for i in order:
        j = 4 * i
        op = events[j] & OP_MASK
        index, old, new = events[j + 1], events[j + 2], events[j + 3]
        if backwards:
            old, new = new, old
        layer = layers.get(op)
        if layer is not None:
            lo, hi = limits[op]
            if not 0 <= index < size or not lo <= new <= hi:
                raise ParameterError(f"event {i}: {OP_NAMES[op]}[{index}] = {new} does not fit the maze "
                                     f"(index from 0 to {size - 1}, value from {lo} to {hi})")
            if check and layer[index] != old:
                raise ParameterError(f"event {i}: {OP_NAMES[op]}[{index}] is {layer[index]}, expected {old}")
            layer[index] = new
        elif op in (START, GOAL):
            if not -1 <= new < size or op == GOAL and new < 0:
                raise ParameterError(f"event {i}: {OP_NAMES[op]} {new} is outside the maze "
                                     f"(a square index from 0 to {size - 1})")
            if op == START:
                if check and state.start != old:
                    raise ParameterError(f"event {i}: start is {state.start}, expected {old}")
                state.start = new
            else:
                if check and state.goal != old:
                    raise ParameterError(f"event {i}: goal is {state.goal}, expected {old}")
                state.set_goal(new)
        elif op != NOTE:
            raise ParameterError(f"event {i}: unknown op {events[j]}; allowed: "
                                 + ", ".join(f"{k} ({v})" for k, v in OP_NAMES.items()) + ", each | 0x100 for a milestone")
    return state


def unpack(events):
    """The packed events as a list of ``(op, index, old, new)`` tuples (for tests and tools)."""
    return [tuple(events[j:j + 4]) for j in range(0, len(events), 4)]


def notes(events):
    """The NOTE events of a packed stream as ``(code, value, index)`` tuples, in order."""
    return [(events[j + 2], events[j + 3], events[j + 1])
            for j in range(0, len(events), 4) if events[j] & OP_MASK == NOTE]


# --- packing in bulk (what the watched path of the busiest algorithms uses) --------------------

CHUNK = 2048  # events a packed algorithm gathers before it hands them to its Run


class Kinds:
    """The events of an algorithm that packs its own (see ``pack``).  Each argument is a kind: one
    event ``(op, old, new)``, or a step of several, ``((op, old, new), ...)``, every kind as many
    (``self.size``); the events' indices are given event by event."""

    def __init__(self, *kinds):
        kinds = [k if isinstance(k[0], tuple) else (k,) for k in kinds]
        self.size = len(kinds[0])
        if any(len(k) != self.size for k in kinds):
            raise ValueError("every kind must hold as many events")
        blank = [array("i", [v for op, old, new in k for v in (op, 0, old, new)]).tobytes() for k in kinds]
        # For each byte of a packed kind that some kind sets: the table from kind to that byte.
        self.columns = [(j, bytes(b[j] for b in blank).ljust(256, b"\0"))
                        for j in range(16 * self.size) if any(b[j] for b in blank)]


def pack(table, kind, index):
    """Packed events: kind ``kind[i]`` of ``table`` (``kind`` a bytearray, see ``Kinds``) with
    its events' indices taken in turn from ``index``.  The work per event runs in C: each byte the
    kinds set is one translation of ``kind`` written with a stride, and the indices are converted
    once (not four int conversions an event)."""
    step = 16 * table.size
    buf = bytearray(step * len(kind))
    for j, to in table.columns:
        buf[j::step] = kind.translate(to)
    out = array("i")
    out.frombytes(buf)
    out[1::4] = array("i", index)
    return out


class Trace:
    """The events a watched algorithm reports, packed in bulk: the body calls ``trace.add(kind,
    index)`` for each event (``kind`` one of ``table``'s kinds, see ``Kinds``; ``index`` the
    square it changes) and hands out ``trace.batch()`` whenever ``trace.full()``, and at the end.
    Nobody watching, the body makes no trace at all (``if watch:``)."""

    def __init__(self, table):
        self.table = table
        self.kind, self.index = bytearray(), []

    def add(self, kind, index):
        self.kind.append(kind)
        self.index.append(index)

    def step(self, kinds, *indices):
        """Several events in one call: one of each kind in ``kinds`` (bytes), for each index in turn."""
        self.kind += kinds
        self.index += indices

    def add_all(self, kind, indices):
        """One event of ``kind`` for each index of ``indices``."""
        self.kind += bytes((kind,)) * len(indices)
        self.index += indices

    def full(self):
        return len(self.index) >= CHUNK

    def batch(self):
        """The events added since the last batch, packed (see ``pack``)."""
        out = pack(self.table, self.kind, self.index)
        self.kind, self.index = bytearray(), []
        return out


def column(op, index, old, new):
    """Packed events ``(op, index[i], old[i], new)`` for every ``i`` (``old`` a sequence as long
    as ``index``, or one value for all)."""
    out = array("i", (op, 0, old if isinstance(old, int) else 0, new)) * len(index)
    out[1::4] = array("i", index)
    if not isinstance(old, int):
        out[2::4] = array("i", old)
    return out


def drain(steps):
    """Run the generator ``steps`` to its end, dropping what it yields; returns what it returns."""
    out = []

    def whole():
        out.append((yield from steps))
    deque(whole(), maxlen=0)
    return out[0]
