from array import array

from ..events import MARK, M_STACK
from ..registry import Param, generator
from ..graph import cells as all_cells
from ._base import carve, cell_mask, deltas, open_cell


@generator("houston", "Houston (Aldous-Broder, then Wilson)", order=75, perfect=True, params=[
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
    wall, mark = maze.wall, maze.mark
    inside = cell_mask(maze)
    d = deltas(maze)
    bits = rng.getrandbits
    cells = list(all_cells(maze))
    target = max(1, round(switch * len(cells)))
    p = maze.start
    yield open_cell(maze, p)
    count = 1
    while count < target:
        q = p + 2 * d[bits(2)]
        if not inside[q]:
            continue
        if wall[q]:
            yield carve(maze, (p + q) // 2, q)
            count += 1
        p = q
    at = array("i", [-1]) * len(wall)
    for first in cells:
        if not wall[first]:
            continue
        path, p = [first], first
        at[first] = 0
        mark[first] = M_STACK
        yield (MARK, first, 0, M_STACK)
        while True:
            q = p + 2 * d[bits(2)]
            if not inside[q]:
                continue
            if not wall[q]:
                break
            i = at[q]
            if i >= 0:
                step = []
                for c in path[i + 1:]:
                    at[c] = -1
                    mark[c] = 0
                    step += (MARK, c, M_STACK, 0)
                del path[i + 1:]
                yield tuple(step)
            else:
                at[q] = len(path)
                path.append(q)
                mark[q] = M_STACK
                yield (MARK, q, 0, M_STACK)
            p = q
        path.append(q)
        for k in range(len(path) - 2, -1, -1):
            c = path[k]
            at[c] = -1
            mark[c] = 0
            yield (MARK, c, M_STACK, 0) + carve(maze, (c + path[k + 1]) // 2, c)
