"""Pictures of mazes for the picture-reading tests, drawn with Pillow as people draw them: thin-wall
lines or filled squares, S and G as a green and a red dot, then turned, blurred by JPEG, noised."""

import io

from PIL import Image, ImageDraw

GREEN, RED = (22, 163, 74), (220, 38, 38)


def doors(maze):
    """The frame squares straight out from S and from G, on their nearest sides."""
    W, H = maze.width, maze.height
    out = []
    for p in (maze.start, maze.goals[0]):
        x, y = p % W, p // W
        out.append(min((x, y * W), (W - 1 - x, y * W + W - 1), (y, x), (H - 1 - y, (H - 1) * W + x))[1])
    return out


def draw(maze, cell=12, line=2, margin=10, view="thin", marks=True, openings=False, ink=(0, 0, 0)):
    """An RGB picture of ``maze``: a thin-wall maze as lines ``line`` px wide around cells ``cell`` px apart,
    or (``view="block"``) its squares ``cell`` px wide; ``openings`` leaves a gap in the frame beside S and G."""
    W, H, g = maze.width, maze.height, bytearray(maze.wall)
    thin = view == "thin"
    if openings:
        for p in doors(maze):
            g[p] = 0
    if thin:
        size = (2 * margin + (W // 2) * cell + line, 2 * margin + (H // 2) * cell + line)
    else:
        size = (2 * margin + W * cell, 2 * margin + H * cell)
    img = Image.new("RGB", size, "white")
    d = ImageDraw.Draw(img)

    def box(x0, y0, x1, y1, fill=ink):
        if x1 > x0 and y1 > y0:
            d.rectangle([x0, y0, x1 - 1, y1 - 1], fill=fill)

    def span(i):  # pixel range of square column/row i
        if not thin:
            return margin + i * cell, margin + (i + 1) * cell
        a = margin + (i // 2) * cell
        return (a, a + line) if i % 2 == 0 else (a + line, a + cell)

    for p in range(W * H):
        x, y = p % W, p // W
        if g[p] and not (thin and x % 2 and y % 2):
            box(span(x)[0], span(y)[0], span(x)[1], span(y)[1])
    if marks:
        for p, colour in ((maze.start, GREEN), (maze.goals[0], RED)):
            (x0, x1), (y0, y1) = span(p % W), span(p // W)
            r = max(1.5, (x1 - x0) / 4)
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=colour)
    return img


def spoil(img, angle=0.0, noise=0, jpeg=None, seed=0, mode="RGB"):
    """The picture turned by ``angle`` degrees, with Gaussian noise of ``noise`` levels, saved as JPEG
    of quality ``jpeg`` (else PNG) in ``mode``; returns the file's bytes."""
    if angle:
        img = img.rotate(angle, resample=Image.BICUBIC, expand=True, fillcolor="white")
    if noise:
        import numpy as np
        a = np.asarray(img, dtype=np.float64)
        a += np.random.default_rng(seed).normal(0, noise, a.shape)
        img = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8), img.mode)
    img = img.convert(mode)
    buf = io.BytesIO()
    img.save(buf, "JPEG" if jpeg else "PNG", **({"quality": jpeg} if jpeg else {}))
    return buf.getvalue()
