"""What the page tests of Edit and of the shapes share: reading the board's pixels, waiting for frames,
entering Edit, the edited maze as networkx sees it, and a bfs solve."""

import networkx as nx

# The main canvas at client points: RGB.
SAMPLE = """(pts) => {
  const c = document.getElementById('maze'), ctx = c.getContext('2d'), r = c.getBoundingClientRect();
  return pts.map(([cx, cy]) => Array.from(ctx.getImageData(Math.floor((cx - r.left) * c.width / r.width),
    Math.floor((cy - r.top) * c.height / r.height), 1, 1).data.slice(0, 3)));
}"""

# Three animation frames: whatever the page drew after an action is on the canvas.
FRAMES = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(r))))"


def centre(page, p):
    """Cell p's centre in client pixels."""
    return page.js("p => window.pymaze.squareCentre(p)", p)


def edit(page):
    """Enter Edit (key e) and wait for it: the page's snapshot then."""
    page.page.keyboard.press("e")
    page.wait_state("editing")
    page.page.wait_for_function("!window.pymaze.snapshot().busy")
    return page.snapshot()


def graph_of(candidates, wall):
    """The edited maze as networkx sees it: the lattice's cells, joined where the page's passage is open."""
    G = nx.Graph((a, b) for a, b, v in candidates.edges(data="via") if not wall[v])
    G.add_nodes_from(candidates.nodes)
    return G


def shortest(G, s, g):
    """The fewest moves from s to g in G, None when g cannot be reached."""
    return nx.shortest_path_length(G, s, g) if nx.has_path(G, s, g) else None


def solve_bfs(page):
    page.page.select_option("#solver", "bfs")
    return page.run("solve")
