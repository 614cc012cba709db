"""fakediscord: a loopback-only fake Discord the real discord.py 2.7 client logs into.

Usage (inside ``asyncio.run(...)`` or any running loop)::

    from tests.fakediscord import FakeDiscord

    async with FakeDiscord() as fake:                     # aiohttp server on 127.0.0.1:<random>
        alice = fake.create_user('alice', locale='fr')
        guild = fake.create_guild('G', members=(alice,))   # has #general, @everyone, a bot role
        general = guild.channel('general')

        bot = MyBot(...)                                   # commands.Bot / discord.Client, unmodified
        async with fake.run_bot(bot):                      # patches Route.BASE + DEFAULT_GATEWAY, waits on_ready
            # bot.setup_hook typically does `await bot.tree.sync()` -> fake.commands()
            h = await fake.send_slash_command('game start', user=alice, channel=general, options={'players': 3})
            cb = await h.response()          # InteractionCallback(type 4/5/6/7/8/9, data, message)
            msg = await h.reply()            # first visible message (type 4, edited defer, first followup...)
            click = await fake.click_button(msg, label='Join', user=alice)
            await click.response()
            dm = await fake.wait_for_message(channel=alice)      # DMs to alice
            fake.assert_clean()              # no limit violations / unknown routes / bot errors

See ``FakeDiscord`` for the full API and ``tests/test_fakediscord.py`` for examples.
"""

from .models import (
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
    InteractionCallback,
    InteractionHandle,
    Violation,
    WaitTimeout,
)
from .server import ApiError, FakeDiscord, GatewaySession, shard_of
from . import validation

__all__ = [
    'FakeDiscord',
    'FakeUser',
    'FakeGuild',
    'FakeMember',
    'FakeRole',
    'FakeChannel',
    'FakeMessage',
    'FakeAttachment',
    'InteractionHandle',
    'InteractionCallback',
    'Violation',
    'WaitTimeout',
    'ApiError',
    'GatewaySession',
    'shard_of',
    'validation',
    'FLAG_EPHEMERAL',
    'FLAG_LOADING',
    'FLAG_COMPONENTS_V2',
]
