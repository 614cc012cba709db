"""The Discord client: wires settings, host and presenter together, registers the cogs and the
persistent components, answers errors in one place, and on start carries on every stored game."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.config import Settings
from bot.host import Host
from bot.host.leases import TICK, Leases, holder_name, unheld_work
from bot.host.store import StorageBusy
from bot.host.timekeeper import handle_due
from bot.i18n import CatalogueTranslator, lang_of_locale, t
from bot.posts import MESSAGE_LIMIT, clip
from bot.presenter import Presenter
from bot.views import DYNAMIC_ITEMS
from games.errors import GameError
from renderers.common import board_font_problem

log = logging.getLogger(__name__)


class GameBot(commands.Bot):
    """Receives its settings and host from outside (tests give it a fake Discord and a temp file)."""

    def __init__(self, settings: Settings, host: Host, *, sync_commands: bool | None = None, **options: Any) -> None:
        # No privileged intents: slash commands and components need none. Nothing the bot sends
        # pings anyone unless that send names whom (display names echoed in posts may read
        # "@everyone" or "<@&role>").
        # A rate limit longer than 30 s is raised (RateLimited) instead of slept on inside one
        # request, so the delivery's retries wait it out without holding an attempt open.
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(),
                         help_command=None, allowed_mentions=discord.AllowedMentions.none(),
                         max_ratelimit_timeout=30.0, **options)
        self.settings = settings
        self.host = host
        self.presenter = Presenter(self)
        #: Only one process registers the commands (``Settings.syncs_commands``).
        self.sync_commands = settings.syncs_commands if sync_commands is None else sync_commands
        #: This process's claims on background work shared with other processes (bot.host.leases).
        self.leases = Leases(host.store, holder=holder_name(settings.shard_ids), seconds=settings.lease_seconds)
        self._user_langs: dict[int, str] = {}
        self._ticker: asyncio.Task[None] | None = None
        self.lobby: Any = None
        self.play: Any = None

    async def setup_hook(self) -> None:
        from bot.cogs.admin import AdminCog
        from bot.cogs.clock import ClockCog
        from bot.cogs.history import HistoryCog
        from bot.cogs.info import InfoCog
        from bot.cogs.lobby import LobbyCog
        from bot.cogs.play import PlayCog
        from bot.cogs.ratings import RatingsCog
        from bot.cogs.screens import ScreensCog
        from bot.cogs.tournament import TournamentCog

        problem = board_font_problem()
        if problem:  # images still draw, in the bundled font: say so once, at start
            log.warning(problem)
        await self.tree.set_translator(CatalogueTranslator())
        self.lobby, self.play = LobbyCog(self), PlayCog(self)
        for cog in (self.lobby, self.play, InfoCog(self), AdminCog(self), ClockCog(self)):
            await self.add_cog(cog)
        await self.add_cog(ScreensCog(self))
        await self.add_cog(HistoryCog(self))
        await self.add_cog(TournamentCog(self))
        await self.add_cog(RatingsCog(self))
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        self.tree.on_error = self.on_app_command_error
        if self.sync_commands:
            guild = discord.Object(self.settings.dev_guild) if self.settings.dev_guild else None
            if guild is not None:
                self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)

    async def on_ready(self) -> None:
        log.info("logged in as %s", self.user)
        if not getattr(self, "_resumed", False):
            self._resumed = True
            self.loop.create_task(self.resume())
            if self.settings.tick_seconds > 0:
                self._ticker = self.loop.create_task(self._ticking(), name="play-by-post")

    async def resume(self) -> None:
        """Show what was committed but not shown before a stop, and let AI seats carry on."""
        try:
            await self.adopt()
        except Exception:
            log.exception("resuming the stored games failed")
        # What start-up loaded lives as long as the bot: keep it out of later full collections,
        # whose pauses would otherwise stall the event loop.
        gc.freeze()

    async def adopt(self) -> None:
        """Take up the tables whose background work no live process holds (at start, and each
        tick: those of a process that died): show their unshown change (unless a retry of it
        is pending here) and let their AI seats move. Table ids only: parsing every stored state
        would stall the loop (1,000 tables)."""
        unannounced, ai_to_move = await unheld_work(self.host, self.leases)
        for table_id in unannounced:
            if not self.presenter.delivery.busy(("show", table_id)):
                await self.presenter.show(table_id)
        for table_id in ai_to_move:
            self.presenter.schedule_ai(table_id)
        for pending in await self.host.deadline_tables():  # rule time limits run on after a restart
            await self.presenter.schedule_deadline(pending.id, version=pending.version, due=pending.due)

    async def tick(self) -> None:
        """One round of background work: tables nobody is doing (changes given up while Discord
        failed, a dead process's tables); then, in the one process holding the tick's lease, due
        reminders and timeouts, daily digests and lobby expiry."""
        await self.adopt()
        if not await self.leases.hold(TICK):
            return
        now = self.host.clock()
        for due in await handle_due(self.host, now):
            try:
                await self.presenter.tell_due(due)
            except Exception:
                log.exception("telling table %s about its clock failed", due.table.id)
        await self.presenter.send_digests(now)
        await self.lobby.expire_lobbies()

    async def _ticking(self) -> None:
        while not self.is_closed():
            try:
                await self.tick()
            except Exception:
                log.exception("the play-by-post tick failed")
            await asyncio.sleep(self.settings.tick_seconds)

    async def close(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
        await self.presenter.stop()
        with contextlib.suppress(Exception):  # let another process take over at once
            await self.leases.release()
        await super().close()

    # -- helpers for the cogs -----------------------------------------------------------------

    async def guild_lang(self, guild_id: int | None) -> str:
        return await self.host.store.guild_lang(guild_id) or self.settings.default_lang

    async def lang_for(self, interaction: discord.Interaction) -> str:
        """The user's Discord language when it is Japanese or English, else the server's default.

        The user's language is remembered, so DMs (which come with no locale) can speak it too.
        """
        lang = lang_of_locale(interaction.locale)
        if lang is None:
            return await self.guild_lang(interaction.guild_id)
        if self._user_langs.get(interaction.user.id) != lang:
            try:
                await self.host.store.set_user_lang(interaction.user.id, lang)
            except StorageBusy:  # noted at a later interaction; this one (or its refusal) goes on
                return lang
            self._user_langs[interaction.user.id] = lang
        return lang

    async def user_lang(self, user_id: int, guild_id: int | None) -> str:
        """The language to DM a user in: theirs if known, else their server's."""
        return await self.host.store.user_lang(user_id) or await self.guild_lang(guild_id)

    async def channel(self, channel_id: int) -> Any:
        return self.get_channel(channel_id) or await self.fetch_channel(channel_id)

    async def reply(self, interaction: discord.Interaction, content: str | None = None, **kwargs: Any) -> None:
        """Answer ephemerally whether or not the interaction was already answered or deferred."""
        kwargs.setdefault("ephemeral", True)
        if interaction.response.is_done():
            await interaction.followup.send(content=content, **kwargs)
        else:
            await interaction.response.send_message(content=content, **kwargs)

    async def refuse(self, interaction: discord.Interaction, error: Exception) -> None:
        """The one error path: expected refusals in the user's language, anything else logged."""
        lang = await self.lang_for(interaction)
        if isinstance(error, GameError):
            text = error.message(lang)
        else:
            log.error("interaction %s failed", interaction.data, exc_info=error)
            text = t("error.unexpected", lang)
        try:
            await self.reply(interaction, clip(text, MESSAGE_LIMIT))
        except discord.HTTPException:
            log.warning("could not deliver an error reply", exc_info=True)

    async def on_app_command_error(self, interaction: discord.Interaction,
                                   error: app_commands.AppCommandError) -> None:
        await self.refuse(interaction, getattr(error, "original", error))


class ShardedGameBot(GameBot, commands.AutoShardedBot):
    """The bot on a range of Discord's shards (``BOT_SHARD_COUNT``, ``BOT_SHARD_IDS``): one of
    several processes over one PostgreSQL database."""


def make_bot(settings: Settings, host: Host, **options: Any) -> GameBot:
    """The bot these settings ask for: sharded when ``shard_count`` is set."""
    if settings.shard_count is None:
        return GameBot(settings, host, **options)
    return ShardedGameBot(settings, host, shard_count=settings.shard_count,
                          shard_ids=list(settings.shard_ids or range(settings.shard_count)), **options)
