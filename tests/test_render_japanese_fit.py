"""Japanese names and words fit on every image as well as English ones do (issue 31).

Each game's images (the inline one and, where there is one, the full board) are drawn for the
same states in English and in Japanese, with long Japanese names, and what was cut with "…" is
compared: a name keeps as much room in Japanese as in English (the Japanese words around it may
not take it: Minoa's 「1位」 once left 「は…」 of はなこ), and no other word is cut in Japanese that
English shows whole (「ポルト・サ…」, 「(カーザ・ダ・コ…」, 「オレ…」). The line breaker keeps
Japanese words whole: 「税関 / (アルファンデガ)」, never 「税関(アルファンデ / ガ)」.
"""

from __future__ import annotations

import copy
from functools import lru_cache

import pytest

import renderers
from games.registry import all_games
from renderers import common
from tests.play import random_game

#: Names as wide as the ones players pick: katakana with middle dots, kanji, kana, and a long
#: Latin one to compare with.
NAMES = ["ジュゲム・ジュゲム長助", "山田太郎左衛門", "さくら", "Alexandria the Magnificent", "たろう",
         "はなこ", "じろう", "Zoë", "鈴木一郎", "ミナミ", "Kenji", "えり"]
GAMES = sorted(g.name for g in all_games() if renderers.has_renderer(g.name))


@lru_cache(maxsize=None)
def _views(name: str) -> list[tuple[str, dict, int]]:
    game = next(g for g in all_games() if g.name == name)
    views = []
    for players in sorted({game.min_players, game.max_players}):
        states, _ = random_game(game, players, seed=11 + players)
        for label, state in (("middle", states[len(states) // 2]), ("final", states[-1])):
            views.append((f"{players}p-{label}", game.view(state, None), players))
    return views


def _drawn(name: str, view: dict, players: int, lang: str, detail: bool) -> list[str] | None:
    draw = renderers.render_detail if detail else renderers.render
    with common.recording() as recorder:
        png = draw(name, view, names=NAMES[:players], lang=lang)
    if png is None:
        return None
    return [item.content for item in recorder.items if item.kind == "text"]


def _shown(full: str, texts: list[str]) -> str:
    """The longest part of the name ``full`` any text shows: the whole name, or its start before "…"."""
    shown = ""
    for said in texts:
        if full in said:
            return full
        for n in range(len(full) - 1, len(shown), -1):
            if full[:n] + "…" in said:
                shown = full[:n]
                break
    return shown


def _cut_words(texts: list[str], players: int) -> list[str]:
    """Texts cut with "…" that are not a player's name (nor a line that names a player)."""
    names = NAMES[:players]
    return [said for said in texts if said.endswith("…")
            and not any(name[:2] in said for name in names)]


@pytest.mark.parametrize("detail", [False, True], ids=["inline", "full-board"])
@pytest.mark.parametrize("name", GAMES)
def test_names_keep_as_much_room_in_japanese_as_in_english(name, detail):
    for label, view, players in _views(name):
        en, ja = (_drawn(name, view, players, lang, detail) for lang in ("en", "ja"))
        if en is None:
            continue
        for full in NAMES[:players]:
            shown_en, shown_ja = _shown(full, en), _shown(full, ja)
            assert common.text_width(shown_ja, size=26) >= common.text_width(shown_en, size=26) - 1, \
                f"{name} {label}: {full!r} shows as {shown_ja!r} in Japanese but {shown_en!r} in English"


@pytest.mark.parametrize("detail", [False, True], ids=["inline", "full-board"])
@pytest.mark.parametrize("name", GAMES)
def test_no_word_is_cut_in_japanese_that_english_shows_whole(name, detail):
    for label, view, players in _views(name):
        en, ja = (_drawn(name, view, players, lang, detail) for lang in ("en", "ja"))
        if en is None:
            continue
        cut_en, cut_ja = _cut_words(en, players), _cut_words(ja, players)
        assert len(cut_ja) <= len(cut_en), f"{name} {label}: cut in Japanese only: {cut_ja} (English: {cut_en})"


def test_madeira_full_board_shows_the_longest_japanese_terms_whole():
    """Building names with their Portuguese, the cities (ポルト・サント), the King's Rewards (王室の
    サポート) and every guild colour (オレンジ) on the full board, none cut and none broken mid-word."""
    label, view, players = _views("madeira")[2]  # 4 players, mid-game: every reward still offered
    view = copy.deepcopy(view)
    for row, guild in zip(view["rows"], ("white", "green", "orange", "purple")):
        row["guilds"] = [guild, "orange"]
    for colony, rewards in zip(view["colonies"], (["support", "windmill"], ["loot", "medal"], ["island", "watch"])):
        colony["rewards"] = rewards
    ja = _drawn("madeira", view, players, "ja", detail=True)
    for word in ("税関", "(アルファンデガ)", "ギルド会館", "(カーザ・ダ・コロア)", "製粉所", "(モイーニョ)",
                 "ポルト・サント", "フンシャル", "マシコ", "オレンジ"):
        assert word in ja, f"{word!r} is not drawn whole: {[t for t in ja if t.endswith('…')]}"
    assert "王室の" in ja and "サポート" in ja  # two lines, broken between the words
    assert not any(said.endswith("…") for said in _cut_words(ja, players))


def _lines(words: str, chars: int) -> list[str]:
    """``words`` wrapped at the width of its first ``chars`` characters (and a hair more)."""
    return common.wrap_text(words, size=20, width=common.text_width(words[:chars], size=20) + 2, max_lines=4)


@pytest.mark.parametrize("words,chars,lines", [
    ("税関(アルファンデガ)", 10, ["税関", "(アルファンデガ)"]),
    ("王室のサポート", 5, ["王室の", "サポート"]),
    ("ギルド会館(カーザ・ダ・コロア)", 12, ["ギルド会館(カーザ・ダ・", "コロア)"]),
    ("ポルト・サント", 5, ["ポルト・", "サント"]),
])
def test_japanese_lines_break_between_words(words, chars, lines):
    assert _lines(words, chars) == lines


def test_a_number_keeps_its_counter_and_no_line_starts_with_a_long_vowel_or_a_middle_dot():
    for words in ("ポルト・サント・マシコ・フンシャル", "ライジングファスト・剛球ファスト", "タイル(1枚以上)を得る",
                  "ギルドマスター・ストレート・チェンジアップ"):
        for chars in range(3, len(words)):
            parts = _lines(words, chars)
            assert not any(part[0] in "ー・)" for part in parts[1:]), (words, chars, parts)
            assert not any(a[-1].isdigit() and b[0] == "枚" for a, b in zip(parts, parts[1:])), (words, chars, parts)
