from array import array

from ..events import MILESTONE, WALL
from ..registry import Param, generator
from ..graph import cells as all_cells
from ._base import below, both, cell_mask
from ._rooms import rejoin


@generator("dungeon", "Dungeon rooms", group="rooms", order=320, initial="wall", perfect=False, max_cells=1_000_000, params=[
    Param("rooms", "int", 5, min=0, max=200, help="how many rooms to try to place"),
    Param("size", "int", 4, min=2, max=50, help="the largest side of a room, in cells"),
    Param("connected", "bool", True, help="open doors until every room and corridor joins the rest"),
])
def dungeon(maze, rng, rooms=5, size=4, connected=True):
    """Dungeon rooms: rooms placed first, a maze dug between them, then doors.

    1. Try ``rooms`` times (ten attempts each) to place a room of 2 to
       ``size`` cells a side at a random spot where it overlaps no other
       room; open all its cells and the passages inside it (one milestone
       per room).
    2. Fill the space between the rooms with a maze, hunt-and-kill style:
       from a closed cell, walk at random into closed cells outside the
       rooms, opening each (a milestone) until stuck; then hunt row by row
       for a closed cell beside the corridors and join it; a pocket walled
       in by rooms gets a walk of its own.
    3. With ``connected``: visit the walls between two cells in random
       order and open each one that joins two parts not yet joined (a
       door; union-find), so every room and corridor is reachable.

    Property: not perfect: each room holds loops; outside the rooms the
    corridors form trees, and the doors join the parts without adding
    further loops (so there is one way between two rooms, through the
    corridors and doors).  Connected when asked.  Source: mazelib's
    DungeonRooms (rooms carved, then hunt-and-kill, then reconnect).
    """
    yield from _dungeon(maze, rng, rooms, size, connected, True)


def _dungeon(maze, rng, rooms, size, connected, watched):
    """The three steps; yields the steps when ``watched``, else nothing (the same draws and maze).

    ``rng.randint(0, n - 1)`` is written out as ``random.Random`` draws it (``getrandbits`` of
    ``n``'s bit length until one is below ``n``): the same draws for a fraction of the calls."""
    cw, ch, w = maze.cells_w, maze.cells_h, maze.width
    wall = maze.wall
    cells = list(all_cells(maze))
    in_room = set()
    part = array("i", range(len(wall)))  # each open cell's square to its part's first cell (see rejoin)
    bits = rng.getrandbits
    draw = below(rng)
    for _ in range(rooms):
        for _ in range(10):
            rw, rh = 2 + draw(max(2, min(size, cw)) - 1), 2 + draw(max(2, min(size, ch)) - 1)
            if rw > cw or rh > ch:
                break
            x0, y0 = draw(cw - rw + 1), draw(ch - rh + 1)
            room = [maze.cell(x, y) for y in range(y0, y0 + rh) for x in range(x0, x0 + rw)]
            if in_room.intersection(room):
                continue
            in_room.update(room)
            for c in room:
                part[c] = room[0]
            this = set(room)
            step = []
            for c in room:
                for s in (c, c + 1, c + w):
                    inside = s == c or (s == c + 1 and s + 1 in this) or (s == c + w and s + w in this)
                    if inside and wall[s]:
                        wall[s] = 0
                        step += (WALL, s, 1, 0)
            step[-4] |= MILESTONE
            if watched:
                yield tuple(step)
            break
    corridor = cell_mask(maze)          # 1 on cells outside the rooms
    for c in in_room:
        corridor[c] = 0
    closed = both(corridor, wall)     # corridor cells still closed
    two = 2 * w
    carved, opened = WALL, WALL | MILESTONE
    beside = []                         # closed corridor cells next to an open one (the hunt's list)
    add = beside.extend
    for first in cells:
        if not closed[first]:
            continue
        wall[first] = closed[first] = 0
        if watched:
            yield (opened, first, 1, 0)
        p = first
        while p >= 0:
            # p was just opened: its closed neighbours join the hunt's list
            nxt = []
            if closed[p - two]:
                nxt.append(p - two)
            if closed[p + 2]:
                nxt.append(p + 2)
            if closed[p + two]:
                nxt.append(p + two)
            if closed[p - 2]:
                nxt.append(p - 2)
            if nxt:
                add(nxt)
                n = len(nxt)
                r = bits(BITS[n])
                while r >= n:
                    r = bits(BITS[n])
                q = nxt[r]
                via = (p + q) >> 1
                wall[via] = wall[q] = closed[q] = 0
                part[q] = part[p]
                if watched:
                    yield (carved, via, 1, 0, opened, q, 1, 0)
                p = q
                continue
            p = -1
            n = len(beside)
            k = n.bit_length()
            lo = 1 << k >> 1                # while n >= lo, a draw below n takes k bits
            while n:                        # hunt: a closed cell beside the corridors, joined to one of them
                r = bits(k)
                while r >= n:
                    r = bits(k)
                c = beside[r]
                n -= 1
                beside[r] = beside[n]       # (the list is cut to n when the hunt ends)
                if n < lo:
                    k -= 1
                    lo >>= 1
                if closed[c]:
                    ways = [q for q in (c - two, c + 2, c + two, c - 2) if corridor[q] and not wall[q]]
                    m = len(ways)
                    r = bits(BITS[m])
                    while r >= m:
                        r = bits(BITS[m])
                    q = ways[r]
                    via = (c + q) >> 1
                    wall[via] = wall[c] = closed[c] = 0
                    part[c] = part[q]
                    if watched:
                        yield (carved, via, 1, 0, opened, c, 1, 0)
                    p = c
                    break
            del beside[n:]
    if connected:
        yield from rejoin(maze, rng, watched, part)


BITS = (0, 1, 2, 2, 3)   # the bit length of 0 to 4


def _instant(maze, rng, rooms=5, size=4, connected=True):
    """Dungeon rooms with nobody watching: the same draws and maze, no steps."""
    for _ in _dungeon(maze, rng, rooms, size, connected, False):
        pass


dungeon.instant = _instant
