from ..events import MILESTONE, WALL, Kinds, Trace
from ..registry import Param, generator


@generator("division", "Recursive division", short="Division", group="perfect", order=140, initial="posts", perfect=True, params=[
    Param("split", "choice", "weighted", choices=("weighted", "shape", "random"),
          help="which way to cut a chamber: weighted (the longer side more often), "
               "shape (always across the longer side), random (a coin)"),
])
def division(maze, rng, split="weighted", watch=True):
    """Recursive division: a wall adder that splits chambers in two, leaving one gap in each wall.

    1. Start with the frame and the posts standing and every cell and
       opening floor: one chamber, the whole maze.
    2. Take a chamber from the stack.  If it is one cell wide or one cell
       high, it is finished.
    3. Otherwise split it in two with a straight wall at a random position.
       ``split`` "weighted": a horizontal wall with probability
       height / (width + height), else a vertical one; "shape": always cut
       the longer side (a square chamber at random); "random": a coin.
       The wall spans the chamber except for one random gap (the wall is
       one step, a milestone).
    4. Push the two halves onto the stack and repeat.

    An explicit stack of chambers replaces the recursion (see ``divisions``).
    Property: perfect (a spanning tree): each wall cuts a chamber in two
    halves joined only through its gap.  Not uniform: long straight walls
    and a visible rectangular structure.  Dead ends (100 x 100): about 23 %
    weighted, 27 % shape, 16 % random.
    Source: Walter D. Pullen, "Think Labyrinth: Maze Algorithms"; Jamis
    Buck, "Maze Generation: Recursive Division".
    """
    yield from divisions(maze, _split(rng, split), rng.random, watch)


def _split(rng, split):
    """Which way to cut a chamber of ``cw x ch`` cells: a function ``(cw, ch) -> across``."""
    random = rng.random
    if split == "weighted":
        return lambda cw, ch: random() * (cw + ch) < ch   # a horizontal wall
    if split == "shape":
        return lambda cw, ch: ch > cw or ch == cw and random() < 0.5
    return lambda cw, ch: random() < 0.5


# A wall put up, as events (see events.Trace): a segment, and the last one (a milestone).
SEGMENTS = Kinds((WALL, 0, 1), (WALL | MILESTONE, 0, 1))
SEGMENT, LAST = 0, 1


def divisions(maze, cut, random, watch=True):
    """Steps 2 to 4 from the whole maze, with a stack of chambers (cell x, cell y, width,
    height); ``cut(cw, ch)`` says whether a chamber of ``cw x ch`` cells gets a horizontal wall."""
    w, wall = maze.width, maze.wall
    trace = Trace(SEGMENTS) if watch else None
    chambers = [(0, 0, maze.cells_w, maze.cells_h)]
    while chambers:
        x0, y0, cw, ch = chambers.pop()
        if cw < 2 or ch < 2:
            continue
        if cut(cw, ch):
            at = y0 + int(random() * (ch - 1))                # the wall runs below cell row ``at``
            gap = x0 + int(random() * cw)
            chambers += [(x0, at + 1, cw, y0 + ch - at - 1), (x0, y0, cw, at - y0 + 1)]
            first, stride, n, k = (2 * at + 2) * w + 2 * x0 + 1, 2, cw, gap - x0
        else:
            at = x0 + int(random() * (cw - 1))                # the wall runs right of cell column ``at``
            gap = y0 + int(random() * ch)
            chambers += [(at + 1, y0, x0 + cw - at - 1, ch), (x0, y0, at - x0 + 1, ch)]
            first, stride, n, k = (2 * y0 + 1) * w + 2 * at + 2, 2 * w, ch, gap - y0
        end = first + n * stride
        wall[first:end:stride] = b"\1" * n      # the chamber's openings were all floor
        wall[first + k * stride] = 0           # but the gap
        if watch:
            segments = list(range(first, end, stride))
            del segments[k]
            for s in segments[:-1]:
                trace.add(SEGMENT, s)
            trace.add(LAST, segments[-1])
            if trace.full():
                yield trace.batch()
    if watch:
        yield trace.batch()


division.packed = True
