"""The reveal once the game is over: every seat in the box's order from the Godfather (mark, name,
role and take, the box as it came, what it said, WIN or OUT), then the table's secrets."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from renderers import frame as fr
from renderers.common import (
    Theme,
    fit_text,
    mix,
    paste,
    region,
    rounded_box_sprite,
    text,
    text_width,
    within,
)
from renderers.mafia_de_cuba.sprites import (
    MARK,
    OUT_GREY,
    SIZE,
    accusation_words,
    bottle_sprite,
    box_words,
    cross_sprite,
    crown,
    mark,
    say,
    short_box,
)

#: The smallest a reveal cell's words are drawn, as a share of SIZE (11 px at inline size): at it
#: 「ゴッドファーザー」 leaves a long name its whole width, as "Godfather" does.
SMALLEST_CELL = 0.68


def draw_reveal(image: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any], seats: list[fr.Seat],
                 lang: str, theme: Theme) -> None:
    """Every seat in the box's order from the Godfather: mark, name, role and take, the box as it
    came to it, what it said, WIN or OUT; then the secrets of the table and the accusations."""
    reveal, result = view["reveal"], view["result"]
    n = view["players"]
    lay = fr.layout(0)
    x0, x1 = fr.MARGIN, lay.width - fr.MARGIN
    y0, y1 = lay.header[3] + 6, lay.height - fr.MARGIN
    order = [(view["godfather"] + k) % n for k in range(n)]
    path = {p["seat"]: p for p in reveal["path"]}
    roles, said, saw, verdict = {}, {}, {}, {}
    for s in order:
        role, take = reveal["roles"][s], reveal["takes"][s]
        words = say(f"mafia.role.{role}", lang) if role else "-"
        if take and take[0] == "diamonds":
            words += f" {take[1]}◆"
        if s == view["godfather"]:
            words = say("mafia.render.godfather", lang)
        roles[s] = words
        claim = view["claims"][s]
        said[s] = (say("mafia.render.silent", lang) if claim == "silent"
                   else short_box(claim[0], claim[1]) if claim else "")
        if s in path:
            saw[s] = short_box(path[s]["diamonds"], path[s]["tokens"])
        elif s == view["godfather"] and reveal.get("final"):
            saw[s] = short_box(reveal["final"]["diamonds"], reveal["final"]["tokens"])
        else:
            saw[s] = ""
        verdict[s] = (say("mafia.render.winner", lang) if s in result["winners"]
                      else say("mafia.render.out", lang) if view["eliminated"][s] else "")
    head = {"role": say("mafia.render.col.role", lang), "saw": say("mafia.render.col.saw", lang),
            "said": say("mafia.render.col.said", lang)}

    def widest(values, key: str, bold: bool = False) -> float:
        return max([text_width(v, size=SIZE, bold=bold) for v in values] + [text_width(head[key], size=SIZE, bold=True)])

    lines = _reveal_notes(view, lang)
    pitch = min(64, (y1 - y0 - 40 - len(lines) * (SIZE + 10) - 10) // n)
    result_w = max([text_width(v, size=SIZE, bold=True) for v in verdict.values() if v] + [0]) + 52
    said_w, saw_w = widest(said.values(), "said"), widest(saw.values(), "saw")
    role_w = min(widest(roles.values(), "role"), 330)
    mark_w = 54
    name_w = x1 - x0 - mark_w - role_w - saw_w - said_w - result_w - 6 * 14  # 14 px free at the right end
    # A name keeps its room before a role does: the roles' words (「ゴッドファーザー」 is twice the
    # width of "Godfather") give up to a quarter of their column and are drawn a size smaller.
    names_w = max(text_width(seats[s].name, size=SIZE, bold=True) for s in order)
    if names_w > name_w:
        given = min(names_w - name_w, role_w * (1 - SMALLEST_CELL))
        role_w, name_w = role_w - given, name_w + given
    cols = []
    x = x0 + mark_w + 14
    for w in (name_w, role_w, saw_w, said_w, result_w):
        cols.append((x, x + w))
        x += w + 14
    top = y0 + 4
    with within((x0, top, x1, top + 38)):
        for key, (cx0, cx1) in zip(("role", "saw", "said"), cols[1:4]):
            text(d, (cx0, top + 19), fit_text(head[key], size=SIZE, width=cx1 - cx0, bold=True), size=SIZE,
                 fill=theme.muted, anchor="lm", bold=True, role="text")
    y = top + 40
    rows = []
    for s in order:
        seat = seats[s]
        row = (x0, y, x1, y + pitch)  # the card leaves 4 px free below it, for the glyphs' depth
        won, out = s in result["winners"], view["eliminated"][s]
        joker = view["joker_holders"][s]
        cells = ((seat.name, True), (roles[s], False), (saw[s], False), (said[s], False))
        rows.append((row, s, seat, cells, verdict[s], won, out, joker))
        y += pitch

    def paint() -> None:
        for row, s, seat, cells, said_verdict, won, out, joker in rows:
            with within(row):
                _paint_row(image, d, row, s, seat, cells, said_verdict, won, out, joker, cols, theme)

    # the table comes back as drawn before (the reveal is posted, then asked for again); one
    # region for all its rows, as a row's glyphs may reach into the next row's box
    table_box = (x0 - 1, top + 40, x1 + 1, y)
    key = ("mafia.reveal.rows", table_box, tuple((r[1], r[2].colour, r[3], r[4], r[5], r[6], r[7]) for r in rows),
           tuple(cols), theme)
    region(image, table_box, key, paint)
    y += 6
    with within((x0, y, x1, y1)):
        for line in lines:
            text(d, (x0 + 4, y + SIZE / 2 + 2), fit_text(line, size=SIZE, width=x1 - x0 - 8), size=SIZE,
                 fill=theme.text, anchor="lm", role="text")
            y += SIZE + 10


def _paint_row(image: Image.Image, d: ImageDraw.ImageDraw, row: tuple[int, int, int, int], s: int, seat: fr.Seat,
               cells: tuple[tuple[str, bool], ...], verdict: str, won: bool, out: bool, joker: bool,
               cols: list[tuple[float, float]], theme: Theme) -> None:
    x0, y, x1, y_end = row
    pitch = y_end - y
    ground = mix(theme.card, theme.gold, 0.28) if won else mix(theme.card, OUT_GREY, 0.5) if out else theme.card
    paste(image, rounded_box_sprite(x1 - x0, pitch - 4, ground, theme.gold if won else theme.card_edge,
                                    4.0 if won else 1.5, 10), (x0, y))
    cy = y + (pitch - 4) / 2 - 1
    mark(image, d, s, seat.colour, (x0 + 6 + (pitch - 8) / 2, cy), size=min(MARK, pitch - 8))
    for (words, bold), (cx0, cx1) in zip(cells, cols):
        if words:
            size = SIZE
            if not bold:  # a role, a box, a claim: a size smaller before it is cut
                need = text_width(words, size=SIZE)
                if need > cx1 - cx0:
                    size = max(round(SIZE * SMALLEST_CELL), int(SIZE * (cx1 - cx0) / need))
            text(d, (cx0, cy), fit_text(words, size=size, width=cx1 - cx0, bold=bold), size=size,
                 fill=theme.text, anchor="lm", bold=bold, role="headline" if bold else "text")
    rx0, rx1 = cols[4]
    icon = crown() if won else cross_sprite(32) if out else bottle_sprite(36) if joker else None
    if icon is not None:
        paste(image, icon, (round(rx0), round(cy - icon.height / 2)))
    if verdict:
        text(d, (rx0 + 50, cy), fit_text(verdict, size=SIZE, width=rx1 - rx0 - 50, bold=True), size=SIZE,
             fill=theme.text, anchor="lm", bold=True, role="text")


def _reveal_notes(view: dict[str, Any], lang: str) -> list[str]:
    """The table's secrets once over: the diamonds set aside, the bag, the box at the end, the
    diamonds recovered; and the accusations in order."""
    reveal = view["reveal"]
    bag = (say("mafia.render.bag", lang, token=say(f"mafia.token.{reveal['bag']}", lang)) if reveal["bag"]
           else say("mafia.render.no_bag", lang))
    lines = [" · ".join((say("mafia.render.hidden", lang, count=reveal["hidden"] or 0), bag,
                         say("mafia.render.recovered", lang, count=view["recovered"])))]
    if reveal.get("final"):
        lines.append(say("mafia.render.final", lang, box=box_words(reveal["final"], lang)))
    if view["accusations"]:
        lines.append(say("mafia.render.accusations", lang, list=" · ".join(
            f"{say('mafia.render.seat', lang, seat=a['seat'] + 1)} {accusation_words(a, lang)}" for a in view["accusations"])))
    return lines
