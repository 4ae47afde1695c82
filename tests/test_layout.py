"""The engine's layout: its modules import one another without cycles; and the page's (web/):
its rooms import only downwards, and web/app/main.js stays wiring.

Every module under pymaze/ is parsed with ``ast``; every import statement counts, at any depth
(inside functions too), relative ones resolved, so a cycle cannot hide behind a function-local
import.  ``from . import x`` counts as an import of the module ``x`` when there is one, else of
the package whose name it reads.
"""

import ast
import functools
import re
from pathlib import Path

import networkx as nx
import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "pymaze"

# Cycles allowed, each as the set of modules it passes through, with the reason: none.
ALLOWED = []


def module_name(path):
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path, modules):
    """``(module imported, line)`` for every import statement of the file at ``path``: the
    modules of ``modules`` it names (a name of a package that is no module of its own: the package)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            # each name: a module of its own (from . import registry), or a name in ``source``
            targets = [f"{source}.{a.name}" if f"{source}.{a.name}" in modules else source for a in node.names]
        else:
            continue
        for target in targets:
            while target and target not in modules:
                target = target.rpartition(".")[0]  # pymaze.graph.links -> pymaze.graph
            if target and target != name:
                yield target, node.lineno


@functools.lru_cache(maxsize=None)
def import_graph():
    modules = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph = nx.DiGraph()
    graph.add_nodes_from(modules)
    for name, path in modules.items():
        for target, line in imports(path, modules):
            graph.add_edge(name, target, line=line)
    return graph


def test_the_graph_sees_every_kind_of_import(tmp_path):
    """The parser itself: a relative import, one inside a function, ``from . import`` of a module
    and of a package's name, each found (a cycle through a function-local import is a cycle)."""
    graph = import_graph()
    assert graph.has_edge("pymaze.run", "pymaze.registry")              # from . import registry
    assert graph.has_edge("pymaze.cli", "pymaze")                       # import pymaze
    assert graph.has_edge("pymaze.web", "pymaze")                       # from . import __version__
    assert graph.has_edge("pymaze.solution", "pymaze.events")           # from .events import ...
    assert any(a.startswith("pymaze.solvers.") and b == "pymaze.registry" for a, b in graph.edges)
    assert graph.has_edge("pymaze", "pymaze.lab")                       # from . import lab as _lab
    assert graph.has_edge("pymaze.web", "pymaze.stats")                 # inside a method
    assert len(graph) > 60


def test_the_modules_import_one_another_without_cycles():
    graph = import_graph()
    cycles = [c for c in nx.simple_cycles(graph) if set(c) not in ALLOWED]
    shown = ["  " + " -> ".join(f"{a} (line {graph.edges[a, b]['line']})" for a, b in zip(c, c[1:] + c[:1]))
             for c in sorted(cycles, key=len)[:20]]
    assert not cycles, f"{len(cycles)} import cycles:\n" + "\n".join(shown)


@pytest.mark.parametrize("module", ["pymaze.events", "pymaze.errors"])
def test_the_bottom_layer_imports_no_algorithm_and_no_front_end(module):
    """The event vocabulary and the errors sit under everything: nothing they reach, directly or
    not, is an algorithm, a renderer, a reader or a front end."""
    reached = nx.descendants(import_graph(), module)
    assert not {m for m in reached if m.startswith(("pymaze.generators", "pymaze.solvers"))
                or m in ("pymaze", "pymaze.cli", "pymaze.web", "pymaze.svg", "pymaze.formats", "pymaze.run")}, reached


# The layers, bottom to top: a module imports only from its own layer and the layers below it.
LAYERS = {
    "errors": ["pymaze.errors"],
    "topology": ["pymaze.masks", "pymaze.numbering", "pymaze.worlds", "pymaze.weave", "pymaze.zeta", "pymaze.graph", "pymaze.sight", "pymaze.junctions"],
    "core": ["pymaze.maze", "pymaze.events", "pymaze.registry"],
    "algorithms": ["pymaze.generators", "pymaze.solvers"],
    "extend": ["pymaze.author", "pymaze.plugins"],
    # svg draws from the maze alone, so it sits with the engine, whose package (pymaze.notebook)
    # gives Maze, Solution and Run their Jupyter display through it
    "engine": ["pymaze.run", "pymaze.inside", "pymaze.tour", "pymaze.solution", "pymaze.stats", "pymaze.lab", "pymaze.api", "pymaze.svg",
               "pymaze.notebook", "pymaze"],
    "io": ["pymaze.mazetext", "pymaze.formats", "pymaze.interop", "pymaze.boxtext", "pymaze.gridtext", "pymaze.picture",
           "pymaze.records"],
    "render": ["pymaze.animate", "pymaze.sheet"],
    "frontends": ["pymaze.cli", "pymaze.web", "pymaze.web_debug", "pymaze.widget", "pymaze.__main__"],
}


def layer_of(module):
    """The index of ``module``'s layer (a subpackage's modules share their package's)."""
    for i, names in enumerate(LAYERS.values()):
        for name in names:
            if module == name or name != "pymaze" and module.startswith(name + "."):
                return i
    raise AssertionError(f"{module} is in no layer: add it to LAYERS (and a sentence to docs/CODE.md)")


def test_every_module_imports_only_from_its_layer_and_below():
    graph = import_graph()
    upward = [f"{a} (line {graph.edges[a, b]['line']}) imports {b}" for a, b in graph.edges
              if layer_of(b) > layer_of(a)]
    assert not upward, "imports that reach up a layer:\n  " + "\n  ".join(sorted(upward))


# The page's rooms (web/), bottom to top: a file imports from its own room and the rooms below
# it, never from a room above or beside it (modes and io share a level and stay apart); the app
# shell, at the top, wires them.  web/'s own files (the embeds, the service worker) stay off app/.
WEB = PACKAGE.parent / "web"
ROOMS = {"engine": 0, "board": 1, "modes": 2, "io": 2, "app": 3}
JS_IMPORT = re.compile(r"""(?:\bimport|\bexport)\s*(?:[\w*{}\s,$]+\s*from\s*)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)""")


def js_imports(path, text=None):
    """``(file imported, line)`` for every static, re-exported and dynamic import of a relative
    path in the script at ``path``, resolved against its folder."""
    text = path.read_text(encoding="utf-8") if text is None else text
    for m in JS_IMPORT.finditer(text):
        target = m.group(1) or m.group(2)
        if target.startswith("."):
            yield (path.parent / target).resolve(), text.count("\n", 0, m.start()) + 1


def room_of(path):
    """The room a file of web/ is in (None: web/'s own files and the built bundles)."""
    parts = path.relative_to(WEB.resolve()).parts
    return parts[0] if len(parts) > 1 and parts[0] in ROOMS else None


def web_scripts():
    return [p for p in WEB.resolve().rglob("*.js") if "node_modules" not in p.parts and p.parent.name != "bundle"]


def test_the_room_parser_sees_every_kind_of_import():
    """The parser itself: named, default, namespace, bare and dynamic imports and re-exports, one
    over two lines, each resolved against the script's folder."""
    script = WEB.resolve() / "modes" / "probe.js"
    text = ('import { a,\n  b } from "../app/x.js";\nimport c from "./y.js";\nimport * as d from "../board/z.js";\n'
            'import "../io/side.js";\nexport { e } from "../engine/e.js";\nconst f = await import("../three.js");\n')
    got = [(p.relative_to(WEB.resolve()).as_posix(), line) for p, line in js_imports(script, text)]
    assert got == [("app/x.js", 1), ("modes/y.js", 3), ("board/z.js", 4), ("io/side.js", 5), ("engine/e.js", 6),
                   ("three.js", 7)]
    main = WEB.resolve() / "app" / "main.js"
    assert {room_of(p) for p, _ in js_imports(main)} >= set(ROOMS)
    assert len(web_scripts()) > 50


def test_the_page_rooms_import_only_from_their_own_room_and_below():
    """No file of web/engine, web/board, web/modes or web/io imports from web/app (nor engine from
    board, board from modes or io, modes from io or io from modes)."""
    upward = []
    for path in web_scripts():
        mine = room_of(path)
        for target, line in js_imports(path):
            theirs = room_of(target) if target.is_relative_to(WEB.resolve()) else None
            allowed = (theirs is None or theirs == mine or mine is None and theirs != "app"
                       or mine is not None and ROOMS[theirs] < ROOMS[mine])
            if not allowed:
                upward.append(f"{path.relative_to(WEB.resolve())} (line {line}) imports {target.relative_to(WEB.resolve())}")
    assert not upward, "imports that reach up or across a room:\n  " + "\n  ".join(sorted(upward))


# main.js is wiring: it makes the parts and hands each the others; what they do lives in modules.
MAIN_LINES = 160
MAIN_BODY = 3  # lines of a function's body (its braces on lines of their own)
BLOCK_OPEN = re.compile(r"(?:\bfunction\b[^{]*|=>\s*|^\s*(?:async\s+)?\w+\s*\([^()]*\)\s*)\{\s*(?://.*)?$")


def function_bodies(text):
    """``(first line, body lines)`` of every function written over several lines (a declaration,
    an arrow or a method whose opening brace ends its line), found by the closing brace at the
    same indentation (the code's two-space layout)."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if BLOCK_OPEN.search(line):
            indent = len(line) - len(line.lstrip())
            end = next(j for j in range(i + 1, len(lines))
                       if lines[j].strip().startswith("}") and len(lines[j]) - len(lines[j].lstrip()) == indent)
            yield i + 1, end - i - 1


def test_main_js_is_wiring_only():
    """web/app/main.js stays short, declares no function of its own and has no function longer than
    a few lines (the parser checked on a function that would break the rule)."""
    probe = "const x = 1;\nfunction run() {\n  a();\n  b();\n  c();\n  d();\n}\nboard.on('x', (e) => {\n  e();\n});\n"
    assert list(function_bodies(probe)) == [(2, 4), (8, 1)]
    text = (WEB / "app" / "main.js").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= MAIN_LINES, f"main.js has {len(text.splitlines())} lines (at most {MAIN_LINES}): move the work to a module"
    assert not re.search(r"^\s*(?:async\s+)?function\b", text, re.M), "main.js declares a function: move it to a module"
    long = [(line, n) for line, n in function_bodies(text) if n > MAIN_BODY]
    assert not long, f"functions in main.js longer than {MAIN_BODY} lines (line, length): {long}"
