from ..events import MILESTONE, WALL
from ..registry import Param, generator
from ..graph import cells as all_cells
from ._base import below, both, cell_mask
from ._rooms import rejoin


@generator("dungeon", "Dungeon rooms", short="Dungeon rooms", group="rooms", order=320, initial="wall", perfect=False, max_cells=1_000_000, params=[
    Param("rooms", "int", 5, min=0, max=200, help="how many rooms to try to place"),
    Param("size", "int", 4, min=2, max=50, help="the largest side of a room, in cells"),
    Param("connected", "bool", True, help="open doors until every room and corridor joins the rest"),
])
def dungeon(maze, rng, rooms=5, size=4, connected=True, watch=True):
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
    cw, ch, w = maze.cells_w, maze.cells_h, maze.width
    wall = maze.wall
    draw = below(rng)                   # rng.randrange's draws
    in_room = set()
    for _ in range(rooms):              # 1. the rooms
        for _ in range(10):
            rw, rh = 2 + draw(max(2, min(size, cw)) - 1), 2 + draw(max(2, min(size, ch)) - 1)
            if rw > cw or rh > ch:
                break
            x0, y0 = draw(cw - rw + 1), draw(ch - rh + 1)
            room = [maze.cell(x, y) for y in range(y0, y0 + rh) for x in range(x0, x0 + rw)]
            if in_room.intersection(room):
                continue
            in_room.update(room)
            inner, step = set(room), []
            for c in room:              # the cell, and the passages east and south inside the room
                for s in (c, c + 1, c + w):
                    if (s == c or 2 * s - c in inner) and wall[s]:
                        wall[s] = 0
                        step += (WALL, s, 1, 0)
            if watch:
                step[-4] |= MILESTONE
                yield tuple(step)
            break
    corridor = cell_mask(maze)          # 2. the corridors: 1 on cells outside the rooms
    for c in in_room:
        corridor[c] = 0
    closed = both(corridor, wall)       # corridor cells still closed
    ways = (-2 * w, 2, 2 * w, -2)
    beside = []                         # closed corridor cells next to an open one (the hunt's list)
    for first in all_cells(maze):
        if not closed[first]:
            continue
        wall[first] = closed[first] = 0
        if watch:
            yield (WALL | MILESTONE, first, 1, 0)
        p = first
        while p >= 0:                   # walk from p, just opened, into closed corridor cells
            nxt = [p + d for d in ways if closed[p + d]]
            if nxt:
                beside += nxt
                q = nxt[draw(len(nxt))]
                yield from _carve(maze, closed, (p + q) >> 1, q, watch)
                p = q
                continue
            p = -1
            while beside:               # stuck: hunt a closed cell beside the corridors, join it
                k = draw(len(beside))
                c = beside[k]
                beside[k] = beside[-1]
                beside.pop()
                if closed[c]:
                    joins = [c + d for d in ways if corridor[c + d] and not wall[c + d]]
                    q = joins[draw(len(joins))]
                    yield from _carve(maze, closed, (c + q) >> 1, c, watch)
                    p = c
                    break
    if connected:                       # 3. the doors
        yield from rejoin(maze, rng, watch)


def _carve(maze, closed, via, c, watch):
    """Open the passage ``via`` and the corridor cell ``c`` (a milestone step, when ``watch``)."""
    maze.wall[via] = maze.wall[c] = closed[c] = 0
    if watch:
        yield (WALL, via, 1, 0, WALL | MILESTONE, c, 1, 0)
