from ..events import MARK, MILESTONE, M_FRONTIER, M_ROUTE, M_VISITED, N_FOUND, N_TURNS, NOTE, NUM
from ..graph import steps, turning
from ..registry import solver
from ._base import end, found, show_route


@solver("wave", "Wave (step numbering)", short="Wave", group="shortest", order=30, optimal=True, layer="distance")
def wave(maze, rng, watch=True):
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
    mark, num = maze.mark, maze.num  # num holds a node's number plus one (0: not numbered yet)
    wall, tables, side = steps(maze)
    start, goals = maze.start, set(maze.goals)
    num[start], mark[start] = 1, M_FRONTIER
    if watch:
        yield (NUM, start, 0, 1, MARK | MILESTONE, start, 0, M_FRONTIER)
    goal = start if start in goals else -1
    ring, value = [start], 1
    while ring and goal < 0:
        value += 1
        next_ring, step = [], None
        for p in ring:
            if step:
                yield step  # the one before: the round's last step is held back for its milestone
            mark[p] = M_VISITED
            if watch:
                step = [MARK, p, M_FRONTIER, M_VISITED]
            for d, d2 in tables[side[p]]:
                q = p + d2
                if not wall[p + d] and not num[q]:
                    num[q], mark[q] = value, M_FRONTIER
                    if watch:
                        step += (NUM, q, 0, value, MARK, q, 0, M_FRONTIER)
                    next_ring.append(q)
                    if q in goals:
                        goal = q
                        break
            if goal >= 0:
                break
        if watch:
            step[-4] |= MILESTONE
            yield step
        ring = next_ring
    if goal < 0:
        return (yield from end(maze, None, watch))
    back = [goal]
    p = goal
    while p != start:
        for d, d2 in tables[side[p]]:
            if not wall[p + d] and num[p + d2] == num[p] - 1:
                p += d2
                break
        back.append(p)
    return (yield from _marked_back(maze, back, watch))


def _marked_back(maze, back, watch):
    """``end`` for a route found goal first: marked in that order, then FOUND and TURNS."""
    goal, visited = back[0], maze.mark.count(M_VISITED)
    notes = [(N_FOUND, len(back) - 1, goal), (N_TURNS, turning(maze, back), goal)]
    if watch:
        yield from show_route(maze, back, note=False)
        yield found(goal, len(back) - 1)
        yield (NOTE, goal, N_TURNS, notes[1][1])
    for p in back:
        maze.mark[p] = M_ROUTE
    return back[::-1], visited, notes
