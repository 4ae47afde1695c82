from ..events import MARK, MILESTONE, M_FRONTIER2, M_STACK, WALL
from ..registry import Param, generator
from ..graph import cells as all_cells
from ._base import below


@generator("blobby", "Blobby recursive division", short="Blobby division", group="perfect", order=146, initial="posts", perfect=True, max_cells=500_000, params=[
    Param("rooms", "int", 1, min=1, max=1000,
          help="regions of at most this many cells are left undivided (1: a perfect maze)"),
])
def blobby(maze, rng, rooms=1, watch=True):
    """Blobby recursive division: recursive division with regions of any shape, grown from two seeds.

    1. Start with every cell and passage open: one region, all the cells.
    2. Take a region from the stack; at most ``rooms`` cells, it is done.
    3. Pick two of its cells at random as seeds of two halves (two
       colours).  Grow both at once: take a random cell from the growing
       set, and give each neighbour in the region not yet taken the same
       half, until every cell has one.
    4. Close every passage between the two halves but one, chosen at
       random (one milestone), and push both halves; a finished region's
       colours are cleared.

    Property: perfect with ``rooms`` = 1: each split joins its two
    connected halves by exactly one gap, so the cells end as a spanning
    tree.  The walls are blobby curves, not straight lines; with rooms
    above 1, rooms of that size stay open (with loops inside).  Source:
    Jamis Buck, "Maze Generation: Blobby Recursive Subdivision Algorithm"
    (2015).
    """
    w = maze.width
    wall, mark = maze.wall, maze.mark
    dirs = (-2 * w, 2, 2 * w, -2)
    randrange = below(rng)              # rng.randrange's draws
    stack = [list(all_cells(maze))]     # 1. one region: every cell
    while stack:
        region = stack.pop()            # 2. done when small enough: its colours cleared
        if len(region) <= max(1, rooms):
            if watch:
                step = []
                for c in region:
                    if mark[c]:
                        step += (MARK, c, mark[c], 0)
                        mark[c] = 0
                if step:
                    yield tuple(step)
            continue
        members = set(region)          # 3. two seeds, grown at random into two halves
        i = randrange(len(region))
        j = randrange(len(region) - 1)
        a, b = region[i], region[j + (j >= i)]
        half = {a: M_STACK, b: M_FRONTIER2}
        if watch:
            yield (MARK, a, mark[a], M_STACK, MARK, b, mark[b], M_FRONTIER2)
            mark[a], mark[b] = M_STACK, M_FRONTIER2
        growing = [a, b]
        while growing:
            k = randrange(len(growing))
            c = growing[k]
            growing[k] = growing[-1]
            growing.pop()
            step = []
            side = half[c]
            for d in dirs:
                n = c + d
                if n in members and n not in half and not wall[(c + n) >> 1]:
                    half[n] = side
                    growing.append(n)
                    if watch:
                        step += (MARK, n, mark[n], side)
                        mark[n] = side
            if step:
                yield tuple(step)
        # 4. the passages between the halves: all closed but a random gap
        between = [(c + n) >> 1 for c in region if half[c] == M_STACK
                   for n in (c + d for d in dirs) if half.get(n) == M_FRONTIER2 and not wall[(c + n) >> 1]]
        gap = between[randrange(len(between))]
        step = []
        for p in between:
            if p != gap:
                wall[p] = 1
                if watch:
                    step += (WALL, p, 0, 1)
        if watch:
            if not step:                    # the gap was the only passage: nothing to close
                step = [MARK, gap, mark[gap], mark[gap]]
            step[0] |= MILESTONE
            yield tuple(step)
        stack.append([c for c in region if half[c] == M_STACK])
        stack.append([c for c in region if half[c] == M_FRONTIER2])
