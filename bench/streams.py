"""Hash every watched event stream and every instant run's final maze: algorithm x shape x option.

``python3 bench/streams.py --write FILE`` records the hashes; ``python3 bench/streams.py FILE``
compares the engine now with that record and lists every case that differs (exit 1 if any).
A rewrite of an algorithm's body must keep both: the same events watched, the same maze instant.
``--only slug,slug`` limits the run to some algorithms.
"""

import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pymaze  # noqa: E402
from pymaze import Run  # noqa: E402
from pymaze.errors import PymazeError  # noqa: E402
from pymaze.registry import generators, solvers  # noqa: E402


def variants(algo):
    """The default options, then each option moved off its default one at a time."""
    yield {}
    for p in algo.params:
        if p.type == "choice":
            for c in p.choices:
                if c != p.default:
                    yield {p.name: c}
        elif p.type == "bool":
            yield {p.name: not p.default}
        elif p.type == "float":
            lo = p.min if p.min is not None else 0.0
            hi = p.max if p.max is not None else 1.0
            for v in (lo, hi, (lo + hi) / 2):
                if v != p.default:
                    yield {p.name: v}
        elif p.type == "int":
            lo = p.min if p.min is not None else 0
            for v in (lo, lo + 3):
                if v != p.default:
                    yield {p.name: v}


def digest(data):
    return hashlib.sha256(bytes(data)).hexdigest()[:16]


def maze_digest(m):
    return digest(bytes(m.wall) + bytes(m.mark) + bytes(m.num) + repr((m.start, m.goals)).encode())


def case(make):
    """(stream hash, instant maze hash) of ``make()`` runs, or the error's class name."""
    try:
        watched = make()
        events = watched.events()
        final = watched.maze
        quiet = make()
        quiet.finish()
        out = [digest(events.tobytes()), maze_digest(final), maze_digest(quiet.maze)]
        if quiet.outcome is not None:
            out.append(digest(repr(quiet.outcome).encode()))
        return out
    except PymazeError as exc:
        return type(exc).__name__


def mazes():
    """The solvers' inputs: square thin (perfect, loops), block, the other shapes, open grids."""
    out = {}
    out["thin"] = pymaze.generate("dig", 13, 9, seed=3)
    out["loops"] = pymaze.generate("dig", 13, 9, seed=4, loops=0.3)
    out["block"] = out["loops"].as_block()
    out["open"] = pymaze.generate("dungeon", 15, 11, seed=2) if "dungeon" in generators() else out["block"]
    out["open-block"] = out["open"].as_block() if out["open"].geometry != "block" else out["open"]
    for shape in ("hex", "triangle", "polar"):
        out[shape] = pymaze.generate("wilson", 9, 7, seed=5, shape=shape)
        out[shape + "-loops"] = pymaze.generate("dig", 9, 7, seed=6, shape=shape, loops=0.3)
    return out


def record(only=None):
    table = {}
    for slug, algo in generators().items():
        if only and slug not in only:
            continue
        for opts in variants(algo):
            for shape in algo.shapes:
                for w, h in ((7, 5), (12, 9)):
                    for seed in (0, 1):
                        for geometry in (("thin", "block") if shape == "square" else ("thin",)):
                            key = f"gen {slug} {shape} {geometry} {w}x{h} s{seed} {json.dumps(opts, sort_keys=True)}"
                            table[key] = case(lambda: Run.generate(slug, w, h, seed=seed, shape=shape,
                                                                   geometry=geometry, **opts))
    inputs = mazes()
    for slug, algo in solvers().items():
        if only and slug not in only:
            continue
        for opts in variants(algo):
            for name, m in inputs.items():
                for seed in (0, 1):
                    key = f"sol {slug} {name} s{seed} {json.dumps(opts, sort_keys=True)}"
                    table[key] = case(lambda: Run.solve(slug, m, seed=seed, **opts))
    return table


def main(argv):
    only = None
    if "--only" in argv:
        i = argv.index("--only")
        only = set(argv[i + 1].split(","))
        del argv[i:i + 2]
    if argv[:1] == ["--write"]:
        table = record(only)
        Path(argv[1]).write_text(json.dumps(table, indent=0, sort_keys=True))
        print(f"{len(table)} cases written to {argv[1]}")
        return 0
    base = json.loads(Path(argv[0]).read_text())
    now = record(only)
    bad = [k for k in now if base.get(k) != now[k]]
    missing = [k for k in base if k not in now and (not only or k.split()[1] in only)]
    for k in bad:
        print("DIFFERS", k, base.get(k), now[k])
    for k in missing:
        print("MISSING", k)
    print(f"{len(now)} cases, {len(bad)} differ, {len(missing)} missing")
    return 1 if bad or missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
