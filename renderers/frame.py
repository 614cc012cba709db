"""The frame every board image shares, designed for the size Discord shows it at.

Discord shows an image inline at most 550 x 400 px on a desktop and about 360 px wide on a phone.
Every game draws on a landscape canvas of :data:`WIDTH` x :data:`HEIGHT` (1100 x 800, exactly
twice the inline box, so a pixel here is half a pixel there) laid out as:

- a **header** across the top: whose turn it is and what they must decide, and the last move's
  notation in large type with its seat's mark (or, at the end, who won);
- the **board**, on the left, in a box the game fills as it likes;
- the **seat cards**, on the right: each seat's mark (colour, shape and number), the player's
  name (cut to fit), the public score and a few short facts; the seat to act framed; at the end
  the ranking with each score's breakdown and the tie-break in words.

Sizes are stated for the inline picture: text a player types (coordinates, arm names, estate
words) is drawn at :data:`LABEL` px or more (10 px inline), the headline facts at
:data:`HEADLINE` px or more (12 px inline), any other text at :data:`TEXT` px or more (8 px).
``tests/test_render_standard.py`` measures every game against these.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

import renderers.messages  # noqa: F401  (registers the frame's texts)
from games.messages import join_names, translate
from renderers.common import (
    DEFAULT_THEME,
    RGB,
    Theme,
    crown_sprite,
    darker,
    fit_text,
    framed,
    isolate,
    mix,
    on_canvas,
    paste,
    paste_centred,
    region,
    rounded_box_sprite,
    seat_mark,
    text,
    text_box,
    text_width,
    within,
    wrap_text,
)

Box = tuple[int, int, int, int]

#: The canvas: twice Discord's 550 x 400 inline box.
WIDTH, HEIGHT = 1100, 800
INLINE = (550, 400)
#: Minimum sizes on the canvas (twice the inline sizes of the standard).
LABEL, HEADLINE, TEXT = 20, 24, 16
MARGIN = 12
HEADER_HEIGHT = 84
#: The seat cards' column, right of the board, unless a game asks for another width.
SIDE_WIDTH = 300
#: The width of the frame round the card of the seat to act (texts stay inside it).
ACTIVE_EDGE = 5


def inline_scale(width: int, height: int) -> float:
    """How much Discord shrinks an image of this size to show it inline (550 x 400 at most)."""
    return min(1.0, INLINE[0] / width, INLINE[1] / height)


@dataclass(frozen=True)
class Layout:
    """The boxes of the frame (canvas pixels)."""

    width: int
    height: int
    header: Box
    board: Box
    side: Box


def layout(side_width: int = SIDE_WIDTH, *, width: int = WIDTH, height: int = HEIGHT) -> Layout:
    top = HEADER_HEIGHT
    side = (width - MARGIN - side_width, top + MARGIN // 2, width - MARGIN, height - MARGIN)
    board = (MARGIN, top + MARGIN // 2, side[0] - MARGIN, height - MARGIN)
    return Layout(width, height, (0, 0, width, top), board, side)


def canvas(lay: Layout, theme: Theme = DEFAULT_THEME) -> Image.Image:
    """A blank canvas in the theme's background, declared for recording."""
    image = Image.new("RGB", (lay.width, lay.height), theme.background)
    on_canvas(image)
    return image


@dataclass(frozen=True)
class Seat:
    """What the frame shows of one seat. ``name`` is the player's display name (any script);
    ``score`` the public score as printed; ``facts`` a few short public facts ("5 pieces");
    ``breakdown`` (final image) how the score is made up; ``rank`` set once the game is over."""

    seat: int
    colour: RGB
    name: str
    score: str | None = None
    facts: tuple[str, ...] = ()
    acting: bool = False
    rank: int | None = None
    breakdown: tuple[str, ...] = ()
    note: str | None = None  # e.g. "AI" or "dropped"


@dataclass(frozen=True)
class Headline:
    """The header's facts. ``acting`` the seats to act; ``decision`` what they must decide, in
    words; ``last_seat``/``last`` the last move's seat and notation; ``outcome`` (final image)
    the result in words ("Alice wins", "Draw: the teams tie at 48")."""

    acting: tuple[int, ...] = ()
    decision: str | None = None
    last_seat: int | None = None
    last: str | None = None
    outcome: str | None = None
    detail: str | None = None  # a second line under the outcome, e.g. the tie-break
    draw: bool = False  # the outcome is a draw: no crown


@dataclass
class Frame:
    """One image being drawn: the canvas, its layout, the seats and the language. ``base`` is the
    game's static layer (an RGB image of the canvas' size, drawn once and cached): the canvas
    starts as a copy of it instead of blank."""

    seats: Sequence[Seat]
    lang: str = "en"
    theme: Theme = DEFAULT_THEME
    lay: Layout = field(default_factory=layout)
    base: Image.Image | None = field(default=None, repr=False, compare=False)
    image: Image.Image = field(init=False)

    def __post_init__(self) -> None:
        if self.base is None:
            self.image = canvas(self.lay, self.theme)
        else:
            self.image = self.base.copy()
            on_canvas(self.image)

    def say(self, key: str, **params: object) -> str:
        return translate(key, self.lang, **params)

    def seat_by_index(self, seat: int) -> Seat | None:
        return next((s for s in self.seats if s.seat == seat), None)

    # -- header --------------------------------------------------------------------------------

    def draw_header(self, headline: Headline) -> None:
        """The status sentence (left) and the last move (right) across the top."""
        d = ImageDraw.Draw(self.image)
        x0, y0, x1, y1 = self.lay.header
        theme = self.theme
        d.rectangle([x0, y0, x1, y1 - 1], fill=self.header_ground)
        d.line([(x0, y1 - 1), (x1, y1 - 1)], fill=theme.card_edge, width=2)
        last_width = self._draw_last(d, headline) if headline.outcome is None else 0
        left, right = x0 + MARGIN, x1 - MARGIN - last_width - (MARGIN if last_width else 0)
        with within((left, y0, right, y1)):
            if headline.outcome is not None:
                self._draw_outcome(d, headline, left, right)
            else:
                self._draw_turn(d, headline, left, right)

    @property
    def header_ground(self) -> RGB:
        """The header's flat colour (its texts are pasted over it, see :func:`renderers.common.text`)."""
        return mix(self.theme.background, self.theme.card, 0.6)

    def _draw_turn(self, d: ImageDraw.ImageDraw, headline: Headline, left: int, right: int) -> None:
        y0, y1 = self.lay.header[1], self.lay.header[3]
        acting = [s for s in (self.seat_by_index(i) for i in headline.acting) if s is not None]
        x = left
        top = y0 + 8 if headline.decision else (y0 + y1) / 2 - 17
        mark = 36
        for seat in acting[:4]:
            paste_centred(self.image, seat_mark(mark, seat.seat, seat.colour), (x + mark / 2, top + 17))
            x += mark + 4
        x += 4
        who = self._waiting(acting, right - x)
        ground = self.header_ground
        text(d, (x, top + 17), fit_text(who, size=30, width=right - x, bold=True), size=30,
             fill=self.theme.text, anchor="lm", bold=True, role="headline", ground=(ground, (x, y0, right, y1 - 3)))
        if headline.decision:
            line = fit_text(headline.decision, size=HEADLINE, width=right - left)
            text(d, (left, y1 - 22), line, size=HEADLINE, fill=self.theme.text, anchor="lm", role="headline",
                 ground=(ground, (left, y0 + 44, right, y1 - 3)))

    def _waiting(self, acting: Sequence[Seat], width: float) -> str:
        """Who is to act, in ``width`` px at the headline's size: one name, or as many whole names
        as fit and "+N more" for the rest (a cut name would hide how many are waited on)."""
        if len(acting) == 1:
            return self.say("board.to_play", player=acting[0].name)
        if not acting:
            return self.say("board.start")
        names = [s.name for s in acting]

        def say(shown: list[str]) -> str:
            rest = len(names) - len(shown)
            return (self.say("board.to_play_many", players=join_names(shown, self.lang)) if not rest else
                    self.say("board.to_play_more", players=join_names(shown, self.lang), count=rest))

        for count in range(len(names), 1, -1):
            words = say(names[:count])
            if text_width(words, size=30, bold=True) <= width:
                return words
        room = width - text_width(say([""]), size=30, bold=True)  # the first name, cut to leave the count
        return say([fit_text(names[0], size=30, width=max(room, 0), bold=True)])

    def _draw_outcome(self, d: ImageDraw.ImageDraw, headline: Headline, left: int, right: int) -> None:
        y0, y1 = self.lay.header[1], self.lay.header[3]
        x = left
        if not headline.draw:
            crown = crown_sprite(40, self.theme.gold, darker(self.theme.gold, 0.5))
            paste_centred(self.image, crown, (left + 20, y0 + 26))
            x = left + 50
        title = f"{self.say('board.game_over')} · {headline.outcome}"
        ground = self.header_ground
        text(d, (x, y0 + 26), fit_text(title, size=30, width=right - x, bold=True), size=30,
             fill=self.theme.text, anchor="lm", bold=True, role="headline", ground=(ground, (x, y0, right, y1 - 3)))
        if headline.detail:
            text(d, (left, y1 - 20), fit_text(headline.detail, size=HEADLINE, width=right - left), size=HEADLINE,
                 fill=self.theme.text, anchor="lm", role="headline", ground=(ground, (left, y0 + 44, right, y1 - 3)))

    def _draw_last(self, d: ImageDraw.ImageDraw, headline: Headline) -> int:
        """The last move, right-aligned in the header; returns the width used (0 if none)."""
        if not headline.last:
            return 0
        x0, y0, x1, y1 = self.lay.header
        caption = self.say("board.last")
        notation = headline.last
        seat = self.seat_by_index(headline.last_seat) if headline.last_seat is not None else None
        size = 32
        width = max(text_width(caption, size=TEXT), text_width(notation, size=size, bold=True) + (40 if seat else 0))
        width = min(width, (x1 - x0) * 0.45)
        right = x1 - MARGIN
        left = right - width
        with within((left - 8, y0, right + 10, y1)):  # the highlight band reaches 8 px past the text
            cy = y1 - 26
            text(d, (right, y0 + 6), caption, size=TEXT + 2, fill=self.theme.muted, anchor="ra",
                 ground=(self.header_ground, (left - 8, y0, right + 10, cy - 21)))
            shown = fit_text(notation, size=size, width=width - (40 if seat else 0), bold=True)
            w = text_width(shown, size=size, bold=True)
            # the last move's mark: the highlight hue as a rounded band behind the notation
            band = rounded_box_sprite(round(w + 16), 42, self.theme.highlight + (110,), self.theme.highlight,
                                      2.5, 10)
            paste(self.image, band, (round(right - w - 8), round(cy - 21)))
            text(d, (right, cy), shown, size=size, fill=self.theme.text, anchor="rm", bold=True, role="headline")
            if seat is not None:
                paste_centred(self.image, seat_mark(32, seat.seat, seat.colour), (right - w - 30, cy))
        return round(width)

    # -- seat cards ----------------------------------------------------------------------------

    def draw_seats(self, box: Box | None = None, *, order: Sequence[int] | None = None,
                   seats: Sequence[Seat] | None = None) -> list[Box]:
        """A card per seat (of ``seats``, default all) stacked in ``box`` (default: the side
        column), in seat order or the given ``order``; once ranks are set, sorted by rank with
        each breakdown. Returns each card's box in seat order so the game can add its icons."""
        box = box or self.lay.side
        seats = list(self.seats if seats is None else seats)
        final = any(s.rank is not None for s in seats)
        if final:
            seats.sort(key=lambda s: (s.rank, s.seat))
        elif order is not None:
            rank_of = {seat: i for i, seat in enumerate(order)}
            seats.sort(key=lambda s: rank_of.get(s.seat, len(rank_of) + s.seat))
        x0, y0, x1, y1 = box
        gap = 8
        n = max(1, len(seats))
        height = min(150 if final else 118, (y1 - y0 - gap * (n - 1)) // n)
        boxes: dict[int, Box] = {}
        y = y0
        for seat in seats:
            card = (x0, y, x1, y + height)
            with within(card):
                self._draw_card(seat, card, final)
            boxes[seat.seat] = card
            y += height + gap
        return [boxes[i] for i in sorted(boxes)]

    def _draw_card(self, seat: Seat, box: Box, final: bool) -> None:
        """The card of ``seat`` in ``box``, pasted from :func:`renderers.common.region` when the
        same seat looked the same before (most cards come back unchanged move after move). The
        region takes the pixel column left of the card too (the acting seat's pointer); the side
        column must hold only the theme's background under the cards."""
        x0, y0, x1, y1 = box
        region(self.image, (x0 - 1, y0, x1, y1),
               ("frame.card", type(self).__qualname__, seat, final, self.theme, self.lang, self.card_extra(seat)),
               lambda: self._paint_card(seat, box, final))

    @staticmethod
    def inside(box: Box) -> Box:
        """The part of a card ``box`` its texts stay in: inside the acting seat's frame (every
        card keeps it free, so a card reads the same when its seat comes to act)."""
        inset = ACTIVE_EDGE + 1
        return box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset

    def card_extra(self, seat: Seat) -> Any:
        """What a game adds to a seat's card beyond :class:`Seat` (it overrides
        :meth:`_paint_card` to draw it): part of the card's cache key. None here."""
        return None

    def _paint_card(self, seat: Seat, box: Box, final: bool) -> None:
        theme = self.theme
        d = ImageDraw.Draw(self.image)
        x0, y0, x1, y1 = box
        w, h = x1 - x0, y1 - y0
        edge = seat.colour if seat.acting else theme.card_edge
        card = rounded_box_sprite(w, h, theme.card, edge, ACTIVE_EDGE if seat.acting else 2.0, 12)
        paste(self.image, card, (x0, y0))
        framed(self.image, box, ACTIVE_EDGE if seat.acting else 2.0)
        # a band of the seat's colour down the left edge, its mark on it
        d.rounded_rectangle([x0 + 3, y0 + 3, x0 + 12, y1 - 3], radius=4, fill=seat.colour)
        mark, mx, my = self._card_mark(box)
        paste_centred(self.image, seat_mark(mark, seat.seat, seat.colour), (mx, my))
        if final and seat.rank == 1:
            paste_centred(self.image, crown_sprite(30, theme.gold, darker(theme.gold, 0.5)), (mx, y0 + 4 + 11))
        with within(self.inside(box)):
            self._paint_card_texts(d, seat, box, final)
        if seat.acting and not final:
            d.polygon([(x0 - 1, (y0 + y1) / 2 - 10), (x0 + 9, (y0 + y1) / 2), (x0 - 1, (y0 + y1) / 2 + 10)],
                      fill=theme.text)

    @staticmethod
    def _card_mark(box: Box) -> tuple[int, float, float]:
        """The size and centre of the seat's mark on a card."""
        x0, y0, x1, y1 = box
        h = y1 - y0
        mark = max(28, min(48, h - 50) if h > 90 else min(40, h - 12))
        return mark, x0 + 20 + mark / 2, y0 + 10 + mark / 2

    def _paint_card_texts(self, d: ImageDraw.ImageDraw, seat: Seat, box: Box, final: bool) -> None:
        """The name, score, rank and facts of a card, inside its frame (see :meth:`inside`)."""
        theme = self.theme
        x0, y0, x1, y1 = box
        mark, mx, my = self._card_mark(box)
        name_x = mx + mark / 2 + 10
        ranked = final and seat.rank is not None
        name = seat.name + (f" ({seat.note})" if seat.note else "")
        score_w = 0 if seat.score is None else text_width(seat.score, size=36, bold=True)
        # A final card's name too long to share its line with the big score (a Japanese name is as
        # wide as an English one twice its length) keeps the whole line; the score goes down to
        # the rank's line, a size smaller.
        score_below = (ranked and seat.score is not None
                       and text_width(name, size=26, bold=True) > x1 - 12 - score_w - 10 - name_x)
        if seat.score is not None:
            score_size, score_y = (30, my + 18) if score_below else (36, my)
            score_w = 0 if score_below else score_w
            text(d, (x1 - 12, score_y), seat.score, size=score_size, fill=theme.text, anchor="rm", bold=True,
                 role="headline")
        if ranked:  # under the name, which keeps the whole line
            rank = self.say("board.rank", rank=seat.rank)
            text(d, (name_x, my + 16), rank, size=HEADLINE, fill=theme.text, anchor="lm", bold=True, role="headline")
        room = x1 - 12 - score_w - 10 - name_x
        y_name = my - 12 if final else my
        text(d, (name_x, y_name), fit_text(name, size=26, width=room, bold=True), size=26,
             fill=theme.text, anchor="lm", bold=True, role="headline")
        lines = list(seat.breakdown if final else seat.facts)
        y = y0 + 10 + mark + 4
        if final:
            y = max(y, my + 34 if ranked else my + 14)
        bottom = self.inside(box)[3]
        for line in lines:
            for part in wrap_text(line, size=TEXT + 2, width=x1 - 14 - (x0 + 20), max_lines=2):
                if y + text_box(part, size=TEXT + 2)[3] > bottom:  # its ink, descenders too, inside the frame
                    return
                text(d, (x0 + 20, y), part, size=TEXT + 2, fill=theme.text, anchor="la")
                y += TEXT + 6


def player_names(names: Sequence[str] | None, count: int, lang: str) -> list[str]:
    """The names to print per seat: the given ones, else "Player 1", "Player 2", ...; a
    right-to-left name as an isolate (:func:`renderers.common.isolate`), so the sentences that
    hold it keep their order."""
    given = list(names or [])
    return [isolate(given[i]) if i < len(given) and given[i] else translate("board.player", lang, number=i + 1)
            for i in range(count)]


def outcome(ranks: Sequence[int], names: Sequence[str], lang: str) -> str:
    """The result in words: "Alice wins", or a shared win naming every winner."""
    winners = [names[i] for i, rank in enumerate(ranks) if rank == 1]
    if len(winners) == 1:
        return translate("board.winner", lang, player=winners[0])
    if len(winners) == len(ranks):
        return translate("board.draw", lang)
    return translate("board.winners", lang, players=join_names(winners, lang))
