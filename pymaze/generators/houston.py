from ..graph import SHAPES, between, cells as all_cells, moves
from ..registry import Param, generator
from ._base import carve, open_cell
from .wilson import walks


@generator("houston", "Houston (Aldous-Broder, then Wilson)", order=75, perfect=True, shapes=SHAPES, params=[
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
    wall = maze.wall
    fixed, tables, inside = moves(maze)
    via_of = between(maze)
    cells = list(all_cells(maze))
    left = max(1, round(switch * len(cells))) - 1
    p = maze.start
    yield open_cell(maze, p)
    # Aldous-Broder's walk written out as in ``aldous`` (no call per step: at switch 1 this loop is
    # the whole run, n log^2 n steps); the draws are those of ``wilson.stepper``.
    if fixed:
        jumps, bits = [dq for _, dq in fixed], rng.getrandbits
        while left:
            q = p + jumps[bits(2)]
            if not inside[q]:
                continue
            if wall[q]:
                yield carve(maze, via_of(p, q), q)
                left -= 1
            p = q
    else:
        random = rng.random
        while left:
            d = tables[p]
            q = p + d[int(random() * len(d))][1]
            if not inside[q]:
                continue
            if wall[q]:
                yield carve(maze, via_of(p, q), q)
                left -= 1
            p = q
    yield from walks(maze, rng, cells)
