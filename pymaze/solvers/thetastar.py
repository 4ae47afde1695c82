from ..registry import solver
from ._anyangle import search


@solver("thetastar", "Theta* (any-angle)", group="open", order=47, shapes=("square",), geometries=("block",),
        anyangle=True, optimal=False,
        work=("A* that lets a square hang off any square in sight: its route runs in straight segments "
              "at any angle, shorter than A*'s steps, for a sight check per neighbour."))
def thetastar(maze, rng, watch=True):
    """Theta*: A* whose routes turn at any angle, a parent needing only line of sight.

    1. Search as A* does on the open grid with diagonal steps that cut no
       corner, the cost of a step its straight length between square
       centres, the estimate the straight-line distance to the nearest goal.
    2. Relaxing a neighbour q of the square p being expanded, first try the
       way from p's own parent straight to q: when the segment between their
       centres touches no wall square (line of sight), q may hang off p's
       parent at that straight-line cost; otherwise off p, as in A*.
    3. The first goal expanded ends the search; the chain of parents is the
       route's corners, drawn as straight segments.

    Line of sight is a supercover walk over the squares the segment touches
    (through a corner, both squares beside it count).  The route's cost is
    its euclidean length: never more than A*'s octile route, often less,
    but not always the true any-angle shortest (a corner may sit at the
    wrong square centre).  Block view only; no weights.
    Source: Nash, Daniel, Koenig and Felner, "Theta*: Any-Angle Path
    Planning on Grids" (2007).
    """
    return (yield from search(maze, False, watch))


thetastar.packed = True
