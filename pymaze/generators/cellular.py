from itertools import compress

from ..events import MILESTONE, WALL, column
from ..registry import Param, generator
from ._rooms import connect

RULES = ("B5678/S45678", "B678/S345678", "B3/S12345", "B3/S1234", "B45678/S2345678")


def _generations(maze, may, born, survive, generations, watch):
    """Apply the rule ``generations`` times to the squares set in ``may`` (a byte per square; the
    others stay as they are), all at once each time, and write the result into ``maze.wall``;
    when ``watch``, yield each generation's flipped squares as it goes (the caller flips them).

    The grid is held as one big int, a byte per square in a copy padded with wall: the eight
    neighbour counts are eight shifted copies added (a count never carries into the next byte),
    the rule is a byte translation of ``16 * wall + count``, and the squares that may change are
    picked by a byte mask, so a generation costs a few passes over the bytes in C."""
    w, h, wall = maze.width, maze.height, maze.wall
    pw = w + 2
    size = pw * (h + 2)
    pad, mask = bytearray(b"\x01") * size, bytearray(size)
    for y in range(h):
        pad[(y + 1) * pw + 1:(y + 1) * pw + 1 + w] = wall[y * w:(y + 1) * w]
        mask[(y + 1) * pw + 1:(y + 1) * pw + 1 + w] = may[y * w:(y + 1) * w]
    rule = bytes((n in survive) if now else (n in born) for now in (0, 1) for n in range(16)) + bytes(224)
    grid = int.from_bytes(pad, "little")
    change = int.from_bytes(mask, "little")
    stay = int.from_bytes(b"\x01" * size, "little") ^ change
    full = (1 << (8 * size)) - 1
    shifts = [8 * k for k in (1, pw - 1, pw, pw + 1)]
    for _ in range(generations):
        count = 0
        for k in shifts:
            count += (grid >> k) + (grid << k)
        count = ((count & full) + (grid << 4)) & full
        new = int.from_bytes(count.to_bytes(size, "little").translate(rule), "little") & change | grid & stay
        if watch:
            diff = (new ^ grid).to_bytes(size, "little")
            yield [(i // pw - 1) * w + i % pw - 1 for i in compress(range(size), diff)]
        grid = new
    pad = grid.to_bytes(size, "little")
    for y in range(h):
        wall[y * w:(y + 1) * w] = pad[(y + 1) * pw + 1:(y + 1) * pw + 1 + w]


def parse(rule):
    born, survive = rule.split("/")
    return {int(c) for c in born[1:]}, {int(c) for c in survive[1:]}


@generator("cellular", "Cellular automaton caves", short="Caves", group="rooms", order=310, initial="posts", perfect=False, max_cells=1_000_000, params=[
    Param("rule", "choice", "B5678/S45678", choices=RULES,
          help="birth/survival counts of wall neighbours (of 8): B5678/S45678 caves, B678/S345678 "
               "open caves, B3/S12345 maze, B3/S1234 mazectric, B45678/S2345678 walled cities"),
    Param("density", "float", 0.45, min=0.0, max=1.0, help="the share of squares that start as wall"),
    Param("generations", "int", 5, min=0, max=20,
          help="how many times the rule is applied (at most 20: each is a pass over every square)"),
    Param("connected", "bool", True, help="tunnel between the caves until every open place joins S"),
])
def cellular(maze, rng, rule="B5678/S45678", density=0.45, generations=5, connected=True, watch=True):
    """Cellular automaton caves: random noise smoothed by a life-like rule into caves.

    1. Every square that may change starts as wall with probability
       ``density`` (block view: every square inside the frame; thin view:
       the openings between cells, posts and cells stay as they are).
       S and G stay open.
    2. One generation: count each square's wall neighbours among its eight
       (the frame and anything outside count as wall).  A floor square
       becomes wall when the count is in the rule's B set (born); a wall
       square stays wall when it is in the S set (survives), else it opens.
       All squares change at once: one milestone per generation.
    3. Repeat ``generations`` times.
    4. With ``connected``: grow every open region outwards at once,
       counting the walls crossed, and take the meetings of two regions
       cheapest first, each one that joins two regions not yet joined
       becoming a tunnel (a milestone each), until every open place is
       joined to S (Kruskal over the regions).

    Property: not perfect: open caves with loops and pillars.  Connected
    when asked (every open place reachable from S, G included), else the
    finders may find no route.  Source: the life-like rule notation of
    Golly and the "4-5 rule" of cave generation (Johnson, Yannakakis and
    Togelius, "Cellular automata for real-time generation of infinite cave
    levels", 2010); mazelib's CellularAutomaton (B3/S12345 is the
    "Maze" rule it is named after).
    """
    w, h = maze.width, maze.height
    wall = maze.wall
    born, survive = parse(rule)
    may = bytearray(w * h)               # 1 on the squares that may change
    if maze.geometry == "thin":
        for y in range(1, h - 1):
            may[y * w + 1 + y % 2:y * w + w - 1:2] = b"\1" * len(range(1 + y % 2, w - 1, 2))
    else:
        for y in range(1, h - 1):
            may[y * w + 1:y * w + w - 1] = b"\1" * (w - 2)
        posts = [y * w + x for y in range(2, h - 1, 2) for x in range(2, w - 1, 2)]
        for p in posts:
            wall[p] = 0
        if posts and watch:
            yield column(WALL, posts, 1, 0)
    for p in (maze.start, *maze.goals):
        may[p] = 0
    random = rng.random
    walls = [p for p in compress(range(w * h), may) if random() < density]
    for p in walls:
        wall[p] = 1
    if walls and watch:
        step = column(WALL, walls, 0, 1)
        step[0] |= MILESTONE
        yield step
    for generation, flips in enumerate(_generations(maze, may, born, survive, generations, watch), 1):
        if flips:
            step = []
            for p in flips:
                wall[p] ^= 1
                step += (WALL, p, 1 - wall[p], wall[p])
            step[0] |= MILESTONE
            yield tuple(step)
    if connected:
        yield from connect(maze, watch)
