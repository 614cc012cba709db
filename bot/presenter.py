"""Shows tables on Discord: the lobby message, the board after every change, private views by DM,
and the AI's turns. Everything here is driven by what storage says was committed, so after a
crash the next start shows exactly what had not been shown yet: never a lost move, never a double.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING

import discord

import renderers
from bot.host import Host, TableRow
from bot.i18n import t
from bot.views import board_view, lobby_view
from games.messages import translate

if TYPE_CHECKING:
    from bot.client import GameBot

log = logging.getLogger(__name__)

#: Discord error code for "Cannot send messages to this user" (DMs closed).
DMS_CLOSED = 50007
#: At most this many moves are listed in one board post (several AI moves can arrive together).
MOVES_PER_POST = 10


class Presenter:
    def __init__(self, bot: "GameBot") -> None:
        self.bot = bot
        self._showing: dict[int, asyncio.Lock] = {}
        self._ai_tasks: dict[int, asyncio.Task[None]] = {}
        self._ai_wanted: set[int] = set()
        self._stopping = False

    @property
    def host(self) -> Host:
        return self.bot.host

    # -- lobby --------------------------------------------------------------------------------

    def lobby_message(self, table: TableRow, lang: str) -> tuple[discord.Embed, discord.ui.View | None]:
        game = self.host.game(table)
        seats = [f"{s.seat + 1}. " + (f"<@{s.user_id}>" if s.user_id else s.name) for s in table.seats]
        seats += [f"{n + 1}. {t('lobby.empty_seat', lang)}" for n in range(len(table.seats), table.num_players)]
        options = ", ".join(f"{k}={v}" for k, v in table.options.items()) or t("lobby.no_options", lang)
        embed = discord.Embed(
            title=t("lobby.title", lang, game=game.titles.get(lang, game.name), table=table.id),
            description=t("lobby.body", lang, owner=f"<@{table.owner_id}>", count=table.num_players,
                          options=options, seats="\n".join(seats)))
        if table.status == "lobby":
            return embed, lobby_view(table.id, list(game.ai_levels), lang)
        if table.status == "cancelled":
            embed.description = t("lobby.cancelled", lang)
        elif table.thread_id:
            embed.add_field(name="\u200b", value=t("lobby.started", lang, thread=f"<#{table.thread_id}>"))
        return embed, None

    # -- the board after each change ----------------------------------------------------------

    def lock(self, table_id: int) -> asyncio.Lock:
        return self._showing.setdefault(table_id, asyncio.Lock())

    async def show(self, table_id: int, *, continue_ai: bool = True) -> None:
        """Post (or edit) the board for the table's latest committed version, once; then deliver
        changed private views and let the AI seats move (unless the AI loop itself is calling)."""
        async with self.lock(table_id):
            table = await self.host.table(table_id)
            if table.announced_version >= table.version or table.thread_id is None or table.state is None:
                return
            lang = await self.bot.guild_lang(table.guild_id)
            content = await self._board_text(table, lang)
            file = discord.utils.MISSING
            if renderers.has_renderer(table.game):  # a game without an image still plays, in words
                png = await asyncio.to_thread(renderers.render, table.game, self.host.public_view(table))
                file = discord.File(io.BytesIO(png), filename=f"{table.game}-{table.id}-{table.version}.png")
            game = self.host.game(table)
            view = board_view(table.id, lang, game.hidden_information) if table.status == "active" else None
            thread = await self.bot.channel(table.thread_id)
            mentions = discord.AllowedMentions(users=True, roles=False, everyone=False)
            edited = False
            if table.settings.get("edit_status") and table.status_message_id:
                try:
                    message = thread.get_partial_message(table.status_message_id)
                    await message.edit(content=content, attachments=[file] if file else [], view=view,
                                       allowed_mentions=mentions)
                    edited = True
                except discord.NotFound:
                    edited = False
            if not edited:
                message = await thread.send(content=content, file=file, view=view or discord.utils.MISSING,
                                            allowed_mentions=mentions)
                if table.settings.get("edit_status"):
                    await self.host.attach(table.id, status_message_id=message.id)
            await self.host.mark_announced(table.id, table.version)
            if table.status == "finished":
                await self.refresh_lobby(table)
        if self.host.game(table).hidden_information:
            await self.deliver_private(table_id)
        if continue_ai and any(seat.is_ai for seat in table.seats):
            self.schedule_ai(table_id)

    async def _board_text(self, table: TableRow, lang: str) -> str:
        names = {s.seat: (f"<@{s.user_id}>" if s.user_id else s.name) for s in table.seats}
        lines = []
        moves = await self.host.store.moves(table.id, after_version=table.announced_version)
        if table.announced_version == 0:
            lines.append(t("play.start", lang, table=table.id,
                           seats=", ".join(f"{s.seat + 1} {names[s.seat]}" for s in table.seats)))
        for move in moves[-MOVES_PER_POST:]:
            lines.append(t("play.moved", lang, player=names.get(move.seat, "?"), move=move.words.get(lang, move.notation)))
            for event in move.events:
                if event.get("seats") is None:  # an event for everyone; private ones never go here
                    lines.append("· " + translate(event["key"], lang, **_seat_names(event["params"], table)))
        standing = self.host.standing(table)
        if standing is not None:
            ranking = " · ".join(
                t("play.rank_line", lang, rank=standing.ranks[s.seat], player=names[s.seat],
                  score="-" if standing.scores is None else standing.scores[s.seat])
                for s in sorted(table.seats, key=lambda s: standing.ranks[s.seat]))
            lines.append(t("play.finished", lang, ranking=ranking))
        else:
            waiting = self.host.waiting_on(table)
            humans = [f"<@{s.user_id}>" for s in waiting if s.user_id]
            if humans:
                lines.append(t("play.your_turn", lang, mentions=", ".join(humans)))
            for seat in waiting:
                if seat.is_ai:
                    lines.append(t("play.ai_thinking", lang, player=seat.name))
        text = "\n".join(lines)
        return text if len(text) <= 2000 else text[:1990] + "…"

    async def refresh_lobby(self, table: TableRow) -> None:
        if table.lobby_message_id is None:
            return
        lang = await self.bot.guild_lang(table.guild_id)
        embed, view = self.lobby_message(table, lang)
        try:
            channel = await self.bot.channel(table.channel_id)
            await channel.get_partial_message(table.lobby_message_id).edit(embed=embed, view=view)
        except discord.HTTPException:
            log.warning("could not update the lobby message of table %s", table.id, exc_info=True)

    # -- private views by DM ------------------------------------------------------------------

    async def deliver_private(self, table_id: int) -> None:
        table = await self.host.table(table_id)
        game = self.host.game(table)
        for seat, private in self.host.private_updates(table):
            lang = await self.bot.user_lang(seat.user_id, table.guild_id)
            text = t("play.private", lang, table=table.id, game=game.titles.get(lang, game.name),
                     text=game.describe_private(private, lang))
            if await self.send_dm(table, seat.seat, seat.user_id, text[:2000]):
                await self.host.mark_private_delivered(table.id, seat.seat, private)

    async def send_dm(self, table: TableRow, seat: int, user_id: int, text: str) -> bool:
        """DM a player; if their DMs are closed, say so in the thread once and point to /hand."""
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            await user.send(text)
        except discord.Forbidden as exc:
            if exc.code != DMS_CLOSED:
                raise
            fresh = await self.host.table(table.id)
            if not fresh.seats[seat].dm_failed and fresh.thread_id:
                await self.host.store.set_dm_failed(table.id, seat, True)
                lang = await self.bot.guild_lang(table.guild_id)
                thread = await self.bot.channel(fresh.thread_id)
                await thread.send(t("play.dm_closed", lang, mention=f"<@{user_id}>"),
                                  allowed_mentions=discord.AllowedMentions(users=True))
            return False
        return True

    async def check_dms(self, table: TableRow) -> None:
        """At the start, greet every human by DM; those whose DMs are closed are warned in the thread."""
        game = self.host.game(table)
        link = f"https://discord.com/channels/{table.guild_id or '@me'}/{table.thread_id}"
        for seat in table.seats:
            if seat.user_id is not None:
                lang = await self.bot.user_lang(seat.user_id, table.guild_id)
                await self.send_dm(table, seat.seat, seat.user_id,
                                   t("play.dm_intro", lang, table=table.id, game=game.titles.get(lang, game.name),
                                     link=link))

    # -- AI turns -----------------------------------------------------------------------------

    def schedule_ai(self, table_id: int) -> None:
        """Make sure AI seats of the table get to move. A loop already running is asked to look
        again, so a move that lands while it is finishing is never left waiting."""
        if self._stopping:
            return
        self._ai_wanted.add(table_id)
        running = self._ai_tasks.get(table_id)
        if running is None or running.done():
            self._ai_tasks[table_id] = asyncio.create_task(self._ai_turns(table_id), name=f"ai-{table_id}")

    async def _ai_turns(self, table_id: int) -> None:
        try:
            while table_id in self._ai_wanted:
                self._ai_wanted.discard(table_id)
                while True:
                    table = await self.host.table(table_id)
                    if not any(s.is_ai for s in self.host.waiting_on(table)):
                        break
                    await asyncio.sleep(self.bot.settings.ai_delay)  # a short pause so humans can follow
                    if await self.host.play_ai(table_id) is None:
                        break
                    await self.show(table_id, continue_ai=False)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the AI turns of table %s failed", table_id)

    async def stop(self) -> None:
        self._stopping = True
        for task in list(self._ai_tasks.values()):
            task.cancel()
        await asyncio.gather(*self._ai_tasks.values(), return_exceptions=True)
        self._ai_tasks.clear()


def _seat_names(params: dict, table: TableRow) -> dict:
    """Event params name seats by number; show the seat's player instead."""
    named = dict(params)
    if isinstance(named.get("seat"), int) and 0 <= named["seat"] < len(table.seats):
        seat = table.seats[named["seat"]]
        named["seat"] = f"{seat.seat + 1} ({seat.name})"
    return named
