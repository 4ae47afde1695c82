import random as _random
from array import array

from ..events import GOAL, MILESTONE, START
from ..maze import Maze
from ..registry import Param, generator, generators
from ._base import OPEN, open_corridor, silent

BASES = ("dig", "wilson", "kruskal", "prim", "hunt")


def half_maze(cw, ch, base, rng):
    """A perfect maze of cw x ch cells from generator ``base``, run silently: (open east, open south),
    one byte per cell, row-major."""
    algo = generators()[base]
    m = Maze.blank(cw, ch, algo.initial)
    silent(algo.func, m, _random.Random(rng.getrandbits(32)))
    wall, w = m.wall, m.width
    east, south = bytearray(cw * ch), bytearray(cw * ch)
    for y in range(ch):               # by rows: the passages east of and below each cell, open -> 1
        row = (2 * y + 1) * w
        east[y * cw:y * cw + cw - 1] = wall[row + 2:row + w - 1:2].translate(OPEN)
        if y < ch - 1:
            south[y * cw:y * cw + cw] = wall[row + w + 1:row + 2 * w - 1:2].translate(OPEN)
    return east, south


def tour(cw, ch, east, south, width):
    """The cycle round the walls of a cw x ch perfect maze drawn at double size, as two neighbour
    arrays over the cells of a grid ``width`` cells wide (index y * width + x; -1: none yet)."""
    n = width * (2 * ch + 1)            # room for a spare row below
    one, two = array("i", [-1]) * n, array("i", [-1]) * n
    pairs = []                          # the cells to link, two by two, in order
    link = pairs.extend
    for y in range(ch):
        for x in range(cw):
            i = y * cw + x
            a = 2 * y * width + 2 * x
            b, c = a + 1, a + width
            e = c + 1
            if not (y > 0 and south[i - cw]):
                link((a, b))
            if not south[i]:
                link((c, e))
            else:
                link((c, c + width))
                link((e, e + width))
            if not (x > 0 and east[i - 1]):
                link((a, c))
            if not east[i]:
                link((b, e))
            else:
                link((b, b + 1))
                link((e, e + 1))
    ends = iter(pairs)
    for a, b in zip(ends, ends):
        if one[a] < 0:
            one[a] = b
        else:
            two[a] = b
        if one[b] < 0:
            one[b] = a
        else:
            two[b] = a
    return one, two


@generator("unicursal", "Unicursal labyrinth", short="Unicursal", group="perfect", order=190, perfect=True, params=[
    Param("base", "choice", "dig", choices=BASES, help="the generator of the half-size perfect maze"),
])
def unicursal(maze, rng, base="dig", watch=True):
    """Unicursal labyrinth: one corridor through every cell, made by splitting a perfect maze's corridors.

    1. Make a perfect maze of half the width and half the height with
       ``base`` (silently).
    2. Draw it at double size with a wall down the middle of every
       corridor: each cell becomes 2 x 2 cells, and walking round the
       split walls is one closed corridor through all of them.
    3. An odd width or height leaves one column or row over: the corridor
       takes a detour through it beside each pair of cells along that side
       (with both odd, the corner cell ends the corridor).
    4. Cut the loop once, next to S, and open it cell by cell from S (a
       milestone per cell); G moves to the other end.

    Property: perfect (the maze is one path, a spanning tree without
    branches): no choices, every cell walked.  Source: Walter D. Pullen,
    "Think Labyrinth" (unicursal mazes: bisect every passage of a perfect
    maze of half the size).
    """
    cells = _cells(maze, rng, base)
    start, goal = maze.start, maze.goal
    maze.start = cells[0]
    if watch:
        yield array("i", (START, 0, start, cells[0]))
    yield from open_corridor(maze, cells, watch)
    maze.set_goal(cells[-1])
    if watch:
        yield array("i", (GOAL | MILESTONE, 0, goal, cells[-1]))


def _cells(maze, rng, base):
    """Steps 1 to 3: the cells' squares in the order the corridor runs, from S."""
    cw, ch = maze.cells_w, maze.cells_h
    hw, hh = cw // 2, ch // 2
    if hw == 0 or hh == 0:        # one row or column: the corridor is the line itself
        order = array("i", range(cw * ch))
    else:
        east, south = half_maze(hw, hh, base, rng)
        one, two = tour(hw, hh, east, south, cw)

        def swap(p, old, new):
            if one[p] == old:
                one[p] = new
            else:
                two[p] = new
        if cw % 2:      # detour through the spare column beside each pair down the right side
            x = cw - 2
            for y in range(0, 2 * hh, 2):
                a, b = y * cw + x, (y + 1) * cw + x
                swap(a, b, a + 1)
                swap(b, a, b + 1)
                one[a + 1], two[a + 1] = a, b + 1
                one[b + 1], two[b + 1] = a + 1, b
        if ch % 2:      # the same through the spare row along the bottom
            y = ch - 2
            for x in range(0, 2 * hw, 2):
                a, b = y * cw + x, y * cw + x + 1
                swap(a, b, a + cw)
                swap(b, a, b + cw)
                one[a + cw], two[a + cw] = a, b + cw
                one[b + cw], two[b + cw] = a + cw, b
        if cw % 2 and ch % 2:
            first, end = (ch - 2) * cw + cw - 2, ch * cw - 1   # cut the loop beside the corner cell
            prev, at = (ch - 2) * cw + cw - 1, first
        else:
            first, end = 0, None
            prev, at = one[0], 0
        order = array("i", [at])
        while True:
            a = one[at]
            at, prev = (two[at] if a == prev else a), at
            if at == first:
                break
            order.append(at)
        if end is not None:
            order.append(end)
    w = maze.width
    square = array("i")             # cell i's square, row by row
    for y in range(1, maze.height, 2):
        square.extend(range(y * w + 1, y * w + w - 1, 2))
    return array("i", map(square.__getitem__, order))


unicursal.packed = True
