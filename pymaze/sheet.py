"""Print sheets: N mazes of one generator with their seeds and a title, then their answer keys, as one HTML page.

The mazes are seeds ``seed, seed + 1, ...``; each answer key is the same maze
with its BFS route (``pymaze.solve(maze, "bfs")``).  Pages hold ``per_page``
mazes in a grid sized for A4 or US Letter (``@page``), so printing to paper or
to PDF from any browser gives one sheet of mazes per page and the answers
after them.  The SVGs are ``pymaze.svg``'s, inline.
"""

import math
from html import escape

from .api import generate, solve
from .errors import ParameterError, SizeError, check_whole, shown
from .maze import MAX_SIZE
from .run import MAX_SEED, check_seed
from .svg import to_svg

PAPERS = {"a4": ("A4", 210.0, 297.0), "letter": ("letter", 215.9, 279.4)}  # CSS name, width, height in mm
MARGIN = 12  # mm
MAX_COUNT = 60
MAX_CELLS = 400_000  # cells in all the mazes of one sheet
LAYOUTS = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 12: (3, 4)}  # per page: columns, rows


def sheet(slug, width, height, count=6, seed=0, paper="a4", title=None, per_page=None, shape="square",
          solver="bfs", **options):
    """The HTML of a print sheet: ``count`` mazes of generator ``slug`` (``width x height`` cells,
    ``shape``, generator ``options``) from seed ``seed`` on, ``per_page`` to a page (default: up to 6),
    then the answer keys with ``solver``'s routes."""
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
        raise ParameterError(f"count must be a whole number from 1 to {MAX_COUNT}; got {shown(count)}")
    if paper not in PAPERS:
        raise ParameterError(f"paper must be one of {', '.join(PAPERS)}; got {shown(paper)}")
    if per_page is None:
        per_page = min(k for k in LAYOUTS if k >= min(count, 6))
    if per_page not in LAYOUTS:
        raise ParameterError(f"mazes per page must be one of {', '.join(map(str, LAYOUTS))}; got {shown(per_page)}")
    seed = check_seed(seed)
    if seed + count - 1 > MAX_SEED:
        raise ParameterError(f"seeds {seed} to {seed + count - 1} go past the largest seed, {MAX_SEED}")
    width, height = (check_whole(v, what, 1, MAX_SIZE, SizeError) for what, v in (("width", width), ("height", height)))
    if width * height * count > MAX_CELLS:
        raise ParameterError(f"{count} mazes of {width}x{height} cells are {width * height * count:,} cells; "
                             f"a sheet holds at most {MAX_CELLS:,}")
    if title is not None and not isinstance(title, str):
        raise ParameterError(f"title must be a text; got {shown(title)}")
    title = title or f"Mazes ({slug}, {width}x{height})"
    mazes, keys = [], []
    for k in range(count):
        maze = generate(slug, width, height, seed=seed + k, shape=shape, **options)
        sol = solve(maze, solver)
        label = f"Maze {k + 1} · seed {seed + k}"
        mazes.append(_figure("maze", seed + k, label, to_svg(maze, title=label)))
        keys.append(_figure("answer", seed + k, f"Answer {k + 1} · seed {seed + k} · {sol.moves} moves",
                            to_svg(maze, route=sol.squares, title=f"Answer {k + 1}")))
    pages = [_page("mazes", title, mazes[i:i + per_page]) for i in range(0, count, per_page)]
    pages += [_page("answers", f"{title}: answers", keys[i:i + per_page]) for i in range(0, count, per_page)]
    return _document(title, paper, per_page, pages)


def _figure(kind, seed, label, svg):
    body = svg.split("\n", 1)[1]  # the inline SVG without its XML declaration
    return (f'<figure class="{kind}" data-seed="{seed}">\n{body}<figcaption>{escape(label)}</figcaption></figure>')


def _page(kind, title, figures):
    return (f'<section class="page {kind}">\n<h1>{escape(title)}</h1>\n<div class="grid">\n'
            + "\n".join(figures) + "\n</div>\n</section>")


def _document(title, paper, per_page, pages):
    name, pw, ph = PAPERS[paper]
    cols, rows = LAYOUTS[per_page]
    inner_w, inner_h = pw - 2 * MARGIN, ph - 2 * MARGIN - 1  # 1 mm to spare: never a page too many
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{escape(title)}</title>
<style>
@page {{ size: {name} portrait; margin: {MARGIN}mm; }}
* {{ box-sizing: border-box; }}
body {{ margin: 0; font-family: system-ui, sans-serif; color: #0f172a; }}
.page {{ width: {inner_w}mm; height: {inner_h}mm; display: flex; flex-direction: column; overflow: hidden;
  break-after: page; page-break-after: always; }}
.page:last-child {{ break-after: auto; page-break-after: auto; }}
h1 {{ font-size: 15pt; margin: 0 0 3mm; }}
.grid {{ flex: 1; min-height: 0; display: grid; gap: 5mm; grid-template-columns: repeat({cols}, minmax(0, 1fr));
  grid-template-rows: repeat({rows}, minmax(0, 1fr)); }}
figure {{ margin: 0; min-height: 0; display: flex; flex-direction: column; justify-content: center; }}
figure svg {{ flex: 0 1 auto; min-height: 0; width: 100%; height: auto; }}
figcaption {{ font-size: 9pt; text-align: center; padding-top: 1mm; }}
.tools {{ display: none; }}
@media screen {{
  body {{ background: #e2e8f0; }}
  .tools {{ display: block; text-align: center; margin: 6mm 0 0; font-size: 11pt; }}
  .tools button {{ font: inherit; padding: 2mm 6mm; }}
  .page {{ background: #fff; margin: 8mm auto; box-sizing: content-box; padding: {MARGIN}mm;
    box-shadow: 0 1px 4px rgba(15, 23, 42, .3); }}
}}
</style>
</head>
<body>
<p class="tools"><button type="button" onclick="window.print()">Print</button> or save as PDF from the print
dialog: {_pages(len(pages) // 2)} of mazes, then as many of answers.</p>
{chr(10).join(pages)}
</body>
</html>
"""


def _pages(n):
    return f"{n} page" + ("s" if n > 1 else "")


def paper_pages(count, per_page=None):
    """How many pages a sheet of ``count`` mazes prints on: the mazes' pages, then as many of answers."""
    per_page = per_page or min(k for k in LAYOUTS if k >= min(count, 6))
    return 2 * math.ceil(count / per_page)
