"""Helpers shared by the generators: the standard steps (open a cell, a passage, a mark), random orders, loops.

What a generator walks on (cells, candidate passages, moves) is ``pymaze.graph``.
"""

from array import array
from collections import deque
from itertools import permutations, repeat
from operator import add, rshift

from ..events import CHUNK, MARK, MILESTONE, NUM, WALL, Kinds, pack
from ..graph import moves, passages, rule
from ..registry import unwatched

PERMS = [list(p) for p in permutations(range(4))]  # direction orders, picked with one rng.random()
OPEN = b"\x01" + bytes(255)   # a byte translation: wall 0 (open) to 1, anything else to 0


def cell_mask(maze):
    """A bytearray the size of the grid plus padding: 1 on every cell square, 0 elsewhere.

    Indexing it two squares past any cell (the padding, or a negative index into the frame rows)
    is always safe and reads 0, so the carving loops need no bounds checks.
    """
    return moves(maze)[2]


def shuffled(k, random):
    """A random order of ``range(k)``, drawn with one ``random()`` for up to eight items (a table of
    every order: 40,320 of eight, kept once made)."""
    table = _ORDERS.get(k)
    if table is None:
        if k > 8:
            order = list(range(k))
            for i in range(k - 1, 0, -1):
                j = int(random() * (i + 1))
                order[i], order[j] = order[j], order[i]
            return order
        table = _ORDERS[k] = [list(p) for p in permutations(range(k))]
    return table[int(random() * len(table))]


_ORDERS = {4: PERMS}


# A carve as a packed kind (see events.pack): the passage then the cell opened, a milestone.
CARVE = Kinds(((WALL, 1, 0), (WALL | MILESTONE, 1, 0)))


def packed_carves(index):
    """``carve`` steps packed a chunk at a time: ``index`` holds the passage and the cell of each
    carve in turn."""
    for lo in range(0, len(index), CHUNK):
        part = index[lo:lo + CHUNK]
        yield pack(CARVE, bytes(len(part) // 2), part)


def silent(func, maze, rng):
    """Run generator ``func`` (its default options) on ``maze`` to the end with nobody watching
    (see ``pymaze.registry.unwatched``).  The same maze as its steps would build."""
    unwatched(func, maze, rng, {})


def below(rng):
    """A function ``n -> rng.randrange(n)`` (also ``rng.randint(0, n - 1)``) with the same draws
    (``getrandbits`` of ``n``'s bit length until one is below ``n``, as CPython 3.11 to 3.14 draw
    it, Pyodide's included) for a fraction of the calls."""
    bits = rng.getrandbits

    def draw(n):
        k = n.bit_length()
        r = bits(k)
        while r >= n:
            r = bits(k)
        return r
    return draw


def shuffle(items, rng):
    """``rng.shuffle(items)``: the same permutation from the same draws (``random.Random``'s
    Fisher-Yates with ``getrandbits`` rejection, as CPython 3.11 to 3.14 write it, Pyodide's
    included), with the bit length worked out once per power of two, not a method call per item."""
    getrandbits = rng.getrandbits
    i = len(items) - 1
    while i > 0:
        k = (i + 1).bit_length()
        lo = 1 << (k - 1)                  # every i down to lo - 1 draws k bits
        for i in range(i, lo - 2, -1):
            j = getrandbits(k)
            while j > i:
                j = getrandbits(k)
            items[i], items[j] = items[j], items[i]
        i = lo - 2


def both(a, b):
    """The bytewise AND of two 0/1 byte strings, as long as ``a`` (``b`` read as 0 past its end):
    e.g. the cells still closed from ``inside`` and ``wall``, one test instead of two."""
    n = len(a)
    b = int.from_bytes(b[:n], "little")
    return bytearray((int.from_bytes(a, "little") & b).to_bytes(n, "little"))


def deltas(maze):
    """Square offsets of the four directions N, E, S, W."""
    w = maze.width
    return (-w, 1, w, -1)


def open_wall(maze, via):
    """Open the passage square ``via`` between two already open cells: one milestone event."""
    maze.wall[via] = 0
    return (WALL | MILESTONE, via, 1, 0)


def open_first(maze, p, watch=True, mark=0):
    """Open cell ``p``, the first of a tree that grows from it.  Watched, the step: the cell opened
    (a milestone), and with ``mark`` the cell marked so (unwatched, it stays unmarked)."""
    maze.wall[p] = 0
    if watch:
        if mark:
            maze.mark[p] = mark
        yield (WALL | MILESTONE, p, 1, 0)
        if mark:
            yield (MARK, p, 0, mark)


def add_loops(maze, rng, fraction):
    """Open ``fraction`` of the passages that are still closed, in random order (the multi-path
    variant); on a weave maze, of those the rule allows when their turn comes."""
    wall, may = maze.wall, rule(maze)
    closed = [v for v, a, b in zip(*passages(maze)) if wall[v] and not (wall[a] or wall[b])]
    shuffle(closed, rng)
    ends = {v: (a, b) for v, a, b in zip(*passages(maze))} if may is not None else None
    for via in closed[:round(fraction * len(closed))]:
        if may is None or may.may_open(ends[via][0], via, ends[via][1]):
            yield open_wall(maze, via)


def clear_numbers(maze, squares, chunk=4096):
    """Steps that clear the num layer on ``squares`` (the cluster labels a generator showed while
    it worked), ``chunk`` squares a step, the last step a milestone: the finished maze carries no
    leftover colours, and stepping back brings the labels back."""
    num = maze.num
    todo = [p for p in squares if num[p]]
    for lo in range(0, len(todo), chunk):
        step = []
        for p in todo[lo:lo + chunk]:
            step += (NUM, p, num[p], 0)
            num[p] = 0
        if lo + chunk >= len(todo):
            step[-4] |= MILESTONE
        yield tuple(step)


def open_corridor(maze, cells, watch=True):
    """Open ``cells`` (square indices of a square maze, each next to the one before) and the
    passage between each two in turn.  Watched, the steps: the first cell opened (a milestone),
    then each carve (the passage, then the cell, a milestone), packed."""
    wall = maze.wall
    wall[cells[0]] = 0
    for p, q in zip(cells, cells[1:]):
        wall[(p + q) >> 1] = wall[q] = 0
    if watch:
        yield array("i", (WALL | MILESTONE, cells[0], 1, 0))
        index = [0] * (2 * len(cells) - 2)     # the passage and the cell of each carve
        index[0::2] = [(p + q) >> 1 for p, q in zip(cells, cells[1:])]
        index[1::2] = cells[1:]
        yield from packed_carves(index)
