"""Which language to speak, and the translator that names slash commands in both languages.

A reply to a person follows their Discord locale when it is Japanese or English; otherwise, and
for public posts in a thread, the server's default (``guild_settings``) or the bot's default.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

import bot.messages  # noqa: F401  (registers the bot's texts)
from games.messages import translate


def lang_of_locale(locale: discord.Locale | str | None) -> str | None:
    value = str(getattr(locale, "value", locale) or "")
    if value.startswith("ja"):
        return "ja"
    if value.startswith("en"):
        return "en"
    return None


def t(key: str, lang: str, /, **params: Any) -> str:
    return translate(key, lang, **params)


def ls(key: str) -> app_commands.locale_str:
    """A command string: English as the default text, the catalogue key for the translator."""
    return app_commands.locale_str(translate(key, "en"), key=key)


class CatalogueTranslator(app_commands.Translator):
    """Gives Discord the Japanese names and descriptions of the commands from the catalogue."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        key = string.extras.get("key")
        if key is None or lang_of_locale(locale) != "ja":
            return None
        return translate(key, "ja")
