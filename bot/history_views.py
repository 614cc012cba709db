"""Buttons of a game's story: Undo on a mover's reply and the consent it may need, the pages of
``/history`` and the Rematch button under a finished game's record. Dynamic items with the table in their ids, so they work after a restart; the
History cog does the work."""

from __future__ import annotations

import re

import discord

from bot.i18n import t
from bot.views import TableButton


class HistoryPageButton(discord.ui.DynamicItem[discord.ui.Button],
                        template=r"hp:(?P<table>\d+):(?P<page>\d+):(?P<dir>[pn])"):
    """Previous / Next under ``/history``."""

    def __init__(self, table_id: int, page: int, direction: str, lang: str = "en", disabled: bool = False) -> None:
        label = t("button.previous" if direction == "p" else "button.next", lang)
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, disabled=disabled,
                                           custom_id=f"hp:{table_id}:{page}:{direction}"))
        self.table_id, self.page = table_id, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(int(match["table"]), int(match["page"]), match["dir"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.get_cog("History").history_page(interaction, self.table_id, self.page)


class RematchButton(TableButton, template=r"rm:(?P<table>\d+)"):
    """Rematch: the same seats and options in a new lobby and thread."""

    PREFIX, LABEL, STYLE = "rm", "button.rematch", discord.ButtonStyle.primary

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.get_cog("History").rematch(interaction, self.table_id)


class UndoButton(discord.ui.DynamicItem[discord.ui.Button], template=r"ud:(?P<table>\d+)(?::(?P<move>\d+))?"):
    """Undo, on the mover's own reply (``ud:table:move``, ``move`` the version that move was
    committed at): takes back that move, once (``bot.host.undo``). Ids of older releases name no
    move and count as a typed ``/undo``."""

    def __init__(self, table_id: int, move: int | None, lang: str = "en") -> None:
        super().__init__(discord.ui.Button(label=t("button.undo", lang), style=discord.ButtonStyle.secondary,
                                           custom_id=f"ud:{table_id}" if move is None else f"ud:{table_id}:{move}"))
        self.table_id, self.move = table_id, move

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(int(match["table"]), int(match["move"]) if match["move"] else None)

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.get_cog("History").undo_click(interaction, self.table_id, self.move)


class UndoAnswerButton(discord.ui.DynamicItem[discord.ui.Button],
                       template=r"ua:(?P<table>\d+):(?P<version>\d+):(?P<answer>[yn])"):
    """Accept / Decline under a request to take back a move, bound to the table's version; once
    the undo is done a second click is "already done"."""

    def __init__(self, table_id: int, version: int, accept: bool, lang: str = "en") -> None:
        super().__init__(discord.ui.Button(
            label=t("button.accept" if accept else "button.decline", lang),
            style=discord.ButtonStyle.success if accept else discord.ButtonStyle.danger,
            custom_id=f"ua:{table_id}:{version}:{'y' if accept else 'n'}"))
        self.table_id, self.version, self.accept = table_id, version, accept

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(int(match["table"]), int(match["version"]), match["answer"] == "y")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.get_cog("History").undo_answer(interaction, self.table_id, self.version, self.accept)


def undo_view(table_id: int, move: int, lang: str) -> discord.ui.View:
    """The Undo button of the move committed at version ``move``."""
    view = discord.ui.View(timeout=None)
    view.add_item(UndoButton(table_id, move, lang))
    return view


def consent_view(table_id: int, version: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(UndoAnswerButton(table_id, version, True, lang))
    view.add_item(UndoAnswerButton(table_id, version, False, lang))
    return view


def history_pages_view(table_id: int, page: int, pages: int, lang: str) -> discord.ui.View | None:
    """Previous / Next for page ``page`` (0-based) of ``pages``; ``None`` when one page holds all."""
    if pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(HistoryPageButton(table_id, max(page - 1, 0), "p", lang, disabled=page == 0))
    view.add_item(HistoryPageButton(table_id, min(page + 1, pages - 1), "n", lang, disabled=page >= pages - 1))
    return view


def story_view(table_id: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(table_id, lang))
    return view


HISTORY_ITEMS = (HistoryPageButton, RematchButton, UndoButton, UndoAnswerButton)
