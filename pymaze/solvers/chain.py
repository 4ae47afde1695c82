from ..events import MARK, MILESTONE, M_CURRENT, M_FRONTIER, M_FRONTIER2, M_STACK, M_VISITED, N_TRAPPED, NOTE
from ..graph import rotation
from ..registry import solver
from ._base import LoopErasedPath, show_route

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


@solver("chain", "Chain", order=154, shapes=("square",), max_cells=250_000)
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
