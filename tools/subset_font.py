"""Rebuild the board fonts shipped in ``renderers/fonts/`` (SIL OFL 1.1, see ``OFL.txt`` there).

    apt-get install fonts-noto-cjk fonts-noto-core && python3 tools/subset_font.py

Two faces per weight, used as one chain (``renderers.common``):

- ``NotoSansJP-*.otf``: Noto Sans CJK JP, subset to Latin with Latin-1, Greek and Cyrillic, the
  punctuation, arrows, maths and shapes the boards draw (→ × ★ ①), kana, the CJK symbols, the
  full-width forms and every kanji of Windows code page 932 (JIS X 0208 plus the NEC and IBM
  extensions such as 髙 and 﨑): about 8,100 characters in 1.7 MB instead of 19 MB;
- ``NotoSansLatin-*.ttf``: Noto Sans, only the characters the first face lacks (Latin
  Extended-A and -B, Vietnamese, combining accents, more Cyrillic and Greek: Ł, Č, Ş, Ő, ệ),
  which Noto Sans CJK does not cover.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

FONTS = Path(__file__).resolve().parent.parent / "renderers" / "fonts"
CJK_SOURCE = "/usr/share/fonts/opentype/noto/NotoSansCJK-{weight}.ttc"
LATIN_SOURCE = "/usr/share/fonts/truetype/noto/NotoSans-{weight}.ttf"
RANGES = [(0x20, 0x7E), (0xA0, 0x24F), (0x370, 0x3FF), (0x400, 0x4FF), (0x2000, 0x206F), (0x2100, 0x214F),
          (0x2190, 0x21FF), (0x2200, 0x22FF), (0x2460, 0x24FF), (0x2500, 0x27BF), (0x3000, 0x30FF),
          (0x31F0, 0x31FF), (0xFF00, 0xFFEF)]


def cjk_codepoints() -> set[int]:
    wanted = {cp for lo, hi in RANGES for cp in range(lo, hi + 1)}
    for cp in [*range(0x4E00, 0xA000), *range(0xF900, 0xFB00)]:
        try:
            chr(cp).encode("cp932")
        except UnicodeEncodeError:
            continue
        wanted.add(cp)
    return wanted


def write(font: TTFont, wanted: set[int], target: Path) -> set[int]:
    options = subset.Options()
    options.layout_features = ["kern", "palt", "ccmp", "mark", "mkmk"]
    options.hinting = False
    options.name_IDs = ["*"]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=wanted)
    subsetter.subset(font)
    font.save(target)
    covered = set(font.getBestCmap())
    print(f"{target}: {target.stat().st_size:,} bytes, {len(covered):,} characters")
    return covered


def main() -> int:
    for weight in ("Regular", "Bold"):
        cjk = TTFont(CJK_SOURCE.format(weight=weight), fontNumber=0)  # face 0 of the collection is JP
        covered = write(cjk, cjk_codepoints(), FONTS / f"NotoSansJP-{weight}.otf")
        latin = TTFont(LATIN_SOURCE.format(weight=weight))
        rest = {cp for cp in latin.getBestCmap() if cp not in covered and cp > 0x7F}
        write(latin, rest, FONTS / f"NotoSansLatin-{weight}.ttf")
    return 0


if __name__ == "__main__":
    sys.exit(main())
