"""python -m pymaze: list, generate, solve and play mazes in a terminal.

Each subcommand is one function registered with ``@command`` in one table,
so adding a subcommand is one decorated function.  Errors print one line
``pymaze: error: ...`` on stderr and exit with status 2.
"""

import argparse
import errno
import json
import os
import re
import select
import sys

try:
    import termios
except ImportError:  # Windows: no terminal modes, so play reads whole lines
    termios = None

import pymaze

from . import formats
from .errors import ParameterError, PymazeError, SizeError
from .run import check_seed
from .stats import solution_length

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
GENERATE = (arg("--generate", metavar="ALGO", help="generate a fresh maze with this generator instead of reading one"),
            arg("--size", default="10x10", help="maze size in cells, WxH (default 10x10)"), SEED)


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


def size(text):
    m = re.fullmatch(r"\s*(\d{1,9})\s*[xX]\s*(\d{1,9})\s*", text or "")
    if not m:
        raise SizeError(f"--size must be WxH in cells, e.g. 12x8; got {text!r}")
    return int(m.group(1)), int(m.group(2))


def generated(args, algo, geometry="thin", own=True):
    """The maze of generator ``algo`` with --size and --seed; its options are --set g.KEY=VALUE, and
    also plain --set KEY=VALUE when the generator is the command's own algorithm (``own``)."""
    w, h = size(args.size)
    pairs = getattr(args, "set", [])
    opts = {**options(pairs), **options(pairs, True)} if own else options(pairs, True)
    return pymaze.generate(algo, w, h, seed=args.seed, geometry=geometry, **opts)


def given(args):
    """The maze a command works on: --generate's, or the FILE's (then no g. options may be set)."""
    if args.generate:
        return generated(args, args.generate, own=False)
    if options(getattr(args, "set", []), True):
        raise ParameterError("--set g.KEY=VALUE sets an option of --generate's generator; no --generate given")
    return read_maze(args.file)


def read_maze(path):
    if path in (None, "-"):
        data = sys.stdin.buffer.read()
    else:
        with open(path, "rb") as f:
            data = f.read(formats.MAX_CHARS * 4 + 1)
    return formats.parse(data)


def show(maze, route=None, posts="o"):
    if maze.geometry == "thin":
        return formats.to_thin_text(maze, route, posts=posts)
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
         arg("--view", default="thin", choices=("block", "thin"), help="geometry of the maze (default thin)"), POSTS)
def cmd_generate(args, out):
    maze = generated(args, args.algo, args.view)
    thin = lambda m: formats.to_thin_text(m, posts=args.posts)
    writer = {"block": formats.to_block_text, "thin": thin, "json": formats.to_json}[args.format]
    out.write(writer(maze))
    return 0


@command("solve", "solve a maze and print it with the route; exit status 1 when no route is found",
         arg("solver", metavar="SOLVER", help="solver slug (see `list`)"),
         arg("file", nargs="?", default="-", metavar="FILE", help="maze file (block, thin or JSON); - or none: stdin"),
         arg("--json", action="store_true", help="print found, status, path, moves, visited, heuristic as JSON"),
         arg("--numbers", action="store_true", help="a solver that numbers cells (wave, dijkstra, farthest): "
             "also print the grid of its numbers (distance from S; '.' not reached)"),
         SET, POSTS, *GENERATE)
def cmd_solve(args, out):
    from .run import Run
    from .solution import Solution
    maze = given(args)
    run = Run.solve(args.solver, maze, seed=args.seed, **options(args.set))
    sol = Solution.from_events(run.initial, run.events())
    final, numbered = run.maze, run.algorithm.layer == "distance"
    if args.numbers and not numbered:
        raise ParameterError(f"{args.solver} numbers no cells; --numbers needs wave, dijkstra or farthest")
    if args.json:
        data = sol.to_json()
        if numbered:
            data["goal_distance"] = final.num[final.goal] - 1 if final.num[final.goal] > 0 else None
        out.write(json.dumps(data) + "\n")
    else:
        out.write(show(final, sol.squares, args.posts))
        what = "found route: " + f"{sol.moves} moves" if sol.found else sol.status
        out.write(f"{what}, {sol.visited} visited" + (" (heuristic)" if sol.heuristic else "") + "\n")
        if numbered:
            d = final.num[final.goal] - 1
            out.write(f"distance of G from S: {d if d >= 0 else 'not reached'}\n")
        if args.numbers:
            out.write(numbers(final))
    return 0 if sol.found else 1


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
         arg("--json", action="store_true", help="print the metrics as JSON"), SET, *GENERATE)
def cmd_stats(args, out):
    maze = generated(args, args.generate) if args.generate else read_maze(args.file)  # stats has no algorithm: --set is the generator's
    figures = pymaze.metrics(maze)
    if args.json:
        out.write(json.dumps(figures) + "\n")
    else:
        out.writelines(f"{key.replace('_', ' ')}: {value}\n" for key, value in figures.items())
    return 0


@command("play", "walk the maze: in a terminal, single keys (arrows or w/a/s/d move, r reset, n new maze, "
         "q quit); with piped input, one command per line: up/down/left/right or w/a/s/d, reset, regenerate, quit",
         arg("file", nargs="?", metavar="FILE", help="maze file (block, thin or JSON)"), *GENERATE)
def cmd_play(args, out):
    if args.generate:
        seeds = iter(range(check_seed(args.seed), 2**32))
        make = lambda: generated(argparse.Namespace(**{**vars(args), "seed": next(seeds)}), args.generate)
        game = Game(make(), regenerate=make)
    elif args.file in (None, "-"):
        raise ParameterError("play reads commands from stdin: give a maze FILE or --generate ALGO")
    else:
        game = Game(read_maze(args.file))
    if termios and sys.stdin.isatty() and getattr(out, "isatty", lambda: False)():
        return play_keys(game, sys.stdin.fileno(), out)
    return play_loop(game, sys.stdin, out)


MOVES = {"up": "up", "w": "up", "down": "down", "s": "down",
         "left": "left", "a": "left", "right": "right", "d": "right"}
STEPS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
PLAY_HELP = "commands: up down left right (or w s a d), reset, regenerate, quit (or q)"


def board(maze, player):
    """The maze as text with the player 'X' (thin-wall text for thin mazes, block text otherwise)."""
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
        """One move 'up', 'down', 'left' or 'right'; False (no move) when a wall or the edge is in the way."""
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
    out.write(game.board() + PLAY_HELP + "\n")
    for line in inp:
        cmd = line.strip().lower()
        if cmd in ("quit", "q"):
            break
        if cmd == "reset":
            game.reset()
        elif cmd == "regenerate" and game.make:
            game.regenerate()
        elif cmd in MOVES:
            if not game.move(MOVES[cmd]):
                out.write(f"bump: a wall blocks the way {MOVES[cmd]}\n")
                continue
        else:
            out.write(("regenerate needs --generate ALGO; " if cmd == "regenerate" else "") + PLAY_HELP + "\n")
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
ESCAPE = re.compile(rb"\x1b(?:\[[0-?]*[ -/]*|O)([@-~])")   # ESC [ params final, or ESC O final
PARTIAL = re.compile(rb"\x1b(?:\[[0-?]*[ -/]*|O)?\Z")      # the start of one, cut short so far
CLEAR = "\x1b[H\x1b[2J"                                    # cursor home, erase the screen


def next_key(buf):
    """``(key, rest)``: the first key in ``buf``, or ``(None, buf)`` when ``buf`` ends inside an escape sequence.

    Arrow keys (ESC [ A..D, ESC O A..D, also with modifiers) become 'up'/'down'/'right'/'left',
    other escape sequences 'escape', anything else the character typed, lower-cased.
    """
    m = ESCAPE.match(buf)
    if m:
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
        draw(game, out, KEY_HELP)
        for key in read_keys(fd):
            action = KEYS.get(key, key)
            if action == "quit":
                break
            if action == "reset":
                game.reset()
                note = "back at the start"
            elif action == "regenerate":
                note = "a new maze" if game.regenerate() else "n (new maze) needs --generate ALGO"
            elif action in STEPS:
                note = "" if game.move(action) else f"bump: a wall blocks the way {action}"
            else:
                note = KEY_HELP
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
