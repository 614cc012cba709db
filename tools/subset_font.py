"""Rebuild the board fonts shipped in ``renderers/fonts/`` (SIL OFL 1.1, see ``OFL.txt`` there).

    cd /tmp/noto && apt-get download fonts-noto-core fonts-noto-cjk fonts-noto-ui-core \\
        && for f in *.deb; do dpkg-deb -x "$f" .; done && npm pack @fontsource/noto-emoji \\
        && tar xzf fontsource-noto-emoji-*.tgz
    python3 tools/subset_font.py /tmp/noto

One chain of faces per weight (``renderers.common``), each drawing what the ones before lack:

- ``NotoSansCJK-*.otf``: Noto Sans CJK (its JP face, which holds every CJK glyph), subset to
  Latin with Latin-1, Greek and Cyrillic, the punctuation, arrows, maths and shapes the boards
  draw (→ × ★ ①), kana, the CJK symbols and full-width forms, the kanji of Windows code page 932
  (JIS X 0208 plus the NEC and IBM extensions such as 髙 and 﨑), the hanzi of GB 2312 and of
  Big5's frequent level, and all 11,172 Hangul syllables: about 22,600 characters in 3.6 MB
  instead of 19 MB;
- ``NotoSansLatin-*.ttf``: Noto Sans, only the characters the first face lacks (Latin
  Extended-A and -B, Vietnamese, combining accents, more Cyrillic and Greek: Ł, Č, Ş, Ő, ệ);
- ``NotoSansArabicUI-*``, ``NotoSansHebrew-*``, ``NotoSansThaiUI-*``,
  ``NotoSansDevanagariUI-*``: whole, without hinting, with every layout feature (they are shaped
  by Pillow's libraqm); the UI faces keep their marks inside Latin line heights;
- ``NotoEmoji-Regular.ttf``: the monochrome Noto Emoji (from the ``@fontsource/noto-emoji`` npm
  package, its "emoji" slice, which holds every emoji and the ligatures of ZWJ sequences and
  flags), one weight for both chains.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

FONTS = Path(__file__).resolve().parent.parent / "renderers" / "fonts"
CJK_SOURCE = "usr/share/fonts/opentype/noto/NotoSansCJK-{weight}.ttc"
NOTO = "usr/share/fonts/truetype/noto/{name}-{weight}.ttf"
EMOJI_SOURCE = "package/files/noto-emoji-emoji-400-normal.woff"
SCRIPT_FACES = ("NotoSansArabicUI", "NotoSansHebrew", "NotoSansThaiUI", "NotoSansDevanagariUI")
RANGES = [(0x20, 0x7E), (0xA0, 0x24F), (0x370, 0x3FF), (0x400, 0x4FF), (0x2000, 0x206F), (0x2100, 0x214F),
          (0x2190, 0x21FF), (0x2200, 0x22FF), (0x2460, 0x24FF), (0x2500, 0x27BF), (0x3000, 0x30FF),
          (0x3130, 0x318F), (0x31F0, 0x31FF), (0xAC00, 0xD7A3), (0xFF00, 0xFFEF)]
#: Big5's frequent hanzi (its level 1): the rare level 2 would add 6,300 characters and 1.6 MB.
BIG5_FREQUENT = (0xA440, 0xC67E)


def _encodes(ch: str, encoding: str) -> bytes | None:
    try:
        return ch.encode(encoding)
    except UnicodeEncodeError:
        return None


def cjk_codepoints() -> set[int]:
    wanted = {cp for lo, hi in RANGES for cp in range(lo, hi + 1)}
    for cp in [*range(0x4E00, 0xA000), *range(0xF900, 0xFB00)]:
        ch = chr(cp)
        big5 = _encodes(ch, "big5")
        if _encodes(ch, "cp932") or _encodes(ch, "gb2312") or \
                (big5 and BIG5_FREQUENT[0] <= int.from_bytes(big5, "big") <= BIG5_FREQUENT[1]):
            wanted.add(cp)
    return wanted


def write(font: TTFont, wanted: set[int] | None, target: Path, features: list[str]) -> set[int]:
    """Subset ``font`` to ``wanted`` (``None``: every character it has) and save it at ``target``."""
    options = subset.Options()
    options.layout_features = features
    options.hinting = False
    options.name_IDs = ["*"]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=set(font.getBestCmap()) if wanted is None else wanted)
    subsetter.subset(font)
    font.flavor = None
    font.save(target)
    covered = set(font.getBestCmap())
    print(f"{target}: {target.stat().st_size:,} bytes, {len(covered):,} characters")
    return covered


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__)
        return 2
    source = Path(argv[0])
    for weight in ("Regular", "Bold"):
        cjk = TTFont(source / CJK_SOURCE.format(weight=weight), fontNumber=0)  # face 0 of the collection is JP
        covered = write(cjk, cjk_codepoints(), FONTS / f"NotoSansCJK-{weight}.otf", ["kern", "palt", "ccmp"])
        latin = TTFont(source / NOTO.format(name="NotoSans", weight=weight))
        rest = {cp for cp in latin.getBestCmap() if cp not in covered and cp > 0x7F}
        write(latin, rest, FONTS / f"NotoSansLatin-{weight}.ttf", ["kern", "ccmp", "mark", "mkmk"])
        for name in SCRIPT_FACES:
            write(TTFont(source / NOTO.format(name=name, weight=weight)), None, FONTS / f"{name}-{weight}.ttf", ["*"])
    write(TTFont(source / EMOJI_SOURCE), None, FONTS / "NotoEmoji-Regular.ttf", ["*"])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
