"""The distributions: ``python -m build`` (hatchling, pinned) makes the same bytes twice with one
SOURCE_DATE_EPOCH, ``twine check`` passes them, the wheel installs by file in a fresh venv with no
dependency and runs, and the page's site carries that very wheel."""

import hashlib
import json
import os
import subprocess
import sys
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest

import build
import pymaze


@pytest.fixture(scope="module")
def dists(tmp_path_factory):
    """Two builds of wheel and sdist, each in its own folder."""
    return [build.build_distributions(tmp_path_factory.mktemp(name)) for name in ("a", "b")]


def test_two_builds_give_the_same_bytes(dists):
    (wheel_a, sdist_a), (wheel_b, sdist_b) = dists
    assert wheel_a.name == f"pymaze_workbench-{pymaze.__version__}-py3-none-any.whl"
    assert sdist_a.name == f"pymaze_workbench-{pymaze.__version__}.tar.gz"
    assert wheel_a.read_bytes() == wheel_b.read_bytes()
    assert sdist_a.read_bytes() == sdist_b.read_bytes()
    with zipfile.ZipFile(wheel_a) as zf:
        names = zf.namelist()
        metadata = zf.read(f"pymaze_workbench-{pymaze.__version__}.dist-info/METADATA").decode()
    sources = sorted(p.relative_to(build.ROOT).as_posix() for p in (build.ROOT / "pymaze").rglob("*")
                     if p.is_file() and "__pycache__" not in p.parts)
    assert sorted(n for n in names if not n.startswith("pymaze_workbench-")) == sources
    assert "Name: pymaze-workbench" in metadata and f"Version: {pymaze.__version__}" in metadata
    # no dependency but the extras'
    assert all("extra ==" in line for line in metadata.splitlines() if line.startswith("Requires-Dist:"))
    with tarfile.open(sdist_a) as tf:
        members = tf.getmembers()
    assert {m.mtime for m in members} == {build.EPOCH}
    assert f"pymaze_workbench-{pymaze.__version__}/pymaze/__init__.py" in {m.name for m in members}


def test_twine_check_passes(dists):
    wheel, sdist = dists[0]
    out = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", str(wheel), str(sdist)],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.count("PASSED") == 2


def test_the_wheel_installs_by_file_in_a_fresh_venv_and_runs(dists, tmp_path):
    wheel = dists[0][0]
    venv.create(tmp_path / "env", with_pip=False)  # this Python's pip installs into it (pip --python)
    python = tmp_path / "env" / "bin" / "python"
    pip = [sys.executable, "-m", "pip", "--python", str(python)]
    quiet = {**os.environ, "PIP_FIND_LINKS": "", "PIP_CONSTRAINT": ""}
    subprocess.run([*pip, "install", "-q", "--no-index", "--no-deps", str(wheel)], check=True, cwd=tmp_path, env=quiet)
    listed = subprocess.run([*pip, "list", "--format=json"], capture_output=True, text=True, check=True,
                            cwd=tmp_path, env=quiet).stdout
    assert {p["name"] for p in json.loads(listed)} == {"pymaze-workbench"}
    helped = subprocess.run([str(python), "-m", "pymaze", "--help"], capture_output=True, text=True, cwd=tmp_path)
    assert helped.returncode == 0 and "usage: pymaze" in helped.stdout, helped.stderr
    code = ("import pymaze; m = pymaze.generate('dig', 6, 4, seed=3); "
            "print(pymaze.__file__, pymaze.__version__, m.wall.hex())")
    out = subprocess.run([str(python), "-c", code], capture_output=True, text=True, check=True, cwd=tmp_path)
    where, version, wall = out.stdout.split()
    assert Path(where).is_relative_to(tmp_path / "env") and version == pymaze.__version__
    assert wall == bytes(pymaze.generate("dig", 6, 4, seed=3).wall).hex()


def test_the_page_loads_the_same_wheel(dists):
    site = Path(os.environ.get("PYMAZE_SITE") or build.SITE)
    if not (site / "manifest.json").exists():
        site = build.build(quiet=True)
    manifest = json.loads((site / "manifest.json").read_text())
    served = (site / manifest["wheel"]).read_bytes()
    assert manifest["wheel"] == dists[0][0].name
    assert hashlib.sha256(served).hexdigest() == manifest["sha256"]
    assert served == dists[0][0].read_bytes()
