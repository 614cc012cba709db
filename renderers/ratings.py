"""The leaderboard image: a server's best rated players of one game.

Reads a plain leaderboard view, never the store::

    {"game": "Minoa", "total": 23, "rows": [
        {"rank": 1, "name": "alice", "rating": 17.4, "games": 12, "provisional": False}, ...]}

``rating`` is the displayed rating (openskill's ordinal, ``mu - 3 sigma``). Provisional ratings
(too few games, or not settled yet) are marked with a "?" after the number, drawn in a muted ink
under their own sub-heading, and a legend at the foot says what the mark means, so the mark reads
without colour. Like the standings (:mod:`renderers.tournament`) the canvas is 720 x 800, seen at
half size both inline (550 x 400 box) and on a 360 px wide phone: every text is drawn at 20 px or
more (10 px seen), rank, name and rating at 26 px. At most :data:`ROWS` rows; the text post
carries the same list. Not a game's board: no ``render`` function.

:func:`render_history` draws one player's rating over their latest rated games (a sparkline,
oldest left, newest right, each game a dot, the provisional ones hollow) on a 720 x 300 canvas
with the first, lowest, highest and latest values written beside it in the same sizes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from games.messages import register_messages, translate
from renderers.common import (
    DEFAULT_THEME,
    darker,
    encode_png,
    fit_text,
    ink_on,
    mix,
    on_canvas,
    text,
    within,
)
from renderers.tournament import MEDALS

WIDTH, HEIGHT = 720, 800
MARGIN = 12
HEADER = 92
ROWS = 12
BIG, SMALL = 26, 20
#: The mark after a provisional rating (the legend explains it).
PROVISIONAL_MARK = "?"

TEXTS = {
    "ratings.image.title": {"en": "Leaderboard · {game}", "ja": "ランキング・{game}"},
    "ratings.image.subtitle": {"en": "{count} rated players in this server", "ja": "このサーバーのレーティング対象 {count}人"},
    "ratings.image.rank": {"en": "#", "ja": "順位"},
    "ratings.image.player": {"en": "Player", "ja": "プレイヤー"},
    "ratings.image.rating": {"en": "Rating", "ja": "レート"},
    "ratings.image.games": {"en": "Games", "ja": "ゲーム数"},
    "ratings.image.provisional_heading": {"en": "Provisional", "ja": "暫定"},
    "ratings.image.legend": {"en": "{mark} provisional: fewer than {games} games or not settled yet",
                             "ja": "{mark} 暫定: {games}ゲーム未満、またはまだ安定していません"},
    "ratings.image.more": {"en": "and {count} more", "ja": "ほか{count}人"},
    "ratings.image.history": {"en": "{player} · {game}: last {count} games", "ja": "{player}・{game}: 最近{count}ゲーム"},
    "ratings.image.range": {"en": "low {low} · high {high} · now {now}", "ja": "最低 {low}・最高 {high}・現在 {now}"},
}
register_messages(TEXTS)


def _say(key: str, lang: str, **params: Any) -> str:
    if key not in TEXTS:  # a mistyped key fails loudly
        raise KeyError(key)
    return translate(key, lang, **params)


def _canvas(width: int, height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (width, height), DEFAULT_THEME.background)
    on_canvas(image)
    return image, ImageDraw.Draw(image)


def draw_leaderboard(view: Mapping[str, Any], *, lang: str = "en", provisional_games: int = 5) -> Image.Image:
    """The leaderboard image (RGB)."""
    theme = DEFAULT_THEME
    image, d = _canvas(WIDTH, HEIGHT)
    right = WIDTH - MARGIN
    rows = list(view.get("rows", ()))
    total = int(view.get("total", len(rows)))

    d.rectangle([0, 0, WIDTH, HEADER - 1], fill=mix(theme.background, theme.card, 0.6))
    d.line([(0, HEADER - 1), (WIDTH, HEADER - 1)], fill=theme.card_edge, width=2)
    with within((MARGIN, 0, right, HEADER)):
        title = _say("ratings.image.title", lang, game=view.get("game", ""))
        text(d, (MARGIN, HEADER * 0.33), fit_text(title, size=30, width=right - MARGIN, bold=True), size=30,
             fill=theme.text, anchor="lm", bold=True, role="headline")
        text(d, (MARGIN, HEADER * 0.78), fit_text(_say("ratings.image.subtitle", lang, count=total), size=SMALL,
             width=right - MARGIN), size=SMALL, fill=theme.muted, anchor="lm", role="text")

    rank_w, rating_w, games_w = 56, 120, 90
    x_name = MARGIN + rank_w
    x_games = right - games_w
    x_rating = x_games - rating_w
    top = HEADER + 6
    head_h = 32
    head = {"size": SMALL, "fill": theme.muted, "role": "text"}
    with within((MARGIN, top, right, top + head_h)):
        y = top + head_h / 2
        text(d, (MARGIN + rank_w / 2, y), _say("ratings.image.rank", lang), anchor="mm", **head)
        text(d, (x_name + 8, y), _say("ratings.image.player", lang), anchor="lm", **head)
        text(d, (x_rating + rating_w / 2, y), _say("ratings.image.rating", lang), anchor="mm", **head)
        text(d, (x_games + games_w / 2, y), _say("ratings.image.games", lang), anchor="mm", **head)

    shown = rows[:ROWS]
    footer = 34 * (1 + (len(rows) > ROWS or total > len(rows)))
    divider = 30 if any(r.get("provisional") for r in shown) and not all(r.get("provisional") for r in shown) else 0
    body_top = top + head_h + 4
    row_h = min(56, (HEIGHT - MARGIN - footer - body_top - divider) // max(1, len(shown)))
    y0 = body_top
    previous_provisional = False
    for index, row in enumerate(shown):
        provisional = bool(row.get("provisional"))
        if provisional and not previous_provisional and index > 0:
            with within((MARGIN, y0, right, y0 + divider)):
                text(d, (x_name + 8, y0 + divider / 2), _say("ratings.image.provisional_heading", lang),
                     anchor="lm", **head)
            y0 += divider
        previous_provisional = provisional
        y1 = y0 + row_h - 4
        ym = (y0 + y1) / 2
        d.rectangle([MARGIN, y0, right, y1], fill=theme.card if index % 2 == 0 else mix(theme.card, theme.background, 0.45))
        ink = theme.muted if provisional else theme.text
        rank = int(row.get("rank", index + 1))
        with within((MARGIN, y0, x_name, y1)):
            cx = MARGIN + rank_w / 2
            if rank <= 3 and not provisional:
                medal = MEDALS[rank - 1]
                r = (y1 - y0) / 2 - 2
                d.ellipse([cx - r, ym - r, cx + r, ym + r], fill=medal, outline=darker(medal, 0.4), width=2)
                text(d, (cx, ym), str(rank), size=BIG, fill=ink_on(medal), anchor="mm", bold=True, role="headline")
            else:
                text(d, (cx, ym), fit_text(str(rank), size=BIG, width=rank_w - 4, bold=True), size=BIG, fill=ink,
                     anchor="mm", bold=True, role="headline")
        with within((x_name, y0, x_rating, y1)):
            name = fit_text(str(row.get("name", "")), size=BIG, width=x_rating - x_name - 16, bold=rank == 1,
                            middle=True)
            text(d, (x_name + 8, ym), name, size=BIG, fill=ink, anchor="lm", bold=rank == 1 and not provisional,
                 role="headline")
        with within((x_rating, y0, x_games, y1)):
            rating = f"{float(row.get('rating', 0)):.1f}" + (PROVISIONAL_MARK if provisional else "")
            text(d, (x_rating + rating_w / 2, ym), fit_text(rating, size=BIG, width=rating_w - 8, bold=True),
                 size=BIG, fill=ink, anchor="mm", bold=True, role="headline")
        with within((x_games, y0, right, y1)):
            text(d, (x_games + games_w / 2, ym), fit_text(str(row.get("games", 0)), size=SMALL, width=games_w - 8),
                 size=SMALL, fill=ink, anchor="mm", role="text")
        y0 += row_h

    y = HEIGHT - MARGIN - footer
    more = total - len(shown)
    if more > 0:
        with within((MARGIN, y, right, y + 34)):
            text(d, (WIDTH / 2, y + 17), fit_text(_say("ratings.image.more", lang, count=more), size=SMALL,
                 width=right - MARGIN), anchor="mm", **head)
        y += 34
    with within((MARGIN, y, right, y + 34)):
        legend = _say("ratings.image.legend", lang, mark=PROVISIONAL_MARK, games=provisional_games)
        text(d, (MARGIN, y + 17), fit_text(legend, size=SMALL, width=right - MARGIN), anchor="lm", **head)
    return image


def render_leaderboard(view: Mapping[str, Any], *, lang: str = "en", provisional_games: int = 5) -> bytes:
    """PNG bytes of the leaderboard image."""
    return encode_png(draw_leaderboard(view, lang=lang, provisional_games=provisional_games))


HISTORY_WIDTH, HISTORY_HEIGHT = 720, 300


def draw_history(view: Mapping[str, Any], *, lang: str = "en") -> Image.Image:
    """A player's rating after each of their latest games (RGB). ``view``: ``{"player", "game",
    "points": [{"rating": float, "provisional": bool}, ...]}``, oldest first."""
    theme = DEFAULT_THEME
    image, d = _canvas(HISTORY_WIDTH, HISTORY_HEIGHT)
    right = HISTORY_WIDTH - MARGIN
    points = list(view.get("points", ()))
    values = [float(p["rating"]) for p in points] or [0.0]
    low, high = min(values), max(values)
    with within((MARGIN, 0, right, 80)):
        title = _say("ratings.image.history", lang, player=view.get("player", ""), game=view.get("game", ""),
                     count=len(points))
        text(d, (MARGIN, 26), fit_text(title, size=BIG, width=right - MARGIN, bold=True), size=BIG,
             fill=theme.text, anchor="lm", bold=True, role="headline")
        summary = _say("ratings.image.range", lang, low=f"{low:.1f}", high=f"{high:.1f}", now=f"{values[-1]:.1f}")
        text(d, (MARGIN, 62), fit_text(summary, size=SMALL, width=right - MARGIN), size=SMALL, fill=theme.muted,
             anchor="lm", role="text")
    x0, x1, y0, y1 = MARGIN + 70, right - 20, 100, HISTORY_HEIGHT - 30
    d.rectangle([MARGIN, y0 - 10, right, y1 + 10], fill=theme.card)
    span = (high - low) or 1.0
    with within((MARGIN, y0 - 22, x0, y1 + 22)):
        text(d, (x0 - 10, y0), f"{high:.1f}", size=SMALL, fill=theme.muted, anchor="rm", role="text")
        text(d, (x0 - 10, y1), f"{low:.1f}", size=SMALL, fill=theme.muted, anchor="rm", role="text")
    step = (x1 - x0) / max(1, len(values) - 1)
    xy = [(x0 + step * i if len(values) > 1 else (x0 + x1) / 2, y1 - (v - low) / span * (y1 - y0))
          for i, v in enumerate(values)]
    if len(xy) > 1:
        d.line(xy, fill=theme.text, width=4, joint="curve")
    for (x, y), point in zip(xy, points):
        r = 8
        if point.get("provisional"):  # hollow: told apart by shape, not colour
            d.ellipse([x - r, y - r, x + r, y + r], fill=theme.card, outline=theme.text, width=3)
        else:
            d.ellipse([x - r, y - r, x + r, y + r], fill=theme.text)
    return image


def render_history(view: Mapping[str, Any], *, lang: str = "en") -> bytes:
    """PNG bytes of the rating history sparkline."""
    return encode_png(draw_history(view, lang=lang))
