"""The maze model: one block grid of squares, seen either square by square or cell by cell.

A maze is a W x H grid of squares stored flat (``index = y * W + x``) with
three parallel layers: ``wall`` (1 wall, 0 floor), ``mark`` (what a run is
doing there, see ``events.M_*``) and ``num`` (numbers: wave distances,
cluster ids).  ``start`` and ``goals`` are square indices (-1: none).

Two geometries read the same squares:

* ``"block"``: every floor square is a node; moves go to the four
  neighbouring floor squares.  Any W and H, S and G anywhere (the border too).
* ``"thin"``: a thin-wall maze of w x h cells, cell-aligned in a
  (2w+1) x (2h+1) block: cells at odd (x, y), posts at even (x, y), and the
  squares between two cells are their shared wall (1) or opening (0).  Nodes
  are cells; a move goes two squares, through the opening.

``as_block()`` gives the block view of a thin-wall maze.

Hex, triangle and polar mazes (``shape``; see ``pymaze.graph``) have
``geometry == "graph"``: the layers run over the lattice's cells, then its
passages, and ``lattice`` holds the topology and the drawing.  ``shape`` is
``"square"`` for both views of the square grid.  ``mask`` (a
``pymaze.masks.Mask`` or None) says which cells exist.
"""

from array import array
from itertools import compress

from .errors import GeometryError, ParameterError, SizeError, check_whole, shown
from .graph import GRAPH_SHAPES, SHAPES, Lattice, check_depth, masked_off, square_drawing, to_networkx
from .masks import Mask, grid_nbrs, settle

MAX_SIZE = 2000  # cells a side, the most any maze has (a thin-wall maze's squares: MAX_SIDE)
GEOMETRIES = ("block", "thin")
MAX_SIDE = 2 * MAX_SIZE + 1  # squares a side: the block grid of the largest thin-wall maze
MAX_WEIGHT = 1_000_000       # the largest cost of one square


_FLOOR = bytes([1]) + bytes(255)  # a translate table: 1 where a layer holds 0 (floor), else 0


def _filled(fill, w, h):
    """The wall layer of a blank ``w x h``-square thin maze filled as ``fill`` says, built row by row
    from bytes patterns (no Python work per square)."""
    if fill == "wall":
        return bytearray(b"\x01") * (w * h)
    solid = b"\x01" * w
    alternate = (b"\x01\x00" * w)[:w]          # wall on even x: posts, or a row of cells between walls
    framed = b"\x01" + bytes(w - 2) + b"\x01" if w > 1 else b"\x01"
    if fill == "frame":
        even, odd = framed, framed
    elif fill == "posts":
        even, odd = alternate, framed
    else:  # closed: even rows are all wall, odd rows alternate wall and cell
        even, odd = solid, alternate
    grid = bytearray((even + odd) * (h // 2) + even)
    grid[:w] = solid
    grid[-w:] = solid
    return grid


_ZERO = array("i", [0])


class Maze:
    __slots__ = ("width", "height", "wall", "mark", "num", "start", "goals", "geometry", "weight",
                 "shape", "lattice", "mask")

    def __init__(self, width, height, wall=None, start=-1, goals=(), geometry="block", weight=None):
        if not isinstance(geometry, str) or geometry not in GEOMETRIES:
            raise GeometryError(f"geometry must be one of {', '.join(GEOMETRIES)}; got {shown(geometry)}")
        width = check_whole(width, "width in squares", 1, MAX_SIDE, SizeError, ints_only=True)
        height = check_whole(height, "height in squares", 1, MAX_SIDE, SizeError, ints_only=True)
        self.width, self.height = width, height
        size = width * height
        self.wall = _layer(wall, size) if wall is not None else bytearray(b"\x01") * size
        self.mark = bytearray(size)
        self.num = _ZERO * size  # (no temporary buffer of zeros: Pyodide's heap keeps its peak)
        self.start = check_whole(start, "start (a square index, -1 for none)", -1, size - 1, ints_only=True)
        self.goals = _squares(goals, size)
        self.geometry = geometry
        self.weight = _weights(weight, size) if weight is not None else None  # per-square move costs (None: all 1)
        self.shape, self.lattice, self.mask = "square", None, None
        if geometry == "thin" and not self.is_aligned():
            raise GeometryError("a thin-wall maze needs odd sides, a closed frame, wall posts and floor cells")

    # --- construction -------------------------------------------------
    @classmethod
    def blank(cls, cells_w, cells_h, fill="wall", mask=None):
        """A thin-wall maze of ``cells_w x cells_h`` cells, every wall standing.

        ``fill="wall"``: every square is wall except nothing (carving generators open cells too);
        ``fill="closed"``: cells are floor, every wall between them stands;
        ``fill="frame"``: only the outer frame is wall (wall-adding generators);
        ``fill="posts"``: the frame and the posts are wall, every cell and opening floor.
        S is the top-left cell, G the bottom-right one.  A ``mask`` (``pymaze.masks.Mask``)
        switches cells off: they stay wall, and S and G move to the first and last cell left.
        """
        cells_w = check_whole(cells_w, "cells_w", 1, MAX_SIZE, SizeError, ints_only=True)
        cells_h = check_whole(cells_h, "cells_h", 1, MAX_SIZE, SizeError, ints_only=True)
        if not isinstance(fill, str) or fill not in FILLS:
            raise ParameterError(f"fill must be one of {', '.join(FILLS)}; got {shown(fill)}")
        w, h = 2 * cells_w + 1, 2 * cells_h + 1
        grid = _filled(fill, w, h)
        maze = cls.__new__(cls)
        maze.width, maze.height = w, h
        maze.wall = grid
        maze.mark = bytearray(w * h)
        maze.num = _ZERO * (w * h)
        maze.start = w + 1
        maze.goals = [(h - 2) * w + (w - 2)]
        maze.geometry = "thin"
        maze.weight = None
        maze.shape, maze.lattice, maze.mask = "square", None, None
        if mask is not None:
            maze._apply_mask(mask)
        return maze

    def _apply_mask(self, mask):
        """Switch off the square cells ``mask`` leaves out (islands checked or joined, see pymaze.masks)."""
        cw, ch = self.cells_w, self.cells_h
        rows, mw, mh = mask.rows, mask.width, mask.height
        on = bytearray(rows[y * mh // ch][x * mw // cw] for y in range(ch) for x in range(cw))
        on = settle(on, grid_nbrs(cw, ch), mask.islands)
        self.mask = Mask([on[y * cw:(y + 1) * cw] for y in range(ch)], mask.islands)
        for k in range(cw * ch):
            if not on[k]:
                self.wall[self.cell(k % cw, k // cw)] = 1
        first, last = on.find(1), on.rfind(1)
        self.start = self.cell(first % cw, first // cw)
        self.goals = [self.cell(last % cw, last // cw)]

    @classmethod
    def shaped(cls, shape, w, h, fill="wall", mask=None, depth=None):
        """A blank maze of ``shape`` (one of ``pymaze.graph.SHAPES``) with every passage closed.

        Square mazes are ``blank(w, h, fill, mask)``.  The others have cells then passages;
        ``fill="wall"`` leaves the cells wall too (carving generators open them), ``"closed"``
        opens the cells.  S and G are two boundary cells far apart.  ``depth``: the levels of a
        ``levels`` maze (``w x h`` cells each; default 1).
        """
        if shape == "square":
            check_depth(shape, depth)
            return cls.blank(w, h, fill, mask)
        if shape not in GRAPH_SHAPES:
            raise GeometryError(f"unknown shape {shape!r}; allowed: {', '.join(SHAPES)}")
        if fill not in ("wall", "closed"):
            raise GeometryError(f"{shape} mazes start from every passage closed, not from {fill!r}")
        lat = Lattice(shape, w, h, mask, depth)
        maze = cls.__new__(cls)
        size = lat.n + lat.m
        maze.width, maze.height = w, h
        maze.wall = bytearray(b"\x01") * size
        if fill == "closed":
            maze.wall[:lat.n] = bytes(lat.n)
        maze.mark = bytearray(size)
        maze.num = _ZERO * size
        s, g = lat.far_pair()
        maze.start, maze.goals = s, [g]
        maze.geometry, maze.weight = "graph", None
        maze.shape, maze.lattice, maze.mask = shape, lat, mask
        return maze

    def copy(self, layers=True):
        """A deep copy; ``layers=False`` leaves mark and num empty."""
        m = Maze.__new__(Maze)
        m.width, m.height, m.geometry = self.width, self.height, self.geometry
        m.shape, m.lattice, m.mask = self.shape, self.lattice, self.mask
        m.wall = bytearray(self.wall)
        m.mark = bytearray(self.mark) if layers else bytearray(len(self.wall))
        m.num = array("i", self.num) if layers else _ZERO * len(self.wall)  # (no temporary buffer of zeros)
        m.start, m.goals = self.start, list(self.goals)
        m.weight = array("i", self.weight) if self.weight is not None else None
        return m

    # --- coordinates ----------------------------------------------------
    @property
    def goal(self):
        return self.goals[0] if self.goals else -1

    def set_goal(self, square):
        """Make ``square`` the first goal (the one a single-goal maze has)."""
        square = self._square(square, "goal")
        if self.goals:
            self.goals[0] = square
        else:
            self.goals.append(square)

    @property
    def cells_w(self):
        return (self.width - 1) // 2

    @property
    def cells_h(self):
        return (self.height - 1) // 2

    def _square(self, square, what="square"):
        """``square`` when it is an index into the maze's layers; ParameterError otherwise."""
        if isinstance(square, int) and not isinstance(square, bool) and 0 <= square < len(self.wall):
            return square
        return check_whole(square, f"{what} (a square index)", 0, len(self.wall) - 1, ints_only=True)

    def index(self, x, y):
        """The square index of square (x, y)."""
        x = check_whole(x, "x", 0, self.width - 1, ints_only=True)
        return check_whole(y, "y", 0, self.height - 1, ints_only=True) * self.width + x

    def xy(self, square):
        square = self._square(square)
        return square % self.width, square // self.width

    def cell(self, cx, cy):
        """The square index of thin-wall cell (cx, cy)."""
        if not (type(cx) is int and type(cy) is int and 0 <= cx < self.cells_w and 0 <= cy < self.cells_h):
            cx = check_whole(cx, "cell x", 0, self.cells_w - 1, ints_only=True)
            cy = check_whole(cy, "cell y", 0, self.cells_h - 1, ints_only=True)
        return (2 * cy + 1) * self.width + 2 * cx + 1

    def node_xy(self, square):
        """Coordinates in the maze's own units: cells for thin mazes, squares for block mazes,
        the lattice's grid coordinates for graph shapes (see ``Lattice.position``)."""
        square = self._square(square)
        if self.lattice is not None:
            if square >= self.lattice.n:
                raise ParameterError(f"square must be a cell index from 0 to {self.lattice.n - 1}; got {square}")
            return self.lattice.position(square)
        x, y = square % self.width, square // self.width
        return ((x - 1) // 2, (y - 1) // 2) if self.geometry == "thin" else (x, y)

    def nodes_xy(self, squares):
        """``node_xy`` of each of ``squares`` (node indices of this maze), in one pass: a route of a
        million nodes pays no checks per node."""
        if self.lattice is not None:
            return [self.node_xy(p) for p in squares]
        w = self.width
        if self.geometry == "thin":
            return [((p % w - 1) // 2, (p // w - 1) // 2) for p in squares]
        return [(p % w, p // w) for p in squares]

    def step(self):
        """Squares per move: 2 in a thin-wall maze (cell to cell), 1 in a block maze (and graph shapes)."""
        return 2 if self.geometry == "thin" else 1

    def is_aligned(self):
        """True when the squares form a thin-wall maze: odd sides, closed frame, posts wall, cells floor
        (or switched off by the mask)."""
        w, h, g = self.width, self.height, self.wall
        if self.mask is not None and self.lattice is None:
            g = bytearray(g)
            for p in masked_off(self):
                g[p] = 0
        if w < 3 or h < 3 or w % 2 == 0 or h % 2 == 0:
            return False
        # (``0 in`` and ``count`` scan the bytes in C: a million squares take about a millisecond)
        if 0 in g[0:w] or 0 in g[(h - 1) * w:]:
            return False
        cells = w // 2
        for y in range(h):
            row = g[y * w:(y + 1) * w]
            if not (row[0] and row[-1]):
                return False
            if y % 2 == 0:
                if 0 in row[0::2]:
                    return False
            elif row[1::2].count(0) != cells:
                return False
        return True

    def as_block(self):
        """The same squares as a block maze (a copy)."""
        m = self.copy()
        m.geometry = "block"
        return m

    # --- topology -------------------------------------------------------
    def nodes(self):
        """Every node: all floor squares (block) or all open cells (thin, graph shapes)."""
        w, g = self.width, self.wall
        if self.lattice is not None:
            return list(compress(range(self.lattice.n), g[:self.lattice.n].translate(_FLOOR)))
        if self.geometry == "thin":
            return [p for y in range(1, self.height, 2)
                    for p in compress(range(y * w + 1, y * w + w, 2), g[y * w + 1:y * w + w:2].translate(_FLOOR))]
        return list(compress(range(len(g)), g.translate(_FLOOR)))

    def is_node(self, p):
        """True when ``p`` is a node: a floor square (block), an open cell (thin, graph shapes); False for anything else."""
        if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < len(self.wall) or self.wall[p]:
            return False
        if self.lattice is not None:
            return p < self.lattice.n
        return self.geometry != "thin" or bool(p % self.width % 2 and p // self.width % 2)

    # --- comparison and export ------------------------------------------
    def snapshot(self):
        """Everything a run can change, as one comparable tuple."""
        return (self.width, self.height, self.lattice and self.lattice.depth, self.geometry, self.shape,
                self.mask and self.mask.rows,
                bytes(self.wall), bytes(self.mark), self.num.tobytes(), self.start, tuple(self.goals))

    def __eq__(self, other):
        return isinstance(other, Maze) and self.snapshot() == other.snapshot()

    __hash__ = None

    def __repr__(self):
        if self.lattice is not None:
            return f"<Maze {self.shape} {self.width}x{self.height}: {self.lattice.n} cells, {self.lattice.m} passages>"
        return f"<Maze {self.geometry} {self.width}x{self.height} squares>"

    def drawing(self):
        """The drawing, once per maze, as flat arrays in maze units (cell sides are 1):
        ``cells`` (the index of each polygon's cell), ``polygons`` (x, y pairs; polygon k's corners
        are points ``starts[k] .. starts[k+1]-1``, clockwise), ``passages`` (the index of each wall
        segment's passage), ``walls`` (x0, y0, x1, y1 per passage: drawn while the passage is closed),
        ``border`` (segments always drawn: the outside and the edges of switched-off cells) and
        ``bounds`` (x0, y0, x1, y1).  Square mazes: the thin-wall view only."""
        if self.lattice is None:
            if self.geometry != "thin":
                raise GeometryError("a block maze is drawn square by square; drawing() needs the thin-wall view")
            return square_drawing(self)
        return self.lattice.drawing()

    def to_networkx(self, candidates=False):
        """The maze as a networkx graph: open cells, open passages (every candidate one with
        ``candidates=True``); edges carry the passage index as ``via``.  Needs networkx."""
        return to_networkx(self, candidates)

    def to_numpy(self):
        """The int8 block array (1 = wall) that other Python maze libraries use; needs numpy."""
        import numpy as np
        return np.frombuffer(bytes(self.wall), dtype=np.int8).reshape(self.height, self.width).copy()

    @classmethod
    def from_numpy(cls, grid, start=None, goal=None):
        """A block maze from a 2-D array of 0 (floor) / non-zero (wall); needs numpy."""
        import numpy as np
        a = np.asarray(grid)
        if a.ndim != 2:
            raise ParameterError(f"grid must be a 2-D array; got {a.ndim} dimensions")
        h, w = a.shape
        maze = cls(w, h, (a != 0).astype(np.uint8).tobytes())
        if start is not None:
            maze.start = maze.index(*start)
        if goal is not None:
            maze.goals = [maze.index(*goal)]
        return maze


FILLS = ("wall", "closed", "frame", "posts")


def _layer(wall, size):
    """``wall`` as a bytearray of ``size`` squares, each 0 (floor) or 1 (wall); ParameterError otherwise."""
    try:  # an int would make a zero-filled bytearray of that many bytes
        out = None if isinstance(wall, (int, str)) else bytearray(wall)
    except (TypeError, ValueError, OverflowError):
        out = None
    if out is None or len(out) != size or out.translate(None, b"\x00\x01"):
        raise ParameterError(f"wall must hold {size} squares, each 0 (floor) or 1 (wall); got {shown(wall)}")
    return out


def _squares(goals, size):
    """``goals`` as a list of square indices from 0 to ``size - 1``; ParameterError otherwise."""
    if isinstance(goals, (str, bytes, bytearray, dict)) or not hasattr(goals, "__iter__"):
        raise ParameterError(f"goals must be a list of square indices from 0 to {size - 1}; got {shown(goals)}")
    return [check_whole(p, "each goal (a square index)", 0, size - 1, ints_only=True) for p in goals]


def _weights(weight, size):
    try:
        out = array("i", weight)
    except (TypeError, ValueError, OverflowError):
        out = None
    if out is None or len(out) != size or (size and not 1 <= min(out) <= max(out) <= MAX_WEIGHT):
        raise ParameterError(f"weight must hold {size} whole numbers from 1 to {MAX_WEIGHT}; got {shown(weight)}")
    return out


def check_maze(maze, what="maze", walkable=False):
    """Raise ParameterError unless ``maze`` is a Maze whose fields fit together (sizes, layers, S, goals,
    weights), as the constructor would have made it; a run, a metric or a writer starts with this.
    ``walkable``: a thin-wall maze must also be cell-aligned (a generator's starting state need not be)."""
    if not isinstance(maze, Maze):
        raise ParameterError(f"{what} must be a pymaze.Maze; got {shown(maze)}")
    graph = getattr(maze, "lattice", None) is not None
    for name in ("width", "height"):
        v = getattr(maze, name, None)
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= MAX_SIDE:
            raise ParameterError(f"{what}.{name} must be a whole number from 1 to {MAX_SIDE}; got {shown(v)}")
    size = maze.lattice.n + maze.lattice.m if graph else maze.width * maze.height
    if not isinstance(maze.wall, bytearray) or len(maze.wall) != size or maze.wall.translate(None, b"\x00\x01"):
        raise ParameterError(f"{what}.wall must be a bytearray of {size} squares, each 0 or 1")
    if not isinstance(maze.mark, bytearray) or len(maze.mark) != size:
        raise ParameterError(f"{what}.mark must be a bytearray of {size} squares")
    if not isinstance(maze.num, array) or maze.num.typecode != "i" or len(maze.num) != size:
        raise ParameterError(f"{what}.num must be an array('i') of {size} squares")
    views = ("graph",) if graph else GEOMETRIES
    if maze.geometry not in views if isinstance(maze.geometry, str) else True:
        raise ParameterError(f"{what}.geometry must be one of {', '.join(views)}; got {shown(maze.geometry)}")
    s = maze.start
    if isinstance(s, bool) or not isinstance(s, int) or not -1 <= s < size:
        raise ParameterError(f"{what}.start must be a square index from 0 to {size - 1} (or -1: none); got {shown(s)}")
    if not isinstance(maze.goals, list) or not all(
            isinstance(p, int) and not isinstance(p, bool) and 0 <= p < size for p in maze.goals):
        raise ParameterError(f"{what}.goals must be a list of square indices from 0 to {size - 1}; "
                             f"got {shown(maze.goals)}")
    if maze.weight is not None:
        w = maze.weight
        if not isinstance(w, array) or w.typecode != "i" or len(w) != size or (
                size and not 1 <= min(w) <= max(w) <= MAX_WEIGHT):
            raise ParameterError(f"{what}.weight must be None or an array('i') of {size} whole numbers "
                                 f"from 1 to {MAX_WEIGHT}")
    if walkable and maze.geometry == "thin" and not maze.is_aligned():
        raise ParameterError(f"{what} is thin-wall but not cell-aligned (odd sides, closed frame, posts, floor cells)")
    return maze
