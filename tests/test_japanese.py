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


# -- the glossary of docs/japanese-style.md ------------------------------------------------------

#: Per key prefix, the words the style sheet replaces (pattern, the word to use instead). The
#: ``""`` prefix is every key. A game's rules help (``Game.rules_help["ja"]``) is checked with
#: the game's own list.
FORBIDDEN: dict[str, tuple[tuple[str, str], ...]] = {
    "": (
        (r"指[さしすせそ]", "実行する / 選ぶ / 進める (指す is shogi and chess)"),
        (r"牌", "タイルやカード"),
        (r"掲示板式", "郵便対局"),
        (r"同点優勝", "勝者: / 共同勝利"),
        (r"先取", "最大試合数"),
        (r"番卓", "第N卓"),
        (r"\}局|[0-9]局", "Nゲーム"),
        (r"終局", "ゲーム終了"),
    ),
    "mafia.": (
        (r"泥棒", "盗人"),
        (r"ストリートチルドレン", "浮浪児"),
        (r"手下", "部下"),
        (r"(?<!\()捜査官", "FBI/CIA"),
        (r"箱", "葉巻ケース / ケース"),
        (r"最初のプレイヤー", "スタートプレイヤー"),
        (r"最後のプレイヤー", "ラストプレイヤー"),
        (r"#\{", "席{seat}"),
    ),
    "madeira.": (
        (r"橙", "オレンジ"),
        (r"スロット", "パス列"),
        (r"名誉(?!賞)", "名誉賞"),
        (r"代金", "コスト"),
        (r"ターン順", "手番順"),
        (r"\}番です", "今求められている操作: {prompt}"),
    ),
    "medina.": (
        (r"橙", "オレンジ"),
        (r"腕", "塔と方向 (1E, 塔1・東側)"),
        (r"締め?切", "除外"),
        (r"停止", "拡張不可"),
        (r"宮殿の大きさ\{", "{size}コマの宮殿"),
    ),
    "minoa.": (
        (r"駒", "コマ"),
        (r"外周", "端"),
        (r"上級ルール", "高度なゲーム"),
        (r"(?<![直曲])線", "ライン"),
    ),
    "masume_yakyu.": (
        (r"掲示板", "郵便対局"),
        (r"[一二三]塁へ", "1塁へ (the seed's digits)"),
        (r"チャレンジ(?!プレー)", "チャレンジプレー"),
        (r"ターゲットのマス", "配球勝負マス"),
        (r"三遊間・一二塁間", "the gap of the course ({gap})"),
    ),
    "middle_ages.": (
        (r"市場の段|市場は4段", "中央の場"),
    ),
}

#: Grid baseball's battery jobs take the seed's katakana words; the people on the field in a
#: play-by-play text are 走者/打者. ランナー may appear only where a job is meant.
RUNNER_AS_JOB = {"masume_yakyu.role.runner", "masume_yakyu.option.battery", "masume_yakyu.decide.bat_runner",
                 "masume_yakyu.img.decide.bat_runner"}


def _glossary_faults(key: str, text: str) -> list[str]:
    faults = []
    for prefix, rules in FORBIDDEN.items():
        if key.startswith(prefix):
            for pattern, instead in rules:
                found = re.search(pattern, text)
                if found:
                    faults.append(f"{key}: 「{found.group(0)}」 → {instead}: {text[:80]}")
    if key.startswith("masume_yakyu.") and "ランナー" in text and key not in RUNNER_AS_JOB:
        faults.append(f"{key}: ランナー is the battery job; a runner on the field is 走者: {text[:80]}")
    return faults


def test_the_catalogues_use_the_glossary_terms():
    faults = [fault for key, template in ja_templates() for fault in _glossary_faults(key, template)]
    assert not faults, "\n".join(faults)


def test_the_rules_help_uses_the_glossary_terms():
    faults = []
    for game in all_games():
        faults += _glossary_faults(f"{game.name}.rules_help", game.rules_help["ja"])
    assert not faults, "\n".join(faults)


def test_texts_write_slash_commands_by_their_english_path():
    """Discord opens a command typed by its default (English) name; /大会 チーム pasted from a text
    does not. So no text names a command by its Japanese localisation."""
    localised = {texts["ja"] for key, texts in CATALOGUE.items()
                 if key.startswith("cmd.") and not key.startswith("cmd.opt.") and not key.endswith(".desc")}
    assert "大会" in localised and "手元" in localised  # the names this test looks for are there
    faults = [f"{key}: {template}" for key, template in ja_templates()
              for name in localised if f"/{name}" in template]
    assert not faults, "\n".join(faults)


def test_the_style_sheet_names_every_game_and_its_seed_terms():
    from pathlib import Path

    sheet = (Path(__file__).parent.parent / "docs" / "japanese-style.md").read_text(encoding="utf-8")
    for word in ("盗人", "浮浪児", "忠実な部下", "FBI/CIA", "葉巻ケース", "郵便対局", "最大試合数", "実行",
                 "バッター", "オレンジ", "名誉賞", "除外", "コマ", "中央の場", "counted_list", "join_names"):
        assert word in sheet, word


def test_decision_prompts_share_one_plain_register():
    """A prompt is shown after 「◯◯の手番です:」 and on the images: a plain verb, never a polite
    request or a question (docs/japanese-style.md, Voice)."""
    prompts = [(key, template) for key, template in ja_templates() if ".decide." in key]
    assert len(prompts) > 50
    polite = re.compile(r"ください|ます|[？?]")
    assert [f"{key}: {template}" for key, template in prompts if polite.search(template)] == []
