"""Maze metrics: dead ends, junctions, corridors, straight runs, solution length, routes, perfect or not."""

import math
from array import array

from .errors import check_whole
from .graph import SINK, bfs_tree, links, route_blocks
from .maze import check_maze

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
    ``max_routes`` is a whole number from 1 to 1,000,000; every goal must be a square of the maze.
    """
    check_maze(maze, walkable=True)
    max_routes = check_whole(max_routes, "max_routes", 1, 1_000_000)
    nbrs = links(maze)
    nodes = maze.nodes()
    degree = [len(nbrs(p)) for p in nodes]
    cells = len(nodes)
    dead = degree.count(1)
    edges = sum(degree) // 2
    # One BFS, from S when it is a node (else from any node), serves both the solution
    # length and connectedness: every node is reached from S iff every node is reached.
    source = maze.start if maze.is_node(maze.start) else (nodes[0] if nodes else None)
    order, parent = bfs_tree(nbrs, source) if source is not None else ([], {})
    perfect = cells > 0 and len(order) == cells and edges == cells - 1
    solution = _solution_length(maze, order, parent) if source == maze.start else None
    if solution is None:
        routes, capped = 0, False
    elif perfect:
        routes, capped = 1, False  # a tree holds exactly one simple route between two nodes
    else:
        routes, capped = _routes(maze, nbrs, max_routes)
    return {
        "cells": cells,
        "dead_ends": dead,
        "dead_end_share": round(dead / cells, 4) if cells else 0.0,
        "junctions": cells - degree.count(0) - dead - degree.count(2),
        "corridors": degree.count(2),
        "longest_straight": _longest_straight(maze, nodes, nbrs),
        "solution_length": solution,
        "routes": routes,
        "routes_capped": capped,
        "perfect": perfect,
    }


def solution_length(maze):
    """Moves of a shortest S-G route (breadth-first), or None when S is no node or no goal is reached."""
    check_maze(maze, walkable=True)
    if not maze.is_node(maze.start):
        return None
    order, parent = bfs_tree(links(maze), maze.start)
    return _solution_length(maze, order, parent)


def _solution_length(maze, order, parent):
    """Moves from S to the nearest goal along a BFS tree from S (``order``, ``parent``), or None."""
    goals = set(maze.goals)
    dist = {maze.start: 0}
    for p in order:
        if p != maze.start:
            dist[p] = dist[parent[p]] + 1
        if p in goals:
            return dist[p]
    return None


def _longest_straight(maze, nodes, nbrs):
    """The most moves in one direction without a turn (east-west or north-south on squares; on
    other shapes, moves whose centre-to-centre heading stays the same, within a degree)."""
    if maze.lattice is not None:
        return _longest_heading(maze.lattice, nodes, nbrs)
    step = maze.step()
    best = 0
    for d in (step, step * maze.width):
        run = array("i", [-1]) * len(maze.wall)  # moves in a straight line ending at each node; -1: not a node
        for p in nodes:  # row-major, so p - d comes first
            prev = p - d
            run[p] = run[prev] + 1 if prev >= 0 and run[prev] >= 0 and prev in nbrs(p) else 0
        best = max(best, max(run))
    return best


def _longest_heading(lattice, nodes, nbrs):
    centre = {p: lattice.centre(p) for p in nodes}
    crosses = lattice.crosses

    def heading(a, b):
        if crosses(a, b):  # (a move across a seam of a maze that wraps around, or a stair)
            dx, dy = lattice.vector(a, b)
            if not (dx or dy):
                return 360 + (b > a)  # a stair: up and down are headings of their own
        else:
            (ax, ay), (bx, by) = centre[a], centre[b]
            dx, dy = bx - ax, by - ay
        return round(math.degrees(math.atan2(dy, dx))) % 360

    best = 0
    for p in nodes:
        for q in nbrs(p):
            h = heading(p, q)
            if any(heading(r, p) == h for r in nbrs(p)):
                continue  # not the first move of its straight run
            moves, a, b = 1, p, q
            while True:
                nxt = [c for c in nbrs(b) if c != a and heading(b, c) == h]
                if not nxt:
                    break
                moves, a, b = moves + 1, b, nxt[0]
            best = max(best, moves)
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
