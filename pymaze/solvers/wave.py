from ..events import MARK, MILESTONE, M_FRONTIER, M_ROUTE, M_VISITED, N_FOUND, N_TURNS, NOTE, NUM
from ..graph import steps, turning
from ..registry import solver
from ._base import found, no_route, quiet_no_route, show_route


@solver("wave", "Wave (step numbering)", group="shortest", order=30, optimal=True, layer="distance")
def wave(maze, rng):
    """Wave propagation: number every cell by its distance from S, then walk back from G.

    1. Write 0 on S.
    2. Round k + 1: every open, unnumbered neighbour of a cell numbered k
       gets k + 1.  The round ends on a milestone, so stepping from
       milestone to milestone shows the wave one whole ring at a time.
    3. The wave stops the moment a goal gets its number (the rest of that
       round stays unnumbered); when a round numbers nothing new, no goal
       can be reached and the whole reachable region carries numbers.
    4. Walk back from the goal: step to a neighbour whose number is one
       less (the first in north, east, south, west order) until S.  The
       route is marked in that order, goal first.

    Property: optimal, a shortest route in moves; every number is the
    node's distance from S.  Source: Lee (1961), the maze router's wave
    expansion; Moore (1959).
    """
    mark, num = maze.mark, maze.num
    g, pair_sets, side = steps(maze)
    start, goals = maze.start, set(maze.goals)
    num[start], mark[start] = 1, M_FRONTIER
    yield (NUM, start, 0, 1, MARK | MILESTONE, start, 0, M_FRONTIER)
    goal = start if start in goals else -1
    ring, value = [start], 1
    while ring and goal < 0:
        value += 1
        nxt, step = [], None
        for p in ring:
            if step is not None:
                yield step
            mark[p] = M_VISITED
            step = [MARK, p, M_FRONTIER, M_VISITED]
            for d, d2 in pair_sets[side[p]]:
                if g[p + d]:
                    continue
                q = p + d2
                if not num[q]:
                    num[q], mark[q] = value, M_FRONTIER
                    step += (NUM, q, 0, value, MARK, q, 0, M_FRONTIER)
                    nxt.append(q)
                    if q in goals:
                        goal = q
                        break
            if goal >= 0:
                break
        step[-4] |= MILESTONE
        yield step
        ring = nxt
    if goal < 0:
        yield no_route(maze)
        return
    back = [goal]
    p = goal
    while p != start:
        want = num[p] - 1
        for d, d2 in pair_sets[side[p]]:
            if not g[p + d] and num[p + d2] == want:
                p += d2
                break
        back.append(p)
    yield from show_route(maze, back, note=False)
    yield found(goal, len(back) - 1)
    yield (NOTE, goal, N_TURNS, turning(maze, back))


def _instant(maze, rng):
    """The wave with nobody watching: the same numbers, marks and route, no steps.  Returns
    ``(route, visited, notes)`` (the route from S; the steps mark it from the goal)."""
    mark, num = maze.mark, maze.num
    g, pair_sets, side = steps(maze)
    fixed = pair_sets[0] if len(pair_sets) == 1 else None
    start, goals = maze.start, set(maze.goals)
    num[start], mark[start] = 1, M_FRONTIER
    goal = start if start in goals else -1
    ring, value = [start], 1
    frontier, visited = M_FRONTIER, M_VISITED
    while ring and goal < 0:
        value += 1
        nxt = []
        push = nxt.append
        for p in ring:
            mark[p] = visited
            for d, d2 in fixed or pair_sets[side[p]]:
                if not g[p + d] and not num[p + d2]:
                    q = p + d2
                    num[q], mark[q] = value, frontier
                    push(q)
                    if q in goals:
                        goal = q
                        break
            if goal >= 0:
                break
        ring = nxt
    if goal < 0:
        return quiet_no_route(maze)
    back = [goal]
    p = goal
    while p != start:
        want = num[p] - 1
        for d, d2 in fixed or pair_sets[side[p]]:
            if not g[p + d] and num[p + d2] == want:
                p += d2
                break
        back.append(p)
    seen = mark.count(M_VISITED)
    for p in back:
        mark[p] = M_ROUTE
    return back[::-1], seen, [(N_FOUND, len(back) - 1, goal), (N_TURNS, turning(maze, back), goal)]


wave.instant = _instant
