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

``as_block()`` and ``as_thin()`` switch between them.
"""

from array import array

from .errors import GeometryError

GEOMETRIES = ("block", "thin")
# Direction bits for thin-wall cells, with dx / dy / opposite tables.
N, E, S, W = 1, 2, 4, 8
DX = {N: 0, E: 1, S: 0, W: -1}
DY = {N: -1, E: 0, S: 1, W: 0}
OPPOSITE = {N: S, E: W, S: N, W: E}
DIRECTIONS = (N, E, S, W)


class Maze:
    __slots__ = ("width", "height", "wall", "mark", "num", "start", "goals", "geometry", "weight")

    def __init__(self, width, height, wall=None, start=-1, goals=(), geometry="block", weight=None):
        if geometry not in GEOMETRIES:
            raise GeometryError(f"unknown geometry {geometry!r}; allowed: {', '.join(GEOMETRIES)}")
        self.width, self.height = width, height
        size = width * height
        self.wall = bytearray(wall) if wall is not None else bytearray(b"\x01") * size
        if len(self.wall) != size:
            raise ValueError(f"wall layer has {len(self.wall)} squares, expected {size}")
        self.mark = bytearray(size)
        self.num = array("i", bytes(4 * size))
        self.start = start
        self.goals = list(goals)
        self.geometry = geometry
        self.weight = weight  # optional array('i') of per-square move costs (None: all 1)
        if geometry == "thin" and not self.is_aligned():
            raise GeometryError("a thin-wall maze needs odd sides, a closed frame, wall posts and floor cells")

    # --- construction -------------------------------------------------
    @classmethod
    def blank(cls, cells_w, cells_h, fill="wall"):
        """A thin-wall maze of ``cells_w x cells_h`` cells, every wall standing.

        ``fill="wall"``: every square is wall except nothing (carving generators open cells too);
        ``fill="closed"``: cells are floor, every wall between them stands;
        ``fill="frame"``: only the outer frame is wall (wall-adding generators);
        ``fill="posts"``: the frame and the posts are wall, every cell and opening floor.
        S is the top-left cell, G the bottom-right one.
        """
        w, h = 2 * cells_w + 1, 2 * cells_h + 1
        if fill == "wall":
            grid = bytearray(b"\x01") * (w * h)
        else:
            grid = bytearray(w * h)
            for y in range(h):
                for x in range(w):
                    edge = x == 0 or y == 0 or x == w - 1 or y == h - 1
                    if fill == "frame":
                        grid[y * w + x] = edge
                    elif fill == "posts":
                        grid[y * w + x] = edge or (x % 2 == 0 and y % 2 == 0)
                    elif fill == "closed":
                        grid[y * w + x] = not (x % 2 and y % 2)
                    else:
                        raise ValueError(f"unknown fill {fill!r}")
        maze = cls.__new__(cls)
        maze.width, maze.height = w, h
        maze.wall = grid
        maze.mark = bytearray(w * h)
        maze.num = array("i", bytes(4 * w * h))
        maze.start = w + 1
        maze.goals = [(h - 2) * w + (w - 2)]
        maze.geometry = "thin"
        maze.weight = None
        return maze

    @classmethod
    def from_cells(cls, cells_w, cells_h, open_east, open_south, start=(0, 0), goal=None):
        """A thin-wall maze from per-cell booleans ``open_east[y][x]`` / ``open_south[y][x]``."""
        maze = cls.blank(cells_w, cells_h, "closed")
        for y in range(cells_h):
            for x in range(cells_w):
                p = maze.cell(x, y)
                if open_east[y][x] and x < cells_w - 1:
                    maze.wall[p + 1] = 0
                if open_south[y][x] and y < cells_h - 1:
                    maze.wall[p + maze.width] = 0
        maze.start = maze.cell(*start)
        gx, gy = goal if goal is not None else (cells_w - 1, cells_h - 1)
        maze.goals = [maze.cell(gx, gy)]
        return maze

    def copy(self, layers=True):
        """A deep copy; ``layers=False`` leaves mark and num empty."""
        m = Maze.__new__(Maze)
        m.width, m.height, m.geometry = self.width, self.height, self.geometry
        m.wall = bytearray(self.wall)
        m.mark = bytearray(self.mark) if layers else bytearray(len(self.wall))
        m.num = array("i", self.num) if layers else array("i", bytes(4 * len(self.wall)))
        m.start, m.goals = self.start, list(self.goals)
        m.weight = array("i", self.weight) if self.weight is not None else None
        return m

    # --- coordinates ----------------------------------------------------
    @property
    def goal(self):
        return self.goals[0] if self.goals else -1

    def set_goal(self, square):
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

    def index(self, x, y):
        return y * self.width + x

    def xy(self, square):
        return square % self.width, square // self.width

    def cell(self, cx, cy):
        """The square index of thin-wall cell (cx, cy)."""
        return (2 * cy + 1) * self.width + 2 * cx + 1

    def node_xy(self, square):
        """Coordinates in the maze's own units: cells for thin mazes, squares for block mazes."""
        x, y = square % self.width, square // self.width
        return ((x - 1) // 2, (y - 1) // 2) if self.geometry == "thin" else (x, y)

    def step(self):
        """Squares per move: 2 in a thin-wall maze (cell to cell), 1 in a block maze."""
        return 2 if self.geometry == "thin" else 1

    def is_aligned(self):
        """True when the squares form a thin-wall maze: odd sides, closed frame, posts wall, cells floor."""
        w, h, g = self.width, self.height, self.wall
        if w < 3 or h < 3 or w % 2 == 0 or h % 2 == 0:
            return False
        if not all(g[0:w]) or not all(g[(h - 1) * w:]):
            return False
        for y in range(h):
            row = g[y * w:(y + 1) * w]
            if not (row[0] and row[-1]):
                return False
            if y % 2 == 0:
                if not all(row[0::2]):
                    return False
            elif any(row[1::2]):
                return False
        return True

    def as_block(self):
        """The same squares as a block maze (a copy)."""
        m = self.copy()
        m.geometry = "block"
        return m

    def as_thin(self):
        """The same squares as a thin-wall maze (a copy); GeometryError when not cell-aligned."""
        if not self.is_aligned():
            raise GeometryError("this block maze is not cell-aligned (odd sides, closed frame, "
                                "posts at even x and y, floor cells at odd x and y), so it has no thin-wall view")
        m = self.copy()
        m.geometry = "thin"
        for p in [m.start, *m.goals]:
            if p >= 0 and not (p % m.width % 2 and p // m.width % 2):
                raise GeometryError("start and goal must be cells (odd x and y) in a thin-wall maze")
        return m

    # --- topology -------------------------------------------------------
    def nodes(self):
        """Every node: all floor squares (block) or all cells (thin)."""
        w, g = self.width, self.wall
        if self.geometry == "thin":
            return [y * w + x for y in range(1, self.height, 2) for x in range(1, w, 2)]
        return [p for p in range(len(g)) if not g[p]]

    def neighbours(self, p):
        """The nodes one move from node ``p``, as ``(q, via)`` pairs in N, E, S, W order.

        ``via`` is the opening square passed through (thin mazes), or -1.
        """
        w, g = self.width, self.wall
        out = []
        if self.geometry == "thin":
            for d in (-w, 1, w, -1):
                if not g[p + d]:
                    out.append((p + 2 * d, p + d))
            return out
        x = p % w
        q = p - w
        if q >= 0 and not g[q]:
            out.append((q, -1))
        if x < w - 1 and not g[p + 1]:
            out.append((p + 1, -1))
        q = p + w
        if q < len(g) and not g[q]:
            out.append((q, -1))
        if x > 0 and not g[p - 1]:
            out.append((p - 1, -1))
        return out

    def is_node(self, p):
        if not 0 <= p < len(self.wall) or self.wall[p]:
            return False
        return self.geometry != "thin" or bool(p % self.width % 2 and p // self.width % 2)

    # --- comparison and export ------------------------------------------
    def snapshot(self):
        """Everything a run can change, as one comparable tuple."""
        return (self.width, self.height, self.geometry, bytes(self.wall), bytes(self.mark),
                self.num.tobytes(), self.start, tuple(self.goals))

    def __eq__(self, other):
        return isinstance(other, Maze) and self.snapshot() == other.snapshot()

    __hash__ = None

    def __repr__(self):
        return f"<Maze {self.geometry} {self.width}x{self.height} squares>"

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
            raise ValueError("expected a 2-D array")
        h, w = a.shape
        maze = cls(w, h, (a != 0).astype(np.uint8).tobytes())
        if start is not None:
            maze.start = maze.index(*start)
        if goal is not None:
            maze.goals = [maze.index(*goal)]
        return maze
