"""End-to-end tests of tests/fakediscord with the real discord.py client.

Each test runs its own event loop via ``asyncio.run`` with a hard timeout so
a hang fails fast.
"""

from __future__ import annotations

import asyncio
import io
import json
import zlib
from typing import List

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands

try:  # tests/ is a package (tests/__init__.py)
    from tests.fakediscord import FLAG_EPHEMERAL, FakeDiscord, WaitTimeout
    from tests.fakediscord import validation as V
except ImportError:  # tests/ on sys.path instead
    from fakediscord import FLAG_EPHEMERAL, FakeDiscord, WaitTimeout  # type: ignore[no-redef]
    from fakediscord import validation as V  # type: ignore[no-redef]


TEST_TIMEOUT = 10.0


def run(coro_fn, timeout: float = TEST_TIMEOUT):
    async def main():
        return await asyncio.wait_for(coro_fn(), timeout)

    return asyncio.run(main())


def make_png(width: int = 64, height: int = 48) -> bytes:
    from PIL import Image

    img = Image.new('RGB', (width, height))
    for x in range(width):
        for y in range(height):
            img.putpixel((x, y), ((x * 4) % 256, (y * 5) % 256, (x * y) % 256))
    buf = io.BytesIO()
    img.save(buf, format='PNG')
    return buf.getvalue()


PNG = make_png()


# ---------------------------------------------------------------------------
# a small bot exercising the interesting parts of discord.py


class LobbyView(discord.ui.View):
    """Persistent view (timeout=None + fixed custom_ids), registered in setup_hook."""

    def __init__(self):
        super().__init__(timeout=None)

    @discord.ui.button(label='Join', custom_id='lobby:join', style=discord.ButtonStyle.primary)
    async def join(self, interaction: discord.Interaction, button: discord.ui.Button):
        bot: TestBot = interaction.client  # type: ignore[assignment]
        bot.joined.append(interaction.user.id)
        names = ', '.join(str(uid) for uid in bot.joined)
        await interaction.response.edit_message(content=f'Players: {names}', view=self)

    @discord.ui.button(label='Rename', custom_id='lobby:rename', style=discord.ButtonStyle.secondary)
    async def rename(self, interaction: discord.Interaction, button: discord.ui.Button):
        await interaction.response.send_modal(RenameModal())

    @discord.ui.button(label='Start', custom_id='lobby:start', style=discord.ButtonStyle.success)
    async def start(self, interaction: discord.Interaction, button: discord.ui.Button):
        await interaction.response.defer()
        await interaction.edit_original_response(content='Game started', view=None)

    @discord.ui.select(custom_id='lobby:mode', options=[discord.SelectOption(label='Fast', value='fast'), discord.SelectOption(label='Slow', value='slow')])
    async def mode(self, interaction: discord.Interaction, select: discord.ui.Select):
        await interaction.response.send_message(f'mode={select.values[0]}', ephemeral=True)


class RenameModal(discord.ui.Modal, title='Rename the lobby'):
    name = discord.ui.TextInput(label='New name', custom_id='rename:name', max_length=30)

    async def on_submit(self, interaction: discord.Interaction):
        await interaction.response.send_message(f'renamed to {self.name.value}', ephemeral=True)


GAMES = ['chess', 'checkers', 'go', 'gomoku', 'backgammon']


class TestBot(commands.Bot):
    __test__ = False

    def __init__(self, intents: discord.Intents | None = None, **kw):
        super().__init__(command_prefix='!', intents=intents or discord.Intents.default(), **kw)
        self.joined: List[int] = []
        self.dm_errors: List[discord.HTTPException] = []
        self.send_errors: List[discord.HTTPException] = []
        self.synced: List[app_commands.AppCommand] = []
        self.seen_locales: List[str] = []
        self._add_commands()

    async def setup_hook(self) -> None:
        self.add_view(LobbyView())
        self.synced = await self.tree.sync()

    def _add_commands(self) -> None:
        tree = self.tree

        @tree.command(name='ping', description='Ephemeral pong')
        async def ping(interaction: discord.Interaction):
            self.seen_locales.append(str(interaction.locale))
            await interaction.response.send_message('pong', ephemeral=True)

        @tree.command(name='slow', description='Deferred answer')
        @app_commands.describe(secret='answer ephemerally')
        async def slow(interaction: discord.Interaction, secret: bool = False):
            await interaction.response.defer(thinking=True, ephemeral=secret)
            await asyncio.sleep(0.05)
            await interaction.followup.send('done thinking')
            await interaction.followup.send('second followup', ephemeral=True)

        @tree.command(name='board', description='Send the board as a PNG')
        async def board(interaction: discord.Interaction):
            await interaction.response.send_message('your board', file=discord.File(io.BytesIO(PNG), filename='board.png'))
            original = await interaction.original_response()  # GET @original
            assert original.attachments[0].filename == 'board.png', original.attachments
            assert interaction.channel is not None
            await interaction.channel.send('channel copy', file=discord.File(io.BytesIO(PNG), filename='copy.png'))  # type: ignore[union-attr]

        @tree.command(name='lobby', description='Open a lobby')
        async def lobby(interaction: discord.Interaction):
            await interaction.response.send_message('Lobby open', view=LobbyView())

        @tree.command(name='thread', description='Create a game thread')
        async def thread(interaction: discord.Interaction, name: str):
            channel = interaction.channel
            assert isinstance(channel, discord.TextChannel)
            t = await channel.create_thread(name=name, type=discord.ChannelType.public_thread)
            await t.send(f'welcome to {t.name}')
            await interaction.response.send_message(f'created {t.mention}', ephemeral=True)

        @tree.command(name='invite', description='DM a player')
        async def invite(interaction: discord.Interaction, player: discord.User):
            await interaction.response.defer(ephemeral=True)
            try:
                await player.send(f'You are invited by {interaction.user.name}')
            except discord.Forbidden as e:
                self.dm_errors.append(e)
                await interaction.followup.send(f'cannot DM {player.name} (code {e.code})', ephemeral=True)
            else:
                await interaction.followup.send(f'invited {player.name}', ephemeral=True)

        @tree.command(name='play', description='Pick a game')
        async def play(interaction: discord.Interaction, game: str, rounds: int = 1):
            await interaction.response.send_message(f'playing {game} x{rounds}')

        @play.autocomplete('game')
        async def play_autocomplete(interaction: discord.Interaction, current: str):
            return [app_commands.Choice(name=g.title(), value=g) for g in GAMES if g.startswith(current.lower())]

        @tree.command(name='shout', description='Send an over-long message')
        async def shout(interaction: discord.Interaction, length: int):
            await interaction.response.defer(ephemeral=True)
            try:
                assert interaction.channel is not None
                await interaction.channel.send('x' * length)  # type: ignore[union-attr]
            except discord.HTTPException as e:
                self.send_errors.append(e)
                await interaction.followup.send(f'failed {e.status} {e.code}', ephemeral=True)
            else:
                await interaction.followup.send('sent', ephemeral=True)

        @tree.command(name='sleepy', description='Answers too late')
        async def sleepy(interaction: discord.Interaction, seconds: float):
            await asyncio.sleep(seconds)
            try:
                await interaction.response.send_message('late')
            except discord.NotFound as e:
                self.send_errors.append(e)

        game = app_commands.Group(name='game', description='Game commands')

        @game.command(name='start', description='Start a game')
        async def start(interaction: discord.Interaction, players: int, opponent: discord.Member | None = None):
            who = opponent.display_name if opponent else 'nobody'
            await interaction.response.send_message(f'start players={players} vs {who}')

        tree.add_command(game)


async def _started(fake: FakeDiscord):
    alice = fake.create_user('alice', locale='fr')
    bob = fake.create_user('bob')
    guild = fake.create_guild('Board Games', members=(alice, bob))
    return alice, bob, guild, guild.channel('general')


# ---------------------------------------------------------------------------


def test_login_sync_and_ephemeral_slash_command():
    async def main():
        async with FakeDiscord() as fake:
            alice, bob, guild, general = await _started(fake)
            bot = TestBot()
            async with fake.run_bot(bot):
                assert bot.user is not None and bot.user.id == fake.bot_user.id
                assert bot.application_id == fake.application_id
                dguild = bot.get_guild(guild.id)
                assert dguild is not None and dguild.get_channel(general.id) is not None

                names = sorted(c['name'] for c in fake.commands())
                assert names == ['board', 'game', 'invite', 'lobby', 'ping', 'play', 'shout', 'sleepy', 'slow', 'thread']
                assert sorted(c.name for c in bot.synced) == names
                assert {c.id for c in bot.synced} == {int(c['id']) for c in fake.commands()}
                assert fake.command_syncs == [(None, len(names))]

                h = await fake.send_slash_command('ping', user=alice, channel=general)
                cb = await h.response(timeout=5)
                assert cb.type == 4
                assert cb.data['content'] == 'pong'
                assert cb.data['flags'] & FLAG_EPHEMERAL
                assert cb.message is not None and cb.message.ephemeral and cb.message.content == 'pong'
                assert bot.seen_locales == ['fr']

                # subcommand with a member option (resolved data) and an int option
                h2 = await fake.send_slash_command('game start', user=alice, channel=general, options={'players': 3, 'opponent': bob})
                reply = await h2.reply()
                assert reply.content == 'start players=3 vs bob'
                assert not reply.ephemeral and reply.channel is general

                # discord.py asked for transport compression (zlib-stream unless a zstd module is installed)
                expected = discord.utils._ActiveDecompressionContext.COMPRESSION_TYPE
                assert [c.get('compress') for c in fake.gateway_connections] == [expected]
                assert fake.identify_payloads[0]['intents'] == discord.Intents.default().value

                # slash command used in a DM with the bot
                h3 = await fake.send_slash_command('ping', user=bob, channel=fake.dm_channel(bob))
                dm_reply = await h3.reply()
                assert dm_reply.is_dm and dm_reply.content == 'pong'
            fake.assert_clean()

    run(main)


def test_deferred_response_and_followups():
    async def main():
        async with FakeDiscord() as fake:
            alice, bob, guild, general = await _started(fake)
            async with fake.run_bot(TestBot()):
                h = await fake.send_slash_command('slow', user=alice, channel=general)
                cb = await h.response()
                assert cb.type == 5
                assert cb.message is not None and cb.message.loading
                first = await h.followup(0)
                # the first followup replaces the "thinking" placeholder (same message)
                assert first is cb.message and not first.loading
                assert first.content == 'done thinking' and not first.ephemeral
                second = await h.followup(1)
                assert second.content == 'second followup' and second.ephemeral
                assert (await h.reply()) is first

                # ephemeral defer: the followup inherits the defer's ephemerality
                h2 = await fake.send_slash_command('slow', user=alice, channel=general, options={'secret': True})
                msg = await h2.reply()
                assert msg.content == 'done thinking' and msg.ephemeral
                await h2.followup(1)
                # ephemeral messages are not in channel history
                visible = [m.content for m in fake.messages_in(general, include_ephemeral=False)]
                assert visible == ['done thinking']
            fake.assert_clean()

    run(main)


def test_png_attachment_bytes_arrive_intact():
    async def main():
        async with FakeDiscord() as fake:
            alice, bob, guild, general = await _started(fake)
            bot = TestBot()
            async with fake.run_bot(bot):
                h = await fake.send_slash_command('board', user=alice, channel=general)
                msg = await h.reply()
                att = msg.attachment('board.png')
                assert att.data == PNG and att.size == len(PNG)
                assert att.content_type == 'image/png'
                assert msg.content == 'your board'
                assert h.callback is not None and h.callback.attachments[0].data == PNG

                copy = await fake.wait_for_message(lambda m: m.content == 'channel copy', channel=general)
                assert copy.attachments[0].filename == 'copy.png' and copy.attachments[0].data == PNG

                # the URL the bot sees is served by the fake, so Attachment.read() works
                dchannel = bot.get_channel(general.id)
                dmsg = await dchannel.fetch_message(copy.id)  # type: ignore[union-attr]
                assert dmsg.attachments[0].width == 64 and dmsg.attachments[0].height == 48
                assert await dmsg.attachments[0].read() == PNG
            fake.assert_clean()

    run(main)


def test_thread_creation():
    async def main():
        async with FakeDiscord() as fake:
            alice, bob, guild, general = await _started(fake)
            bot = TestBot()
            async with fake.run_bot(bot):
                h = await fake.send_slash_command('thread', user=alice, channel=general, options={'name': 'game-1'})
                reply = await h.reply()
                threads = fake.threads(general)
                assert [t.name for t in threads] == ['game-1']
                thread = threads[0]
                assert reply.content == f'created <#{thread.id}>' and reply.ephemeral
                welcome = await fake.wait_for_message(channel=thread)
                assert welcome.content == 'welcome to game-1'
                # THREAD_CREATE reached the bot's cache
                dthread = bot.get_channel(thread.id)
                assert isinstance(dthread, discord.Thread) and dthread.parent_id == general.id
                assert any(ev == 'THREAD_CREATE' for ev, _ in fake.gateway_log)
            fake.assert_clean()

    run(main)


def test_dm_success_and_50007_forbidden():
    async def main():
        async with FakeDiscord() as fake:
            alice, bob, guild, general = await _started(fake)
            fake.set_dms_blocked(bob)
            bot = TestBot()
            async with fake.run_bot(bot):
                h = await fake.send_slash_command('invite', user=alice, channel=general, options={'player': alice})
                assert (await h.reply()).content == 'invited alice'
                dms = fake.dms(alice)
                assert [m.content for m in dms] == ['You are invited by alice']
                assert dms[0].is_dm and dms[0].channel.recipient is alice

                h2 = await fake.send_slash_command('invite', user=alice, channel=general, options={'player': bob})
                reply = await h2.reply()
                assert reply.content == 'cannot DM bob (code 50007)' and reply.ephemeral
                assert len(bot.dm_errors) == 1
                err = bot.dm_errors[0]
                assert isinstance(err, discord.Forbidden) and err.status == 403 and err.code == 50007
                assert err.text == 'Cannot send messages to this user'
                assert fake.dms(bob) == [] and [u for u, _ in fake.failed_dms] == [bob]
            fake.assert_clean()

    run(main)


def test_autocomplete_returns_choices():
    async def main():
        async with FakeDiscord() as fake:
            alice, bob, guild, general = await _started(fake)
            async with fake.run_bot(TestBot()):
                h = await fake.send_autocomplete('play', user=alice, channel=general, focused='game', value='ch')
                choices = await h.choices()
                assert choices == [{'name': 'Chess', 'value': 'chess'}, {'name': 'Checkers', 'value': 'checkers'}]

                h2 = await fake.send_slash_command('play', user=alice, channel=general, options={'game': 'go', 'rounds': 2})
                assert (await h2.reply()).content == 'playing go x2'

                # the fake refuses what the Discord client would not send
                with pytest.raises(LookupError):
                    await fake.send_slash_command('nope', user=alice, channel=general)
                with pytest.raises(AssertionError):
                    await fake.send_slash_command('play', user=alice, channel=general, options={'rounds': 2})
            fake.assert_clean()

    run(main)


def test_persistent_button_select_and_modal():
    async def main():
        async with FakeDiscord() as fake:
            alice, bob, guild, general = await _started(fake)
            bot = TestBot()
            async with fake.run_bot(bot):
                # a lobby posted "before a restart": only the persistent registration (add_view) can answer it
                seeded = fake.add_bot_message(general, 'Old lobby', components=LobbyView().to_components())
                old_click = await fake.click_button(seeded, 'lobby:join', user=alice)
                assert (await old_click.response()).type == 7
                assert seeded.content == f'Players: {alice.id}'
                bot.joined.clear()

                h = await fake.send_slash_command('lobby', user=alice, channel=general)
                lobby = await h.reply()
                assert lobby.custom_ids() == ['lobby:join', 'lobby:rename', 'lobby:start', 'lobby:mode']
                assert [b['label'] for b in lobby.buttons()] == ['Join', 'Rename', 'Start']

                click = await fake.click_button(lobby, label='Join', user=bob)
                cb = await click.response()
                assert cb.type == 7 and cb.message is lobby
                assert lobby.content == f'Players: {bob.id}'
                assert lobby.history[0]['content'] == 'Lobby open'
                assert bot.joined == [bob.id]

                # a message sent with the persistent view by another path also dispatches (message_id=None lookup)
                sel = await fake.select(lobby, 'lobby:mode', ['slow'], user=alice)
                assert (await sel.reply()).content == 'mode=slow'

                opened = await fake.click_button(lobby, 'lobby:rename', user=alice)
                modal = await opened.modal()
                assert modal['title'] == 'Rename the lobby' and modal['custom_id']
                submitted = await fake.submit_modal(opened, {'rename:name': 'Friday night'})
                assert (await submitted.reply()).content == 'renamed to Friday night'

                # deferred update (type 6) + PATCH @original edits the lobby and drops the view
                start = await fake.click_button(lobby, label='Start', user=alice)
                assert (await start.reply()) is lobby
                assert start.callback is not None and start.callback.type == 6
                assert lobby.content == 'Game started' and lobby.components == []
            fake.assert_clean()

    run(main)


def test_over_limit_content_is_rejected_and_recorded():
    async def main():
        async with FakeDiscord() as fake:
            alice, bob, guild, general = await _started(fake)
            bot = TestBot()
            async with fake.run_bot(bot):
                h = await fake.send_slash_command('shout', user=alice, channel=general, options={'length': 2001})
                reply = await h.reply()
                assert reply.content == 'failed 400 50035'
                err = bot.send_errors[0]
                assert isinstance(err, discord.HTTPException) and err.code == 50035
                assert 'content' in err.text and '2000' in err.text
                assert len(fake.violations) == 1
                v = fake.violations[0]
                assert v.code == 50035 and v.errors[0][0] == 'content'
                assert not [m for m in fake.messages_in(general) if m.content.startswith('xxx')]

                h2 = await fake.send_slash_command('shout', user=alice, channel=general, options={'length': 2000})
                assert (await h2.reply()).content == 'sent'
                assert len(fake.violations) == 1
            with pytest.raises(AssertionError):
                fake.assert_clean()

    run(main)


# ---------------------------------------------------------------------------
# fake-level checks that need no bot


def test_limit_validators():
    row = lambda n: {'type': 1, 'components': [{'type': 2, 'style': 1, 'label': str(i), 'custom_id': f'b{i}'} for i in range(n)]}
    assert V.check_components([row(5)]) == []
    assert V.check_components([row(6)])
    assert V.check_components([row(1)] * 6)
    select = {'type': 1, 'components': [{'type': 3, 'custom_id': 's', 'options': [{'label': str(i), 'value': str(i)} for i in range(26)]}]}
    assert any('options' in e[0] for e in V.check_components([select]))
    two_selects = {'type': 1, 'components': [dict(select['components'][0], options=[{'label': 'a', 'value': 'a'}]), {'type': 3, 'custom_id': 't', 'options': [{'label': 'a', 'value': 'a'}]}]}
    assert V.check_components([two_selects])
    long_id = {'type': 1, 'components': [{'type': 2, 'style': 1, 'label': 'x', 'custom_id': 'x' * 101}]}
    assert V.check_components([long_id])[0][0].endswith('custom_id')
    assert V.check_message({'content': 'x' * 2001})
    assert V.check_message({'embeds': [{'title': 't'}] * 11})
    # An embed's limits: each part, at most 25 fields, 6,000 characters over all the message's embeds.
    assert V.check_embeds([{'title': 't' * 256, 'description': 'd' * 4096, 'fields': [{'name': 'n' * 256, 'value': 'v' * 1024}]}]) == []
    for embed, where in (({'title': 't' * 257}, 'embeds.0.title'), ({'description': 'd' * 4097}, 'embeds.0.description'),
                         ({'fields': [{'name': 'n', 'value': 'v' * 1025}]}, 'embeds.0.fields.0.value'),
                         ({'fields': [{'name': 'n' * 257, 'value': 'v'}]}, 'embeds.0.fields.0.name'),
                         ({'fields': [{'name': 'n', 'value': 'v'}] * 26}, 'embeds.0.fields'),
                         ({'fields': [{'name': 'n', 'value': ''}]}, 'embeds.0.fields.0.value'),
                         ({'footer': {'text': 'f' * 2049}}, 'embeds.0.footer.text'),
                         ({'author': {'name': 'a' * 257}}, 'embeds.0.author.name')):
        assert [e[0] for e in V.check_embeds([embed])] == [where], embed
    assert [e[1] for e in V.check_embeds([{'description': 'd' * 3001}] * 2)] == ['MAX_EMBED_SIZE_EXCEEDED']
    assert V.check_autocomplete({'choices': [{'name': 'a', 'value': 'a'}] * 26})
    cmds = [{'name': f'c{i}', 'description': 'd', 'type': 1} for i in range(101)]
    assert V.check_commands(cmds)
    opts = [{'name': f'o{i}', 'description': 'd', 'type': 3} for i in range(26)]
    assert V.check_commands([{'name': 'c', 'description': 'd', 'options': opts}])
    assert V.nest_errors([('data.content', 'X', 'm')]) == {'data': {'content': {'_errors': [{'code': 'X', 'message': 'm'}]}}}


def test_names_are_as_long_as_discord_allows_and_no_longer():
    fake = FakeDiscord()
    user = fake.create_user('u' * 32, global_name='名' * 32)
    guild = fake.create_guild('G', members=(user,))
    for make in (lambda: fake.create_user('u' * 33), lambda: fake.create_user('u', global_name='名' * 33),
                 lambda: fake.add_member(guild, user, nick='n' * 33)):
        with pytest.raises(ValueError, match='1 to 32 characters'):
            make()
    user.global_name = '名' * 33  # changed afterwards: refused when the bot would see it
    with pytest.raises(ValueError):
        user.payload()


def test_unknown_route_auth_and_gateway_zlib():
    async def main():
        async with FakeDiscord() as fake:
            headers = {'Authorization': f'Bot {fake.token}'}
            async with aiohttp.ClientSession() as s:
                async with s.get(f'{fake.api_base}/guilds/1/emojis', headers=headers) as r:
                    assert r.status == 404 and (await r.json())['code'] == 0
                assert fake.unknown_routes == [('GET', '/guilds/1/emojis')]
                async with s.get(f'{fake.api_base}/users/@me', headers={'Authorization': 'Bot wrong'}) as r:
                    assert r.status == 401
                async with s.get(f'{fake.api_base}/gateway') as r:
                    assert (await r.json())['url'] == fake.gateway_url
                # raw gateway handshake with zlib-stream transport compression
                async with s.ws_connect(f'{fake.gateway_url}?v=10&encoding=json&compress=zlib-stream') as ws:
                    d = zlib.decompressobj()
                    msg = await ws.receive(timeout=5)
                    assert msg.type == aiohttp.WSMsgType.BINARY and msg.data.endswith(b'\x00\x00\xff\xff')
                    hello = json.loads(d.decompress(msg.data))
                    assert hello['op'] == 10
                    await ws.send_json({'op': 1, 'd': None})
                    ack = json.loads(d.decompress((await ws.receive(timeout=5)).data))
                    assert ack['op'] == 11
                    await ws.send_json({'op': 2, 'd': {'token': 'bad', 'intents': 1, 'properties': {}}})
                    closed = await ws.receive(timeout=5)
                    assert closed.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
                    assert ws.close_code == 4004

            # discord.py surfaces a bad token as LoginFailure
            bot = TestBot()
            with pytest.raises(discord.LoginFailure):
                async with fake.run_bot(bot, token='wrong-token', ready_timeout=5):
                    pass

    run(main)


def test_wait_timeout_is_fast_and_descriptive():
    async def main():
        async with FakeDiscord() as fake:
            alice, bob, guild, general = await _started(fake)
            with pytest.raises(WaitTimeout) as info:
                await fake.wait_for_message(lambda m: 'never' in m.content, timeout=0.2)
            assert 'timed out after 0.2s' in str(info.value)

    run(main)


def test_late_ack_is_rejected_like_discord():
    async def main():
        async with FakeDiscord(interaction_ack_deadline=0.2) as fake:
            alice, bob, guild, general = await _started(fake)
            bot = TestBot()
            async with fake.run_bot(bot):
                h = await fake.send_slash_command('sleepy', user=alice, channel=general, options={'seconds': 0.4})
                await fake.wait_until(lambda: bot.send_errors, timeout=5, what='bot NotFound')
                err = bot.send_errors[0]
                assert isinstance(err, discord.NotFound) and err.code == 10062
                assert h.callback is None and h.errors and h.errors[0].code == 10062
                assert [v.code for v in fake.violations] == [10062]

    run(main)


def test_gateway_reconnect_resume_and_members_intent():
    async def main():
        async with FakeDiscord() as fake:
            alice, bob, guild, general = await _started(fake)
            intents = discord.Intents.default()
            intents.members = True
            bot = TestBot(intents=intents)  # members intent -> full member list in GUILD_CREATE
            async with fake.run_bot(bot):
                dguild = bot.get_guild(guild.id)
                assert dguild is not None and {m.id for m in dguild.members} == set(guild.members)

                await fake.gateway_reconnect()  # op 7 -> discord.py reconnects and RESUMEs
                await fake.wait_until(lambda: fake.resumes, timeout=5, what='RESUME')
                await fake.wait_for_bot()
                assert len(fake.identify_payloads) == 1
                h = await fake.send_slash_command('ping', user=alice, channel=general)
                assert (await h.reply()).content == 'pong'

                # user messages and late world changes reach the bot
                carol = fake.create_user('carol')
                fake.add_member(guild, carol)
                await fake.wait_until(lambda: dguild.get_member(carol.id), timeout=5, what='GUILD_MEMBER_ADD')
                seen: List[discord.Message] = []

                async def on_message(message: discord.Message):
                    seen.append(message)

                bot.add_listener(on_message)
                await fake.user_message(alice, general, 'hello bot')
                await fake.wait_until(lambda: seen, timeout=5, what='on_message')
                # no message-content intent: Discord blanks the content for the bot
                assert seen[0].author.id == alice.id and seen[0].content == ''
            fake.assert_clean()

    run(main)


def test_rest_endpoints_used_directly_from_a_plain_client():
    """A bare discord.Client; the test drives discord.py's REST API itself."""

    async def main():
        async with FakeDiscord() as fake:
            alice, bob, guild, general = await _started(fake)
            client = discord.Client(intents=discord.Intents.default())
            tree = app_commands.CommandTree(client)
            async with fake.run_bot(client):
                channel = client.get_channel(general.id)
                assert isinstance(channel, discord.TextChannel)

                sent = await channel.send('hello', embed=discord.Embed(title='Board', description='turn 1'))
                await sent.add_reaction('\N{WHITE HEAVY CHECK MARK}')
                await sent.pin()
                edited = await sent.edit(content='hello again')
                assert edited.content == 'hello again'
                rec = fake.find_messages(lambda m: m.id == sent.id)[0]
                assert rec.text == 'hello again\nBoard\nturn 1' and rec.pinned
                assert rec.reactions == {'\N{WHITE HEAVY CHECK MARK}': [fake.bot_user.id]}
                assert [m.content async for m in channel.history(limit=5)] == ['hello again']

                thread = await sent.create_thread(name='from-message')
                assert thread.id == sent.id  # Discord: a message thread has the message's id
                await thread.add_user(discord.Object(alice.id))
                await thread.edit(archived=True)
                assert fake.channels[thread.id].archived and alice.id in fake.channels[thread.id].thread_member_ids

                assert (await client.fetch_user(bob.id)).name == 'bob'
                assert (await client.fetch_channel(general.id)).name == 'general'
                dguild = client.get_guild(guild.id)
                assert dguild is not None
                assert (await dguild.fetch_member(alice.id)).id == alice.id
                assert [c.name for c in await dguild.fetch_channels()] == ['general']

                await sent.delete()
                assert rec.deleted

                # oversized file: Discord answers 413 / 40005
                with pytest.raises(discord.HTTPException) as big:
                    await channel.send(file=discord.File(io.BytesIO(b'\0' * (10 * 1024 * 1024 + 1)), filename='big.bin'))
                assert big.value.status == 413 and big.value.code == 40005

                # 101 slash commands (CommandTree refuses >100 itself, so use the raw HTTP call)
                payload = [{'name': f'c{i}', 'description': 'd', 'type': 1} for i in range(101)]
                with pytest.raises(discord.HTTPException) as many:
                    await client.http.bulk_upsert_global_commands(fake.application_id, payload)
                assert many.value.code == 50035 and fake.commands() == []
                tree.command(name='ok', description='d')(_noop)
                assert [c.name for c in await tree.sync()] == ['ok']
                assert sorted(v.code for v in fake.violations) == [40005, 50035]

                # injected failures
                fake.inject_error('POST', r'/channels/\d+/messages$', status=403, code=50013, message='Missing Permissions')
                with pytest.raises(discord.Forbidden) as forb:
                    await channel.send('nope')
                assert forb.value.code == 50013
                await channel.send('works again')
            assert not fake.unknown_routes and not fake.internal_errors and not fake.bot_errors

    run(main)


async def _noop(interaction: discord.Interaction):
    await interaction.response.send_message('ok')


def test_gateway_events_are_routed_by_shard_like_discord():
    """A session that identified with ``shard=[id, count]`` gets READY/GUILD_CREATE and every
    event of a guild only when ``(guild_id >> 22) % count == id``, DMs only on shard 0; a session
    without a shard gets everything."""
    from tests.fakediscord import shard_of

    async def main():
        async with FakeDiscord() as fake:
            alice = fake.create_user('alice')
            guilds = []
            while {shard_of(g.id, 2) for g in guilds} != {0, 1}:  # ids are time based: the next ms
                guilds.append(fake.create_guild(f'g{len(guilds)}', members=(alice,)))
                await asyncio.sleep(0.001)
            by_shard = {shard_of(g.id, 2): g for g in guilds}
            headers = {'Authorization': f'Bot {fake.token}'}
            async with aiohttp.ClientSession() as http:
                async with http.put(f'{fake.api_base}/applications/{fake.application_id}/commands', headers=headers,
                                    json=[{'name': 'ping', 'description': 'ping', 'type': 1}]) as r:
                    assert r.status == 200

                async def connect(shard):
                    ws = await http.ws_connect(f'{fake.gateway_url}?v=10&encoding=json')
                    assert (await ws.receive_json(timeout=5))['op'] == 10
                    d = {'token': fake.token, 'intents': discord.Intents.default().value, 'properties': {}}
                    if shard is not None:
                        d['shard'] = shard
                    await ws.send_json({'op': 2, 'd': d})
                    return ws

                sockets = {name: await connect(shard) for name, shard in
                           (('shard 0', [0, 2]), ('shard 1', [1, 2]), ('unsharded', None))}
                await fake.wait_until(lambda: len(fake.live_sessions()) == 3, what='three sessions')

                async def events(ws):
                    """(event, guild id or None) of everything sent until the socket is quiet."""
                    got = []
                    while True:
                        try:
                            msg = await ws.receive_json(timeout=0.3)
                        except TimeoutError:
                            return got
                        d = msg.get('d') or {}
                        gid = d.get('guild_id') or (d.get('id') if msg['t'] == 'GUILD_CREATE' else None)
                        got.append((msg['t'], int(gid) if gid else None))
                        if msg['t'] == 'READY':
                            got += [('READY guild', int(g['id'])) for g in d['guilds']]

                every = {g.id for g in guilds}
                for name, ws in sockets.items():
                    seen = await events(ws)
                    want = every if name == 'unsharded' else {g.id for g in guilds if shard_of(g.id, 2) == int(name[-1])}
                    assert {gid for event, gid in seen if event == 'READY guild'} == want, name
                    assert {gid for event, gid in seen if event == 'GUILD_CREATE'} == want, name

                # A guild's messages, interactions, channels and members; a DM; a new guild.
                for g in by_shard.values():
                    await fake.user_message(alice, g.channel('general'), 'hi')
                    await fake.send_slash_command('ping', user=alice, channel=g.channel('general'))
                    fake.create_text_channel(g, 'more')
                    fake.add_member(g, fake.create_user(f'carol{g.id}'))
                await fake.user_message(alice, fake.bot_user, 'a DM')
                await fake.flush_events()
                late = fake.create_guild('late')
                await fake.flush_events()
                for name, ws in sockets.items():
                    seen = await events(ws)
                    if name == 'unsharded':
                        want = {(e, g.id) for g in by_shard.values()
                                for e in ('MESSAGE_CREATE', 'INTERACTION_CREATE', 'CHANNEL_CREATE')}
                        want |= {('MESSAGE_CREATE', None), ('GUILD_CREATE', late.id)}
                    else:
                        n = int(name[-1])
                        want = {(e, by_shard[n].id) for e in ('MESSAGE_CREATE', 'INTERACTION_CREATE', 'CHANNEL_CREATE')}
                        want |= {('MESSAGE_CREATE', None)} if n == 0 else set()
                        want |= {('GUILD_CREATE', late.id)} if shard_of(late.id, 2) == n else set()
                    # GUILD_MEMBER_ADD needs the members intent, which none of them asked for
                    assert set(seen) == want, (name, seen)
                for ws in sockets.values():
                    await ws.close()

    run(main)
