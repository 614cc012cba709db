"""The Medina board image, drawn from a view only (``Medina.view(state, seat)``), on the shared
1100 x 800 frame (:mod:`renderers.frame`) so it reads at Discord's inline size.

``render(view, *, names=None, lang="en") -> bytes``; :func:`draw` gives the image. What it shows:

- **header**: whose turn (the seat's mark and the player's name) and what they must decide in
  words (``view["decision"]``: the pieces they may place and how many placements are left, a
  rooftop that is due, the edition-1 start merchant), and the last turn's placements in large
  notation with the seat's mark; at the end, the winner and the tie-break in words;
- **board** (left): the 16 x 11 or 14 x 10 city with column letters and row numbers on all four
  sides and the eight wall arms (``1E`` ... ``4N``) beside their towers, all in notation type
  (>= 20 px); palaces as blocks of their building colour, a roofed one outlined in its owner's
  colour with the rooftop drawn on the very cell the player named, as the owner's seat mark
  (shape and number); neutral rooftops striped, without a number; an unroofed palace carries a
  badge: ``+`` open (it can still grow), ``x`` stuck; merchants joined by their street, the active
  line's ends ringed; walls; each tower's tile holder as a seat mark at the tower, or the
  merchants still lying on the tile; the well, its zone and bonus cells; the last turn's
  placements ringed in the highlight hue (a hue no piece uses);
- **legend** (under the board): the four building colours with their palace tile's value and
  holder, and whether the colour is closed, has an open palace (named by its first cell), stuck
  palaces, or starts a new palace; the neutral rooftop's look and the tea tiles left;
- **seat cards** (right): mark, the player's name, the public score, rooftops (and neutral
  rooftops) still to place, tea tiles, tiles held; at the end the rank and the breakdown.

Nothing behind a player's screen is in the public view, so nothing of it can appear here. Words
come from the catalogue (``games/medina/messages.py``) in English or Japanese.

Speed: the plate, grid, labels, ring and towers are drawn once per board side and theme (a
cached layer in :mod:`.board`, declared for the size checks); a render copies it and draws the
pieces. What comes back unchanged move after move is cached by value and pasted: each palace
(until it grows or is roofed; copied where opaque, :class:`renderers.common.Cut`), each wall, the
legend (until a palace tile, a colour's palaces or the tea pool changes) and each seat card with
the tiles it holds; merchants are pasted without Pillow's per-call checks. Every shortcut
gives the same pixels as drawing it all; a recording (the size tests) draws everything afresh.

The parts: :mod:`.geometry` (where things go), :mod:`.pieces` (the palette and the sprites),
:mod:`.canvas` (what every part draws with), :mod:`.board` (the city) and :mod:`.panels` (the
header, the legend and the seat cards); this module checks the view and puts them together.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from renderers import frame as fr
from renderers import palettes
from renderers.common import DEFAULT_THEME, Theme, encode_png, region, within
from renderers.medina.board import _base, _Board
from renderers.medina.geometry import BoardLayout, Box, board_layout, frame_layout
from renderers.medina.panels import _Panels
from renderers.medina.pieces import BUILDING_RGB  # noqa: F401  (tests read ``renderers.medina.BUILDING_RGB``)

__all__ = ["BoardLayout", "board_layout", "draw", "render"]

_REQUIRED = ("game", "num_players", "width", "height", "colours", "building_colours", "palaces",
             "merchant_lines", "walls", "towers", "palace_tiles", "scores", "to_act")


def _check(view: dict[str, Any]) -> None:
    if not isinstance(view, dict) or view.get("game") != "medina":
        game = view.get("game") if isinstance(view, dict) else view
        raise ValueError(f"not a Medina view: game is {game!r}")
    missing = [key for key in _REQUIRED if key not in view]
    if missing:
        raise ValueError(f"a Medina view lacks {', '.join(missing)}")
    if (view["width"], view["height"]) not in ((16, 11), (14, 10)):
        raise ValueError(f"Medina has no {view['width']}x{view['height']} side")
    n = view["num_players"]
    if not 2 <= n <= 4 or len(view["colours"]) != n or len(view["scores"]) != n:
        raise ValueError("a Medina view needs 2 to 4 seats with a colour and a score each")


def render(view: dict[str, Any], *, names: Sequence[str] | None = None, lang: str = "en",
           theme: Theme = DEFAULT_THEME) -> bytes:
    """PNG bytes of a Medina view on the 1100 x 800 frame; ``names`` the players' display names by
    seat (default "Player 1", ...), ``lang`` ``en`` or ``ja``.

    The same picture for every seat: the view's private ``screen``, if any, is not drawn.
    Raises ``ValueError`` for a view that is not Medina's or an unknown language.
    """
    return encode_png(draw(view, names=names, lang=lang, theme=theme), palette=palettes.fixed("medina", theme))


def draw(view: dict[str, Any], *, names: Sequence[str] | None = None, lang: str = "en",
         theme: Theme = DEFAULT_THEME) -> Image.Image:
    """The image :func:`render` encodes."""
    _check(view)
    if lang not in ("en", "ja"):
        raise ValueError(f"unknown language {lang!r}; known: en, ja")
    n = view["num_players"]
    shown = fr.player_names(names, n, lang)
    picture = _Picture(view, shown, lang, theme)
    return picture.draw()


class _Picture(_Board, _Panels):
    """One render: the view, the names, the language, the frame and the board's geometry."""

    def __init__(self, view: dict[str, Any], names: list[str], lang: str, theme: Theme) -> None:
        self.view, self.names, self.lang, self.theme = view, names, lang, theme
        self.colours = tuple(view["colours"])
        self.lay = board_layout(view["width"], view["height"])
        self.neutral = view.get("neutral_colour")
        result = view.get("result") if view.get("finished") else None
        self.result = result or None
        seats = [self._seat(i) for i in range(len(self.colours))]
        self.frame = _Frame(seats, lang=lang, theme=theme, lay=frame_layout(),
                            base=_base(view["width"], view["height"], theme), picture=weakref.proxy(self))
        self.image = self.frame.image
        self.d = ImageDraw.Draw(self.image)

    # -- the whole picture ----------------------------------------------------------------------

    def draw(self) -> Image.Image:
        with within(self.lay.box):
            self._draw_board()
        with within(self.lay.legend):
            self._paste_legend()
        self._draw_header()
        self.frame.draw_seats()
        return self.image

    def _paste_legend(self) -> None:
        """The legend (:meth:`_draw_legend`), pasted from :func:`renderers.common.region` when it
        looks as before: it changes only when a palace tile, a colour's palaces or the tea pool does."""
        view = self.view
        facts = {"palace_tiles": view["palace_tiles"], "closed": view.get("closed") or [],
                 "palaces": [{"colour": p["colour"], "status": p.get("status"), "buildings": p["buildings"][:1]}
                             for p in view["palaces"] if p.get("owner") is None],
                 "columns": view.get("columns"), "tea": view.get("tea") or {}}
        key = ("medina.legend", repr(facts), view["width"], view["height"], self.colours,
               self.neutral, self.lang, self.theme)
        region(self.image, self.lay.legend, key, lambda: self._draw_legend(facts))


@dataclass
class _Frame(fr.Frame):
    """The frame whose seat cards also show the tiles each seat holds (while the game runs).
    ``picture`` is a weak reference: a cycle would keep every canvas alive until the garbage
    collector runs, and a new canvas would not reuse the memory of the last one."""

    picture: Any = field(default=None, repr=False, compare=False)

    def card_extra(self, seat: fr.Seat) -> Any:
        if self.picture.result is not None:
            return None
        return self.picture.tiles_held(seat.seat)

    def _paint_card(self, seat: fr.Seat, box: Box, final: bool) -> None:
        super()._paint_card(seat, box, final)
        if self.picture.result is None:
            self.picture._draw_tiles_held(seat.seat, box)
