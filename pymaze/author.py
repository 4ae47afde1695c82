"""pymaze.author: write your own maze generator or solver in a few lines, for any shape of maze.

    from pymaze.author import solver

    @solver("my-dfs", "My DFS")
    def my_dfs(maze):
        stack, seen = [maze.start], {maze.start}
        while stack:
            cell = stack.pop()
            maze.mark(cell, "visited")
            yield                                  # one step: what changed since the last yield
            ...

The function receives a ``Board``: the maze seen as cells and the passages between them, the
same on square, hex, triangle and polar mazes.  Its helpers (``open``, ``close``, ``mark``,
``number``, ``found``, ``no_route``, ``milestone``) change the maze and record the events the
page animates, so the state and the events can never disagree.  Each ``yield`` ends a step; a
function without ``yield`` makes every helper call a step of its own.  Yielding a flat tuple of
raw events (``(op, index, old, new, ...)``, see ``pymaze.events``) is allowed too: they are
checked against the maze and applied.

The raw layer under this one is ``pymaze.registry.solver`` / ``generator``: a function of
``(maze, rng, **options)`` that changes a ``pymaze.Maze`` itself and yields event tuples.
See docs/AUTHORING.md for the tutorial and the reference.
"""

import inspect
import math
import sys
from collections import deque

from . import registry
from .errors import PymazeError
from .events import (GOAL, MARK, MARK_NAMES, MILESTONE, NOTE, NUM, N_FOUND, N_NO_ROUTE, N_TURNS, START,
                     WALL, apply)
from .graph import RULED, SHAPES, cells, heuristic, links, moves, turning
from .worlds import WRAPS
from .registry import Param

__all__ = ["solver", "generator", "Param", "Board", "AuthorError", "MARKS"]

MARKS = tuple(MARK_NAMES.values())  # "none", "current", "stack", "frontier", "visited", "route", ...
_MARK_OF = {name: value for value, name in MARK_NAMES.items()}
MAX_QUEUED = 1_000_000  # steps a function without yield may queue before it must end


class AuthorError(PymazeError):
    """A helper of pymaze.author was called with something that does not fit the maze."""


def _caller_line():
    """The line of the first frame outside this module: the user's line that called a helper."""
    f = sys._getframe(2)
    while f is not None and f.f_code.co_filename == __file__:
        f = f.f_back
    return f.f_lineno if f is not None else 0


class Board:
    """The maze as a user's algorithm sees it: cells, neighbours, passages, marks, numbers.

    Cells are whole numbers (any shape); ``start`` is S, ``goals`` the goal cells, ``rng`` a
    ``random.Random`` seeded from the run's seed, ``shape`` one of square, hex, triangle, polar.
    """

    def __init__(self, maze, rng, family):
        self._maze = maze
        self.rng = rng
        self.shape = maze.shape
        self.family = family
        self._cur, self._steps, self._auto = [], deque(), False
        self._cur_line, self._milestone = 0, False
        # Carving (generators) and thin / graph mazes walk cells and passages; a block maze's solver walks squares.
        self._block = family == "solver" and maze.lattice is None and maze.geometry == "block"
        self._links = links(maze)
        self._fixed, self._tables, self._inside = moves(maze)

    # --- reading the maze ----------------------------------------------------
    @property
    def start(self):
        return self._maze.start

    @property
    def goals(self):
        return list(self._maze.goals)

    def is_goal(self, cell):
        return cell in self._maze.goals

    def cells(self):
        """Every cell of the maze (cells a mask switches off left out)."""
        if self._block:
            return self._maze.nodes()
        return list(cells(self._maze))

    def _check(self, cell, what="cell"):
        m = self._maze
        ok = isinstance(cell, int) and not isinstance(cell, bool) and 0 <= cell < len(m.wall)
        if ok and m.lattice is not None:
            ok = cell < m.lattice.n
        elif ok and not self._block:
            ok = bool(cell % m.width % 2 and cell // m.width % 2) and bool(self._inside[cell])
        elif ok:
            ok = not m.wall[cell]
        if not ok:
            raise AuthorError(f"{what} {cell!r:.40} is not a cell of this maze (cells come from maze.start, "
                              "maze.goals, maze.cells() and maze.neighbours(cell))")
        return cell

    def _pairs(self, cell):
        """``(passage, neighbour)`` for every candidate neighbour of ``cell``, clockwise."""
        d = self._fixed or self._tables[cell]
        inside = self._inside
        return [(cell + dv, cell + dq) for dv, dq in d if inside[cell + dq]]

    def neighbours(self, cell):
        """The cells next to ``cell``, whether the passage between is open or not (clockwise)."""
        self._check(cell)
        if self._block:
            return self._links(cell)
        return [q for _, q in self._pairs(cell)]

    def open_neighbours(self, cell):
        """The cells one move from ``cell``: next to it with the passage between open."""
        self._check(cell)
        if self._block:
            return self._links(cell)
        wall = self._maze.wall
        return [q for via, q in self._pairs(cell) if not wall[via] and not wall[q]]

    def _passage(self, a, b):
        self._check(a)
        self._check(b)
        if not self._block:
            for via, q in self._pairs(a):
                if q == b:
                    return via
        raise AuthorError(f"cells {a} and {b} are not neighbours, so no passage joins them"
                          + (" (a block maze has no passages: its walls are squares)" if self._block else ""))

    def is_open(self, a, b):
        """True when a move leads from cell ``a`` to cell ``b``."""
        if self._block:
            return b in self.open_neighbours(a)
        return not self._maze.wall[self._passage(a, b)]

    def distance(self, a, b=None):
        """A straight-line estimate of the moves from cell ``a`` to cell ``b`` (default: the nearest goal);
        never more than the true number of moves, so it suits A*-style heuristics."""
        self._check(a)
        targets = [self._check(b)] if b is not None else self._maze.goals
        return min(self._estimate(a, t) for t in targets) if targets else 0

    def _estimate(self, a, b):
        m = self._maze
        lat = m.lattice
        if lat is None:
            w, step = m.width, 1 if self._block else 2
            return (abs(a % w - b % w) + abs(a // w - b // w)) // step
        if lat.shape == "hex":
            def cube(p):
                x, y = lat.position(p)
                return x, y - (x - (x & 1)) // 2
            (q, r), (gq, gr) = cube(a), cube(b)
            return (abs(q - gq) + abs(r - gr) + abs(q + r - gq - gr)) // 2
        if lat.shape in WRAPS or lat.shape == "levels":  # around the seams, up the stairs (see pymaze.graph.heuristic)
            return heuristic(m, "manhattan", [b])(a)
        (x, y), (gx, gy) = lat.centre(a), lat.centre(b)
        return max(0.0, math.hypot(x - gx, y - gy) / lat.max_step() - 1e-9)  # rounding never lifts it over

    def mark_of(self, cell):
        """The name of ``cell``'s mark ("none", "visited", ...)."""
        return MARK_NAMES.get(self._maze.mark[self._check(cell)], "none")

    def number_of(self, cell):
        """The number written on ``cell``, or None."""
        v = self._maze.num[self._check(cell)]
        return v - 1 if v > 0 else None

    def path(self, parent, cell):
        """The cells from the start to ``cell``, following ``parent`` (a dict cell -> the cell it was
        reached from) back until a cell with no parent."""
        out, seen = [cell], {cell}
        while parent.get(out[-1]) is not None:
            out.append(parent[out[-1]])
            if out[-1] in seen:
                raise AuthorError(f"parent goes round in a circle at cell {out[-1]}")
            seen.add(out[-1])
        return out[::-1]

    # --- changing the maze (each records its events) -------------------------------
    def _event(self, op, index, old, new):
        if not self._cur:
            self._cur_line = _caller_line()
        self._cur.extend((op, index, old, new))

    def _helper_done(self):
        if self._auto:
            self._end()

    def open(self, a, b, milestone=True):
        """Open the passage between neighbouring cells ``a`` and ``b`` (nothing when it is open)."""
        via = self._passage(a, b)
        if self._maze.wall[via]:
            self._maze.wall[via] = 0
            self._event(WALL | (MILESTONE if milestone else 0), via, 1, 0)
        self._helper_done()

    def close(self, a, b, milestone=True):
        """Close the passage between neighbouring cells ``a`` and ``b`` (nothing when it is closed)."""
        via = self._passage(a, b)
        if not self._maze.wall[via]:
            self._maze.wall[via] = 1
            self._event(WALL | (MILESTONE if milestone else 0), via, 0, 1)
        self._helper_done()

    def mark(self, cell, what, milestone=False):
        """Mark ``cell`` as ``what``: one of MARKS ("current", "frontier", "visited", "route", "none", ...)."""
        self._check(cell)
        if what not in _MARK_OF:
            raise AuthorError(f"unknown mark {what!r:.40}; marks: {', '.join(MARKS)}")
        old, new = self._maze.mark[cell], _MARK_OF[what]
        if old != new or milestone:
            self._maze.mark[cell] = new
            self._event(MARK | (MILESTONE if milestone else 0), cell, old, new)
        self._helper_done()

    def number(self, cell, value, milestone=False):
        """Write the whole number ``value`` (0 or more) on ``cell``; None rubs it out."""
        self._check(cell)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**31 - 1):
            raise AuthorError(f"a cell's number must be a whole number from 0 to {2**31 - 2} or None; got {value!r:.40}")
        old, new = self._maze.num[cell], 0 if value is None else value + 1
        if old != new or milestone:
            self._maze.num[cell] = new
            self._event(NUM | (MILESTONE if milestone else 0), cell, old, new)
        self._helper_done()

    def milestone(self):
        """Make the current step a milestone (the page's "next milestone" stops after it)."""
        self._milestone = True
        self._helper_done()

    def found(self, path):
        """Report a route: ``path`` is the list of cells from the start to a goal, each one move from the next.
        Marks it cell by cell ("route") and notes its length; every cell is a step of its own."""
        path = list(path)
        if not path or path[0] != self.start or path[-1] not in self._maze.goals:
            raise AuthorError("found(path) needs the cells from maze.start to a goal; got "
                              f"{len(path)} cells from {path[0] if path else None} to {path[-1] if path else None}")
        for a, b in zip(path, path[1:]):
            if b not in self.open_neighbours(a):
                raise AuthorError(f"found(path): no move leads from cell {a} to cell {b}")
        self._end()
        for c in path:
            self.mark(c, "route", milestone=True)
            self._end()
        self._event(NOTE | MILESTONE, path[-1], N_FOUND, len(path) - 1)
        self._event(NOTE, path[-1], N_TURNS, turning(self._maze, path))
        self._end()

    def no_route(self):
        """Report that no goal can be reached."""
        self._end()
        self._event(NOTE | MILESTONE, -1, N_NO_ROUTE, 0)
        self._end()

    # --- steps ------------------------------------------------------------------
    def _raw(self, events):
        """Raw events yielded by the function: checked against the maze, applied, and added to the step."""
        try:
            flat = tuple(events)
            apply(self._maze, flat, check=True)
        except (TypeError, ValueError) as exc:
            raise AuthorError(f"yield gives a step's end (plain `yield`) or raw events (op, index, old, new, ...): "
                              f"{exc}") from None
        for j in range(0, len(flat), 4):
            if flat[j] & 0xFF in (START, GOAL):
                raise AuthorError("a user's algorithm cannot move S or G")
            self._event(*flat[j:j + 4])

    def _end(self):
        """Close the current step (an empty one is dropped)."""
        if self._cur:
            if self._milestone:
                self._cur[-4] |= MILESTONE
            self._steps.append((tuple(self._cur), self._cur_line))
            if len(self._steps) > MAX_QUEUED:
                raise AuthorError(f"more than {MAX_QUEUED:,} steps without a yield; add `yield` inside the loop")
        self._cur, self._milestone = [], False


class Steps:
    """The steps of one run of a user's function, as an iterator of event tuples; ``line`` is the
    line of the user's code that made the step handed out last."""

    def __init__(self, func, maze, rng, family, options):
        self.board = Board(maze, rng, family)
        self.line = 0
        self._func, self._options, self._gen = func, options, None

    def __iter__(self):
        return self

    def __next__(self):
        board = self.board
        if self._func is not None:
            func, self._func = self._func, None
            if inspect.isgeneratorfunction(func):
                self._gen = func(board, **self._options)
            else:  # no yield: every helper call is a step; the function runs to its end now
                board._auto = True
                func(board, **self._options)
                board._end()
        while not board._steps:
            if self._gen is None:
                raise StopIteration
            try:
                value = next(self._gen)
            except StopIteration:
                self._gen = None
                board._end()
                continue
            if value is not None:
                board._raw(value)
            board._end()
        step, self.line = board._steps.popleft()
        return step


def _register(family, slug, name, params, kw):
    def deco(func):
        if not callable(func):
            raise AuthorError(f"@{family} decorates a function; got {func!r:.40}")

        def run(maze, rng, **options):
            return Steps(func, maze, rng, family, options)
        run.__doc__, run.__name__, run.__wrapped__ = func.__doc__, func.__name__, func
        # (a generator of one's own does not ask a weave maze's rule: it takes the other shapes)
        kw.setdefault("shapes", SHAPES if family == "solver" else tuple(s for s in SHAPES if s not in RULED))
        if family == "generator":
            kw.setdefault("initial", "closed")
        registry._register(family, slug, name, params=params, **kw)(run)
        return func
    return deco


def solver(slug, name, params=(), **kw):
    """Register ``func(maze, **options)`` as a solver: ``maze`` is a Board; ``params`` a list of Param."""
    return _register("solver", slug, name, params, kw)


def generator(slug, name, params=(), **kw):
    """Register ``func(maze, **options)`` as a generator: it starts from every passage closed and opens
    passages with ``maze.open(a, b)``."""
    return _register("generator", slug, name, params, kw)
