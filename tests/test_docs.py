"""The docs: every Python sample of the guide and the authoring tutorial runs (in order, one
namespace per file, in a folder holding the files they name: a plugin and a picture), and the docs
site builds with MkDocs in strict mode (a warning fails it), its algorithm catalogue naming every
algorithm of the registry, its reference and embedded boards there."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

import build
from pymaze import registry

SAMPLES = ["GUIDE.md", "AUTHORING.md"]


def samples(name):
    return re.findall(r"```python\n(.*?)```", (build.ROOT / "docs" / name).read_text(), re.S)


RUNNER = """
import json, sys
namespace = {"__name__": "__sample__"}
for i, block in enumerate(json.load(open(sys.argv[1]))):
    exec(compile(block, f"{sys.argv[2]} sample {i + 1}", "exec"), namespace)
print("ran", i + 1)
"""


@pytest.mark.parametrize("name", SAMPLES)
def test_every_python_sample_runs(name, tmp_path):
    """In a process of its own (a sample registers algorithms for good), in a folder holding the
    files the samples name: the tutorial's first solver as the plugin my_algos.py, a picture."""
    code = samples(name)
    assert code
    (tmp_path / "my_algos.py").write_text(samples("AUTHORING.md")[0])
    picture = Image.new("L", (12, 8), 255)
    for x in range(2, 10):
        for y in range(1, 7):
            picture.putpixel((x, y), 0)
    picture.save(tmp_path / "shape.png")
    (tmp_path / "samples.json").write_text(json.dumps(code))
    (tmp_path / "run.py").write_text(RUNNER)
    out = subprocess.run([sys.executable, "run.py", "samples.json", f"docs/{name}"], cwd=tmp_path, capture_output=True,
                         text=True, env=dict(os.environ, PYTHONPATH=str(build.ROOT)))
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.strip().endswith(f"ran {len(code)}")


def test_the_docs_site_builds_without_a_warning():
    out = subprocess.run([sys.executable, str(build.ROOT / "build.py"), "docs"], cwd=build.ROOT, capture_output=True,
                         text=True, env=dict(os.environ))
    assert out.returncode == 0, out.stdout + out.stderr
    docs = build.DIST / "docs"  # (the site gets it at its next build: not now, under the other tests' feet)
    catalogue = (docs / "algorithms.html").read_text()
    for slug in [*registry.generators(), *registry.solvers()]:
        assert f"<code>{slug}</code>" in catalogue, slug
    assert catalogue.count('<img alt="') >= len(registry.generators())
    reference = (docs / "reference.html").read_text()
    assert "pymaze.api" in reference and "RunWidget" in reference and "Solution" in reference
    boards = (docs / "boards.html").read_text()
    assert boards.count("<pymaze-board ") == 2 and 'src="../board.js"' in boards
    assert (docs / "index.html").exists() and (docs / "search" / "search_index.json").exists()


def test_the_code_map_names_every_source_file():
    """docs/CODE.md has a sentence for every file of code (web/'s rooms included, as they move)."""
    text = (build.ROOT / "docs" / "CODE.md").read_text()
    found = []
    for top in ("pymaze", "web", "tests", "bench", "tools"):
        for folder, dirs, files in os.walk(build.ROOT / top):
            dirs[:] = [d for d in dirs if d not in ("node_modules", "__pycache__", "static")]  # (static: built)
            for name in files:
                if name.endswith((".py", ".js", ".mjs", ".html", ".css")):
                    found.append((Path(folder) / name).relative_to(build.ROOT).as_posix())
    assert len(found) > 150
    missing = [f for f in sorted(found) if f"`{f}`" not in text]
    assert not missing, f"docs/CODE.md names no {missing}"
