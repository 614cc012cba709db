"""A fake Discord (HTTP API v10 + gateway websocket) on 127.0.0.1.

The real, unmodified discord.py client logs into it.  See ``__init__.py``
for the usage summary.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import zlib
from collections import deque
from dataclasses import dataclass
from typing import Any, Awaitable, Callable, Dict, List, Optional, Tuple, Union

import yarl
from aiohttp import WSMsgType, web

from . import validation as V
from .models import (
    BOT_ROLE_PERMISSIONS,
    CH_DM,
    CH_GUILD_TEXT,
    CH_PRIVATE_THREAD,
    CH_PUBLIC_THREAD,
    EVERYONE_PERMISSIONS,
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    FLAG_SUPPRESS_EMBEDS,
    FLAG_SUPPRESS_NOTIFICATIONS,
    INTENT_DIRECT_MESSAGES,
    INTENT_GUILD_MEMBERS,
    INTENT_GUILD_MESSAGES,
    INTENT_GUILDS,
    INTENT_MESSAGE_CONTENT,
    PRIVILEGED_INTENTS,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
    InteractionCallback,
    InteractionHandle,
    SnowflakeGenerator,
    Violation,
    WaitTimeout,
    guess_content_type,
    iso,
    next_token,
    now,
    walk_components,
)
from .ratelimits import RateLimits

log = logging.getLogger('fakediscord')

MessagePredicate = Callable[[FakeMessage], Any]

# flags a bot may set on a message it creates
CHANNEL_MESSAGE_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_COMPONENTS_V2
INTERACTION_MESSAGE_FLAGS = CHANNEL_MESSAGE_FLAGS | FLAG_EPHEMERAL


def pings(content: str, allowed: Optional[Dict[str, Any]]) -> Dict[str, Any]:
    """Who a new message with ``content`` notifies under ``allowed_mentions`` (Discord's rules: no
    ``allowed_mentions`` parses everything; ``parse`` names the kinds parsed from the content;
    ``users``/``roles`` list the only ids that may be notified)."""
    users = {int(u) for u in re.findall(r'<@!?(\d+)>', content or '')}
    roles = {int(r) for r in re.findall(r'<@&(\d+)>', content or '')}
    everyone = bool(re.search(r'@(everyone|here)', content or ''))
    if allowed is None:
        return {'users': users, 'roles': roles, 'everyone': everyone}
    parse = set(allowed.get('parse') or [])
    allowed_users = {int(u) for u in allowed.get('users') or []}
    allowed_roles = {int(r) for r in allowed.get('roles') or []}
    return {'users': users if 'users' in parse else users & allowed_users,
            'roles': roles if 'roles' in parse else roles & allowed_roles,
            'everyone': everyone and 'everyone' in parse}


def _json(obj: Any, status: int = 200, headers: Optional[Dict[str, str]] = None) -> web.Response:
    # discord.py's json_or_text() only parses JSON when Content-Type is exactly
    # 'application/json' (aiohttp's json_response appends '; charset=utf-8').
    return web.Response(body=json.dumps(obj).encode(), status=status,
                        headers={'Content-Type': 'application/json', **(headers or {})})


class ApiError(Exception):
    def __init__(self, status: int, body: Dict[str, Any], headers: Optional[Dict[str, str]] = None):
        super().__init__(f'{status} {body}')
        self.status = status
        self.body = body
        self.headers = headers or {}


def rate_limited(retry_after: float) -> ApiError:
    """A 429 as Discord sends it: discord.py honours ``retry_after`` only when a ``Via`` header
    says the answer came through Discord's proxy (otherwise it takes it for a Cloudflare ban)."""
    return ApiError(429, {'message': 'You are being rate limited.', 'retry_after': retry_after, 'global': False,
                          'code': 0},
                    {'Via': '1.1 google', 'Retry-After': str(max(1, round(retry_after))),
                     'X-RateLimit-Scope': 'user'})


class Dropped(Exception):
    """The fake closed the connection without answering (a request lost on the way)."""


def _err(status: int, code: int, message: str) -> ApiError:
    return ApiError(status, {'code': code, 'message': message})


def unknown(kind: str) -> ApiError:
    codes = {
        'Channel': 10003,
        'Guild': 10004,
        'Member': 10007,
        'Message': 10008,
        'User': 10013,
        'Webhook': 10015,
        'Application Command': 10063,
        'interaction': 10062,
    }
    return _err(404, codes[kind], f'Unknown {kind}')


@dataclass
class Upload:
    index: int
    filename: str
    data: bytes
    content_type: Optional[str]


@dataclass
class InjectedError:
    """A fault for the next ``times`` matching requests: an error ``status`` (``body``; a 429
    carries ``retry_after``), or with ``hold`` seconds of silence first, after which the request is
    dropped (``drop``) or answered late."""

    method: str
    pattern: 're.Pattern[str]'
    status: int
    body: Dict[str, Any]
    times: int
    retry_after: Optional[float] = None
    hold: Optional[float] = None
    drop: bool = True


#: Requests chaos never touches: logging in, syncing commands, the gateway.
CHAOS_SPARED = re.compile(r'^/(gateway|users/@me$|oauth2/|applications/@me|applications/\d+/(guilds/\d+/)?commands)')


@dataclass
class Chaos:
    """Random faults on a ``rate`` of the bot's requests, replayable from ``seed``."""

    rate: float
    rng: Any
    kinds: Tuple[str, ...]
    retry_after: float
    hold: float
    pattern: Optional['re.Pattern[str]'] = None


class _Connection:
    """One websocket connection (compression context lives here)."""

    def __init__(self, ws: web.WebSocketResponse, compress: Optional[str]):
        self.ws = ws
        self.compress = compress
        self.lock = asyncio.Lock()
        self._zlib = zlib.compressobj() if compress == 'zlib-stream' else None
        self._zstd = None
        if compress == 'zstd-stream':
            self._zstd = _zstd_compressor()

    async def send(self, obj: Dict[str, Any]) -> None:
        raw = json.dumps(obj, separators=(',', ':'))
        async with self.lock:
            if self.ws.closed:
                return
            try:
                if self._zlib is not None:
                    data = self._zlib.compress(raw.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
                    await self.ws.send_bytes(data)
                elif self._zstd is not None:
                    await self.ws.send_bytes(self._zstd(raw.encode()))
                else:
                    # also what we do for zstd-stream when no zstd compressor is importable:
                    # discord.py parses TEXT frames without decompressing them.
                    await self.ws.send_str(raw)
            except (ConnectionError, RuntimeError) as e:  # peer went away
                log.debug('gateway send failed: %r', e)


def _zstd_compressor():
    try:
        import zstandard  # type: ignore

        obj = zstandard.ZstdCompressor().compressobj()

        def compress(data: bytes) -> bytes:
            return obj.compress(data) + obj.flush(zstandard.COMPRESSOBJ_FLUSH_BLOCK)

        return compress
    except ImportError:
        pass
    try:
        from compression import zstd  # type: ignore  # Python 3.14+

        comp = zstd.ZstdCompressor()

        def compress(data: bytes) -> bytes:
            return comp.compress(data, mode=zstd.ZstdCompressor.FLUSH_BLOCK)

        return compress
    except ImportError:
        return None


def shard_of(guild_id: Optional[int], shard_count: int) -> int:
    """The shard Discord sends a guild's events to (DMs, ``None``, go to shard 0)."""
    return 0 if guild_id is None else (int(guild_id) >> 22) % shard_count


def _guild_of(data: Dict[str, Any]) -> Optional[int]:
    """The guild a gateway event belongs to, from its ``guild_id`` (``None``: DM or no guild)."""
    gid = data.get('guild_id') if isinstance(data, dict) else None
    return int(gid) if gid else None


class GatewaySession:
    def __init__(self, fake: 'FakeDiscord', session_id: str, intents: int, shard: Optional[List[int]]):
        self.fake = fake
        self.session_id = session_id
        self.intents = intents
        self.shard = shard
        self.seq = 0
        self.conn: Optional[_Connection] = None
        self.ready = False
        self.history: deque = deque(maxlen=2000)

    @property
    def live(self) -> bool:
        return self.conn is not None and not self.conn.ws.closed

    def receives(self, guild_id: Optional[int]) -> bool:
        """Whether Discord routes an event of ``guild_id`` (``None``: a DM or no guild) to this
        session: a session that identified with ``shard=[id, count]`` gets a guild's events only
        on shard ``(guild_id >> 22) % count``, and DMs only on shard 0; an unsharded session gets
        everything."""
        if self.shard is None:
            return True
        shard_id, count = int(self.shard[0]), int(self.shard[1])
        return shard_of(guild_id, count) == shard_id

    async def dispatch(self, event: str, data: Dict[str, Any]) -> None:
        self.seq += 1
        payload = {'op': 0, 't': event, 's': self.seq, 'd': data}
        self.history.append(payload)
        self.fake.gateway_log.append((event, data))
        if self.conn is not None:
            await self.conn.send(payload)


class _LogCapture(logging.Handler):
    def __init__(self, sink: List[logging.LogRecord]):
        super().__init__(level=logging.ERROR)
        self.sink = sink

    def emit(self, record: logging.LogRecord) -> None:
        self.sink.append(record)


class FakeDiscord:
    """Fake Discord server.  ``async with FakeDiscord() as fake: ...``"""

    def __init__(
        self,
        *,
        bot_name: str = 'GameBot',
        token: str = 'fake-bot-token',
        enforce_limits: bool = True,
        interaction_ack_deadline: Optional[float] = 3.0,
        allowed_privileged_intents: int = PRIVILEGED_INTENTS,
        require_shared_guild_for_dm: bool = True,
        require_registered_commands: bool = True,
        heartbeat_interval_ms: int = 41250,
    ) -> None:
        self.snowflake = SnowflakeGenerator()
        self.token = token
        #: reject (400/413) payloads over Discord's limits; when False they are only recorded in ``violations``
        self.enforce_limits = enforce_limits
        #: Discord invalidates an interaction that is not acknowledged within 3 s (404 / 10062)
        self.interaction_ack_deadline = interaction_ack_deadline
        self.allowed_privileged_intents = allowed_privileged_intents
        #: Discord refuses DMs (50007) to users that share no guild with the bot
        self.require_shared_guild_for_dm = require_shared_guild_for_dm
        self.require_registered_commands = require_registered_commands
        self.heartbeat_interval_ms = heartbeat_interval_ms

        self.bot_user = FakeUser(id=self.snowflake(), name=bot_name, bot=True)
        self.application_id = self.bot_user.id
        self.owner = FakeUser(id=self.snowflake(), name='app-owner')
        self.users: Dict[int, FakeUser] = {self.bot_user.id: self.bot_user, self.owner.id: self.owner}
        self.guilds: Dict[int, FakeGuild] = {}
        self.channels: Dict[int, FakeChannel] = {}
        self.roles: Dict[int, FakeRole] = {}
        self._dm_channels: Dict[int, FakeChannel] = {}  # user id -> DM channel

        #: every message in creation order (bot and user, incl. ephemeral ones)
        self.messages: List[FakeMessage] = []
        self._messages_by_id: Dict[int, FakeMessage] = {}
        self._attachments: Dict[int, FakeAttachment] = {}

        self.global_commands: List[Dict[str, Any]] = []
        self.guild_commands: Dict[int, List[Dict[str, Any]]] = {}
        #: (guild_id or None, number of commands) for each bulk overwrite
        self.command_syncs: List[Tuple[Optional[int], int]] = []

        self.interactions: Dict[int, InteractionHandle] = {}
        self._interactions_by_token: Dict[str, InteractionHandle] = {}

        #: every limit/rule violation seen (tests usually ``assert not fake.violations``)
        self.violations: List[Violation] = []
        #: (method, path) of routes the fake does not implement (answered 404)
        self.unknown_routes: List[Tuple[str, str]] = []
        #: (method, path, status) of every API request
        self.requests: List[Tuple[str, str, int]] = []
        #: (user, request body) of DMs refused with 50007
        self.failed_dms: List[Tuple[FakeUser, Dict[str, Any]]] = []
        #: exceptions raised inside the fake's own handlers (answered 400 so discord.py does not retry)
        self.internal_errors: List[BaseException] = []
        #: ERROR log records from the ``discord`` loggers (handler exceptions in the bot)
        self.bot_errors: List[logging.LogRecord] = []
        #: (event name, data) of every gateway dispatch
        self.gateway_log: List[Tuple[str, Dict[str, Any]]] = []
        self.identify_payloads: List[Dict[str, Any]] = []
        #: query parameters of every gateway websocket connection (v, encoding, compress)
        self.gateway_connections: List[Dict[str, str]] = []
        #: session ids that were RESUMEd
        self.resumes: List[str] = []

        self._sessions: Dict[str, GatewaySession] = {}
        self._connections: set = set()
        self._injected: List[InjectedError] = []
        self._chaos: Optional[Chaos] = None
        #: the modelled rate limits (none unless a test adds some with ``rate_limit``)
        self.rate_limits = RateLimits()
        #: (method, path, fault) of every request a fault was injected into: 'status 503', 'hold', 'drop'...
        self.faults: List[Tuple[str, str, str]] = []
        #: (loop time, method, path, status) of every API request, 0 for a dropped one
        self.request_times: List[Tuple[float, str, str, int]] = []
        self._pending: deque = deque()
        self._flush_lock = asyncio.Lock()
        self._tasks: set = set()
        self._waiters: List[asyncio.Future] = []
        self._runner: Optional[web.AppRunner] = None
        self._log_handler = _LogCapture(self.bot_errors)
        self.port: int = 0
        self._routes = self._build_routes()

    # ------------------------------------------------------------------
    # lifecycle

    async def start(self) -> 'FakeDiscord':
        app = web.Application(client_max_size=256 * 1024 * 1024)
        app.router.add_get('/gateway', self._gateway_ws)
        app.router.add_get('/gateway/', self._gateway_ws)
        app.router.add_get('/attachments/{channel_id}/{attachment_id}/{filename}', self._serve_attachment)
        app.router.add_route('*', '/api/v{version:\\d+}/{tail:.*}', self._api)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, '127.0.0.1', 0)
        await site.start()
        server = site._server
        assert server is not None and server.sockets
        self.port = server.sockets[0].getsockname()[1]
        logging.getLogger('discord').addHandler(self._log_handler)
        log.debug('fake discord listening on %s', self.base_url)
        return self

    async def close(self) -> None:
        logging.getLogger('discord').removeHandler(self._log_handler)
        while self._pending:
            self._pending.popleft().close()
        for task in list(self._tasks):
            task.cancel()
        for conn in list(self._connections):
            with contextlib.suppress(Exception):
                await conn.ws.close(code=1001)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        for fut in self._waiters:
            if not fut.done():
                fut.cancel()

    async def __aenter__(self) -> 'FakeDiscord':
        return await self.start()

    async def __aexit__(self, *exc) -> None:
        await self.close()

    @property
    def base_url(self) -> str:
        return f'http://127.0.0.1:{self.port}'

    @property
    def api_base(self) -> str:
        return f'{self.base_url}/api/v10'

    @property
    def gateway_url(self) -> str:
        return f'ws://127.0.0.1:{self.port}/gateway'

    @contextlib.contextmanager
    def patch_discord(self):
        """Point discord.py at this fake and restore it afterwards.

        Patches ``discord.http.Route.BASE`` (used by the HTTP client *and* by
        ``discord.webhook.async_`` for interaction callbacks/followups, which
        builds its ``Route``s from the same class) and
        ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`` (a plain
        ``Client`` never calls GET /gateway; it connects straight to
        DEFAULT_GATEWAY, only ``AutoShardedClient`` asks /gateway/bot).
        """
        from discord.gateway import DiscordWebSocket
        from discord.http import Route

        if not self.port:
            raise RuntimeError('start() the fake first')
        old_base, old_gw = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
        Route.BASE = self.api_base
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url + '/')
        try:
            yield self
        finally:
            Route.BASE = old_base
            DiscordWebSocket.DEFAULT_GATEWAY = old_gw

    @contextlib.asynccontextmanager
    async def run_bot(self, client, *, token: Optional[str] = None, ready_timeout: float = 10.0, fast_ready: bool = True):
        """Patch discord.py, ``client.start()`` in a task, wait for ``on_ready``; close on exit.

        ``fast_ready`` lowers ``guild_ready_timeout`` (discord.py waits that long
        after the last GUILD_CREATE before firing on_ready; default 2 s) to 0.05 s.
        """
        with self.patch_discord():
            state = client._connection
            if fast_ready:
                state.guild_ready_timeout = min(state.guild_ready_timeout, 0.05)
            task = asyncio.create_task(client.start(token or self.token), name='fakediscord-bot')
            try:
                await self.wait_until(
                    lambda: client.is_ready() or task.done(), timeout=ready_timeout, what='bot on_ready', poll=0.01
                )
                if task.done():
                    task.result()  # re-raise the login/connect error
                    raise RuntimeError('bot stopped before becoming ready')
                yield client
            finally:
                if not client.is_closed():
                    with contextlib.suppress(Exception):
                        await asyncio.wait_for(client.close(), 5)
                try:
                    await asyncio.wait_for(task, 5)
                except (Exception, asyncio.CancelledError):
                    pass

    # ------------------------------------------------------------------
    # waiting

    def _notify(self) -> None:
        waiters, self._waiters = self._waiters, []
        for fut in waiters:
            if not fut.done():
                fut.set_result(None)

    async def wait_until(self, check: Callable[[], Any], *, timeout: float = 5.0, what: str = 'condition', poll: Optional[float] = 0.02):
        """Wait until ``check()`` is truthy and return its value.

        Re-checked on every fake state change and every ``poll`` seconds (so conditions on
        the bot's own state, e.g. ``lambda: bot.is_ready()``, work too)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = check()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise WaitTimeout(f'timed out after {timeout}s waiting for {what}\n{self.describe()}')
            fut = loop.create_future()
            self._waiters.append(fut)
            try:
                await asyncio.wait_for(fut, min(remaining, poll) if poll else remaining)
            except asyncio.TimeoutError:
                pass

    def describe(self, last: int = 8) -> str:
        """Recent state, used in timeout messages."""
        lines = [f'  last {last} messages:']
        lines += [f'    {m!r}' for m in self.messages[-last:]] or ['    (none)']
        if self.violations:
            lines.append('  violations: ' + '; '.join(str(v) for v in self.violations[-5:]))
        if self.unknown_routes:
            lines.append(f'  unknown routes: {self.unknown_routes[-5:]}')
        if self.internal_errors:
            lines.append(f'  fake internal errors: {self.internal_errors[-3:]!r}')
        if self.bot_errors:
            lines.append('  bot errors: ' + ' | '.join(self._format_record(r) for r in self.bot_errors[-3:]))
        if not self.live_sessions():
            lines.append('  (no live gateway session)')
        return '\n'.join(lines)

    @staticmethod
    def _format_record(record: logging.LogRecord) -> str:
        text = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            text += f': {record.exc_info[1]!r}'
        return text

    def mark(self) -> int:
        """Cursor for ``wait_for_message(after=...)``: only messages created after this point."""
        return len(self.messages)

    def find_messages(
        self,
        predicate: Optional[MessagePredicate] = None,
        *,
        channel: Union[FakeChannel, FakeUser, int, None] = None,
        after: Optional[int] = None,
        from_bot: Optional[bool] = True,
        include_deleted: bool = False,
        include_loading: bool = False,
    ) -> List[FakeMessage]:
        channel_id = self._channel_filter(channel)
        out = []
        for m in self.messages[after or 0:]:
            if m.deleted and not include_deleted:
                continue
            if m.loading and not include_loading:
                continue
            if from_bot is not None and (m.author.id == self.bot_user.id) != from_bot:
                continue
            if channel_id is not None and m.channel.id != channel_id:
                continue
            if predicate is not None and not predicate(m):
                continue
            out.append(m)
        return out

    def _channel_filter(self, channel) -> Optional[int]:
        if channel is None:
            return None
        if isinstance(channel, FakeUser):
            dm = self._dm_channels.get(channel.id)
            return dm.id if dm else -1
        if isinstance(channel, FakeMember):
            return self._channel_filter(channel.user)
        if isinstance(channel, FakeChannel):
            return channel.id
        return int(channel)

    async def wait_for_message(
        self,
        predicate: Optional[MessagePredicate] = None,
        *,
        channel: Union[FakeChannel, FakeUser, int, None] = None,
        timeout: float = 5.0,
        after: Optional[int] = None,
        from_bot: Optional[bool] = True,
    ) -> FakeMessage:
        """First message (in creation order, current state) matching all filters.

        Existing messages count too (no race with the bot); pass ``after=fake.mark()``
        taken before the action to only accept new ones.  ``channel`` may be a
        FakeUser to mean "the DM channel with that user".
        """

        def check():
            found = self.find_messages(predicate, channel=channel, after=after, from_bot=from_bot)
            return found[0] if found else None

        return await self.wait_until(check, timeout=timeout, what=f'message (channel={channel!r}, predicate={predicate!r})')

    def assert_clean(self) -> None:
        """No limit violations, unknown routes, fake-internal errors or bot handler errors."""
        problems = []
        if self.violations:
            problems.append('violations: ' + '; '.join(map(str, self.violations)))
        if self.unknown_routes:
            problems.append(f'unknown routes: {self.unknown_routes}')
        if self.internal_errors:
            problems.append(f'fake internal errors: {self.internal_errors!r}')
        if self.bot_errors:
            problems.append('bot errors: ' + ' | '.join(self._format_record(r) for r in self.bot_errors))
        assert not problems, '\n'.join(problems)

    # ------------------------------------------------------------------
    # world building (test API)

    def create_user(self, name: str, *, locale: str = 'en-US', bot: bool = False, global_name: Optional[str] = None, dms_blocked: bool = False) -> FakeUser:
        user = FakeUser(id=self.snowflake(), name=name, global_name=global_name, bot=bot, locale=locale, dms_blocked=dms_blocked)
        user.payload()  # refuses a name longer than Discord allows
        self.users[user.id] = user
        return user

    def set_dms_blocked(self, user: FakeUser, blocked: bool = True) -> None:
        """While blocked, the bot's DMs to ``user`` fail with 403 / 50007."""
        user.dms_blocked = blocked

    def create_guild(
        self,
        name: str = 'Test Guild',
        *,
        owner: Optional[FakeUser] = None,
        locale: str = 'en-US',
        channels: Tuple[str, ...] = ('general',),
        members: Tuple[FakeUser, ...] = (),
    ) -> FakeGuild:
        """A guild the bot is in (with a managed bot role).  Emits GUILD_CREATE if the bot is connected."""
        owner = owner or self.owner
        gid = self.snowflake()
        guild = FakeGuild(id=gid, name=name, owner_id=owner.id, locale=locale)
        everyone = FakeRole(id=gid, guild_id=gid, name='@everyone', permissions=EVERYONE_PERMISSIONS, position=0)
        bot_role = FakeRole(id=self.snowflake(), guild_id=gid, name=self.bot_user.name, permissions=BOT_ROLE_PERMISSIONS, position=1, managed=True)
        guild.roles = {everyone.id: everyone, bot_role.id: bot_role}
        self.roles.update(guild.roles)
        self.guilds[gid] = guild
        guild.members[self.bot_user.id] = FakeMember(self.bot_user, guild, role_ids=[bot_role.id])
        guild.members[owner.id] = FakeMember(owner, guild)
        for user in members:
            guild.members[user.id] = FakeMember(user, guild)
        for i, ch in enumerate(channels):
            self._new_channel(guild, ch, CH_GUILD_TEXT, position=i)
        self._spawn(self._announce_guild(guild))
        return guild

    def create_text_channel(self, guild: FakeGuild, name: str, *, topic: Optional[str] = None, category: Optional[FakeChannel] = None) -> FakeChannel:
        ch = self._new_channel(guild, name, CH_GUILD_TEXT, topic=topic, parent_id=category.id if category else None)
        self._spawn(self._dispatch_now('CHANNEL_CREATE', ch.payload(), intent=INTENT_GUILDS))
        return ch

    def create_role(self, guild: FakeGuild, name: str, *, permissions: int = 0) -> FakeRole:
        role = FakeRole(id=self.snowflake(), guild_id=guild.id, name=name, permissions=permissions, position=len(guild.roles))
        guild.roles[role.id] = role
        self.roles[role.id] = role
        self._spawn(self._dispatch_now('GUILD_ROLE_CREATE', {'guild_id': str(guild.id), 'role': role.payload()}, intent=INTENT_GUILDS))
        return role

    def add_member(self, guild: FakeGuild, user: FakeUser, *, nick: Optional[str] = None, roles: Tuple[FakeRole, ...] = ()) -> FakeMember:
        member = FakeMember(user, guild, nick=nick, role_ids=[r.id for r in roles])
        member.payload()  # refuses a nickname longer than Discord allows
        guild.members[user.id] = member
        data = member.payload()
        data['guild_id'] = str(guild.id)
        self._spawn(self._dispatch_now('GUILD_MEMBER_ADD', data, intent=INTENT_GUILD_MEMBERS))
        return member

    def remove_member(self, guild: FakeGuild, user: FakeUser) -> None:
        guild.members.pop(user.id, None)
        self._spawn(self._dispatch_now('GUILD_MEMBER_REMOVE', {'guild_id': str(guild.id), 'user': user.payload()}, intent=INTENT_GUILD_MEMBERS))

    def dm_channel(self, user: Union[FakeUser, FakeMember]) -> FakeChannel:
        """The (single) DM channel between the bot and ``user`` (created on demand)."""
        if isinstance(user, FakeMember):
            user = user.user
        ch = self._dm_channels.get(user.id)
        if ch is None:
            ch = FakeChannel(id=self.snowflake(), type=CH_DM, recipient=user)
            self.channels[ch.id] = ch
            self._dm_channels[user.id] = ch
        return ch

    def dms(self, user: Union[FakeUser, FakeMember]) -> List[FakeMessage]:
        """Messages the bot successfully sent to ``user`` by DM."""
        return self.find_messages(channel=user)

    def messages_in(self, channel: FakeChannel, *, include_ephemeral: bool = True) -> List[FakeMessage]:
        return [m for m in self.find_messages(channel=channel) if include_ephemeral or not m.ephemeral]

    def threads(self, parent: Optional[FakeChannel] = None) -> List[FakeChannel]:
        return [c for c in self.channels.values() if c.is_thread and (parent is None or c.parent_id == parent.id)]

    def commands(self, guild: Optional[FakeGuild] = None) -> List[Dict[str, Any]]:
        """Registered application commands (global, or for ``guild``)."""
        return self.global_commands if guild is None else self.guild_commands.get(guild.id, [])

    def command(self, name: str, guild: Optional[FakeGuild] = None) -> Dict[str, Any]:
        found = self._find_command(name, guild, ctype=None)
        if found is None:
            raise LookupError(f'command {name!r} not registered; registered: {self._registered_names(guild)}')
        return found[0]

    def inject_error(self, method: str, path_regex: str, *, status: int = 400, code: int = 0, message: str = 'injected error',
                     times: int = 1, retry_after: Optional[float] = None) -> None:
        """Make the next ``times`` matching API requests fail (path relative to /api/v10, e.g. r'/channels/\\d+/messages').

        ``status=429`` answers as Discord's rate limit does, with ``retry_after`` (seconds; discord.py
        sleeps that long and tries again, up to 5 times per call). Of the 5xx, discord.py retries
        500, 502, 504 with sleeps of 1, 3, 5... seconds and raises at once on 503.
        """
        self._injected.append(InjectedError(method.upper(), re.compile(path_regex), status,
                                            {'code': code, 'message': message}, times, retry_after))

    def hold_requests(self, method: str, path_regex: str, *, seconds: float, times: int = 1, drop: bool = True) -> None:
        """Answer nothing to the next ``times`` matching requests for ``seconds``, then close the
        connection without doing what they asked (``drop``); or (``drop=False``) do it at once and
        answer only after ``seconds`` (a client that gave up waiting never learns that it happened)."""
        self._injected.append(InjectedError(method.upper(), re.compile(path_regex), 0, {}, times,
                                            hold=seconds, drop=drop))

    def start_chaos(self, rate: float, seed: int, *, kinds: Tuple[str, ...] = ('403', '429', '503', 'drop'),
                    retry_after: float = 0.05, hold: float = 0.2, path_regex: Optional[str] = None) -> None:
        """Fault a ``rate`` (0..1) of the bot's API requests at random (``seed``: the same faults on
        the same requests), each with one of ``kinds``: an HTTP status ('403', '429', '500', '503'),
        'drop' (silence for ``hold`` seconds, then the connection closed) or 'late' (silence, then
        done and answered). ``path_regex`` narrows it; logging in and command syncs are spared."""
        import random

        self._chaos = Chaos(rate, random.Random(seed), tuple(kinds), retry_after, hold,
                            re.compile(path_regex) if path_regex else None)

    def rate_limit(self, method: str, path_regex: str, *, limit: int, window: float, shared: bool = False,
                   headers: bool = True, name: Optional[str] = None) -> None:
        """Model a Discord rate limit (see :mod:`.ratelimits`): at most ``limit`` matching requests
        per ``window`` seconds, per path or (``shared``) across all matching paths, the rest answered
        429 with ``retry_after``; ``headers`` sends the ``X-RateLimit-*`` headers discord.py paces by.
        A request sent while the bot was told to wait is a violation."""
        self.rate_limits.add(method, path_regex, limit=limit, window=window, shared=shared, headers=headers,
                             name=name)

    def _rate_limited(self, method: str, path: str) -> Dict[str, str]:
        refusal, problems, headers = self.rate_limits.admit(method, path, asyncio.get_running_loop().time())
        for problem in problems:
            self.violations.append(Violation(f'{method} {path}', 0, [('rate_limit', 'RETRY_AFTER_IGNORED', problem)],
                                             429))
        if refusal is not None:
            self.faults.append((method, path, 'rate limited'))
            raise rate_limited(refusal.retry_after)
        return headers

    def stop_chaos(self) -> None:
        self._chaos = None

    def clear_injections(self) -> None:
        """Forget every injected fault still to come and stop chaos."""
        self._injected.clear()
        self._chaos = None

    def _fault_for(self, method: str, path: str) -> Optional[InjectedError]:
        for inj in list(self._injected):
            if inj.method == method and inj.pattern.search(path):
                inj.times -= 1
                if inj.times <= 0:
                    self._injected.remove(inj)
                return inj
        chaos = self._chaos
        if chaos is None or CHAOS_SPARED.search(path) or (chaos.pattern and not chaos.pattern.search(path)):
            return None
        if chaos.rng.random() >= chaos.rate:
            return None
        kind = chaos.rng.choice(chaos.kinds)
        if kind in ('drop', 'late'):
            return InjectedError(method, re.compile(''), 0, {}, 1, hold=chaos.hold, drop=kind == 'drop')
        status = int(kind)
        code = {403: 50013}.get(status, 0)
        return InjectedError(method, re.compile(''), status, {'code': code, 'message': f'chaos {status}'}, 1,
                             retry_after=chaos.retry_after if status == 429 else None)

    def add_bot_message(
        self,
        channel: FakeChannel,
        content: str = '',
        *,
        embeds: Optional[List[Dict[str, Any]]] = None,
        components: Optional[List[Dict[str, Any]]] = None,
    ) -> FakeMessage:
        """Seed a message authored by the bot without the bot sending it (e.g. a lobby
        posted before a restart, to test persistent views).  No gateway event."""
        msg = FakeMessage(
            id=self.snowflake(), channel=channel, author=self.bot_user, content=content,
            embeds=list(embeds or []), components=self._assign_component_ids(components or []), source='seeded',
        )
        self._record_message(msg)
        return msg

    # -- simulated users -------------------------------------------------

    async def user_message(
        self,
        user: Union[FakeUser, FakeMember],
        channel: Union[FakeChannel, FakeUser],
        content: str = '',
        *,
        files: Optional[List[Tuple[str, bytes]]] = None,
        reply_to: Optional[FakeMessage] = None,
    ) -> FakeMessage:
        """A user posts a message (MESSAGE_CREATE; content is blanked like Discord does when the
        bot lacks the message-content intent, except in DMs and when the bot is mentioned).
        Pass ``channel=fake.dm_channel(user)`` (or the bot's FakeUser) for a DM to the bot."""
        if isinstance(user, FakeMember):
            user = user.user
        if isinstance(channel, FakeUser):
            channel = self.dm_channel(user if channel.id == self.bot_user.id else channel)
        msg = FakeMessage(id=self.snowflake(), channel=channel, author=user, content=content, source='user')
        for name, data in files or []:
            msg.attachments.append(self._new_attachment(channel, name, data))
        if reply_to is not None:
            msg.message_reference = self._reference(reply_to)
            msg.type = 19
        self._record_message(msg)
        await self._dispatch_message('MESSAGE_CREATE', msg)
        return msg

    async def user_react(self, user: FakeUser, message: FakeMessage, emoji: str) -> None:
        message.reactions.setdefault(emoji, [])
        if user.id not in message.reactions[emoji]:
            message.reactions[emoji].append(user.id)
        data: Dict[str, Any] = {
            'user_id': str(user.id),
            'channel_id': str(message.channel.id),
            'message_id': str(message.id),
            'emoji': {'id': None, 'name': emoji},
            'type': 0,
            'burst': False,
            'message_author_id': str(message.author.id),
        }
        guild = message.channel.guild
        if guild is not None:
            data['guild_id'] = str(guild.id)
            if user.id in guild.members:
                data['member'] = guild.members[user.id].payload()
        intent = (1 << 13) if message.channel.is_dm else (1 << 10)
        await self._dispatch('MESSAGE_REACTION_ADD', data, intent=intent)
        self._notify()

    # -- interactions ----------------------------------------------------

    async def send_slash_command(
        self,
        name: str,
        *,
        user: Union[FakeUser, FakeMember],
        channel: FakeChannel,
        options: Optional[Dict[str, Any]] = None,
        locale: Optional[str] = None,
    ) -> InteractionHandle:
        """INTERACTION_CREATE type 2.  ``name`` may include a group/subcommand: ``"game start"``.

        Option types are taken from the registered command (so ints, users,
        channels, roles, attachments are encoded like Discord does); required
        options and fixed choices are checked like the Discord client would.
        Values: str/int/float/bool, FakeUser/FakeMember (user), FakeChannel,
        FakeRole, ``(filename, bytes)`` for attachment options.
        """
        user = self._as_user(user)
        data, display = self._command_data(name, options or {}, channel, focused=None, ctype=1)
        return await self._send_interaction(2, user, channel, data, locale=locale, command_name=display)

    async def send_autocomplete(
        self,
        name: str,
        *,
        user: Union[FakeUser, FakeMember],
        channel: FakeChannel,
        focused: str,
        value: str = '',
        options: Optional[Dict[str, Any]] = None,
        locale: Optional[str] = None,
    ) -> InteractionHandle:
        """INTERACTION_CREATE type 4: the user typed ``value`` into option ``focused``.
        Await ``handle.choices()`` for the result."""
        user = self._as_user(user)
        data, display = self._command_data(name, options or {}, channel, focused=(focused, value), ctype=1)
        return await self._send_interaction(4, user, channel, data, locale=locale, command_name=display)

    async def send_context_menu(
        self,
        name: str,
        target: Union[FakeUser, FakeMember, FakeMessage],
        *,
        user: Union[FakeUser, FakeMember],
        channel: FakeChannel,
        locale: Optional[str] = None,
    ) -> InteractionHandle:
        """INTERACTION_CREATE type 2 for a user (2) or message (3) context-menu command."""
        user = self._as_user(user)
        ctype = 3 if isinstance(target, FakeMessage) else 2
        found = self._find_command(name, channel.guild, ctype=ctype)
        if found is None and self.require_registered_commands:
            raise LookupError(f'context menu {name!r} not registered; registered: {self._registered_names(channel.guild)}')
        resolved: Dict[str, Any] = {}
        if isinstance(target, FakeMessage):
            target_id = target.id
            resolved['messages'] = {str(target.id): target.payload(self)}
        else:
            target_id = self._resolve_user(target, channel.guild, resolved)
        data: Dict[str, Any] = {'id': found[0]['id'] if found else str(self.snowflake()), 'name': name, 'type': ctype, 'target_id': str(target_id), 'resolved': resolved}
        if found and found[1] is not None:
            data['guild_id'] = str(found[1])
        return await self._send_interaction(2, user, channel, data, locale=locale, command_name=name)

    async def click_button(
        self,
        message: FakeMessage,
        custom_id: Optional[str] = None,
        *,
        label: Optional[str] = None,
        user: Union[FakeUser, FakeMember],
        locale: Optional[str] = None,
    ) -> InteractionHandle:
        """INTERACTION_CREATE type 3 (button) on a message the bot sent; find the button by custom_id or label."""
        user = self._as_user(user)
        comp = message.component(custom_id, label=label)
        if comp.get('type') != 2:
            raise AssertionError(f'component {comp} is not a button')
        if comp.get('style') in (5, 6) or not comp.get('custom_id'):
            raise AssertionError(f'button {comp} is a link/premium button and does not create interactions')
        if comp.get('disabled'):
            raise AssertionError(f'button {comp.get("custom_id")} is disabled')
        if message.deleted:
            raise AssertionError('message was deleted')
        data = {'custom_id': comp['custom_id'], 'component_type': 2}
        if 'id' in comp:
            data['id'] = comp['id']
        return await self._send_interaction(3, user, message.channel, data, message=message, locale=locale)

    async def select(
        self,
        message: FakeMessage,
        custom_id: str,
        values: List[Any],
        *,
        user: Union[FakeUser, FakeMember],
        locale: Optional[str] = None,
    ) -> InteractionHandle:
        """INTERACTION_CREATE type 3 for a select menu.  ``values``: option values (string select)
        or FakeUser/FakeRole/FakeChannel objects for the entity selects."""
        user = self._as_user(user)
        comp = message.component(custom_id)
        ctype = comp.get('type')
        if ctype not in V.SELECT_TYPES:
            raise AssertionError(f'component {custom_id} is not a select (type {ctype})')
        if comp.get('disabled'):
            raise AssertionError(f'select {custom_id} is disabled')
        n = len(values)
        if not comp.get('min_values', 1) <= n <= comp.get('max_values', 1):
            raise AssertionError(f'select {custom_id} needs {comp.get("min_values", 1)}..{comp.get("max_values", 1)} values, got {n}')
        resolved: Dict[str, Any] = {}
        out: List[str] = []
        if ctype == 3:
            allowed = [o['value'] for o in comp.get('options', [])]
            for v in values:
                if v not in allowed:
                    raise AssertionError(f'{v!r} is not an option of select {custom_id}: {allowed}')
                out.append(v)
        else:
            for v in values:
                out.append(str(self._resolve_entity(v, message.channel.guild, resolved)))
        data: Dict[str, Any] = {'custom_id': custom_id, 'component_type': ctype, 'values': out}
        if resolved:
            data['resolved'] = resolved
        return await self._send_interaction(3, user, message.channel, data, message=message, locale=locale)

    async def submit_modal(
        self,
        opened: InteractionHandle,
        values: Dict[str, Any],
        *,
        user: Union[FakeUser, FakeMember, None] = None,
        locale: Optional[str] = None,
    ) -> InteractionHandle:
        """INTERACTION_CREATE type 5 answering the modal the bot opened on ``opened`` (callback type 9).

        ``values`` maps a text input's custom_id to its text (or a select's custom_id to a list)."""
        cb = opened.callback
        if cb is None or cb.type != 9:
            raise AssertionError(f'{opened!r} did not open a modal')
        modal = cb.data
        remaining = dict(values)

        def convert(comp: Dict[str, Any]) -> Optional[Dict[str, Any]]:
            t = comp.get('type')
            if t == 1:
                return {'type': 1, 'id': comp.get('id', 0), 'components': [x for x in map(convert, comp.get('components', [])) if x]}
            if t == 18:
                inner = convert(comp['component'])
                return {'type': 18, 'id': comp.get('id', 0), 'component': inner} if inner else None
            cid = comp.get('custom_id')
            if cid is None:
                return None
            if t == 4:
                if cid not in remaining and comp.get('required', True) and not comp.get('value'):
                    raise AssertionError(f'modal text input {cid!r} is required')
                value = remaining.pop(cid, comp.get('value') or '')
                if not isinstance(value, str):
                    raise TypeError(f'text input {cid!r} needs a str')
                if len(value) > comp.get('max_length', 4000) or len(value) < comp.get('min_length', 0):
                    raise AssertionError(f'value for {cid!r} violates min/max length')
                return {'type': 4, 'id': comp.get('id', 0), 'custom_id': cid, 'value': value}
            if t in V.SELECT_TYPES:
                vals = remaining.pop(cid, [])
                return {'type': t, 'id': comp.get('id', 0), 'custom_id': cid, 'values': [str(v) for v in vals]}
            return None

        components = [x for x in map(convert, modal.get('components', [])) if x]
        if remaining:
            raise AssertionError(f'modal {modal.get("custom_id")!r} has no inputs {sorted(remaining)}')
        data = {'custom_id': modal['custom_id'], 'components': components}
        submitter = self._as_user(user) if user is not None else opened.user
        return await self._send_interaction(
            5, submitter, opened.channel, data, message=opened.message, locale=locale, parent=opened
        )

    # ------------------------------------------------------------------
    # gateway

    def live_sessions(self) -> List[GatewaySession]:
        return [s for s in self._sessions.values() if s.live and s.ready]

    async def wait_for_bot(self, timeout: float = 5.0) -> GatewaySession:
        """Wait until a bot has IDENTIFYed and received READY + GUILD_CREATEs."""
        sessions = await self.wait_until(self.live_sessions, timeout=timeout, what='bot gateway session')
        return sessions[0]

    async def gateway_reconnect(self) -> None:
        """Send op 7 RECONNECT; discord.py reconnects and RESUMEs."""
        for s in self.live_sessions():
            assert s.conn is not None
            await s.conn.send({'op': 7, 'd': None})

    async def drop_gateway(self, code: int = 4000) -> None:
        """Close every gateway socket (4000 -> discord.py resumes)."""
        for conn in list(self._connections):
            await conn.ws.close(code=code)

    async def flush_events(self) -> None:
        """Deliver gateway events queued by the sync world-building methods (create_guild, add_member...)."""
        async with self._flush_lock:
            while self._pending:
                await self._pending.popleft()

    async def _dispatch(self, event: str, data: Dict[str, Any], *, intent: Optional[int] = None) -> None:
        await self.flush_events()  # keep world-building events ordered before this one
        await self._dispatch_now(event, data, intent=intent)

    async def _dispatch_now(self, event: str, data: Dict[str, Any], *, intent: Optional[int] = None) -> None:
        guild_id = _guild_of(data)
        for s in list(self._sessions.values()):
            if not s.ready or not s.receives(guild_id):
                continue
            if intent is not None and not (s.intents & intent):
                continue
            await s.dispatch(event, data)

    def _spawn(self, coro: Awaitable[Any]) -> None:
        """Queue a dispatch from sync test-API code (only if there is a session to receive it).
        Queued events go out in order, before any later interaction/message event."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            coro.close()  # type: ignore[union-attr]
            return
        if not self._sessions:
            coro.close()  # type: ignore[union-attr]
            return
        self._pending.append(coro)
        task = loop.create_task(self.flush_events())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _announce_guild(self, guild: FakeGuild) -> None:
        for s in list(self._sessions.values()):
            if s.ready and s.receives(guild.id):
                await s.dispatch('GUILD_CREATE', self._guild_create_payload(guild, s.intents))

    def _guild_create_payload(self, guild: FakeGuild, intents: int) -> Dict[str, Any]:
        if intents & INTENT_GUILD_MEMBERS:
            members = list(guild.members.values())
        else:  # like Discord: without the members intent only the bot's own member is sent
            members = [guild.members[self.bot_user.id]]
        return guild.payload(members=members)

    async def _gateway_ws(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(autoping=True, compress=False, max_msg_size=0)
        await ws.prepare(request)
        self.gateway_connections.append(dict(request.query))
        conn = _Connection(ws, request.query.get('compress'))
        self._connections.add(conn)
        session: Optional[GatewaySession] = None
        try:
            if request.query.get('encoding', 'json') != 'json':
                await ws.close(code=4002, message=b'only encoding=json is supported by the fake')
                return ws
            await conn.send({'op': 10, 'd': {'heartbeat_interval': self.heartbeat_interval_ms, '_trace': ['fakediscord']}})
            async for msg in ws:
                if msg.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
                    break
                try:
                    data = json.loads(msg.data)
                except ValueError:
                    await ws.close(code=4002, message=b'decode error')
                    break
                op = data.get('op')
                d = data.get('d')
                if op == 1:
                    await conn.send({'op': 11})
                elif op == 2:
                    session = await self._identify(conn, d or {})
                elif op == 6:
                    session = await self._resume(conn, d or {})
                elif op == 8:
                    if session is None:
                        await ws.close(code=4003, message=b'Not authenticated.')
                        break
                    await self._request_members(session, d or {})
                elif op in (3, 4):
                    pass
                else:
                    log.warning('fake gateway: unknown op %s', op)
        finally:
            self._connections.discard(conn)
            if session is not None and session.conn is conn:
                session.conn = None
            self._notify()
        return ws

    async def _identify(self, conn: _Connection, d: Dict[str, Any]) -> Optional[GatewaySession]:
        self.identify_payloads.append(d)
        token = str(d.get('token', ''))
        if token.removeprefix('Bot ') != self.token:
            await conn.ws.close(code=4004, message=b'Authentication failed.')
            return None
        intents = int(d.get('intents', 0))
        if intents & PRIVILEGED_INTENTS & ~self.allowed_privileged_intents:
            await conn.ws.close(code=4014, message=b'Disallowed intent(s).')
            return None
        session = GatewaySession(self, f'fake-session-{self.snowflake()}', intents, d.get('shard'))
        session.conn = conn
        self._sessions[session.session_id] = session
        ready: Dict[str, Any] = {
            'v': 10,
            'user': dict(self.bot_user.payload(), verified=True, mfa_enabled=False, email=None),
            'guilds': [{'id': str(g.id), 'unavailable': True} for g in self.guilds.values() if session.receives(g.id)],
            'session_id': session.session_id,
            'session_type': 'normal',
            'resume_gateway_url': self.gateway_url,
            'application': {'id': str(self.application_id), 'flags': self._application_flags()},
            'private_channels': [],
            'relationships': [],
            'presences': [],
            'geo_ordered_rtc_regions': [],
            'guild_join_requests': [],
            'user_settings': {},
            '_trace': ['fakediscord'],
        }
        if session.shard is not None:
            ready['shard'] = session.shard
        await session.dispatch('READY', ready)
        for guild in list(self.guilds.values()):
            if session.receives(guild.id):
                await session.dispatch('GUILD_CREATE', self._guild_create_payload(guild, intents))
        session.ready = True
        self._notify()
        return session

    async def _resume(self, conn: _Connection, d: Dict[str, Any]) -> Optional[GatewaySession]:
        session = self._sessions.get(d.get('session_id'))
        if session is None or str(d.get('token', '')).removeprefix('Bot ') != self.token:
            await conn.send({'op': 9, 'd': False})
            return None
        session.conn = conn
        self.resumes.append(session.session_id)
        seq = d.get('seq') or 0
        for payload in list(session.history):
            if payload['s'] > seq:
                await conn.send(payload)
        session.seq += 1
        await conn.send({'op': 0, 't': 'RESUMED', 's': session.seq, 'd': {'_trace': ['fakediscord']}})
        self._notify()
        return session

    async def _request_members(self, session: GatewaySession, d: Dict[str, Any]) -> None:
        guild = self.guilds.get(int(d.get('guild_id', 0)))
        if guild is None:
            return
        members = list(guild.members.values())
        user_ids = d.get('user_ids')
        not_found: List[str] = []
        if user_ids is not None:
            ids = [int(x) for x in (user_ids if isinstance(user_ids, list) else [user_ids])]
            not_found = [str(i) for i in ids if i not in guild.members]
            members = [m for m in members if m.user.id in ids]
        else:
            query = (d.get('query') or '').lower()
            members = [m for m in members if m.user.name.lower().startswith(query)]
            limit = d.get('limit') or 0
            if limit:
                members = members[:limit]
        data: Dict[str, Any] = {
            'guild_id': str(guild.id),
            'members': [m.payload() for m in members],
            'chunk_index': 0,
            'chunk_count': 1,
            'not_found': not_found,
        }
        if d.get('nonce'):
            data['nonce'] = d['nonce']
        if d.get('presences'):
            data['presences'] = []
        await session.dispatch('GUILD_MEMBERS_CHUNK', data)

    def _application_flags(self) -> int:
        flags = 1 << 23  # APPLICATION_COMMAND_BADGE
        if self.allowed_privileged_intents & (1 << 8):
            flags |= 1 << 12
        if self.allowed_privileged_intents & INTENT_GUILD_MEMBERS:
            flags |= 1 << 14
        if self.allowed_privileged_intents & INTENT_MESSAGE_CONTENT:
            flags |= 1 << 18
        return flags

    # ------------------------------------------------------------------
    # interaction building

    def _as_user(self, user: Union[FakeUser, FakeMember]) -> FakeUser:
        return user.user if isinstance(user, FakeMember) else user

    def _registered_names(self, guild: Optional[FakeGuild]) -> List[str]:
        names = [c['name'] for c in self.global_commands]
        if guild is not None:
            names += [f'{c["name"]} (guild)' for c in self.guild_commands.get(guild.id, [])]
        return names

    def _find_command(self, name: str, guild: Optional[FakeGuild], ctype: Optional[int]):
        pools: List[Tuple[Optional[int], List[Dict[str, Any]]]] = []
        if guild is not None:
            pools.append((guild.id, self.guild_commands.get(guild.id, [])))
        pools.append((None, self.global_commands))
        for gid, pool in pools:
            for cmd in pool:
                if cmd['name'] == name and (ctype is None or cmd.get('type', 1) == ctype):
                    return cmd, gid
        return None

    def _command_data(self, name: str, values: Dict[str, Any], channel: FakeChannel, *, focused, ctype: int):
        parts = name.split()
        root = parts[0]
        found = self._find_command(root, channel.guild, ctype=ctype)
        if found is None and self.require_registered_commands:
            raise LookupError(
                f'/{root} is not registered with the fake (did the bot sync its command tree?); '
                f'registered: {self._registered_names(channel.guild)}'
            )
        cmd, gid = found if found else ({'id': str(self.snowflake()), 'name': root, 'options': None}, None)
        defs = cmd.get('options') if found else None
        path: List[Tuple[str, int]] = []
        for part in parts[1:]:
            if defs is None:
                path.append((part, 1 if part == parts[-1] else 2))
                continue
            sub = next((o for o in defs if o['name'] == part and o.get('type') in (1, 2)), None)
            if sub is None:
                raise LookupError(f'/{root} has no subcommand/group {part!r}: {[o["name"] for o in defs if o.get("type") in (1, 2)]}')
            path.append((part, sub['type']))
            defs = sub.get('options') or []
        if defs and any(o.get('type') in (1, 2) for o in defs):
            raise LookupError(f'/{name} is a group; pick a subcommand: {[o["name"] for o in defs]}')
        resolved: Dict[str, Any] = {}
        options = self._build_options(defs, values, channel, resolved, focused=focused, check_required=focused is None)
        for part, ptype in reversed(path):
            options = [{'name': part, 'type': ptype, 'options': options}]
        data: Dict[str, Any] = {'id': str(cmd['id']), 'name': root, 'type': ctype, 'options': options}
        if gid is not None:
            data['guild_id'] = str(gid)
        if resolved:
            data['resolved'] = resolved
        return data, ' '.join(parts)

    _PY_TYPES = ((bool, 5), (int, 4), (float, 10), (str, 3))

    def _build_options(self, defs, values: Dict[str, Any], channel: FakeChannel, resolved, *, focused, check_required: bool):
        out = []
        for oname, value in values.items():
            d = None
            if defs is not None:
                d = next((o for o in defs if o['name'] == oname), None)
                if d is None:
                    raise LookupError(f'no option {oname!r}; options are {[o["name"] for o in defs]}')
            otype = d['type'] if d else self._infer_type(value)
            encoded = self._encode_option(otype, value, channel, resolved)
            if d and d.get('choices') and encoded not in [c['value'] for c in d['choices']]:
                raise AssertionError(f'{value!r} is not a choice of option {oname!r}: {[c["value"] for c in d["choices"]]}')
            out.append({'name': oname, 'type': otype, 'value': encoded})
        if focused is not None:
            fname, fvalue = focused
            d = next((o for o in defs or [] if o['name'] == fname), None)
            if defs is not None and d is None:
                raise LookupError(f'no option {fname!r}; options are {[o["name"] for o in defs]}')
            if d is not None and not d.get('autocomplete'):
                raise AssertionError(f'option {fname!r} does not have autocomplete enabled')
            out = [o for o in out if o['name'] != fname]
            # Discord sends the raw text typed so far for the focused option
            out.append({'name': fname, 'type': d['type'] if d else 3, 'value': str(fvalue), 'focused': True})
        if check_required and defs:
            missing = [o['name'] for o in defs if o.get('required') and o['name'] not in values]
            if missing:
                raise AssertionError(f'missing required options {missing}')
        return out

    def _infer_type(self, value: Any) -> int:
        if isinstance(value, (FakeUser, FakeMember)):
            return 6
        if isinstance(value, FakeChannel):
            return 7
        if isinstance(value, FakeRole):
            return 8
        if isinstance(value, tuple):
            return 11
        for py, t in self._PY_TYPES:
            if isinstance(value, py):
                return t
        raise TypeError(f'cannot infer option type for {value!r}')

    def _encode_option(self, otype: int, value: Any, channel: FakeChannel, resolved: Dict[str, Any]) -> Any:
        if otype == 3:
            return str(value)
        if otype == 4:
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f'integer option needs int, got {value!r}')
            return value
        if otype == 5:
            return bool(value)
        if otype == 10:
            return float(value)
        if otype in (6, 7, 8, 9):
            return str(self._resolve_entity(value, channel.guild, resolved))
        if otype == 11:
            if isinstance(value, FakeAttachment):
                att = value
            else:
                filename, data = value
                att = self._new_attachment(channel, filename, data)
            resolved.setdefault('attachments', {})[str(att.id)] = att.payload()
            return str(att.id)
        raise TypeError(f'unsupported option type {otype}')

    def _resolve_user(self, value: Union[FakeUser, FakeMember], guild: Optional[FakeGuild], resolved: Dict[str, Any]) -> int:
        user = self._as_user(value)
        resolved.setdefault('users', {})[str(user.id)] = user.payload()
        if guild is not None and user.id in guild.members:
            resolved.setdefault('members', {})[str(user.id)] = guild.members[user.id].payload(with_user=False, with_permissions=True)
        return user.id

    def _resolve_entity(self, value: Any, guild: Optional[FakeGuild], resolved: Dict[str, Any]) -> int:
        if isinstance(value, (FakeUser, FakeMember)):
            return self._resolve_user(value, guild, resolved)
        if isinstance(value, FakeRole):
            resolved.setdefault('roles', {})[str(value.id)] = value.payload()
            return value.id
        if isinstance(value, FakeChannel):
            perms = guild.members[self.bot_user.id].permissions() if guild and self.bot_user.id in guild.members else 0
            resolved.setdefault('channels', {})[str(value.id)] = value.payload(permissions=perms)
            return value.id
        raise TypeError(f'cannot resolve {value!r}')

    async def _send_interaction(
        self,
        itype: int,
        user: FakeUser,
        channel: FakeChannel,
        data: Dict[str, Any],
        *,
        message: Optional[FakeMessage] = None,
        locale: Optional[str] = None,
        command_name: Optional[str] = None,
        parent: Optional[InteractionHandle] = None,
    ) -> InteractionHandle:
        await self.wait_until(
            lambda: [s for s in self.live_sessions() if s.receives(channel.guild_id)], what='bot gateway session'
        )
        iid = self.snowflake()
        token = next_token()
        guild = channel.guild
        payload: Dict[str, Any] = {
            'id': str(iid),
            'application_id': str(self.application_id),
            'type': itype,
            'data': data,
            'token': token,
            'version': 1,
            'locale': locale or user.locale,
            'entitlements': [],
            'attachment_size_limit': V.MAX_FILE_SIZE,
            'channel_id': str(channel.id),
        }
        if guild is not None:
            member = guild.members.get(user.id)
            if member is None:
                raise AssertionError(f'{user!r} is not a member of {guild!r}')
            me = guild.members[self.bot_user.id]
            payload.update(
                {
                    'guild_id': str(guild.id),
                    'guild': {'id': str(guild.id), 'locale': guild.locale, 'features': []},
                    'guild_locale': guild.locale,
                    'member': member.payload(with_permissions=True),
                    'app_permissions': str(me.permissions()),
                    'channel': channel.payload(permissions=member.permissions()),
                    'authorizing_integration_owners': {'0': str(guild.id)},
                    'context': 0,
                }
            )
        else:
            if not channel.is_dm:
                raise AssertionError('interaction channel must be a guild channel or a DM channel')
            payload.update(
                {
                    'user': user.payload(),
                    'app_permissions': str(EVERYONE_PERMISSIONS),
                    'channel': channel.payload(),
                    'authorizing_integration_owners': {'0': '0'},
                    'context': 1,
                }
            )
        if message is not None:
            payload['message'] = message.payload(self)
        handle = InteractionHandle(
            self, id=iid, token=token, type=itype, payload=payload, user=user, channel=channel,
            message=message, command_name=command_name, parent=parent,
        )
        self.interactions[iid] = handle
        self._interactions_by_token[token] = handle
        await self._dispatch('INTERACTION_CREATE', payload)
        return handle

    # ------------------------------------------------------------------
    # HTTP plumbing

    def _build_routes(self):
        table = [
            ('GET', '/gateway', self.h_gateway, False),
            ('GET', '/gateway/bot', self.h_gateway_bot, True),
            ('GET', '/users/@me', self.h_me, True),
            ('GET', '/users/@me/guilds', self.h_my_guilds, True),
            ('POST', '/users/@me/channels', self.h_create_dm, True),
            ('GET', '/users/{user_id}', self.h_get_user, True),
            ('GET', '/oauth2/applications/@me', self.h_app_info, True),
            ('GET', '/applications/@me', self.h_app_info, True),
            # application commands
            ('GET', '/applications/{app_id}/commands', self.h_get_commands, True),
            ('PUT', '/applications/{app_id}/commands', self.h_put_commands, True),
            ('POST', '/applications/{app_id}/commands', self.h_post_command, True),
            ('GET', '/applications/{app_id}/commands/{command_id}', self.h_get_command, True),
            ('PATCH', '/applications/{app_id}/commands/{command_id}', self.h_patch_command, True),
            ('DELETE', '/applications/{app_id}/commands/{command_id}', self.h_delete_command, True),
            ('GET', '/applications/{app_id}/guilds/{guild_id}/commands/permissions', self.h_command_permissions, True),
            ('GET', '/applications/{app_id}/guilds/{guild_id}/commands', self.h_get_commands, True),
            ('PUT', '/applications/{app_id}/guilds/{guild_id}/commands', self.h_put_commands, True),
            ('POST', '/applications/{app_id}/guilds/{guild_id}/commands', self.h_post_command, True),
            ('GET', '/applications/{app_id}/guilds/{guild_id}/commands/{command_id}', self.h_get_command, True),
            ('PATCH', '/applications/{app_id}/guilds/{guild_id}/commands/{command_id}', self.h_patch_command, True),
            ('DELETE', '/applications/{app_id}/guilds/{guild_id}/commands/{command_id}', self.h_delete_command, True),
            ('GET', '/applications/{app_id}/emojis', self.h_empty_items, True),
            ('GET', '/applications/{app_id}/entitlements', self.h_empty_list, True),
            ('GET', '/applications/{app_id}/skus', self.h_empty_list, True),
            # channels & messages
            ('GET', '/channels/{channel_id}', self.h_get_channel, True),
            ('PATCH', '/channels/{channel_id}', self.h_patch_channel, True),
            ('DELETE', '/channels/{channel_id}', self.h_delete_channel, True),
            ('POST', '/channels/{channel_id}/typing', self.h_no_content, True),
            ('GET', '/channels/{channel_id}/messages', self.h_history, True),
            ('POST', '/channels/{channel_id}/messages', self.h_post_message, True),
            ('GET', '/channels/{channel_id}/messages/pins', self.h_pins, True),
            ('PUT', '/channels/{channel_id}/messages/pins/{message_id}', self.h_pin, True),
            ('DELETE', '/channels/{channel_id}/messages/pins/{message_id}', self.h_unpin, True),
            ('POST', '/channels/{channel_id}/messages/bulk-delete', self.h_bulk_delete, True),
            ('GET', '/channels/{channel_id}/messages/{message_id}', self.h_get_message, True),
            ('PATCH', '/channels/{channel_id}/messages/{message_id}', self.h_patch_message, True),
            ('DELETE', '/channels/{channel_id}/messages/{message_id}', self.h_delete_message, True),
            ('PUT', '/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me', self.h_add_reaction, True),
            ('DELETE', '/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me', self.h_remove_reaction, True),
            ('DELETE', '/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/{user_id}', self.h_remove_reaction, True),
            ('DELETE', '/channels/{channel_id}/messages/{message_id}/reactions', self.h_clear_reactions, True),
            ('POST', '/channels/{channel_id}/messages/{message_id}/threads', self.h_thread_from_message, True),
            ('POST', '/channels/{channel_id}/threads', self.h_thread, True),
            ('GET', '/channels/{channel_id}/thread-members', self.h_thread_members, True),
            ('PUT', '/channels/{channel_id}/thread-members/{user_id}', self.h_thread_join, True),
            ('DELETE', '/channels/{channel_id}/thread-members/{user_id}', self.h_thread_leave, True),
            # guilds
            ('GET', '/guilds/{guild_id}', self.h_get_guild, True),
            ('GET', '/guilds/{guild_id}/channels', self.h_guild_channels, True),
            ('POST', '/guilds/{guild_id}/channels', self.h_create_guild_channel, True),
            ('GET', '/guilds/{guild_id}/members', self.h_guild_members, True),
            ('GET', '/guilds/{guild_id}/members/{user_id}', self.h_guild_member, True),
            ('GET', '/guilds/{guild_id}/roles', self.h_guild_roles, True),
            ('GET', '/guilds/{guild_id}/threads/active', self.h_active_threads, True),
            # interactions & webhooks (no bot auth, the token is in the URL)
            ('POST', '/interactions/{interaction_id}/{token}/callback', self.h_callback, False),
            ('POST', '/webhooks/{app_id}/{token}', self.h_followup, False),
            ('GET', '/webhooks/{app_id}/{token}/messages/{message_id}', self.h_webhook_get, False),
            ('PATCH', '/webhooks/{app_id}/{token}/messages/{message_id}', self.h_webhook_edit, False),
            ('DELETE', '/webhooks/{app_id}/{token}/messages/{message_id}', self.h_webhook_delete, False),
        ]
        routes = []
        for method, pattern, handler, auth in table:
            rx = '^' + re.sub(r'\{(\w+)\}', r'(?P<\1>[^/]+)', re.escape(pattern).replace(r'\{', '{').replace(r'\}', '}')) + '$'
            routes.append((method, re.compile(rx), handler, auth))
        return routes

    async def _api(self, request: web.Request) -> web.StreamResponse:
        path = '/' + request.match_info['tail']
        method = request.method
        status = 500
        try:
            inj = self._fault_for(method, path)
            late = 0.0
            if inj is not None and inj.hold is not None:
                self.faults.append((method, path, 'drop' if inj.drop else 'late'))
                if not inj.drop:
                    late = inj.hold  # done now, answered after the silence (if the client still waits)
                else:
                    await asyncio.sleep(inj.hold)
                    if request.transport is not None:
                        request.transport.close()
                    raise Dropped()
            elif inj is not None:
                self.faults.append((method, path, f'status {inj.status}'))
                if inj.status == 429:
                    raise rate_limited(inj.retry_after if inj.retry_after is not None else 0.05)
                raise ApiError(inj.status, inj.body)
            limit_headers = self._rate_limited(method, path)
            for m, rx, handler, auth in self._routes:
                if m != method:
                    continue
                match = rx.match(path)
                if match is None:
                    continue
                if auth and request.headers.get('Authorization') != f'Bot {self.token}':
                    raise ApiError(401, {'message': '401: Unauthorized', 'code': 0})
                result = await handler(request, **match.groupdict())
                if late:
                    await asyncio.sleep(late)
                if result is None:
                    status = 204
                    return web.Response(status=204, headers=limit_headers)
                status = 200
                return _json(result, headers=limit_headers)
            self.unknown_routes.append((method, path))
            log.warning('fake discord: unknown route %s %s', method, path)
            raise ApiError(404, {'message': f'404: Not Found (fakediscord does not implement {method} {path})', 'code': 0})
        except ApiError as e:
            status = e.status
            return _json(e.body, e.status, e.headers)
        except Dropped:
            status = 0
            raise asyncio.CancelledError() from None  # aiohttp writes nothing on a closed connection
        except Exception as e:  # a bug in the fake: answer 400 (not 5xx, which discord.py retries with sleeps)
            log.exception('fake discord internal error on %s %s', method, path)
            self.internal_errors.append(e)
            status = 400
            return _json({'code': 0, 'message': f'fakediscord internal error: {e!r}'}, 400)
        finally:
            self.requests.append((method, path, status))
            self.request_times.append((asyncio.get_running_loop().time(), method, path, status))
            self._notify()

    async def _read_body(self, request: web.Request) -> Tuple[Dict[str, Any], List[Upload]]:
        if request.content_type.startswith('multipart/'):
            payload: Dict[str, Any] = {}
            uploads: List[Upload] = []
            reader = await request.multipart()
            async for part in reader:
                name = getattr(part, 'name', None)
                if name == 'payload_json':
                    payload = json.loads(await part.text())  # type: ignore[union-attr]
                elif name and name.startswith('files['):
                    data = await part.read(decode=False)  # type: ignore[union-attr]
                    uploads.append(Upload(int(name[6:-1]), part.filename or f'file{len(uploads)}', bytes(data), part.headers.get('Content-Type')))  # type: ignore[union-attr]
                elif name:
                    payload[name] = await part.text()  # type: ignore[union-attr]
            return payload, uploads
        body = await request.read()
        if not body:
            return {}, []
        return json.loads(body), []

    def _violation(self, route: str, code: int, errors: List[Any], status: int, body: Dict[str, Any]) -> None:
        v = Violation(route=route, code=code, errors=errors, status=status)
        self.violations.append(v)
        log.warning('fake discord: limit violation %s', v)
        if self.enforce_limits:
            raise ApiError(status, body)

    def _validate_message(self, route: str, payload: Dict[str, Any], uploads: List[Upload], prefix: str = '') -> None:
        errors = V.check_message(payload, prefix=prefix) + V.check_files(uploads, prefix)
        if errors:
            self._violation(route, 50035, errors, 400, V.form_error(errors))
        big = V.oversized_files(uploads)
        if big:
            errs = [(f'files[{u.index}]', 'FILE_TOO_LARGE', f'{u.filename} is {len(u.data)} bytes > {V.MAX_FILE_SIZE}') for u in big]
            self._violation(route, 40005, errs, 413, {'code': 40005, 'message': 'Request entity too large'})

    def _check_not_empty(self, route: str, msg: FakeMessage) -> None:
        if V.is_empty_message(msg.content, msg.embeds, msg.components, msg.attachments, msg.sticker_ids, msg.poll):
            self._violation(route, 50006, [('', 'EMPTY', 'Cannot send an empty message')], 400, {'code': 50006, 'message': 'Cannot send an empty message'})

    # -- message store ---------------------------------------------------

    def _new_channel(self, guild: FakeGuild, name: str, ctype: int, **kw) -> FakeChannel:
        ch = FakeChannel(id=self.snowflake(), type=ctype, name=name, guild=guild, **kw)
        guild.channels.append(ch)
        self.channels[ch.id] = ch
        return ch

    def _new_attachment(self, channel: FakeChannel, filename: str, data: bytes, content_type: Optional[str] = None, description: Optional[str] = None) -> FakeAttachment:
        aid = self.snowflake()
        ctype = guess_content_type(filename) or (content_type if content_type != 'application/octet-stream' else None) or 'application/octet-stream'
        att = FakeAttachment(
            id=aid, filename=filename, data=data, content_type=ctype, description=description,
            url=f'{self.base_url}/attachments/{channel.id}/{aid}/{yarl.URL.build(path=filename).raw_path.lstrip("/")}',
        )
        self._attachments[aid] = att
        return att

    def _attachments_from(self, channel: FakeChannel, payload: Dict[str, Any], uploads: List[Upload], existing: Optional[List[FakeAttachment]]) -> Optional[List[FakeAttachment]]:
        """Resolve the ``attachments`` array + uploaded ``files[n]`` into the message's attachment list.
        Returns None when the request leaves attachments unchanged (edit without attachments/files)."""
        by_index = {u.index: u for u in uploads}
        spec = payload.get('attachments')
        if spec is None:
            if not uploads:
                return None
            base = list(existing or [])
            return base + [self._new_attachment(channel, u.filename, u.data, u.content_type) for u in uploads]
        result: List[FakeAttachment] = []
        used = set()
        keep = {a.id: a for a in existing or []}
        for a in spec:
            raw_id = a.get('id')
            try:
                aid = int(raw_id)
            except (TypeError, ValueError):
                continue
            if aid in keep:
                result.append(keep[aid])
            elif aid in by_index:
                u = by_index[aid]
                used.add(aid)
                result.append(self._new_attachment(channel, a.get('filename') or u.filename, u.data, u.content_type, a.get('description')))
        for u in uploads:
            if u.index not in used:
                result.append(self._new_attachment(channel, u.filename, u.data, u.content_type))
        return result

    def _assign_component_ids(self, components: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
        # Discord numbers every component that has no id (depth first, starting at 1)
        comps = json.loads(json.dumps(components or []))
        used = {c['id'] for c in walk_components(comps) if isinstance(c.get('id'), int) and c['id']}
        n = 0
        for c in walk_components(comps):
            if not c.get('id'):
                n += 1
                while n in used:
                    n += 1
                c['id'] = n
        return comps

    def _fill_message(self, msg: FakeMessage, payload: Dict[str, Any], uploads: List[Upload], *, allowed_flags: int, editing: bool) -> None:
        if editing:
            msg.history.append(msg.snapshot())
            msg.edited_at = now()
        if 'content' in payload or not editing:
            content = payload.get('content')
            msg.content = '' if content is None else str(content)
        if 'embeds' in payload or not editing:
            msg.embeds = list(payload.get('embeds') or [])
        if 'components' in payload or not editing:
            msg.components = self._assign_component_ids(payload.get('components') or [])
        if 'flags' in payload and payload['flags'] is not None:
            keep = msg.flags & (FLAG_EPHEMERAL | FLAG_LOADING) if editing else 0
            msg.flags = keep | (int(payload['flags']) & allowed_flags)
        if not editing:
            msg.pings = pings(msg.content, payload.get('allowed_mentions'))
            msg.tts = bool(payload.get('tts'))
            msg.sticker_ids = list(payload.get('sticker_ids') or [])
            msg.poll = payload.get('poll')
            ref = payload.get('message_reference')
            if ref and ref.get('message_id'):
                target = self._messages_by_id.get(int(ref['message_id']))
                if target is None and ref.get('fail_if_not_exists', True):
                    raise ApiError(400, V.form_error([('message_reference', 'MESSAGE_REFERENCE_UNKNOWN_MESSAGE', 'Unknown message')]))
                if target is not None:
                    msg.message_reference = self._reference(target)
                    msg.type = 19
        atts = self._attachments_from(msg.channel, payload, uploads, msg.attachments if editing else None)
        if atts is not None:
            msg.attachments = atts

    def _reference(self, target: FakeMessage) -> Dict[str, Any]:
        ref = {'type': 0, 'message_id': str(target.id), 'channel_id': str(target.channel.id)}
        if target.channel.guild is not None:
            ref['guild_id'] = str(target.channel.guild.id)
        return ref

    def _record_message(self, msg: FakeMessage) -> None:
        self.messages.append(msg)
        self._messages_by_id[msg.id] = msg
        msg.channel.last_message_id = msg.id
        if msg.channel.is_thread:
            msg.channel.message_count += 1
        self._notify()

    def _mentions_in(self, content: str, channel: FakeChannel) -> List[Dict[str, Any]]:
        out = []
        for uid in dict.fromkeys(re.findall(r'<@!?(\d+)>', content or '')):
            user = self.users.get(int(uid))
            if user is None:
                continue
            data = user.payload()
            if channel.guild is not None and user.id in channel.guild.members:
                data['member'] = channel.guild.members[user.id].payload(with_user=False)
            out.append(data)
        return out

    def _message_intent(self, channel: FakeChannel) -> int:
        return INTENT_DIRECT_MESSAGES if channel.is_dm else INTENT_GUILD_MESSAGES

    async def _dispatch_message(self, event: str, msg: FakeMessage) -> None:
        await self.flush_events()
        if msg.ephemeral:
            return  # ephemeral messages never reach the gateway
        intent = self._message_intent(msg.channel)
        guild = msg.channel.guild
        for s in list(self._sessions.values()):
            if not s.ready or not (s.intents & intent) or not s.receives(guild.id if guild else None):
                continue
            data = msg.payload(self, with_member=True)
            hide = (
                not (s.intents & INTENT_MESSAGE_CONTENT)
                and msg.author.id != self.bot_user.id
                and not msg.channel.is_dm
                and str(self.bot_user.id) not in re.findall(r'<@!?(\d+)>', msg.content or '')
            )
            if hide:
                data.update(content='', embeds=[], attachments=[], components=[])
            await s.dispatch(event, data)

    def _get_channel(self, channel_id: str) -> FakeChannel:
        ch = self.channels.get(int(channel_id)) if channel_id.isdigit() else None
        if ch is None:
            raise unknown('Channel')
        return ch

    def _get_message(self, channel: FakeChannel, message_id: str, *, allow_ephemeral: bool = False) -> FakeMessage:
        msg = self._messages_by_id.get(int(message_id)) if message_id.isdigit() else None
        if msg is None or msg.deleted or msg.channel is not channel or (msg.ephemeral and not allow_ephemeral):
            raise unknown('Message')
        return msg

    def _bot_can_dm(self, user: FakeUser) -> bool:
        if user.dms_blocked or user.bot:
            return False
        if self.require_shared_guild_for_dm:
            return any(user.id in g.members and self.bot_user.id in g.members for g in self.guilds.values())
        return True

    # ------------------------------------------------------------------
    # handlers: gateway / users / application

    async def h_gateway(self, request):
        return {'url': self.gateway_url}

    async def h_gateway_bot(self, request):
        return {
            'url': self.gateway_url,
            'shards': 1,
            'session_start_limit': {'total': 1000, 'remaining': 999, 'reset_after': 0, 'max_concurrency': 1},
        }

    async def h_me(self, request):
        return dict(self.bot_user.payload(), verified=True, mfa_enabled=False, email=None, locale='en-US')

    async def h_my_guilds(self, request):
        return [
            {'id': str(g.id), 'name': g.name, 'icon': None, 'banner': None, 'owner': False, 'permissions': str(g.members[self.bot_user.id].permissions()), 'features': []}
            for g in self.guilds.values()
        ]

    async def h_get_user(self, request, user_id):
        user = self.users.get(int(user_id)) if user_id.isdigit() else None
        if user is None:
            raise unknown('User')
        return user.payload()

    async def h_app_info(self, request):
        return {
            'id': str(self.application_id),
            'name': self.bot_user.name,
            'icon': None,
            'description': '',
            'summary': '',
            'type': None,
            'hook': True,
            'rpc_origins': [],
            'bot_public': True,
            'bot_require_code_grant': False,
            'verify_key': '0' * 64,
            'owner': self.owner.payload(),
            'team': None,
            'flags': self._application_flags(),
            'tags': [],
            'redirect_uris': [],
            'interactions_endpoint_url': None,
            'role_connections_verification_url': None,
            'approximate_guild_count': len(self.guilds),
            'approximate_user_install_count': 0,
            'bot': self.bot_user.payload(),
            'integration_types_config': {'0': {}},
            'install_params': None,
            'custom_install_url': None,
            'terms_of_service_url': None,
            'privacy_policy_url': None,
            'cover_image': None,
            'event_webhooks_status': 1,
        }

    async def h_create_dm(self, request):
        body, _ = await self._read_body(request)
        uid = str(body.get('recipient_id', ''))
        user = self.users.get(int(uid)) if uid.isdigit() else None
        if user is None:
            raise _err(400, 50033, 'Invalid Recipient(s)')
        return self.dm_channel(user).payload()

    # -- application commands --------------------------------------------

    def _check_app(self, app_id: str) -> None:
        if app_id != str(self.application_id):
            raise _err(403, 50001, 'Missing Access')

    def _command_pool(self, guild_id: Optional[str]) -> List[Dict[str, Any]]:
        if guild_id is None:
            return self.global_commands
        gid = int(guild_id)
        if gid not in self.guilds:
            raise _err(403, 50001, 'Missing Access')
        return self.guild_commands.setdefault(gid, [])

    def _normalize_command(self, body: Dict[str, Any], cid: str, guild_id: Optional[str]) -> Dict[str, Any]:
        cmd = json.loads(json.dumps(body))
        cmd['id'] = cid
        cmd['application_id'] = str(self.application_id)
        cmd['version'] = str(self.snowflake())
        cmd.setdefault('type', 1)
        cmd.setdefault('description', '' if cmd['type'] != 1 else cmd.get('description', ''))
        cmd.setdefault('options', [])
        cmd.setdefault('default_member_permissions', None)
        cmd.setdefault('nsfw', False)
        cmd.setdefault('contexts', None)
        cmd.setdefault('integration_types', [0])
        if guild_id is not None:
            cmd['guild_id'] = str(guild_id)
        else:
            cmd.setdefault('dm_permission', True)
        return cmd

    async def h_get_commands(self, request, app_id, guild_id=None):
        self._check_app(app_id)
        return self._command_pool(guild_id)

    async def h_put_commands(self, request, app_id, guild_id=None):
        self._check_app(app_id)
        pool = self._command_pool(guild_id)
        body, _ = await self._read_body(request)
        if not isinstance(body, list):
            raise ApiError(400, V.form_error([('_', 'BASE_TYPE_ARRAY', 'Must be an array')]))
        errors = V.check_commands(body)
        if errors:
            self._violation(f'PUT commands guild={guild_id}', 50035, errors, 400, V.form_error(errors))
        old = {(c.get('type', 1), c['name']): c['id'] for c in pool}
        new = [self._normalize_command(c, old.get((c.get('type', 1), c.get('name'))) or str(self.snowflake()), guild_id) for c in body]
        pool[:] = new
        self.command_syncs.append((int(guild_id) if guild_id else None, len(new)))
        return new

    async def h_post_command(self, request, app_id, guild_id=None):
        self._check_app(app_id)
        pool = self._command_pool(guild_id)
        body, _ = await self._read_body(request)
        others = [c for c in pool if (c.get('type', 1), c['name']) != (body.get('type', 1), body.get('name'))]
        errors = V.check_commands(others + [body])
        if errors:
            self._violation(f'POST command guild={guild_id}', 50035, errors, 400, V.form_error(errors))
        existing = next((c for c in pool if (c.get('type', 1), c['name']) == (body.get('type', 1), body.get('name'))), None)
        cmd = self._normalize_command(body, existing['id'] if existing else str(self.snowflake()), guild_id)
        pool[:] = others + [cmd]
        return cmd

    def _command_by_id(self, pool, command_id):
        for c in pool:
            if c['id'] == command_id:
                return c
        raise unknown('Application Command')

    async def h_get_command(self, request, app_id, command_id, guild_id=None):
        self._check_app(app_id)
        return self._command_by_id(self._command_pool(guild_id), command_id)

    async def h_patch_command(self, request, app_id, command_id, guild_id=None):
        self._check_app(app_id)
        pool = self._command_pool(guild_id)
        cmd = self._command_by_id(pool, command_id)
        body, _ = await self._read_body(request)
        merged = dict(cmd, **body)
        errors = V.check_commands([c for c in pool if c is not cmd] + [merged])
        if errors:
            self._violation(f'PATCH command {command_id}', 50035, errors, 400, V.form_error(errors))
        cmd.update(body)
        cmd['version'] = str(self.snowflake())
        return cmd

    async def h_delete_command(self, request, app_id, command_id, guild_id=None):
        self._check_app(app_id)
        pool = self._command_pool(guild_id)
        pool.remove(self._command_by_id(pool, command_id))
        return None

    async def h_command_permissions(self, request, app_id, guild_id):
        return []

    async def h_empty_list(self, request, app_id):
        return []

    async def h_empty_items(self, request, app_id):
        return {'items': []}

    async def h_no_content(self, request, **kw):
        if 'channel_id' in kw:
            self._get_channel(kw['channel_id'])
        return None

    # -- channels --------------------------------------------------------

    async def h_get_channel(self, request, channel_id):
        return self._get_channel(channel_id).payload()

    async def h_patch_channel(self, request, channel_id):
        ch = self._get_channel(channel_id)
        body, _ = await self._read_body(request)
        if 'name' in body and body['name']:
            if len(body['name']) > 100:
                self._violation(f'PATCH /channels/{channel_id}', 50035, [('name', 'BASE_TYPE_MAX_LENGTH', 'Must be 100 or fewer in length.')], 400,
                                V.form_error([('name', 'BASE_TYPE_MAX_LENGTH', 'Must be 100 or fewer in length.')]))
            ch.name = body['name']
        if 'topic' in body:
            ch.topic = body['topic']
        if 'archived' in body:
            ch.archived = bool(body['archived'])
        if 'locked' in body:
            ch.locked = bool(body['locked'])
        if 'invitable' in body:
            ch.invitable = bool(body['invitable'])
        if 'auto_archive_duration' in body:
            ch.auto_archive_duration = int(body['auto_archive_duration'])
        event = 'THREAD_UPDATE' if ch.is_thread else 'CHANNEL_UPDATE'
        if not ch.is_dm:
            await self._dispatch(event, ch.payload(), intent=INTENT_GUILDS)
        return ch.payload()

    async def h_delete_channel(self, request, channel_id):
        ch = self._get_channel(channel_id)
        payload = ch.payload()
        if ch.guild is not None:
            if ch in ch.guild.channels:
                ch.guild.channels.remove(ch)
            del self.channels[ch.id]
            await self._dispatch('THREAD_DELETE' if ch.is_thread else 'CHANNEL_DELETE', payload, intent=INTENT_GUILDS)
        return payload

    async def h_history(self, request, channel_id):
        ch = self._get_channel(channel_id)
        limit = int(request.query.get('limit', 50))
        before = request.query.get('before')
        after = request.query.get('after')
        msgs = [m for m in self.messages if m.channel is ch and not m.deleted and not m.ephemeral and not m.loading]
        if before:
            msgs = [m for m in msgs if m.id < int(before)]
        if after:
            msgs = [m for m in msgs if m.id > int(after)]
            msgs = msgs[:limit]
        else:
            msgs = msgs[-limit:]
        return [m.payload(self) for m in reversed(msgs)]

    async def h_post_message(self, request, channel_id):
        ch = self._get_channel(channel_id)
        body, uploads = await self._read_body(request)
        route = f'POST /channels/{channel_id}/messages'
        if ch.is_dm and ch.recipient is not None and not self._bot_can_dm(ch.recipient):
            self.failed_dms.append((ch.recipient, body))
            self._notify()
            raise _err(403, 50007, 'Cannot send messages to this user')
        self._validate_message(route, body, uploads)
        msg = FakeMessage(id=self.snowflake(), channel=ch, author=self.bot_user, source='channel')
        self._fill_message(msg, body, uploads, allowed_flags=CHANNEL_MESSAGE_FLAGS, editing=False)
        self._check_not_empty(route, msg)
        if ch.is_thread and ch.archived:
            ch.archived = False  # sending unarchives (when not locked)
        self._record_message(msg)
        await self._dispatch_message('MESSAGE_CREATE', msg)
        return msg.payload(self)

    async def h_get_message(self, request, channel_id, message_id):
        ch = self._get_channel(channel_id)
        return self._get_message(ch, message_id).payload(self)

    async def _edit_message(self, route: str, msg: FakeMessage, body: Dict[str, Any], uploads: List[Upload], prefix: str = '') -> None:
        check = dict(body)
        check.setdefault('flags', msg.flags)
        self._validate_message(route, check, uploads, prefix)
        before = msg.snapshot()
        self._fill_message(msg, body, uploads, allowed_flags=INTERACTION_MESSAGE_FLAGS if msg.interaction else CHANNEL_MESSAGE_FLAGS, editing=True)
        if msg.loading:
            msg.flags &= ~FLAG_LOADING
        try:
            self._check_not_empty(route, msg)
        except ApiError:
            # roll back
            msg.history.pop()
            for k, v in before.items():
                setattr(msg, k, v)
            raise
        self._notify()
        await self._dispatch_message('MESSAGE_UPDATE', msg)

    async def h_patch_message(self, request, channel_id, message_id):
        ch = self._get_channel(channel_id)
        msg = self._get_message(ch, message_id)
        body, uploads = await self._read_body(request)
        if msg.author.id != self.bot_user.id and (set(body) - {'flags'} or uploads):
            raise _err(403, 50005, 'Cannot edit a message authored by another user')
        await self._edit_message(f'PATCH /channels/{channel_id}/messages/{message_id}', msg, body, uploads)
        return msg.payload(self)

    async def _delete(self, msg: FakeMessage) -> None:
        msg.deleted = True
        self._notify()
        if not msg.ephemeral:
            data = {'id': str(msg.id), 'channel_id': str(msg.channel.id)}
            if msg.channel.guild is not None:
                data['guild_id'] = str(msg.channel.guild.id)
            await self._dispatch('MESSAGE_DELETE', data, intent=self._message_intent(msg.channel))

    async def h_delete_message(self, request, channel_id, message_id):
        ch = self._get_channel(channel_id)
        msg = self._get_message(ch, message_id)
        await self._delete(msg)
        return None

    async def h_bulk_delete(self, request, channel_id):
        ch = self._get_channel(channel_id)
        body, _ = await self._read_body(request)
        for mid in body.get('messages', []):
            msg = self._messages_by_id.get(int(mid))
            if msg is not None and msg.channel is ch and not msg.deleted:
                await self._delete(msg)
        return None

    async def h_pins(self, request, channel_id):
        ch = self._get_channel(channel_id)
        pinned = [m for m in self.messages if m.channel is ch and m.pinned and not m.deleted]
        return {'items': [{'pinned_at': iso(), 'message': m.payload(self)} for m in reversed(pinned)], 'has_more': False}

    async def h_pin(self, request, channel_id, message_id):
        msg = self._get_message(self._get_channel(channel_id), message_id)
        msg.pinned = True
        self._notify()
        return None

    async def h_unpin(self, request, channel_id, message_id):
        msg = self._get_message(self._get_channel(channel_id), message_id)
        msg.pinned = False
        self._notify()
        return None

    async def h_add_reaction(self, request, channel_id, message_id, emoji):
        msg = self._get_message(self._get_channel(channel_id), message_id)
        users = msg.reactions.setdefault(emoji, [])
        if self.bot_user.id not in users:
            users.append(self.bot_user.id)
        self._notify()
        return None

    async def h_remove_reaction(self, request, channel_id, message_id, emoji, user_id='@me'):
        msg = self._get_message(self._get_channel(channel_id), message_id)
        uid = self.bot_user.id if user_id == '@me' else int(user_id)
        if uid in msg.reactions.get(emoji, []):
            msg.reactions[emoji].remove(uid)
        self._notify()
        return None

    async def h_clear_reactions(self, request, channel_id, message_id):
        msg = self._get_message(self._get_channel(channel_id), message_id)
        msg.reactions.clear()
        return None

    # -- threads -----------------------------------------------------------

    async def _make_thread(self, parent: FakeChannel, body: Dict[str, Any], *, tid: Optional[int] = None, ttype: int = CH_PUBLIC_THREAD) -> FakeChannel:
        if parent.guild is None or parent.is_thread or parent.type != CH_GUILD_TEXT:
            raise _err(400, 50024, 'Cannot execute action on this channel type')
        name = body.get('name') or ''
        errors = []
        if not name:
            errors.append(('name', 'BASE_TYPE_REQUIRED', 'This field is required'))
        elif len(name) > 100:
            errors.append(('name', 'BASE_TYPE_MAX_LENGTH', 'Must be 100 or fewer in length.'))
        if body.get('auto_archive_duration') not in (None, 60, 1440, 4320, 10080):
            errors.append(('auto_archive_duration', 'BASE_TYPE_CHOICES', 'Value must be one of (60, 1440, 4320, 10080).'))
        if errors:
            self._violation(f'POST /channels/{parent.id}/threads', 50035, errors, 400, V.form_error(errors))
        thread = FakeChannel(
            id=tid or self.snowflake(), type=ttype, name=name, guild=parent.guild, parent_id=parent.id,
            owner_id=self.bot_user.id, auto_archive_duration=body.get('auto_archive_duration') or 1440,
            invitable=body.get('invitable', True), thread_member_ids=[self.bot_user.id],
        )
        parent.guild.channels.append(thread)
        self.channels[thread.id] = thread
        data = thread.payload()
        data['newly_created'] = True
        data['member'] = {'id': str(thread.id), 'user_id': str(self.bot_user.id), 'join_timestamp': iso(), 'flags': 1}
        await self._dispatch('THREAD_CREATE', data, intent=INTENT_GUILDS)
        self._notify()
        return thread

    async def h_thread(self, request, channel_id):
        parent = self._get_channel(channel_id)
        body, _ = await self._read_body(request)
        ttype = int(body.get('type') or CH_PRIVATE_THREAD)  # Discord's default is a private thread
        if ttype not in (CH_PUBLIC_THREAD, CH_PRIVATE_THREAD, 10):
            raise ApiError(400, V.form_error([('type', 'BASE_TYPE_CHOICES', 'Invalid thread type')]))
        thread = await self._make_thread(parent, body, ttype=ttype)
        return thread.payload()

    async def h_thread_from_message(self, request, channel_id, message_id):
        parent = self._get_channel(channel_id)
        msg = self._get_message(parent, message_id)
        if msg.thread is not None:
            raise _err(400, 160004, 'A thread has already been created for this message')
        body, _ = await self._read_body(request)
        thread = await self._make_thread(parent, body, tid=msg.id, ttype=CH_PUBLIC_THREAD)
        thread.starter_message_id = msg.id
        msg.thread = thread
        await self._dispatch_message('MESSAGE_UPDATE', msg)
        return thread.payload()

    def _get_thread(self, channel_id: str) -> FakeChannel:
        ch = self._get_channel(channel_id)
        if not ch.is_thread:
            raise _err(400, 50024, 'Cannot execute action on this channel type')
        return ch

    async def h_thread_members(self, request, channel_id):
        th = self._get_thread(channel_id)
        return [{'id': str(th.id), 'user_id': str(uid), 'join_timestamp': iso(), 'flags': 0} for uid in th.thread_member_ids]

    async def h_thread_join(self, request, channel_id, user_id):
        th = self._get_thread(channel_id)
        uid = self.bot_user.id if user_id == '@me' else int(user_id)
        if uid not in self.users:
            raise unknown('User')
        if th.guild is not None and uid not in th.guild.members:
            raise unknown('Member')
        if uid not in th.thread_member_ids:
            th.thread_member_ids.append(uid)
            await self._dispatch(
                'THREAD_MEMBERS_UPDATE',
                {
                    'id': str(th.id), 'guild_id': str(th.guild_id), 'member_count': len(th.thread_member_ids),
                    'added_members': [{'id': str(th.id), 'user_id': str(uid), 'join_timestamp': iso(), 'flags': 0}],
                },
                intent=INTENT_GUILD_MEMBERS,
            )
        self._notify()
        return None

    async def h_thread_leave(self, request, channel_id, user_id):
        th = self._get_thread(channel_id)
        uid = self.bot_user.id if user_id == '@me' else int(user_id)
        if uid in th.thread_member_ids:
            th.thread_member_ids.remove(uid)
        self._notify()
        return None

    # -- guilds ----------------------------------------------------------

    def _get_guild(self, guild_id: str) -> FakeGuild:
        guild = self.guilds.get(int(guild_id)) if guild_id.isdigit() else None
        if guild is None:
            raise unknown('Guild')
        return guild

    async def h_get_guild(self, request, guild_id):
        guild = self._get_guild(guild_id)
        data = guild.payload(full=False)
        if request.query.get('with_counts') in ('true', '1'):
            data['approximate_member_count'] = len(guild.members)
            data['approximate_presence_count'] = len(guild.members)
        return data

    async def h_guild_channels(self, request, guild_id):
        return [c.payload() for c in self._get_guild(guild_id).channels if not c.is_thread]

    async def h_create_guild_channel(self, request, guild_id):
        guild = self._get_guild(guild_id)
        body, _ = await self._read_body(request)
        ch = self._new_channel(guild, body.get('name', 'channel'), int(body.get('type') or 0), topic=body.get('topic'),
                               parent_id=int(body['parent_id']) if body.get('parent_id') else None)
        await self._dispatch('CHANNEL_CREATE', ch.payload(), intent=INTENT_GUILDS)
        return ch.payload()

    async def h_guild_members(self, request, guild_id):
        guild = self._get_guild(guild_id)
        limit = int(request.query.get('limit', 1))
        after = int(request.query.get('after', 0))
        members = sorted(guild.members.values(), key=lambda m: m.user.id)
        return [m.payload() for m in members if m.user.id > after][:limit]

    async def h_guild_member(self, request, guild_id, user_id):
        guild = self._get_guild(guild_id)
        member = guild.members.get(int(user_id)) if user_id.isdigit() else None
        if member is None:
            raise unknown('Member')
        return member.payload()

    async def h_guild_roles(self, request, guild_id):
        return [r.payload() for r in self._get_guild(guild_id).roles.values()]

    async def h_active_threads(self, request, guild_id):
        guild = self._get_guild(guild_id)
        threads = [c for c in guild.channels if c.is_thread and not c.archived]
        return {'threads': [t.payload() for t in threads], 'members': []}

    # -- interactions ------------------------------------------------------

    def _handle_for(self, token: str) -> InteractionHandle:
        handle = self._interactions_by_token.get(token)
        if handle is None:
            raise unknown('Webhook')
        return handle

    async def h_callback(self, request, interaction_id, token):
        handle = self._interactions_by_token.get(token)
        if handle is None or str(handle.id) != interaction_id:
            raise unknown('interaction')
        body, uploads = await self._read_body(request)
        route = f'interaction callback ({handle.id})'
        handle.callback_attempts += 1
        if handle.callback is not None:
            raise _err(400, 40060, 'Interaction has already been acknowledged.')
        loop = asyncio.get_running_loop()
        elapsed = loop.time() - handle.created
        if self.interaction_ack_deadline is not None and elapsed > self.interaction_ack_deadline:
            v = Violation(route, 10062, [('', 'ACK_TOO_LATE', f'interaction acknowledged after {elapsed:.2f}s (> {self.interaction_ack_deadline}s)')], 404)
            self.violations.append(v)
            handle.errors.append(v)
            raise unknown('interaction')
        ctype = int(body.get('type', 0))
        data = body.get('data') or {}
        allowed = {2: (4, 5, 9), 3: (4, 5, 6, 7, 9), 4: (8,), 5: (4, 5, 6, 7) if handle.message is not None else (4, 5)}[handle.type]
        if ctype not in allowed:
            errs = [('type', 'INTERACTION_RESPONSE_TYPE_INVALID', f'callback type {ctype} is not valid for interaction type {handle.type}')]
            self.violations.append(Violation(route, 50035, errs))
            raise ApiError(400, V.form_error(errs))
        message: Optional[FakeMessage] = None
        if ctype == 4:
            self._validate_message(route, data, uploads, prefix='data.')
            message = FakeMessage(
                id=self.snowflake(), channel=handle.channel, author=self.bot_user, source='interaction_response',
                interaction=handle, type=20 if handle.type == 2 else 0,
            )
            self._fill_message(message, data, uploads, allowed_flags=INTERACTION_MESSAGE_FLAGS, editing=False)
            self._check_not_empty(route, message)
            handle.original = message
        elif ctype == 5:
            message = FakeMessage(
                id=self.snowflake(), channel=handle.channel, author=self.bot_user, source='interaction_response',
                interaction=handle, type=20 if handle.type == 2 else 0,
                flags=FLAG_LOADING | (int(data.get('flags') or 0) & FLAG_EPHEMERAL),
            )
            handle.original = message
        elif ctype in (6, 7):
            target = handle.message
            assert target is not None
            if ctype == 7:
                await self._edit_message(route, target, data, uploads, prefix='data.')
                message = target
            handle.original = target
        elif ctype == 8:
            errors = V.check_autocomplete(data)
            if errors:
                self._violation(route, 50035, errors, 400, V.form_error(errors))
        elif ctype == 9:
            errors = V.check_modal(data)
            if errors:
                self._violation(route, 50035, errors, 400, V.form_error(errors))
        if ctype in (4, 5):
            assert message is not None
            self._record_message(message)
            await self._dispatch_message('MESSAGE_CREATE', message)
        handle.callback = InteractionCallback(type=ctype, data=data, attachments=list(message.attachments) if message and ctype == 4 else [], message=message)
        self._notify()
        reply: Dict[str, Any] = {
            'interaction': {
                'id': str(handle.id),
                'type': handle.type,
                'response_message_loading': ctype == 5,
                'response_message_ephemeral': bool(message and message.ephemeral),
            },
            'resource': {'type': ctype},
        }
        if message is not None:
            reply['interaction']['response_message_id'] = str(message.id)
            reply['resource']['message'] = message.payload(self)
        return reply

    def _webhook_message(self, handle: InteractionHandle, message_id: str) -> FakeMessage:
        if message_id == '@original':
            msg = handle.original
        else:
            msg = next((m for m in [handle.original, *handle.followups] if m is not None and str(m.id) == message_id), None)
        if msg is None or msg.deleted:
            raise unknown('Message')
        return msg

    async def h_followup(self, request, app_id, token):
        if app_id != str(self.application_id):
            raise unknown('Webhook')
        handle = self._handle_for(token)
        if handle.callback is None or handle.callback.type in (8, 9):
            raise unknown('Webhook')
        body, uploads = await self._read_body(request)
        route = f'followup ({handle.id})'
        original = handle.original
        if handle.callback.type == 5 and original is not None and original.loading:
            # Discord: the first followup after a deferred response replaces the "thinking" message
            # (its ephemeral state comes from the defer, not from this request's flags)
            await self._edit_message(route, original, body, uploads)
            msg = original
        else:
            self._validate_message(route, body, uploads)
            msg = FakeMessage(id=self.snowflake(), channel=handle.channel, author=self.bot_user, source='followup', interaction=handle)
            self._fill_message(msg, body, uploads, allowed_flags=INTERACTION_MESSAGE_FLAGS, editing=False)
            self._check_not_empty(route, msg)
            self._record_message(msg)
            await self._dispatch_message('MESSAGE_CREATE', msg)
        handle.followups.append(msg)
        self._notify()
        if request.query.get('wait') in ('true', '1', 'True'):
            return msg.payload(self)
        return None

    async def h_webhook_get(self, request, app_id, token, message_id):
        handle = self._handle_for(token)
        return self._webhook_message(handle, message_id).payload(self)

    async def h_webhook_edit(self, request, app_id, token, message_id):
        handle = self._handle_for(token)
        msg = self._webhook_message(handle, message_id)
        body, uploads = await self._read_body(request)
        await self._edit_message(f'webhook edit ({handle.id})', msg, body, uploads)
        if msg is handle.original:
            handle.original_edits.append(msg)
        self._notify()
        return msg.payload(self)

    async def h_webhook_delete(self, request, app_id, token, message_id):
        handle = self._handle_for(token)
        msg = self._webhook_message(handle, message_id)
        await self._delete(msg)
        return None

    # -- attachments (served so Attachment.read() works) ----------------------

    async def _serve_attachment(self, request: web.Request) -> web.Response:
        att = self._attachments.get(int(request.match_info['attachment_id']))
        if att is None:
            return web.Response(status=404)
        return web.Response(body=att.data, content_type=att.content_type or 'application/octet-stream')
