"""python -m pymaze: list, generate, solve and play mazes in a terminal.

Each subcommand is one function registered with ``@command`` in one table,
so adding a subcommand is one decorated function.  Errors print one line
``pymaze: error: ...`` on stderr and exit with status 2.
"""

import argparse
import errno
import itertools
import json
import math
import os
import re
import select
import sys
from concurrent.futures import ProcessPoolExecutor

try:
    import termios
except ImportError:  # Windows: no terminal modes, so play reads whole lines
    termios = None

import pymaze

from . import formats, gridtext, masks
from .animate import Timeline, pillow, to_gif, to_png
from .errors import GeometryError, ParameterError, PymazeError, SizeError, check_whole
from .graph import SHAPES, links
from .lab import check as lab_check, lab as lab_records, summary as lab_summary  # (pymaze.lab: the function)
from .plugins import PluginError
from .records import write_csv
from .run import MAX_SEED, check_seed
from .sight import walked
from .sheet import MAX_COUNT, sheet
from .solution import Solution
from .solution import listed as routes_listed, why_fewer
from .stats import solution_length
from .svg import to_svg

COMMANDS = {}


def arg(*names, **kw):
    return names, kw


def command(name, help, *arguments):
    """Register ``func(args, out) -> exit status`` as subcommand ``name`` with argparse ``arguments``."""
    def deco(func):
        COMMANDS[name] = (func, help, arguments)
        return func
    return deco


class _Usage(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise _Usage(message)


SEED = arg("--seed", default="0", help="random seed, a whole number (default 0)")
SET = arg("--set", action="append", default=[], metavar="KEY=VALUE",
          help="an option of the command's algorithm; g.KEY=VALUE: of --generate's generator (repeatable)")
POSTS = arg("--posts", default="o", choices=("o", "+"), help="thin-wall text posts: o (default) or + (+---+ style)")
SHAPE = (arg("--geometry", default="square", choices=SHAPES,
             help="the shape of the cells (default square; polar: WxH is cells in the first ring x rings)"),
         arg("--mask", metavar="FILE", help="a mask: text (X cell, . none) or an image (dark or opaque pixels; "
             "needs Pillow); cells outside it are left out"),
         arg("--islands", default="error", choices=("error", "join"),
             help="a mask that falls apart into islands: an error (default) or joined by the fewest cells"),
         arg("--depth", default=None, metavar="D", help="levels: how many levels of WxH, stairs between them (default 1)"))
GENERATE = (arg("--generate", metavar="ALGO", help="generate a fresh maze with this generator instead of reading one"),
            arg("--size", default="10x10", help="maze size in cells, WxH (default 10x10)"), SEED, *SHAPE)


PICTURES = ("svg", "png")
PNG_SIZE = (arg("--scale", default=None, help="png: pixels per cell side, as a multiple of the SVG's (default 1)"),
            arg("--width", dest="px", default=None, metavar="PX", help="png: the picture's width in pixels"))


def options(pairs, generator=False):
    """The --set options of the command's own algorithm, or (``generator``) those prefixed ``g.``
    (the generator's, as in the page's links)."""
    out = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        key = key.strip()
        if not eq or not key or key == "g.":
            raise ParameterError(f"--set takes KEY=VALUE or g.KEY=VALUE; got {pair!r}")
        if key.startswith("g.") == generator:
            out[key[2:] if generator else key] = value
    return out


def depth(args):
    """--depth as an int (None when not given); the library checks its range and its shape."""
    text = getattr(args, "depth", None)
    if text is None:
        return None
    if not re.fullmatch(r"\s*[0-9]{1,9}\s*", text):
        raise ParameterError(f"--depth must be a whole number of levels from 1 to 2000 (levels mazes only); "
                             f"got {text!r:.40}")
    return int(text)


def size(text):
    """``WxH`` in ASCII digits (no other scripts, no '_' or sign) as two ints; the generator checks the range."""
    m = re.fullmatch(r"\s*([0-9]{1,9})\s*[xX]\s*([0-9]{1,9})\s*", text or "")
    if not m:
        raise SizeError(f"--size must be WxH in cells, two whole numbers in ASCII digits from 1 to "
                        f"{pymaze.registry.MAX_SIZE}, e.g. 12x8; got {text!r:.40}")
    return int(m.group(1)), int(m.group(2))


PLUGIN = (arg("--algorithm", metavar="SLUG", help="the algorithm to run when the .py file given registers several"),
          arg("--max-steps", type=int, metavar="N", help="stop a .py file's algorithm with an error after N steps"))


def algorithm(args, family, name):
    """``name`` (a slug), or, when it is a path to a .py file, the slug of the ``family`` algorithm that file
    registers (``--algorithm SLUG`` picks one of several)."""
    if not (isinstance(name, str) and name.endswith(".py")):
        return name
    steps = getattr(args, "max_steps", None)
    if steps is not None and steps < 1:
        raise ParameterError(f"--max-steps must be a whole number of at least 1; got {steps}")
    mine = [a.slug for a in pymaze.load_plugin(name, max_steps=steps).values() if a.family == family]
    pick = getattr(args, "algorithm", None)
    if pick is not None and pick not in mine:
        raise PluginError(f"registers no {family} {pick!r}; its {family}s: {', '.join(mine) or 'none'}", name)
    if pick is None and len(mine) != 1:
        raise PluginError(f"registers no {family}" if not mine else
                          f"registers {len(mine)} {family}s ({', '.join(mine)}): pick one with --algorithm SLUG", name)
    return pick or mine[0]


def generated(args, algo, geometry="thin", own=True):
    """The maze of generator ``algo`` with --size and --seed; its options are --set g.KEY=VALUE, and
    also plain --set KEY=VALUE when the generator is the command's own algorithm (``own``)."""
    w, h = size(args.size)
    algo = algorithm(args, "generator", algo)
    pairs = getattr(args, "set", [])
    opts = {**options(pairs), **options(pairs, True)} if own else options(pairs, True)
    opts.update((k, v) for k in ("braid", "sparse") if (v := getattr(args, k, None)) is not None)
    mask = masks.read(args.mask, args.islands) if args.mask else None
    return pymaze.generate(algo, w, h, seed=args.seed, geometry=geometry, shape=args.geometry, mask=mask,
                           depth=depth(args), **opts)


FROM = arg("--from", dest="fmt", default="auto", choices=("auto", *formats.FORMATS, "image"),
           help="the maze file's format (default auto: detected; images by their first bytes)")


def read_maze(path, fmt="auto"):
    """The maze in file ``path`` (None or '-': standard input) in format ``fmt``, at most what the readers accept."""
    if path in (None, "-"):
        stream = getattr(sys.stdin, "buffer", sys.stdin)
        if stream is None:
            raise ParameterError("standard input is closed: give a maze FILE (or --generate ALGO)")
        data = stream.read(formats.MAX_CHARS * 4 + 1)
    else:
        with open(path, "rb") as f:
            data = f.read(formats.MAX_CHARS * 4 + 1)
    if fmt == "image" or fmt == "auto" and formats.is_image(data):
        return formats.from_image(data)
    return formats.parse(data, fmt)


def maze_of(args, own=False):
    """The maze a command works on: generated with --generate, else read from FILE; not both.  The
    generator takes the --set g.KEY options (and, with ``own``, the plain ones too: stats has no
    algorithm of its own); a FILE takes no g. options."""
    if not args.generate:
        if options(getattr(args, "set", []), True):
            raise ParameterError("--set g.KEY=VALUE sets an option of --generate's generator; no --generate given")
        return read_maze(args.file, getattr(args, "fmt", "auto"))
    if args.file not in (None, "-"):
        raise ParameterError(f"give a maze FILE or --generate ALGO, not both (got {args.file!r:.60} and "
                             f"--generate {args.generate!r:.40})")
    return generated(args, args.generate, own=own)


def show(maze, route=None, posts="o"):
    if maze.geometry == "thin":
        return formats.to_thin_text(maze, route, posts=posts)
    return formats.to_block_text(maze, route)


@command("list", "list the generators and solvers with their options",
         arg("plugins", nargs="*", metavar="FILE.py", help="list the algorithms these .py files register instead"),
         arg("--json", action="store_true", help="print the catalogue as JSON"))
def cmd_list(args, out):
    mine = set().union(*(pymaze.load_plugin(path) for path in args.plugins))
    cat = pymaze.catalogue()
    if args.plugins:
        cat.update({f: [a for a in cat[f] if a["slug"] in mine] for f in ("generators", "solvers")})
    if args.json:
        out.write(json.dumps(cat, indent=2) + "\n")
        return 0
    for family in ("generators", "solvers"):
        algos = cat[family]
        out.write(f"{family.upper()}\n")
        wide = max((len(a["slug"]) for a in algos), default=0)
        for a in algos:
            out.write(f"  {a['slug']:<{wide}}  {a['summary']}\n")
            if a.get("max_cells"):
                out.write(f"  {'':<{wide}}    at most {a['max_cells']:,} cells (its cost grows past a minute of CPU)\n")
            for p in a["params"]:
                bounds = ", ".join(map(str, p["choices"])) if "choices" in p else \
                    "..".join(str(p.get(k, "")) for k in ("min", "max")) if "min" in p or "max" in p else ""
                spec = f"--set {p['name']}=<{p['type']}>  default {p['default']}" + (f"  [{bounds}]" if bounds else "")
                out.write(f"  {'':<{wide}}    {spec}\n  {'':<{wide}}      {p['help']}\n")
        out.write("\n")
    return 0


@command("generate", "generate a maze and print it (default format: block text, readable anywhere)",
         arg("algo", metavar="ALGO", help="generator slug (see `list`), or a .py file of your own"),
         arg("--size", default="10x10", help="maze size in cells, WxH (default 10x10)"), SEED, SET,
         arg("--format", default=None, choices=(*formats.WRITERS, *PICTURES),
             help="output format (default block; mazes of other shapes: json; thin on the shapes of a "
             "square grid: a picture to read, not to read back)"),
         arg("--view", default="thin", choices=("block", "thin"), help="geometry of the maze (default thin)"),
         arg("--braid", metavar="SHARE", help="a perfect generator's maze with this share (0 to 1) of its "
             "dead ends removed by opening a wall (the option braid)"),
         arg("--sparse", metavar="SHARE", help="a perfect generator's maze with this share (0 to 1) of its "
             "cells walled up, dead ends first (the option sparse)"),
         POSTS, *SHAPE, *PNG_SIZE, *PLUGIN)
def cmd_generate(args, out):
    sized(args)
    maze = generated(args, args.algo, args.view)
    if args.format in PICTURES:
        return picture(args, out, maze)
    if maze.lattice is not None:
        out.write(gridtext.shape_text(maze, args.format or "json", posts=args.posts))
        return 0
    thin = lambda m: formats.to_thin_text(m, posts=args.posts)
    out.write((thin if args.format == "thin" else formats.WRITERS[args.format or "block"])(maze))
    return 0


def found_line(sol, nothing, unit):
    """The line under a solved maze's text: the route's length (or why none), the cells visited."""
    what = NOTHING if nothing else "found route: " + f"{sol.moves} {unit}" if sol.found else sol.status
    cost = [v for name, v, _ in sol.notes if name == "cost"]  # any-angle: the euclidean length
    what += f", {'length' if 'segment' in unit else 'cost'} {cost[-1] / 1000:g}" if sol.found and cost else ""
    return f"{what}, {sol.visited} visited" + (" (heuristic)" if sol.heuristic else "") + "\n"


@command("solve", "solve a maze and print it with the route; exit status 1 when no route is found",
         arg("solver", metavar="SOLVER", help="solver slug (see `list`), or a .py file of your own"),
         arg("file", nargs="?", default="-", metavar="FILE", help="maze file (block, thin or JSON); - or none: stdin"),
         arg("--json", action="store_true", help="print found, status, path, moves, visited, heuristic as JSON "
             "(always so for hex, triangle and polar mazes)"),
         arg("--format", default=None, choices=(*formats.WRITERS, *PICTURES),
             help="print the maze with its route in this format (default: thin-wall or block text, the shapes "
             "of a square grid drawn as thin-wall text; svg and png: a picture of any shape, with --numbers "
             "the distances and their heat)"),
         arg("--waypoints", metavar="N,N,...", help="node indices the route must pass through in order (each "
             "leg the solver's own search), as maze.to_networkx() names them"),
         arg("--best-order", action="store_true", help="with --waypoints: visit them in the order of least "
             "total cost (every order tried, up to 7 waypoints)"),
         arg("--numbers", action="store_true", help="a solver that numbers cells (wave, dijkstra, farthest): "
             "also print the grid of its numbers (distance from S; '.' not reached)"),
         SET, FROM, POSTS, *GENERATE, *PNG_SIZE, *PLUGIN)
def cmd_solve(args, out):
    sized(args)
    args.solver = algorithm(args, "solver", args.solver)
    maze, opts = maze_of(args), options(args.set)
    if maze.geometry == "thin" and opts.get("diagonal", "never") != "never" and \
            "block" in pymaze.registry.get("solver", args.solver).geometries:
        maze = maze.as_block()  # diagonal steps walk squares: the same maze, read as blocks
    stops = waypoint_list(args.waypoints) if args.waypoints else None
    run = pymaze.Run.solve(args.solver, maze, seed=args.seed, waypoints=stops, best_order=args.best_order, **opts)
    sol, run, stream = Solution.of_run(run, keep_events=args.solver == "routes")  # routes: listed from its events
    final, numbered = run.maze, run.algorithm.layer == "distance"  # the maze as the solver left it
    if args.numbers and not numbered:
        raise ParameterError(f"{args.solver} numbers no cells; --numbers needs wave, dijkstra or farthest")
    nothing = sol.found and sol.moves == 0 and args.solver == "farthest"  # S alone: no pair of cells to join
    several = routes_listed(run.initial, stream, None if stream else run.outcome[2]) if args.solver == "routes" else None
    if args.format in PICTURES and not args.json:
        picture(args, out, final, sol.squares, args.numbers)
    elif args.json or final.lattice is not None and not args.format and final.shape not in gridtext.SHAPES:
        data = dict(sol.to_json(), **({"found": False, "status": NOTHING} if nothing else {}))
        if several:
            listed, why = several
            data["routes"] = [{key: r[key] for key in ("moves", "turning", "overlap")} for r in listed]
            data["fewer_because"] = why_fewer(len(listed), why) if len(listed) < run.options["k"] else None
        if numbered:
            data["goal_distance"] = final.num[final.goal] - 1 if final.num[final.goal] > 0 else None
        out.write(json.dumps(data) + "\n")
    else:
        squares, unit = sol.squares, "moves"
        if final.lattice is not None:
            if args.numbers:
                raise GeometryError(f"--numbers prints the grid of a square maze's numbers; a {final.shape} "
                                    "maze shows them with --format svg or png")
            out.write(gridtext.shape_text(final, args.format or "thin", squares, args.posts))
        else:
            if run.algorithm.anyangle:  # its route is its corners: the text marks the squares the segments cross
                squares, unit = walked(final.width, sol.squares), "straight segments" if sol.moves != 1 else "straight segment"
            if args.format == "thin" or not args.format and final.geometry == "thin":
                out.write(formats.to_thin_text(final, squares, posts=args.posts))
            else:
                out.write(formats.WRITERS[args.format or "block"](final, squares))
        out.write(found_line(sol, nothing, unit))
        if several:
            out.write(several_text(*several, run.options["k"]))
        if numbered:
            d = final.num[final.goal] - 1
            out.write(f"distance of G from S: {d if d >= 0 else 'not reached'}\n")
        if args.numbers:
            out.write(numbers(final))
    return 0 if sol.found and not nothing else 1


def waypoint_list(text):
    """--waypoints N,N,...: node indices (as maze.to_networkx() names them), in order."""
    parts = [t.strip() for t in text.split(",")]
    if not all(t.isascii() and t.isdigit() for t in parts):
        raise ParameterError(f"--waypoints takes node indices separated by commas (12,40,7); got {text!r}")
    return [int(t) for t in parts]


def sized(args):
    """ParameterError when --scale or --width comes without --format png (an svg scales by itself)."""
    if args.format != "png" and (args.scale is not None or args.px is not None):
        raise ParameterError("--scale and --width size a png (--format png); an svg or text needs neither")


def picture(args, out, maze, route=None, numbers=False):
    """Write ``maze`` (with ``route`` and its numbers) as SVG text, or as PNG bytes (needs Pillow)."""
    if args.format == "svg":
        out.write(to_svg(maze, route=route, numbers=numbers))
        return 0
    data = to_png(maze, route=route, numbers=numbers, scale=args.scale, width=args.px)
    stream = getattr(out, "buffer", None)
    if stream is None or getattr(out, "isatty", lambda: False)():
        raise ParameterError("a png is binary: send it to a file (> maze.png)")
    out.flush()
    stream.write(data)
    stream.flush()
    return 0


NOTHING = "nothing to find: no other cell can be reached from S"


def several_text(listed, why, k):
    """The routes of a ``routes`` run, one line each (length, turning, overlap with the first),
    then why fewer than ``k`` came."""
    lines = [f"route {n}: {r['moves']} moves, turning {r['turning']}°, "
             f"{round(100 * r['overlap'])} % on route 1\n" for n, r in enumerate(listed, 1)]
    if len(listed) < k:
        lines.append(f"{len(listed)} of {k} routes: {why_fewer(len(listed), why) or 'no reason noted'}\n")
    return "".join(lines)


def numbers(maze):
    """The num layer as text: one entry per node (cell or floor square), its number minus one (the
    distance from S), '.' where the run wrote none, '#' for a block maze's wall squares."""
    k = maze.step()
    xs, ys = range(k - 1, maze.width, k), range(k - 1, maze.height, k)
    cell = lambda p: "#" if maze.wall[p] else str(maze.num[p] - 1) if maze.num[p] > 0 else "."
    rows = [[cell(y * maze.width + x) for x in xs] for y in ys]
    wide = max(len(c) for row in rows for c in row)
    return "".join(" ".join(c.rjust(wide) for c in row) + "\n" for row in rows)


@command("stats", "print a maze's metrics: dead ends, junctions, corridors, straight runs, solution, routes, perfect",
         arg("file", nargs="?", default="-", metavar="FILE", help="maze file (block, thin or JSON); - or none: stdin"),
         arg("--json", action="store_true", help="print the metrics as JSON"), SET, FROM, *GENERATE)
def cmd_stats(args, out):
    figures = pymaze.metrics(maze_of(args, own=True))  # stats has no algorithm: --set is the generator's
    if args.json:
        out.write(json.dumps(figures) + "\n")
    else:
        out.writelines(f"{key.replace('_', ' ')}: {value}\n" for key, value in figures.items())
    return 0


@command("lab", "measure many mazes of each generator (and their solvers): one record per maze, then a summary "
         "per algorithm (mean, sd, min, quartiles, max)",
         arg("generators", nargs="+", metavar="ALGO", help="generators, by slug (spaces or commas between them), "
             "or .py files of your own (every generator each registers)"),
         arg("--solvers", default="", metavar="ALGOS", help="solvers to run on every maze, by slug, with commas "
             "(or .py files of your own: every solver each registers)"),
         arg("--size", default="20x20", help="maze size in cells, WxH (default 20x20)"),
         arg("--count", "--seeds", dest="count", default="100", help="mazes per generator (default 100)"),
         arg("--seed", default="0", help="the first seed; the mazes take seed, seed+1, ... (default 0)"),
         arg("--geometry", default="square", choices=SHAPES,
             help="the shape of the cells (default square)"),
         arg("--jobs", default="1", help="processes to measure in (default 1: this one)"),
         arg("--json", action="store_true", help="the records and the summary as JSON"),
         arg("--csv", action="store_true", help="the records as CSV, one row per maze"))
def cmd_lab(args, out):
    if args.json and args.csv:
        raise ParameterError("give --json or --csv, not both")
    gens = lab_algorithms("generator", [s for text in args.generators for s in text.split(",")])
    solvers = lab_algorithms("solver", args.solvers.split(","))
    w, h = size(args.size)
    jobs = _whole(args.jobs, "--jobs", 1, 256)
    lab_check(gens, solvers, args.geometry, (w, h), args.count, args.seed)  # every error before any work
    bar = sys.stderr if sys.stderr is not None and sys.stderr.isatty() else None
    show = (lambda done, total: bar.write(f"\r{progress_bar(done, total)}")) if bar else None
    kw = dict(geometry=args.geometry, size=(w, h), count=args.count, seed=args.seed, progress=show)
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            records = lab_records(gens, solvers, executor=pool, **kw)
    else:
        records = lab_records(gens, solvers, **kw)
    if bar:
        bar.write("\n")
    if args.csv:
        write_csv(records, out)
    elif args.json:
        out.write('{"records": [\n' + ",\n".join(json.dumps(r) for r in records) + "\n],\n")
        out.write('"summary": ' + json.dumps(lab_summary(records)) + "}\n")
    else:
        for algo, figures in lab_summary(records).items():
            out.write(f"{algo}: {figures['mazes']} mazes\n")
            out.writelines(f"  {name}: mean {f['mean']}, sd {f['sd']}, min {f['min']}, median {f['median']}, "
                           f"max {f['max']}\n" for name, f in figures.items() if name != "mazes")
    return 0


def lab_algorithms(family, names):
    """The lab's ``family`` slugs from ``names``: a slug as it is, a .py file as every ``family``
    algorithm it registers (loaded here; the lab's processes load it again)."""
    out = []
    for name in (n.strip() for n in names if n.strip()):
        if not name.endswith(".py"):
            out.append(name)
            continue
        mine = [a.slug for a in pymaze.load_plugin(name).values() if a.family == family]
        if not mine:
            raise PluginError(f"registers no {family}", name)
        out.extend(mine)
    return out


def _whole(text, what, lo, hi):
    return check_whole(text, what, lo, hi, rule=f"{what} must be a whole number from {lo} to {hi}")


def progress_bar(done, total, width=30):
    """``[#####.....]  40/100 mazes`` for a terminal line."""
    full = width * done // max(total, 1)
    return f"[{'#' * full}{'.' * (width - full)}] {done}/{total} mazes"


@command("play", "walk the maze: in a terminal, single keys (arrows or w/a/s/d move, r reset, n new maze, "
         "q quit); with piped input, one command per line: up/down/left/right or w/a/s/d, reset, regenerate, quit. "
         "Hex mazes move with q w e a s d (north-west, north, north-east, south-west, south, south-east) "
         "and quit with x; zeta mazes take the diagonals with q e z c (north-west, north-east, south-west, "
         "south-east) and quit with x; triangle and polar mazes with w a s d towards the nearest heading; "
         "mazes of levels take a stair with < > or PageUp/PageDown (lines: upstairs, downstairs)",
         arg("file", nargs="?", metavar="FILE", help="maze file (block, thin or JSON)"), FROM, *GENERATE)
def cmd_play(args, out):
    if args.generate and args.file not in (None, "-"):
        maze_of(args)  # refuses the pair
    if sys.stdin is None:
        raise ParameterError("play reads commands from standard input, which is closed")
    if args.generate:
        # New mazes take the next seeds, wrapping from the largest back to 0.
        seeds = (n % (MAX_SEED + 1) for n in itertools.count(check_seed(args.seed)))
        make = lambda: generated(argparse.Namespace(**{**vars(args), "seed": next(seeds)}), args.generate)
        game = Game(make(), regenerate=make)
    elif args.file in (None, "-"):
        raise ParameterError("play reads commands from stdin: give a maze FILE or --generate ALGO")
    else:
        game = Game(read_maze(args.file, args.fmt))
    if termios and sys.stdin.isatty() and getattr(out, "isatty", lambda: False)():
        return play_keys(game, sys.stdin.fileno(), out)
    return play_loop(game, text_lines(sys.stdin), out)


def text_lines(stream):
    """The lines of ``stream`` as text; bytes that are not UTF-8 become U+FFFD (an unknown command, not a crash)."""
    raw = getattr(stream, "buffer", None)
    if raw is None:
        yield from stream
        return
    for line in raw:
        yield line.decode("utf-8", "replace")


MOVES = {"up": "up", "w": "up", "down": "down", "s": "down",
         "left": "left", "a": "left", "right": "right", "d": "right"}
STEPS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
PLAY_HELP = "commands: up down left right (or w s a d), reset, regenerate, quit (or q)"


# Screen headings (degrees, y down) of the moves on hex, triangle and polar mazes.
HEADINGS = {"up": 270, "down": 90, "left": 180, "right": 0,
            "north": 270, "north-east": 330, "south-east": 30, "south": 90, "south-west": 150, "north-west": 210}
HEX_KEYS = {"q": "north-west", "w": "north", "e": "north-east", "a": "south-west", "s": "south", "d": "south-east"}
# A zeta maze's diagonals: exactly between the sides' headings, and keys around w a s d.
ZETA_HEADINGS = {"north-east": 315, "south-east": 45, "south-west": 135, "north-west": 225}
ZETA_KEYS = {"q": "north-west", "e": "north-east", "z": "south-west", "c": "south-east"}


def shape_keys(maze):
    """The single keys a shape moves with beside w a s d (hex: six sides; zeta: the diagonals), or {}."""
    return HEX_KEYS if maze.shape == "hex" else ZETA_KEYS if maze.shape == "zeta" else {}
COMPASS = ("east", "south-east", "south", "south-west", "west", "north-west", "north", "north-east")


STAIRS = {"upstairs": "upstairs", "<": "upstairs", "pageup": "upstairs",
          "downstairs": "downstairs", ">": "downstairs", "pagedown": "downstairs"}
STAIRS_HELP = "; on a stair (^ up, v down) < or upstairs, > or downstairs"


def ways(maze, p):
    """The open moves from cell ``p`` of a graph-shaped maze on its own level: ``[(heading in degrees,
    cell), ...]`` (a maze of levels: its stairs are no heading, see ``stair``)."""
    lat = maze.lattice
    out = []
    for q in links(maze)(p):
        if maze.shape == "levels" and lat.crosses(p, q):
            continue
        dx, dy = lat.vector(p, q)
        out.append((math.degrees(math.atan2(dy, dx)) % 360, q))
    return out


def stair(maze, p, down):
    """The cell down (``down``) or up the open stair from cell ``p`` of a maze of levels, or None."""
    lat = maze.lattice
    if maze.shape != "levels":
        return None
    for q in links(maze)(p):
        if lat.crosses(p, q) and (lat.position(q)[2] > lat.position(p)[2]) == down:
            return q
    return None


def level_board(maze, player):
    """A maze of levels as text: the player's level (level 1 the top one), its cells with their
    walls, the player 'X', S, G and the open stairs (^ up, v down, + both)."""
    lat = maze.lattice
    px, py, pz = lat.position(player)
    goal = lat.position(maze.goal)
    here = [w for w, down in (("up (<)", False), ("down (>)", True)) if stair(maze, player, down) is not None]
    return (f"level {pz + 1} of {lat.depth}, cell ({px}, {py}); goal on level {goal[2] + 1}"
            f"{'; stairs here: ' + ' and '.join(here) if here else ''}\n"
            + gridtext.grid_text(maze, player=player, levels=[pz], titles=False))


def board(maze, player):
    """The maze as text with the player 'X' (thin-wall text for thin mazes, block text otherwise);
    the shapes on a square grid drawn by ``pymaze.gridtext`` under a line that names the open ways
    (a maze of levels: the player's level, ``level_board``); hex, triangle and polar mazes: that
    line alone, where the player stands and which ways are open."""
    if maze.shape == "levels":
        return level_board(maze, player)
    if maze.lattice is not None:
        lat = maze.lattice
        names = ", ".join(COMPASS[round(a / 45) % 8] for a, q in ways(maze, player))
        line = (f"{maze.shape} maze, cell {lat.position(player)} (goal {lat.position(maze.goal)}); "
                f"open: {names or 'nothing'}\n")
        return line + (gridtext.grid_text(maze, player=player) if maze.shape in gridtext.SHAPES else "")
    lines = show(maze).split("\n")
    x, y = maze.xy(player)
    if maze.geometry == "thin":
        x = (x // 2) * 4 + 2
    lines[y] = lines[y][:x] + "X" + lines[y][x + 1:]
    return "\n".join(lines)


class Game:
    """One game of play, whatever reads the commands: the maze, the player's square and the moves so far."""

    def __init__(self, maze, regenerate=None):
        self.make = regenerate
        self.begin(maze)

    def begin(self, maze):
        self.maze, self.shortest = maze, solution_length(maze)
        self.reset()

    def reset(self):
        self.player, self.moves = self.maze.start, 0

    def regenerate(self):
        """Start over on a fresh maze; False (nothing changes) when play was not given --generate."""
        if not self.make:
            return False
        self.begin(self.make())
        return True

    def move(self, direction):
        """One move 'up', 'down', 'left' or 'right'; False (no move) when a wall or the edge is in the way.

        On hex, triangle and polar mazes ``direction`` may also be a compass name (see HEADINGS):
        the move goes to the open neighbour nearest that heading, within 60 degrees (hex: 30; zeta:
        a diagonal's name moves along that diagonal only).
        On a maze of levels, 'upstairs' and 'downstairs' take the open stair that way.
        """
        if direction in ("upstairs", "downstairs"):
            q = stair(self.maze, self.player, direction == "downstairs")
            if q is None:
                return False
            self.player = q
            self.moves += 1
            return True
        if self.maze.lattice is not None:
            zeta = self.maze.shape == "zeta" and direction in ZETA_HEADINGS  # (a diagonal: that one only)
            want = ZETA_HEADINGS[direction] if zeta else HEADINGS[direction]
            slack = 30 if self.maze.shape == "hex" else 22 if zeta else 60
            best = min(((abs((a - want + 180) % 360 - 180), q) for a, q in ways(self.maze, self.player)),
                       default=(360, -1))
            if best[0] > slack:
                return False
            self.player = best[1]
            self.moves += 1
            return True
        maze, (dx, dy) = self.maze, STEPS[direction]
        x, y = maze.xy(self.player)
        inside = 0 <= x + dx < maze.width and 0 <= y + dy < maze.height
        if not inside or maze.wall[self.player + dy * maze.width + dx]:
            return False
        self.player += maze.step() * (dy * maze.width + dx)
        self.moves += 1
        return True

    @property
    def won(self):
        return self.player in self.maze.goals

    def board(self):
        return board(self.maze, self.player)

    def goal(self):
        return f"goal reached in {self.moves} moves; the shortest route is {self.shortest} moves\n"

    def bye(self):
        return f"bye after {self.moves} moves\n"


def play_loop(game, inp, out):
    """Line mode: read one command per line from ``inp`` until the goal, quit or end of input."""
    levels = game.maze.shape == "levels"
    out.write(game.board() + PLAY_HELP + (STAIRS_HELP if levels else "") + "\n")
    if game.won:  # S on G: there at once
        out.write(game.goal())
        return 0
    for line in inp:
        cmd = line.strip().lower()
        cmd = shape_keys(game.maze).get(cmd, cmd)
        if cmd in ("quit", "q", "x"):
            break
        if cmd == "reset":
            game.reset()
        elif cmd == "regenerate" and game.make:
            game.regenerate()
        elif cmd in STAIRS and game.maze.shape == "levels":
            if not game.move(STAIRS[cmd]):
                out.write(f"no open stair {STAIRS[cmd][:-6]} here\n")
                continue
        elif cmd in MOVES or cmd in HEADINGS and game.maze.lattice is not None:
            way = MOVES.get(cmd, cmd)
            if not game.move(way):
                out.write(f"bump: a wall blocks the way {way}\n")
                continue
        else:
            out.write(("regenerate needs --generate ALGO; " if cmd == "regenerate" else "") + PLAY_HELP
                      + (STAIRS_HELP if game.maze.shape == "levels" else "") + "\n")
            continue
        out.write(game.board())
        if game.won:
            out.write(game.goal())
            return 0
    out.write(game.bye())
    return 0


KEYS = {**{k: MOVES[k] for k in "wasd"}, "k": "up", "j": "down", "h": "left", "l": "right",
        "r": "reset", "n": "regenerate", "q": "quit", "\x03": "quit", "\x04": "quit"}
KEY_HELP = "arrows or w/a/s/d (h/j/k/l) move, r reset, n new maze, q quit"
ARROWS = {b"A": "up", b"B": "down", b"C": "right", b"D": "left"}
PAGES = {b"5": "pageup", b"6": "pagedown"}                 # ESC [ 5 ~ and ESC [ 6 ~
ESCAPE = re.compile(rb"\x1b(?:\[[0-?]*[ -/]*|O)([@-~])")   # ESC [ params final, or ESC O final
PARTIAL = re.compile(rb"\x1b(?:\[[0-?]*[ -/]*|O)?\Z")      # the start of one, cut short so far
CLEAR = "\x1b[H\x1b[2J"                                    # cursor home, erase the screen


def next_key(buf):
    """``(key, rest)``: the first key in ``buf``, or ``(None, buf)`` when ``buf`` ends inside an escape sequence.

    Arrow keys (ESC [ A..D, ESC O A..D, also with modifiers) become 'up'/'down'/'right'/'left',
    PageUp and PageDown (ESC [ 5 ~, ESC [ 6 ~) 'pageup'/'pagedown', other escape sequences 'escape',
    anything else the character typed, lower-cased.
    """
    m = ESCAPE.match(buf)
    if m:
        if m.group(1) == b"~":
            return PAGES.get(m.group(0)[2:-1].split(b";")[0], "escape"), buf[m.end():]
        return ARROWS.get(m.group(1), "escape"), buf[m.end():]
    if PARTIAL.match(buf):
        return None, buf
    return buf[:1].decode("latin-1").lower(), buf[1:]


def read_keys(fd, wait=0.1):
    """The keys typed on terminal ``fd`` until end of input.

    An escape sequence may arrive in pieces; a lone ESC (nothing more within ``wait`` seconds) is 'escape'.
    """
    buf = b""
    while True:
        key, rest = next_key(buf) if buf else (None, buf)
        if key is not None:
            buf = rest
            yield key
        elif buf and not select.select([fd], [], [], wait)[0]:
            buf = b""
            yield "escape"
        else:
            try:
                chunk = os.read(fd, 64)
            except OSError as exc:  # the terminal hung up
                if exc.errno == errno.EIO:
                    return
                raise
            if not chunk:
                return
            buf += chunk


def cbreak(fd):
    """Keys unbuffered and unechoed; Ctrl-C and Ctrl-D arrive as keys (no signal, no EOF); output as usual.

    TCSADRAIN, not TCSAFLUSH, so keys typed before the switch are kept.
    """
    mode = termios.tcgetattr(fd)
    mode[3] &= ~(termios.ICANON | termios.ECHO | termios.ISIG)
    mode[6][termios.VMIN], mode[6][termios.VTIME] = 1, 0
    termios.tcsetattr(fd, termios.TCSADRAIN, mode)


def play_keys(game, fd, out):
    """Key mode: single keys from terminal ``fd``, the board redrawn after each one; the terminal is always restored."""
    saved = termios.tcgetattr(fd)
    won = False
    try:
        cbreak(fd)
        levels = game.maze.shape == "levels"
        draw(game, out, KEY_HELP + (STAIRS_HELP if levels else ""))
        own = shape_keys(game.maze)
        won = game.won  # S on G: there at once, before any key
        for key in read_keys(fd) if not won else ():
            action = own[key] if key in own else "quit" if own and key == "x" else KEYS.get(key, key)
            if action == "quit":
                break
            if action == "reset":
                game.reset()
                note = "back at the start"
            elif action == "regenerate":
                note = "a new maze" if game.regenerate() else "n (new maze) needs --generate ALGO"
            elif levels and action in STAIRS:
                note = "" if game.move(STAIRS[action]) else f"no open stair {STAIRS[action][:-6]} here"
            elif action in STEPS or action in HEADINGS and game.maze.lattice is not None:
                note = "" if game.move(action) else f"bump: a wall blocks the way {action}"
            else:
                note = KEY_HELP + (STAIRS_HELP if levels else "")
            draw(game, out, note)
            if game.won:
                won = True
                break
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
    out.write(game.goal() if won else game.bye())
    out.flush()
    return 0


def draw(game, out, note):
    """Redraw the screen: the board, then a status line with the moves so far and ``note``."""
    out.write(CLEAR + game.board() + f"moves: {game.moves}" + (f"   {note}" if note else "") + "\n")
    out.flush()


@command("sheet", "print a sheet of mazes with their seeds, then their answer keys, as HTML (print it or save as PDF)",
         arg("algo", metavar="ALGO", help="generator slug (see `list`)"),
         arg("--size", default="10x10", help="maze size in cells, WxH (default 10x10)"), SEED, SET,
         arg("--count", default="6", help="how many mazes (default 6), seeds SEED, SEED+1, ..."),
         arg("--per-page", default=None, help="mazes per page: 1, 2, 4, 6, 8, 9 or 12 (default up to 6)"),
         arg("--paper", default="a4", choices=("a4", "letter"), help="paper size (default a4)"),
         arg("--title", default=None, help="the title over each page"),
         arg("--geometry", default="square", choices=SHAPES,
             help="the shape of the cells (default square)"),
         arg("--depth", default=None, metavar="D", help="levels: how many levels of WxH (default 1)"))
def cmd_sheet(args, out):
    count = check_whole(args.count, "--count", 1, MAX_COUNT)
    per_page = None if args.per_page is None else check_whole(args.per_page, "--per-page", 1, 12)
    out.write(sheet(args.algo, *size(args.size), count=count, seed=check_seed(args.seed), paper=args.paper,
                    title=args.title, per_page=per_page, shape=args.geometry, depth=depth(args), **options(args.set)))
    return 0


@command("animate", "replay a generator's run (and a solver's on its maze) as an animated GIF; needs Pillow",
         arg("algo", metavar="ALGO", help="generator slug (see `list`)"),
         arg("--size", default="10x10", help="maze size in cells, WxH (default 10x10)"), SEED, SET,
         arg("--solve", metavar="SOLVER", help="then solve the maze with this solver (its options: --set s.KEY=VALUE)"),
         arg("-o", "--output", required=True, metavar="FILE", help="the GIF file to write"),
         arg("--fps", default="20", help="frames per second (default 20)"),
         arg("--events-per-frame", default=None, metavar="N", help="events between two frames (default: about 200 "
             "frames in all)"),
         arg("--width", dest="px", default=None, metavar="PX", help="the picture's width in pixels"),
         arg("--view", default="thin", choices=("block", "thin"), help="geometry of a square maze (default thin)"),
         *SHAPE)
def cmd_animate(args, out):
    pillow()
    solver_options = {k[2:]: v for k, v in options(args.set).items() if k.startswith("s.")}
    args.set = [p for p in args.set if not p.strip().startswith("s.")]
    gen = pymaze.Run.generate(args.algo, *size(args.size), seed=args.seed, geometry=args.view, shape=args.geometry,
                              mask=masks.read(args.mask, args.islands) if args.mask else None, depth=depth(args),
                              **options(args.set), **options(args.set, True))
    timeline = Timeline(gen, args.solve, args.seed, **solver_options)
    data = to_gif(timeline, args.fps, args.events_per_frame, args.px)
    with open(args.output, "wb") as f:
        f.write(data)
    from PIL import Image
    with Image.open(args.output) as im:
        frames = im.n_frames
    out.write(f"wrote {args.output}: {frames} frames, {len(timeline)} events, {len(data):,} bytes\n")
    return 0


def build_parser():
    parser = _Parser(prog="pymaze", description="Generate, solve and play mazes. Exit status: 0 success, "
                     "1 solve found no route, 2 error.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name, (func, help, arguments) in COMMANDS.items():
        p = sub.add_parser(name, help=help, description=help)
        for names, kw in arguments:
            p.add_argument(*names, **kw)
        p.set_defaults(func=func)
    return parser


def main(argv=None, out=None):
    out = out or sys.stdout
    parser = build_parser()
    try:
        if out is None:
            raise ParameterError("standard output is closed: there is nowhere to write")
        args = parser.parse_args(attached(sys.argv[1:] if argv is None else list(argv)))
        if not getattr(args, "func", None):
            parser.print_help(out)
            return 2
        return args.func(args, out)
    except (_Usage, PymazeError) as exc:
        message = str(exc)
    except OSError as exc:
        if isinstance(exc, BrokenPipeError):
            return 0
        message = f"{exc.strerror or exc}: {exc.filename}" if exc.filename else str(exc)
    except KeyboardInterrupt:
        return 130
    if sys.stderr is not None:
        sys.stderr.write("pymaze: error: " + " ".join(message.split()) + "\n")
    return 2


def attached(argv):
    """``--size -1x5`` as ``--size=-1x5``: a value after --size or --seed that starts with '-' is still its
    value (argparse would take it for an option and say only "expected one argument"), so it gets the
    option's own message."""
    out = []
    for arg in argv:
        if out and out[-1] in ("--size", "--seed") and arg.startswith("-") and arg not in ("-h", "--help"):
            out[-1] = f"{out[-1]}={arg}"
        else:
            out.append(arg)
    return out
