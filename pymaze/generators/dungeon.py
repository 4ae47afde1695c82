from ..events import MILESTONE, WALL
from ..registry import Param, generator
from ..graph import cells as all_cells
from ._base import carve, cell_mask, open_cell
from ._rooms import rejoin


@generator("dungeon", "Dungeon rooms", order=320, initial="wall", perfect=False, max_cells=1_000_000, params=[
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
    cw, ch, w = maze.cells_w, maze.cells_h, maze.width
    wall = maze.wall
    cells = list(all_cells(maze))
    in_room = set()
    randint = rng.randint
    for _ in range(rooms):
        for _ in range(10):
            rw, rh = randint(2, max(2, min(size, cw))), randint(2, max(2, min(size, ch)))
            if rw > cw or rh > ch:
                break
            x0, y0 = randint(0, cw - rw), randint(0, ch - rh)
            room = [maze.cell(x, y) for y in range(y0, y0 + rh) for x in range(x0, x0 + rw)]
            if in_room.intersection(room):
                continue
            in_room.update(room)
            this = set(room)
            step = []
            for c in room:
                for s in (c, c + 1, c + w):
                    inside = s == c or (s == c + 1 and s + 1 in this) or (s == c + w and s + w in this)
                    if inside and wall[s]:
                        wall[s] = 0
                        step += (WALL, s, 1, 0)
            step[-4] |= MILESTONE
            yield tuple(step)
            break
    dirs = (-2 * w, 2, 2 * w, -2)
    corridor = cell_mask(maze)          # 1 on cells outside the rooms
    for c in in_room:
        corridor[c] = 0

    beside = []                         # closed corridor cells next to an open one (the hunt's list)
    for first in cells:
        if not wall[first] or not corridor[first]:
            continue
        yield open_cell(maze, first)
        p = first
        while p >= 0:
            nxt = []
            for d in dirs:                  # p was just opened: its closed neighbours join the hunt's list
                q = p + d
                if corridor[q] and wall[q]:
                    beside.append(q)
                    nxt.append(q)
            if nxt:
                q = nxt[randint(0, len(nxt) - 1)]
                yield carve(maze, (p + q) // 2, q)
                p = q
                continue
            p = -1
            while beside:               # hunt: a closed cell beside the corridors, joined to one of them
                k = randint(0, len(beside) - 1)
                c = beside[k]
                beside[k] = beside[-1]
                beside.pop()
                if wall[c]:
                    ways = [q for q in (c + d for d in dirs) if corridor[q] and not wall[q]]
                    q = ways[randint(0, len(ways) - 1)]
                    yield carve(maze, (c + q) // 2, c)
                    p = c
                    break
    if not connected:
        return
    yield from rejoin(maze, rng)
