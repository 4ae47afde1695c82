from collections import deque
from heapq import heappop, heappush

from ..events import M_FRONTIER, MARK, MILESTONE, WALL
from ..graph import SHAPES, moves
from ..registry import Param, generator
from ._base import both, carve, open_cell, set_mark


@generator("prim", "Prim", group="perfect", order=60, perfect=True, shapes=SHAPES, params=[
    Param("method", "choice", "true", choices=("true", "simplified", "modified"),
          help="true: the cheapest edge under random weights; simplified: a random edge "
               "leaving the tree; modified: a random frontier cell"),
])
def prim(maze, rng, method="true"):
    """Prim: grow one tree from the start cell, one frontier cell at a time.

    1. Open the start cell; its neighbours become the frontier (marked).
    2. Pick a frontier connection, by ``method``:
       "true" gives every edge a random weight and takes the cheapest edge
       from the tree to a cell outside it (a heap of (weight, counter, ...));
       "simplified" picks a random edge from the tree to a cell outside it
       (all weights equal); "modified" picks a random frontier cell and
       joins it to a random neighbour already in the tree.
    3. Open the edge and the new cell (its frontier mark is cleared), and
       add its neighbours outside the tree to the frontier.
    4. Repeat until the frontier is empty.

    Property: perfect (a spanning tree).  Not uniform.  Many short dead
    ends and no long corridors.  Dead ends (100 x 100): about 30 % true,
    32 % simplified, 36 % modified.
    Source: R. C. Prim, "Shortest connection networks" (1957); Walter D.
    Pullen, "Think Labyrinth: Maze Algorithms" (true / simplified /
    modified Prim); Jamis Buck, "Maze Generation: Prim's Algorithm".
    """
    wall, mark = maze.wall, maze.mark
    fixed, tables, inside = moves(maze)
    random = rng.random
    start = maze.start
    yield open_cell(maze, start)
    if method == "true":
        yield from _true(maze, fixed, tables, inside, random)
        return
    frontier = []   # "modified": cells; "simplified": (via, cell) pairs

    def grow(p):
        """Frontier additions around the new tree cell ``p``, as mark events."""
        out = []
        for dv, dq in fixed or tables[p]:
            q = p + dq
            if not (inside[q] and wall[q]):
                continue
            if method == "simplified":
                frontier.append((p + dv, q))
            elif mark[q] != M_FRONTIER:
                frontier.append(q)
            if mark[q] != M_FRONTIER:
                mark[q] = M_FRONTIER
                out += (MARK, q, 0, M_FRONTIER)
        return out

    step = grow(start)
    if step:
        yield tuple(step)
    while frontier:
        i = int(random() * len(frontier))
        frontier[i], frontier[-1] = frontier[-1], frontier[i]
        if method == "simplified":
            via, q = frontier.pop()
        else:
            q = frontier.pop()
            joins = [dv for dv, dq in fixed or tables[q] if inside[q + dq] and not wall[q + dq]]
            via = q + joins[int(random() * len(joins))]
        if not wall[q]:
            continue
        yield set_mark(maze, q, 0) + carve(maze, via, q) + tuple(grow(q))


def _keys(maze, fixed, tables):
    """How ``_true`` packs an edge into one int: ``(kb, shift)``, the bits of the move index and
    where the weight starts."""
    kb = (len(fixed) if fixed else max(map(len, tables))).bit_length()
    return kb, kb + len(maze.wall).bit_length()


def _true(maze, fixed, tables, inside, random):
    """True Prim: a heap of the edges leaving the tree, each one int, ``weight << SHIFT | p << KB | k``
    (a random 32-bit weight, the tree cell ``p`` and the index ``k`` of the move in its table), so
    the heap compares plain ints.  Only the cheapest edge into each frontier cell counts: ``best``
    keeps it, a dearer edge into the same cell is not pushed (its weight is still drawn, so the
    draws do not depend on it), and an edge that is not its cell's best when it comes up is skipped.
    O(E log E) for E candidate passages, with fewer edges on the heap."""
    wall, mark = maze.wall, maze.mark
    kb, shift = _keys(maze, fixed, tables)
    low, kmask = (1 << shift) - 1, (1 << kb) - 1
    heap = []
    best = [1 << (shift + 33)] * len(wall)  # per square: the key of the cheapest edge into it so far
    push, pop = heappush, heappop
    frontier, join, carved, opened = M_FRONTIER, MARK, WALL, WALL | MILESTONE

    def grow(p, out):
        for k, (dv, dq) in enumerate(fixed or tables[p]):
            q = p + dq
            if inside[q] and wall[q]:
                key = int(random() * 4294967296.0) << shift | p << kb | k
                if key < best[q]:
                    best[q] = key
                    push(heap, key)
                if mark[q] != frontier:
                    mark[q] = frontier
                    out += (join, q, 0, frontier)
        return out

    step = grow(maze.start, [])
    if step:
        yield tuple(step)
    while heap:
        key = pop(heap)
        e = key & low
        p, k = e >> kb, e & kmask
        dv, dq = (fixed or tables[p])[k]
        q = p + dq
        if best[q] != key or not wall[q]:
            continue
        via = p + dv
        mark[q] = 0
        wall[via] = 0
        wall[q] = 0
        yield tuple(grow(q, [join, q, frontier, 0, carved, via, 1, 0, opened, q, 1, 0]))


def _instant(maze, rng, method="true"):
    """Prim with nobody watching: true Prim as ``_true`` with no marks or steps (the same draws,
    so the same maze); the other methods drain their steps."""
    if method != "true":
        deque(prim(maze, rng, method), maxlen=0)
        return
    wall = maze.wall
    fixed, tables, inside = moves(maze)
    random = rng.random
    kb, shift = _keys(maze, fixed, tables)
    low, kmask = (1 << shift) - 1, (1 << kb) - 1
    heap = []
    best = [1 << (shift + 33)] * len(wall)
    push, pop = heappush, heappop
    q = maze.start
    wall[q] = 0
    if fixed:
        _square(maze, inside, random, best, kb, shift)
        return
    while True:
        for k, (dv, dq) in enumerate(fixed or tables[q]):
            r = q + dq
            if inside[r] and wall[r]:
                key = int(random() * 4294967296.0) << shift | q << kb | k
                if key < best[r]:
                    best[r] = key
                    push(heap, key)
        while heap:
            key = pop(heap)
            e = key & low
            p = e >> kb
            dv, dq = (fixed or tables[p])[e & kmask]
            q = p + dq
            if best[q] == key and wall[q]:
                wall[p + dv] = 0
                wall[q] = 0
                break
        else:
            return


def _square(maze, inside, random, best, kb, shift):
    """``_instant`` on a square maze, the four moves written out: the same draws, keys and maze.
    (An edge whose key is its cell's best comes off the heap before any other edge into that
    cell, so the cell is still outside the tree then: no second test.)"""
    wall, w = maze.wall, maze.width
    closed = both(inside, wall)
    low, kmask = (1 << shift) - 1, (1 << kb) - 1
    jumps = (-2 * w, 2, 2 * w, -2)
    heap = []
    push, pop = heappush, heappop
    scale = 4294967296.0
    q = maze.start
    closed[q] = 0
    while True:
        here = q << kb
        r = q - 2 * w
        if closed[r]:
            key = int(random() * scale) << shift | here
            if key < best[r]:
                best[r] = key
                push(heap, key)
        r = q + 2
        if closed[r]:
            key = int(random() * scale) << shift | here | 1
            if key < best[r]:
                best[r] = key
                push(heap, key)
        r = q + 2 * w
        if closed[r]:
            key = int(random() * scale) << shift | here | 2
            if key < best[r]:
                best[r] = key
                push(heap, key)
        r = q - 2
        if closed[r]:
            key = int(random() * scale) << shift | here | 3
            if key < best[r]:
                best[r] = key
                push(heap, key)
        while heap:
            key = pop(heap)
            e = key & low
            p = e >> kb
            q = p + jumps[e & kmask]
            if best[q] == key:
                wall[(p + q) >> 1] = wall[q] = closed[q] = 0
                break
        else:
            return


prim.instant = _instant
