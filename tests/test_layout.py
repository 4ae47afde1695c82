"""The engine's layout: its modules import one another without cycles.

Every module under pymaze/ is parsed with ``ast``; every import statement counts, at any depth
(inside functions too), relative ones resolved, so a cycle cannot hide behind a function-local
import.  ``from . import x`` counts as an import of the module ``x`` when there is one, else of
the package whose name it reads.
"""

import ast
import functools
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
    "io": ["pymaze.mazetext", "pymaze.formats", "pymaze.interop", "pymaze.boxtext", "pymaze.picture",
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
