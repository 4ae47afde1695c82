from collections import deque

from ..events import M_STACK, MARK, MILESTONE, WALL
from ..graph import SHAPES, moves, rule
from ..registry import Param, generator
from ._base import PERMS, open_first, shuffled


@generator("growing", "Growing tree", group="perfect", order=130, perfect=True, shapes=SHAPES, params=[
    Param("policy", "choice", "mix", choices=("newest", "oldest", "random", "middle", "mix"),
          help="which active cell grows next: newest (backtracker), oldest, random (Prim-like), "
               "middle, or mix (newest or random, see 'mix')"),
    Param("mix", "float", 0.5, min=0.0, max=1.0,
          help="policy mix: share of picks that take a random active cell instead of the newest"),
])
def growing(maze, rng, policy="mix", mix=0.5, watch=True):
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
    may = rule(maze)    # a weave maze: may this passage open now?
    random = rng.random
    p = maze.start
    yield from open_first(maze, p, watch, M_STACK)
    active = _Middle(p) if policy == "middle" else _Active(p, policy, mix, random)
    while active:
        p = active.choose()
        d = fixed or tables[p]
        for k in PERMS[int(random() * 24)] if fixed else shuffled(len(d), random):
            dv, dq = d[k]
            q = p + dq
            if inside[q] and wall[q] and (may is None or may.may_open(p, p + dv, q)):
                active.add(q)
                wall[p + dv] = 0
                wall[q] = 0
                if watch:
                    mark[q] = M_STACK
                    yield (WALL, p + dv, 1, 0, WALL | MILESTONE, q, 1, 0, MARK, q, 0, M_STACK)
                break
        else:
            active.retire()
            if watch:
                mark[p] = 0
                yield (MARK, p, M_STACK, 0)


class _Active:
    """The active list in order, with retired cells left as -1 (tombstones) so that retiring one
    costs nothing; ``lo`` is the first live entry, the last entry is always live, and the list is
    compacted (order kept) when tombstones are half of it: every choice is constant time."""

    def __init__(self, first, policy, mix, random):
        self.cells, self.lo, self.dead, self.i = [first], 0, 0, 0
        self.policy, self.mix, self.random = policy, mix, random

    def __bool__(self):
        return self.lo < len(self.cells)

    def choose(self):
        """Step 2: the cell the policy chooses (remembered for ``retire``)."""
        cells, policy, random = self.cells, self.policy, self.random
        if policy == "newest" or policy == "mix" and random() >= self.mix:
            i = len(cells) - 1
        elif policy == "oldest":
            i = self.lo
        else:  # a live entry uniformly at random (at least half the list is live)
            i = int(random() * len(cells))
            while cells[i] < 0:
                i = int(random() * len(cells))
        self.i = i
        return cells[i]

    def add(self, q):
        self.cells.append(q)

    def retire(self):
        """Retire the cell chosen last."""
        cells = self.cells
        cells[self.i] = -1
        self.dead += 1
        while cells and cells[-1] < 0:
            cells.pop()
            self.dead -= 1
        while self.lo < len(cells) and cells[self.lo] < 0:
            self.lo += 1
        if 2 * self.dead > len(cells):
            self.cells = [c for c in cells if c >= 0]
            self.lo = self.dead = 0


class _Middle:
    """The active list for the "middle" policy, as two deques, ``left`` holding its first half
    (``n // 2`` cells), so the middle cell is ``right[0]`` and adding or retiring one is constant time."""

    def __init__(self, first):
        self.left, self.right = deque(), deque([first])

    def __bool__(self):
        return bool(self.right)

    def choose(self):
        return self.right[0]

    def add(self, q):
        left, right = self.left, self.right
        right.append(q)
        if len(right) - len(left) > 1:
            left.append(right.popleft())

    def retire(self):
        left, right = self.left, self.right
        right.popleft()
        if len(left) > len(right):
            right.appendleft(left.pop())
