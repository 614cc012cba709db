"""The engine's message catalogue: every text a player may read, in English and Japanese.

Entries are ``key -> {"en": ..., "ja": ...}`` with ``str.format`` placeholders by name. Each game
adds its own entries with :func:`register_messages`; the core's are below. A test checks that every
key has both languages and the same placeholders in each.
"""

from __future__ import annotations

import string
from typing import Any, Iterable, Mapping

LANGUAGES = ("en", "ja")

CATALOGUE: dict[str, dict[str, str]] = {}


def register_messages(entries: Mapping[str, Mapping[str, str]]) -> None:
    for key, texts in entries.items():
        CATALOGUE[key] = dict(texts)


class Text:
    """A message to be said later in the reader's language: a key and its params.

    Used where one message nests another (an error's ``reason``); :func:`translate` resolves it.
    """

    __slots__ = ("key", "params")

    def __init__(self, key: str, /, **params: Any) -> None:
        self.key, self.params = key, params

    def __repr__(self) -> str:
        return f"Text({self.key!r}, **{self.params!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Text) and (self.key, self.params) == (other.key, other.params)

    def in_lang(self, lang: str) -> str:
        return translate(self.key, lang, **self.params)


def text_to_json(value: Any) -> Any:
    """A param for storage: a :class:`Text` becomes ``{"text": key, "params": {...}}`` (nested too)."""
    if isinstance(value, Text):
        return {"text": value.key, "params": {k: text_to_json(v) for k, v in value.params.items()}}
    return value


def text_from_json(value: Any) -> Any:
    """The inverse of :func:`text_to_json`: stored params become :class:`Text` again."""
    if isinstance(value, dict) and set(value) == {"text", "params"}:
        return Text(value["text"], **{k: text_from_json(v) for k, v in value["params"].items()})
    return value


def translate(key: str, lang: str = "en", /, **params: Any) -> str:
    """The text of ``key`` in ``lang`` (falling back to English), with ``params`` filled in.

    Params that are :class:`Text` are said in the same language. A missing key or placeholder
    never raises: the player sees the key rather than a crash.
    """
    texts = CATALOGUE.get(key)
    if texts is None:
        return key
    template = texts.get(lang) or texts.get("en") or key
    said = {name: value.in_lang(lang) if isinstance(value, Text) else value for name, value in params.items()}
    try:
        return template.format_map(_Lenient(said))
    except (ValueError, IndexError):
        return template


def translate_count(key: str, lang: str, count: int, /, **params: Any) -> str:
    """:func:`translate` for a text about ``count`` things: ``key + ".one"`` when ``count`` is 1
    and the catalogue has it ("1 region claimed"), else ``key`` ("3 regions claimed")."""
    one = f"{key}.one"
    return translate(one if count == 1 and one in CATALOGUE else key, lang, count=count, **params)


def join_names(names: Iterable[str], lang: str) -> str:
    """Names (or words) as one list in ``lang``: 「たろう、はなこ」 in Japanese, "taro, hanako" in English.

    Japanese lists take 「、」, never ", "; a template says the honorific-free name (see
    docs/japanese-style.md), so no さん is left after the last name only."""
    return ("、" if lang == "ja" else ", ").join(names)


def counted_list(words: Iterable[str], lang: str, counter: str = "個") -> str:
    """Things given or gained, counted, with identical ones grouped: ``["砂糖", "砂糖"]`` is
    「砂糖2個」, ``["砂糖", "ワイン"]`` 「砂糖1個とワイン1個」; in English "2 sugar", "1 sugar and 1 wine".

    A Japanese number needs its counter (「パン3個」, not 「パンを3」), and two identical words in a
    row (「砂糖と砂糖」) read as a slip, so a template takes this instead of naming each word."""
    counts: dict[str, int] = {}
    for word in words:
        counts[word] = counts.get(word, 0) + 1
    if lang == "ja":
        return "と".join(f"{word}{n}{counter}" for word, n in counts.items())
    return " and ".join(f"{n} {word}" for word, n in counts.items())


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


class _Lenient(dict):
    def __missing__(self, name: str) -> str:
        return "{" + name + "}"


register_messages(
    {
        "error.generic": {"en": "Something went wrong.", "ja": "問題が発生しました。"},
        "error.setup": {"en": "The game cannot be set up: {reason}", "ja": "ゲームを準備できません: {reason}"},
        "error.move": {"en": "That move cannot be played.", "ja": "その手は実行できません。"},
        "error.malformed": {
            "en": "“{text}” is not a move: {reason}",
            "ja": "「{text}」は手として読めません: {reason}",
        },
        "error.ambiguous": {
            "en": "“{text}” could mean several moves: {options}",
            "ja": "「{text}」は複数の手に当てはまります: {options}",
        },
        "error.illegal": {
            "en": "“{text}” is not legal now: {reason}",
            "ja": "「{text}」は今は実行できません: {reason}",
        },
        "error.not_your_turn": {
            "en": "Seat {seat} cannot act now; waiting on {waiting}.",
            "ja": "席{seat}は今は手番ではありません。手番: {waiting}",
        },
        "error.game_over": {"en": "The game is over.", "ja": "このゲームは終了しています。"},
        "error.unknown_game": {
            "en": "Unknown game “{name}”. Known games: {known}.",
            "ja": "「{name}」というゲームはありません。遊べるゲーム: {known}",
        },
        "error.players": {
            "en": "{game} is for {minimum} to {maximum} players, not {count}.",
            "ja": "{game}は{minimum}〜{maximum}人用です({count}人では遊べません)。",
        },
        "error.unknown_option": {
            "en": "{game} has no option “{name}”. Options: {known}.",
            "ja": "{game}に「{name}」というオプションはありません。オプション: {known}",
        },
        "error.option_value": {
            "en": "Option “{name}” cannot be “{value}”; choose one of: {choices}.",
            "ja": "オプション「{name}」に「{value}」は指定できません。選べる値: {choices}",
        },
        "error.option_int": {
            "en": "Option “{name}” must be a whole number from {minimum} to {maximum}, not “{value}”.",
            "ja": "オプション「{name}」は{minimum}〜{maximum}の整数で指定してください(「{value}」は不可)。",
        },
        "error.unknown_ai": {
            "en": "Unknown AI level “{level}”. Levels: {known}.",
            "ja": "AIレベル「{level}」はありません。レベル: {known}",
        },
        "cli.bad_seat_format": {
            "en": "“{line}” must start with a seat number, like “0 e4-e5”",
            "ja": "「{line}」は「0 e4-e5」のように席番号から始めてください",
        },
        "cli.bad_seat": {
            "en": "seat {seat} does not exist; seats are 0 to {players} minus one",
            "ja": "席{seat}はありません。席は0から({players}-1)までです",
        },
        "record.bad_seed": {
            "en": "The seed “{seed}” cannot be used: a seed is a whole number from 0 to {maximum}.",
            "ja": "シード「{seed}」は使えません。シードは0から{maximum}までの整数です。",
        },
        "record.bad_players": {
            "en": "The player count “{players}” in the record's header is not a whole number.",
            "ja": "記録の見出しにある人数「{players}」が整数ではありません。",
        },
        "move.pass": {"en": "pass", "ja": "パス"},
        "colour.red": {"en": "red", "ja": "赤"},
        "colour.blue": {"en": "blue", "ja": "青"},
        "colour.yellow": {"en": "yellow", "ja": "黄"},
        "colour.green": {"en": "green", "ja": "緑"},
        "colour.purple": {"en": "purple", "ja": "紫"},
        "ai.easy": {"en": "Easy (moves at once, makes mistakes)", "ja": "かんたん(すぐに手を決めます。ミスもします)"},
        "ai.normal": {"en": "Normal (thinks about a second)", "ja": "ふつう(1秒ほど考えます)"},
        "ai.hard": {"en": "Hard (thinks longer, plays its best)", "ja": "むずかしい(長めに考えて最善を尽くします)"},
    }
)
