"""The engine's shape in figures: lines per algorithm, second bodies, import cycles, repeated code.

    python3 bench/layout.py

* lines per algorithm: every line of ``pymaze/generators`` and ``pymaze/solvers`` (their shared
  helper modules included) over the number of registered algorithms, and the largest modules;
* second bodies: functions named ``*instant*``, ``*quiet*`` or ``*twin*`` in those folders, and
  algorithms with an ``instant`` attribute (an event-free twin);
* import cycles among the engine's modules, function-local imports included (``ast``);
* pairs of repeated code (six or more lines alike) in ``pymaze/``, by the ``duplicates`` command
  where it is installed.
"""

import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pymaze.registry import generators, solvers  # noqa: E402


def module_name(path):
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path):
    """The pymaze modules ``path`` imports, at any depth of its code."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("pymaze"))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            if mod.startswith("pymaze"):
                if node.module:  # "from . import x" imports x, not the package's own body again
                    out.add(mod)
                out.update(f"{mod}.{a.name}" for a in node.names)
    return out


def graph():
    """{module: modules it imports} over every module of the package."""
    files = {module_name(p): p for p in sorted((ROOT / "pymaze").rglob("*.py"))}
    return {m: {i for i in imports(p) if i in files and i != m} for m, p in files.items()}


def cycles(edges):
    """The strongly connected components with more than one module (Tarjan, iterative)."""
    index, low, on, stack, out, counter = {}, {}, set(), [], [], [0]
    for root in edges:
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges[w]))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
    return out


def main():
    folders = [ROOT / "pymaze" / "generators", ROOT / "pymaze" / "solvers"]
    files = [p for f in folders for p in sorted(f.glob("*.py"))]
    lines = {p: len(p.read_text().splitlines()) for p in files}
    algos = {**generators(), **solvers()}
    print(f"algorithms: {len(algos)}; lines in the algorithm folders: {sum(lines.values()):,}; "
          f"per algorithm: {sum(lines.values()) / len(algos):.0f}")
    print("largest modules:", ", ".join(f"{p.stem} {n}" for p, n in sorted(lines.items(), key=lambda kv: -kv[1])[:8]))
    seconds = [f"{p.stem}.{m[1]}" for p in files
               for m in re.finditer(r"^\s*def (\w*(?:instant|quiet|twin)\w*)\(", p.read_text(), re.M)]
    twins = [s for s, a in algos.items() if hasattr(a.func, "instant")]
    print(f"second bodies (functions named *instant*, *quiet*, *twin*): {len(seconds)} {seconds}")
    print(f"algorithms with an event-free twin (an instant attribute): {len(twins)} {twins}")
    knots = cycles(graph())
    print(f"import cycles: {len(knots)} knots, {sum(map(len, knots))} modules {knots}")
    tool = shutil.which("duplicates")
    if tool:
        out = subprocess.run([tool, "--repo", str(ROOT / "pymaze"), "--most", "40"], capture_output=True,
                             text=True).stdout
        print("repeated code in pymaze/ (duplicates):", out.strip().splitlines()[0] if out.strip() else "?")
        print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
