"""What a solver run found, derived from its event stream alone (never kept beside it)."""

from dataclasses import dataclass, field

from .events import (MARK, M_FRONTIER2, M_ROUTE, M_VISITED, M_VISITED2, NOTE, NOTE_NAMES,
                     START, N_FOUND, N_GAVE_UP, N_HEURISTIC, N_NO_ROUTE, N_TRAPPED, OP_MASK)


@dataclass
class Solution:
    """The outcome of a solve: status, the route (S to G), its length in moves and the nodes visited."""
    found: bool
    status: str                 # "found", "no route", "trapped in a loop", "gave up"
    squares: list               # route nodes (square indices) in order from S
    path: list                  # route nodes as (x, y) in the maze's units (cells or squares)
    moves: int
    visited: int                # distinct nodes ever expanded
    heuristic: bool = False     # the result is a heuristic (e.g. farthest pair on a maze with loops)
    notes: list = field(default_factory=list)  # (name, value, square) of every NOTE event

    @classmethod
    def from_events(cls, maze, events):
        """Read a solver's packed events on ``maze`` (the maze it solved, before the run)."""
        route, seen_route = [], set()
        visited = set()
        notes = []
        status = None
        start, goals = maze.start, set(maze.goals)
        for j in range(0, len(events), 4):
            op = events[j] & OP_MASK
            if op == MARK:
                new, p = events[j + 3], events[j + 1]
                if new == M_ROUTE and p not in seen_route:
                    seen_route.add(p)
                    route.append(p)
                elif new in (M_VISITED, M_VISITED2):
                    visited.add(p)
            elif op == NOTE:
                code, value, p = events[j + 2], events[j + 3], events[j + 1]
                notes.append((NOTE_NAMES.get(code, str(code)), value, p))
                if code in (N_FOUND, N_NO_ROUTE, N_TRAPPED, N_GAVE_UP) and status is None:
                    status = NOTE_NAMES[code]
                if code == N_FOUND:
                    goals.add(p)
            elif op == START:  # the start moved (farthest pair)
                start = events[j + 3]
        if route and route[0] != start and route[-1] == start:
            route.reverse()
        nodes = route
        found = status == "found"
        return cls(found=found, status=status or "no route", squares=route,
                   path=[maze.node_xy(p) for p in nodes], moves=max(len(nodes) - 1, 0) if found else 0,
                   visited=len(visited), heuristic=any(n[0] == NOTE_NAMES[N_HEURISTIC] for n in notes),
                   notes=notes)

    def to_json(self):
        return {"found": self.found, "status": self.status, "path": [list(p) for p in self.path],
                "moves": self.moves, "visited": self.visited, "heuristic": self.heuristic}
