from array import array

from ..events import MILESTONE, WALL, Kinds, Trace
from ..graph import SHAPES, cells as all_cells, moves, rule
from ..registry import Param, generator
from .wilson import walks

# What the Aldous-Broder phase reports (see events.Trace): a passage opened, then the cell beyond (a milestone).
CARVES = Kinds((WALL, 1, 0), (WALL | MILESTONE, 1, 0))
PASSAGE, OPENED = range(2)


@generator("houston", "Houston (Aldous-Broder, then Wilson)", short="Houston", group="perfect", order=75, perfect=True, shapes=SHAPES, params=[
    Param("switch", "float", 0.33, min=0.0, max=1.0,
          help="the share of cells Aldous-Broder visits before Wilson takes over"),
])
def houston(maze, rng, switch=0.33, watch=True):
    """Houston: Aldous-Broder while the tree is small, Wilson's walks once it is big.

    1. Aldous-Broder: walk at random from the start cell; each step onto a
       cell not yet in the tree opens the passage walked through and the
       cell (a milestone).  Stop when ``switch`` of the cells are in.
    2. Wilson: for each cell still outside (row-major), walk at random,
       erasing each loop as it closes (the walk is marked), until the walk
       steps onto the tree; open the walk into the tree.
    3. Done when every cell is in the tree.

    Property: perfect.  Each phase alone samples spanning trees uniformly
    (``switch`` 0 is Wilson, 1 Aldous-Broder), but the hybrid does not:
    Wilson completes the partial tree uniformly, while the partial tree
    Aldous-Broder leaves when stopped early is not weighted by how many
    trees contain it (on the 3 x 3 grid the chi-square statistic is about
    2,300 against a critical 257).  Aldous-Broder is quick at first and
    slow to find the last cells, Wilson the opposite, so switching makes
    it faster than either.
    Source: Jamis Buck, "Maze Generation: More weave mazes" / the
    "Houston" hybrid in his mazes demos (after a suggestion by Robin
    Houston); Aldous (1990), Broder (1989), Wilson (1996).
    """
    wall = maze.wall
    fixed, tables, inside = moves(maze)
    may = rule(maze)    # a weave maze: may this passage open now?
    getrandbits, random = rng.getrandbits, rng.random
    cells = list(all_cells(maze))
    p = maze.start                          # 1. Aldous-Broder from the start cell
    wall[p] = 0
    if watch:
        yield array("i", (WALL | MILESTONE, p, 1, 0))
        trace = Trace(CARVES)
    left = max(1, round(switch * len(cells))) - 1   # cells still to open in this phase
    while left:
        d = fixed or tables[p]
        dv, dq = d[getrandbits(2) if fixed else int(random() * len(d))]
        q = p + dq
        if not inside[q]:
            continue
        if wall[q]:
            if may is not None and not may.may_open(p, p + dv, q):
                continue                # (a tunnel the rule refuses now: the walk stays)
            left -= 1
            wall[p + dv] = wall[q] = 0
            if watch:
                trace.add(PASSAGE, p + dv)
                trace.add(OPENED, q)
                if trace.full():
                    yield trace.batch()
        p = q
    if watch:
        yield trace.batch()
    yield from walks(maze, rng, cells, watch)   # 2. and 3. Wilson's walks from every cell still closed


houston.packed = True
