"""Maze metrics: dead ends, junctions, corridors, straight runs, solution length, routes, perfect or not."""

from .solvers._base import SINK, bfs_tree, links, route_blocks

WORK = 200_000  # extensions of partial routes allowed when counting the simple routes inside a block


def metrics(maze, max_routes=100):
    """The maze's figures as a dict (see the keys below); nodes are cells (thin) or floor squares (block).

    ``routes`` counts the distinct simple S-G routes, up to ``max_routes``:
    a simple route crosses the blocks of the block-cut tree path from S to
    the goals in order, entering and leaving each block by fixed vertices,
    so the count is the product over those blocks of the simple paths
    between the block's entry and exit (1 for a bridge).  The paths inside
    a block are enumerated depth-first with the cap and a work limit;
    ``routes_capped`` says the true number is at least ``routes`` (the cap or
    the work limit was hit; a block of three or more nodes always holds at
    least two such paths, by Menger's theorem, so the bound is at least 2).
    """
    nbrs = links(maze)
    nodes = maze.nodes()
    degree = {p: len(nbrs(p)) for p in nodes}
    cells = len(nodes)
    dead = sum(1 for d in degree.values() if d == 1)
    edges = sum(degree.values()) // 2
    reached = len(bfs_tree(nbrs, nodes[0])[0]) if nodes else 0
    routes, capped = _routes(maze, nbrs, max_routes) if maze.is_node(maze.start) else (0, False)
    return {
        "cells": cells,
        "dead_ends": dead,
        "dead_end_share": round(dead / cells, 4) if cells else 0.0,
        "junctions": sum(1 for d in degree.values() if d >= 3),
        "corridors": sum(1 for d in degree.values() if d == 2),
        "longest_straight": _longest_straight(maze, nodes, nbrs),
        "solution_length": _solution_length(maze, nbrs),
        "routes": routes,
        "routes_capped": capped,
        "perfect": cells > 0 and reached == cells and edges == cells - 1,
    }


def _solution_length(maze, nbrs):
    if not maze.is_node(maze.start):
        return None
    order, parent = bfs_tree(nbrs, maze.start)
    goals = set(maze.goals)
    dist = {maze.start: 0}
    for p in order:
        if p != maze.start:
            dist[p] = dist[parent[p]] + 1
        if p in goals:
            return dist[p]
    return None


def _longest_straight(maze, nodes, nbrs):
    """The most moves in one direction without a turn (east-west or north-south)."""
    w = maze.width
    step = maze.step()
    best = 0
    for d in (step, step * w):
        run = {}
        for p in nodes:  # row-major, so p - d comes first
            prev = p - d
            run[p] = run[prev] + 1 if prev in run and prev in nbrs(p) else 0
            best = max(best, run[p])
    return best


def _routes(maze, nbrs, cap):
    blocks = route_blocks(maze, nbrs)
    if blocks is None:
        return 0, False
    goals = set(maze.goals)

    def joined(p):
        if p == SINK:
            return list(maze.goals)
        out = nbrs(p)
        return out + [SINK] if p in goals else out

    total = 1
    for block, entry, exit_ in blocks:
        if len(block) <= 2:
            continue
        n, done = _count_paths(joined, block, entry, exit_, -(-cap // total))
        total *= n if done else max(n, 2)
        if not done or total >= cap:
            return min(total, cap), True
    return total, False


def _count_paths(nbrs, block, a, b, cap):
    """Simple a-b paths inside ``block``, depth-first with an explicit stack: ``(count, finished)``."""
    count, work = 0, 0
    path, on = [a], {a}
    stack = [iter(nbrs(a))]
    while stack:
        q = next(stack[-1], None)
        if q is None:
            stack.pop()
            on.discard(path.pop())
            continue
        if q not in block or q in on:
            continue
        work += 1
        if work > WORK:
            return count, False
        if q == b:
            count += 1
            if count >= cap:
                return count, False
            continue
        path.append(q)
        on.add(q)
        stack.append(iter(nbrs(q)))
    return count, True
