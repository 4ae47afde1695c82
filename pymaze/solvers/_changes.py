"""The walls that change during a D* Lite run (its ``changes`` option): read from a list or from text,
checked against the maze, each as the square it toggles and the two nodes it joins or parts."""

import re

from ..errors import ParameterError, shown
from ..graph import steps

# One change in text (links, the CLI): AT:A-B toggles the passage between cells A and B at event AT;
# AT:P toggles square P of a block maze.
CHANGE = re.compile(r"(\d{1,10}):(\d{1,10})(?:-(\d{1,10}))?")


def parse_changes(value, what="option 'changes'"):
    """``value`` as a list of changes ``(at, a, b)`` (``b`` None: square ``a`` of a block maze), in
    the order they come: a list of lists of whole numbers, or text such as ``"40:12-14 95:30-32"``."""
    if isinstance(value, str):
        words = value.replace(",", " ").replace(";", " ").split()
        bad = next((w for w in words if not CHANGE.fullmatch(w)), None)
        if bad is not None:
            raise ParameterError(f"{what}: each change is AT:A-B (toggle the passage between cells A and B "
                                 f"at event AT) or AT:P (toggle square P of a block maze); got {shown(bad)}")
        found = [CHANGE.fullmatch(w).groups() for w in words]
        return [(int(at), int(a), None if b is None else int(b)) for at, a, b in found]
    if isinstance(value, (bytes, dict)) or not isinstance(value, (list, tuple)):
        raise ParameterError(f"{what} must be a list of changes [at, a, b] (or text such as '40:12-14'); "
                             f"got {shown(value)}")
    out = []
    for change in value:
        whole = isinstance(change, (list, tuple)) and len(change) in (2, 3) and all(
            isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 2**31 for v in change)
        if not whole:
            raise ParameterError(f"{what}: each change is [at, a, b] (toggle the passage between cells a and b "
                                 f"at event at) or [at, p] (toggle square p of a block maze), whole numbers "
                                 f"from 0; got {shown(change)}")
        out.append((change[0], change[1], change[2] if len(change) == 3 else None))
    return out


def toggles(maze, changes):
    """Each change as ``(at, via, a, b)``: the square ``via`` it toggles, between nodes ``a`` and ``b``
    (a block maze's square: ``a == b == via``), sorted by ``at``; ParameterError names a change that
    is off the maze, joins cells that are not neighbours, or would wall up S or a goal."""
    wall, tables, side = steps(maze)
    block, size = maze.geometry == "block", len(maze.wall)
    lat = maze.lattice
    out = []
    for at, a, b in changes:
        where = f"option 'changes': change {at}:{a}" + ("" if b is None else f"-{b}")
        if block:
            if b is not None:
                raise ParameterError(f"{where}: a block maze toggles one square, AT:P; got two")
            if not 0 <= a < size:
                raise ParameterError(f"{where}: square {a} is off the maze (squares 0 to {size - 1})")
            if a == maze.start or a in maze.goals:
                raise ParameterError(f"{where}: square {a} is S or G, which stay open")
            out.append((at, a, a, a))
            continue
        if b is None:
            raise ParameterError(f"{where}: give the two neighbouring cells whose passage it toggles, AT:A-B")
        for p in (a, b):
            if not maze.is_node(p):
                raise ParameterError(f"{where}: {p} is not an open cell of the maze (a node as "
                                     "maze.to_networkx() names it)")
        via = next((a + d for d, d2 in tables[side[a]] if a + d2 == b), None)
        if via is None:
            raise ParameterError(f"{where}: cells {a} and {b} are not neighbours")
        if lat is not None and lat.shape == "weave" and lat.middle[via - lat.n] >= 0:
            raise ParameterError(f"{where}: a weave maze's tunnels stay as they are; toggle a passage on top")
        out.append((at, via, a, b))
    return sorted(out, key=lambda c: c[0])


def check(maze, options):
    """Run.solve's check of the options against the maze: the changes are on it."""
    toggles(maze, options["changes"])
