"""What every part of one Medina picture draws with (the board in :mod:`.board`; the header,
legend and seat cards in :mod:`.panels`): the attributes the picture sets, the catalogue's words,
and the colours of the seats and of the neutral rooftops."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

import games.medina  # noqa: F401  (registers the game's texts)
from games.messages import translate
from renderers import frame as fr
from renderers.common import Theme
from renderers.medina.geometry import BoardLayout
from renderers.medina.pieces import RGB


class _Canvas:
    """One render's state, set by :class:`renderers.medina._Picture`: the view, the names, the
    language, the theme, the frame and the board's geometry."""

    view: dict[str, Any]
    names: list[str]
    lang: str
    theme: Theme
    colours: tuple[str, ...]
    lay: BoardLayout
    neutral: Any
    result: dict[str, Any] | None
    frame: fr.Frame
    image: Image.Image
    d: ImageDraw.ImageDraw

    def say(self, key: str, **params: Any) -> str:
        return translate(key, self.lang, **params)

    def seat_rgb(self, seat: int) -> RGB:
        return self.theme.seat_colour(self.colours[seat])

    def neutral_rgb(self) -> RGB:
        return self.theme.seat_colour(self.neutral) if self.neutral in self.theme.palette else (200, 200, 200)

    def owner_rgb(self, owner: Any) -> RGB:
        return self.neutral_rgb() if owner == "neutral" else self.seat_rgb(owner)
