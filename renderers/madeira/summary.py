"""The Madeira summary image (inline): ``render(view, names=, lang=)`` on the shared 1100 x 800
frame (:mod:`renderers.frame`), readable at 550 x 400. The package docstring lists what it shows."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from PIL import Image, ImageDraw

from games.messages import join_names, translate
from renderers import frame, palettes
from renderers.common import (
    DEFAULT_THEME,
    Theme,
    cached,
    crown_sprite,
    darker,
    encode_png,
    fit_text,
    framed,
    ink_on,
    mix,
    on_canvas,
    paste,
    paste_centred,
    region,
    rounded_box_sprite,
    seat_mark,
    text,
    text_width,
    within,
    wrap_text,
)
from renderers.madeira.sprites import (
    EDGE,
    FAINT,
    GUILDS,
    INK,
    REGION,
    RGB,
    _die_colours,
    _die_sprite,
    _icon_sprite,
)
from renderers.madeira.view import (
    _character_name,
    _check,
    _current_building,
    _decision,
    _last_target,
    _tie_words,
    _word,
)

HEADER_H = 118
SIDE_W = 436


def _summary_layout() -> frame.Layout:
    top = HEADER_H
    m = frame.MARGIN
    side = (frame.WIDTH - m - SIDE_W, top + 6, frame.WIDTH - m, frame.HEIGHT - m)
    board = (m, top + 6, side[0] - m, frame.HEIGHT - m)
    return frame.Layout(frame.WIDTH, frame.HEIGHT, (0, 0, frame.WIDTH, top), board, side)


def _wrapped(s: str, width: float, sizes: tuple[int, ...], max_lines: int, bold: bool = False) -> tuple[list[str], int]:
    """``s`` in at most ``max_lines`` lines at the largest of ``sizes`` where nothing is cut (the
    smallest size when nothing fits whole: then the last line ends in "…")."""
    for size in sizes:
        lines = wrap_text(s, size=size, width=width, bold=bold, max_lines=max_lines + 1)
        if len(lines) <= max_lines and not (lines and lines[-1].endswith("…") and not s.endswith("…")):
            return lines, size
    size = sizes[-1]
    return wrap_text(s, size=size, width=width, bold=bold, max_lines=max_lines), size


class _Canvas:
    """One summary image being drawn, in two stages: ``static`` draws what depends only on the
    player count, the language, the phase group and the board's fixed data (backgrounds, fixed
    labels, the resource icons), cached per key in :func:`_summary_base`; the dynamic stage draws
    the position on a copy of it."""

    def __init__(self, view: dict[str, Any], names: list[str], lang: str, theme: Theme, static: bool,
                 image: Image.Image | None = None, base: tuple[Any, ...] | None = None) -> None:
        self.view, self.names, self.lang, self.theme, self.static = view, names, lang, theme, static
        self.base = base  # the static key of the layer the dynamic stage draws on
        self.lay = _summary_layout()
        if image is None:
            self.image = frame.canvas(self.lay, theme)
        else:
            self.image = image
            on_canvas(image)
        self.d = ImageDraw.Draw(self.image)
        self.colours = [theme.seat_colour(c) for c in view["colours"]]
        self.last = None if static else _last_target(view)

    def say(self, key: str, **params: Any) -> str:
        return translate(key, self.lang, **params)

    def mark(self, seat: int, diameter: int, centre: tuple[float, float]) -> None:
        paste_centred(self.image, seat_mark(diameter, seat, self.colours[seat]), centre)

    def icon(self, kind: str, px: int, centre: tuple[float, float]) -> None:
        paste_centred(self.image, _icon_sprite(kind, px), centre)

    def ring(self, box: tuple[float, float, float, float], radius: float = 10) -> None:
        """The last move's mark: a halo in the highlight hue around ``box``."""
        x0, y0, x1, y1 = (round(v) for v in box)
        sprite = rounded_box_sprite(x1 - x0, y1 - y0, (0, 0, 0, 0), self.theme.highlight, 5.0, radius)
        paste(self.image, sprite, (x0, y0))

    @property
    def ground(self) -> RGB:
        """The header's flat colour (its texts are pasted over it, see :func:`renderers.common.text`)."""
        return mix(self.theme.background, self.theme.card, 0.6)

    def part(self, box: tuple[int, int, int, int], key: tuple[Any, ...], paint: Callable[[], None]) -> None:
        """``paint()``, which draws only inside ``box`` on the static layer, or what it drew there
        before with the same ``key`` (what it shows): most parts come back unchanged move after
        move (:func:`renderers.common.region`)."""
        region(self.image, box, ("madeira.summary", key, self.base, tuple(self.colours)), paint)

    def panel(self, box: tuple[int, int, int, int], radius: float = 8) -> None:
        x0, y0, x1, y1 = box
        paste(self.image, rounded_box_sprite(x1 - x0, y1 - y0, self.theme.card, self.theme.card_edge, 2.0, radius),
              (x0, y0))

    # -- header ---------------------------------------------------------------------------------

    def header(self) -> None:
        d, theme, view = self.d, self.theme, self.view
        x0, y0, x1, y1 = self.lay.header
        if self.static:
            d.rectangle([x0, y0, x1, y1 - 1], fill=self.ground)
            d.line([(x0, y1 - 1), (x1, y1 - 1)], fill=theme.card_edge, width=2)
            return
        result = view.get("result")
        last = view.get("last")
        last_w = 0
        if last and not result:
            last_w = self._last_move(last)
        left, right = x0 + frame.MARGIN, x1 - frame.MARGIN - (last_w + 16 if last_w else 0)
        with within((left, y0, right, y1)):
            if result:
                self._outcome(left, right)
            else:
                self._turn(left, right)

    def _turn(self, left: int, right: int) -> None:
        d, view = self.d, self.view
        acting = list(view.get("to_act") or [])
        x = left
        for seat in acting[:2]:
            self.mark(seat, 40, (x + 20, 30))
            x += 46
        if len(acting) == 1:
            who = self.say("board.to_play", player=self.names[acting[0]])
        elif acting:
            who = self.say("board.to_play_many", players=join_names((self.names[s] for s in acting), self.lang))
        else:
            who = self.say("board.start")
        ground, y1 = self.ground, self.lay.header[3]
        text(d, (x + 2, 30), fit_text(who, size=32, width=right - x - 2, bold=True), size=32,
             fill=self.theme.text, anchor="lm", bold=True, role="headline", ground=(ground, (x, 0, right, y1 - 3)))
        decision = _decision(view, self.lang)
        if decision:
            lines, size = _wrapped(decision, right - left, (28, 26, 24), 2)
            y = 66 if len(lines) > 1 else 80
            for line in lines:
                text(d, (left, y), line, size=size, fill=self.theme.text, anchor="lm", role="headline",
                     ground=(ground, (left, 52, right, y1 - 3)))
                y += size + 6

    def _last_move(self, last: dict[str, Any]) -> int:
        """The last move in players' words ("Lowers the windmill for reals"; the notation for a
        state stored without them), on one line or two, right-aligned in the header."""
        d, theme = self.d, self.theme
        x0, y0, x1, y1 = self.lay.header
        words = (last.get("words") or {}).get(self.lang) or str(last["move"])
        words = words[:1].upper() + words[1:]
        room = (x1 - x0) * 0.42 - 60
        lines, size = _wrapped(words, room, (32, 28, 24), 1, bold=True)
        if text_width(lines[0], size=size, bold=True) > room or lines[0].endswith("…"):
            lines, size = _wrapped(words, room, (24,), 2, bold=True)
        w = max(text_width(line, size=size, bold=True) for line in lines)
        caption = self.say("board.last")
        width = max(w + 60, text_width(caption, size=frame.TEXT + 4) + 8)
        right = x1 - frame.MARGIN
        with within((right - width - 10, y0, x1 - 2, y1)):
            text(d, (right, 10), caption, size=frame.TEXT + 4, fill=theme.muted, anchor="ra",
                 ground=(self.ground, (right - width - 10, y0, x1 - 2, 74 - 30)))
            cy = 76 if len(lines) == 1 else 78
            band_h = 52 if len(lines) == 1 else 66
            band = rounded_box_sprite(round(w + 18), band_h, theme.highlight + (120,), theme.highlight, 3.0, 12)
            paste(self.image, band, (round(right - w - 10), round(cy - band_h / 2)))
            pitch = size + 6
            for i, line in enumerate(lines):
                text(d, (right, cy + (i - (len(lines) - 1) / 2) * pitch), line, size=size, fill=theme.text,
                     anchor="rm", bold=True, role="headline")
            seat = last.get("seat")
            if isinstance(seat, int) and 0 <= seat < len(self.colours):
                self.mark(seat, 38, (right - w - 36, cy))
        return round(width)

    def _outcome(self, left: int, right: int) -> None:
        d, theme, result = self.d, self.theme, self.view["result"]
        crown = crown_sprite(44, theme.gold, darker(theme.gold, 0.5))
        paste_centred(self.image, crown, (left + 22, 34))
        title = f"{self.say('board.game_over')} · {frame.outcome(result['ranks'], self.names, self.lang)}"
        text(d, (left + 54, 34), fit_text(title, size=32, width=right - left - 54, bold=True), size=32,
             fill=theme.text, anchor="lm", bold=True, role="headline",
             ground=(self.ground, (left + 54, 0, right, self.lay.header[3] - 3)))
        detail = _tie_words(result, self.names, self.lang) or self.say("madeira.board.final.explain")
        if detail:
            lines, size = _wrapped(detail, right - left, (26, 24), 2)
            y = 72 if len(lines) > 1 else 86
            for line in lines:
                text(d, (left, y), line, size=size, fill=theme.text, anchor="lm", role="headline",
                     ground=(self.ground, (left, 52, right, self.lay.header[3] - 3)))
                y += size + 6

    # -- the left panel -------------------------------------------------------------------------

    def board(self) -> None:
        x0, y0, x1, y1 = self.lay.board
        y = self._round_band(x0, y0, x1)
        if self.view.get("result"):
            if not self.static:
                with within((x0, y, x1, y1)):
                    box = (x0, y, x1, y1)
                    self.part(box, ("scores", _json(self.view["result"]), tuple(self.names)),
                              partial(self._score_table, box))
            return
        rows_first = self.view["phase"] in ("setup", "A")
        parts = [self._rows, self._buildings] if rows_first else [self._buildings, self._rows]
        for part in parts:
            y = part(x0, y, x1, y1) + 10
        if y + 44 <= y1:
            self._watch(x0, y, x1, y1)
            y += 50 + 6
        if y + 28 <= y1 and self.static:
            self._legend(x0, y, x1, y1)

    def _legend(self, x0: int, y: int, x1: int, y1: int) -> None:
        """What the seat cards' less obvious icons are (the static layer's foot, where it has room)."""
        d, theme = self.d, self.theme
        cy = y + min(18, (y1 - y) / 2)
        x = x0 + 4
        with within((x0, y, x1, y1)):
            for kind, key in (("sugar", "sugar"), ("marker", "markers"), ("mill", "mill"), ("favor", "favors"),
                              ("worker", "on_board")):
                words = self.say(f"madeira.board.legend.{key}")
                width = text_width(words, size=18)
                if x + 30 + width > x1:
                    break
                self.icon(kind, 22, (x + 11, cy))
                text(d, (x + 26, cy), words, size=18, fill=theme.muted, anchor="lm")
                x += 26 + width + 16

    def _round_band(self, x0: int, y0: int, x1: int) -> int:
        view = self.view
        box = (x0, y0, x1, y0 + 46)
        if self.static:
            self._paint_round_band(box)
        else:
            self.part(box, ("round", view["round"], view.get("rounds", 5), view["phase"]),
                      partial(self._paint_round_band, box))
        return y0 + 52

    def _paint_round_band(self, box: tuple[int, int, int, int]) -> None:
        d, view, theme = self.d, self.view, self.theme
        x0, y0, x1, _ = box
        with within(box):
            label = self.say("madeira.board.round", round=view["round"], rounds=view.get("rounds", 5))
            if not self.static:
                text(d, (x0 + 4, y0 + 23), label, size=24, fill=theme.text, anchor="lm", bold=True, role="headline")
            # the pills stand at a fixed place (the widest round label), so they can be drawn once
            x = x0 + 14 + text_width(self.say("madeira.board.round", round=5, rounds=view.get("rounds", 5)),
                                     size=24, bold=True)
            for letter in "ABCDE":
                lit = not self.static and view["phase"] == letter
                if self.static or lit:
                    fill = theme.text if lit else theme.card
                    d.rounded_rectangle([x, y0 + 6, x + 34, y0 + 40], radius=6, fill=fill, outline=theme.card_edge,
                                        width=2)
                    text(d, (x + 17, y0 + 23), letter, size=20, fill=ink_on(fill) if lit else theme.muted,
                         anchor="mm", bold=lit)
                x += 38
            if not self.static:
                phase = self.say(f"madeira.board.phase.{view['phase']}")
                if view["phase"] in "ABCDE":
                    phase = phase.split("·", 1)[-1].strip()
                text(d, (x + 6, y0 + 23), fit_text(phase, size=20, width=x1 - x - 8), size=20, fill=theme.text,
                     anchor="lm")

    def _heading(self, x0: int, y: int, key: str) -> int:
        if self.static:
            text(self.d, (x0 + 4, y), self.say(f"madeira.board.{key}"), size=20, fill=self.theme.muted, anchor="la",
                 bold=True)
        return y + 28

    def _buildings(self, x0: int, y: int, x1: int, y1: int) -> int:
        view, d, theme, lang = self.view, self.d, self.theme, self.lang
        y = self._heading(x0, y, "buildings")
        row_h = 56
        current = None if self.static else _current_building(view)
        for b, bld in enumerate(view["buildings"]):
            box = (x0, y, x1, y + row_h - 4)
            mid = y + (row_h - 4) / 2
            if self.static:
                with within(box):
                    self.panel(box)
                    number = bld["region"]
                    d.rounded_rectangle([x0 + 6, y + 8, x0 + 36, y + row_h - 12], radius=5, fill=REGION[number])
                    text(d, (x0 + 21, mid), str(number), size=20, fill=INK, anchor="mm", bold=True)
                    building = fit_text(_word(lang, "building", bld["id"]), size=16, width=270)
                    text(d, (x0 + 44, y + 39), building, size=16, fill=theme.muted, anchor="lm")
                y += row_h
                continue
            self.part(box, ("building", _json(bld), current == b), partial(self._building, bld, box, current == b))
            if self.last and self.last[0] == "building" and self.last[1] == b:
                self.ring((x0 - 3, y - 3, x1 + 3, y + row_h - 1))
            y += row_h
        return y

    def _building(self, bld: dict[str, Any], box: tuple[int, int, int, int], current: bool) -> None:
        d, theme, lang = self.d, self.theme, self.lang
        x0, y, x1, y1 = box
        mid = (y + y1) / 2
        with within(box):
            if current:
                paste(self.image, rounded_box_sprite(x1 - x0, y1 - y, (0, 0, 0, 0), theme.text, 3.0, 8),
                      (x0, y))
            character = bld.get("character")
            nx = x0 + 44
            if character:
                name = _character_name(character, lang)
                word_w = 0
                if character not in name.lower():
                    word_w = text_width(character, size=frame.LABEL, bold=True) + 12
                name = fit_text(name, size=22, width=262 - word_w, bold=True)
                text(d, (nx, y + 16), name, size=22, fill=theme.text, anchor="lm", bold=True)
                if word_w:
                    wx = nx + text_width(name, size=22, bold=True) + 8
                    text(d, (wx, y + 16), character, size=frame.LABEL, fill=theme.muted, anchor="lm",
                         bold=True, role="label")
            dx = x0 + 322
            for i, die in enumerate(bld["dice"][:5]):
                cx, cy = dx + 16 + i * 33, mid
                pirate = die["kind"] == "pirate"
                frame_c = (20, 20, 20) if pirate else self.colours[die["seat"]]
                paste_centred(self.image, _die_sprite(30, die["value"], *_die_colours(pirate, frame_c)), (cx, cy - 3))
                if isinstance(die.get("seat"), int):
                    self.mark(die["seat"], 20, (cx + 11, cy + 12))
            mx = x0 + 492
            for i, seat in enumerate(bld["markers"][:4]):
                self.mark(seat, 23, (mx + 12 + (i % 2) * 25, y + 14 + (i // 2) * 24))
            if bld.get("cost") is not None:
                self.icon("reals", 24, (x1 - 56, mid))
                text(d, (x1 - 10, mid), str(bld["cost"]), size=26, fill=theme.text, anchor="rm",
                     bold=True, role="headline")

    def _rows(self, x0: int, y: int, x1: int, y1: int) -> int:
        view, d, theme, lang = self.view, self.d, self.theme, self.lang
        y = self._heading(x0, y, "rows")
        row_h = 56
        for r, row in enumerate(view["rows"]):
            box = (x0, y, x1, y + row_h - 4)
            cy = y + (row_h - 4) / 2
            if self.static:
                with within(box):
                    self.panel(box)
                    text(d, (x0 + 18, cy), str(row["row"]), size=24, fill=theme.text, anchor="mm", bold=True,
                         role="label")
                    guilds = row["guilds"]
                    gh = (row_h - 12) / max(1, len(guilds))
                    for g, guild in enumerate(guilds):
                        gy = y + 4 + g * gh
                        d.rounded_rectangle([x0 + 36, gy, x0 + 116, gy + gh - 2], radius=5, fill=GUILDS[guild],
                                            outline=darker(GUILDS[guild], 0.3), width=2)
                        text(d, (x0 + 76, gy + (gh - 2) / 2), _word(lang, "guild", guild), size=16,
                             fill=ink_on(GUILDS[guild]), anchor="mm")
            else:
                name = self.names[row["seat"]] if row["seat"] is not None else None
                self.part(box, ("row", _json(row), name), partial(self._row, row, box))
            if self.last and self.last[0] == "row" and self.last[1] == r:
                self.ring((x0 - 3, y - 3, x1 + 3, y + row_h - 1))
            y += row_h
        return y

    def _row(self, row: dict[str, Any], box: tuple[int, int, int, int]) -> None:
        d, theme, lang = self.d, self.theme, self.lang
        x0, y, x1, y1 = box
        cy = (y + y1) / 2
        with within(box):
            tx = x0 + 124
            if row["seat"] is not None:
                self.mark(row["seat"], 32, (tx + 16, cy))
                text(d, (tx + 36, cy), fit_text(self.names[row["seat"]], size=18, width=78), size=18,
                     fill=theme.text, anchor="lm")
            else:
                for i, value in enumerate(row["dice"][:3]):
                    paste_centred(self.image, _die_sprite(30, value, *_die_colours(False, FAINT)),
                                  (tx + 16 + i * 34, cy))
            rx = x0 + 244
            cw = (x1 - 6 - rx) / 3
            for i, request in enumerate(row["requests"][:3]):
                cx0 = round(rx + i * cw)
                chip = _request_chip(request, lang, round(cw - 4), y1 - y - 8, theme.text, (cx0, y + 4))
                paste(self.image, chip, (cx0, y + 4))

    def _watch(self, x0: int, y: int, x1: int, y1: int) -> None:
        view = self.view
        box = (x0, y, x1, y + min(50, y1 - y))
        if self.static:
            self._paint_watch(box)
        else:
            self.part(box, ("watch", tuple(view["pirate_dice"][:4]), tuple(view["watch"])),
                      partial(self._paint_watch, box))

    def _paint_watch(self, box: tuple[int, int, int, int]) -> None:
        view, d, theme = self.view, self.d, self.theme
        x0, y, x1, y1 = box
        cy = (y + y1) / 2
        label = self.say("madeira.board.watch")
        with within(box):
            if self.static:
                self.panel(box)
                text(d, (x0 + 10, cy), label, size=20, fill=theme.text, anchor="lm", bold=True)
                return
            x = x0 + 20 + text_width(label, size=20, bold=True)
            for value in view["pirate_dice"][:4]:
                paste_centred(self.image, _die_sprite(30, value, *_die_colours(True, (20, 20, 20))), (x + 15, cy))
                x += 34
            x += 10
            for seat, count in enumerate(view["watch"]):
                if x + 70 > x1:
                    break
                self.mark(seat, 28, (x + 14, cy))
                self.icon("worker", 24, (x + 40, cy))
                text(d, (x + 54, cy), str(count), size=22, fill=theme.text, anchor="lm", bold=True)
                x += 82

    def _score_table(self, box: tuple[int, int, int, int]) -> None:
        view, d, theme = self.view, self.d, self.theme
        result = view["result"]
        x0, y0, x1, y1 = box
        n = view["num_players"]
        cols = [("track", x0 + 340), ("goods", x0 + 430), ("pirates", x0 + 520), ("total", x1 - 12)]
        for key, x in cols:
            text(d, (x, y0 + 14), self.say(f"madeira.board.col.{key}"), size=18, fill=theme.muted, anchor="rm",
                 bold=True)
        rule = wrap_text(self.say("madeira.board.final.pirate_rule"), size=18, width=x1 - x0 - 8, max_lines=3)
        row_h = min(110, (y1 - y0 - 36 - 24 * len(rule) - 8) // max(1, n))
        order = sorted(range(n), key=lambda s: (result["ranks"][s], s))
        y = y0 + 32
        for seat in order:
            with within((x0, y, x1, y + row_h - 6)):
                paste(self.image, rounded_box_sprite(x1 - x0, row_h - 6, theme.card,
                                                     theme.gold if result["ranks"][seat] == 1 else theme.card_edge,
                                                     3.0, 10), (x0, y))
                cy = y + (row_h - 6) / 2
                rank = self.say("board.rank", rank=result["ranks"][seat])
                text(d, (x0 + 10, cy - 14), rank, size=24, fill=theme.text, anchor="lm", bold=True, role="headline")
                self.mark(seat, 36, (x0 + 30, cy + 20))
                text(d, (x0 + 70, cy - 14), fit_text(self.names[seat], size=24, width=220, bold=True), size=24,
                     fill=theme.text, anchor="lm", bold=True, role="headline")
                sub = self.say("madeira.board.final.sub", reals=result["reals"][seat], pirates=result["pirates"][seat])
                text(d, (x0 + 70, cy + 18), fit_text(sub, size=16, width=230), size=16, fill=theme.muted, anchor="lm")
                values = {"track": str(result["track"][seat]), "goods": f"+{result['resource_pp'][seat]}",
                          "pirates": f"−{result['pirate_pp'][seat]}", "total": str(result["scores"][seat])}
                for key, x in cols:
                    bold = key == "total"
                    text(d, (x, cy), values[key], size=34 if bold else 26, fill=theme.text, anchor="rm", bold=bold,
                         role="headline")
            y += row_h
        y += 6
        for line in rule:  # how pirate points become the Pirates column
            text(d, (x0 + 4, y), line, size=18, fill=theme.muted, anchor="la")
            y += 24

    # -- the seat cards -------------------------------------------------------------------------

    def seats(self) -> None:
        view = self.view
        x0, y0, x1, y1 = self.lay.side
        n = view["num_players"]
        gap = 8
        h = min(200, (y1 - y0 - gap * (n - 1)) // n)
        acting = set(view.get("to_act") or [])
        result = view.get("result")
        for seat, player in enumerate(view["players"]):
            box = (x0, y0 + seat * (h + gap), x1, y0 + seat * (h + gap) + h)
            if self.static:
                with within(box):
                    self._card(seat, player, box, False)
                continue
            status = result["ranks"][seat] if result else bool(player["passed"]) and view["phase"] == "B"
            # the card and the pixel column left of it (the acting seat's pointer)
            self.part((box[0] - 1, *box[1:]), ("card", seat, _json(player), seat in acting, status, self.names[seat]),
                      partial(self._card_within, seat, player, box, seat in acting))

    def _card_within(self, seat: int, p: dict[str, Any], box: tuple[int, int, int, int], acting: bool) -> None:
        with within(box):
            self._card(seat, p, box, acting)

    def _card(self, seat: int, p: dict[str, Any], box: tuple[int, int, int, int], acting: bool) -> None:
        d, theme, view = self.d, self.theme, self.view
        x0, y0, x1, y1 = box
        w, h = x1 - x0, y1 - y0
        colour = self.colours[seat]
        step = (w - 24) / 4
        row_h = 38 if h >= 180 else 34
        kinds = [["reals", "wheat", "sugar", "wine"], ["wood", "bread", "worker", "ship"]]
        if self.static:
            self.panel(box, 12)
            d.rounded_rectangle([x0 + 4, y0 + 4, x0 + 12, y1 - 4], radius=4, fill=colour)
            self.mark(seat, 44, (x0 + 40, y0 + 32))
            y = y0 + 58
            for row in kinds:
                if y + row_h > y1 - 4:
                    break
                for i, kind in enumerate(row):
                    self.icon(kind, 28, (x0 + 18 + i * step + 14, y + row_h / 2))
                y += row_h
            return
        if acting:
            paste(self.image, rounded_box_sprite(w, h, (0, 0, 0, 0), darker(colour, 0.15), 6.0, 12), (x0, y0))
            framed(self.image, box, 6.0)
            d.polygon([(x0 - 1, y0 + 20), (x0 + 11, y0 + 32), (x0 - 1, y0 + 44)], fill=theme.text)
        result = view.get("result")
        # the public score: a star and the PP
        score = str(p["pp"])
        sw = text_width(score, size=36, bold=True)
        text(d, (x1 - 12, y0 + 32), score, size=36, fill=theme.text, anchor="rm", bold=True, role="headline")
        self.icon("pp", 30, (x1 - 12 - sw - 20, y0 + 32))
        name_x = x0 + 70
        room = x1 - 12 - sw - 44 - name_x
        status = None
        if result:
            status = self.say("board.rank", rank=result["ranks"][seat])
        elif p["passed"] and view["phase"] == "B":
            status = self.say("madeira.board.passed")
        name = fit_text(self.names[seat], size=26, width=room, bold=True)
        text(d, (name_x, y0 + 24 if status else y0 + 32), name, size=26, fill=theme.text, anchor="lm", bold=True,
             role="headline")
        if status:
            text(d, (name_x, y0 + 50), status, size=16, fill=theme.muted, anchor="lm", bold=True)
        values = [[(p["reals"], None), (p["wheat"], None), (p["sugar"], None), (p["wine"], None)],
                  [(p["wood"], None), (p["bread"], None), (p["workers"], p["on_board"]),
                   (p["ships"], p["ships_on_board"])]]
        y = y0 + 58
        for items in values:
            if y + row_h > y1 - 4:
                break
            for i, (value, out) in enumerate(items):
                cx = x0 + 18 + i * step
                text(d, (cx + 32, y + row_h / 2), str(value), size=28, fill=theme.text, anchor="lm", bold=True)
                if out:
                    vw = text_width(str(value), size=28, bold=True)
                    text(d, (cx + 36 + vw, y + row_h / 2 + 4), f"+{out}", size=16, fill=theme.muted, anchor="lm")
            y += row_h
        # dice in hand, action markers, windmill (what Phase B and D turn on)
        if y + 26 <= y1 - 2:
            cy = y + 14
            x = x0 + 18
            for value in p["dice"][:4]:
                paste_centred(self.image, _die_sprite(26, value, *_die_colours(False, colour)), (x + 13, cy))
                x += 30
            x = max(x + 8, x0 + 18 + step * 2)
            self.icon("marker", 22, (x + 11, cy))
            text(d, (x + 26, cy), str(p["markers"]), size=20, fill=theme.text, anchor="lm", bold=True)
            x += 56
            self.icon("mill", 24, (x + 12, cy))
            text(d, (x + 28, cy), str(p["mill_feeds"]), size=20, fill=theme.text, anchor="lm", bold=True)
            x += 56
            up = sum(1 for f in p["favors"] if f["up"])
            if p["favors"] and x + 60 <= x1:
                self.icon("favor", 22, (x + 11, cy))
                text(d, (x + 26, cy), f"{up}/{len(p['favors'])}", size=20, fill=theme.text, anchor="lm", bold=True)


def _json(value: Any) -> str:
    """A part of a view as a cache key (what a part of the image shows): its ``repr``. The engine
    builds its views in one order; a view in another order would only miss the cache.
    """
    return repr(value)


class _Place(tuple):
    """A position that every other position equals: a cache key part that does not split the
    cache, so a sprite drawn once is reused wherever it goes while a recording still learns the
    first place it was drawn for."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Place)

    def __hash__(self) -> int:
        return 0


def _request_chip(request: str, lang: str, width: int, height: int, ink: RGB,
                  where: tuple[int, int]) -> Image.Image:
    """A Crown's Request's chip with its name in ``lang`` (up to two lines), cached; ``where``
    is where it is pasted (a recording measures its text at the first such place)."""
    return _request_chip_at(request, lang, width, height, ink, _Place(where))


@cached(maxsize=64)
def _request_chip_at(request: str, lang: str, width: int, height: int, ink: RGB, where: _Place) -> Image.Image:
    chip = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    on_canvas(chip, offset=tuple(where))
    d = ImageDraw.Draw(chip)
    d.rounded_rectangle([0, 0, width - 1, height - 1], radius=5, fill=(250, 244, 230), outline=EDGE)
    lines, size = _wrapped(translate(f"madeira.request.{request}", lang), width - 10, (16,), 2)
    y = height / 2 - (len(lines) - 1) * 10
    for line in lines:
        text(d, (width / 2, y), line, size=size, fill=ink, anchor="mm")
        y += 20
    return chip


def _static_key(view: dict[str, Any], lang: str, theme: Theme) -> tuple:
    return (view["num_players"], lang, theme, tuple(view["colours"]), view["phase"] in ("setup", "A"),
            bool(view.get("result")), view.get("rounds", 5),
            tuple((b["id"], b["region"]) for b in view["buildings"]),
            tuple(tuple(r["guilds"]) for r in view["rows"]))


@cached(maxsize=32)
def _summary_base(key: tuple) -> Image.Image:
    """The static stage of the summary for a :func:`_static_key` (recording clears the cache, so
    its labels are measured too)."""
    n, lang, theme, colours, rows_first, final, rounds, buildings, rows = key
    stub = {"num_players": n, "colours": list(colours), "phase": "A" if rows_first else "B", "round": 1,
            "rounds": rounds, "result": {} if not final else {"final": True},
            "buildings": [{"id": b, "region": region} for b, region in buildings],
            "rows": [{"row": r + 1, "guilds": list(g)} for r, g in enumerate(rows)],
            "players": [{}] * n, "to_act": []}
    c = _Canvas(stub, [""] * n, lang, theme, static=True)
    c.header()
    c.board()
    c.seats()
    return c.image


def render(view: dict[str, Any], *, names: list[str] | None = None, lang: str = "en",
           theme: Theme = DEFAULT_THEME) -> bytes:
    """The summary image (PNG bytes, 1100 x 800): readable inline at 550 x 400."""
    return encode_png(draw(view, names=names, lang=lang, theme=theme), palette=palettes.fixed("madeira", theme))


def draw(view: dict[str, Any], *, names: list[str] | None = None, lang: str = "en",
         theme: Theme = DEFAULT_THEME) -> Image.Image:
    _check(view)
    key = _static_key(view, lang, theme)
    c = _Canvas(view, frame.player_names(names, view["num_players"], lang), lang, theme, static=False,
                image=_summary_base(key).copy(), base=key)
    c.header()
    c.board()
    c.seats()
    return c.image
