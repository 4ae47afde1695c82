from ..registry import solver
from ._anyangle import search


@solver("lazytheta", "Lazy Theta* (any-angle)", group="open", order=48, shapes=("square",), geometries=("block",),
        anyangle=True, optimal=False,
        work=("Theta* that trusts sight until a square is expanded and only then checks it once: about "
              "the same straight route for far fewer checks."))
def lazytheta(maze, rng, watch=True):
    """Lazy Theta*: Theta* that checks line of sight only for the squares it expands.

    1. Search as A* does on the open grid with diagonal steps that cut no
       corner, costs and estimate the straight-line distances between
       square centres.
    2. Relaxing a neighbour q of the square p being expanded, assume q sees
       p's parent: q hangs off p's parent at the straight-line cost, with
       no check yet.
    3. When a square is expanded, check that assumption once: if its parent
       is out of sight, take instead the closed neighbour through which it
       is cheapest (its cost plus the step), as A* would have.
    4. The first goal expanded ends the search; the chain of parents is the
       route's corners, drawn as straight segments.

    Far fewer sight checks than Theta* (one per expanded square, not one
    per neighbour relaxed), routes about as short.  Block view only; no
    weights.  Source: Nash, Koenig and Tovey, "Lazy Theta*: Any-Angle Path
    Planning and Path Length Analysis in 3D" (2010).
    """
    return (yield from search(maze, True, watch))


lazytheta.packed = True
