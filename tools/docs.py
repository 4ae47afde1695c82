"""The documentation site's sources (``python3 build.py docs`` runs this, then MkDocs): docs/*.md and
their pictures, README.md as the home page, ``algorithms.md`` made from the registry (each
algorithm's steps, properties, shapes, options and a picture drawn by pymaze.svg),
``reference.md`` (mkdocstrings reads the docstrings) and ``boards.md`` (live <pymaze-board>s of
the site the docs are published under).  Writes into the folder given (dist/docs-src)."""

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pymaze  # noqa: E402
from pymaze import registry, svg  # noqa: E402

REFERENCE = ["pymaze.api", "pymaze.maze.Maze", "pymaze.run.Run", "pymaze.solution.Solution", "pymaze.events",
             "pymaze.svg.to_svg", "pymaze.widget.RunWidget", "pymaze.errors"]
BOARDS = [("#gen=dig&w=16&h=10&seed=1&sol=bfs&run=solve", 60), ("#gen=kruskal&shape=hex&w=10&h=7&seed=2", 40)]


def cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def algorithm_page(out):
    lines = ["# Algorithms", "", "Every generator and solver of the registry (`pymaze list` prints the same),",
             "with its steps, what it makes, the shapes it takes and its options. Made from the registry",
             "by `python3 build.py docs`.", ""]
    pictures = out / "algorithms"
    pictures.mkdir(exist_ok=True)
    for family, table in (("Generators", registry.generators()), ("Solvers", registry.solvers())):
        lines += [f"## {family}", ""]
        for slug, algo in sorted(table.items()):
            entry = next(e for e in registry.catalogue()[family.lower()] if e["slug"] == slug)
            lines += [f"### {entry['name']} (`{slug}`)", "", cell(entry["summary"]), ""]
            facts = [f"shapes: {', '.join(entry['shapes'])}"]
            for key in ("perfect", "uniform", "optimal"):
                if key in entry:
                    facts.append(f"{key}: {'yes' if entry[key] else 'no'}")
            lines += ["- " + "; ".join(facts), ""]
            doc = (algo.func.__doc__ or "").strip()
            if doc:
                lines += ["```text", *[line.rstrip() for line in __import__("inspect").cleandoc(doc).splitlines()], "```", ""]
            if entry["params"]:
                lines += ["| option | type | default | what |", "|---|---|---|---|"]
                lines += [f"| `{p['name']}` | {p['type']} | `{cell(p.get('default'))}` | {cell(p.get('help', ''))} |"
                          for p in entry["params"]]
                lines.append("")
            try:
                if family == "Generators":
                    maze = pymaze.generate(slug, 12, 8, seed=1, **({"shape": "hex"} if "square" not in entry["shapes"] else {}))
                    picture = svg.to_svg(maze, unit=16)
                else:
                    maze = pymaze.generate("dig", 12, 8, seed=1, loops=0.1)
                    picture = svg.to_svg(maze, route=pymaze.solve(maze, slug, seed=1).squares, unit=16)
            except pymaze.PymazeError:
                continue  # (a solver for other mazes: its own text says which)
            (pictures / f"{slug}.svg").write_text(picture)
            lines += [f"![{entry['name']}](algorithms/{slug}.svg)", ""]
    (out / "algorithms.md").write_text("\n".join(lines) + "\n")


def main(out):
    out = Path(out)
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    for path in sorted((ROOT / "docs").iterdir()):
        if path.suffix in (".md", ".png"):
            shutil.copy2(path, out / path.name)
    readme = (ROOT / "README.md").read_text()
    (out / "index.md").write_text(readme.replace("](docs/", "]("))
    algorithm_page(out)
    (out / "reference.md").write_text("# Library reference\n\nFrom the docstrings.\n\n"
                                      + "\n".join(f"::: {name}\n" for name in REFERENCE))
    boards = "\n".join(f'<pymaze-board link="{link.replace("&", "&amp;")}" tick="{tick}"></pymaze-board>\n'
                       for link, tick in BOARDS)
    (out / "boards.md").write_text(
        "# Embedded boards\n\nTwo runs, each with its own transport: the docs are published inside the page's "
        "site, so these boards run the site's engine (see the guide's *Embed a board*).\n\n"
        '<script type="module" src="../board.js"></script>\n\n' + boards)


if __name__ == "__main__":
    main(sys.argv[1])
