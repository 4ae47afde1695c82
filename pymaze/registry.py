"""The registry: one table per family, slug -> algorithm with its parameter schema.

The CLI, the web bridge and the tests read only these tables.  Algorithm
modules register themselves with the ``@generator`` / ``@solver``
decorators; the modules of ``pymaze.generators`` and ``pymaze.solvers`` are
discovered and imported the first time a table is read, so ``import pymaze``
stays cheap and adding an algorithm means adding one file.
"""

import importlib
import inspect
import math
import pkgutil
from dataclasses import dataclass, field

from .errors import ParameterError, PymazeError, SizeError, UnknownAlgorithmError, shown
from .events import drain, vocabulary
from .graph import SHAPES
from .maze import MAX_SIZE  # (registry.MAX_SIZE: what the tables say of sizes)

TYPES = ("int", "float", "bool", "choice", "list")
# The groups the page's dropdowns list each family's algorithms under, in order: key -> heading.
# An algorithm names its group when it registers; a plugin's without one is listed as the person's own.
GROUPS = {
    "generator": {"perfect": "Perfect mazes", "rooms": "Rooms and caves", "seed": "From the seed articles"},
    "solver": {"shortest": "Shortest-path finders", "open": "Open-grid finders", "walker": "Maze walkers",
               "fill": "Fillers and analysis"},
}


@dataclass(frozen=True)
class Param:
    """One option of an algorithm: its name, type, default, bounds or choices, and a line of help."""
    name: str
    type: str
    default: object
    min: object = None
    max: object = None
    choices: tuple = ()
    help: str = ""
    parse: object = field(default=None, repr=False, compare=False)  # "list": value (a list, or its text) -> list


    def coerce(self, value, owner=""):
        """``value`` (possibly a string from a CLI or URL) as this parameter's type, or ParameterError."""
        what = f"{owner} option {self.name!r}" if owner else f"option {self.name!r}"
        try:
            if self.type == "bool":
                if isinstance(value, str):
                    low = value.strip().lower()
                    if low not in ("1", "0", "true", "false", "yes", "no", "on", "off"):
                        raise ValueError
                    value = low in ("1", "true", "yes", "on")
                elif isinstance(value, (bool, int)) and value in (0, 1):
                    value = bool(value)
                else:
                    raise ValueError
            elif self.type == "int":
                if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()) or (
                        isinstance(value, str) and not (value.strip().lstrip("-").isdigit() and value.isascii())):
                    raise ValueError  # numbers as text: ASCII digits only (no other scripts, no '_')
                value = int(value.strip() if isinstance(value, str) else value)
            elif self.type == "float":
                if isinstance(value, bool) or isinstance(value, str) and (not value.isascii() or "_" in value):
                    raise ValueError
                value = float(value)
                if value != value or value in (float("inf"), float("-inf")):
                    raise ValueError
            elif self.type == "list":
                return self.parse(value, what)
            elif self.type == "choice":
                if value not in self.choices:
                    raise ParameterError(f"{what} must be one of {', '.join(map(str, self.choices))}; "
                                         f"got {shown(value)}")
        except (TypeError, ValueError, OverflowError) as exc:
            if isinstance(exc, ParameterError):
                raise
            raise ParameterError(f"{what} must be {self.describe()}; got {shown(value)}") from None
        if self.min is not None and value < self.min or self.max is not None and value > self.max:
            raise ParameterError(f"{what} must be {self.describe()}; got {shown(value)}")
        return value

    def describe(self):
        if self.type == "choice":
            return "one of " + ", ".join(map(str, self.choices))
        if self.type == "bool":
            return "true or false"
        if self.type == "list":
            return "a list"
        kind = "an integer" if self.type == "int" else "a number"
        if self.min is not None and self.max is not None:
            return f"{kind} from {self.min} to {self.max}"
        if self.min is not None:
            return f"{kind} of at least {self.min}"
        return kind

    def schema(self):
        out = {"name": self.name, "type": self.type, "default": list(self.default) if self.type == "list" else self.default,
               "help": self.help}
        if self.min is not None:
            out["min"] = self.min
        if self.max is not None:
            out["max"] = self.max
        if self.choices:
            out["choices"] = list(self.choices)
        return out


# The post-steps every perfect generator takes (pymaze.generators._braid, run by pymaze.run.Run).
THINNING = (
    Param("braid", "float", 0.0, min=0.0, max=1.0,
          help="after the maze is made, the share of its dead ends to remove by opening a wall "
               "(to a neighbouring dead end first): 1 leaves none, and loops"),
    Param("sparse", "float", 0.0, min=0.0, max=1.0,
          help="after the maze is made, the share of its cells to wall up, a dead end at a time, "
               "so it thins from its tips and stays connected (S, G and the way between stay)"),
)
TERRAIN = Param("terrain", "float", 0.0, min=0.0, max=1.0,
                help="random terrain costs in smooth patches over about this share of the maze (grass 2, "
                     "sand 3, mud 5, water 9; road 1 elsewhere): what the cost-aware solvers pay")
POST_STEPS = (*(p.name for p in THINNING), TERRAIN.name)


@dataclass(frozen=True)
class Algorithm:
    """A registered generator or solver."""
    slug: str
    name: str
    family: str            # "generator" or "solver"
    func: object = field(repr=False)
    group: str = ""        # its heading in the page's dropdowns (GROUPS[family]); "" for a plugin's own
    short: str = ""        # its name where room is scarce (race boards, chart axes); "": the name before any "("
    params: tuple = ()
    geometries: tuple = ("block", "thin")   # the views of a square maze it takes
    shapes: tuple = ("square",)             # the shapes it takes (pymaze.graph.SHAPES; solvers: all by default)
    initial: str = "wall"  # generators: the fill of the blank maze they start from (see Maze.blank)
    perfect: object = None  # generators: True when every maze is a spanning tree
    uniform: bool = False   # generators: samples spanning trees uniformly
    optimal: object = None  # solvers: True when the route is always a shortest one
    anyangle: bool = False  # solvers: the route is its corners, joined by straight segments in sight
    costs: bool = False     # solvers: the search reads terrain costs (maze.weight); the others only report what they paid
    min_size: int = 1       # generators: smallest side, in cells
    max_cells: int = 0      # the most cells (width x height) it takes, when its cost allows fewer than every size; 0: no limit
    budget: tuple = ()      # (option, most): cells x (option + 1) may be at most ``most`` (an option whose every unit costs a pass over the maze)
    layer: str = ""         # what the num layer shows: "distance" (numbers + heatmap), "cluster" (colours), ""
    order: int = 100
    source: str = ""        # the plugin file that registered it ("" for the built-ins)
    work: str = ""          # solvers: why it does the work it does, in a sentence (the page's race says it under its board)

    @property
    def label(self):
        """The short name: ``short``, or the name without its parenthesis ("Pledge", "Eller")."""
        return self.short or self.name.split(" (")[0]

    @property
    def summary(self):
        return (self.func.__doc__ or "").strip().splitlines()[0] if self.func.__doc__ else self.name

    @property
    def watchable(self):
        """True when its body takes ``watch``: with ``watch=False`` it makes no events (see Run.finish)."""
        return takes_watch(self.func)

    @property
    def doc(self):
        return inspect.cleandoc(self.func.__doc__ or "")

    def validate(self, options):
        """Fill defaults and coerce ``options``; ParameterError names what is wrong and what is allowed."""
        known = {p.name: p for p in self.params}
        out = {}
        for key, value in (options or {}).items():
            if key not in known:
                allowed = ", ".join(known) or "none"
                raise ParameterError(f"{self.slug} has no option {key!r}; its options: {allowed}")
            out[key] = known[key].coerce(value, self.slug)
        for p in self.params:
            out.setdefault(p.name, p.default)
        return out

    def check_size(self, width, height):
        for label, v in (("width", width), ("height", height)):
            if isinstance(v, bool) or not isinstance(v, int):
                try:
                    v = int(str(v).strip())
                except ValueError:
                    raise SizeError(f"{label} must be a whole number of cells from {self.min_size} to "
                                    f"{MAX_SIZE}; got {v!r}") from None
            if not self.min_size <= v <= MAX_SIZE:
                raise SizeError(f"{self.slug} needs {label} from {self.min_size} to {MAX_SIZE} cells; got {v}")
        return int(width), int(height)

    def schema(self):
        out = {"slug": self.slug, "name": self.name, "short": self.label, "family": self.family, "group": self.group,
               "summary": self.summary, "source": self.source,
               "params": [p.schema() for p in self.params], "geometries": list(self.geometries),
               "shapes": list(self.shapes),
               "layer": self.layer}
        if self.family == "generator":
            out.update(perfect=self.perfect, uniform=self.uniform, min_size=self.min_size, max_size=MAX_SIZE)
        else:
            out.update(optimal=self.optimal, anyangle=self.anyangle, costs=self.costs, work=self.work)
        if self.max_cells:
            out.update(max_cells=self.max_cells)
        if self.budget:
            out.update(budget=list(self.budget))
        return out

    def check_cells(self, cells, what):
        """SizeError when ``cells`` (of ``what``: the size asked for, or the maze given) is over ``max_cells``."""
        if self.max_cells and cells > self.max_cells:
            side = math.isqrt(self.max_cells)
            raise SizeError(f"{self.slug} takes at most {self.max_cells:,} cells (for example {side}x{side}), "
                            f"so that it stays within a minute of CPU and 1.5 GB; {what} has {cells:,}")

    def check_budget(self, cells, options):
        """ParameterError when the ``budget`` option is too large for ``cells``."""
        if self.budget:
            name, most = self.budget
            if cells * (options[name] + 1) > most:
                raise ParameterError(f"{self.slug}'s {name} may be at most {most // cells - 1:,} on {cells:,} cells "
                                     f"(cells x ({name} + 1) at most {most:,}, so that it stays within a minute "
                                     f"of CPU); got {options[name]:,}")


_TABLES = {"generator": {}, "solver": {}}
_loaded = False
_source = ""  # the plugin file being loaded (pymaze.plugins), "" while the built-ins load


def _register(family, slug, name, **kw):
    def deco(func):
        table = _TABLES[family]
        if slug in table:
            old = table[slug].source
            raise PymazeError(f"the {family} slug {slug!r} is taken (by {old or 'a built-in'}); "
                              "choose another slug")
        if kw.get("group", "") not in ("", *GROUPS[family]):
            raise PymazeError(f"unknown {family} group {kw['group']!r}; the groups: {', '.join(GROUPS[family])}")
        if family == "solver":
            kw.setdefault("shapes", SHAPES)  # a solver that walks with pymaze.graph works on every shape
        if family == "generator" and kw.get("perfect") is True:
            kw["params"] = (*kw.get("params", ()), *THINNING)  # run after it by pymaze.run.Run
        if family == "generator":
            kw["params"] = (*kw.get("params", ()), TERRAIN)  # laid before it by pymaze.run.Run
        table[slug] = Algorithm(slug=slug, name=name, family=family, func=func,
                                params=tuple(kw.pop("params", ())), source=_source, **kw)
        return func
    return deco


def unregister(source):
    """Remove every algorithm the plugin file ``source`` registered (before loading it again)."""
    for table in _TABLES.values():
        for slug in [s for s, a in table.items() if source and a.source == source]:
            del table[slug]


def generator(slug, name, **kw):
    """Decorator: register a maze generator ``func(maze, rng, **options)`` under ``slug``."""
    return _register("generator", slug, name, **kw)


def solver(slug, name, **kw):
    """Decorator: register a solver ``func(maze, rng, **options)`` under ``slug``."""
    return _register("solver", slug, name, **kw)


def _load():
    global _loaded
    if _loaded:
        return
    _loaded = True
    for pkg in ("generators", "solvers"):
        package = importlib.import_module(f"{__package__}.{pkg}")
        for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
            if not info.name.startswith("_"):
                importlib.import_module(f"{package.__name__}.{info.name}")


def takes_watch(func):
    """Whether algorithm ``func``'s body takes ``watch`` (a built-in's does; a plugin's may not)."""
    return "watch" in inspect.signature(func).parameters


def unwatched(func, maze, rng, options):
    """Run algorithm ``func`` on ``maze`` with nobody watching (``watch=False`` where its body takes
    it, so it makes no events; a plugin's steps are drained); returns what it returns (a solver:
    ``(route, visited, notes)``, see ``Run.finish``)."""
    if takes_watch(func):
        options = dict(options, watch=False)
    return drain(func(maze, rng, **options))


def table(family):
    """The registry table of ``family`` ("generator" or "solver"), in display order."""
    _load()
    items = sorted(_TABLES[family].values(), key=lambda a: (a.order, a.slug))
    return {a.slug: a for a in items}


def generators():
    return table("generator")


def solvers():
    return table("solver")


def get(family, slug):
    """The algorithm ``slug`` of ``family``; UnknownAlgorithmError lists the allowed slugs."""
    t = table(family)
    if slug not in t:
        raise UnknownAlgorithmError(f"unknown {family} {slug!r}; available: {', '.join(t)}")
    return t[slug]


def catalogue():
    """The whole registry as JSON-able data (what `pymaze list --json` and the page read)."""
    return {"generators": [a.schema() for a in generators().values()],
            "solvers": [a.schema() for a in solvers().values()],
            "max_size": MAX_SIZE, "events": vocabulary(),
            "groups": {family + "s": [[key, label] for key, label in labels.items()] for family, labels in GROUPS.items()}}
