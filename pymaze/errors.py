"""Every error the engine raises on purpose: one base class, one subclass per kind of bad input."""


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
