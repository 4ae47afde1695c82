from array import array

from ..events import CHUNK
from ..graph import SHAPES, between, cells as all_cells, moves
from ..registry import Param, generator
from ._base import CARVE, open_cell, pack
from .wilson import _packed_walks, instant_walks


@generator("houston", "Houston (Aldous-Broder, then Wilson)", group="perfect", order=75, perfect=True, shapes=SHAPES, params=[
    Param("switch", "float", 0.33, min=0.0, max=1.0,
          help="the share of cells Aldous-Broder visits before Wilson takes over"),
])
def houston(maze, rng, switch=0.33):
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
    yield array("i", open_cell(maze, maze.start))
    cells = list(all_cells(maze))
    for index in _aldous(maze, rng, switch, len(cells)):
        yield pack(CARVE, bytes(len(index) // 2), index)
    yield from _packed_walks(maze, rng, cells)


def _aldous(maze, rng, switch, n):
    """Step 1 on a maze of ``n`` cells whose start is open: the passage and the cell of each carve
    in turn, a list of them at a time (so that a watched run hands its events out as they come)."""
    wall = maze.wall
    fixed, tables, inside = moves(maze)
    left = max(1, round(switch * n)) - 1
    p = maze.start
    index = []
    add = index.append
    # Aldous-Broder's walk written out as in ``aldous`` (no call per step: at switch 1 this loop is
    # the whole run, n log^2 n steps); the draws are those of ``wilson.stepper``.
    if fixed:
        jumps, bits = [dq for _, dq in fixed], rng.getrandbits
        while left:
            q = p + jumps[bits(2)]
            if not inside[q]:
                continue
            if wall[q]:
                via = (p + q) >> 1
                wall[via] = wall[q] = 0
                add(via)
                add(q)
                left -= 1
                if len(index) >= CHUNK:
                    yield index
                    index = []
                    add = index.append
            p = q
    else:
        via_of, random = between(maze), rng.random
        while left:
            d = tables[p]
            q = p + d[int(random() * len(d))][1]
            if not inside[q]:
                continue
            if wall[q]:
                via = via_of(p, q)
                wall[via] = wall[q] = 0
                add(via)
                add(q)
                left -= 1
                if len(index) >= CHUNK:
                    yield index
                    index = []
                    add = index.append
            p = q
    if index:
        yield index


def _instant(maze, rng, switch=0.33):
    """Houston with nobody watching: the same two walks (the same random draws), no marks or steps;
    the Wilson phase is ``wilson``'s own event-free walk."""
    maze.wall[maze.start] = 0
    cells = list(all_cells(maze))
    for _ in _aldous(maze, rng, switch, len(cells)):
        pass
    instant_walks(maze, rng, cells)


houston.instant = _instant
houston.packed = True
