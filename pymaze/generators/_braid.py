"""Braid and sparseness: post-steps for any perfect maze, on every shape, as events.

``braid`` removes a share of the dead ends by opening a wall of each (joining it to a
neighbouring dead end first, as Jamis Buck's braid does, which removes two at once); ``sparse``
walls up dead-end cells one at a time (the cell and its one passage), a share of the cells in
all, so the maze thins from its tips inward and stays connected.  ``pymaze.run.Run`` runs them
after the generator, from a random generator of their own (``pymaze.run.post_rng``), when the options ``braid`` or ``sparse``
(shares from 0 to 1, on every perfect generator) are set.
"""

from ..events import MILESTONE, WALL
from ..graph import moves, rule
from ._base import shuffle


def _neighbourhood(maze):
    """A function ``p -> [(via, q), ...]``: every candidate passage of cell ``p`` and the cell beyond."""
    fixed, tables, inside = moves(maze)
    if fixed is not None:
        return lambda p: [(p + dv, p + dq) for dv, dq in fixed if inside[p + dq]]
    return lambda p: [(p + dv, p + dq) for dv, dq in tables[p]]


def _cells(maze):
    fixed, tables, inside = moves(maze)
    if fixed is None:
        return range(len(tables))
    return [p for p in range(len(maze.wall)) if inside[p]]


def dead_ends(maze):
    """The open cells with exactly one open passage (to an open cell), in index order."""
    near, wall = _neighbourhood(maze), maze.wall
    return [p for p in _cells(maze) if not wall[p]
            and sum(1 for v, q in near(p) if not wall[v] and not wall[q]) == 1]


def thin(maze, rng, braid=0.0, sparse=0.0, watch=True):
    """Sparseness, then braid, on ``maze`` (a perfect maze: its open cells a spanning tree).

    1. Sparse: walls up ``round(sparse * cells)`` cells (never S or a goal, so never the way
       between them: fewer when only that is left), each a dead end of the moment picked at random: its passage closes, then the cell (a
       milestone), so another may become a dead end.
    2. Braid: of the dead ends left, ``round(braid * count)`` go (those with a closed wall to an
       open cell; a dead end wedged in a corner of the grid or a mask with none stays).  In a
       random order, each one still a dead end opens a wall: to a neighbouring dead end where
       it has one (two dead ends gone for one wall), otherwise to any open neighbour; when only
       one more dead end is to go, to a neighbour that is no dead end (a dead end whose neighbours
       are all dead ends waits), so exactly the share goes.

    Yields one event tuple per wall changed when watched; returns the number of dead ends braided away.
    """
    wall, near = maze.wall, _neighbourhood(maze)
    may = rule(maze)   # a weave maze: no bridged cell gains or loses a passage
    keep = {maze.start, *maze.goals}

    def degree(p):
        return sum(1 for v, q in near(p) if not wall[v] and not wall[q])

    if sparse:
        cells = [p for p in _cells(maze) if not wall[p]]
        todo = min(round(sparse * len(cells)), max(0, len(cells) - 2))
        ends = [p for p in cells if degree(p) == 1 and p not in keep]
        while todo and ends:
            i = rng.randrange(len(ends))
            p = ends[i]
            ends[i] = ends[-1]
            ends.pop()
            via, q = next((v, q) for v, q in near(p) if not wall[v] and not wall[q])
            if may is not None and not may.may_close(via):
                continue
            wall[via] = wall[p] = 1
            todo -= 1
            if watch:
                yield (WALL, via, 0, 1, WALL | MILESTONE, p, 0, 1)
            if degree(q) == 1 and q not in keep:
                ends.append(q)
    removed = 0
    if braid:
        ends = [p for p in dead_ends(maze) if any(wall[v] and not wall[q] for v, q in near(p))]
        target = round(braid * len(ends))
        shuffle(ends, rng)
        for p in ends:
            if removed >= target:
                break
            if degree(p) != 1:
                continue    # joined already, by a neighbouring dead end
            closed = [(v, q) for v, q in near(p) if wall[v] and not wall[q] and (may is None or may.may_open(p, v, q))]
            paired = [(v, q) for v, q in closed if degree(q) == 1]
            choice = [c for c in closed if c not in paired] if target - removed == 1 else paired or closed
            if not choice:
                continue    # one more to go, and this one would take a neighbour with it
            via, q = choice[rng.randrange(len(choice))]
            removed += 2 if degree(q) == 1 else 1
            wall[via] = 0
            if watch:
                yield (WALL | MILESTONE, via, 1, 0)
    return removed
