import random as _random

from ..events import MARK, MILESTONE, M_STACK, WALL
from ..maze import Maze
from ..registry import Param, generator, generators
from ..graph import passages as all_passages
from ._base import shuffle, silent
from ._rooms import rejoin

BASES = ("dig", "wilson", "kruskal", "prim", "hunt", "binary", "sidewinder")


@generator("perturb", "Perturbation", group="perfect", order=195, initial="wall", perfect=True,
            budget=("repeat", 3_000_000), params=[
    Param("base", "choice", "binary", choices=BASES, help="the generator of the maze to perturb"),
    Param("repeat", "int", 5, min=0, max=100_000, help="how many rounds of new walls and repairs (each is a pass over the maze: "
                                   "cells x (repeat + 1) may be at most 3,000,000)"),
    Param("new_walls", "int", 3, min=1, max=1000, help="walls put up in each round"),
])
def perturb(maze, rng, base="binary", repeat=5, new_walls=3, watch=True):
    """Perturbation: put up a few walls across a perfect maze, then repair it into a perfect maze again.

    1. Make a perfect maze with ``base`` and show it whole (one step).
    2. One round: close ``new_walls`` open passages at random (shown in
       red, a milestone each); the maze falls apart into pieces.
    3. Repair: visit the closed passages in random order and open each one
       that joins two pieces (union-find), until the maze is whole again (a
       milestone each).
    4. Repeat ``repeat`` rounds.

    Property: perfect after every round: a spanning tree loses k edges
    (k + 1 pieces) and gains exactly k joining edges.  Each round changes
    the texture locally, so a biased base (the binary tree's diagonal)
    fades round by round.  Source: mazelib's Perturbation (add random
    walls, reconnect the passages).
    """
    algo = generators()[base]
    work = Maze.blank(maze.cells_w, maze.cells_h, algo.initial)
    silent(algo.func, work, _random.Random(rng.getrandbits(32)))
    wall, mark = maze.wall, maze.mark
    if watch:
        step = []
        for p in range(len(wall)):
            if wall[p] != work.wall[p]:
                step += (WALL, p, wall[p], work.wall[p])
        step[-4] |= MILESTONE
        yield tuple(step)
    wall[:] = work.wall
    passages = list(all_passages(maze)[0])
    for _ in range(repeat):
        opened = [via for via in passages if not wall[via]]
        if not opened:
            break
        shuffle(opened, rng)
        cut = opened[:new_walls]
        for via in cut:
            wall[via] = 1
            if watch:
                mark[via] = M_STACK
                yield (WALL | MILESTONE, via, 0, 1, MARK, via, 0, M_STACK)
        yield from rejoin(maze, rng, watch)
        if watch:
            step = []
            for via in cut:
                step += (MARK, via, mark[via], 0)
                mark[via] = 0
            yield tuple(step)
