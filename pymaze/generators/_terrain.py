"""Random terrain: smooth noise laid over any maze as terrain costs (``maze.weight``).

A move costs the terrain of the node it enters (see the cost-aware solvers).  The named
terrains are ``TERRAINS``; ``lay`` gives a share of the maze costly ground in smooth patches
(value noise on a coarse lattice, interpolated), the deepest parts of a patch the dearest.
``pymaze.run.Run`` lays it before a generator runs (the terrain depends on the seed and the
size only, not on the walls), when a generator's ``terrain`` option is above 0.
"""

import math
import random
from array import array

TERRAINS = {"road": 1, "grass": 2, "sand": 3, "mud": 5, "water": 9}
PATCH = 5.0  # the noise lattice's spacing, in cells: about the size of a patch


def _noise(seed):
    """A smooth function of the plane, values in [0, 1): value noise with smoothstep blending."""
    rng = random.Random(seed)
    table = [rng.random() for _ in range(256)]
    perm = list(range(256))
    rng.shuffle(perm)

    def at(i, j):
        return table[perm[(perm[i & 255] + j) & 255]]

    def noise(x, y):
        x, y = x / PATCH, y / PATCH
        i, j = math.floor(x), math.floor(y)
        fx, fy = x - i, y - j
        sx, sy = fx * fx * (3 - 2 * fx), fy * fy * (3 - 2 * fy)
        top = at(i, j) + sx * (at(i + 1, j) - at(i, j))
        bottom = at(i, j + 1) + sx * (at(i + 1, j + 1) - at(i, j + 1))
        return top + sy * (bottom - top)
    return noise


def lay(maze, seed, share):
    """Give ``maze`` terrain costs: about ``share`` of its cells costly (grass, sand, mud and water,
    dearer towards a patch's middle), the rest road (1).  Returns ``maze.weight``."""
    noise = _noise(seed ^ 0x7E22A1)
    size = len(maze.wall)
    weight = array("i", [1]) * size
    lat = maze.lattice
    if lat is not None:
        spots = ((p, lat.centre(p)) for p in range(lat.n))
        scale = 1.0 / lat.max_step()
    else:
        w = maze.width
        spots = ((p, (p % w, p // w)) for p in range(size))
        scale = 0.5  # two squares a cell
    dear = (2, 3, 5, 9)
    for p, (x, y) in spots:
        v = noise(x * scale, y * scale)
        if v < share:
            weight[p] = dear[min(3, int(4 * (share - v) / share))]
    maze.weight = weight
    return weight
