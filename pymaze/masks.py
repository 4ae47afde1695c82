"""Masks: which cells of a maze exist, as a grid of on/off that is laid over the maze's shape.

A mask is read from text (``X`` = cell, ``.`` = no cell), made from a preset
shape (``circle``, ``heart``, ``ring``) or from an image (its dark or opaque
pixels; needs Pillow).  Laid over a square, hex or triangle maze of the
mask's own size, mask cell (x, y) switches maze cell (x, y); over any other
size or a polar maze, each cell takes the mask value under its centre.
A mask whose cells fall apart into islands is an error that says so, or,
with ``islands="join"``, is joined by switching on the cells of a shortest
bridge from the largest island to each other one.
"""

from .errors import ParameterError

ISLANDS = ("error", "join")
PRESETS = ("circle", "heart", "ring")
MAX_SIDE = 2000


class Mask:
    """A grid of on (1) / off (0) cells: ``rows`` is a tuple of ``bytes``, all of one length."""

    __slots__ = ("rows", "islands")

    def __init__(self, rows, islands="error"):
        rows = tuple(bytes(1 if c else 0 for c in r) for r in rows)
        if not rows or not rows[0]:
            raise ParameterError("a mask needs at least one row of at least one cell")
        if any(len(r) != len(rows[0]) for r in rows):
            raise ParameterError("every row of a mask must be as long as the first")
        if len(rows) > MAX_SIDE or len(rows[0]) > MAX_SIDE:
            raise ParameterError(f"a mask may be at most {MAX_SIDE} cells wide and high")
        if not any(any(r) for r in rows):
            raise ParameterError("the mask switches every cell off; mark cells with X")
        if islands not in ISLANDS:
            raise ParameterError(f"islands must be one of {', '.join(ISLANDS)}; got {islands!r}")
        self.rows, self.islands = rows, islands

    @property
    def width(self):
        return len(self.rows[0])

    @property
    def height(self):
        return len(self.rows)

    def text(self):
        """The mask as text: ``X`` for a cell, ``.`` for none, one line per row."""
        return "".join("".join("X" if c else "." for c in r) + "\n" for r in self.rows)

    def __eq__(self, other):
        return isinstance(other, Mask) and self.rows == other.rows

    __hash__ = None

    def __repr__(self):
        return f"<Mask {self.width}x{self.height}>"


def parse(text, islands="error"):
    """A mask from text: ``X`` (or ``x``, ``#``, ``*``) is a cell, ``.`` (or a space) is none; blank lines around are ignored."""
    if isinstance(text, (bytes, bytearray)):
        text = text.decode("utf-8", "replace")
    lines = [line.rstrip("\r") for line in text.split("\n")]
    while lines and not lines[-1].strip():
        lines.pop()
    while lines and not lines[0].strip():
        lines.pop(0)
    if not lines:
        raise ParameterError("the mask text is empty; write rows of X (cell) and . (no cell)")
    wide = max(len(line) for line in lines)
    rows = []
    for y, line in enumerate(lines, 1):
        row = []
        for x, c in enumerate(line.ljust(wide), 1):
            if c in "Xx#*":
                row.append(1)
            elif c in ". ":
                row.append(0)
            else:
                raise ParameterError(f"mask line {y}, column {x}: {c!r} is neither X (cell) nor . (no cell)")
        rows.append(row)
    return Mask(rows, islands)


def preset(name, width, height, islands="error"):
    """A preset shape of ``width x height`` cells: ``circle``, ``heart`` or ``ring``."""
    if name not in PRESETS:
        raise ParameterError(f"unknown mask shape {name!r}; allowed: {', '.join(PRESETS)}")

    def inside(u, v):  # u, v in [-1, 1], y down
        if name == "circle":
            return u * u + v * v <= 1.0
        if name == "ring":
            return 0.2 <= u * u + v * v <= 1.0
        x, y = 1.2 * u, -1.3 * v + 0.25   # the heart curve (x^2 + y^2 - 1)^3 <= x^2 y^3
        return (x * x + y * y - 1) ** 3 - x * x * y ** 3 <= 0
    rows = [[inside((2 * x + 1) / width - 1, (2 * y + 1) / height - 1) for x in range(width)]
            for y in range(height)]
    return Mask(rows, islands)


def from_image(path, width=None, height=None, islands="error"):
    """A mask from an image: dark or opaque pixels are cells (needs Pillow), scaled to ``width x height`` cells."""
    try:
        from PIL import Image
    except ImportError:
        raise ParameterError("a mask from an image needs Pillow: pip install pymaze[image]") from None
    try:
        img = Image.open(path)
        img.load()
    except OSError as exc:
        raise ParameterError(f"cannot read the mask image {path}: {exc}") from None
    img = img.convert("RGBA")
    if width is None or height is None:
        width, height = min(img.width, 64), min(img.height, 64)
    img = img.resize((width, height))
    px = img.load()
    has_alpha = any(px[x, y][3] < 255 for y in range(height) for x in range(width))
    rows = [[px[x, y][3] >= 128 if has_alpha else sum(px[x, y][:3]) < 3 * 128 for x in range(width)]
            for y in range(height)]
    return Mask(rows, islands)


def read(path, islands="error"):
    """A mask from a file: an image when Pillow reads it, else text."""
    with open(path, "rb") as f:
        data = f.read(4 * MAX_SIDE * MAX_SIDE)
    if data[:8] in (b"\x89PNG\r\n\x1a\n",) or data[:2] in (b"\xff\xd8", b"BM") or data[:3] == b"GIF":
        return from_image(path, islands=islands)
    return parse(data, islands)


def settle(on, nbrs, policy):
    """Check (policy "error") or join (policy "join") the islands of the switched-on cells, in place.

    ``on`` is a bytearray over the unmasked cells, ``nbrs(k)`` their neighbours (-1 for none).
    "join" switches on the cells of a shortest bridge, found breadth-first through the
    switched-off cells, from the largest island to the nearest other island, until one is left.
    """
    def islands():
        seen, out = {}, []
        for k in range(len(on)):
            if on[k] and k not in seen:
                seen[k] = len(out)
                part = [k]
                for p in part:
                    for q in nbrs(p):
                        if q >= 0 and on[q] and q not in seen:
                            seen[q] = len(out)
                            part.append(q)
                out.append(part)
        return out

    parts = islands()
    if len(parts) <= 1:
        return on
    if policy != "join":
        sizes = sorted((len(p) for p in parts), reverse=True)
        raise ParameterError(f"the mask falls apart into {len(parts)} islands (of {', '.join(map(str, sizes[:6]))}"
                             f"{', ...' if len(sizes) > 6 else ''} cells); join them (islands=join) or redraw it")
    while len(parts) > 1:
        main = set(max(parts, key=len))
        parent = {k: k for k in main}
        queue = list(main)
        end = -1
        for p in queue:
            for q in nbrs(p):
                if q >= 0 and q not in parent:
                    parent[q] = p
                    if on[q]:
                        end = q
                        break
                    queue.append(q)
            if end >= 0:
                break
        while end not in main:
            on[end] = 1
            end = parent[end]
        parts = islands()
    return on


def grid_nbrs(w, h):
    """Neighbours on a w x h grid of squares (N, E, S, W; -1 off the grid)."""
    def nbrs(k):
        x, y = k % w, k // w
        return [k - w if y else -1, k + 1 if x < w - 1 else -1, k + w if y < h - 1 else -1, k - 1 if x else -1]
    return nbrs

