from ..events import MILESTONE, WALL
from ..registry import Param, generator


@generator("division", "Recursive division", order=140, initial="posts", perfect=True, params=[
    Param("split", "choice", "weighted", choices=("weighted", "shape", "random"),
          help="which way to cut a chamber: weighted (the longer side more often), "
               "shape (always across the longer side), random (a coin)"),
])
def division(maze, rng, split="weighted"):
    """Recursive division: a wall adder that splits chambers in two, leaving one gap in each wall.

    1. Start with the frame and the posts standing and every cell and
       opening floor: one chamber, the whole maze.
    2. Take a chamber from the stack.  If it is one cell wide or one cell
       high, it is finished.
    3. Otherwise split it in two with a straight wall at a random position.
       ``split`` "weighted": a horizontal wall with probability
       height / (width + height), else a vertical one; "shape": always cut
       the longer side (a square chamber at random); "random": a coin.
       The wall spans the chamber except for one random gap (the wall is
       one step, a milestone).
    4. Push the two halves onto the stack and repeat.

    An explicit stack of chambers replaces the recursion.
    Property: perfect (a spanning tree): each wall cuts a chamber in two
    halves joined only through its gap.  Not uniform: long straight walls
    and a visible rectangular structure.  Dead ends (100 x 100): about 23 %
    weighted, 27 % shape, 16 % random.
    Source: Walter D. Pullen, "Think Labyrinth: Maze Algorithms"; Jamis
    Buck, "Maze Generation: Recursive Division".
    """
    random = rng.random
    chambers = [(0, 0, maze.cells_w, maze.cells_h)]    # cell x, cell y, width, height
    while chambers:
        x0, y0, cw, ch = chambers.pop()
        if cw < 2 or ch < 2:
            continue
        if split == "weighted":
            across = random() * (cw + ch) < ch                # a horizontal wall
        elif split == "shape":
            across = ch > cw or ch == cw and random() < 0.5
        else:
            across = random() < 0.5
        yield divide(maze, chambers, (x0, y0, cw, ch), across, random)


def divide(maze, chambers, chamber, across, random):
    """Put up a wall across ``chamber`` (cell x, cell y, width, height; ``across``: a horizontal
    wall) at a random row or column, open at one random cell; push its two halves on ``chambers``
    and return the step that shows the wall (one milestone)."""
    w, wall = maze.width, maze.wall
    x0, y0, cw, ch = chamber
    if across:
        at = y0 + int(random() * (ch - 1))                # the wall runs below cell row ``at``
        gap = x0 + int(random() * cw)
        row = (2 * at + 2) * w
        segments = [row + 2 * x + 1 for x in range(x0, x0 + cw) if x != gap]
        chambers += [(x0, at + 1, cw, y0 + ch - at - 1), (x0, y0, cw, at - y0 + 1)]
    else:
        at = x0 + int(random() * (cw - 1))                # the wall runs right of cell column ``at``
        gap = y0 + int(random() * ch)
        segments = [(2 * y + 1) * w + 2 * at + 2 for y in range(y0, y0 + ch) if y != gap]
        chambers += [(at + 1, y0, x0 + cw - at - 1, ch), (x0, y0, at - x0 + 1, ch)]
    step = []
    for p in segments:
        wall[p] = 1
        step += (WALL, p, 0, 1)
    step[-4] |= MILESTONE
    return tuple(step)
