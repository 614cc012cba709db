"""Shows tables on Discord: the lobby message, the board after every change, private views by DM,
and the AI's turns. Everything here is driven by what storage says was committed, so after a
crash the next start shows exactly what had not been shown yet: never a lost move, never a double.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import io
import logging
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, Iterable

import discord

import renderers
from bot.delivery import Delivery, NotYet
from bot.history_views import story_view
from bot.host import Host, TableRow
from bot.host.ai_pool import AIBusy
from bot.host.clock import DAY
from bot.host.leases import table_lease
from bot.host.store import StorageBusy
from bot.host.timekeeper import HALF, TIME_UP, Due
from bot.i18n import t
from bot.posts import ALT_TEXT_LIMIT, clip, fit_embed, fit_lines, fit_post
from bot.replays import record_file, replay_file, replay_gif
from bot.views import board_view, lobby_view
from games.messages import join_names, text_from_json, translate

if TYPE_CHECKING:
    from bot.client import GameBot

log = logging.getLogger(__name__)

#: Seconds a stopping bot waits for a game's record and replay post already on its way.
STORY_GRACE = 15.0

#: Discord error code for "Cannot send messages to this user" (DMs closed).
DMS_CLOSED = 50007
#: Discord's "a thread has already been created for this message".
THREAD_EXISTS = 160004
#: At most this many moves are listed in one board post (a long turn, several AI moves together);
#: the earlier ones are counted.
MOVES_PER_POST = 10
#: An imported record's moves named in words in the first board post (the rest are counted), and
#: the length a summary's move line is cut to.
IMPORTED_SHOWN = 3
MOVE_LINE = 200
#: Moves the status message lists.
STATUS_MOVES = 3
#: Seconds an AI table waits before asking again when the AI queue is full.
AI_BUSY_RETRY = 2.0
#: Board PNGs kept per (table, version, language, full board): /board and mid-turn replies reuse them.
IMAGE_CACHE_SIZE = 128


def pinging(user_ids: Iterable[int | None]) -> discord.AllowedMentions:
    """Notify exactly these users (never roles or @everyone, whatever names the text echoes)."""
    return discord.AllowedMentions(users=[discord.Object(u) for u in user_ids if u], roles=False, everyone=False)


def board_file(table: TableRow, image: bytes | None, description: str | None = None, *, suffix: str = "") -> Any:
    """The board PNG as an upload named after the game, table and version (``MISSING`` if none),
    with ``description`` as its alt text (Discord allows 1,024 characters)."""
    if image is None:
        return discord.utils.MISSING
    alt = clip(description, ALT_TEXT_LIMIT) if description else None
    return discord.File(io.BytesIO(image), filename=f"{table.game}-{table.id}-{table.version}{suffix}.png",
                        description=alt)


def private_file(table: TableRow, image: tuple[bytes, str] | None) -> Any:
    """A private view's picture as an upload (``MISSING`` if none), its words as the alt text. A
    fresh file every time: an upload is spent once sent, and a DM may be tried again."""
    if image is None:
        return discord.utils.MISSING
    png, words = image
    return discord.File(io.BytesIO(png), filename=f"{table.game}-{table.id}-private.png",
                        description=clip(words, ALT_TEXT_LIMIT))


#: A coloured square beside each seat colour's name in the seat line (the name and the seat number
#: say it too, for readers who cannot tell the squares apart).
COLOUR_SQUARES = {"red": "🟥", "blue": "🟦", "yellow": "🟨", "green": "🟩", "purple": "🟪"}


async def open_thread(message: Any, name: str) -> int:
    """The id of the thread on ``message``, made now, or the one made a moment ago by another
    handler (the lobby's own, racing a quick Start): a thread made from a message has its id."""
    try:
        return (await message.create_thread(name=name)).id
    except discord.HTTPException as error:
        if error.code != THREAD_EXISTS:
            raise
        return message.id


def seat_line(table: TableRow, colours: list[str], lang: str) -> str:
    """Who is who: each seat's number, colour and player (a mention, or the name for AI seats)."""
    parts = []
    for seat in table.seats:
        who = f"<@{seat.user_id}>" if seat.user_id else seat.name
        name = colours[seat.seat] if seat.seat < len(colours) else None
        colour = f"{COLOUR_SQUARES.get(name, '')} {translate(f'colour.{name}', lang)} ".lstrip() if name else ""
        parts.append(f"**{seat.seat + 1}** {colour}{who}")
    return t("play.seats", lang, seats=" · ".join(parts))


def private_text(table: TableRow, game: Any, words: str, lang: str) -> str:
    """A private view's message (by DM or ``/hand``): which game, then the view's words, whose
    last lines give way with "… and N more" if they ever outgrow a message."""
    text = t("play.private", lang, table=table.id, game=game.titles.get(lang, game.name), text=words)
    return fit_lines(text.split("\n"), lang, head=1)


def thread_link(table: TableRow) -> str:
    return f"https://discord.com/channels/{table.guild_id or '@me'}/{table.thread_id}"


class Presenter:
    def __init__(self, bot: "GameBot") -> None:
        self.bot = bot
        # Renders have threads of their own, apart from AI work and from storage.
        self._renders = ThreadPoolExecutor(max_workers=2, thread_name_prefix="render")
        self._images: OrderedDict[tuple, bytes | None] = OrderedDict()
        self._showing: dict[int, asyncio.Lock] = {}
        self._ai_tasks: dict[int, asyncio.Task[None]] = {}
        self._stories: set[asyncio.Task[None]] = set()
        self._ai_wanted: set[int] = set()
        #: (table id, version) -> the timer of that decision's rule deadline
        self._deadline_tasks: dict[tuple[int, int], asyncio.Task[None]] = {}
        #: The version whose deadline is armed, per table (a restart arms 1,000s at once: no scan).
        self._deadline_armed: dict[int, int] = {}
        self._stopping = False
        #: What must be shown after each commit, retried until shown (see bot/delivery.py).
        self.delivery = Delivery()
        #: table id -> (version, steps still to do after that version's announcement)
        self._steps: dict[int, tuple[int, list[tuple]]] = {}

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
        if "rated" in table.settings:  # tables opened before the option existed say nothing
            embed.description += "\n" + t("lobby.rated" if table.settings["rated"] else "lobby.unrated", lang)
        if table.status == "lobby":
            return fit_embed(embed, lang), lobby_view(table.id, table.version, list(game.ai_levels), lang)
        if table.status == "cancelled":
            embed.description = t("lobby.expired" if table.settings.get("expired") else "lobby.cancelled", lang)
        elif table.status == "finished" and table.thread_id:
            embed.add_field(name="\u200b", value=t("lobby.finished", lang, thread=f"<#{table.thread_id}>"))
        elif table.thread_id:
            embed.add_field(name="\u200b", value=t("lobby.started", lang, thread=f"<#{table.thread_id}>"))
        return fit_embed(embed, lang), None

    # -- the board after each change ----------------------------------------------------------

    def lock(self, table_id: int) -> asyncio.Lock:
        return self._showing.setdefault(table_id, asyncio.Lock())

    async def show(self, table_id: int, *, continue_ai: bool = True) -> bool:
        """Show the table's latest committed version, once: a board post in the thread with the
        turn mention (or, with per-move posts off, the status message carrying the board and a
        short ping), the pinned status message, the lobby message at the end, changed private
        views and turn DMs; then let the AI seats move (unless the AI loop itself is calling).

        The first attempt runs now; what fails is retried in the background (:mod:`bot.delivery`)
        and ``False`` is returned. Never raises: the commit stands whatever Discord says, and the
        AI's next move is decided from storage, not from whether this post worked."""
        # Several processes: the one holding the table's lease shows it (the latest version), so a
        # change is never posted twice; a busy store is left to the delivery's own retries.
        lease = table_lease(table_id)
        with contextlib.suppress(StorageBusy):
            if not await self.bot.leases.hold(lease):
                return False
        await self._announce_pause(table_id)
        shown = await self.delivery.run(("show", table_id), functools.partial(self._show, table_id),
                                        what=f"table {table_id}")
        await self.schedule_deadline(table_id)
        if shown and not self._ai_running(table_id):
            with contextlib.suppress(StorageBusy):  # done here: any process may show the next change
                await self.bot.leases.release([lease])
        if continue_ai:
            try:
                table = await self.host.table(table_id)
            except Exception:
                log.exception("reading table %s after showing it failed", table_id)
            else:
                if any(seat.is_ai for seat in table.seats):
                    self.schedule_ai(table_id)
        return shown

    def _deadline_line(self, table: TableRow, lang: str) -> list[str]:
        """The rule's own time limit on the current decision, if any (e.g. a window that closes
        by itself), as a status line."""
        rule = self.host.rule_deadline(table)
        if rule is None:
            return []
        return [t("deadline.status", lang, what=translate(rule[1].key, lang), due=f"<t:{int(rule[0])}:R>")]

    async def _announce_pause(self, table_id: int) -> None:
        """Wait the pause the game asked before its latest move is told (the same for every move
        of a kind, so its speed tells nothing: :meth:`games.core.Game.announce_delay`)."""
        try:
            table = await self.host.table(table_id)
        except Exception:
            return
        pause = self.host.announce_pause(table)
        if pause > 0:
            await asyncio.sleep(pause)

    async def schedule_deadline(self, table_id: int, *, version: int | None = None, due: float | None = None) -> None:
        """Arm a timer for the rule deadline of the table's current decision, if it has one
        (:mod:`bot.host.deadlines`); when it fires on the same version, the host plays the moves
        the game named and the result is shown. At start-up (and each tick's adoption) it is
        called with the stored ``version`` and ``due`` instant of each table that has one, so no
        table is read or parsed until its timer fires."""
        if version is None or due is None:
            try:
                table = await self.host.table(table_id)
                rule = self.host.rule_deadline(table)
            except Exception:
                log.exception("reading the deadline of table %s failed", table_id)
                return
            if rule is None:
                return
            version, due = table.version, rule[0]
        if self._stopping:
            return
        key = (table_id, version)
        if key in self._deadline_tasks:
            return
        armed = self._deadline_armed.get(table_id)
        if armed is not None and (table_id, armed) in self._deadline_tasks:
            self._deadline_tasks.pop((table_id, armed)).cancel()
        self._deadline_armed[table_id] = version

        async def fire() -> None:
            try:
                await asyncio.sleep(max(0.0, due - self.host.clock()))
                if await self.host.play_deadline(table_id, version) is not None:
                    await self.show(table_id)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the rule deadline of table %s failed", table_id)
            finally:
                self._deadline_tasks.pop(key, None)
                if self._deadline_armed.get(table_id) == version:
                    del self._deadline_armed[table_id]

        self._deadline_tasks[key] = asyncio.create_task(fire(), name=f"deadline-{table_id}")

    async def sweep(self) -> int:
        """Show again every table whose latest change is still not shown and has no retry pending
        (its retries were given up while Discord was down); called by the bot's tick. Returns how
        many were tried."""
        tried = 0
        for table_id in await self.host.store.unannounced_ids():
            if not self.delivery.busy(("show", table_id)):
                tried += 1
                await self.show(table_id)
        return tried

    async def _show(self, table_id: int) -> None:
        """One attempt at bringing the thread up to the stored table. Each step is done once per
        version: the announcement (board post, or status edit with the board) is recorded in
        storage (``announced_version``) as soon as it is made, the steps after it in
        ``self._steps``, so an attempt after a failure goes on where the last one stopped."""
        async with self.lock(table_id):
            table = await self.host.table(table_id)
            if table.state is None or table.status not in ("active", "finished"):
                return
            if table.thread_id is None:  # its thread could not be made when the lobby opened
                if table.settings.get("tournament"):
                    return  # a tournament's game gets its thread (players mentioned) from the tournament
                table = await self._make_thread(table)
            game = self.host.game(table)
            if table.announced_version < table.version:
                if await self.mid_turn(table):
                    # The same player acts again (e.g. a second placement): one post per turn, when
                    # it passes; the mover sees the board in their own reply meanwhile. Screens go
                    # only to players who asked for every change.
                    if game.hidden_information:
                        await self.deliver_private(table_id, every_change_only=True)
                    return
                await self._announce(table, game)
            version, steps = self._steps.get(table_id, (None, []))
            if version != table.version:
                return
            while steps:
                await self._step(table, game, steps[0])
                steps.pop(0)
            del self._steps[table_id]

    async def _announce(self, table: TableRow, game: Any) -> None:
        """Post the board (or edit the status message to carry it), record the version as
        announced, and note the steps that follow for this version."""
        lang = await self.bot.guild_lang(table.guild_id)
        image = await self.board_image(table, lang)
        view = board_view(table.id, lang, game.hidden_information, renderers.has_detail(table.game)) \
            if table.status == "active" else None
        thread = await self.bot.channel(table.thread_id)
        steps: list[tuple] = []
        if table.settings.get("posts", True):
            # The seat line names everyone; only the players the game now waits on are pinged.
            board = await thread.send(content=await self._board_text(table, lang),
                                      file=board_file(table, image, await self.alt_text(table, lang)),
                                      view=view or discord.utils.MISSING,
                                      allowed_mentions=pinging(s.user_id for s in self.host.waiting_on(table)))
            table.board_message_id = board.id
            await self.host.mark_announced(table.id, table.version, board_message_id=board.id)
            steps.append(("status",))
        else:
            await self._status(table, thread, lang, image, view)
            await self.host.mark_announced(table.id, table.version)
            steps.append(("ping",))  # an edit pings nobody
        if table.status == "finished":
            steps += [("lobby",), ("story",)]
        if game.hidden_information:
            steps.append(("private",))
        steps += [("turn_dm", seat.seat) for seat in self.host.waiting_on(table) if not seat.is_ai]
        self._steps[table.id] = (table.version, steps)

    async def _step(self, table: TableRow, game: Any, step: tuple) -> None:
        kind = step[0]
        if kind == "status":
            lang = await self.bot.guild_lang(table.guild_id)
            await self._status(table, await self.bot.channel(table.thread_id), lang)
        elif kind == "ping":
            await self._ping(table)
        elif kind == "lobby":
            await self.refresh_lobby(table)
        elif kind == "private":
            await self.deliver_private(table.id)
        elif kind == "turn_dm":
            await self._turn_dm(table, step[1])
        elif kind == "story":
            # Drawing a replay takes a while (one worker, games in turn): the move's handler and
            # the turn's other steps do not wait for it.
            task = asyncio.create_task(self._story(table), name=f"story-{table.id}")
            self._stories.add(task)
            task.add_done_callback(self._stories.discard)

    async def _story(self, table: TableRow) -> None:
        """After the final board: the game's record and its animated replay, in the thread,
        retried like every post (the replay is drawn once)."""
        lang = await self.bot.guild_lang(table.guild_id)
        try:
            gif = await replay_gif(self.host, table, lang)
        except Exception:  # the record still goes out; a replay that cannot be drawn is logged
            log.exception("drawing the replay of table %s failed", table.id)
            gif = None

        async def post() -> None:
            files = [await record_file(self.host, table)]
            if gif is not None:
                files.append(replay_file(table, gif))
            thread = await self.bot.channel(table.thread_id)
            await thread.send(t("history.story", lang, table=table.id), files=files, view=story_view(table.id, lang))

        await self.delivery.run(("story", table.id), post, what=f"the record and replay of table {table.id}")

    async def _ping(self, table: TableRow) -> None:
        """With per-move posts off, a short message pinging the humans the game now waits on (one
        a decision: the seats asked the same are pinged together)."""
        lang = await self.bot.guild_lang(table.guild_id)
        for text, users in self.turn_lines(table, lang):
            if not users:  # an AI seat thinking: nobody to ping
                continue
            thread = await self.bot.channel(table.thread_id)
            await thread.send(f"{text} ({thread_link(table)}/{table.status_message_id})"
                              if table.status_message_id else text, allowed_mentions=pinging(users))

    def turn_lines(self, table: TableRow, lang: str) -> list[tuple[str, list[int]]]:
        """Whose turn it is, each line with the users it pings: the humans asked the same decision
        on one line (a dozen Mafia seats giving testimony make one short line, not twelve), an
        AI seat on a line of its own."""
        groups: list[tuple[str | None, list[int], str | None]] = []  # (decision, users, AI's line)
        for seat in self.host.waiting_on(table):
            if seat.is_ai:
                groups.append((None, [], t("play.ai_thinking", lang, player=seat.name)))
                continue
            decision = self.host.decision(table, seat.seat)
            said = None if decision is None else decision.in_lang(lang)
            same = next((g for g in groups if g[2] is None and g[0] == said), None)
            if same is None:
                groups.append((said, [seat.user_id], None))
            elif seat.user_id not in same[1]:
                same[1].append(seat.user_id)
        lines = []
        for said, users, ai_line in groups:
            if ai_line is not None:
                lines.append((ai_line, []))
                continue
            mentions = " ".join(f"<@{user}>" for user in users)
            lines.append((t("play.your_turn", lang, mentions=mentions) if said is None else
                          t("play.your_turn_decision", lang, mention=mentions, decision=said), users))
        return lines

    async def _make_thread(self, table: TableRow) -> TableRow:
        """The game's thread, made when the game starts because making it when the lobby opened
        failed: from the lobby message if its id was stored, else in the lobby's channel."""
        lang = await self.bot.guild_lang(table.guild_id)
        name = f"{self.host.game(table).titles.get(lang, table.game)} #{table.id}"[:100]
        channel = await self.bot.channel(table.channel_id)
        if table.lobby_message_id is not None:
            thread_id = await open_thread(channel.get_partial_message(table.lobby_message_id), name)
        else:
            thread_id = (await channel.create_thread(name=name, type=discord.ChannelType.public_thread)).id
        return await self.host.attach(table.id, thread_id=thread_id)

    async def mid_turn(self, table: TableRow) -> bool:
        """Whether the player who made the latest move must act again right away, and nobody
        else (others to act now are told at once: the last taker of a Mafia box gives testimony
        with ten others, who would otherwise wait unpinged). Never before the game's first board
        was posted (an imported record may stop in the middle of a turn)."""
        if table.status != "active" or table.announced_version == 0:
            return False
        latest = await self.host.store.moves(table.id, after_version=table.version - 1, last=1)
        waiting = self.host.waiting_on(table)
        return bool(latest) and bool(waiting) and all(s.seat == latest[-1].seat for s in waiting)

    async def board_image(self, table: TableRow, lang: str, *, detail: bool = False) -> bytes | None:
        """The public board as PNG in ``lang``, with the players' names on it, drawn off the
        event loop (``detail``: the full board of a game whose inline image is a summary);
        ``None`` for a game without one or when drawing failed (logged): the game goes on in
        words rather than stalling."""
        if not renderers.has_renderer(table.game) or (detail and not renderers.has_detail(table.game)):
            return None
        names = [seat.name for seat in table.seats]
        key = (table.id, table.version, lang, detail, tuple(names))
        if key in self._images:
            self._images.move_to_end(key)
            return self._images[key]
        draw = renderers.render_detail if detail else renderers.render
        view = self.host.public_view(table)
        try:
            context = contextvars.copy_context()  # as asyncio.to_thread does (a recording test reads it)
            png = await asyncio.get_running_loop().run_in_executor(
                self._renders, functools.partial(context.run, draw, table.game, view, names=names, lang=lang))
        except Exception:
            log.exception("drawing table %s (version %s) failed", table.id, table.version)
            return None
        self._images[key] = png
        if len(self._images) > IMAGE_CACHE_SIZE:
            self._images.popitem(last=False)
        return png

    async def alt_text(self, table: TableRow, lang: str) -> str:
        """The board's alt text: the game, the last move in words and whose turn it is."""
        game = self.host.game(table)
        parts = [t("alt.board", lang, game=game.titles.get(lang, game.name), table=table.id)]
        last = await self.host.store.moves(table.id, last=1)
        if last:
            mover = table.seats[last[0].seat].name if last[0].seat < len(table.seats) else "?"
            parts.append(t("alt.last", lang, player=mover, move=last[0].words.get(lang, last[0].notation)))
        standing = self.host.standing(table)
        if standing is not None:
            winners = [s.name for s in table.seats if standing.ranks[s.seat] == 1]
            parts.append(t("alt.finished", lang, players=join_names(winners, lang)))
        else:  # the seats asked the same decision named together
            asked: dict[str | None, list[str]] = {}
            for seat in self.host.waiting_on(table):
                decision = self.host.decision(table, seat.seat)
                asked.setdefault(None if decision is None else decision.in_lang(lang), []).append(seat.name)
            parts += [t("alt.turn", lang, player=join_names(names, lang)) if said is None else
                      t("alt.turn_decision", lang, player=join_names(names, lang), decision=said)
                      for said, names in asked.items()]
        return " ".join(parts)

    async def _status(self, table: TableRow, thread: Any, lang: str, image: bytes | None = None,
                      view: discord.ui.View | None = None) -> None:
        """Create (and pin) or edit the one status message of the game's thread; with ``image``
        (per-move posts off) it carries the board, otherwise it links to the latest board post."""
        latest = None
        if table.board_message_id:
            latest = thread.get_partial_message(table.board_message_id).jump_url
        content = await self.status_text(table, lang, latest)
        extra: dict[str, Any] = {}
        if image is not None:  # per-move posts are off: the status message carries the board
            extra = {"attachments": [board_file(table, image, await self.alt_text(table, lang))], "view": view}
        if table.status_message_id:
            try:
                await thread.get_partial_message(table.status_message_id).edit(
                    content=content, allowed_mentions=discord.AllowedMentions.none(), **extra)
                return
            except discord.NotFound:
                pass  # deleted by someone: post a new one
        files = {"file": extra["attachments"][0], "view": view or discord.utils.MISSING} if extra else {}
        message = await thread.send(content=content, allowed_mentions=discord.AllowedMentions.none(), **files)
        try:
            await message.pin()
        except discord.HTTPException:
            log.warning("could not pin the status message of table %s", table.id)
        await self.host.attach(table.id, status_message_id=message.id)

    async def status_text(self, table: TableRow, lang: str, latest: str | None = None) -> str:
        """The status message: the game, the seats, whose turn and the time left first (never cut),
        then the game's public summary and the last moves, which give way from the end with
        "… and N more" (:func:`bot.posts.fit_post`), and the link to the latest board."""
        game = self.host.game(table)
        head = [f"**{t('status.title', lang, table=table.id, game=game.titles.get(lang, game.name))}**",
                seat_line(table, self.host.seat_colours(table), lang)]
        waiting = self.host.waiting_on(table)
        if table.status == "finished":
            head.append(t("status.finished", lang))
        elif waiting:
            names = join_names((f"<@{s.user_id}>" if s.user_id else s.name for s in waiting), lang)
            since = f"<t:{int(table.turn_started_at or table.updated_at)}:R>"
            head.append(t("status.turn", lang, players=names, since=since))
            if table.deadline_at:
                head.append(t("status.due", lang, due=f"<t:{int(table.deadline_at)}:R>"))
                if table.settings.get("hours"):
                    head.append(t("status.paused", lang, hours="-".join(map(str, table.settings["hours"]))))
            elif table.settings.get("clock", "none") == "none":
                head.append(t("status.no_clock", lang))
            head += self._deadline_line(table, lang)
        if self.host.replaced_seats(table):
            head.append(t("status.replaced", lang, players=self.host.replaced_text(table, lang)))
        blocks = []
        if table.state is not None:  # the game's own public summary (e.g. the testimony so far)
            blocks += [[f"· {line.in_lang(lang)}"] for line in game.summary(self.host.state(table))]
        recent = await self.host.store.moves(table.id, last=STATUS_MOVES)
        if recent:
            names = {s.seat: s.name for s in table.seats}
            blocks.append([t("status.recent", lang)])
            blocks += [[clip(f"· {names.get(m.seat, '?')}: {m.words.get(lang, m.notation)}", MOVE_LINE)]
                       for m in recent]
        tail = [t("status.latest", lang, link=latest)] if latest else []
        return fit_post(head, blocks, tail, lang, keep="first")

    async def refresh_status(self, table_id: int) -> None:
        """Edit the status message after a change that is not a move (e.g. a vacation)."""
        async def edit() -> None:
            async with self.lock(table_id):
                table = await self.host.table(table_id)
                if table.thread_id is None or table.status_message_id is None:
                    return
                lang = await self.bot.guild_lang(table.guild_id)
                await self._status(table, await self.bot.channel(table.thread_id), lang)

        await self.delivery.run(("status", table_id), edit, what=f"the status of table {table_id}")

    async def _turn_dm(self, table: TableRow, seat_number: int) -> None:
        """A DM to the player of ``seat_number`` that it is their turn, if they chose ``/notify turn``."""
        seat = table.seats[seat_number]
        if seat.is_ai or (await self.host.store.player(seat.user_id))["notify"] != "turn":
            return
        game = self.host.game(table)
        lang = await self.bot.user_lang(seat.user_id, table.guild_id)
        due = f"<t:{int(table.deadline_at)}:R>" if table.deadline_at else "-"
        text = t("notify.turn_dm", lang, table=table.id, game=game.titles.get(lang, game.name),
                 link=thread_link(table), due=due)
        decision = self.host.decision(table, seat.seat)
        if decision is not None:  # what is asked, in the player's own language
            text += "\n" + decision.in_lang(lang)
        await self.send_dm(table, seat.seat, seat.user_id, text)

    async def _board_text(self, table: TableRow, lang: str) -> str:
        """A board post's words: the start, the seat line, the moves since the last post (those of
        an imported record as one summary), then the result or whose turn it is, with its ping.
        Within Discord's 2,000 characters the moves give way, oldest first, and a move's events
        after its first ones, each said with "… and N more" (:func:`bot.posts.fit_post`)."""
        names = {s.seat: (f"<@{s.user_id}>" if s.user_id else s.name) for s in table.seats}
        head, blocks, tail = [], [], []
        moves = await self.host.store.moves(table.id, after_version=table.announced_version)
        if table.announced_version == 0:
            head.append(t("play.start", lang, table=table.id))
        head.append(seat_line(table, self.host.seat_colours(table), lang))
        imported = [move for move in moves if _imported(move)]
        if imported:
            blocks.append(self._imported_summary(table, imported, names, lang))
        for move in [move for move in moves if not _imported(move)]:
            block = [t("play.moved", lang, player=names.get(move.seat, "?"), move=move.words.get(lang, move.notation))]
            for event in move.events:
                if event.get("seats") is None:  # an event for everyone; private ones never go here
                    block.append("· " + translate(event["key"], lang, **_seat_names(event["params"], table)))
            blocks.append(block)
        standing = self.host.standing(table)
        if standing is not None:
            ranking = " · ".join(
                t("play.rank_line", lang, rank=standing.ranks[s.seat], player=names[s.seat],
                  score="-" if standing.scores is None else standing.scores[s.seat])
                for s in sorted(table.seats, key=lambda s: standing.ranks[s.seat]))
            tail.append(t("play.finished", lang, ranking=ranking))
            replaced = self.host.replaced_seats(table)
            if replaced:  # the result says when the AI finished someone's game
                tail.append(t("status.replaced", lang, players=self.host.replaced_text(table, lang)))
        else:
            tail += self._deadline_line(table, lang)
            tail += [line for line, _users in self.turn_lines(table, lang)]
        return fit_post(head, blocks, tail, lang, more="post.more_moves", at_most=MOVES_PER_POST + bool(imported))

    @staticmethod
    def _imported_summary(table: TableRow, imported: list, names: dict[int, str], lang: str) -> list[str]:
        """An imported record's moves in a few lines: how many of the record's moves were played,
        the last :data:`IMPORTED_SHOWN` of them in words, and how many came before those."""
        count = imported[-1].ply  # the imported moves are the game's first ones
        total = max(int(table.settings.get("record_moves") or 0), count)
        lines = [t("play.imported_all", lang, count=count) if count == total else
                 t("play.imported_first", lang, count=count, total=total)]
        shown = imported[-IMPORTED_SHOWN:]
        if count > len(shown):
            lines.append(t("play.imported_more", lang, count=count - len(shown)))
        lines += ["· " + clip(t("play.moved", lang, player=names.get(move.seat, "?"),
                                move=move.words.get(lang, move.notation)), MOVE_LINE) for move in shown]
        return lines

    async def refresh_lobby(self, table: TableRow) -> None:
        if table.lobby_message_id is None:
            return
        lang = await self.bot.guild_lang(table.guild_id)
        embed, view = self.lobby_message(table, lang)
        channel = await self.bot.channel(table.channel_id)
        await channel.get_partial_message(table.lobby_message_id).edit(embed=embed, view=view)

    # -- private views by DM ------------------------------------------------------------------

    async def deliver_private(self, table_id: int, *, every_change_only: bool = False) -> None:
        """DM each player whose private view changed since the last one sent (``every_change_only``:
        mid-turn, only to players who chose ``/screens every``; the others get one per turn)."""
        table = await self.host.table(table_id)
        game = self.host.game(table)
        updates = self.host.private_updates(table)
        if every_change_only and updates:
            every = await self.host.store.screens_every([seat.user_id for seat, _ in updates])
            updates = [(seat, private) for seat, private in updates if seat.user_id in every]
        for seat, private in updates:
            lang = await self.bot.user_lang(seat.user_id, table.guild_id)
            words = game.describe_private(private, lang)
            text = private_text(table, game, words, lang)
            image = await self.private_image(table, seat.seat, private, lang)
            if await self.send_dm(table, seat.seat, seat.user_id, text,
                                  image=None if image is None else (image, words)):
                await self.host.mark_private_delivered(table.id, seat.seat, private)

    async def private_image(self, table: TableRow, seat: int, private: dict[str, Any], lang: str) -> bytes | None:
        """The picture of one seat's private view, for that seat only (games that draw one), off
        the event loop; ``None`` when there is none or drawing failed (logged: the words still go)."""
        if not renderers.has_private(table.game):
            return None
        try:
            context = contextvars.copy_context()
            return await asyncio.get_running_loop().run_in_executor(
                self._renders, functools.partial(context.run, renderers.render_private, table.game, private,
                                                 name=table.seats[seat].name, lang=lang))
        except Exception:
            log.exception("drawing the private view of table %s seat %s failed", table.id, seat)
            return None

    async def send_dm(self, table: TableRow, seat: int, user_id: int, text: str,
                      image: tuple[bytes, str] | None = None) -> bool:
        """DM a player (with ``image``, PNG bytes and alt text, attached); if their DMs are closed
        (not retried), say so in the thread once, pointing to /hand in a game with private information."""
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            await user.send(text, allowed_mentions=discord.AllowedMentions.none(),
                            file=private_file(table, image))
        except discord.Forbidden as exc:
            if exc.code != DMS_CLOSED:
                raise
            fresh = await self.host.table(table.id)
            if not fresh.seats[seat].dm_failed and fresh.thread_id:
                lang = await self.bot.guild_lang(table.guild_id)
                key = "play.dm_closed" if self.host.game(fresh).hidden_information else "play.dm_closed_public"
                thread = await self.bot.channel(fresh.thread_id)
                # The notice first: if posting it fails, the next attempt posts it again.
                await thread.send(t(key, lang, mention=f"<@{user_id}>"), allowed_mentions=pinging([user_id]))
                await self.host.store.set_dm_failed(table.id, seat, True)
            return False
        return True

    async def check_dms(self, table: TableRow) -> bool:
        """At the start, greet every human by DM (retried until sent); those whose DMs are closed
        are warned in the thread. ``True`` when done at the first attempt."""
        greeted: set[int] = set()

        async def greet() -> None:
            fresh = await self.host.table(table.id)
            if fresh.thread_id is None:  # made with the board post
                raise NotYet(f"table {table.id} has no thread yet")
            game = self.host.game(fresh)
            for seat in fresh.seats:
                if seat.user_id is not None and seat.seat not in greeted:
                    lang = await self.bot.user_lang(seat.user_id, fresh.guild_id)
                    await self.send_dm(fresh, seat.seat, seat.user_id,
                                       t("play.dm_intro", lang, table=fresh.id,
                                         game=game.titles.get(lang, game.name), link=thread_link(fresh)))
                    greeted.add(seat.seat)

        return await self.delivery.run(("greet", table.id), greet, what=f"the greetings of table {table.id}")

    # -- play-by-post -------------------------------------------------------------------------

    async def tell_due(self, due: Due) -> None:
        """Post a reminder or a time-up in the thread (mentioning the players), DM the reminder to
        players who chose ``/notify turn``, and show the board when a timeout moved the game on."""
        table = due.table
        if table.thread_id is None:
            return
        done: set[str] = set()  # what an earlier attempt sent already

        async def tell() -> None:
            lang = await self.bot.guild_lang(table.guild_id)
            mentions = join_names((f"<@{s.user_id}>" for s in due.seats), lang)
            names = join_names((s.name for s in due.seats), lang)
            when = f"<t:{int(due.deadline_at)}:R>"
            if due.stage == TIME_UP:
                key = {"remind": "clock.time_up_remind", "ai": "clock.time_up_ai", "skip": "clock.time_up_skip",
                       "drop": "clock.time_up_drop"}[due.policy]
                text = t(key, lang, mentions=mentions, players=names, table=table.id)
            else:
                key = "clock.reminder_half" if due.stage == HALF else "clock.reminder_late"
                text = t(key, lang, mentions=mentions, table=table.id, due=when)
                for seat in due.seats:
                    if f"dm{seat.seat}" in done:
                        continue
                    if (await self.host.store.player(seat.user_id))["notify"] == "turn":
                        dm_lang = await self.bot.user_lang(seat.user_id, table.guild_id)
                        await self.send_dm(table, seat.seat, seat.user_id,
                                           t(key, dm_lang, mentions=seat.name, table=table.id, due=when)
                                           + "\n" + thread_link(table))
                    done.add(f"dm{seat.seat}")
            thread = await self.bot.channel(table.thread_id)
            await thread.send(text, allowed_mentions=pinging(s.user_id for s in due.seats))

        await self.delivery.run(("due", table.id, table.version, due.stage), tell,
                                what=f"the clock notice of table {table.id}")
        await self.show(table.id)

    async def send_digests(self, now: float) -> None:
        """Once a day, a DM to each player who chose ``/notify daily`` listing the games waiting on them."""
        for user_id in await self.host.store.digest_due(now - DAY):
            waiting = [t_ for t_ in await self.host.store.tables_of_user(user_id, ("active",))
                       if any(s.user_id == user_id for s in self.host.waiting_on(t_))]
            if not waiting:
                continue
            lang = await self.bot.user_lang(user_id, waiting[0].guild_id)
            lines = []
            for table in waiting:
                game = self.host.game(table)
                due = f" — {t('games.due', lang, due=f'<t:{int(table.deadline_at)}:R>')}" if table.deadline_at else ""
                lines.append(f"· #{table.id} {game.titles.get(lang, game.name)} {thread_link(table)}{due}")
            seat = next(s.seat for s in waiting[0].seats if s.user_id == user_id)
            text = fit_lines(t("notify.digest", lang, lines="\n".join(lines)).split("\n"), lang, head=1)
            if await self.send_dm(waiting[0], seat, user_id, text):
                await self.host.store.set_player(user_id, digest_at=now)

    # -- AI turns -----------------------------------------------------------------------------

    def _ai_running(self, table_id: int) -> bool:
        task = self._ai_tasks.get(table_id)
        return task is not None and not task.done()

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
                    if not await self.bot.leases.hold(table_lease(table_id)):
                        return  # another live process moves this table's AI seats
                    try:
                        if await self.host.play_ai(table_id) is None:
                            break
                    except AIBusy:  # every worker busy and the queue full: the table waits its turn
                        await asyncio.sleep(AI_BUSY_RETRY)
                        continue
                    # Shown or not (a failed post is retried on its own), the next move is
                    # decided from the stored state.
                    await self.show(table_id, continue_ai=False)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the AI turns of table %s failed", table_id)
        with contextlib.suppress(Exception):  # done: an interaction elsewhere may start them again
            await self.bot.leases.release([table_lease(table_id)])

    async def stop(self) -> None:
        self._stopping = True
        await self.delivery.stop()
        self._renders.shutdown(wait=False, cancel_futures=True)
        if self._stories:  # a game's record and replay on their way: let them arrive, briefly
            await asyncio.wait(list(self._stories), timeout=STORY_GRACE)
        for task in list(self._stories):
            task.cancel()
        await asyncio.gather(*self._stories, return_exceptions=True)
        for task in list(self._ai_tasks.values()) + list(self._deadline_tasks.values()):
            task.cancel()
        await asyncio.gather(*self._ai_tasks.values(), *self._deadline_tasks.values(), return_exceptions=True)
        self._ai_tasks.clear()


def _imported(move: Any) -> bool:
    """Whether ``move`` was played at Start from an imported record (its note says so)."""
    return bool(move.events) and move.events[0].get("key") == "record.imported"


def _seat_names(params: dict, table: TableRow) -> dict:
    """Stored event params, ready to say: nested texts translatable again, and every seat given by
    number (a param named ``seat`` or ``..._seat``) shown as its player."""
    named = {key: text_from_json(value) for key, value in params.items()}
    for key, value in named.items():
        if (key == "seat" or key.endswith("_seat")) and isinstance(value, int) and 0 <= value < len(table.seats):
            named[key] = f"{value + 1} ({table.seats[value].name})"
    return named
