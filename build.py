"""Build, serve, test and benchmark pymaze (stdlib only): ``python build.py build|serve|test|bench``.

* ``build``: the engine's wheel and sdist in ``dist/`` by ``python -m build`` (hatchling,
  pinned; reproducible with SOURCE_DATE_EPOCH: two builds give the same bytes) and the static
  site in ``dist/site/``: the files of ``web/``, that wheel, the Pyodide runtime from
  the pinned npm package, the engine's snapshot (``engine.snapshot``, made with Node) and
  ``manifest.json``.
* ``serve [--port N]``: build, then serve the site on 127.0.0.1.
* ``docs``: the documentation site (MkDocs, Material) in ``dist/docs``, without a warning; the
  next ``build`` or ``serve`` puts it into the site at ``/docs/``.
* ``test [pytest args]``: a venv with the test tools, a Chromium, a build, pytest.
* ``bench``: pymaze against its plain twins (``bench/ratios.py``, exit 1 on a missed
  target), the engine benchmark, every algorithm at 1000x1000 (``bench/big.py``, exit 1 over
  3 s), the page benchmark and the boot benchmark (``bench/boot.py``); ``bench --limits``: peak memory and
  time of every algorithm at 2000x2000 cells, written into docs/BENCHMARKS.md.
"""

import functools
import hashlib
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
WEB, DIST = ROOT / "web", ROOT / "dist"
SITE = DIST / "site"
EPOCH = int(os.environ.get("SOURCE_DATE_EPOCH", "1704067200"))  # 2024-01-01 UTC
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
           "pyodide-lock.json")
VENDOR = {  # a file of the site <- a file of a package pinned in web/package.json
    "uplot.esm.js": "uplot/dist/uPlot.esm.js",
    "uplot.min.css": "uplot/dist/uPlot.min.css",
    "gifenc.esm.js": "gifenc/dist/gifenc.esm.js",
    "mediabunny.min.mjs": "mediabunny/dist/bundles/mediabunny.min.mjs",
}
# web/'s folders of modules (web/'s own files are the entries: the pages, sw.js, board.js, widget.js)
ROOMS = ("app", "engine", "board", "modes", "io")
# every web/bundle/NAME.js is bundled by esbuild (pinned too) into the site as NAME.js
ESBUILD = WEB / "node_modules" / ".bin" / ("esbuild.cmd" if os.name == "nt" else "esbuild")
MIME = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
        ".json": "application/json", ".html": "text/html; charset=utf-8", ".css": "text/css",
        ".zip": "application/zip", ".whl": "application/zip", ".svg": "image/svg+xml",
        ".png": "image/png", ".py": "text/plain; charset=utf-8"}


def say(message):
    print(f"==> {message}", flush=True)


PACKAGE = "pymaze"  # the import name; the distribution's name is pyproject.toml's (pymaze-workbench)


def project():
    """(distribution name, version, summary, requires-python): pyproject.toml's, the version
    from pymaze/__init__.py (its only place)."""
    text = (ROOT / "pyproject.toml").read_text()
    field = lambda key, text=text: re.search(rf'^{key}\s*=\s*"([^"]*)"', text, re.M).group(1)
    version = field("__version__", (ROOT / PACKAGE / "__init__.py").read_text())
    return field("name"), version, field("description"), field("requires-python")


# --- the distributions -------------------------------------------------------
BUILD_TOOLS = ("build>=1", "twine>=5", "hatchling==1.33.0")  # hatchling as pinned in pyproject.toml


def build_python():
    """A Python that has ``build`` and the pinned hatchling: this one, else .venv's (made and
    filled with pip when it lacks them, as the test command does)."""
    probe = "import build, hatchling.build, importlib.metadata as m; assert m.version('hatchling') == '1.33.0'"
    venv = ROOT / ".venv" / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    for python in (Path(sys.executable), venv):
        if python.exists() and subprocess.run([str(python), "-P", "-c", probe], cwd=ROOT,
                                              capture_output=True).returncode == 0:
            return python
    if not venv.exists():
        say("creating the venv .venv")
        subprocess.run([sys.executable, "-m", "venv", str(ROOT / ".venv")], check=True)
    say("installing the build tools into .venv")
    subprocess.run([str(venv), "-m", "pip", "install", "-q", *BUILD_TOOLS], check=True)
    return venv


def build_distributions(out_dir=DIST):
    """``python -m build``: the sdist and the wheel (made from the sdist) by the standard backend
    (hatchling, pinned), reproducible with SOURCE_DATE_EPOCH (default 2024-01-01); returns
    (wheel, sdist) in ``out_dir``.  ``-P`` keeps this file, build.py, from shadowing the build module."""
    bundle_widget()
    out_dir.mkdir(parents=True, exist_ok=True)
    for old in [*out_dir.glob("*.whl"), *out_dir.glob("*.tar.gz")]:
        old.unlink()
    env = dict(os.environ, SOURCE_DATE_EPOCH=str(EPOCH))
    done = subprocess.run([str(build_python()), "-P", "-m", "build", "--no-isolation", "--outdir", str(out_dir),
                           str(ROOT)], cwd=ROOT, env=env, capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"build.py: python -m build failed:\n{done.stdout}{done.stderr}")
    (wheel,), (sdist,) = out_dir.glob("*.whl"), out_dir.glob("*.tar.gz")
    return wheel, sdist


WIDGET = ROOT / PACKAGE / "static" / "widget.js"  # built here, not kept in git; the distributions carry it


def bundle_widget():
    """The Jupyter widget's front end: ``web/widget.js`` and the page's modules it imports (the
    renderer, the player) as one ES module in ``pymaze/static/``, by the pinned esbuild."""
    pyodide_dir()  # (the pinned npm packages, esbuild among them)
    subprocess.run([str(ESBUILD), str(WEB / "widget.js"), "--bundle", "--format=esm", "--minify",
                    "--legal-comments=none", f"--outfile={WIDGET}", "--log-level=warning"], cwd=WEB, check=True)


def build_wheel(out_dir=DIST):
    """The wheel of ``python -m build`` (its sdist beside it) in ``out_dir``; returns its path."""
    return build_distributions(out_dir)[0]


# --- the site ----------------------------------------------------------------
def pyodide_dir():
    """The installed pyodide npm package, running ``npm ci`` in web/ when any pinned package is missing."""
    pkg = WEB / "node_modules" / "pyodide"
    pinned = json.loads((WEB / "package.json").read_text())["dependencies"]
    if not all((WEB / "node_modules" / name / "package.json").exists() for name in pinned):
        npm = shutil.which("npm")
        if not npm:
            sys.exit("build.py: npm is needed once to fetch the Pyodide runtime (install Node.js 18+)")
        say("installing the pinned npm packages: the Pyodide runtime and the page's libraries (npm ci)")
        subprocess.run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"], cwd=WEB, check=True)
    return pkg


def build(quiet=False):
    """Build the wheel and the site; returns the site directory."""
    if not quiet:
        say("building the wheel and the site")
    pkg = pyodide_dir()
    pinned = json.loads((WEB / "package.json").read_text())["dependencies"]["pyodide"]
    installed = json.loads((pkg / "package.json").read_text())["version"]
    if installed != pinned:
        sys.exit(f"build.py: web/node_modules has pyodide {installed}, package.json pins {pinned}; "
                 "delete web/node_modules and build again")
    if SITE.exists():
        shutil.rmtree(SITE)
    SITE.mkdir(parents=True)
    for path in sorted(WEB.iterdir()):
        if path.is_file() and path.name not in ("package.json", "package-lock.json"):
            shutil.copy2(path, SITE / path.name)
    for room in (r for r in ROOMS if r != "app"):  # the page's modules, in their folders (app/ comes bundled:
        # bundle_page; the snapshot's maker runs at build time only)
        shutil.copytree(WEB / room, SITE / room, ignore=shutil.ignore_patterns("snapshot"))
    for path in sorted((ROOT / "docs").glob("shape-*.png")):  # the about page's pictures of the shapes
        shutil.copy2(path, SITE / path.name)
    if (DIST / "docs" / "index.html").exists():  # the docs site (build.py docs), at /docs/, its boards the site's
        shutil.copytree(DIST / "docs", SITE / "docs")
    for name in RUNTIME:
        shutil.copy2(pkg / name, SITE / name)
    for name, source in VENDOR.items():
        shutil.copy2(WEB / "node_modules" / source, SITE / name)
    bundle_scripts()
    bundle_page()
    wheel = SITE / build_wheel(DIST).name  # the distributions in dist/, the same wheel in the site
    shutil.copy2(DIST / wheel.name, wheel)
    site_sources()
    manifest = {"wheel": wheel.name, "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
                "pyodide": installed, "version": project()[1]}
    if engine_snapshot(pkg, wheel, quiet):
        manifest["snapshot"] = SNAPSHOT
    (SITE / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    write_service_worker(SITE)  # last: it lists and hashes every other file of the site
    if not quiet:
        say(f"site ready in {SITE.relative_to(ROOT)} ({wheel.name})")
    return SITE


SNAPSHOT = "engine.snapshot"  # the started interpreter with the engine imported (gzip)


def engine_snapshot(pkg, wheel, quiet=False):
    """Write ``SNAPSHOT`` into the site: Pyodide's memory once it has started and imported the
    engine (web/engine/snapshot/make.mjs, with Node), which the page restores instead of starting Python.
    Without Node, or with PYMAZE_SNAPSHOT=0, there is none and the page boots the normal way."""
    node = shutil.which("node")
    if os.environ.get("PYMAZE_SNAPSHOT") == "0" or not node:
        return False
    if not quiet:
        say("making the engine's snapshot (Pyodide started, the engine imported)")
    subprocess.run([node, str(WEB / "engine" / "snapshot" / "make.mjs"), str(pkg), str(wheel), str(SITE / SNAPSHOT)],
                   check=True, stdout=subprocess.DEVNULL)
    return True


SERVICE_WORKER = "sw.js"


def site_files(site):
    """Every file of the built site but the service worker and the docs site (``docs/``: read
    online, not part of the page's offline copy), as sorted paths relative to it."""
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*")
                  if p.is_file() and p.relative_to(site).as_posix() != SERVICE_WORKER
                  and not p.relative_to(site).as_posix().startswith("docs/"))


def site_version(site):
    """A hash of the site's files (names and bytes): the name of the service worker's cache, so
    that any change of any file makes a new cache that replaces the old one."""
    digest = hashlib.sha256()
    for name in site_files(site):
        digest.update(name.encode() + b"\0" + hashlib.sha256((site / name).read_bytes()).digest())
    return digest.hexdigest()[:16]


def write_service_worker(site):
    """Fill the service worker's VERSION and FILES (the site's files and ``./``, the page as a
    folder's address) in ``site/sw.js``; returns the version."""
    path, version = site / SERVICE_WORKER, site_version(site)
    text, count = re.subn(r'^const VERSION = "[^"]*";\nconst FILES = \[[^\n]*\];$',
                          lambda _: f"const VERSION = {json.dumps(version)};\n"
                                    f"const FILES = {json.dumps(['./', *site_files(site)])};",
                          path.read_text(), flags=re.M)
    if count != 1:
        sys.exit(f"build.py: {path} lacks its VERSION and FILES lines")
    path.write_text(text)
    return version


def bundle_scripts():
    """Each ``web/bundle/NAME.js`` (an entry importing npm packages, e.g. the code editor) becomes
    one self-contained ES module ``NAME.js`` in the site, made by the pinned esbuild."""
    entries = sorted((WEB / "bundle").glob("*.js")) if (WEB / "bundle").is_dir() else []
    if not entries:
        return
    subprocess.run([str(ESBUILD), *map(str, entries), "--bundle", "--format=esm", "--minify",
                    "--legal-comments=none", f"--outdir={SITE}", "--log-level=warning"], cwd=WEB, check=True)


def page_entries():
    """The scripts web/'s pages load from ``app/`` (index.html's two, about.html's), as paths under web/."""
    return sorted({m for page in WEB.glob("*.html")
                   for m in re.findall(r'<script type="module" src="(app/[\w-]+\.js)">', page.read_text())})


def bundle_page():
    """The pages' scripts (``page_entries``) with every module they import, made by the pinned
    esbuild into the site's ``app/`` instead of its two dozen modules: one file each and the chunks
    they share, so that the page makes four requests instead of about sixty, and the engine's worker
    starts before they are all in (its own files come through the same service worker).  Not
    minified: the page's code stays readable; ``web/`` has it module by module.  The site's own
    files the modules import (``../three.js``, the vendored libraries) stay files of their own."""
    own = [*VENDOR, *(p.name for p in (WEB / "bundle").glob("*.js"))]
    subprocess.run([str(ESBUILD), *page_entries(), "--bundle", "--splitting", "--format=esm",
                    "--chunk-names=[name]-[hash]", "--legal-comments=none", f"--outdir={SITE / 'app'}",
                    *(f"--external:../{name}" for name in own), "--log-level=warning"], cwd=WEB, check=True)


def site_sources():
    """The engine's sources under ``src/`` (the page links each algorithm to its file) and the
    catalogue as ``catalogue.json`` (the page fills its dropdowns from it before the engine is up)."""
    name = PACKAGE
    for path in sorted((ROOT / name).rglob("*.py")):
        out = SITE / "src" / path.relative_to(ROOT)
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, out)
    catalogue = subprocess.run([sys.executable, "-c", f"import {name}.web as w; print(w.Session().catalogue_json())"],
                               cwd=ROOT, capture_output=True, text=True, check=True).stdout
    (SITE / "catalogue.json").write_text(catalogue)
    japanese_font(json.loads(catalogue))


FONT = "@fontsource/noto-sans-jp"  # pinned in web/package.json
FONT_CSS = "noto-sans-jp.css"  # the site's @font-face rules (style.css imports it)


def japanese_font(catalogue):
    """The Noto Sans JP webfont, cut down to what the page needs: of the package's unicode-range
    chunks (woff2, weight 400) only those holding a character of the catalogue's Japanese words
    (the seed articles' names of the algorithms), copied under ``fonts/`` with their @font-face
    rules in ``noto-sans-jp.css``.  A machine without a Japanese font then draws the names instead
    of empty boxes, for about a hundred kilobytes rather than the font's megabytes."""
    needed, todo = set(), [catalogue]
    while todo:  # every string of the catalogue
        item = todo.pop()
        if isinstance(item, dict):
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
        elif isinstance(item, str):
            needed.update(ord(c) for c in item if ord(c) >= 0x3000)
    package = WEB / "node_modules" / FONT
    css = (package / "400.css").read_text()
    rules = []
    for block in re.findall(r"@font-face\s*{[^}]*}", css):
        src = re.search(r"url\(\./files/([^)]+\.woff2)\)", block).group(1)
        ranges = []
        for part in re.search(r"unicode-range:\s*([^;]+);", block).group(1).split(","):
            lo, _, hi = part.strip()[2:].partition("-")
            ranges.append((int(lo, 16), int(hi or lo, 16)))
        if not any(lo <= c <= hi for c in needed for lo, hi in ranges):
            continue
        (SITE / "fonts").mkdir(exist_ok=True)
        shutil.copy2(package / "files" / src, SITE / "fonts" / src)
        block = re.sub(r"src:[^;]+;", f"src: url(fonts/{src}) format('woff2');", block)
        rules.append(block)
    (SITE / FONT_CSS).write_text(f"/* {FONT} {json.loads((package / 'package.json').read_text())['version']} "
                                 f"(SIL Open Font License 1.1), the chunks holding {len(needed)} characters */\n"
                                 + "\n".join(rules) + "\n")


# --- serving -----------------------------------------------------------------
# The page's policy (index.html carries the same as a meta tag): its own origin only; the hash is the
# print sheet's Print button (onclick="window.print()"), a sheet the page opens in a blob: tab.
CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval' 'unsafe-hashes' 'sha256-MguIPR6qNR8D3B+eAlK+bIRTZe8t3wkOY4B/56Me9FU='; worker-src 'self'; "
       "connect-src 'self' blob:; img-src 'self' data: blob:; media-src 'self' blob:; style-src 'self' 'unsafe-inline'; "
       "object-src 'none'; base-uri 'none'; form-action 'none'")

class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}

    def log_message(self, *args):
        pass

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        # The page's policy (web/index.html has it as a meta tag too); sent with worker.js it is
        # the worker's own: users' code in the engine reaches no origin but this one.
        if not self.path.startswith("/docs/"):  # (the docs site's theme has inline scripts of its own)
            self.send_header("Content-Security-Policy", CSP)
        super().end_headers()


def make_server(site=SITE, port=0):
    """A threading HTTP server for ``site`` on 127.0.0.1:``port`` (0: any free port)."""
    handler = functools.partial(Handler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.daemon_threads = True
    return server


def serve(args):
    port = int(args[args.index("--port") + 1]) if "--port" in args else 8000
    site = build()
    for candidate in range(port, port + 20):
        try:
            server = make_server(site, candidate)
            break
        except OSError:
            print(f"port {candidate} is taken; trying {candidate + 1}")
    else:
        sys.exit(f"build.py: no free port from {port} to {port + 19}")
    print(f"Serving pymaze at http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print()


# --- testing -----------------------------------------------------------------
def find_chromium(venv_python=None):
    """A Chromium executable: $PYMAZE_CHROMIUM, /usr/bin/chromium, then Playwright's own."""
    for candidate in (os.environ.get("PYMAZE_CHROMIUM"), "/usr/bin/chromium",
                      shutil.which("chromium"), shutil.which("chromium-browser")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    if venv_python:
        probe = ("from playwright.sync_api import sync_playwright\n"
                 "with sync_playwright() as p: print(p.chromium.executable_path)")
        out = subprocess.run([venv_python, "-c", probe], capture_output=True, text=True)
        path = out.stdout.strip()
        if out.returncode == 0 and path and os.access(path, os.X_OK):
            return path
    return None


def install_chromium():
    if os.name == "posix" and os.geteuid() == 0 and shutil.which("apt-get"):
        say("installing chromium with apt-get")
        subprocess.run(["apt-get", "update"], check=True)
        subprocess.run(["apt-get", "install", "-y", "chromium"], check=True)
        return find_chromium()
    return None


def test(args):
    venv = ROOT / ".venv"
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    if not python.exists():
        say("creating the venv .venv")
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    say("installing test tools")
    subprocess.run([str(python), "-m", "pip", "install", "-q", "-e", ".[test]"], cwd=ROOT, check=True)
    say("looking for Chromium")
    chromium = find_chromium(str(python)) or install_chromium()
    if not chromium:
        sys.exit("build.py: no Chromium found. Install one of:\n"
                 "  Debian/Ubuntu: sudo apt-get install chromium\n"
                 f"  Playwright's own: {python} -m playwright install chromium\n"
                 "or point PYMAZE_CHROMIUM at a Chromium executable.")
    say(f"using {chromium}")
    site = build()
    say("running pytest")
    env = dict(os.environ, PYMAZE_CHROMIUM=chromium, PYMAZE_SITE=str(site))
    # Every test by default, on as many workers as the machine has cores, a test file to a worker
    # (a file's tests share their browser pages); arguments given replace all of that.
    whole = ["-n", "auto", "--dist", "loadfile", "tests"]
    code = subprocess.run([str(python), "-m", "pytest", *(args or whole)], cwd=ROOT, env=env).returncode
    if code == 5:
        print("build.py: pytest collected no tests")
        code = 1
    say("tests passed" if code == 0 else f"tests failed (pytest exit status {code})")
    return code


DOCS_TOOLS = ("mkdocs-material>=9.5", "mkdocstrings[python]>=0.26")


def docs(args):
    """The documentation site: its pages made by tools/docs.py into dist/docs-src, built by MkDocs
    (Material; mkdocs.yml) with ``--strict`` (a warning fails it) into dist/docs, which the next
    build puts into the site at /docs/ (its boards run the site's engine); the tools in .venv
    when this Python lacks them."""
    probe = "import mkdocs, material, mkdocstrings_handlers.python"
    venv = ROOT / ".venv" / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    python = next((p for p in (Path(sys.executable), venv) if p.exists() and subprocess.run(
        [str(p), "-P", "-c", probe], cwd=ROOT, capture_output=True).returncode == 0), None)
    if python is None:
        if not venv.exists():
            subprocess.run([sys.executable, "-m", "venv", str(ROOT / ".venv")], check=True)
        say("installing the docs tools into .venv")
        subprocess.run([str(venv), "-m", "pip", "install", "-q", *DOCS_TOOLS], check=True)
        python = venv
    say("writing the docs' pages")
    subprocess.run([str(python), str(ROOT / "tools" / "docs.py"), str(DIST / "docs-src")], cwd=ROOT, check=True)
    say("building the docs site")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    code = subprocess.run([str(python), "-P", "-m", "mkdocs", "build", "--strict", "-q"], cwd=ROOT, env=env).returncode
    if not code:
        say("docs ready in dist/docs (the next build or serve puts them at /docs/)")
    return code


def bench(args):
    if "--limits" in args:  # peak memory and time at the largest size, one child per algorithm (slow; not in CI)
        rest = [a for a in args if a != "--limits"]
        say("running bench/limits.py")
        return subprocess.run([sys.executable, str(ROOT / "bench/limits.py"), "--write", *rest], cwd=ROOT).returncode
    code = 0
    for script in ("bench/ratios.py", "bench/engine.py", "bench/big.py", "bench/page.py", "bench/boot.py", "bench/walk3d.py",
                   "bench/worlds.py"):
        if (ROOT / script).exists():
            say(f"running {script}")
            code |= subprocess.run([sys.executable, str(ROOT / script), *args], cwd=ROOT).returncode
    return code


def main(argv):
    commands = {"build": lambda a: build() and 0, "serve": serve, "test": test, "bench": bench, "docs": docs}
    if not argv or argv[0] not in commands:
        print(__doc__.strip())
        return 2
    return commands[argv[0]](argv[1:]) or 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
