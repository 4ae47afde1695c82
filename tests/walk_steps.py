"""The walkers' events made a step at a time (flat tuples, one per step), as their docstrings tell
the steps: what the packed chunks of ``wall``, ``pledge``, ``chain`` and ``random-mouse`` must
hold, in order.  Each walker here asks ``pymaze.graph.rotation`` (or ``links``) a move at a time
and keeps its loop-erased walk in a dict: no flat tables, no packing, no Trace."""

from pymaze.events import M_CURRENT, M_FRONTIER, M_FRONTIER2, M_STACK, M_VISITED, MARK, MILESTONE, N_GAVE_UP, N_TRAPPED, NOTE
from pymaze.graph import bfs_tree, links, rotation
from pymaze.solvers._base import LoopErasedPath, no_route, show_route
from pymaze.solvers.chain import guide
from pymaze.solvers.pledge import preferred

HEADINGS = {(0, -1): 0, (1, 0): 1, (0, 1): 2, (-1, 0): 3}



def wall(maze, hand="right"):
    """The walk a step (a tuple of events) at a time: what ``wall`` makes, in order."""
    first, degree, move, back = rotation(maze)
    mark = maze.mark
    turn = -1 if hand == "right" else 1
    goals = set(maze.goals)
    p, behind = maze.start, first
    route = LoopErasedPath(p)
    states = {(p, behind)}
    mark[p] = M_CURRENT
    yield (MARK | MILESTONE, p, 0, M_CURRENT)
    while p not in goals:
        sides = degree(p)
        for t in range(1, sides + 1):
            k = (behind + turn * t) % sides
            q = move(p, k)
            if q >= 0:
                break
        else:
            yield no_route(maze)
            return
        behind = back(p, k)
        old = mark[q]
        mark[p], mark[q] = M_VISITED, M_CURRENT
        yield (MARK, p, M_CURRENT, M_VISITED, MARK | MILESTONE, q, old, M_CURRENT)
        p = q
        if (p, behind) in states:
            yield (NOTE | MILESTONE, p, N_TRAPPED, len(states))
            return
        states.add((p, behind))
        route.add(p)
    yield from show_route(maze, route.nodes)


def pledge(maze):
    """The walk a step (a tuple of events) at a time: what ``pledge`` makes, in order."""
    move = rotation(maze)[2]  # (p, k) -> the node one move from p in direction k (0 N, 1 E, 2 S, 3 W), or -1
    mark = maze.mark
    goals = set(maze.goals)
    p, want = maze.start, preferred(maze)
    heading, turned, following = want, 0, False
    route = LoopErasedPath(p)
    left_at = set()
    lap = {}            # (node, heading) -> (count, position in ``counts``) while following
    counts = []
    anchor = None
    mark[p] = M_CURRENT
    yield (MARK | MILESTONE, p, 0, M_CURRENT)
    while p not in goals:
        if following and turned == 0:
            following = False
            if p in left_at:
                yield (NOTE | MILESTONE, p, N_TRAPPED, 0)
                return
            left_at.add(p)
            lap.clear()
            del counts[:]
            anchor = None
        if not following:
            q = move(p, heading)
            if q < 0:
                following = True
                heading, turned = (heading + 3) % 4, turned + 1
                continue
        else:
            for t, dt in ((1, -1), (0, 0), (3, 1), (2, 2)):
                q = move(p, (heading + t) % 4)
                if q >= 0:
                    heading, turned = (heading + t) % 4, turned + dt
                    break
            else:
                yield no_route(maze)    # a node with no open side at all
                return
        step = (MARK, p, M_CURRENT, M_VISITED, MARK | MILESTONE, q, mark[q], M_CURRENT)
        mark[p], mark[q] = M_VISITED, M_CURRENT
        yield step
        p = q
        route.add(p)
        if following:
            state = (p, heading)
            counts.append(turned)
            if state in lap and (anchor is None or anchor == state):
                anchor = state
                before, at = lap[state]
                drift = turned - before
                seen = counts[at:]
                if drift == 0 or drift > 0 and min(seen) > 0 or drift < 0 and max(seen) < 0:
                    yield (NOTE | MILESTONE, p, N_TRAPPED, 0)
                    return
            lap[state] = (turned, len(counts) - 1)
    yield from show_route(maze, route.nodes)


def chain(maze):
    """The walk a step (a tuple of events) at a time: what ``chain`` makes, in order."""
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


def random_mouse(maze, rng, cap=1_000_000, back=False):
    """The walk a step (a tuple of events) at a time: what ``random_mouse`` makes, in order."""
    nbrs = links(maze)
    mark = maze.mark
    start, goals = maze.start, set(maze.goals)
    mark[start] = M_CURRENT
    yield (MARK | MILESTONE, start, 0, M_CURRENT)
    order, _ = bfs_tree(nbrs, start)
    if not goals.intersection(order):
        yield no_route(maze)
        return
    path = LoopErasedPath(start)
    here, came = start, None
    for _ in range(cap):
        if here in goals:
            break
        options = nbrs(here)
        if not back and len(options) > 1 and came is not None:
            options = [q for q in options if q != came]
        came, here = here, rng.choice(options)
        path.add(here)
        yield (MARK, came, M_CURRENT, M_VISITED, MARK | MILESTONE, here, mark[here], M_CURRENT)
        mark[came], mark[here] = M_VISITED, M_CURRENT
    if here not in goals:
        yield (NOTE | MILESTONE, here, N_GAVE_UP, cap)
        return
    yield from show_route(maze, path.nodes)


STEPS = {"wall": wall, "pledge": pledge, "chain": chain, "random-mouse": random_mouse}
