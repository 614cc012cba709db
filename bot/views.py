"""Buttons and selects. Every one is a ``DynamicItem`` whose custom_id carries the table id (and,
where acting on an old picture would be wrong, what the click was shown: the table version, or for
the move builder the acting seat's decision), so they all keep working after a restart: a click
reloads the table from storage. Custom ids stay far below Discord's 100. Deadlines and limits
are read from storage, never from an id.

The callbacks are thin: they read the click, call the host through the bot, and reply.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.host import Decision
from bot.i18n import t

if TYPE_CHECKING:
    from bot.client import GameBot

#: Discord's limit on options in one select.
SELECT_LIMIT = 25
_SEPARATORS = re.compile(r"[-\s]")


def _bot(interaction: discord.Interaction) -> "GameBot":
    return interaction.client  # type: ignore[return-value]


def _picked(interaction: discord.Interaction) -> str:
    values = (interaction.data or {}).get("values") or [""]
    return str(values[0])


# -- lobby ------------------------------------------------------------------------------------


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button], template=r"lb:(?P<action>join|leave|start|cancel):(?P<table>\d+)"):
    STYLES = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
              "start": discord.ButtonStyle.primary, "cancel": discord.ButtonStyle.danger}

    def __init__(self, action: str, table_id: int, lang: str = "en") -> None:
        super().__init__(discord.ui.Button(label=t(f"button.{action}", lang), style=self.STYLES[action],
                                           custom_id=f"lb:{action}:{table_id}"))
        self.action, self.table_id = action, table_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(match["action"], int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _bot(interaction).lobby.action(interaction, self.table_id, self.action)


class AddAISelect(discord.ui.DynamicItem[discord.ui.Select], template=r"la:(?P<table>\d+)(?::(?P<version>\d+))?"):
    """Add AI, bound to the lobby's version it was shown on: a pick sent twice adds one seat (the
    second is told the lobby changed). Ids without a version (older releases) add as before."""

    def __init__(self, table_id: int, version: int | None, levels: list[str] | None = None, lang: str = "en") -> None:
        options = [discord.SelectOption(label=t(f"ai.{level}", lang)[:100], value=level) for level in levels or ["normal"]]
        custom_id = f"la:{table_id}" if version is None else f"la:{table_id}:{version}"
        super().__init__(discord.ui.Select(placeholder=t("button.add_ai", lang), options=options, custom_id=custom_id))
        self.table_id, self.version = table_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]):
        return cls(int(match["table"]), int(match["version"]) if match["version"] else None)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _bot(interaction).lobby.action(interaction, self.table_id, "add_ai", level=_picked(interaction),
                                             version=self.version)


def lobby_view(table_id: int, version: int, levels: list[str], lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in ("join", "leave", "start", "cancel"):
        view.add_item(LobbyButton(action, table_id, lang))
    view.add_item(AddAISelect(table_id, version, levels, lang))
    return view


# -- the board message ------------------------------------------------------------------------


class TableButton(discord.ui.DynamicItem[discord.ui.Button], template=r"(?!)"):
    """A button that only needs the table id: ``PREFIX:table``. Subclasses name the prefix (in
    their template too), label and style, and say what a click does."""

    PREFIX, LABEL, STYLE = "", "", discord.ButtonStyle.secondary

    def __init__(self, table_id: int, lang: str = "en") -> None:
        super().__init__(discord.ui.Button(label=t(self.LABEL, lang), style=self.STYLE,
                                           custom_id=f"{self.PREFIX}:{table_id}"))
        self.table_id = table_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(int(match["table"]))


class MoveButton(TableButton, template=r"mv:(?P<table>\d+)"):
    PREFIX, LABEL, STYLE = "mv", "button.move", discord.ButtonStyle.primary

    async def callback(self, interaction: discord.Interaction) -> None:
        await _bot(interaction).play.open_builder(interaction, self.table_id)


class HandButton(TableButton, template=r"hv:(?P<table>\d+)"):
    PREFIX, LABEL, STYLE = "hv", "button.hand", discord.ButtonStyle.secondary

    async def callback(self, interaction: discord.Interaction) -> None:
        await _bot(interaction).play.show_private(interaction, self.table_id)


class FullBoardButton(TableButton, template=r"fb:(?P<table>\d+)"):
    PREFIX, LABEL, STYLE = "fb", "button.full_board", discord.ButtonStyle.secondary

    async def callback(self, interaction: discord.Interaction) -> None:
        await _bot(interaction).play.show_full_board(interaction, self.table_id)


def board_view(table_id: int, lang: str, hidden_information: bool, full_board: bool = False) -> discord.ui.View:
    """The buttons under a board post: Move, My view (games with secrets) and Full board (games
    whose inline image is a summary)."""
    view = discord.ui.View(timeout=None)
    view.add_item(MoveButton(table_id, lang))
    if hidden_information:
        view.add_item(HandButton(table_id, lang))
    if full_board:
        view.add_item(FullBoardButton(table_id, lang))
    return view


# -- the move builder (ephemeral) -------------------------------------------------------------


def narrow(notations: list[str], prefix: str) -> tuple[list[str], bool]:
    """Options for the next select of the move builder, and whether they are whole moves.

    Any game's notation works: when more than 25 moves remain they are grouped by their next
    word (up to the next ``-`` or space), or, if that still gives more than 25 groups, by their
    next character, so a player reaches any move in a few picks.
    """
    remaining = [n for n in notations if n.startswith(prefix)]
    if len(remaining) <= SELECT_LIMIT:
        return remaining, True
    start = len(prefix)
    words = []
    for n in remaining:
        cut = _SEPARATORS.search(n, start + 1)
        words.append(n[: cut.start()] if cut else n)
    groups = sorted(set(words), key=_natural)
    if 1 < len(groups) <= SELECT_LIMIT:
        return groups, False
    length = start + 1
    while True:
        groups = sorted({n[:length] for n in remaining}, key=_natural)
        if len(groups) > 1 or length >= max(len(n) for n in remaining):
            return groups[:SELECT_LIMIT], False
        length += 1


def _natural(text: str) -> list:
    """Sort key that puts ``e2`` before ``e10``."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text.lower())]


#: A seat's decision in a custom id (``Decision.__str__``): seat, moves made, digest.
_DECISION = r"(?P<seat>\d+):(?P<made>\d+):(?P<digest>[0-9a-f]{1,16})"


def _decision(match: re.Match[str]) -> Decision:
    return Decision(int(match["seat"]), int(match["made"]), match["digest"])


class BuilderSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"bs:(?P<table>\d+):" + _DECISION):
    """The move builder's select, bound to the acting seat's decision (``bs:table:seat:made:digest``)."""

    def __init__(self, table_id: int, decision: Decision, options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None) -> None:
        super().__init__(discord.ui.Select(custom_id=f"bs:{table_id}:{decision}", placeholder=placeholder,
                                           options=options or [discord.SelectOption(label="-", value="-")]))
        self.table_id, self.decision = table_id, decision

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]):
        return cls(int(match["table"]), _decision(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _bot(interaction).play.builder_pick(interaction, self.table_id, self.decision, _picked(interaction))


class VersionBuilderSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"mb:(?P<table>\d+):(?P<version>\d+)"):
    """The builder's select as older releases posted it (``mb:table:version``): it goes on while
    the table is at that version, with the next step bound to the seat's decision."""

    def __init__(self, table_id: int, version: int) -> None:
        super().__init__(discord.ui.Select(custom_id=f"mb:{table_id}:{version}",
                                           options=[discord.SelectOption(label="-", value="-")]))
        self.table_id, self.version = table_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]):
        return cls(int(match["table"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _bot(interaction).play.builder_pick(interaction, self.table_id, self.version, _picked(interaction))


class PlayButton(discord.ui.DynamicItem[discord.ui.Button], template=r"mp:(?P<table>\d+):(?P<version>\d+):(?P<move>.+)"):
    """Play ``move`` on the version shown (``mp:table:version:move``): a repeated typed move's
    confirmation, and the builder's buttons of older releases."""

    def __init__(self, table_id: int, version: int, move: str, lang: str = "en", *, label: str | None = None,
                 row: int | None = None) -> None:
        super().__init__(discord.ui.Button(label=(label or t("button.play", lang, move=move))[:80],
                                           style=discord.ButtonStyle.success,
                                           custom_id=f"mp:{table_id}:{version}:{move}", row=row))
        self.table_id, self.version, self.move = table_id, version, move

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(int(match["table"]), int(match["version"]), match["move"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _bot(interaction).play.play_from_button(interaction, self.table_id, self.version, self.move)


class DecisionPlayButton(discord.ui.DynamicItem[discord.ui.Button],
                         template=r"bp:(?P<table>\d+):" + _DECISION + r":(?P<move>.+)"):
    """The move builder's Play ``move`` (``bp:table:seat:made:digest:move``): played while the seat
    still faces that decision, whatever other seats played meanwhile."""

    def __init__(self, table_id: int, decision: Decision, move: str, lang: str = "en", *, label: str | None = None,
                 row: int | None = None) -> None:
        super().__init__(discord.ui.Button(label=(label or t("button.play", lang, move=move))[:80],
                                           style=discord.ButtonStyle.success,
                                           custom_id=play_id(table_id, decision, move), row=row))
        self.table_id, self.decision, self.move = table_id, decision, move

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(int(match["table"]), _decision(match), match["move"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _bot(interaction).play.play_on_decision(interaction, self.table_id, self.decision, self.move)


def play_id(table_id: int, decision: Decision, move: str) -> str:
    return f"bp:{table_id}:{decision}:{move}"


#: A game's layout of moves as a grid of buttons (``Game.move_grid``): rows of (label, notation) or None.
GridOf = Callable[[list[str]], "list[list[tuple[str, str] | None]] | None"]


def builder_view(table_id: int, decision: Decision, notations: list[str], prefix: str, lang: str,
                 picked: str | None = None, grid: GridOf | None = None) -> discord.ui.View:
    """The ephemeral move builder: a select that narrows down, and a Play button once a move is
    picked, all bound to the acting seat's ``decision``.

    When the moves left are cells of a board and the game lays them out (``grid``, the game's
    ``move_grid``), they come as a grid of Play buttons instead (at most 5 x 5, Discord's limit)."""
    view = discord.ui.View(timeout=None)
    choices, whole = narrow(notations, prefix)
    layout = grid(choices) if grid is not None and whole and picked is None else None
    if layout and len(layout) <= 5 and all(len(row) <= 5 for row in layout):
        for r, row in enumerate(layout):
            for cell in row:
                if cell is not None and len(play_id(table_id, decision, cell[1])) <= 100:
                    view.add_item(DecisionPlayButton(table_id, decision, cell[1], lang, label=cell[0], row=r))
                else:  # keeps the grid's columns aligned
                    view.add_item(discord.ui.Button(label="·", disabled=True, row=r))
        return view
    options = []
    for choice in choices:
        value = f"{'m' if whole else 'p'}:{choice}"
        label = choice if whole else f"{choice}…"
        options.append(discord.SelectOption(label=label[:100], value=value[:100], default=choice == picked))
    view.add_item(BuilderSelect(table_id, decision, options, t("play.select_placeholder", lang)))
    if picked is not None and len(play_id(table_id, decision, picked)) <= 100:
        view.add_item(DecisionPlayButton(table_id, decision, picked, lang))
    return view


def confirm_view(table_id: int, version: int, move: str, lang: str) -> discord.ui.View:
    """One Play button for ``move`` on the version the player saw (a repeated typed move)."""
    view = discord.ui.View(timeout=None)
    if len(f"mp:{table_id}:{version}:{move}") <= 100:
        view.add_item(PlayButton(table_id, version, move, lang))
    return view


# -- resign -----------------------------------------------------------------------------------


class ResignButton(discord.ui.DynamicItem[discord.ui.Button], template=r"rs:(?P<table>\d+)(?::(?P<until>\d+))?"):
    """Confirms the resignation ``/resign`` stored (``Host.confirm_resign``): its id names that
    confirmation by its end (host clock), and storage says whether it is the user's and still
    open, so a forged id does nothing. Older ids have no end and count as expired."""

    def __init__(self, table_id: int, until: int | None, lang: str = "en") -> None:
        custom_id = f"rs:{table_id}" if until is None else f"rs:{table_id}:{until}"
        super().__init__(discord.ui.Button(label=t("button.resign_confirm", lang), style=discord.ButtonStyle.danger,
                                           custom_id=custom_id))
        self.table_id, self.until = table_id, until

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(int(match["table"]), int(match["until"]) if match["until"] else None)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _bot(interaction).play.resign(interaction, self.table_id, self.until)


class ResignCancelButton(TableButton, template=r"rx:(?P<table>\d+)"):
    PREFIX, LABEL, STYLE = "rx", "button.resign_cancel", discord.ButtonStyle.secondary

    async def callback(self, interaction: discord.Interaction) -> None:
        await _bot(interaction).play.cancel_resign(interaction, self.table_id)


def resign_view(table_id: int, lang: str, until: int) -> discord.ui.View:
    """Confirm (the confirmation ``/resign`` stored, open until ``until``, host clock) and Cancel."""
    view = discord.ui.View(timeout=None)
    view.add_item(ResignButton(table_id, until, lang))
    view.add_item(ResignCancelButton(table_id, lang))
    return view


# -- the vote on an absent player ---------------------------------------------------------------


class VoteButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"vt:(?P<table>\d+):(?P<seat>\d+)(?::(?P<turn>\d+))?"):
    """A vote on ``seat`` in the turn at table version ``turn``; ids without a turn (older
    releases) belong to no current turn."""

    def __init__(self, table_id: int, seat: int, turn: int | None, lang: str = "en") -> None:
        custom_id = f"vt:{table_id}:{seat}" if turn is None else f"vt:{table_id}:{seat}:{turn}"
        super().__init__(discord.ui.Button(label=t("button.vote", lang), style=discord.ButtonStyle.secondary,
                                           custom_id=custom_id))
        self.table_id, self.seat, self.turn = table_id, seat, turn

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(int(match["table"]), int(match["seat"]), int(match["turn"]) if match["turn"] else None)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _bot(interaction).get_cog("Clock").vote(interaction, self.table_id, self.seat, self.turn)


def vote_view(table_id: int, seat: int, turn: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(VoteButton(table_id, seat, turn, lang))
    return view


# -- /games pages -------------------------------------------------------------------------------


class GamesPageButton(discord.ui.DynamicItem[discord.ui.Button], template=r"gp:(?P<user>\d+):(?P<page>\d+):(?P<dir>[pn])(?P<finished>f?)"):
    """Previous / Next under ``/games``: the id names whose list and which page to show, so the
    buttons keep working after a restart."""

    def __init__(self, user_id: int, page: int, direction: str, lang: str = "en", disabled: bool = False,
                 finished: bool = False) -> None:
        label = t("button.previous" if direction == "p" else "button.next", lang)
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, disabled=disabled,
                                           custom_id=f"gp:{user_id}:{page}:{direction}{'f' if finished else ''}"))
        self.user_id, self.page, self.finished = user_id, page, finished

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(int(match["user"]), int(match["page"]), match["dir"], finished=bool(match["finished"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _bot(interaction).get_cog("Info").games_page(interaction, self.user_id, self.page, self.finished)


def games_view(user_id: int, page: int, pages: int, lang: str, finished: bool = False) -> discord.ui.View | None:
    """Previous / Next for page ``page`` (0-based) of ``pages``; ``None`` when one page holds all."""
    if pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(GamesPageButton(user_id, max(page - 1, 0), "p", lang, disabled=page == 0, finished=finished))
    view.add_item(GamesPageButton(user_id, min(page + 1, pages - 1), "n", lang, disabled=page >= pages - 1,
                                  finished=finished))
    return view


DYNAMIC_ITEMS: tuple[Any, ...] = (LobbyButton, AddAISelect, MoveButton, HandButton, FullBoardButton,
                                  BuilderSelect, VersionBuilderSelect, PlayButton, DecisionPlayButton,
                                  ResignButton, VoteButton, ResignCancelButton, GamesPageButton)
