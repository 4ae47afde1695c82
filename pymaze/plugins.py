"""Plugins: algorithms from a user's own .py file (the CLI, the library and the page's code editor).

``load_plugin(path)`` runs the file once; whatever it registers with ``pymaze.author`` or the raw
``pymaze.registry`` decorators joins the registry (``source`` names the file) and runs as a
built-in does.  User code is held to the event contract: each step must be a flat tuple of
whole numbers that fits the maze (checked on a copy), the events must replay to the maze the
code left, an optional ``max_steps`` caps the run, and anything it raises becomes one
``PluginError`` naming the file and line.
"""

import dataclasses
import os
import sys
import traceback
from array import array

from . import registry
from .errors import PymazeError
from .events import apply

MAX_SOURCE = 1_000_000  # characters of a plugin's code


class PluginError(PymazeError):
    """User code that fails: it raises, yields what is not an event, runs over its step cap, or reuses a slug.
    ``file`` and ``line`` say where (``line`` None when unknown), ``step`` the step number (1-based) or None."""

    def __init__(self, message, file="", line=None, step=None):
        self.message, self.file, self.line, self.step = message, file, line, step
        where = f"{file}, line {line}" if line else file
        super().__init__(f"{where}: {message}" if where else message)


def _line_in(tb, filename):
    """The last line of ``filename`` in traceback ``tb`` (None when the file has no frame in it)."""
    line = None
    for frame, lineno in traceback.walk_tb(tb):
        if frame.f_code.co_filename == filename:
            line = lineno
    return line


def _message(exc):
    if isinstance(exc, SyntaxError):
        return f"syntax error: {exc.msg}"
    if isinstance(exc, RecursionError):
        return "RecursionError: too deep a recursion (use a list as a stack instead)"
    text = str(exc)
    if isinstance(exc, PymazeError):
        return text
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def failure(exc, filename, step=None):
    """``exc`` raised by user code of ``filename`` as a PluginError with its line."""
    if isinstance(exc, PluginError):
        return exc
    line = exc.lineno if isinstance(exc, SyntaxError) and exc.filename == filename else _line_in(exc.__traceback__, filename)
    what = _message(exc)
    if step is not None:
        what = f"step {step}: {what}"
    return PluginError(what, filename, line, step)


class Checked:
    """A user algorithm's steps, checked one by one against a copy of the maze.

    ``lines``: the line of the user's code behind every event handed out (the step's ``yield``,
    or the helper call of a ``pymaze.author`` algorithm).  With ``defer`` an error ends the
    iteration (the steps before it are all handed out) and waits in ``error``; else it raises.
    """

    def __init__(self, func, maze, rng, options, filename, max_steps=None, defer=False, lines=False):
        self.filename, self.max_steps, self.defer = filename, max_steps, defer
        self.maze, self.shadow = maze, maze.copy()
        self.steps = 0
        self.error = None
        self.lines = array("i") if lines else None
        self._func_line = getattr(getattr(func, "__wrapped__", func), "__code__", None)
        self._func_line = self._func_line.co_firstlineno if self._func_line else None
        try:
            self._it = iter(func(maze, rng, **options))
        except Exception as exc:  # noqa: BLE001  (user code: anything it raises is reported)
            self._it, self.error = None, failure(exc, filename)
            if not defer:
                raise self.error from None

    def __iter__(self):
        return self

    def _fail(self, err):
        if not self.defer:
            raise err
        self.error = err
        self._it = None
        raise StopIteration

    def _line(self):
        it = self._it
        if hasattr(it, "line"):
            return it.line
        frame = getattr(it, "gi_frame", None)
        return frame.f_lineno if frame is not None else 0

    def __next__(self):
        if self._it is None:
            raise StopIteration
        n = self.steps + 1
        try:
            step = next(self._it)
        except StopIteration:
            self._it, it = None, self._it
            if self.shadow.snapshot() != self.maze.snapshot():
                self._fail(PluginError("the maze changed without an event saying so (the events do not replay "
                                       "to the maze the code left): yield an event for every change",
                                       self.filename, self._func_line, n))
            raise
        except Exception as exc:  # noqa: BLE001
            self._fail(failure(exc, self.filename, n))
        line = self._line()
        if isinstance(step, array) and not step:  # an empty batch of a packed body (a copied built-in): nothing done
            return step
        if not isinstance(step, (tuple, list, array)) or not step or len(step) % 4 or not all(
                type(v) is int for v in step):
            self._fail(PluginError(f"step {n}: a step must be a flat tuple (or list) of whole numbers, four per event "
                                   f"(op, index, old, new, ...); got {step!r:.80}", self.filename, line, n))
        try:
            apply(self.shadow, step, check=True)
        except PymazeError as exc:
            self._fail(PluginError(f"step {n}: {exc}", self.filename, line, n))
        if self.max_steps is not None and n > self.max_steps:
            self._fail(PluginError(f"more than {self.max_steps:,} steps (--max-steps): does the loop ever end?",
                                   self.filename, line, n))
        self.steps = n
        if self.lines is not None:
            self.lines.extend([line] * (len(step) // 4))
        return step


def _wrap(algo, filename, max_steps, defer, lines):
    func = algo.func

    def run(maze, rng, **options):
        return Checked(func, maze, rng, options, filename, max_steps, defer, lines)
    run.__doc__, run.__wrapped__ = func.__doc__, getattr(func, "__wrapped__", func)
    return dataclasses.replace(algo, func=run)


def load_source(code, filename, max_steps=None, defer=False, lines=False):
    """Run plugin ``code`` as the file ``filename``; returns ``{slug: Algorithm}`` of what it registered.

    What ``filename`` registered before is removed first (so the same file can be loaded again).
    ``max_steps``, ``defer`` and ``lines`` go to ``Checked`` for every run of its algorithms.
    """
    if not isinstance(code, str) or len(code) > MAX_SOURCE:
        raise PluginError(f"a plugin must be Python text of at most {MAX_SOURCE:,} characters", filename)
    registry._load()
    registry.unregister(filename)
    module = type(sys)(os.path.splitext(os.path.basename(filename))[0] or "plugin")
    module.__file__ = filename
    registry._source = filename
    try:
        exec(compile(code, filename, "exec"), module.__dict__)
    except Exception as exc:  # noqa: BLE001  (user code: anything it raises is reported)
        registry.unregister(filename)
        raise failure(exc, filename) from None
    finally:
        registry._source = ""
    found = {}
    for family, table in registry._TABLES.items():
        for slug, algo in list(table.items()):
            if algo.source == filename:
                table[slug] = found[slug] = _wrap(algo, filename, max_steps, defer, lines)
    if not found:
        raise PluginError("registers no algorithm: decorate a function with @solver(...) or @generator(...) "
                          "from pymaze.author", filename)
    return found


def load_plugin(path, max_steps=None):
    """Load the plugin file ``path``; returns ``{slug: Algorithm}`` of the generators and solvers it registered.

    Their slugs then work in ``pymaze.generate``, ``pymaze.solve`` and ``pymaze.Run`` like built-ins'.
    ``max_steps`` (optional) stops any of their runs after that many steps with a PluginError.
    """
    if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1):
        raise PluginError(f"max_steps must be a whole number of at least 1 or None; got {max_steps!r:.40}")
    path = os.fspath(path)
    try:
        with open(path, encoding="utf-8") as f:
            code = f.read(MAX_SOURCE + 1)
    except (OSError, UnicodeDecodeError) as exc:
        raise PluginError(f"cannot read the plugin: {getattr(exc, 'strerror', None) or exc}", path) from None
    return load_source(code, os.path.abspath(path), max_steps)
