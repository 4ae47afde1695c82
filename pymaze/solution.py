"""What a solver run found, derived from its event stream alone (never kept beside it)."""

import sys
from array import array
from dataclasses import dataclass, field
from itertools import chain, compress

from .events import (MARK, M_FRONTIER2, M_ROUTE, M_VISITED, M_VISITED2, NOTE, NOTE_NAMES, START, N_COST,
                     N_EXHAUSTED, N_FOUND, N_GAVE_UP, N_HEURISTIC, N_NO_ROUTE, N_ROUTE, N_TRAPPED, N_TURNS, N_WAYPOINT, OP_MASK,
                     notes as read_notes)
from .solvers.routes import SHARE

_LOW = 0 if sys.byteorder == "little" else 3  # where an int32's low byte sits in its four bytes


def _table(*values):
    """A ``bytes.translate`` table that maps each of ``values`` to 1 and every other byte to 0."""
    return bytes(int(b in values) for b in range(256))


_MARKS, _ROUTE, _VISITED = _table(MARK), _table(M_ROUTE), _table(M_VISITED, M_VISITED2)


def _both(a, b):
    """The bytes that are 1 where both ``a`` and ``b`` (equal lengths of 0 and 1 bytes) are 1."""
    return (int.from_bytes(a, "little") & int.from_bytes(b, "little")).to_bytes(len(a), "little")


def _positions(ops, op):
    """Event numbers whose op is ``op`` (``ops``: one byte per event), found by ``bytes.find``."""
    j = ops.find(op)
    while j >= 0:
        yield j
        j = ops.find(op, j + 1)


@dataclass
class Solution:
    """The outcome of a solve: status, the route (S to G), its length in moves and the nodes visited."""
    found: bool
    status: str                 # "found", "no route", "trapped in a loop", "gave up"
    squares: list               # route nodes (square indices) in order from S
    path: list                  # route nodes as (x, y) in the maze's units (cells or squares)
    moves: int
    visited: int                # distinct nodes ever expanded
    heuristic: bool = False     # the result is a heuristic (e.g. farthest pair on a maze with loops)
    notes: list = field(default_factory=list)  # (name, value, square) of every NOTE event
    maze: object = field(default=None, repr=False, compare=False)  # the maze solved (for drawing it)

    @classmethod
    def from_events(cls, maze, events):
        """Read a solver's packed events on ``maze`` (the maze it solved, before the run)."""
        if not isinstance(events, array) or events.typecode != "i":
            events = array("i", events)
        # Every pass below runs in C (slices of bytes, translate, compress): no Python work per
        # event, only per NOTE and START event, which are few.  An op and a mark fit in the low
        # byte of their int, so one byte per event says each.
        raw = events.tobytes()
        ops, new = raw[_LOW::16], raw[12 + _LOW::16]
        marks = ops.translate(_MARKS)
        index = events[1::4]
        route = list(dict.fromkeys(compress(index, _both(marks, new.translate(_ROUTE)))))
        visited = set(compress(index, _both(marks, new.translate(_VISITED))))
        raw_notes, start = [], maze.start
        for j in sorted(chain(_positions(ops, NOTE), _positions(ops, START))):
            if ops[j] == START:  # the start moved (farthest pair)
                start = events[4 * j + 3]
                continue
            raw_notes.append((events[4 * j + 2], events[4 * j + 3], events[4 * j + 1]))
        if route and route[0] != start and route[-1] == start:
            route.reverse()
        return cls.of(maze, route, len(visited), raw_notes)

    @classmethod
    def of(cls, maze, route, visited, notes):
        """The solution of a run that ended with ``route`` (its nodes from S), ``visited`` nodes
        expanded and ``notes`` (``(code, value, index)`` of each NOTE event, in order): what an
        event-free solver reports, and what ``from_events`` reads from the events."""
        status = None
        named = []
        for code, value, p in notes:
            named.append((NOTE_NAMES.get(code, str(code)), value, p))
            if code in (N_FOUND, N_NO_ROUTE, N_TRAPPED, N_GAVE_UP) and status is None:
                status = NOTE_NAMES[code]
        found = status == "found"
        return cls(found=found, status=status or "no route", squares=route,
                   path=maze.nodes_xy(route), moves=max(len(route) - 1, 0) if found else 0,
                   visited=visited, heuristic=any(n[0] == NOTE_NAMES[N_HEURISTIC] for n in named),
                   notes=named, maze=maze)

    @classmethod
    def of_run(cls, run, keep_events=False):
        """Run ``run`` (a solver's ``Run``, no batch asked for yet) to its end and read its Solution:
        from what its unwatched body reports (``Run.finish``) where it reports, else
        from the events of the same run made again.  Returns ``(solution, run, events)``: the run
        that ended (its ``maze`` is the maze as the solver left it) and its packed events, or None
        when the twin made none; ``keep_events`` asks for the events even where a twin exists."""
        if run.algorithm.watchable and not keep_events:
            run.finish()
            if run.outcome is not None:
                return cls.of(run.initial, *run.outcome), run, None
            run = run.again()  # the twin gave up on this maze: the watched body, from the start
        events = run.events()
        if run.waypoints:  # a tour reports its route itself (a square may be on it twice)
            return cls.of(run.initial, *run.outcome), run, events
        return cls.from_events(run.initial, events), run, events

    @property
    def cost(self):
        """The route's total cost as a float: its COST note (weights, diagonal or any-angle steps),
        else one a move; None when no route was found."""
        if not self.found:
            return None
        cost = next((v for name, v, _ in reversed(self.notes) if name == NOTE_NAMES[N_COST]), None)
        return self.moves if cost is None else cost / 1000

    def to_json(self):
        return {"found": self.found, "status": self.status, "path": [list(p) for p in self.path],
                "moves": self.moves, "visited": self.visited, "heuristic": self.heuristic}


# --- the routes of a run of `routes` (several routes), read back --------------------------

def _along(maze, corners):
    """The nodes of a polyline of corners: the straight runs between them filled in (squares)."""
    if maze.lattice is not None:
        return list(corners)
    w, k = maze.width, maze.step()
    out = corners[:1]
    for a, b in zip(corners, corners[1:]):
        d = (k if b > a else -k) * (1 if a // w == b // w else w)
        out += range(a + d, b + d, d)
    return out


def listed(maze, events=None, said=None):
    """The routes a run of this solver on ``maze`` showed, read back from its events alone (or from
    the notes it reported, ``said``, as ``(code, value, index)``, when it ran with nobody watching):
    ``([{"moves", "turning", "overlap", "path"}, ...], why)`` (turning in whole degrees).  ``overlap`` is the share of the
    route's nodes that lie on the first route; ``why`` says why fewer than asked came, when a note
    does: ``("exhausted", simple routes examined)`` or ``("gave up", routes kept)``, else None."""
    lines, out, why = [], [], None
    for code, value, p in read_notes(events) if said is None else said:
        if code == N_WAYPOINT:
            if value == 0 or not lines:
                lines.append([])
            lines[-1].append(p)
        elif code == N_ROUTE:
            out.append({"moves": value, "turning": None})
        elif code == N_TURNS and out:
            out[-1]["turning"] = value
        elif code == N_EXHAUSTED:
            why = ("exhausted", value)
        elif code == N_GAVE_UP:
            why = ("gave up", value)
    paths = [_along(maze, line) for line in lines]
    first = set(paths[0]) if paths else set()
    for route, path in zip(out, paths):
        route["overlap"] = round(sum(p in first for p in path) / len(path), 3)
        route["path"] = path
    return out, why


def why_fewer(n, why):
    """``why`` (see ``listed``) as a sentence for ``n`` routes kept, or ""."""
    if why is None:
        return ""
    share = round(100 * (1 - SHARE))
    if why[0] == "exhausted":
        return ("the maze has exactly one route from S to G (no loop lies between them)" if why[1] == 1 else
                f"all {why[1]:,} simple routes were examined; each of the others shares {100 - share} % "
                "or more with a route listed")
    return f"only {n} routes differing by more than {share} % were found before the search budget ran out"
