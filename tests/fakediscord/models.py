"""Plain data objects held by :class:`FakeDiscord` and handed to tests.

Everything here is in-memory state of the fake server plus the Discord JSON
payload builders (``payload()``) used for both HTTP responses and gateway
events.  None of it depends on discord.py.
"""

from __future__ import annotations

import asyncio
import datetime as _dt
import itertools
import mimetypes
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterator, List, Optional, TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .server import FakeDiscord

DISCORD_EPOCH_MS = 1420070400000

# Gateway intents (bit values) that change what the fake sends.
INTENT_GUILDS = 1 << 0
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_PRESENCES = 1 << 8
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15
PRIVILEGED_INTENTS = INTENT_GUILD_MEMBERS | INTENT_GUILD_PRESENCES | INTENT_MESSAGE_CONTENT

# Message flags
FLAG_SUPPRESS_EMBEDS = 1 << 2
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_SUPPRESS_NOTIFICATIONS = 1 << 12
FLAG_COMPONENTS_V2 = 1 << 15

# Permission bits used by the default roles.
P = {
    'create_instant_invite': 1 << 0,
    'administrator': 1 << 3,
    'add_reactions': 1 << 6,
    'view_channel': 1 << 10,
    'send_messages': 1 << 11,
    'manage_messages': 1 << 13,
    'embed_links': 1 << 14,
    'attach_files': 1 << 15,
    'read_message_history': 1 << 16,
    'mention_everyone': 1 << 17,
    'use_external_emojis': 1 << 18,
    'change_nickname': 1 << 26,
    'use_application_commands': 1 << 31,
    'manage_threads': 1 << 34,
    'create_public_threads': 1 << 35,
    'create_private_threads': 1 << 36,
    'send_messages_in_threads': 1 << 38,
}
ALL_PERMISSIONS = (1 << 53) - 1
EVERYONE_PERMISSIONS = (
    P['create_instant_invite'] | P['add_reactions'] | P['view_channel'] | P['send_messages'] | P['embed_links']
    | P['attach_files'] | P['read_message_history'] | P['use_external_emojis'] | P['change_nickname']
    | P['use_application_commands'] | P['create_public_threads'] | P['create_private_threads']
    | P['send_messages_in_threads']
)
BOT_ROLE_PERMISSIONS = EVERYONE_PERMISSIONS | P['manage_messages'] | P['manage_threads']

# Channel types
CH_GUILD_TEXT = 0
CH_DM = 1
CH_CATEGORY = 4
CH_PUBLIC_THREAD = 11
CH_PRIVATE_THREAD = 12


class SnowflakeGenerator:
    """Time based, strictly increasing snowflakes (like Discord's)."""

    def __init__(self) -> None:
        self._last = 0

    def __call__(self) -> int:
        value = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        if value <= self._last:
            value = self._last + 1
        self._last = value
        return value


def iso(ts: Optional[_dt.datetime] = None) -> str:
    ts = ts or _dt.datetime.now(_dt.timezone.utc)
    return ts.isoformat()


def now() -> _dt.datetime:
    return _dt.datetime.now(_dt.timezone.utc)


# ---------------------------------------------------------------------------
# users, guilds, channels


#: Discord's longest username, display name (``global_name``) and server nickname.
MAX_NAME = 32


def check_name(name: Optional[str], what: str) -> Optional[str]:
    """A name Discord could hold (a test giving a longer one tests something Discord never sends)."""
    if name is not None and not 1 <= len(name) <= MAX_NAME:
        raise ValueError(f'a Discord {what} is 1 to {MAX_NAME} characters, not {len(name)}: {name!r}')
    return name


@dataclass(eq=False)
class FakeUser:
    id: int
    name: str
    global_name: Optional[str] = None
    bot: bool = False
    locale: str = 'en-US'
    #: When True, POST /channels/{dm}/messages to this user fails with 403 / 50007.
    dms_blocked: bool = False

    @property
    def mention(self) -> str:
        return f'<@{self.id}>'

    def payload(self) -> Dict[str, Any]:
        check_name(self.name, 'username')
        check_name(self.global_name, 'global_name')
        return {
            'id': str(self.id),
            'username': self.name,
            'discriminator': '0',
            'global_name': self.global_name if self.global_name is not None else (None if self.bot else self.name),
            'avatar': None,
            'bot': self.bot,
            'system': False,
            'public_flags': 0,
            'flags': 0,
            'banner': None,
            'accent_color': None,
            'avatar_decoration_data': None,
        }

    def __repr__(self) -> str:
        return f'<FakeUser {self.name} id={self.id}{" bot" if self.bot else ""}>'


@dataclass(eq=False)
class FakeRole:
    id: int
    guild_id: int
    name: str
    permissions: int = 0
    position: int = 0
    color: int = 0
    managed: bool = False

    @property
    def mention(self) -> str:
        return f'<@&{self.id}>'

    def payload(self) -> Dict[str, Any]:
        return {
            'id': str(self.id),
            'name': self.name,
            'permissions': str(self.permissions),
            'position': self.position,
            'color': self.color,
            'colors': {'primary_color': self.color, 'secondary_color': None, 'tertiary_color': None},
            'hoist': False,
            'managed': self.managed,
            'mentionable': False,
            'icon': None,
            'unicode_emoji': None,
            'flags': 0,
        }


@dataclass(eq=False)
class FakeMember:
    user: FakeUser
    guild: 'FakeGuild'
    nick: Optional[str] = None
    role_ids: List[int] = field(default_factory=list)
    joined_at: _dt.datetime = field(default_factory=now)

    @property
    def id(self) -> int:
        return self.user.id

    def permissions(self) -> int:
        if self.guild.owner_id == self.user.id:
            return ALL_PERMISSIONS
        value = self.guild.everyone_role.permissions
        for rid in self.role_ids:
            role = self.guild.roles.get(rid)
            if role is not None:
                value |= role.permissions
        if value & P['administrator']:
            return ALL_PERMISSIONS
        return value

    def payload(self, *, with_user: bool = True, with_permissions: bool = False) -> Dict[str, Any]:
        data: Dict[str, Any] = {
            'nick': check_name(self.nick, 'nick'),
            'roles': [str(r) for r in self.role_ids],
            'joined_at': iso(self.joined_at),
            'premium_since': None,
            'deaf': False,
            'mute': False,
            'flags': 0,
            'pending': False,
            'avatar': None,
            'banner': None,
            'communication_disabled_until': None,
        }
        if with_user:
            data['user'] = self.user.payload()
        if with_permissions:
            data['permissions'] = str(self.permissions())
        return data


@dataclass(eq=False)
class FakeChannel:
    id: int
    type: int
    name: Optional[str] = None
    guild: Optional['FakeGuild'] = None
    parent_id: Optional[int] = None
    position: int = 0
    topic: Optional[str] = None
    #: DM channels: the other user.
    recipient: Optional[FakeUser] = None
    # thread fields
    owner_id: Optional[int] = None
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    auto_archive_duration: int = 1440
    #: thread started from this message (its id equals the thread id)
    starter_message_id: Optional[int] = None
    thread_member_ids: List[int] = field(default_factory=list)
    created_at: _dt.datetime = field(default_factory=now)
    last_message_id: Optional[int] = None
    message_count: int = 0

    @property
    def guild_id(self) -> Optional[int]:
        return self.guild.id if self.guild is not None else None

    @property
    def is_dm(self) -> bool:
        return self.type == CH_DM

    @property
    def is_thread(self) -> bool:
        return self.type in (CH_PUBLIC_THREAD, CH_PRIVATE_THREAD)

    @property
    def mention(self) -> str:
        return f'<#{self.id}>'

    def payload(self, *, permissions: Optional[int] = None) -> Dict[str, Any]:
        if self.is_dm:
            data: Dict[str, Any] = {
                'id': str(self.id),
                'type': CH_DM,
                'last_message_id': str(self.last_message_id) if self.last_message_id else None,
                'recipients': [self.recipient.payload()] if self.recipient else [],
                'flags': 0,
            }
        elif self.is_thread:
            data = {
                'id': str(self.id),
                'type': self.type,
                'guild_id': str(self.guild_id),
                'parent_id': str(self.parent_id),
                'owner_id': str(self.owner_id),
                'name': self.name,
                'last_message_id': str(self.last_message_id) if self.last_message_id else None,
                'rate_limit_per_user': 0,
                'message_count': self.message_count,
                'total_message_sent': self.message_count,
                'member_count': len(self.thread_member_ids),
                'flags': 0,
                'thread_metadata': {
                    'archived': self.archived,
                    'auto_archive_duration': self.auto_archive_duration,
                    'archive_timestamp': iso(self.created_at),
                    'locked': self.locked,
                    'invitable': self.invitable,
                    'create_timestamp': iso(self.created_at),
                },
            }
        else:
            data = {
                'id': str(self.id),
                'type': self.type,
                'guild_id': str(self.guild_id),
                'name': self.name,
                'position': self.position,
                'permission_overwrites': [],
                'nsfw': False,
                'parent_id': str(self.parent_id) if self.parent_id else None,
                'topic': self.topic,
                'last_message_id': str(self.last_message_id) if self.last_message_id else None,
                'rate_limit_per_user': 0,
                'flags': 0,
            }
        if permissions is not None:
            data['permissions'] = str(permissions)
        return data

    def __repr__(self) -> str:
        kind = 'dm' if self.is_dm else 'thread' if self.is_thread else f'type{self.type}'
        return f'<FakeChannel #{self.name} {kind} id={self.id}>'


@dataclass(eq=False)
class FakeGuild:
    id: int
    name: str
    owner_id: int
    locale: str = 'en-US'
    roles: Dict[int, FakeRole] = field(default_factory=dict)
    channels: List[FakeChannel] = field(default_factory=list)
    members: Dict[int, FakeMember] = field(default_factory=dict)
    created_at: _dt.datetime = field(default_factory=now)

    @property
    def everyone_role(self) -> FakeRole:
        return self.roles[self.id]

    @property
    def text_channels(self) -> List[FakeChannel]:
        return [c for c in self.channels if c.type == CH_GUILD_TEXT]

    @property
    def threads(self) -> List[FakeChannel]:
        return [c for c in self.channels if c.is_thread]

    def channel(self, name: str) -> FakeChannel:
        for c in self.channels:
            if c.name == name:
                return c
        raise KeyError(name)

    def member(self, user: 'FakeUser | int') -> FakeMember:
        uid = user if isinstance(user, int) else user.id
        return self.members[uid]

    def payload(self, *, members: Optional[List[FakeMember]] = None, full: bool = True) -> Dict[str, Any]:
        data: Dict[str, Any] = {
            'id': str(self.id),
            'name': self.name,
            'icon': None,
            'splash': None,
            'discovery_splash': None,
            'banner': None,
            'description': None,
            'owner_id': str(self.owner_id),
            'region': 'deprecated',
            'afk_channel_id': None,
            'afk_timeout': 300,
            'verification_level': 0,
            'default_message_notifications': 0,
            'explicit_content_filter': 0,
            'mfa_level': 0,
            'nsfw_level': 0,
            'premium_tier': 0,
            'premium_subscription_count': 0,
            'preferred_locale': self.locale,
            'system_channel_id': None,
            'system_channel_flags': 0,
            'rules_channel_id': None,
            'public_updates_channel_id': None,
            'vanity_url_code': None,
            'max_members': 500000,
            'features': [],
            'roles': [r.payload() for r in self.roles.values()],
            'emojis': [],
            'stickers': [],
            'application_id': None,
            'premium_progress_bar_enabled': False,
        }
        if full:
            data.update(
                {
                    'unavailable': False,
                    'large': False,
                    'joined_at': iso(self.created_at),
                    'member_count': len(self.members),
                    'channels': [c.payload() for c in self.channels if not c.is_thread],
                    'threads': [c.payload() for c in self.channels if c.is_thread and not c.archived],
                    'members': [m.payload() for m in (members if members is not None else self.members.values())],
                    'voice_states': [],
                    'presences': [],
                    'stage_instances': [],
                    'guild_scheduled_events': [],
                    'soundboard_sounds': [],
                }
            )
        return data

    def __repr__(self) -> str:
        return f'<FakeGuild {self.name} id={self.id}>'


# ---------------------------------------------------------------------------
# messages


@dataclass(eq=False)
class FakeAttachment:
    id: int
    filename: str
    data: bytes
    content_type: Optional[str] = None
    description: Optional[str] = None
    url: str = ''

    @property
    def size(self) -> int:
        return len(self.data)

    @property
    def spoiler(self) -> bool:
        return self.filename.startswith('SPOILER_')

    def payload(self) -> Dict[str, Any]:
        data: Dict[str, Any] = {
            'id': str(self.id),
            'filename': self.filename,
            'size': self.size,
            'url': self.url,
            'proxy_url': self.url,
            'content_type': self.content_type,
        }
        if self.description is not None:
            data['description'] = self.description
        if self.content_type and self.content_type.startswith('image/'):
            dims = _image_size(self.data)
            if dims:
                data['width'], data['height'] = dims
        return data

    def __repr__(self) -> str:
        return f'<FakeAttachment {self.filename} {self.size}B>'


def _image_size(data: bytes):
    if data[:8] == b'\x89PNG\r\n\x1a\n' and len(data) >= 24:
        return int.from_bytes(data[16:20], 'big'), int.from_bytes(data[20:24], 'big')
    return None


def guess_content_type(filename: str) -> Optional[str]:
    return mimetypes.guess_type(filename)[0]


def walk_components(components: List[Dict[str, Any]]) -> Iterator[Dict[str, Any]]:
    """Depth-first walk over a (v1 or v2) component tree."""
    for comp in components or []:
        yield comp
        if comp.get('components'):
            yield from walk_components(comp['components'])
        if isinstance(comp.get('component'), dict):  # label (type 18)
            yield from walk_components([comp['component']])
        if isinstance(comp.get('accessory'), dict):  # section (type 9)
            yield from walk_components([comp['accessory']])


@dataclass(eq=False)
class FakeMessage:
    """A message as stored by the fake (bot-sent or user-sent)."""

    id: int
    channel: FakeChannel
    author: FakeUser
    content: str = ''
    embeds: List[Dict[str, Any]] = field(default_factory=list)
    components: List[Dict[str, Any]] = field(default_factory=list)
    attachments: List[FakeAttachment] = field(default_factory=list)
    flags: int = 0
    tts: bool = False
    type: int = 0
    #: 'channel' (POST /channels/x/messages), 'interaction_response', 'followup', 'user'
    source: str = 'channel'
    #: the interaction this message answers, if any
    interaction: Any = None
    message_reference: Optional[Dict[str, Any]] = None
    pinned: bool = False
    deleted: bool = False
    created_at: _dt.datetime = field(default_factory=now)
    edited_at: Optional[_dt.datetime] = None
    #: previous states (dict snapshots) before each edit
    history: List[Dict[str, Any]] = field(default_factory=list)
    reactions: Dict[str, List[int]] = field(default_factory=dict)
    thread: Optional[FakeChannel] = None
    sticker_ids: List[str] = field(default_factory=list)
    poll: Optional[Dict[str, Any]] = None
    #: who this message notified when it was sent (edits never notify), by Discord's rules for
    #: ``allowed_mentions``: {'users': set of ids, 'roles': set of ids, 'everyone': bool}
    pings: Dict[str, Any] = field(default_factory=lambda: {'users': set(), 'roles': set(), 'everyone': False})

    # -- convenience -----------------------------------------------------
    @property
    def channel_id(self) -> int:
        return self.channel.id

    @property
    def guild_id(self) -> Optional[int]:
        return self.channel.guild_id

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        """True while this is a deferred 'Bot is thinking...' placeholder."""
        return bool(self.flags & FLAG_LOADING)

    @property
    def is_dm(self) -> bool:
        return self.channel.is_dm

    @property
    def text(self) -> str:
        """Content plus embed titles/descriptions/fields and v2 text displays, for searching."""
        parts = [self.content or '']
        for e in self.embeds:
            for key in ('title', 'description'):
                if e.get(key):
                    parts.append(e[key])
            for f in e.get('fields', []):
                parts.append(f'{f.get("name", "")}: {f.get("value", "")}')
            if e.get('footer', {}).get('text'):
                parts.append(e['footer']['text'])
            if e.get('author', {}).get('name'):
                parts.append(e['author']['name'])
        for c in walk_components(self.components):
            if c.get('type') == 10 and c.get('content'):
                parts.append(c['content'])
        return '\n'.join(p for p in parts if p)

    def all_components(self) -> List[Dict[str, Any]]:
        return list(walk_components(self.components))

    def buttons(self) -> List[Dict[str, Any]]:
        return [c for c in walk_components(self.components) if c.get('type') == 2]

    def selects(self) -> List[Dict[str, Any]]:
        return [c for c in walk_components(self.components) if c.get('type') in (3, 5, 6, 7, 8)]

    def custom_ids(self) -> List[str]:
        return [c['custom_id'] for c in walk_components(self.components) if c.get('custom_id')]

    def component(self, custom_id: Optional[str] = None, *, label: Optional[str] = None) -> Dict[str, Any]:
        for c in walk_components(self.components):
            if custom_id is not None and c.get('custom_id') == custom_id:
                return c
            if label is not None and c.get('label') == label:
                return c
        raise LookupError(f'no component custom_id={custom_id!r} label={label!r} in message {self.id}: {self.custom_ids()}')

    def attachment(self, filename: str) -> FakeAttachment:
        for a in self.attachments:
            if a.filename == filename:
                return a
        raise LookupError(f'no attachment {filename!r} in message {self.id}: {[a.filename for a in self.attachments]}')

    def snapshot(self) -> Dict[str, Any]:
        return {
            'content': self.content,
            'embeds': list(self.embeds),
            'components': list(self.components),
            'attachments': list(self.attachments),
            'flags': self.flags,
        }

    def payload(self, fake: 'FakeDiscord', *, with_member: bool = False) -> Dict[str, Any]:
        data: Dict[str, Any] = {
            'id': str(self.id),
            'channel_id': str(self.channel.id),
            'author': self.author.payload(),
            'content': self.content,
            'timestamp': iso(self.created_at),
            'edited_timestamp': iso(self.edited_at) if self.edited_at else None,
            'tts': self.tts,
            'mention_everyone': False,
            'mentions': fake._mentions_in(self.content, self.channel),
            'mention_roles': [],
            'attachments': [a.payload() for a in self.attachments],
            'embeds': self.embeds,
            'pinned': self.pinned,
            'type': self.type,
            'flags': self.flags,
            'components': self.components,
        }
        if self.channel.guild is not None:
            data['guild_id'] = str(self.channel.guild.id)
            if with_member and self.author.id in self.channel.guild.members:
                data['member'] = self.channel.guild.members[self.author.id].payload(with_user=False)
        if self.interaction is not None:
            ia = self.interaction
            data['webhook_id'] = str(fake.application_id)
            data['application_id'] = str(fake.application_id)
            data['interaction_metadata'] = {
                'id': str(ia.id),
                'type': ia.type,
                'user': ia.user.payload(),
                'authorizing_integration_owners': ia.payload.get('authorizing_integration_owners', {}),
            }
            if ia.type == 2:
                data['interaction_metadata']['name'] = ia.command_name
                data['interaction_metadata']['command_type'] = 1
            if ia.type == 3 and ia.message is not None:
                data['interaction_metadata']['interacted_message_id'] = str(ia.message.id)
        if self.message_reference:
            data['message_reference'] = self.message_reference
        if self.reactions:
            data['reactions'] = [
                {
                    'count': len(users),
                    'count_details': {'burst': 0, 'normal': len(users)},
                    'me': fake.bot_user.id in users,
                    'me_burst': False,
                    'burst_colors': [],
                    'emoji': _emoji_payload(emoji),
                }
                for emoji, users in self.reactions.items()
                if users
            ]
        if self.thread is not None:
            data['thread'] = self.thread.payload()
        if self.poll is not None:
            data['poll'] = self.poll
        return data

    def __repr__(self) -> str:
        flags = []
        if self.ephemeral:
            flags.append('ephemeral')
        if self.loading:
            flags.append('loading')
        if self.deleted:
            flags.append('deleted')
        where = f'dm:{self.channel.recipient.name}' if self.is_dm and self.channel.recipient else f'#{self.channel.name}'
        text = self.text.replace('\n', ' | ')
        if len(text) > 80:
            text = text[:77] + '...'
        extra = f' files={[a.filename for a in self.attachments]}' if self.attachments else ''
        ids = self.custom_ids()
        extra += f' components={ids}' if ids else ''
        return f'<FakeMessage {self.id} {where} by {self.author.name} {self.source} {" ".join(flags)} {text!r}{extra}>'


def _emoji_payload(emoji: str) -> Dict[str, Any]:
    # custom emoji come as name:id
    if ':' in emoji:
        name, _, eid = emoji.rpartition(':')
        return {'id': eid, 'name': name.lstrip('a:') or name, 'animated': emoji.startswith('a:')}
    return {'id': None, 'name': emoji}


# ---------------------------------------------------------------------------
# violations and interactions


@dataclass
class Violation:
    """A request the fake rejected (or would reject) because it breaks a Discord rule."""

    route: str
    code: int
    errors: List[Any]
    status: int = 400

    def __str__(self) -> str:
        errs = '; '.join(f'{path}: {msg}' for path, _code, msg in self.errors)
        return f'{self.route} -> {self.status}/{self.code}: {errs}'


@dataclass
class InteractionCallback:
    """The bot's initial response to an interaction (POST .../callback)."""

    type: int
    data: Dict[str, Any]
    attachments: List[FakeAttachment]
    #: the message created (4, 5) or updated (7); None for 6, 8, 9
    message: Optional[FakeMessage]

    @property
    def ephemeral(self) -> bool:
        return bool((self.data or {}).get('flags', 0) & FLAG_EPHEMERAL)


class WaitTimeout(TimeoutError):
    """Raised by every ``wait_*`` helper; the message says what was awaited and what happened instead."""


class InteractionHandle:
    """Returned by ``FakeDiscord.send_slash_command`` & co.; lets the test await the bot's answer."""

    TYPE_NAMES = {4: 'message', 5: 'deferred', 6: 'deferred_update', 7: 'update_message', 8: 'autocomplete', 9: 'modal'}

    def __init__(
        self,
        fake: 'FakeDiscord',
        *,
        id: int,
        token: str,
        type: int,
        payload: Dict[str, Any],
        user: FakeUser,
        channel: FakeChannel,
        message: Optional[FakeMessage] = None,
        command_name: Optional[str] = None,
        parent: Optional['InteractionHandle'] = None,
    ) -> None:
        self.fake = fake
        self.id = id
        self.token = token
        self.type = type
        self.payload = payload
        self.user = user
        self.channel = channel
        #: for component interactions: the message that holds the component
        self.message = message
        self.command_name = command_name
        #: for modal submits: the interaction that opened the modal
        self.parent = parent
        self.created = asyncio.get_running_loop().time()
        self.callback: Optional[InteractionCallback] = None
        #: initial-callback requests the bot sent (a second one is refused with 40060)
        self.callback_attempts = 0
        #: the @original message (response message, deferred placeholder, or component message after 6/7)
        self.original: Optional[FakeMessage] = None
        self.followups: List[FakeMessage] = []
        #: @original after each PATCH /webhooks/{app}/{token}/messages/@original (same object, appended per edit)
        self.original_edits: List[FakeMessage] = []
        self.errors: List[Violation] = []

    def __repr__(self) -> str:
        cb = self.TYPE_NAMES.get(self.callback.type, self.callback.type) if self.callback else None
        return f'<InteractionHandle id={self.id} type={self.type} callback={cb} followups={len(self.followups)}>'

    @property
    def guild(self):
        return self.channel.guild

    async def response(self, timeout: float = 5.0) -> InteractionCallback:
        """Wait for the initial callback (any type)."""
        await self.fake.wait_until(lambda: self.callback, timeout=timeout, what=f'callback for {self!r}')
        assert self.callback is not None
        return self.callback

    async def followup(self, index: int = 0, timeout: float = 5.0) -> FakeMessage:
        """Wait until at least ``index + 1`` followups exist and return that one.

        Note: the first followup after a deferred (type 5) response *edits the
        deferred placeholder* (the @original message) exactly like Discord does;
        it still counts as followup 0 here.
        """
        await self.fake.wait_until(
            lambda: len(self.followups) > index, timeout=timeout, what=f'followup #{index} for {self!r}'
        )
        return self.followups[index]

    async def reply(self, timeout: float = 5.0) -> FakeMessage:
        """The first *visible* answer: a type-4 response, the edited deferred placeholder,
        the updated component message (type 7, or 6 + edit) or the first followup."""

        def check():
            cb = self.callback
            if cb is None:
                return None
            if cb.type in (8, 9):
                raise AssertionError(f'interaction answered with {self.TYPE_NAMES[cb.type]} (type {cb.type}), not a message: {cb.data}')
            if cb.type == 4:
                return cb.message
            if cb.type == 7:
                return cb.message
            if self.followups:
                return self.followups[0]
            if cb.type in (5, 6) and self.original_edits:
                return self.original_edits[0]
            return None

        return await self.fake.wait_until(check, timeout=timeout, what=f'visible reply for {self!r}')

    async def choices(self, timeout: float = 5.0) -> List[Dict[str, Any]]:
        """Autocomplete result choices (callback type 8)."""
        cb = await self.response(timeout)
        if cb.type != 8:
            raise AssertionError(f'expected autocomplete result (8), got callback type {cb.type}: {cb.data}')
        return cb.data.get('choices', [])

    async def modal(self, timeout: float = 5.0) -> Dict[str, Any]:
        """The modal the bot opened (callback type 9)."""
        cb = await self.response(timeout)
        if cb.type != 9:
            raise AssertionError(f'expected modal (9), got callback type {cb.type}: {cb.data}')
        return cb.data

    async def wait_original(
        self, predicate: Optional[Callable[[FakeMessage], Any]] = None, timeout: float = 5.0
    ) -> FakeMessage:
        """Wait until @original exists (and satisfies ``predicate``)."""

        def check():
            o = self.original
            if o is None:
                return None
            if predicate is None or predicate(o):
                return o
            return None

        return await self.fake.wait_until(check, timeout=timeout, what=f'@original for {self!r}')


_counter = itertools.count(1)


def next_token() -> str:
    return f'fake-itoken-{next(_counter)}-{int(time.time() * 1000)}'
