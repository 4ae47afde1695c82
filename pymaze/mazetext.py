"""What every reader and writer of maze text shares: the most squares a side, a text split into
its rows (refused at once when it holds too many), and the squares a route covers.

``pymaze.formats`` (block, thin-wall, JSON), ``pymaze.interop`` (other tools' formats) and
``pymaze.boxtext`` (box drawing) all read and write through these.
"""

from .errors import MazeFormatError
from .maze import MAX_SIDE, MAX_SIZE

MAX_SQUARES = MAX_SIDE  # squares a side: 2000 cells and their walls


def text_rows(text, first_line=1):
    """The lines of ``text`` (a str, trailing empty lines gone), each without its '\r'; a text of rows (block or
    thin-wall) holds at most MAX_SQUARES of them, checked before it is split."""
    if text.count("\n") >= MAX_SQUARES:
        raise MazeFormatError(f"the maze is {MAX_SQUARES + 1} squares high or more; at most {MAX_SQUARES} are read "
                              f"({MAX_SIZE} cells and their walls)", first_line + MAX_SQUARES, 1)
    return [line[:-1] if line.endswith("\r") else line for line in text.split("\n")] if text else []


def route_squares(maze, route):
    """The squares ``route`` (node indices) covers: its nodes, and in a thin-wall maze the openings between them."""
    squares = set(route or ())
    if maze.geometry == "thin" and route:
        squares.update((p + q) // 2 for p, q in zip(route, route[1:]))
    return squares
