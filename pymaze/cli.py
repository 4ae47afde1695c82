"""python -m pymaze: list, generate, solve and play mazes in a terminal.

Each subcommand is one function registered with ``@command`` in one table,
so adding a subcommand is one decorated function.  Errors print one line
``pymaze: error: ...`` on stderr and exit with status 2.
"""

import argparse
import json
import re
import sys

import pymaze

from . import formats
from .errors import ParameterError, PymazeError, SizeError
from .run import check_seed

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
SET = arg("--set", action="append", default=[], metavar="KEY=VALUE", help="an algorithm option (repeatable)")
GENERATE = (arg("--generate", metavar="ALGO", help="generate a fresh maze with this generator instead of reading one"),
            arg("--size", default="10x10", help="maze size in cells, WxH (default 10x10)"), SEED)


def options(pairs):
    out = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq or not key.strip():
            raise ParameterError(f"--set takes KEY=VALUE; got {pair!r}")
        out[key.strip()] = value
    return out


def size(text):
    m = re.fullmatch(r"\s*(\d{1,9})\s*[xX]\s*(\d{1,9})\s*", text or "")
    if not m:
        raise SizeError(f"--size must be WxH in cells, e.g. 12x8; got {text!r}")
    return int(m.group(1)), int(m.group(2))


def generated(args, algo, geometry="thin"):
    w, h = size(args.size)
    return pymaze.generate(algo, w, h, seed=args.seed, geometry=geometry, **options(getattr(args, "set", [])))


def read_maze(path):
    if path in (None, "-"):
        data = sys.stdin.buffer.read()
    else:
        with open(path, "rb") as f:
            data = f.read(formats.MAX_CHARS * 4 + 1)
    return formats.parse(data)


def show(maze, route=None):
    if maze.geometry == "thin":
        return formats.to_thin_text(maze, route)
    return formats.to_block_text(maze, route)


@command("list", "list the generators and solvers with their options",
         arg("--json", action="store_true", help="print the catalogue as JSON"))
def cmd_list(args, out):
    cat = pymaze.catalogue()
    if args.json:
        out.write(json.dumps(cat, indent=2) + "\n")
        return 0
    for family in ("generators", "solvers"):
        algos = cat[family]
        out.write(f"{family.upper()}\n")
        wide = max(len(a["slug"]) for a in algos)
        for a in algos:
            out.write(f"  {a['slug']:<{wide}}  {a['summary']}\n")
            for p in a["params"]:
                bounds = ", ".join(map(str, p["choices"])) if "choices" in p else \
                    "..".join(str(p.get(k, "")) for k in ("min", "max")) if "min" in p or "max" in p else ""
                spec = f"--set {p['name']}=<{p['type']}>  default {p['default']}" + (f"  [{bounds}]" if bounds else "")
                out.write(f"  {'':<{wide}}    {spec}\n  {'':<{wide}}      {p['help']}\n")
        out.write("\n")
    return 0


@command("generate", "generate a maze and print it (default format: block text, readable anywhere)",
         arg("algo", metavar="ALGO", help="generator slug (see `list`)"),
         arg("--size", default="10x10", help="maze size in cells, WxH (default 10x10)"), SEED, SET,
         arg("--format", default="block", choices=("block", "thin", "json"), help="output format (default block)"),
         arg("--view", default="thin", choices=("block", "thin"), help="geometry of the maze (default thin)"))
def cmd_generate(args, out):
    maze = generated(args, args.algo, args.view)
    writer = {"block": formats.to_block_text, "thin": formats.to_thin_text, "json": formats.to_json}[args.format]
    out.write(writer(maze))
    return 0


@command("solve", "solve a maze and print it with the route; exit status 1 when no route is found",
         arg("solver", metavar="SOLVER", help="solver slug (see `list`)"),
         arg("file", nargs="?", default="-", metavar="FILE", help="maze file (block, thin or JSON); - or none: stdin"),
         arg("--json", action="store_true", help="print found, status, path, moves, visited, heuristic as JSON"),
         SET, *GENERATE)
def cmd_solve(args, out):
    maze = generated(args, args.generate) if args.generate else read_maze(args.file)
    sol = pymaze.solve(maze, args.solver, seed=args.seed, **options(args.set))
    if args.json:
        out.write(json.dumps(sol.to_json()) + "\n")
    else:
        out.write(show(maze, sol.squares))
        what = "found route: " + f"{sol.moves} moves" if sol.found else sol.status
        out.write(f"{what}, {sol.visited} visited" + (" (heuristic)" if sol.heuristic else "") + "\n")
    return 0 if sol.found else 1


@command("stats", "print a maze's metrics: dead ends, junctions, corridors, straight runs, solution, routes, perfect",
         arg("file", nargs="?", default="-", metavar="FILE", help="maze file (block, thin or JSON); - or none: stdin"),
         arg("--json", action="store_true", help="print the metrics as JSON"), SET, *GENERATE)
def cmd_stats(args, out):
    maze = generated(args, args.generate) if args.generate else read_maze(args.file)
    figures = pymaze.metrics(maze)
    if args.json:
        out.write(json.dumps(figures) + "\n")
    else:
        out.writelines(f"{key.replace('_', ' ')}: {value}\n" for key, value in figures.items())
    return 0


@command("play", "walk the maze: up/down/left/right or w/a/s/d, reset, regenerate, quit",
         arg("file", nargs="?", metavar="FILE", help="maze file (block, thin or JSON); - : stdin"), *GENERATE)
def cmd_play(args, out):
    if args.generate:
        seeds = iter(range(check_seed(args.seed), 2**32))
        make = lambda: generated(argparse.Namespace(**{**vars(args), "seed": next(seeds)}), args.generate)
        return play_loop(make(), sys.stdin, out, regenerate=make)
    if args.file in (None, "-"):
        raise ParameterError("play reads commands from stdin: give a maze FILE or --generate ALGO")
    return play_loop(read_maze(args.file), sys.stdin, out)


MOVES = {"up": (0, -1), "w": (0, -1), "down": (0, 1), "s": (0, 1),
         "left": (-1, 0), "a": (-1, 0), "right": (1, 0), "d": (1, 0)}
PLAY_HELP = "commands: up down left right (or w s a d), reset, regenerate, quit (or q)"


def board(maze, player):
    """The maze as text with the player '@' (thin-wall text for thin mazes, block text otherwise)."""
    lines = show(maze).split("\n")
    x, y = maze.xy(player)
    if maze.geometry == "thin":
        x = (x // 2) * 4 + 2
    lines[y] = lines[y][:x] + "@" + lines[y][x + 1:]
    return "\n".join(lines)


def play_loop(maze, inp, out, regenerate=None):
    """The game: read one command per line from ``inp`` until the goal, quit or end of input."""
    shortest = pymaze.solve(maze, "bfs").moves
    player, moves = maze.start, 0
    out.write(board(maze, player) + PLAY_HELP + "\n")
    for line in inp:
        cmd = line.strip().lower()
        if cmd in ("quit", "q"):
            break
        if cmd == "reset" or cmd == "regenerate" and regenerate:
            if cmd == "regenerate":
                maze = regenerate()
                shortest = pymaze.solve(maze, "bfs").moves
            player, moves = maze.start, 0
        elif cmd in MOVES:
            dx, dy = MOVES[cmd]
            x, y = maze.xy(player)
            step = maze.step()
            if not (0 <= x + dx < maze.width and 0 <= y + dy < maze.height) or maze.wall[player + dy * maze.width + dx]:
                out.write(f"bump: a wall blocks the way {[k for k in MOVES if MOVES[k] == (dx, dy)][0]}\n")
                continue
            player += step * (dy * maze.width + dx)
            moves += 1
        else:
            out.write(("regenerate needs --generate ALGO; " if cmd == "regenerate" else "") + PLAY_HELP + "\n")
            continue
        out.write(board(maze, player))
        if player in maze.goals:
            out.write(f"goal reached in {moves} moves; the shortest route is {shortest} moves\n")
            return 0
    out.write(f"bye after {moves} moves\n")
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
        args = parser.parse_args(argv)
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
    sys.stderr.write("pymaze: error: " + " ".join(message.split()) + "\n")
    return 2
