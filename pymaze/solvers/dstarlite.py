import heapq

from ..events import (MARK, MILESTONE, M_CURRENT, M_FRONTIER, M_FRONTIER2, M_NONE, M_ROUTE2, M_STACK, M_VISITED,
                      M_VISITED2, NOTE, N_REPLAN, WALL, Trace)
from ..graph import steps
from ..registry import Param, solver
from ._base import LoopErasedPath, end
from ._changes import check, parse_changes, toggles
from ._moves import cost_note, entering, estimate, heuristic_param

INF = float("inf")


class Step(Trace):
    """The events of one step as the body makes them (``step += (op, index, old, new, ...)``); a
    ``Trace``, so that See inside finds the line that made each event."""

    def __init__(self):
        super().__init__(None)

    def __iadd__(self, events):
        self.index += [events[i:i + 4] for i in range(0, len(events), 4)]
        return self

    def __len__(self):
        return len(self.index)

    def batch(self):
        out, self.index = tuple(v for event in self.index for v in event), []
        return out


@solver("dstarlite", "D* Lite", short="D* Lite", group="shortest", order=44, optimal=True, costs=True,
        work=("Searches backwards from G, then walks its agent from S; when a wall changes it repairs only "
              "the costs that changed instead of searching again."),
        params=[heuristic_param(),
                Param("changes", "list", (), parse=parse_changes,
                      help="walls that change during the run, each AT:A-B (the passage between cells A and B "
                           "opens or closes at event AT) or AT:P (block view: square P), separated by spaces")])
def dstarlite(maze, rng, heuristic="manhattan", changes=(), watch=True):
    """D* Lite: an agent walks from S to G along a shortest route and repairs it when walls change.

    1. Search backwards from G.  Every node keeps g, its cost to G, and rhs, the best one-step
       look-ahead (the cost of a step to a neighbour plus that neighbour's g; 0 at G).  A node
       whose g differs from its rhs is inconsistent and waits in the open heap under the key
       (min(g, rhs) + h + km, min(g, rhs)), h the estimate of its distance to the agent.
    2. Expand the entry of least key while it is less than the agent's key or the agent is
       inconsistent.  A key grown old (the agent moved) is pushed again.  An overconsistent node
       (g > rhs) takes g = rhs, and its neighbours' rhs may drop; an underconsistent one takes
       g = infinity, and every neighbour whose rhs ran through it looks again at its own neighbours.
    3. With the search done, the agent steps to the neighbour of least step cost plus g (none
       finite: no route).
    4. When a wall opens or closes (the `changes`), add to km the estimate of the distance the
       agent walked since the last search (so the keys in the heap stay lower bounds), give the
       two ends of the passage their new rhs and search again from step 2: only the nodes whose
       cost to G changed are expanded again.
    5. At G, the route is the agent's walk with its loops erased.

    Property: after every change the agent's route to G is a shortest one on the maze as it is
    then (an optimal solver on a maze that never changes).  Source: Koenig and Likhachev,
    "D* Lite" (AAAI 2002), the optimized version (their figure 4).
    """
    mark, cost = maze.mark, entering(maze)
    wall, tables, side = steps(maze)
    goals = set(maze.goals)
    start = last = maze.start
    h = estimate(maze, heuristic, [start])
    to_come = toggles(maze, changes)
    g, rhs, in_open = {}, {}, {}  # in_open: a node's key while it waits in the open heap
    km, order, made = 0, 0, 0     # made: events so far, what the changes' AT counts
    open_heap = []
    frontier, expanded_mark = M_FRONTIER, M_VISITED
    walk, plan, under, expanded, notes = LoopErasedPath(start), [], {}, set(), []

    def key(s):
        m = min(g.get(s, INF), rhs.get(s, INF))
        return (m + h(s) + km, m)

    def around(s):  # the nodes one move from s, whether or not s is open itself (block squares toggle)
        return [s + d2 for d, d2 in tables[side[s]] if not wall[s + d]]

    def neighbours(s):
        return [] if wall[s] else around(s)

    def look_ahead(s):
        return min((cost[q] + g.get(q, INF) for q in neighbours(s)), default=INF)

    def update_vertex(s):
        nonlocal order
        if g.get(s, INF) != rhs.get(s, INF):
            order += 1
            in_open[s] = k = key(s)
            heapq.heappush(open_heap, (*k, order, s))
            if mark[s] == M_NONE:
                mark[s] = frontier
                return (MARK, s, M_NONE, frontier)
        else:
            in_open.pop(s, None)
        return ()

    def top():
        while open_heap and in_open.get(open_heap[0][3]) != open_heap[0][:2]:
            heapq.heappop(open_heap)  # an entry whose node left the heap or has a newer key
        return open_heap[0][:2] if open_heap else (INF, INF)

    step = Step()
    for s in goals:
        rhs[s] = 0
        step += update_vertex(s)
    searching, replanned = True, False
    while True:
        while to_come and to_come[0][0] <= made:  # 4. a wall opens or closes
            _, via, a, b = to_come.pop(0)
            for p in plan:  # the old plan is rubbed out first
                step += (MARK, p, mark[p], under[p])
                mark[p] = under[p]
            plan = []
            km += h(start)
            last, h = start, estimate(maze, heuristic, [start])
            old = wall[via]
            edges = [(a, b), (b, a)] if a != b else [e for q in around(a) for e in ((q, a), (a, q))]
            wall[via] = maze.wall[via] = 1 - old
            step += (WALL | MILESTONE, via, old, 1 - old)
            for u, v in edges:  # each step across the passage: from cost[v] to infinity, or back
                c_old, c_new = (INF, cost[v]) if old else (cost[v], INF)
                if u in goals:
                    pass
                elif c_old > c_new:
                    rhs[u] = min(rhs.get(u, INF), c_new + g.get(v, INF))
                elif rhs.get(u, INF) == c_old + g.get(v, INF):
                    rhs[u] = look_ahead(u)
                step += update_vertex(u)
            searching, replanned = True, True
            frontier, expanded_mark = M_FRONTIER2, M_VISITED2
        if searching and (top() < key(start) or rhs.get(start, INF) > g.get(start, INF)):  # 2. expand
            k_old = top()
            u = open_heap[0][3]
            k_new = key(u)
            if k_old < k_new:
                order += 1
                in_open[u] = k_new
                heapq.heappush(open_heap, (*k_new, order, u))
            elif g.get(u, INF) > rhs[u]:
                g[u] = rhs[u]
                del in_open[u]
                step += (MARK | MILESTONE, u, mark[u], expanded_mark)
                mark[u] = expanded_mark
                expanded.add(u)
                for s in neighbours(u):
                    if s not in goals:
                        rhs[s] = min(rhs.get(s, INF), cost[u] + g[u])
                    step += update_vertex(s)
            else:
                g_old, g[u] = g.get(u, INF), INF
                step += (MARK | MILESTONE, u, mark[u], expanded_mark)
                mark[u] = expanded_mark
                expanded.add(u)
                for s in (*neighbours(u), u):
                    if rhs.get(s, INF) == (0 if s == u else cost[u]) + g_old and s not in goals:
                        rhs[s] = look_ahead(s)
                    step += update_vertex(s)
        elif searching:  # the search is done: show the plan from the agent to G
            searching = False
            if rhs.get(start, INF) == INF:
                break
            if replanned:
                notes.append((N_REPLAN, round(1000 * rhs[start]), start))
                step += (NOTE | MILESTONE, start, N_REPLAN, notes[-1][1])
                replanned = False
            step += (MARK, start, mark[start], M_CURRENT)
            mark[start] = M_CURRENT
            p = start
            while p not in goals:
                p = min(neighbours(p), key=lambda q: cost[q] + g.get(q, INF))
                plan.append(p)
                under[p] = mark[p]
                step += (MARK, p, mark[p], M_ROUTE2)
                mark[p] = M_ROUTE2
        elif start in goals:  # 5. at G
            break
        else:  # 3. the agent steps on along its plan
            nxt = plan.pop(0)
            step += (MARK, start, M_CURRENT, M_STACK, MARK | MILESTONE, nxt, M_ROUTE2, M_CURRENT)
            mark[start], mark[nxt] = M_STACK, M_CURRENT
            start = nxt
            walk.add(start)
        if step:
            made += len(step)
            events = step.batch()
            if watch:
                yield events
    path = walk.nodes if start in goals else None
    route, _, finish = yield from end(maze, path, watch, cost_note(maze, path, "never"))
    return route, len(expanded), notes + finish


def shown_value(x):
    """A cost for the inspector: a number, or "∞" (JSON has no infinity)."""
    return "∞" if x == INF else x


def view(v):
    """What See inside shows: the open heap least key first (each node once, at its current key)
    with g and rhs, and the agent with km."""
    heap, in_open, g, rhs = v.get("open_heap"), v.get("in_open"), v.get("g"), v.get("rhs")
    if heap is None or in_open is None:
        return {}
    rows, seen = [], set()
    for k1, k2, order, s in sorted(heap):
        if s not in seen and in_open.get(s) == (k1, k2):
            seen.add(s)
            rows.append({"cell": s, "k1": shown_value(k1), "k2": shown_value(k2), "g": shown_value(g.get(s, INF)),
                         "rhs": shown_value(rhs.get(s, INF)), "order": order})
    out = {"open": rows}
    if v.get("start") is not None:
        s = v["start"]
        out["agent"] = [{"cell": s, "g": shown_value(g.get(s, INF)), "rhs": shown_value(rhs.get(s, INF)),
                         "km": v.get("km", 0)}]
    return out


dstarlite.check = check
dstarlite.inside = view
