"""Rebuild the board font shipped in ``renderers/fonts/``: a subset of BIZ UDPGothic (Morisawa's
universal-design Japanese typeface, proportional, SIL OFL 1.1), chosen for legibility at small
sizes and because, unlike Noto Sans CJK, it also covers Latin Extended-A (Ł, Č, Ş, Ő ...).

    apt-get install fonts-morisawa-bizud-gothic && python3 tools/subset_font.py

Keeps Latin (with Latin-1 and Latin Extended-A/B, for accented names), Greek and Cyrillic, the
punctuation, arrows, maths and shapes the boards draw (→ × ★ ①), kana, the CJK symbols, the
full-width forms, and every kanji of Windows code page 932 (JIS X 0208 plus the NEC and IBM
extensions such as 髙 and 﨑).
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

SOURCE = "/usr/share/fonts/truetype/bizud-gothic/BIZUDPGothic-{weight}.ttf"
TARGET = Path(__file__).resolve().parent.parent / "renderers" / "fonts" / "BIZUDPGothic-{weight}.ttf"
RANGES = [(0x20, 0x7E), (0xA0, 0x24F), (0x370, 0x3FF), (0x400, 0x4FF), (0x2000, 0x206F), (0x2100, 0x214F),
          (0x2190, 0x21FF), (0x2200, 0x22FF), (0x2460, 0x24FF), (0x2500, 0x27BF), (0x3000, 0x30FF),
          (0x31F0, 0x31FF), (0xFF00, 0xFFEF)]


def codepoints() -> set[int]:
    wanted = {cp for lo, hi in RANGES for cp in range(lo, hi + 1)}
    for cp in [*range(0x4E00, 0xA000), *range(0xF900, 0xFB00)]:
        try:
            chr(cp).encode("cp932")
        except UnicodeEncodeError:
            continue
        wanted.add(cp)
    return wanted


def main() -> int:
    wanted = codepoints()
    for weight in ("Regular", "Bold"):
        font = TTFont(SOURCE.format(weight=weight))
        options = subset.Options()
        options.layout_features = ["kern", "palt"]
        options.hinting = False
        options.name_IDs = ["*"]
        options.notdef_outline = True
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=wanted)
        subsetter.subset(font)
        target = Path(str(TARGET).format(weight=weight))
        font.save(target)
        print(f"{target}: {target.stat().st_size:,} bytes, {len(font.getBestCmap()):,} characters")
    return 0


if __name__ == "__main__":
    sys.exit(main())
