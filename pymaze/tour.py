"""Waypoints: a solver's route from S through checkpoints in order to a goal, leg by leg.

``pymaze.run.Run`` runs a solver this way when ``waypoints`` are given: each leg is the solver's
own search from one stop to the next (so each leg is optimal for an optimal solver), shown in
turn; between legs the marks and numbers of the last search are cleared (events, so the run
replays backwards too); at the end the whole route is drawn as one polyline (waypoint notes)
over its squares, with FOUND, TURNS and COST for the whole.  ``best_order`` first tries every
order of the checkpoints (up to ``MAX_ORDERED``) with the solver's own leg costs and keeps the
cheapest.
"""

from array import array
from itertools import permutations

from .errors import ParameterError, shown
from .events import (MARK, MILESTONE, M_ROUTE, N_COST, N_FOUND, N_NO_ROUTE, N_TURNS, N_WAYPOINT, NOTE, NUM,
                     drain)
from .graph import turning

MAX_ORDERED = 7  # the most checkpoints best_order tries every order of (7! = 5040 orders)


def check_waypoints(maze, waypoints, best_order, watchable):
    """``waypoints`` as a list of open nodes of ``maze``; ParameterError for anything else."""
    if waypoints is None:
        waypoints = []
    if isinstance(waypoints, (str, bytes, dict)) or not hasattr(waypoints, "__iter__"):
        raise ParameterError(f"waypoints must be a list of node indices; got {shown(waypoints)}")
    out = []
    for p in waypoints:
        if isinstance(p, bool) or not isinstance(p, int) or not maze.is_node(p):
            raise ParameterError(f"waypoint {shown(p)} is not an open node of the maze (a node index as "
                                 "maze.to_networkx() names it)")
        out.append(p)
    if best_order not in (True, False):
        raise ParameterError(f"best_order must be true or false; got {shown(best_order)}")
    if best_order and len(out) > MAX_ORDERED:
        raise ParameterError(f"best_order tries every order of at most {MAX_ORDERED} waypoints; got {len(out)}")
    if out and not watchable:
        raise ParameterError("waypoints need a solver whose body takes watch (every built-in one)")
    return out


def leg_cost(notes, route):
    """A leg's cost: its COST note, else one a move."""
    cost = next((v for code, v, _ in reversed(notes) if code == N_COST), None)
    return len(route) - 1 if cost is None else cost / 1000


def _leg(func, maze, rng, options, a, targets):
    """The solver's route from ``a`` to ``targets`` on a copy of ``maze``, nobody watching: (route, cost) or None."""
    m = maze.copy(layers=False)
    m.start, m.goals = a, list(targets)
    route, _, notes = drain(func(m, rng, **dict(options, watch=False)))
    found = any(code == N_FOUND for code, _, _ in notes)
    return (route, leg_cost(notes, route)) if found and route else None


def best(func, maze, rng, options, stops):
    """The order of ``stops`` (the checkpoints) of least total cost from S through them to a goal,
    every leg the solver's own (``None`` when some leg has no route)."""
    start, goals = maze.start, list(maze.goals)
    cost = {}
    for a in (start, *stops):
        for b in stops:
            if a != b:
                found = _leg(func, maze, rng, options, a, [b])
                cost[a, b] = found[1] if found else None
        if a != start:
            found = _leg(func, maze, rng, options, a, goals)
            cost[a, None] = found[1] if found else None
    best_order, best_cost = None, None
    for order in permutations(stops):
        legs = zip((start, *order), (*order, None))
        total = 0.0
        for a, b in legs:
            c = 0.0 if a == b else cost.get((a, b), None)
            if c is None:
                break
            total += c
        else:
            if best_cost is None or total < best_cost - 1e-9:
                best_order, best_cost = list(order), total
    return best_order


def _clear(maze, watch):
    """Every mark and number back to 0 (events, when watched)."""
    mark, num = maze.mark, maze.num
    out = array("i")
    for p in range(len(mark)):
        if mark[p]:
            if watch:
                out.extend((MARK, p, mark[p], 0))
            mark[p] = 0
        if num[p]:
            if watch:
                out.extend((NUM, p, num[p], 0))
            num[p] = 0
    return out


LEG_NOTES = (N_FOUND, N_TURNS, N_COST, N_WAYPOINT)  # a leg's own ending: the whole route's says it once


def _quiet(steps, packed):
    """A leg's steps without its ending's notes (``LEG_NOTES``); returns what the leg returns."""
    def keep(events):
        out = array("i")
        for i in range(0, len(events), 4):
            op, code = events[i] & 0xFF, events[i + 2]
            if not (op == NOTE and code in LEG_NOTES):
                out.extend(events[i:i + 4])
        return out
    while True:
        try:
            step = next(steps)
        except StopIteration as stop:
            return stop.value
        step = keep(step)
        if step:
            yield step if packed else tuple(step)


def tour(func, maze, rng, options, stops, packed, watch=True):
    """Run solver ``func`` from S through ``stops`` in order to a goal of ``maze``, a leg at a time
    (watched: its events, in the form the solver yields them).  Returns ``(route, visited, notes)``
    (see ``pymaze.solvers._base.end``) for the whole."""
    start, goals = maze.start, list(maze.goals)

    def emit(events):
        if packed:
            yield events
        else:
            for i in range(0, len(events), 4):
                yield tuple(events[i:i + 4])

    route, visited, cost = [], 0, 0.0
    legs = list(zip((start, *stops), (*([s] for s in stops), goals)))
    for i, (a, targets) in enumerate(legs):
        maze.start, maze.goals = a, targets
        cleared = _clear(maze, watch)
        if watch and cleared:
            yield from emit(cleared)
        if a in targets:
            leg, seen, notes = [a], 0, [(N_FOUND, 0, a)]
        elif watch:
            leg, seen, notes = yield from _quiet(func(maze, rng, **options), packed)
        else:
            leg, seen, notes = drain(func(maze, rng, **dict(options, watch=False)))
        visited += seen
        if not leg or not any(code == N_FOUND for code, _, _ in notes):
            maze.start, maze.goals = start, goals
            return [], visited, [(N_NO_ROUTE, 0, goals[0])]
        cost += leg_cost(notes, leg)
        route += leg[1:] if route else leg
    maze.start, maze.goals = start, goals
    goal, turns, thousandths = route[-1], turning(maze, route), round(1000 * cost)
    notes = [(N_WAYPOINT, i, p) for i, p in enumerate(route)]
    notes += [(N_FOUND, len(route) - 1, goal), (N_TURNS, turns, goal), (N_COST, thousandths, goal)]
    cleared = _clear(maze, watch)
    events = array("i", cleared)
    for p in dict.fromkeys(route):
        if watch:
            events.extend((MARK | MILESTONE, p, 0, M_ROUTE))
        maze.mark[p] = M_ROUTE
    if watch:
        for code, value, p in notes:
            events.extend((NOTE | (MILESTONE if code == N_FOUND else 0), p, code, value))
        yield from emit(events)
    return route, visited, notes
