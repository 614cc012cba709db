"""Japanese as Japanese players say it (issue 31): every Japanese template filled in reads as
Japanese (counters, particles, punctuation), the list and counting helpers, and the glossary of
docs/japanese-style.md kept in use game by game."""

from __future__ import annotations

import re

import pytest

import bot.messages  # noqa: F401  (the bot's texts join the catalogue)
import renderers.messages  # noqa: F401
import renderers.ratings  # noqa: F401  (image texts registered beside their renderers)
import renderers.tournament  # noqa: F401
import tournaments.messages  # noqa: F401
from games.messages import CATALOGUE, counted_list, join_names, placeholders, translate
from games.registry import all_games

all_games()  # every game registers its texts on import

#: A display name as wide as the ones players pick: katakana, a middle dot and kanji.
LONG_NAME = "ジュゲム・ジュゲム・ゴコウノスリキレ長助"
FILLINGS = (1, 2, 10, 11, LONG_NAME)

#: What a filled-in Japanese text never holds, with why.
BROKEN = (
    (re.compile(r"[？?！!]。"), "a question or exclamation mark followed by 。"),
    (re.compile(r"。。|、、|、。"), "doubled punctuation"),
    (re.compile(r"(?<![0-9])(?:[1-9][0-9]+)つ"), "つ counts only to 9 (「10つ」)"),
    (re.compile(r"(をを|にに|がが|へへ|はは|のの(?!し))"), "a doubled particle"),  # not 「までで」「とともに」
    (re.compile(r"を[0-9]+(?:獲得|得)"), "a number without its counter (「パンを3獲得」)"),
)


def ja_templates():
    return sorted((key, texts["ja"]) for key, texts in CATALOGUE.items() if texts.get("ja"))


@pytest.mark.parametrize("filling", FILLINGS, ids=lambda v: f"fill-{v}" if isinstance(v, int) else "fill-long-name")
def test_every_japanese_template_reads_well_filled_in(filling):
    faults = []
    for key, template in ja_templates():
        names = placeholders(template)
        said = translate(key, "ja", **{name: filling for name in names})
        left = [name for name in names if "{" + name + "}" in said]
        if left:
            faults.append(f"{key}: placeholder(s) {left} not filled in: {said}")
        for pattern, why in BROKEN:
            if pattern.search(said):
                faults.append(f"{key}: {why}: {said}")
    assert not faults, "\n".join(faults[:40])


def test_no_template_puts_an_honorific_after_a_name():
    """さん after ``{players}`` honours only the last of a list and goes to AI seats too: the style
    sheet's rule is a bare name everywhere (as the tournament texts always wrote it)."""
    after = re.compile(r"\}\s*さん")
    assert [key for key, template in ja_templates() if after.search(template)] == []


def test_japanese_lists_are_joined_with_the_ideographic_comma():
    assert join_names(["たろう", "はなこ", "AI (Random)"], "ja") == "たろう、はなこ、AI (Random)"
    assert join_names(["taro", "hanako"], "en") == "taro, hanako"
    assert translate("board.winners", "ja", players=join_names(["盗人", "浮浪児"], "ja")) == "勝者: 盗人、浮浪児"


def test_counted_lists_group_identical_things_and_carry_their_counter():
    assert counted_list(["砂糖", "砂糖"], "ja") == "砂糖2個"
    assert counted_list(["砂糖", "ワイン"], "ja") == "砂糖1個とワイン1個"
    assert counted_list(["sugar", "sugar"], "en") == "2 sugar"
    assert counted_list(["タイル", "タイル", "タイル"], "ja", counter="枚") == "タイル3枚"


def test_the_windmill_trade_and_gains_count_their_goods():
    assert translate("madeira.event.mill_trade.sugar.sugar.wheat", "ja", seat=2) == "席2は風車で砂糖2個を小麦1個に交換。"
    assert translate("madeira.event.mill_trade.sugar.wine.wheat", "ja", seat=2) == "席2は風車で砂糖1個とワイン1個を小麦1個に交換。"
    assert translate("madeira.event.gain.bread", "ja", seat=1, count=3) == "席1はパン3個を獲得。"
    assert translate("madeira.event.gain.reals", "ja", seat=1, count=11) == "席1は11レアルを獲得。"
    assert translate("minoa.board.breakdown", "ja", regions=11, triangles=40) == "11領域 = 三角形40個"


def test_grid_baseball_names_the_gap_of_the_course_it_went_through():
    from games.messages import Text

    def hole(course):
        return translate("masume_yakyu.cell.hole", "ja", side=Text(f"masume_yakyu.side.{course}"),
                         gap=Text(f"masume_yakyu.gap.{course}"), infield=Text(f"masume_yakyu.infield.{course}"))

    assert hole("left").startswith("三遊間を抜けるゴロ") and "一二塁間" not in hole("left")
    assert hole("right").startswith("一二塁間を抜けるゴロ") and "三遊間" not in hole("right")
    assert translate("masume_yakyu.cell.shallow_of", "ja", side=Text("masume_yakyu.side.left")).startswith("浅いレフトフライ")
    assert translate("masume_yakyu.cell.3b_grounder", "ja",
                     infield=Text("masume_yakyu.infield.left")).startswith("三塁線寄りのゴロ")


def test_a_decision_ending_in_a_question_gets_no_full_stop_after_it():
    decision = translate("mafia.decide.question", "ja", seat=3)
    said = translate("play.your_turn_decision", "ja", mention="<@1>", decision=decision)
    assert "？。" not in said and "?。" not in said and said.endswith(decision)
