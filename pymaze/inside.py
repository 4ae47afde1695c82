"""Inside a run: the line of the algorithm's source behind every event, and its data at any event.

``Run.inspect(k)`` (see ``inspect``) answers with a ``View``: the algorithm's file and function
lines, the line that made event k, the structures the algorithm keeps (its queue, stack, heap,
sets, walk...) as they were after the first k events, and the parents of a search.

Nothing is recorded while a run is made: inspecting runs the algorithm's one body again from the
run's initial maze, seed and options (the same events, by construction) under ``sys.settrace``,
watching only the generator frames of the algorithm's own file (not its generator expressions),
and of the files of the bodies it hands its run to (``delegates``: the bidirectional searches'
``two_way``, the swarms', Houston's Wilson walks).  The events made between two line events of
those frames belong to the first of the two lines; events a helper of another file yields
(``yield from end(...)``) belong to the body's line that calls it.  The state after k
events is read from the frame's locals at a loop head (a ``for`` or ``while`` line) the body passed
before it made event k + 1: the last of the outermost loop's heads passed (the moment it is about to
take its next entry), else the last line passed.  So
the state is exact at every k, whether reached forward or back, and costs nothing until asked.

What the locals mean is each algorithm's view: a function of the locals (a dict) giving
``{name: [entry, ...]}`` in the order the algorithm will take them, an entry a cell or a dict
with ``"cell"`` and named values (a view whose ``read_first`` is true is read at the first line the
body passes after event k instead).  Built-ins' views are in ``VIEWS`` by slug; any algorithm's
function may carry its own as the attribute ``inside``.  An algorithm without one still gets its
lines, and its parents when its body keeps a ``parent`` table.
"""

import ast
import copy
import inspect as _inspect
import random
import sys
import textwrap
from array import array
from functools import lru_cache
from itertools import compress

from . import events as _events
from .errors import ParameterError, SizeError, shown
from .events import M_FILLED, M_STACK, M_VISITED, MILESTONE, OP_MASK, MARK, WALL
from .graph import cells as all_cells
from .junctions import route_cells
from .solvers.mouse import HEADINGS as _HEADINGS

# --- reading the source ---------------------------------------------------------------------


def body_of(func):
    """The function whose source runs: ``func`` unwrapped (a page plugin's checker, a decorator)."""
    while hasattr(func, "__wrapped__"):
        func = func.__wrapped__
    return func


@lru_cache(maxsize=64)
def loop_heads(filename, text):
    """``{line: depth}``: the lines of ``text`` (the file ``filename``) that open a ``for`` or
    ``while`` loop, each with how many loops of its function hold it (0: an outermost loop)."""
    try:
        tree = ast.parse(text, filename)
    except SyntaxError:
        return {}
    out = {}

    def walk(node, depth):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                walk(child, 0)
            elif isinstance(child, (ast.For, ast.While)):
                out[child.lineno] = depth
                walk(child, depth + 1)
            else:
                walk(child, depth)
    walk(tree, 0)
    return out


# Helpers of other files a body hands its run to that are no body of their own (a search's ending, a
# generator's clean-up): their events belong to the body's line that calls them.
ENDINGS = ("pymaze.solvers._base", "pymaze.generators._base", "pymaze.solvers._walk")


def delegates(func):
    """The generator functions of other files ``func``'s body hands its run to with ``yield from
    NAME(...)`` (bidirectional searches' ``two_way``, the swarms' ``swarm_search``, Houston's
    Wilson walks...): their lines are the body being run, so they are watched too."""
    body = body_of(func)
    try:
        tree = ast.parse(textwrap.dedent(_inspect.getsource(body)))
    except (OSError, TypeError, SyntaxError):
        return []
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.YieldFrom) and isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name):
            f = body.__globals__.get(node.value.func.id)
            if (_inspect.isgeneratorfunction(f) and f.__code__.co_filename != body.__code__.co_filename
                    and f.__module__ not in ENDINGS and f not in out):
                out.append(f)
    return out


def source_of(func):
    """``(file, text, (first, last))``: the algorithm's source file, its text ("" when unreadable) and
    the lines of its function."""
    body = body_of(func)
    code = body.__code__
    try:
        lines, first = _inspect.getsourcelines(body)
        span = (first, first + len(lines) - 1)
        text = "".join(_inspect.findsource(body)[0])
    except (OSError, TypeError):
        span, text = (code.co_firstlineno, code.co_firstlineno), ""
    return code.co_filename, text, span


# --- the views of the built-ins -------------------------------------------------------------

UNSEEN = -1
WINDOW = 256     # the states read in one run again: a quarter of it before the k asked, the rest after
CACHED = 4096    # the most states kept
MARGIN = 8192    # a run looked inside a window at a time is watched from this many events before it
MONITORING = True   # watch the body through sys.monitoring where Python has it (False: sys.settrace always)


def _depth(parent, p, memo):
    """Moves from the search's start to ``p`` along ``parent`` (the start is its own parent)."""
    chain = []
    while p not in memo:
        q = parent[p]
        if q == p or q < 0:
            memo[p] = 0
            break
        chain.append(p)
        p = q
    d = memo[p]
    for c in reversed(chain):
        d += 1
        memo[c] = d
    return memo[chain[0]] if chain else d


def _queue(v):
    queue, parent = v.get("queue"), v.get("parent")
    if queue is None:
        return {}
    memo = {}
    return {"queue": [{"cell": p, "distance": _depth(parent, p, memo)} for p in queue]}


def _open_heap(v, kind):
    """The open heap of a best-first search, least first, each cell once, closed cells left out."""
    heap, mark = v.get("open_heap"), v.get("mark")
    if heap is None:
        return {}
    out, seen = [], set()
    g, parent, memo = v.get("g") if kind == "astar" else v.get("dist"), v.get("parent"), {}
    weight = v.get("weight", 1) if kind == "astar" else 1
    for entry in sorted(heap):
        p = entry[-1]
        if p in seen or mark[p] == M_VISITED:
            continue
        seen.add(p)
        if kind == "astar":
            f, h, order = entry[0], entry[1], entry[2]
            row = {"cell": p, "g": g[p], "h": h, "f": f, "order": order}
            if weight != 1:
                row["weight"] = weight
        elif kind == "dijkstra":
            row = {"cell": p, "g": entry[0], "h": 0, "f": entry[0], "order": entry[1]}
        else:  # greedy: keyed by h alone; g is the moves walked, for the reader
            row = {"cell": p, "g": _depth(parent, p, memo), "h": entry[0], "f": entry[0], "order": entry[1]}
        out.append(row)
    return {"open": out}


def _stack(v):
    stack = v.get("stack")
    return {} if stack is None else {"stack": list(reversed(stack))}


def _find(parent, a):
    while parent[a] != a:
        a = parent[a]
    return a


def _kruskal(v):
    square, num = v.get("square"), v.get("num")
    if square is None:
        return {}
    parent = v.get("parent")
    groups = {}
    for k, p in enumerate(square):
        if parent is not None and v.get("method") != "naive":
            key = _find(parent, k)
        else:
            key = num[p] or -1 - k  # (before the labels are written: every cell its own cluster)
        groups.setdefault(key, []).append(p)
    sets = sorted(groups.values(), key=lambda s: (-len(s), s[0]))
    return {"sets": [{"cell": s[0], "size": len(s), "cells": s} for s in sets]}


def _prim(v):
    frontier, method, wall = v.get("frontier"), v.get("method"), v.get("wall")
    if frontier is None:
        return {}
    if method == "true":
        best, fixed, tables = v["best"], v["fixed"], v["tables"]
        out = []
        for edge in sorted(frontier):
            weight, p, k = edge
            q = p + (fixed or tables[p])[k][1]
            if best[q] is edge and wall[q]:
                out.append({"cell": q, "key": weight, "from": p})
        return {"frontier": out}
    cells = [entry[1] for entry in frontier] if method == "simplified" else list(frontier)
    return {"frontier": [q for q in dict.fromkeys(cells) if wall[q]]}


def _wilson(v):
    path, at = v.get("path"), v.get("at")
    if path is None or at is None:
        return {"walk": []}
    return {"walk": [p for p in path if p in at]}


def _eller(v):
    squares, label = v.get("squares"), v.get("label")
    if squares is None or label is None:
        return {}
    sets = {}
    for p, k in zip(squares, label):
        sets.setdefault(k, []).append(p)
    return {"row sets": [{"cell": s[0], "size": len(s), "cells": s} for s in sets.values()]}


def _division(v):
    chambers, w = v.get("chambers"), v.get("w")
    if chambers is None:
        return {}
    return {"chambers": [{"cell": (2 * y0 + 1) * w + 2 * x0 + 1, "width": cw, "height": ch}
                         for x0, y0, cw, ch in reversed(chambers)]}


SQUARE_SIDES = ("north", "east", "south", "west")


def _walker(v, **values):
    """The walker at ``p`` with ``values``, and the loop-erased walk so far (``walk``, newest first)."""
    p, walk = v.get("p"), v.get("walk")
    out = {"walker": [dict({"cell": p}, **values)]} if p is not None else {}
    if walk is not None:
        out["walk"] = list(reversed(walk.nodes))
    return out


def _wall(v):
    behind, maze = v.get("behind"), v.get("maze")
    if behind is None:
        return {}
    if maze.lattice is None:
        return _walker(v, heading=SQUARE_SIDES[(behind + 2) % 4], hand=v.get("hand"))
    return _walker(v, behind=f"side {behind}", hand=v.get("hand"))


def _pledge(v):
    heading = v.get("heading")
    if heading is None:
        return {}
    return _walker(v, heading=SQUARE_SIDES[heading], turned=v.get("turned"),
                   following="the wall" if v.get("following") else "its heading")


def _tremaux(v):
    walked, here = v.get("walked"), v.get("here")
    if walked is None:
        return {}
    marks = [{"cell": k, "marks": m} for k, m in enumerate(walked) if m]
    return {"walker": [here], "marked passages": marks}


def _growing(v):
    active = v.get("active")
    if active is None:
        return {}
    if hasattr(active, "right"):   # the "middle" policy: the middle cell is taken
        cells = list(active.right) + list(active.left)
    else:
        cells = [c for c in active.cells[active.lo:] if c >= 0]
    return {"active": cells}


def _head(v):
    p = v.get("p")
    return {} if p is None else {"head": [p]}


def _wave(v):
    ring, num = v.get("ring"), v.get("num")
    if ring is None:
        return {}
    out = {"wave": [{"cell": p, "distance": num[p] - 1} for p in ring]}
    nxt = v.get("next_ring")
    if nxt is not None and nxt is not ring:
        out["next wave"] = [{"cell": p, "distance": num[p] - 1} for p in nxt]
    return out


def _idastar(v):
    trail, bound = v.get("trail"), v.get("bound")
    if trail is None:
        return {}
    return {"trail": [{"cell": p, "g": c} for p, c, _ in reversed(trail)],
            "bound": [{"cell": v["start"], "f limit": bound}]}


def _bibfs(v):
    layers = v.get("layers")
    if layers is None:
        return {}
    return {"layer from S": list(layers[0]), "layer from G": list(layers[1])}


def _mouse(v):
    here, walk = v.get("here"), v.get("walk")
    out = {"walker": [here]} if here is not None else {}
    if walk is not None:
        out["walk"] = list(reversed(walk.nodes))
    return out


def _two_way(v):
    """Both sides of a bidirectional search (``_twoway.two_way``): each side's open heap, least
    priority first, closed and outdated entries left out; the side whose turn it is first."""
    sides, turn = v.get("sides"), v.get("turn", 0)
    if sides is None:
        return {}
    out = {}
    for i in (turn, 1 - turn):
        side, seen, rows = sides[i], set(), []
        for key, _, order, p in sorted(side.heap):
            if p in seen or side.closed[p] or key > side.key[p] + 1e-9:
                continue
            seen.add(p)
            rows.append({"cell": p, "g": side.cost[p], "priority": key, "order": order})
        out["open from S" if i == 0 else "open from the goals"] = rows
    return out


def _swarm(v):
    """The swarm's open heap (``_swarm.swarm_search``), least priority first."""
    heap, key, closed = v.get("heap"), v.get("key"), v.get("closed")
    if heap is None or key is None:
        return {}
    out, seen = [], set()
    for k, order, p in sorted(heap):
        if p in seen or closed[p] or k > key[p]:
            continue
        seen.add(p)
        out.append({"cell": p, "priority": k, "order": order})
    return {"open": out}


def _jps(v):
    """Jump point search's open heap, on the maze's squares (its own grid has one more column)."""
    heap, cost, closed, W = v.get("open_heap"), v.get("cost"), v.get("closed"), v.get("W")
    if heap is None or cost is None:
        return {}
    out, seen = [], set()
    for f, h, order, P in sorted(heap):
        if P in seen or P in closed or f > cost[P] + h + 1e-9:
            continue
        seen.add(P)
        out.append({"cell": P - P // W, "g": cost[P], "h": h, "f": f, "order": order})
    return {"open jump points": out}


def _fill(v):
    """A dead-end filler's queue (``_fill.fill``): the dead ends still to fill, in order."""
    queue, maze = v.get("queue"), v.get("maze")
    if queue is None or maze is None or v.get("degree") is None:
        return {}
    mark = maze.mark
    return {"dead ends": list(dict.fromkeys(p for p in queue if mark[p] != M_FILLED))}


def _rings(v):
    """A breadth-first sweep by rings (farthest's sweeps, all-shortest's layers, collision's flood)."""
    for now, then, d in (("ring", "next_ring", "d"), ("layer", "next_layer", None), ("heads", "nxt", None)):
        ring = v.get(now)
        if ring is not None:
            out = {now: list(ring)}
            if d and v.get(d) is not None:
                out = {now: [{"cell": p, "distance": v[d] - 1} for p in ring]}
            nxt = v.get(then)
            if isinstance(nxt, list) and nxt is not ring:
                out["next " + now] = list(nxt)
            return out
    return {}


def _blind(v):
    """The blind alley filler's entrances still to look down: the nodes S reaches breadth-first
    after the last one filled, not live and not in an alley already found."""
    reach, seen, entrance = v.get("reach"), v.get("seen"), v.get("entrance")
    if reach is None or seen is None or entrance is None:
        return {}
    rest = reach[reach.index(entrance) + 1:]
    return {"alley entrances": [p for p in rest if not seen[p]]}


def _houston(v):
    if v.get("at") is not None:       # Wilson's walks (wilson.walks)
        return _wilson(v)
    p = v.get("p")
    return {} if p is None else {"walker": [{"cell": p, "cells left": v.get("left")}]}


def _origin(v):
    root = v.get("root")
    return {} if root is None else {"origin": [{"cell": root, "moves left": v.get("steps")}]}


def _sidewinder(v):
    """The row's openings still to make (a closed run's north wall, else an east wall), by the
    cell they open from; on a polar maze the ring's (a run's inward wall, else the clockwise one)."""
    opened, maze, east = v.get("opened"), v.get("maze"), v.get("east")
    if opened is None or maze is None or east is None:
        return {}
    w, wall, lat = maze.width, maze.wall, maze.lattice
    if lat is None:
        return {"row to open": [{"cell": via - 1, "opens": "east"} if via in east else {"cell": via + w, "opens": "north"}
                                for via in opened if wall[via]]}
    sideways, out = set(east), []
    for via in opened:
        if wall[via]:
            a, b = lat.ends[2 * (via - lat.n)], lat.ends[2 * (via - lat.n) + 1]
            (ia, ra), (ib, rb) = lat.position(a), lat.position(b)
            if via in sideways:   # from the cell the ring's walk leaves: the one before the other
                out.append({"cell": a if ia < ib else b, "opens": "clockwise"})
            else:                 # from the outer ring's cell
                out.append({"cell": a if ra > rb else b, "opens": "inward"})
    return {"row to open": out}


def _extend(v):
    """The wall growing from its seed point, its head first."""
    path = v.get("path")
    return {} if path is None or v.get("built") is None else {"growing wall": list(reversed(path))}


def _blobby(v):
    """Blobby division's regions still to split (the next on top) and the cells growing the halves."""
    stack, growing = v.get("stack"), v.get("growing")
    if stack is None:
        return {}
    out = {"regions": [{"cell": r[0], "size": len(r), "cells": r} for r in reversed(stack) if r]}
    if growing is not None:
        out["growing"] = list(growing)
    return out


def _to_drop(v):
    dropped, maze = v.get("dropped"), v.get("maze")
    if dropped is None or maze is None:
        return {}
    return {"to drop": [p for p in dropped if not maze.wall[p]]}


def _chain(v):
    """The chain algorithm: the walker and the guide line still ahead of it, or, while it is blocked,
    its two wall-following robots (right hand first)."""
    bots = v.get("bots")
    if bots is not None and v.get("painted") is not None:
        return {"robots": [{"cell": b[0], "hand": "right" if b[2][0] == 1 else "left"} for b in bots]}
    line, at, p = v.get("line"), v.get("at"), v.get("p")
    if line is None or at is None or p is None or v.get("ahead") is None:
        return {}
    return {"walker": [p], "guide line": list(line[at + 1:])}


def _pieces(maze, parent):
    """The maze's cells grouped by the root ``parent`` (a union-find over squares) gives each,
    largest first."""
    groups = {}
    for c in all_cells(maze):
        groups.setdefault(_find(parent, c), []).append(c)
    return [{"cell": s[0], "size": len(s), "cells": s} for s in sorted(groups.values(), key=lambda s: (-len(s), s[0]))]


def _rejoin(v):
    """The repair of ``_rooms.rejoin`` (perturb's rounds, dungeon's doors): the pieces the maze is in
    while more than one, and the closed passages still ahead in its shuffled list that join two of
    them (one that joins a piece to itself is skipped: left out), so the first is opened next."""
    closed, parent, maze = v.get("closed"), v.get("parent"), v.get("maze")
    if not isinstance(closed, list) or parent is None or maze is None or v.get("ends_a") is None:
        return {}
    wall = maze.wall
    pieces = _pieces(maze, parent)
    out = {"pieces": pieces} if len(pieces) > 1 else {}
    out["passages to try"] = [via for via, a, b in closed if wall[via] and _find(parent, a) != _find(parent, b)]
    return out


def _perturb(v):
    """Perturbation: the walls this round put up (marked, until the repair ends) with the round, and
    the repair's pieces and passages (``_rejoin``) while it runs."""
    if v.get("ends_a") is not None:
        return _rejoin(v)
    cut, maze = v.get("cut"), v.get("maze")
    if cut is None or maze is None or v.get("repeat") is None:
        return {}
    mark, r = maze.mark, f"{v['_'] + 1} of {v['repeat']}"
    return {"walls put up": [{"cell": via, "round": r} for via in cut if mark[via] == M_STACK]}


_perturb.merge = True


def _regions(v):
    """``_rooms.connect``'s last step (cellular caves): the floor joined so far, region by region
    (while more than one), and the meetings still ahead that join two of them, cheapest first
    (the first becomes the next tunnel)."""
    meetings, root, owner, maze = v.get("meetings"), v.get("root"), v.get("owner"), v.get("maze")
    if meetings is None or root is None or owner is None or maze is None:
        return {}
    wall = maze.wall
    groups = {}
    for p, o in enumerate(owner):
        if o >= 0 and not wall[p]:
            groups.setdefault(_find(root, o), []).append(p)
    out = {}
    if len(groups) > 1:
        out["regions"] = [{"cell": s[0], "size": len(s), "cells": s}
                          for s in sorted(groups.values(), key=lambda s: (-len(s), s[0]))]
    out["meetings"] = [{"cell": p, "meets": q, "cost": c} for c, p, q in meetings
                       if _find(root, owner[p]) != _find(root, owner[q])]
    return out


def _cellular(v):
    """Cellular automaton caves: the generation made (0: the noise) and the walls among the squares
    that may change, the squares that generation flipped, then the tunnels' regions and meetings."""
    if v.get("meetings") is not None:
        return _regions(v)
    may, maze, walls = v.get("may"), v.get("maze"), v.get("walls")
    if may is None or maze is None or walls is None or v.get("step") is None:   # (the noise not yet out)
        return {}
    wall = maze.wall
    alive = sum(wall[p] for p in compress(range(len(may)), may))
    flips = v.get("flips") if v.get("generation") is not None else walls
    generation = {"cell": maze.start, "number": v.get("generation", 0), "of": v["generations"], "walls": alive,
                  "changed": len(flips)}
    return {"generation": [generation],
            "changed": [{"cell": p, "now": "wall" if wall[p] else "floor"} for p in flips]}


_cellular.merge = True


def _dungeon(v):
    """Dungeon rooms: the rooms placed (cells joined by passages inside them: no passage between two
    rooms opens before the doors), the corridor's walker and the hunt's list of closed corridor
    cells beside the corridors; then the doors' pieces and passages (``_rejoin``)."""
    if v.get("ends_a") is not None:
        return _rejoin(v)
    in_room, maze = v.get("in_room"), v.get("maze")
    if in_room is None or maze is None or v.get("draw") is None:
        return {}
    wall, w, rooms = maze.wall, maze.width, {}
    parent = {c: c for c in in_room}
    for c in sorted(in_room):
        for d in (2, 2 * w):
            if c + d in parent and not wall[c + d // 2]:
                parent[_find(parent, c + d)] = _find(parent, c)
    for c in sorted(in_room):
        rooms.setdefault(_find(parent, c), []).append(c)
    out = {"rooms": [{"cell": s[0], "size": len(s), "cells": s} for s in rooms.values()]}
    p, closed, beside = v.get("p"), v.get("closed"), v.get("beside")
    if isinstance(p, int) and p >= 0 and v.get("first") is not None:
        out["walker"] = [p]
    if beside is not None:
        out["hunt list"] = [c for c in dict.fromkeys(beside) if closed[c]]
    return out


ROUTES_SHOWN = 200   # Yen's candidates listed (their routes made from the junction graph's edges)


def _routes(v):
    """Several routes: the routes kept so far (each its cells and length) and Yen's candidates,
    shortest first (the first is the next route checked), or the penalty rounds' routes."""
    kept, maze = v.get("kept"), v.get("maze")
    if kept is None or maze is None or v.get("shown") is None:
        return {}
    mid = lambda path: path[len(path) // 2]   # noqa: E731  (a route is named by its middle cell: S is every one's first)
    out = {"routes kept": [{"cell": mid(p), "moves": len(p) - 1, "cells": list(p)} for p in kept]}
    heap, edges, more = v.get("heap"), v.get("edges"), v.get("more")
    if more is not None:
        out["penalty routes"] = [{"cell": mid(p), "moves": len(p) - 1, "cells": list(p)} for p in more]
    elif heap:
        out["candidates"] = [{"cell": mid(route_cells(edges, maze.start, ids)), "moves": cost}
                             for cost, _, (_, ids) in sorted(heap)[:ROUTES_SHOWN]]
    return out


HEADING_NAMES = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west")


def _micromouse(v):
    """The micromouse's Dijkstra over (opening, heading) states: the state taken last (the cell it
    entered, the opening it came through, its heading, its cost) and the open heap, cheapest first
    (outdated entries left out), each named by the cell it enters (a finish: the goal)."""
    heap, best, maze = v.get("open_heap"), v.get("best"), v.get("maze")
    if heap is None or best is None or maze is None:
        return {}
    w = maze.width

    def entry(cost, state, cell):
        o, h = state
        if h < 0:
            return {"cell": o, "finish": "the centre", "cost": round(cost, 4)}
        return {"cell": cell, "through": o, "heading": HEADING_NAMES[h], "cost": round(cost, 4)}

    out = {}
    state = v.get("state")
    if isinstance(state, tuple) and v.get("cell") is not None and v.get("cost") is not None:
        out["mouse"] = [entry(v["cost"], state, v["cell"])]
    rows = []
    for cost, _, state in sorted(heap):
        if cost > best[state]:
            continue
        o, h = state
        if h >= 0:
            dx, dy = _HEADINGS[h]
            cell = o + (w if dy > 0 else -w) if (o // w) % 2 == 0 else o + (1 if dx > 0 else -1)
        rows.append(entry(cost, state, o if h < 0 else cell))
    out["open"] = rows
    return out


# Prim reports a cell's frontier neighbours with the next cell it opens, one step late: its state is
# read as soon as a step is out, before it takes the next cell from its frontier.
_prim.read_first = True

VIEWS = {
    "bfs": _queue,
    "dfs": _stack,
    "dig": _stack,
    "astar": lambda v: _open_heap(v, "astar"),
    "dijkstra": lambda v: _open_heap(v, "dijkstra"),
    "greedy": lambda v: _open_heap(v, "greedy"),
    "kruskal": _kruskal,
    "prim": _prim,
    "wilson": _wilson,
    "eller": _eller,
    "division": _division,
    "wall": _wall,
    "pledge": _pledge,
    "tremaux": _tremaux,
    "growing": _growing,
    "aldous": _head,
    "hunt": _head,
    "wave": _wave,
    "idastar": _idastar,
    "bibfs": _bibfs,
    "random-mouse": _mouse,
    "bidijkstra": _two_way,
    "biastar": _two_way,
    "bibest": _two_way,
    "biswarm": _two_way,
    "swarm": _swarm,
    "convswarm": _swarm,
    "jps": _jps,
    "thetastar": lambda v: _open_heap(v, "astar"),
    "lazytheta": lambda v: _open_heap(v, "astar"),
    "culdesac": _fill,
    "deadend": _fill,
    "farthest": _rings,
    "allshortest": _rings,
    "collision": _rings,
    "blind": _blind,
    "houston": _houston,
    "origin": _origin,
    "sidewinder": _sidewinder,
    "extend": _extend,
    "blobby": _blobby,
    "fill": _to_drop,
    "skewed": _division,
    "chain": _chain,
    "perturb": _perturb,
    "cellular": _cellular,
    "dungeon": _dungeon,
    "routes": _routes,
    "mouse": _micromouse,
}


def view_of(algorithm):
    """The algorithm's view of its locals: its function's ``inside`` attribute, else the built-in's."""
    own = getattr(body_of(algorithm.func), "inside", None) or getattr(algorithm.func, "inside", None)
    return own or VIEWS.get(algorithm.slug)


def parent_table(v):
    """A copy of a search's ``parent`` table (an ``array`` of each square's parent, UNSEEN where
    none, the start its own), or None when the locals ``v`` hold none."""
    parent, sides = v.get("parent"), v.get("sides")
    if isinstance(sides, tuple) and sides and isinstance(getattr(sides[0], "parent", None), array):
        # a two-sided search (``_twoway``): S's side, and the goals' where S's has none
        table = array(sides[0].parent.typecode, sides[0].parent)
        for p, q in enumerate(sides[1].parent):
            if table[p] < 0 <= q:
                table[p] = q
        return table
    if isinstance(parent, dict) and isinstance(v.get("W"), int) and v.get("maze") is not None:
        # jump point search: jump points on its framed grid (one more column), each to the one it came from
        W, table = v["W"], array("i", [UNSEEN]) * len(v["maze"].wall)
        for P, Q in parent.items():
            table[P - P // W] = Q - Q // W
        return table
    if isinstance(parent, tuple) and len(parent) == 2 and all(isinstance(t, array) for t in parent):
        # two waves' parents (bibfs): S's, and the goals' where S's has none
        table = array(parent[0].typecode, parent[0])
        for p, q in enumerate(parent[1]):
            if table[p] < 0 <= q:
                table[p] = q
        return table
    if isinstance(parent, dict) and isinstance(v.get("best"), dict) and v.get("maze") is not None:
        # the micromouse's states (opening, heading): a cell's parent is the cell behind the opening
        # of the cheapest state entering it
        maze = v["maze"]
        w, cheapest = maze.width, {}
        table = array("i", [UNSEEN]) * len(maze.wall)
        for (o, h), cost in v["best"].items():
            if h >= 0:
                dx, dy = _HEADINGS[h]
                cell = o + (w if dy > 0 else -w) if (o // w) % 2 == 0 else o + (1 if dx > 0 else -1)
                if cost < cheapest.get(cell, (float("inf"),))[0]:
                    cheapest[cell] = (cost, 2 * o - cell)
        for cell, (_, q) in cheapest.items():
            table[cell] = q
        table[maze.start] = maze.start
        return table
    if not isinstance(parent, array) or v.get("square") is not None:  # (kruskal's union-find is no search)
        return None
    return array(parent.typecode, parent)


def parents_of(table):
    """``{cell: parent}`` from a parent table (see ``parent_table``)."""
    if table is None:
        return {}
    return {p: q for p, q in enumerate(table) if q >= 0 and q != p}


# --- running the body again under a tracer --------------------------------------------------


def _takes_maze_and_rng(body):
    """Is ``body`` a generator function called as ``body(maze, rng, **options)`` (not one of the
    authoring API's, called with a board)?"""
    if not _inspect.isgeneratorfunction(body):
        return False
    try:
        params = list(_inspect.signature(body).parameters.values())
    except (TypeError, ValueError):
        return False
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return len(positional) >= 2 or any(p.kind == p.VAR_POSITIONAL for p in params)


class _Stop(Exception):
    """Raised by the tracer once the asked state is read: the run again ends there."""


class _Probe:
    """One run of the algorithm's body again, watched line by line (see the module's docstring)."""

    def __init__(self, run):
        self.run = run
        self.body = body_of(run.algorithm.func)
        self.file, self.text, self.span = source_of(run.algorithm.func)
        # the body's own file first, then those of the bodies it hands its run to (see ``delegates``)
        self.funcs = [self.body] + delegates(run.algorithm.func)
        self.sources = [(self.file, self.text, self.span)] + [source_of(f) for f in self.funcs[1:]]
        self.files = {f: i for i, (f, _, _) in reversed(list(enumerate(self.sources)))}
        self.heads = [loop_heads(f, t) for f, t, _ in self.sources]
        self.traces = []       # the Trace objects the body made (their events not yet handed out)
        self.expected = 1 << 62  # the run's events: the body is not run past them
        self.handed = 0        # events handed out (yielded) so far
        self.after = 0         # watch from the first batch boundary with at least this many events out
        self.began = None      # the events made when the watch began
        self.until = 1 << 62   # ``record`` stops once more events than this are made

    def count(self):
        n = self.handed
        for t in self.traces:
            n += len(t.index)
        return n

    def watched(self, code):
        """Is ``code`` one the body runs as its own: a generator of the algorithm's file (not a
        generator expression)?"""
        return code.co_filename in self.files and code.co_flags & _inspect.CO_GENERATOR and code.co_name != "<genexpr>"

    def codes(self):
        """The code objects ``watched`` of the body's module (its functions, and those nested in them)."""
        out, todo = [], []
        for func in self.funcs:
            todo += [func.__code__] + [f.__code__ for f in func.__globals__.values() if hasattr(f, "__code__")]
        seen = set()
        while todo:
            code = todo.pop()
            if id(code) in seen or not hasattr(code, "co_consts"):
                continue
            seen.add(id(code))
            if self.watched(code):
                out.append(code)
            todo += [c for c in code.co_consts if hasattr(c, "co_consts")]
        return out

    def go(self, hit, frames=True):
        """Run the body to its end (or a ``_Stop``), ``hit(frame, line)`` called at every line its
        ``watched`` frames start (with ``frames`` False ``frame`` may be anything): through
        ``sys.monitoring`` where there is one (only those code objects report, the rest runs at
        full speed), else ``sys.settrace``."""
        run = self.run
        init = _events.Trace.__init__
        traces = self.traces

        def watched_init(trace, *args, **kw):
            init(trace, *args, **kw)
            traces.append(trace)

        def start():
            self.began = self.count()
            return self.monitor(hit, frames) if MONITORING and hasattr(sys, "monitoring") else self.trace(hit)

        maze = run.initial.copy()
        rng = random.Random(run.seed)
        _events.Trace.__init__ = watched_init
        # (watched from a later batch, the body runs unwatched up to it: its frames, resumed, are watched)
        stop = start() if self.after <= 0 else None
        try:
            steps = self.body(maze, rng, **run.own_options)
            if not hasattr(steps, "__next__"):
                return
            for step in steps:
                self.handed += len(step) // 4
                if self.handed > self.expected:   # (a run that stopped on an error: no further)
                    break
                if stop is None and self.handed >= self.after:
                    stop = start()
        except _Stop:
            pass
        finally:
            if stop is not None:
                stop()
            _events.Trace.__init__ = init

    def trace(self, hit):
        """``go``'s watch with ``sys.settrace``; returns what ends it."""
        watched = self.watched

        def local(frame, event, arg):
            if event == "line":
                hit(frame, frame.f_lineno)
            return local

        def tracer(frame, event, arg):
            return local if watched(frame.f_code) else None

        old = sys.gettrace()
        sys.settrace(tracer)
        return lambda: sys.settrace(old)

    def monitor(self, hit, frames):
        """``go``'s watch with ``sys.monitoring`` (Python 3.12 on: Pyodide's); returns what ends it."""
        mon = sys.monitoring
        tool = next((t for t in (mon.DEBUGGER_ID, 1, 3, 4) if mon.get_tool(t) is None), None)
        if tool is None:   # every tool id taken: the tracer does it
            return self.trace(hit)
        mon.use_tool_id(tool, "pymaze.inside")
        getframe = sys._getframe
        mon.register_callback(tool, mon.events.LINE, (lambda code, line: hit(getframe(1), line)) if frames else hit)
        codes = self.codes()
        for code in codes:
            mon.set_local_events(tool, code, mon.events.LINE)

        def stop():
            for code in codes:
                mon.set_local_events(tool, code, 0)
            mon.register_callback(tool, mon.events.LINE, None)
            mon.free_tool_id(tool)
        return stop

    def record(self):
        """``(base, lines, at, files)`` from the moment the watch began (``base`` events made, see
        ``after``) to the end or ``until``: the line behind every event (``lines[i]``: event
        base + i + 1), for every k the ordinal of the line event (counted from the watch's start)
        whose frame's locals hold the state after k events (``at[k - base]``; -1 where no line event
        came between event k and event k + 1: the middle of a step), and the file of every event's
        line (its place in ``sources``)."""
        if not _takes_maze_and_rng(self.body):
            return (0, *self.stepwise())
        lines, files = array("i"), array("b")
        at = array("i", [-1])    # at[k - base]: the ordinal of the line event the state after k events is read at
        heads, traces, index, until = self.heads, self.traces, self.files, self.until
        first = getattr(view_of(self.run.algorithm), "read_first", False)
        line, ordinal, made, depth, fi, base = 0, -1, None, 1 << 30, 0, 0

        def local(where, at_line):
            nonlocal line, ordinal, made, depth, fi, base
            n = self.handed
            for t in traces:
                n += len(t.index)
            if made is None:
                made = base = self.began
            if n > made:
                if made > until:
                    raise _Stop
                lines.extend([line] * (n - made))
                files.extend([fi] * (n - made))
                at.extend([-1] * (n - made))
                made, depth = n, 1 << 30
            ordinal += 1
            line = at_line
            # (a code object under sys.monitoring, a frame under sys.settrace)
            fi = index[getattr(where, "co_filename", None) or where.f_code.co_filename]
            d = heads[fi].get(line)
            if first:                          # read at the first line passed
                if depth == 1 << 30:
                    at[n - base], depth = ordinal, -1
            elif d is not None and d <= depth:   # the outermost loop's head passed last wins
                at[n - base], depth = ordinal, d
            elif depth == 1 << 30:             # no loop head yet: the last line
                at[n - base] = ordinal

        self.go(local, frames=False)
        if made is None:
            made = base = self.handed if self.began is None else self.began
        n = min(self.handed, until + 1)
        if n > made:
            lines.extend([line] * (n - made))
            files.extend([fi] * (n - made))
            at.extend([-1] * (n - made))
        return base, lines, at, files

    def stepwise(self):
        """``record`` for a body that is no generator (the authoring API's, whose helpers make the
        events): the run's own steps, each step's line as its iterator tells it (no states)."""
        run = self.run
        steps = run.algorithm.func(run.initial.copy(), random.Random(run.seed), **run.own_options)
        lines = array("i")
        for step in steps:
            line = steps._line() if hasattr(steps, "_line") else getattr(steps, "line", 0)
            lines.extend([line or 0] * (len(step) // 4))
        return lines, array("i", [-1]) * (len(lines) + 1), array("b", [0]) * len(lines)

    def read(self, frame, view):
        """``(structures, parent table)`` of the innermost frame of the algorithm's file, from
        ``frame`` out, whose locals the view reads (a helper of the body, such as a route shown
        goal first, keeps none of its structures: its caller's are read; a view whose ``merge`` is
        true reads every frame of the body's files out to the algorithm's own and joins what they
        name, the outer frames' names first)."""
        structures, table = {}, None
        merge = getattr(view, "merge", False)
        while frame is not None and frame.f_code.co_filename in self.files:
            v = frame.f_locals
            if merge:   # (the callers' structures too, theirs first: perturb's round around its repair)
                structures = {**(view(v) or {}), **structures}
            else:
                structures = structures or (view(v) if view else {})
            table = table if table is not None else parent_table(v)
            if structures and table is not None and not merge:
                break
            frame = frame.f_back
        return structures, table

    def capture(self, ordinals, view):
        """``{ordinal: (structures, parent table)}`` read in the locals of the frame at each line
        event of ``ordinals`` (the parent table a copy, or None when the body keeps none)."""
        last, seen, out = max(ordinals), -1, {}

        def local(frame, line):
            nonlocal seen
            seen += 1
            if seen in ordinals:
                out[seen] = self.read(frame, view)
                if seen == last:
                    raise _Stop

        self.go(local)
        return out


def _shown_file(func):
    """The path the page names ``func``'s file by (``pymaze/solvers/_twoway.py``)."""
    return func.__module__.replace(".", "/") + ".py"


class View:
    """The state of a run after its first ``k`` events (see ``inspect``): ``file`` and ``lines`` are
    the file of ``line`` and its function's lines (the algorithm's own, or those of the body it
    handed its run to, such as ``_twoway.two_way``; the algorithm's own for k = 0)."""

    def __init__(self, k, file, lines, line, structures, parents, next_cell):
        self.k, self.file, self.lines, self.line = k, file, lines, line
        self.structures, self.parents, self.next = structures, parents, next_cell

    def as_dict(self):
        return {"k": self.k, "file": self.file, "lines": list(self.lines), "line": self.line,
                "structures": self.structures, "parents": self.parents, "next": self.next}

    def __repr__(self):
        return f"View(k={self.k}, line={self.line}, structures={list(self.structures)})"


class Inside:
    """What ``inspect`` keeps of a run: its source, the line of each event, its events (to name the
    next cell taken) and where each k's state is read.

    A run of more than ``limit`` events is looked inside a window at a time: the lines and states
    of the events around the k asked for, the body run again unwatched up to a batch boundary
    before them and watched from there (a generator resumed calls the tracer again).  ``lines``,
    ``files`` and ``heads`` then cover events ``base`` + 1 on."""

    def __init__(self, run, limit=None):
        self.run = run
        self.events = run.again().events()
        self.n = n = len(self.events) // 4
        probe = _Probe(run)
        self.file, self.text, self.span = probe.file, probe.text, probe.span
        self.sources = probe.sources   # [(file, text, (first, last))]: the algorithm's, then its bodies'
        self.names = [_shown_file(f) for f in probe.funcs]
        self.view = view_of(run.algorithm)
        self.whole = limit is None or n <= limit or not _takes_maze_and_rng(probe.body)
        self.after = 0
        if self.whole:
            self._read(probe, 0, n)
            if len(self.lines) > n:   # the page's code, stopped on an error its body runs past
                del self.lines[n:]
                del self.files[n:]
                del self.heads[n + 1:]
            if n != len(self.lines):
                raise ParameterError(f"{run.algorithm.slug} made {n} events but {len(self.lines)} were seen again: "
                                     "its body is not the one that runs")
        else:
            self.base, self.lines, self.heads, self.files, self.cache = 0, array("i"), array("i", [-1]), array("b"), {}

    def _read(self, probe, lo, hi):
        """Read the lines of events lo + 1 to hi and where their states are (the whole run: 0, n)."""
        probe.expected = self.n
        if not self.whole:   # watched from a batch boundary MARGIN events or more before lo
            probe.after, probe.until = max(0, lo - MARGIN), hi
        base, lines, heads, files = probe.record()
        if base > lo:        # a batch longer than MARGIN went past lo: watched from the start
            probe = _Probe(self.run)
            probe.expected, probe.until = self.n, hi
            base, lines, heads, files = probe.record()
        self.after = probe.after
        self.base, self.lines, self.heads, self.files = base, lines, heads, files
        self.cache = {}   # {line event ordinal: (structures, parent table)}

    def __len__(self):
        return self.n

    def line_of(self, k):
        """``(source, line)`` of event k (k >= 1) in the window read."""
        return self.files[k - 1 - self.base], self.lines[k - 1 - self.base]

    def next_cell(self, k):
        """The cell of the first milestone (a wall opened, a cell marked) after the first k events."""
        ev = self.events
        for j in range(4 * k, len(ev), 4):
            if ev[j] & MILESTONE and ev[j] & OP_MASK in (WALL, MARK):
                return ev[j + 1]
        return None

    def ordinal(self, k):
        """The line event whose locals hold the state after k events: a k in the middle of a step
        takes the state once the step is made (else the last one read); -1 when none is."""
        at, base = self.heads, self.base
        n = base + len(at) - 1
        found = next((at[j - base] for j in range(k, n + 1) if at[j - base] >= 0), -1)
        if found < 0:
            found = next((at[j - base] for j in range(k, base - 1, -1) if at[j - base] >= 0), -1)
        return found

    def at(self, k):
        n = self.n
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= n:
            raise ParameterError(f"k must be a whole number from 0 to {n} (the run's events); got {shown(k)}")
        top = self.base + len(self.heads) - 1   # the last k whose state's place is read
        if not self.whole and not (self.base <= max(0, k - 1) and (k + 16 <= top or top >= n >= k)):
            self._read(_Probe(self.run), max(0, k - WINDOW // 4), min(n, k + WINDOW))
        hi = self.base + len(self.heads) - 1
        ordinal = self.ordinal(k)
        if ordinal >= 0 and ordinal not in self.cache:
            # one run again reads the states of the events around k too: steps and steps back are then free
            if len(self.cache) > CACHED:
                self.cache.clear()
            near = {self.ordinal(j) for j in range(max(self.base, k - WINDOW // 4), min(hi, k + WINDOW) + 1)}
            near = {o for o in near if o >= 0 and o not in self.cache} | {ordinal}
            probe = _Probe(self.run)
            probe.expected, probe.after = n, self.after
            self.cache.update(probe.capture(near, self.view))
        structures, table = self.cache.get(ordinal, ({}, None))
        source, line = self.line_of(k) if k else (0, None)
        file, _, span = self.sources[source]
        return View(k, file, span, line, copy.deepcopy(structures), parents_of(table), self.next_cell(k))


# How each algorithm chooses what it takes next, in words (the predict mode's reason).
RULES = {
    "bfs": "breadth-first search expands the oldest cell of its queue",
    "dfs": "depth-first search steps from the top of its stack to its first unseen neighbour, else backs up",
    "astar": "A* expands the least f = g + h (ties: the smaller h, then the earliest pushed)",
    "dijkstra": "Dijkstra settles the least cost g (ties: the earliest pushed)",
    "greedy": "greedy best-first expands the least estimate h (ties: the earliest pushed)",
    "dig": "the backtracker digs into a random closed neighbour of the top of its stack, else backs up",
    "prim": "Prim opens the frontier cell of the least key",
    "kruskal": "Kruskal opens the next wall of its shuffled list between two different sets",
    "wilson": "Wilson's walk steps at random; a walk joins the tree when it reaches it",
    "division": "recursive division cuts the chamber on top of its stack",
    "eller": "Eller joins neighbours of the row at random, then drops every set at least once",
    "sidewinder": "sidewinder opens the row's run onwards, or closes it by opening up from a random cell of it",
    "perturb": "perturbation puts up walls at random, then opens the first passage to try that joins two pieces",
    "cellular": "a generation changes every square at once by its count of wall neighbours (the rule's B and S)",
    "dungeon": "the dungeon's walker opens a random closed neighbour, else the hunt joins a cell of its list",
    "routes": "Yen's method keeps the shortest candidate that differs enough from the routes kept",
    "mouse": "the micromouse takes the cheapest state of its open heap and marks the cell it enters",
}


def _values(structures, cell):
    """The named values of ``cell``'s first entry in ``structures`` and where it is, or None."""
    for name, entries in structures.items():
        for i, e in enumerate(entries):
            if e == cell or isinstance(e, dict) and (e.get("cell") == cell or cell in e.get("cells", ())):
                values = {k: v for k, v in e.items() if k not in ("cell", "cells")} if isinstance(e, dict) else {}
                return {"structure": name, "place": i + 1, "values": values}
    return None


def _milestone(ev, k):
    """The number of events before the first milestone at or after event k + 1 that takes a cell
    (a wall opened, a cell marked), or None."""
    return next((j // 4 for j in range(4 * k, len(ev), 4) if ev[j] & MILESTONE and ev[j] & OP_MASK in (WALL, MARK)),
                None)


def predict(run, k, cell):
    """The predict mode's question after the first k events, and its answer for ``cell``: the
    question is put just before the next milestone that takes a cell, at ``at`` events (all the
    events riding along with the last milestone made).  A dict: ``at``, ``right`` (is ``cell`` the
    one taken?), ``next`` (the cell taken), ``then`` (the events before the milestone after it: the
    next question; the run's length at the end), the ``rule`` in words, and what the structures
    at ``at`` say of both cells (``nextEntry``, ``yourEntry``: the structure, the place in it and
    the values, or None); ``at`` None when nothing is left to take."""
    found = inside(run)
    at = _milestone(found.events, k)
    if at is None:
        return {"at": None, "right": False, "next": None, "then": len(found), "rule": "", "nextEntry": None,
                "yourEntry": None}
    view = found.at(at)
    nxt = found.events[4 * at + 1]
    then = _milestone(found.events, at + 1)
    rule = RULES.get(run.algorithm.slug, f"{run.algorithm.name} takes it next")
    return {"at": at, "right": cell == nxt, "next": nxt, "then": len(found) if then is None else then, "rule": rule,
            "nextEntry": _values(view.structures, nxt), "yourEntry": _values(view.structures, cell)}


def inside(run, limit=None):
    """The run's ``Inside`` (made once per run, on the first ask); ``SizeError`` when the run makes
    more than ``limit`` events (None: no limit)."""
    found = getattr(run, "_inside", None)
    if found is None:
        found = run._inside = Inside(run, limit)
    return found


def inspect(run, k):
    """The ``View`` of ``run`` after its first ``k`` events (0 <= k <= the run's length)."""
    return inside(run).at(k)
