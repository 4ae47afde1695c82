from array import array

from ..events import (CHUNK, MARK, MILESTONE, M_CURRENT, M_FRONTIER, M_FRONTIER2, M_STACK, M_VISITED, N_FOUND,
                      N_TRAPPED, NOTE, Kinds, column, pack)
from ..graph import rotation
from ..registry import solver
from ._base import LoopErasedPath, drained, quiet_route, show_route
from ._packed import route
from ._walk import MOVES, cut, goal_flags
from .pledge import headings

HEADINGS = {(0, -1): 0, (1, 0): 1, (0, 1): 2, (-1, 0): 3}


def guide(maze):
    """The guiding line: nodes from S to the first goal, one move apart, ignoring walls, hugging the
    straight segment between them (at each step the axis further behind its share moves)."""
    w, step = maze.width, maze.step()
    (sx, sy), (gx, gy) = (maze.start % w, maze.start // w), (maze.goal % w, maze.goal // w)
    nx, ny = abs(gx - sx) // step, abs(gy - sy) // step
    ux, uy = (step if gx > sx else -step), (step if gy > sy else -step)
    line, x, y, i, j = [maze.start], sx, sy, 0, 0
    while i < nx or j < ny:
        if j >= ny or i < nx and (i + 0.5) * ny <= (j + 0.5) * nx:
            x, i = x + ux, i + 1
        else:
            y, j = y + uy, j + 1
        line.append(y * w + x)
    return line


@solver("chain", "Chain", group="walker", order=154, shapes=("square",), max_cells=250_000)
def chain(maze, rng):
    """Chain: follow a straight guiding line to G; where a wall cuts it, send two wall followers round.

    1. Draw the guiding line: the nodes from S to G one move apart that
       stay closest to the straight segment, walls ignored (shown first).
    2. Walk along it while the next node of the line can be reached in
       one move.
    3. Blocked: send out two robots from where the walker stands, one with
       its right hand on the wall and one with its left, taking turns a
       move each.  The first to step onto the line further on than the
       walker wins: the walker follows its walk there and goes on with 2.
    4. A robot that comes back to a (node, heading) state it has been in
       will circle forever; when both do, the walker says "trapped in a
       loop" (G is not found from there).  At G, the walk with its loops
       erased is the route.

    Property: terminates; finds G in every perfect maze and in most open
    rooms, usually with few moves; it is not optimal, and on a maze with
    loops its robots can both circle an island while G is reachable.
    Source: Walter D. Pullen, "Think Labyrinth: Maze Algorithms" (the
    chain algorithm); mazelib's Chain solver.
    """
    ending = yield from _chain(maze, True)
    if ending[0] == N_FOUND:
        yield route(maze, ending[1])
    else:
        yield array("i", (NOTE | MILESTONE, ending[1], N_TRAPPED, 0))


def _steps(maze):
    """The walk a step (a tuple of events) at a time: what ``chain`` packs, in order."""
    move = rotation(maze)[2]
    mark = maze.mark
    line = guide(maze)
    ahead = {p: i for i, p in enumerate(line)}
    w = maze.width
    step = []
    for p in line[1:]:
        if mark[p] != M_FRONTIER:
            step += (MARK, p, mark[p], M_FRONTIER)
            mark[p] = M_FRONTIER
    if step:
        yield tuple(step)
    p, at = maze.start, 0
    walk = LoopErasedPath(p)
    goals = set(maze.goals)
    mark[p] = M_CURRENT
    yield (MARK | MILESTONE, p, 0, M_CURRENT)
    while p not in goals:
        nxt = line[at + 1]
        d = nxt - p
        k = HEADINGS[(1 if 0 < d < w else -1 if -w < d < 0 else 0,
                      (d > 0) - (d < 0) if abs(d) >= w else 0)]
        if move(p, k) == nxt:
            path = [nxt]
        else:
            path = yield from robots(maze, move, p, k, ahead, at)
            if path is None:
                yield (NOTE | MILESTONE, p, N_TRAPPED, 0)
                return
        for q in path:
            yield (MARK, p, mark[p], M_VISITED, MARK | MILESTONE, q, mark[q], M_CURRENT)
            mark[p], mark[q] = M_VISITED, M_CURRENT
            walk.add(q)
            p = q
        at = ahead[p]
    yield from show_route(maze, walk.nodes)


def robots(maze, move, p, k, ahead, at):
    """Two wall followers from ``p`` facing ``k``; the walk of the first to reach the line beyond ``at``."""
    mark = maze.mark
    bots = []
    for turns, colour in (((1, 0, 3, 2), M_STACK), ((3, 0, 1, 2), M_FRONTIER2)):
        bots.append({"p": p, "k": k, "turns": turns, "colour": colour, "walk": [], "seen": {(p, k)},
                     "alive": True})
    painted = []
    result = None
    while result is None and any(b["alive"] for b in bots):
        for b in bots:
            if not b["alive"]:
                continue
            for t in b["turns"]:
                q = move(b["p"], (b["k"] + t) % 4)
                if q >= 0:
                    b["k"] = (b["k"] + t) % 4
                    break
            else:
                b["alive"] = False
                continue
            b["p"] = q
            b["walk"].append(q)
            if (q, b["k"]) in b["seen"]:
                b["alive"] = False
                continue
            b["seen"].add((q, b["k"]))
            if not mark[q]:
                mark[q] = b["colour"]
                painted.append(q)
                yield (MARK, q, 0, b["colour"])
            if ahead.get(q, -1) > at:
                result = b["walk"]
                break
    if painted:
        step = []
        for q in painted:
            step += (MARK, q, mark[q], 0)
            mark[q] = 0
        yield tuple(step)
    return result


# A robot's paint, as kinds of packed events (see events.pack): a square painted by the right-hand
# robot (kind 0), by the left-hand one (1), and each wiped when the robots are done (2 and 3).
PAINT = Kinds((MARK, 0, M_STACK), (MARK, 0, M_FRONTIER2), (MARK, M_STACK, 0), (MARK, M_FRONTIER2, 0))
WIPE = bytes([2, 3]).ljust(256, b"\0")     # a paint kind to its wipe, for bytes.translate


def _robots(g, side, table, mark, p, k, ahead, at, watch):
    """``robots`` over flat tables: the walk of the first wall follower to reach the line beyond
    ``at``, or None.  With ``watch`` set the robots paint the unmarked squares they pass, the
    paint is yielded packed and wiped at the end; without, none is laid (none outlives them)."""
    bots = [[p, k, (1, 0, 3, 2), [], {4 * p + k}, 0], [p, k, (3, 0, 1, 2), [], {4 * p + k}, 1]]
    colours = (M_STACK, M_FRONTIER2)
    kind, index = bytearray(), []   # the paint, square by square
    shown = 0                       # how much of it was yielded
    result = None
    while bots and result is None:
        for b in list(bots):
            q, k, turns, walk, seen, colour = b
            moves = table[side[q]]
            for t in turns:
                d, d2 = moves[(k + t) & 3]
                if d is not None and not g[q + d]:
                    k = (k + t) & 3
                    break
            else:
                bots.remove(b)
                continue
            q += d2
            walk.append(q)
            state = 4 * q + k
            if state in seen:
                bots.remove(b)
                continue
            seen.add(state)
            b[0], b[1] = q, k
            if watch and not mark[q]:
                mark[q] = colours[colour]
                kind.append(colour)
                index.append(q)
                if len(kind) - shown >= CHUNK:
                    yield pack(PAINT, kind[shown:], index[shown:])
                    shown = len(kind)
            if ahead[q] > at:
                result = walk
                break
    if kind:
        yield pack(PAINT, kind[shown:], index[shown:])
        yield pack(PAINT, kind.translate(WIPE), index)
        for q in index:
            mark[q] = 0
    return result


def _chain(maze, watch):
    """The walk over flat per-square arrays, with its final marks, and when ``watch`` is set its
    events packed a chunk at a time.  Returns how it ended, ``(N_FOUND, route, left)`` (the route
    not yet marked) or ``(N_TRAPPED, node, left)``, ``left`` the nodes the walker ever left (those
    it marked visited)."""
    g, side, table = headings(maze)
    mark = maze.mark
    n = len(maze.wall)
    line = guide(maze)
    ahead = array("i", [-1]) * n
    for i, p in enumerate(line):
        ahead[p] = i
    if watch:
        todo = [p for p in line[1:] if mark[p] != M_FRONTIER]
        if todo:
            yield column(MARK, todo, list(map(mark.__getitem__, todo)), M_FRONTIER)
    for p in line[1:]:
        mark[p] = M_FRONTIER
    goal = goal_flags(maze)
    w = maze.width
    p, at = maze.start, 0
    where = array("i", [-1]) * n    # the loop-erased walk: each node's place in ``nodes``
    nodes = [p]
    where[p] = 0
    left = bytearray(n)
    visited, current = M_VISITED, M_CURRENT
    kind, index = bytearray(), []
    mark[p] = current
    if watch:
        yield array("i", (MARK | MILESTONE, p, 0, current))
    while not goal[p]:
        nxt = line[at + 1]
        d = nxt - p
        k = HEADINGS[(1 if 0 < d < w else -1 if -w < d < 0 else 0, (d > 0) - (d < 0) if abs(d) >= w else 0)]
        dk, d2 = table[side[p]][k]
        if dk is not None and not g[p + dk] and p + d2 == nxt:
            path = [nxt]
        else:
            if kind:
                yield pack(MOVES, kind, index)
                kind, index = bytearray(), []
            path = yield from _robots(g, side, table, mark, p, k, ahead, at, watch)
            if path is None:
                return N_TRAPPED, p, left.count(1)
        for q in path:
            if watch:
                kind.append(mark[q])
                index.append(p)
                index.append(q)
            mark[p] = visited
            left[p] = 1
            mark[q] = current
            i = where[q]
            if i < 0:
                where[q] = len(nodes)
                nodes.append(q)
            else:
                cut(where, nodes, i)
            p = q
        if len(kind) >= CHUNK:
            yield pack(MOVES, kind, index)
            kind, index = bytearray(), []
        at = ahead[p]
    if kind:
        yield pack(MOVES, kind, index)
    return N_FOUND, nodes, left.count(1)


def _instant(maze, rng):
    """Chain with nobody watching: the same walk, final marks and notes; returns ``(route,
    visited, notes)`` (see ``Run.finish``)."""
    ending = drained(_chain(maze, False))
    if ending[0] == N_FOUND:
        path, _, notes = quiet_route(maze, ending[1])
        return path, ending[2], notes
    return [], ending[2], [(N_TRAPPED, 0, ending[1])]


chain.packed = True
chain.instant = _instant
