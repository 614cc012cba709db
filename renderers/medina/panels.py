"""The Medina panels around the board: the header (whose turn, the decision in words, the last
turn's placements; at the end the outcome and the tie-break), the legend row under the board
(the four colours' palace tiles and palaces, the key, the tea tiles left) and the seat cards
(with the tiles held, or the rank and the final breakdown)."""

from __future__ import annotations

from typing import Any

from PIL import Image

from games.messages import text_from_json, translate
from renderers import frame as fr
from renderers.common import (
    fit_text,
    paste,
    paste_centred,
    rounded_box_sprite,
    seat_mark,
    text,
    text_width,
    within,
)
from renderers.medina.canvas import _Canvas
from renderers.medina.geometry import COLUMNS, Box
from renderers.medina.pieces import (
    BUILDING_RGB,
    CLOSED,
    MEEPLE,
    MEEPLE_EDGE,
    _badge,
    _meeple_sprite,
    _neutral_roof,
    _tea_sprite,
    _tile_sprite,
    _tower_sprite,
)


class _Panels(_Canvas):
    """The header, the legend and the seat cards of a picture."""

    # -- seats ----------------------------------------------------------------------------------

    def colour_word(self, colour: str) -> str:
        return self.say(f"medina.colour.{colour}")

    def _seat(self, seat: int) -> fr.Seat:
        view = self.view
        score = view["scores"][seat]
        to_act = set(view.get("to_act") or ())
        roofs = (view.get("roofs_left") or [0] * len(self.colours))[seat]
        neutrals = (view.get("neutral_roofs_left") or [0] * len(self.colours))[seat]
        if self.neutral:
            first = self.say("medina.board.rooftops_neutral", count=roofs, neutral=neutrals)
        else:
            first = self.say("medina.board.rooftops", count=roofs)
        tea = view.get("tea") or {}
        if tea.get("module"):
            first += " · " + self.say("medina.board.tea_held", count=(tea.get("held") or [0] * 4)[seat])
        rank, breakdown = None, ()
        if self.result is not None:
            rank = self.result["ranks"][seat]
            breakdown = self._breakdown(seat)
        return fr.Seat(seat=seat, colour=self.seat_rgb(seat), name=self.names[seat], score=str(score),
                       facts=(first,), acting=seat in to_act and self.result is None, rank=rank,
                       breakdown=breakdown)

    def _breakdown(self, seat: int) -> tuple[str, ...]:
        parts = (self.result.get("breakdown") or [None] * len(self.colours))[seat]
        if not parts:
            return ()
        palaces = (  # Japanese: 「茶色16・灰色6」, no line left with a lone number after a wrap
            "・".join(f"{self.colour_word(colour)}{points}" for colour, points in parts["palaces"]) if self.lang == "ja"
            else ", ".join(f"{self.colour_word(colour)} {points}" for colour, points in parts["palaces"]))
        lines = [self.say("medina.board.palaces", list=palaces) if palaces else self.say("medina.board.no_palace"),
                 self.say("medina.board.tile_points", palace=parts["palace_tiles"], tower=parts["tower_tiles"])]
        if parts.get("well"):
            lines.append(self.say("medina.board.well", points=parts["well"]))
        return tuple(lines)

    def tiles_held(self, seat: int) -> tuple[tuple[tuple[str, int], ...], tuple[int, ...]]:
        """The tiles ``seat`` holds: palace tiles (colour, value) and tower numbers."""
        view = self.view
        return (tuple((t["colour"], t["value"]) for t in view["palace_tiles"] if t.get("holder") == seat),
                tuple(t["number"] for t in view["towers"] if t.get("holder") == seat))

    def _draw_tiles_held(self, seat: int, card: Box) -> None:
        """The tiles a seat holds, as small tiles under its facts: palace tiles (colour and value)
        and tower tiles (tower number)."""
        d, theme = self.d, self.theme
        x0, y0, x1, y1 = card
        cy = y0 + 100
        if cy + 12 > y1:
            return
        palace, towers = self.tiles_held(seat)
        if not palace and not towers:
            text(d, (x0 + 20, cy), self.say("medina.board.no_tiles"), size=fr.TEXT + 2, fill=theme.muted, anchor="lm")
            return
        caption = self.say("medina.board.tiles_held")
        text(d, (x0 + 20, cy), caption, size=fr.TEXT + 2, fill=theme.text, anchor="lm")
        x = x0 + 20 + text_width(caption, size=fr.TEXT + 2) + 8
        for colour, value in palace:
            if x + 24 > x1 - 8:
                return
            paste_centred(self.image, _tile_sprite(24, BUILDING_RGB.get(colour, (128, 128, 128)), str(value), False),
                          (x + 12, cy))
            x += 27
        x += 4
        for number in towers:
            if x + 24 > x1 - 8:
                return
            paste_centred(self.image, _tower_sprite(25, number), (x + 12, cy))
            x += 27

    # -- header ---------------------------------------------------------------------------------

    def _draw_header(self) -> None:
        view = self.view
        if self.result is not None:
            ranks = self.result["ranks"]
            detail = self._tie_break()
            self.frame.draw_header(fr.Headline(outcome=fr.outcome(ranks, self.names, self.lang), detail=detail))
            return
        theme, d = self.theme, self.d
        x0, y0, x1, y1 = self.frame.lay.header
        ground = self.frame.header_ground  # texts on it are pasted (see renderers.common.text)
        d.rectangle([x0, y0, x1, y1 - 1], fill=ground)
        d.line([(x0, y1 - 1), (x1, y1 - 1)], fill=theme.card_edge, width=2)
        row = y0 + 30
        right = x1 - fr.MARGIN
        last = view.get("last") or {}
        if last.get("moves"):
            right = self._draw_last(last, row, right) - 16
        left = x0 + fr.MARGIN
        acting = [s for s in view.get("to_act") or () if 0 <= s < len(self.colours)]
        with within((left, y0, right, y0 + 58)):
            x = left
            for seat in acting[:1]:
                paste_centred(self.image, seat_mark(40, seat, self.seat_rgb(seat)), (x + 20, row))
                x += 48
            if acting:
                who = self.say("board.to_play", player=self.names[acting[0]])
            else:
                who = self.say("board.start")
            text(d, (x, row), fit_text(who, size=30, width=right - x, bold=True), size=30, fill=theme.text,
                 anchor="lm", bold=True, role="headline", ground=(ground, (x, y0, right, y0 + 58)))
        decision = view.get("decision")
        if decision:
            said = text_from_json(decision)
            line = said.in_lang(self.lang) if hasattr(said, "in_lang") else str(said)
            line = line[:1].upper() + line[1:]
            due = view.get("roof_due")
            with within((left, y0 + 58, x1 - fr.MARGIN, y1)):
                x = left
                if due or view.get("phase") == "start_merchant":
                    # a prompt that must not be missed: a bar of the acting seat's colour
                    colour = self.seat_rgb(acting[0]) if acting else theme.text
                    d.rounded_rectangle([x, y0 + 64, x + 8, y1 - 10], radius=3, fill=colour)
                    x += 16
                bold = bool(due)
                room = x1 - fr.MARGIN - x
                size = fr.HEADLINE + 2 if text_width(line, size=fr.HEADLINE + 2, bold=bold) <= room else fr.HEADLINE
                text(d, (x, y0 + 78), fit_text(line, size=size, width=room, bold=bold), size=size, fill=theme.text,
                     anchor="lm", bold=bold, role="headline", ground=(ground, (x, y0 + 58, x1 - fr.MARGIN, y1 - 3)))

    def _draw_last(self, last: dict[str, Any], row: float, right: float) -> float:
        """The last turn's placements, right-aligned on the header's first row; returns its left edge."""
        theme, d = self.theme, self.d
        notation = " · ".join(last["moves"])
        caption = self.say("board.last")
        size = 30
        room = fr.WIDTH * 0.5
        shown = fit_text(notation, size=size, width=room - 60, bold=True)
        w = text_width(shown, size=size, bold=True)
        seat = last.get("seat")
        mark = 34 if isinstance(seat, int) and 0 <= seat < len(self.colours) else 0
        cap_w = text_width(caption, size=fr.TEXT + 2)
        left = right - w - 16 - (mark + 8 if mark else 0) - cap_w - 10
        with within((left - 4, 0, right + 4, 60)):
            text(d, (left, row), caption, size=fr.TEXT + 2, fill=theme.muted, anchor="lm",
                 ground=(self.frame.header_ground, (left - 4, 0, right - w - 16 - (mark + 8 if mark else 0), 60)))
            band = rounded_box_sprite(round(w + 16), 44, theme.highlight + (110,), theme.highlight, 2.5, 10)
            self.frame_paste(band, (round(right - w - 16), round(row - 22)))
            text(d, (right - 8, row), shown, size=size, fill=theme.text, anchor="rm", bold=True, role="headline")
            if mark:
                paste_centred(self.image, seat_mark(mark, seat, self.seat_rgb(seat)), (right - w - 24 - mark / 2, row))
        return left

    def frame_paste(self, sprite: Image.Image, xy: tuple[int, int]) -> None:
        paste(self.image, sprite, xy)

    def _tie_break(self) -> str | None:
        """The tie-break that decided, in words; else the final scores in rank order."""
        tie = self.result.get("tie_break") if self.result else None
        if not tie:
            ranks, scores = self.result["ranks"], self.result["scores"]
            order = sorted(range(len(ranks)), key=lambda s: (ranks[s], s))
            listed = " · ".join(f"{self.names[s]} {scores[s]}" for s in order)
            return self.say("medina.board.scores", list=listed)
        a, b = tie.get("sizes") or [0, 0]
        reason = self.say(f"medina.board.tie.{tie['rule']}", a=a, b=b)
        said = translate("board.tie_break", self.lang, reason=reason)
        better, runner = tie.get("seats") or [0, 1]
        return self.say("medina.board.tie_at", text=said, score=tie.get("score"), better=self.names[better],
                        runner=self.names[runner])

    # -- legend ---------------------------------------------------------------------------------

    def _draw_legend(self, view: dict[str, Any]) -> None:
        """The four colours (palace tile value and holder; closed, or the state of its unroofed
        palaces: open or stuck, named by their first cell; or a new palace to start), then a key
        (open and stuck badges, the neutral rooftop) and the tea tiles left. ``view`` holds the
        facts it shows (see :meth:`renderers.medina._Picture._paste_legend`)."""
        d, theme = self.d, self.theme
        x0, y0, x1, y1 = self.lay.legend
        tea = view.get("tea") or {}
        right_w = 168
        card = rounded_box_sprite(x1 - x0, y1 - y0, theme.card, theme.card_edge, 2.0, 10)
        self.frame_paste(card, (x0, y0))
        closed = set(view.get("closed") or ())
        by_colour: dict[str, list[dict[str, Any]]] = {}
        for palace in view["palaces"]:
            if palace.get("owner") is None:
                by_colour.setdefault(palace["colour"], []).append(palace)
        cols = view.get("columns") or COLUMNS

        def cell_name(xy: list[int]) -> str:
            return f"{cols[xy[0] - 1]}{xy[1]}"

        group_w = (x1 - x0 - right_w - 8) / 2
        group_h = (y1 - y0 - 8) / 2
        for i, tile in enumerate(view["palace_tiles"]):
            colour = tile["colour"]
            gx = x0 + 6 + (i % 2) * group_w
            gy = y0 + 4 + (i // 2) * group_h
            cy = gy + group_h / 2
            box = (round(gx), round(gy), round(gx + group_w), round(gy + group_h))
            with within(box):
                is_closed = colour in closed
                paste_centred(self.image, _tile_sprite(40, BUILDING_RGB.get(colour, (128, 128, 128)),
                                                       str(tile["value"]), is_closed), (gx + 22, cy - 2))
                # the palace tile's holder on the tile's corner
                holder = tile.get("holder")
                if holder == "neutral":
                    paste_centred(self.image, _neutral_roof(24, self.neutral_rgb()), (gx + 44, cy + 12))
                elif isinstance(holder, int):
                    paste_centred(self.image, seat_mark(26, holder, self.seat_rgb(holder)), (gx + 44, cy + 12))
                tx = gx + 62
                width = box[2] - tx - 4
                text(d, (tx, cy - 13), fit_text(self.colour_word(colour), size=fr.TEXT + 2, width=width, bold=True),
                     size=fr.TEXT + 2, fill=theme.text, anchor="lm", bold=True)
                if is_closed:
                    text(d, (tx, cy + 13), self.say("medina.board.closed"), size=fr.LABEL, fill=CLOSED,
                         anchor="lm", bold=True)
                    continue
                states = sorted((p.get("status") == "stuck", cell_name(p["buildings"][0]))
                                for p in by_colour.get(colour, []))
                if not states:
                    text(d, (tx, cy + 13), fit_text(self.say("medina.board.new"), size=fr.LABEL, width=width),
                         size=fr.LABEL, fill=theme.muted, anchor="lm")
                    continue
                self._draw_states(states, tx, cy + 13, box[2] - 4)
        rx = x1 - right_w
        box = (round(rx), y0 + 4, x1 - 6, y1 - 4)
        with within(box):
            d.line([(rx, y0 + 10), (rx, y1 - 10)], fill=theme.card_edge, width=2)
            rows = ["key", "merchants", "arm", *(["neutral"] if self.neutral else []),
                    *(["tea"] if tea.get("module") else [])]
            row_h = (box[3] - box[1]) / len(rows)
            for j, kind in enumerate(rows):
                cy = box[1] + row_h * (j + 0.5)
                if kind == "key":
                    x = rx + 8
                    keys = ((False, "medina.board.key_open"), (True, "medina.board.key_stuck"))
                    # the key's words at the smaller label size before any is cut (「拡張可」「拡張不可」)
                    for size in (fr.TEXT + 2, fr.TEXT, fr.TEXT - 2):
                        needed = sum(23 + text_width(self.say(key), size=size) + 8 for _, key in keys) - 8
                        if needed <= box[2] - x:
                            break
                    for stuck, key in keys:
                        paste_centred(self.image, _badge(20, stuck), (x + 10, cy))
                        said = self.say(key)
                        if needed > box[2] - x:
                            said = fit_text(said, size=size, width=(box[2] - rx) / 2 - 30)
                        text(d, (x + 23, cy), said, size=size, fill=theme.text, anchor="lm")
                        x += 23 + text_width(said, size=size) + 8
                    continue
                if kind == "merchants":  # the count beside a tower: merchants still on its tile
                    paste_centred(self.image, _meeple_sprite(22, MEEPLE, MEEPLE_EDGE), (rx + 20, cy))
                    text(d, (rx + 34, cy), "n", size=fr.TEXT + 2, fill=theme.text, anchor="mm", bold=True)
                    said = self.say("medina.board.key_merchants")
                elif kind == "arm":  # the wall arms' names in the margins
                    text(d, (rx + 22, cy), "1E", size=fr.TEXT + 2, fill=theme.label, anchor="mm", bold=True)
                    said = self.say("medina.board.key_arm")
                elif kind == "neutral":
                    paste_centred(self.image, _neutral_roof(28, self.neutral_rgb()), (rx + 24, cy))
                    said = self.say("medina.board.neutral")
                else:
                    paste_centred(self.image, _tea_sprite(30), (rx + 24, cy))
                    said = self.say("medina.board.tea_pool", count=tea.get("pool", 0))
                text(d, (rx + 46, cy), fit_text(said, size=fr.TEXT + 2, width=box[2] - rx - 50),
                     size=fr.TEXT + 2, fill=theme.text, anchor="lm")

    def _draw_states(self, states: list[tuple[bool, str]], x: float, cy: float, right: float) -> None:
        """Badges with "open F7" / "stuck B2" after them, or only the cells when the words do not fit."""
        badge = 20
        worded = [self.say("medina.board.stuck" if stuck else "medina.board.open", cell=cell) for stuck, cell in states]
        needed = sum(badge + 4 + text_width(w, size=fr.LABEL) + 10 for w in worded) - 10
        if needed > right - x:
            worded = [cell for _, cell in states]
        for (stuck, _), said in zip(states, worded):
            if x + badge + 30 > right:
                break
            paste_centred(self.image, _badge(badge, stuck), (x + badge / 2, cy))
            x += badge + 4
            shown = fit_text(said, size=fr.LABEL, width=right - x)
            text(self.d, (x, cy), shown, size=fr.LABEL, fill=self.theme.text, anchor="lm", role="label")
            x += text_width(shown, size=fr.LABEL) + 10
