"""Every player-facing text exists in English and Japanese, with the same placeholders."""

from games.messages import CATALOGUE, Text, placeholders, translate
import bot.messages  # noqa: F401  (the bot's texts join the same catalogue)
from games.registry import all_games


def test_every_message_has_both_languages_and_matching_placeholders():
    all_games()  # games register their messages on import
    assert CATALOGUE
    for key, texts in CATALOGUE.items():
        assert set(texts) >= {"en", "ja"}, key
        assert texts["en"].strip() and texts["ja"].strip(), key
        assert placeholders(texts["en"]) == placeholders(texts["ja"]), key


def test_every_game_declares_titles_rules_and_option_help_in_both_languages():
    for game in all_games():
        assert set(game.titles) >= {"en", "ja"}
        assert set(game.rules_help) >= {"en", "ja"} and all(game.rules_help.values())
        assert all(len(text) <= 4096 for text in game.rules_help.values())  # one embed of /rules
        for option in game.options:
            assert option.help["en"] and option.help["ja"] and option.help["en"] != option.help["ja"]


def test_nested_texts_are_said_in_the_same_language():
    reason = Text("minoa.reason.no_point", point="z9")
    assert "z9" in translate("error.malformed", "ja", text="z9-a1", reason=reason)
    assert "ありません" in translate("error.malformed", "ja", text="z9-a1", reason=reason)
    assert translate("no.such.key", "ja") == "no.such.key"


def test_events_keep_nested_texts_translatable_through_storage():
    import json

    from games.core import Event
    from games.messages import text_from_json

    event = Event("error.malformed", {"text": "z9-a1", "reason": Text("minoa.reason.no_point", point="z9")})
    stored = json.loads(json.dumps(event.to_json()))
    params = {k: text_from_json(v) for k, v in stored["params"].items()}
    assert translate(stored["key"], "ja", **params) == "「z9-a1」は手として読めません: z9 という点はありません(行は a〜i、列は各行の左から1)"
    assert "there is no point z9" in translate(stored["key"], "en", **params)
