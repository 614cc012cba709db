"""A whole game as one animated image: board PNGs in, an animated GIF out.

GIF because Discord plays it inline on every client (an APNG shows as a still picture). Our boards
are drawn in a fixed palette per image kind (``renderers/palettes.json``), which is exactly what GIF
stores: frames go in unchanged, so a replay costs about a second and a megabyte, and Pillow writes
only the part of each frame that changed. Frames in another mode are quantized first. When a file
would still be too big, frames are thinned out (never the first or the last).
"""

from __future__ import annotations

import io
from typing import Sequence

from PIL import Image

#: Discord's upload limit without boosts is 10 MiB; stay well below it.
MAX_BYTES = 8 * 1024 * 1024
FRAME_MS = 700
LAST_FRAME_MS = 5000


def _frames(pngs: Sequence[bytes]) -> list[Image.Image]:
    images = [Image.open(io.BytesIO(png)) for png in pngs]
    size = images[0].size
    palette = images[0].getpalette() if images[0].mode == "P" else None
    frames = []
    for image in images:
        if image.size != size:
            image = image.convert("RGB").resize(size)
        if image.mode != "P" or image.getpalette() != palette:
            image = image.convert("RGB").quantize(colors=255, dither=Image.Dither.NONE)
        frames.append(image)
    return frames


def animate(pngs: Sequence[bytes], *, frame_ms: int = FRAME_MS, last_frame_ms: int = LAST_FRAME_MS,
            max_bytes: int = MAX_BYTES) -> bytes:
    """An animated GIF of ``pngs`` in order (each shown ``frame_ms``, the last ``last_frame_ms``),
    looping, at most ``max_bytes`` where thinning the frames can get it there (two frames are
    always kept). Raises ``ValueError`` for no frames."""
    if not pngs:
        raise ValueError("a replay needs at least one frame")
    chosen = list(pngs)
    while True:
        frames = _frames(chosen)
        out = io.BytesIO()
        durations = [frame_ms] * (len(frames) - 1) + [last_frame_ms]
        frames[0].save(out, format="GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0)
        data = out.getvalue()
        if len(data) <= max_bytes or len(chosen) <= 2:
            return data
        chosen = chosen[:-1:2] + [chosen[-1]]
        frame_ms = min(frame_ms * 2, 1500)  # the same story, told at the same pace
