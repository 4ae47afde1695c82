from collections import deque

from ..events import M_STACK, MARK
from ..graph import SHAPES, moves
from ..registry import Param, generator
from ._base import PERMS, carve, open_cell, set_mark, shuffled


@generator("growing", "Growing tree", group="perfect", order=130, perfect=True, shapes=SHAPES, params=[
    Param("policy", "choice", "mix", choices=("newest", "oldest", "random", "middle", "mix"),
          help="which active cell grows next: newest (backtracker), oldest, random (Prim-like), "
               "middle, or mix (newest or random, see 'mix')"),
    Param("mix", "float", 0.5, min=0.0, max=1.0,
          help="policy mix: share of picks that take a random active cell instead of the newest"),
])
def growing(maze, rng, policy="mix", mix=0.5):
    """Growing tree: keep a list of active cells; grow from one chosen by a policy.

    1. Open the start cell; it is the only active cell (marked).
    2. Choose an active cell by ``policy``: the newest one (this is the
       recursive backtracker), the oldest, a random one (like simplified
       Prim), the middle one of the list, or "mix": a random one with
       probability ``mix``, else the newest.
    3. If it has a neighbour that is still closed, pick one at random, open
       the passage and the cell, and make that cell active.  Otherwise
       retire the chosen cell (unmark it).
    4. Repeat until no cell is active.

    Property: perfect (a spanning tree).  Not uniform.  The texture ranges
    from long winding corridors (newest) to short straight spokes (oldest)
    and many short dead ends (random).
    Source: Walter D. Pullen, "Think Labyrinth: Maze Algorithms" (the
    growing tree), Jamis Buck, "Maze Generation: Growing Tree algorithm".
    """
    wall, mark = maze.wall, maze.mark
    fixed, tables, inside = moves(maze)
    random = rng.random
    p = maze.start
    yield open_cell(maze, p)
    mark[p] = M_STACK
    yield (MARK, p, 0, M_STACK)
    if policy == "middle":
        yield from _middle(maze, rng, p)
        return
    # The active list in order, with retired cells left as -1 (tombstones) so that retiring one
    # costs nothing; ``lo`` is the first live entry, the last entry is always live, and the list is
    # compacted (order kept) when tombstones are half of it: every choice is constant time.
    active = [p]
    lo = dead = 0
    while lo < len(active):
        if policy == "newest" or policy == "mix" and random() >= mix:
            i = len(active) - 1
        elif policy == "oldest":
            i = lo
        else:  # a live entry uniformly at random (at least half the list is live)
            i = int(random() * len(active))
            while active[i] < 0:
                i = int(random() * len(active))
        p = active[i]
        d = fixed or tables[p]
        for k in PERMS[int(random() * 24)] if fixed else shuffled(len(d), random):
            dv, dq = d[k]
            q = p + dq
            if inside[q] and wall[q]:
                active.append(q)
                yield carve(maze, p + dv, q) + set_mark(maze, q, M_STACK)
                break
        else:
            active[i] = -1
            dead += 1
            while active and active[-1] < 0:
                active.pop()
                dead -= 1
            while lo < len(active) and active[lo] < 0:
                lo += 1
            if 2 * dead > len(active):
                active = [c for c in active if c >= 0]
                lo = dead = 0
            mark[p] = 0
            yield (MARK, p, M_STACK, 0)


def _middle(maze, rng, p):
    """The "middle" policy: the active list kept as two deques, ``left`` holding its first half
    (``n // 2`` cells), so the middle cell is ``right[0]`` and adding or retiring one is constant time."""
    wall, mark = maze.wall, maze.mark
    fixed, tables, inside = moves(maze)
    random = rng.random
    left, right = deque(), deque([p])
    while right:
        p = right[0]
        d = fixed or tables[p]
        for k in PERMS[int(random() * 24)] if fixed else shuffled(len(d), random):
            dv, dq = d[k]
            q = p + dq
            if inside[q] and wall[q]:
                right.append(q)
                if len(right) - len(left) > 1:
                    left.append(right.popleft())
                yield carve(maze, p + dv, q) + set_mark(maze, q, M_STACK)
                break
        else:
            right.popleft()
            if len(left) > len(right):
                right.appendleft(left.pop())
            mark[p] = 0
            yield (MARK, p, M_STACK, 0)


def _instant(maze, rng, policy="mix", mix=0.5):
    """The growing tree with nobody watching: the same draws and the same active list as the steps
    (so the same maze), no marks or events.  "middle" drains its steps."""
    if policy == "middle":
        deque(growing(maze, rng, policy, mix), maxlen=0)
        return
    wall = maze.wall
    fixed, tables, inside = moves(maze)
    random = rng.random
    p = maze.start
    wall[p] = 0
    active = [p]
    lo = dead = 0
    newest, oldest = policy == "newest", policy == "oldest"
    mixed = policy == "mix"
    while lo < len(active):
        if newest or mixed and random() >= mix:
            i = len(active) - 1
        elif oldest:
            i = lo
        else:
            i = int(random() * len(active))
            while active[i] < 0:
                i = int(random() * len(active))
        p = active[i]
        d = fixed or tables[p]
        for k in PERMS[int(random() * 24)] if fixed else shuffled(len(d), random):
            dv, dq = d[k]
            q = p + dq
            if inside[q] and wall[q]:
                active.append(q)
                wall[p + dv] = 0
                wall[q] = 0
                break
        else:
            active[i] = -1
            dead += 1
            while active and active[-1] < 0:
                active.pop()
                dead -= 1
            while lo < len(active) and active[lo] < 0:
                lo += 1
            if 2 * dead > len(active):
                active = [c for c in active if c >= 0]
                lo = dead = 0


growing.instant = _instant
