"""Straight lines across a block maze's squares: line of sight between square centres, the squares
a segment passes, lengths and the turning of a polyline (what the any-angle finders and their text
drawing use).

A block maze's squares are unit squares; a route runs between their centres.  Two squares see
each other when the straight segment between their centres touches no wall square, not even at
a corner (the any-angle form of the "no-corners" rule for diagonal steps, so every step A* takes
with that rule is in sight).
"""

import math


def sight(wall, w, a, b):
    """Whether squares ``a`` and ``b`` of a block maze ``w`` squares wide see each other.

    Walks every square the segment between the centres touches (a supercover line, in whole
    numbers): the next square is the one whose side the segment crosses first, and where it passes
    exactly through a corner the two squares beside the corner are touched too."""
    y0, x0 = divmod(a, w)
    y1, x1 = divmod(b, w)
    nx, ny = abs(x1 - x0), abs(y1 - y0)
    sx = 1 if x1 > x0 else -1
    sy = w if y1 > y0 else -w
    p, ix, iy = a, 0, 0
    while ix < nx or iy < ny:
        t = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx
        if t == 0:             # through a corner: the squares on both sides of it are touched
            if wall[p + sx] or wall[p + sy]:
                return False
            p += sx + sy
            ix += 1
            iy += 1
        elif t < 0:
            p += sx
            ix += 1
        else:
            p += sy
            iy += 1
        if wall[p]:
            return False
    return True


def walked(w, corners):
    """The squares a route of ``corners`` passes through, in order (each segment's supercover walk,
    without the squares it only grazes at a corner): what a text drawing marks."""
    out = corners[:1]
    for a, b in zip(corners, corners[1:]):
        y0, x0 = divmod(a, w)
        y1, x1 = divmod(b, w)
        nx, ny = abs(x1 - x0), abs(y1 - y0)
        sx, sy = (1 if x1 > x0 else -1), (w if y1 > y0 else -w)
        p, ix, iy = a, 0, 0
        while ix < nx or iy < ny:
            t = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx
            if t <= 0:
                p += sx
                ix += 1
            if t >= 0:
                p += sy
                iy += 1
            out.append(p)
    return out


def length(w):
    """A function ``(a, b) -> the distance between the centres of squares a and b``."""
    def dist(a, b):
        ay, ax = divmod(a, w)
        by, bx = divmod(b, w)
        return math.hypot(ax - bx, ay - by)
    return dist


def bends(w, corners):
    """The total turning at the route's corners, in whole degrees."""
    total, last = 0.0, None
    for a, b in zip(corners, corners[1:]):
        ay, ax = divmod(a, w)
        by, bx = divmod(b, w)
        angle = math.atan2(by - ay, bx - ax)
        if last is not None:
            total += abs((angle - last + math.pi) % (2 * math.pi) - math.pi)
        last = angle
    return round(math.degrees(total))
