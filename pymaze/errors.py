"""Every error the engine raises on purpose: one base class, one subclass per kind of bad input."""

import re


class PymazeError(ValueError):
    """Base class: a request the engine cannot honour, with a message that says what is allowed."""


class UnknownAlgorithmError(PymazeError, KeyError):
    """A slug that is not in the registry."""

    def __str__(self):  # KeyError would quote the message
        return self.args[0] if self.args else ""


class ParameterError(PymazeError):
    """A parameter with an unknown name, a wrong type, or a value out of range."""


class SizeError(ParameterError):
    """A maze size outside the range an algorithm accepts."""


class GeometryError(PymazeError):
    """An algorithm asked to work on a geometry it does not support."""


class MazeFormatError(PymazeError):
    """Malformed maze text or JSON; carries the line and column (1-based) where it went wrong."""

    def __init__(self, message, line=None, column=None):
        self.message = message
        self.line = line
        self.column = column
        where = ""
        if line is not None:
            where = f"line {line}" + (f", column {column}" if column is not None else "") + ": "
        super().__init__(where + message)


def shown(value, limit=60):
    """A short repr of ``value`` for a message: long ones are cut, and an int too long to print is described."""
    try:
        text = repr(value)
    except ValueError:  # an int over sys.get_int_max_str_digits() digits
        return "an integer of thousands of digits"
    return text if len(text) <= limit else text[:limit - 3] + "..."


_WHOLE = re.compile(r"\s*-?[0-9]{1,30}\s*")  # ASCII digits only: no other scripts, no '_', no '+'


def check_whole(value, what, lo, hi, error=ParameterError, rule=None, ints_only=False):
    """``value`` as an int from ``lo`` to ``hi``: an int (not a bool), a float with no fraction, or a text of
    ASCII digits (``ints_only``: an int only); anything else raises ``error`` naming ``what`` and the range
    (or saying ``rule``)."""
    number = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif ints_only:
        pass
    elif isinstance(value, float) and value.is_integer():
        number = int(value)
    elif isinstance(value, str) and _WHOLE.fullmatch(value):
        number = int(value)
    if number is None or not lo <= number <= hi:
        raise error(f"{rule or f'{what} must be a whole number from {lo} to {hi}'}; got {shown(value)}")
    return number
