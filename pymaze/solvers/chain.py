from ..events import M_CURRENT, M_FRONTIER, M_FRONTIER2, M_STACK, M_VISITED, MARK, N_TRAPPED, Kinds, Trace, column
from ..graph import rotation
from ..registry import solver
from ._base import LoopErasedPath, end
from ._walk import ARRIVE, LEAVE, MOVE_KINDS, goal_flags, stop

# The walker's moves (see _walk), then a robot's paint: a square painted by the right-hand robot
# (PAINT), by the left-hand one (PAINT + 1), and each paint wiped when the robots are done (its kind + 2).
PAINT = len(MOVE_KINDS)
KINDS = Kinds(*MOVE_KINDS, (MARK, 0, M_STACK), (MARK, 0, M_FRONTIER2), (MARK, M_STACK, 0), (MARK, M_FRONTIER2, 0))


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
def chain(maze, rng, watch=True):
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
    move = rotation(maze)[2]  # (p, k) -> the node one move from p heading k (0 N, 1 E, 2 S, 3 W), or -1
    mark, goal, w = maze.mark, goal_flags(maze), maze.width
    line = guide(maze)
    ahead = {p: i for i, p in enumerate(line)}
    todo = [p for p in line[1:] if mark[p] != M_FRONTIER]
    if watch and todo:
        yield column(MARK, todo, [mark[p] for p in todo], M_FRONTIER)
    for p in todo:
        mark[p] = M_FRONTIER
    trace = Trace(KINDS) if watch else None
    p, at, was = maze.start, 0, 0     # ``was``: the walker's node's mark before it came
    walk = LoopErasedPath(p)
    if watch:
        trace.add(ARRIVE + mark[p], p)
    mark[p] = M_CURRENT
    while not goal[p]:
        nxt = line[at + 1]
        dx, dy = nxt % w - p % w, nxt // w - p // w       # the line moves along one axis at a time
        k = 0 if dy < 0 else 2 if dy > 0 else 1 if dx > 0 else 3
        if move(p, k) == nxt:
            path = [nxt]
        else:
            path = yield from robots(move, mark, p, k, ahead, at, trace)
            if path is None:
                return (yield from stop(maze, trace, p, N_TRAPPED, 0, was == M_VISITED))
        for q in path:
            was = mark[q]
            if watch:
                trace.add(LEAVE, p)
                trace.add(ARRIVE + was, q)
            mark[p], mark[q] = M_VISITED, M_CURRENT
            walk.add(q)
            p = q
        if watch and trace.full():
            yield trace.batch()
        at = ahead[p]
    route, visited, notes = yield from end(maze, walk.nodes, watch, trace=trace)
    return route, visited + (was == M_VISITED), notes      # G passed and left before counts too


def robots(move, mark, p, k, ahead, at, trace):
    """Two wall followers from ``p`` facing ``k``, right hand and left, a move each in turn: the
    walk of the first to reach the line beyond ``at``, or None when both circle.  Watched (a
    ``trace``, else None), each paints the unmarked squares it passes, wiped when they are done."""
    bots = [[p, k, (1, 0, 3, 2), [], {(p, k)}, PAINT, M_STACK],
            [p, k, (3, 0, 1, 2), [], {(p, k)}, PAINT + 1, M_FRONTIER2]]
    painted = []        # (square, paint kind)
    result = None
    while bots and result is None:
        for bot in list(bots):
            q, k, turns, walk, seen, paint, colour = bot
            for t in turns:
                q2 = move(q, (k + t) % 4)
                if q2 >= 0:
                    k = (k + t) % 4
                    break
            else:
                bots.remove(bot)
                continue
            walk.append(q2)
            if (q2, k) in seen:
                bots.remove(bot)
                continue
            seen.add((q2, k))
            bot[0], bot[1] = q2, k
            if trace is not None and not mark[q2]:
                mark[q2] = colour
                painted.append((q2, paint))
                trace.add(paint, q2)
                if trace.full():
                    yield trace.batch()
            if ahead.get(q2, -1) > at:
                result = walk
                break
    for q, paint in painted:
        trace.add(paint + 2, q)     # wiped
        mark[q] = 0
    return result


chain.packed = True
