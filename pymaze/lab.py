"""The lab: many mazes per generator, measured with no animation, one record per maze, and a summary.

``lab(["dig", "kruskal"], size=(30, 30), count=200, seed=1)`` makes the mazes of seeds 1 ... 200
with each generator and measures each one: the figures of ``pymaze.metrics`` (the names of
``pymaze stats --json``), the diameter, the turns per cell of the solution route, and for each
solver the cells it visited and the length of the route it found.  The seeds are the same for
every generator, so a record's ``algorithm`` and ``seed`` rebuild its maze.

Any ``concurrent.futures.Executor`` may do the work (a process pool, a Dask client's
``get_executor()``, Ray's): the mazes go out in chunks of seeds, each chunk one picklable call
of a module-level function, and the records come back in seed order whatever finishes first.
Algorithms of the user's own files (``pymaze.load_plugin``) are measured too: each chunk names the
files, and a process that has not loaded one yet loads it before its first maze.
"""

import math
import os
import statistics

from . import registry
from .api import generate, load_plugin, metrics, solve
from .errors import GeometryError, ParameterError, SizeError, check_whole, shown
from .graph import SHAPES, bfs_tree, check_depth, links, path_to
from .run import MAX_SEED, check_seed, check_slug

MAX_COUNT = 1_000_000          # mazes per generator
CHUNK = 8                      # mazes per call handed to an executor
SUMMARY = ("mean", "sd", "min", "q1", "median", "q3", "max")


def lab(generators, solvers=(), geometry="square", size=(20, 20), count=100, seed=0, executor=None,
        progress=None, depth=None):
    """The records of ``count`` mazes per generator (seeds ``seed`` ... ``seed + count - 1``), as dicts.

    ``generators`` and ``solvers``: slugs (a list, or one text with commas); ``geometry``: a shape,
    "square" (default), "hex", "triangle", "polar", "levels", ...; ``size``: ``(width, height)`` in
    cells, or one number for a square; ``depth``: a levels maze's levels (default 1; other shapes none); ``executor``: a ``concurrent.futures.Executor`` (None: here, one by one);
    ``progress``: called as ``progress(done, total)`` after each chunk of mazes.  Records come in
    the order of the generators, then of the seeds.  Bad arguments raise a PymazeError before any
    maze is made.
    """
    gens, sols, shape, (w, h), count, seed = check(generators, solvers, geometry, size, count, seed)
    depth = check_depth(shape, depth)
    files = plugin_files(gens + sols)
    jobs = [(g, sols, shape, w, h, list(range(s, min(s + CHUNK, seed + count))), files, depth)
            for g in gens for s in range(seed, seed + count, CHUNK)]
    total, done, out = len(gens) * count, 0, []
    results = executor.map(measure_chunk, jobs) if executor is not None else map(measure_chunk, jobs)
    for records in results:
        out.extend(records)
        done += len(records)
        if progress:
            progress(done, total)
    return out


def _slugs(value, what):
    if isinstance(value, str):
        value = [s.strip() for s in value.split(",") if s.strip()]
    if not isinstance(value, (list, tuple)):
        raise ParameterError(f"{what} must be a list of slugs (or one text with commas); got {shown(value)}")
    return list(dict.fromkeys(value))  # each once, in order


def check(generators, solvers, geometry, size, count, seed):
    """The lab's arguments checked and normalised; a PymazeError says what is wrong."""
    gens, sols = _slugs(generators, "generators"), _slugs(solvers, "solvers")
    if not gens:
        raise ParameterError("the lab needs at least one generator")
    if not isinstance(geometry, str) or geometry not in SHAPES:
        raise GeometryError(f"geometry must be one of {', '.join(SHAPES)}; got {shown(geometry)}")
    if isinstance(size, (int, str)) and not isinstance(size, bool):
        size = (size, size)
    if not isinstance(size, (tuple, list)) or len(size) != 2:
        raise SizeError(f"size must be (width, height) in cells, or one number; got {shown(size)}")
    for slug in gens:
        algo = check_slug("generator", slug)
        if geometry not in algo.shapes:
            raise GeometryError(f"{slug} makes {' and '.join(algo.shapes)} mazes, not {geometry} ones")
    lo = max(check_slug("generator", g).min_size for g in gens)
    w, h = (check_whole(v, label, lo, 2000, SizeError) for label, v in zip(("width", "height"), size))
    for slug in sols:
        algo = check_slug("solver", slug)
        if geometry not in algo.shapes or geometry == "square" and "thin" not in algo.geometries:
            raise GeometryError(f"{slug} does not solve thin-wall {geometry} mazes; it works on "
                                f"{' and '.join(algo.shapes)} mazes ({' and '.join(algo.geometries)} views)")
    count = check_whole(count, "count (mazes per generator)", 1, MAX_COUNT)
    seed = check_seed(seed)
    if seed + count - 1 > MAX_SEED:
        raise ParameterError(f"the seeds {seed} ... {seed + count - 1} pass the largest seed {MAX_SEED}")
    return gens, sols, geometry, (w, h), count, seed


def plugin_files(slugs):
    """The plugin files (``pymaze.load_plugin``) that registered any of ``slugs``, in order, each once."""
    table = {**registry.generators(), **registry.solvers()}
    files = (table[s].source for s in slugs if s in table)
    return tuple(dict.fromkeys(f for f in files if f and os.path.isfile(f)))


def measure_chunk(job):
    """The records of one chunk ``(generator, solvers, shape, width, height, seeds[, plugin files[,
    depth]])`` (what an executor runs); a plugin file this process has not loaded is loaded first."""
    gen, sols, shape, w, h, seeds, *more = job
    files, depth = (more[0] if more else ()), (more[1] if len(more) > 1 else 1)
    if files:
        loaded = {a.source for a in (*registry.generators().values(), *registry.solvers().values())}
        for path in files:
            if path not in loaded:
                load_plugin(path)
    return [measure(gen, sols, shape, w, h, s, depth) for s in seeds]


def measure(generator, solvers, shape, width, height, seed, depth=1):
    """One maze's record: generator ``generator`` with ``seed``, its figures and its solvers' work
    (a levels maze: ``depth`` levels of ``width x height``, its record's ``depth``)."""
    maze = generate(generator, width, height, seed=seed, shape=shape, depth=depth if shape == "levels" else None)
    record = {"algorithm": generator, "seed": seed, "geometry": shape, "width": width, "height": height}
    if shape == "levels":
        record["depth"] = depth
    record.update(metrics(maze))
    nbrs = _adjacency(maze)
    record["diameter"] = diameter(maze, nbrs)
    record["turns_per_cell"] = turns_per_cell(maze, nbrs)
    for slug in solvers:
        sol = solve(maze, slug, seed=seed)
        record[f"{slug}_visited"] = sol.visited
        record[f"{slug}_route"] = sol.moves if sol.found else None
    return record


def _adjacency(maze):
    """``p -> [q, ...]`` read from a table made once (the searches below ask each node many times)."""
    nbrs = links(maze)
    return {p: nbrs(p) for p in maze.nodes()}.__getitem__


def diameter(maze, nbrs=None):
    """The longest shortest path between two nodes of S's component, in moves.

    A tree (a perfect maze) takes two breadth-first sweeps: the node farthest from anywhere is
    one end of a longest path.  A maze with loops takes a sweep from every node.
    """
    nbrs = nbrs or _adjacency(maze)
    order, _ = bfs_tree(nbrs, maze.start)
    if len(order) <= 1:
        return 0
    edges = sum(len(nbrs(p)) for p in order) // 2
    sources = [_farthest(nbrs, order[-1])[0]] if edges == len(order) - 1 else order
    return max(_farthest(nbrs, p)[1] for p in sources)


def _farthest(nbrs, source):
    """``(node, moves)``: a node farthest from ``source`` and its distance."""
    dist, order = {source: 0}, [source]
    for p in order:
        for q in nbrs(p):
            if q not in dist:
                dist[q] = dist[p] + 1
                order.append(q)
    return order[-1], dist[order[-1]]


def turns_per_cell(maze, nbrs=None):
    """Turns along the shortest S-G route (breadth-first, the first goal reached) per cell of the route.

    A turn is a move whose heading differs from the move before (squares: the four directions;
    other shapes: the heading between the cells' centres, within a degree).  0.0 when no goal is reached.
    """
    order, parent = bfs_tree(nbrs or _adjacency(maze), maze.start)
    goals = set(maze.goals)
    end = next((p for p in order if p in goals), None)
    if end is None:
        return 0.0
    route = path_to(parent, end)
    heads = [_heading(maze, a, b) for a, b in zip(route, route[1:])]
    turns = sum(1 for a, b in zip(heads, heads[1:]) if a != b)
    return round(turns / len(route), 4)


def _heading(maze, a, b):
    if maze.lattice is None:
        return b - a
    dx, dy = maze.lattice.vector(a, b)
    if not (dx or dy):
        return 360 + (b > a)  # a stair between levels: up and down are headings of their own
    return round(math.degrees(math.atan2(dy, dx))) % 360


def metric_names(records):
    """The numeric figures of the records (every key but the maze's name and the flags), in order."""
    skip = {"algorithm", "seed", "geometry", "width", "height", "routes_capped", "perfect"}
    names = {}
    for r in records:
        names.update((k, None) for k in r if k not in skip)
    return list(names)


def summary(records):
    """Per algorithm and figure: ``{"n", "mean", "sd", "min", "q1", "median", "q3", "max"}``.

    Quartiles are the inclusive ones (``statistics.quantiles(method="inclusive")``), sd the sample's
    (0 for one maze); figures that are None (no route found) are left out of n.
    """
    out = {}
    names = metric_names(records)
    for algo in dict.fromkeys(r["algorithm"] for r in records):
        rows = [r for r in records if r["algorithm"] == algo]
        out[algo] = {"mazes": len(rows)}
        for name in names:
            values = sorted(r[name] for r in rows if r.get(name) is not None)
            out[algo][name] = spread(values)
    return out


def spread(values):
    """n, mean, sd, min, quartiles and max of sorted ``values`` (Nones for an empty list)."""
    if not values:
        return {"n": 0, **{k: None for k in SUMMARY}}
    q1, median, q3 = (round(q, 4) for q in (statistics.quantiles(values, n=4, method="inclusive")
                                            if len(values) > 1 else values * 3))
    return {"n": len(values), "mean": round(statistics.fmean(values), 4),
            "sd": round(statistics.stdev(values), 4) if len(values) > 1 else 0.0,
            "min": values[0], "q1": q1, "median": median, "q3": q3, "max": values[-1]}
