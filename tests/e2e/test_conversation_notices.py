"""Turn notices of a conversation's game (a group DM here, the bot no member of it): there
is no channel, so whoever wants to hear of their turns is told by direct message, the
notice naming the conversation and linking to the game's message there; nothing is
posted in the group DM, nor read of it. Discord lets the bot write only to someone who
installed the app or shares a server with it: anyone else is told nothing, one log line
says so, their DMs are not taken for closed (their servers' turns would go to the
channel), and the bot does not ask again for an hour."""

from __future__ import annotations

import logging
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.discord_ui.core.players.handlers import Players
from bot.discord_ui.face_drawing import to_ping
from bot.discord_ui.turn_notices import UNREACHABLE_FOR
from bot.service import Actor, GameService, Where
from bot.service.game_parts import Player
from bot.storage import ConversationKind, Game
from bot.storage.opening import open_database
from emulator import Channel, Message, User
from i18n import language
from tests.e2e.world import (
    World,
    describe,
    ephemeral_answer,
    make_world,
    note_of,
    pick_button,
    running_world,
)

GROUP_NAME = "Flo, Gus"
SHOWN_AS = 1_500_000_000_000_000_777
"""The id of the game's message in the group DM, as the lobby's answer made it."""
WEEK = 7 * 24 * 3600


@dataclass
class Group:
    """Flo, who installed the app and shares no server with the bot, and Gus, who did
    neither, in a group DM, playing a game of a week's turns there whose first turn is
    ``first``'s."""

    world: World
    channel: Channel
    flo: User
    gus: User
    game: Game

    @property
    def first(self) -> User:
        (user,) = to_ping(self.game)
        return self.flo if user == self.flo.id else self.gus


async def _group(tmp_path: Path, gus_first: bool) -> AsyncIterator[Group]:
    """The group DM's game is made and shown (as the lobby in the group DM would have),
    its message there ``SHOWN_AS``, its host playing first. Flo's game is there before
    the bot starts, which tells her of her turn as it resumes the game; Gus's comes once
    it is up, and the test shows his turn itself."""
    world = await make_world(tmp_path, synced=True)
    async with world:
        flo = world.discord.add_user("Flo")
        gus = world.discord.add_user("Gus")
        channel = world.discord.add_group_dm(flo, [gus])
        world.discord.install_to_user(flo)
        if gus_first:
            await world.start_bot()
        database = await open_database(world.database)
        try:
            service = GameService(database, dice=random.Random(1), clock=world.clock.now)
            host, guest = (gus, flo) if gus_first else (flo, gus)
            game = await _started(service, channel, host, guest)
        finally:
            await database.close()
        if not gus_first:
            await world.start_bot()
        yield Group(world, channel, flo, gus, game)


async def _started(service: GameService, channel: Channel, host: User, guest: User) -> Game:
    scope = await service.conversations.private_scope(
        channel.id, ConversationKind.GROUP_DM, GROUP_NAME
    )
    here = Where(0, channel.id)
    lobby = await service.create_lobby(
        kind="claimit",
        guild_id=scope,
        channel_id=channel.id,
        host=Player(host.id, host.name),
        turn_timeout=WEEK,
        reached_in=0,
    )
    lobby = await service.join(lobby.id, Player(guest.id, guest.name), None, here)
    game = await service.start(lobby.id, Actor(host.id, where=here), lobby.version)
    await service.messages.mark_shown(
        game.id,
        game.version,
        {"lobby_message_id": SHOWN_AS, "turn_message_id": SHOWN_AS},
        turn_posted_late=True,
    )
    return await service.game(game.id)


@pytest.fixture
async def flos_turn(tmp_path: Path) -> AsyncIterator[Group]:
    async for group in _group(tmp_path, gus_first=False):
        assert group.first is group.flo
        yield group


@pytest.fixture
async def gus_turn(tmp_path: Path) -> AsyncIterator[Group]:
    async for group in _group(tmp_path, gus_first=True):
        assert group.first is group.gus
        yield group


def notices(world: World, user: User) -> list[Message]:
    """The bot's messages in the user's DMs that are still there."""
    dm = world.discord.dm_with(user)
    return [
        m
        for m in dm.messages
        if m.author.id == world.discord.bot.id and not m.ephemeral and not m.deleted
    ]


def refused_writes(world: World, user: User) -> int:
    """How many of the bot's posts to the user's DMs Discord refused."""
    dm = world.discord.dm_with(user).id
    return sum(
        1
        for r in list(world.discord.requests)
        if r.channel == dm and r.route.startswith("POST") and r.status == 403
    )


def asked_in(world: World, place: Channel) -> list[str]:
    """The bot's REST requests about ``place`` (a post, an edit, a read of its history)."""
    return [r.route for r in list(world.discord.requests) if r.channel == place.id]


async def test_the_installer_is_told_by_direct_message_naming_the_group_dm(
    flos_turn: Group,
) -> None:
    world, flo = flos_turn.world, flos_turn.flo
    link = f"https://discord.com/channels/@me/{flos_turn.channel.id}/{SHOWN_AS}"
    notice = await world.discord.wait_for_message(world.discord.dm_with(flo), lambda m: True)
    await world.handled()
    assert notices(world, flo) == [notice]
    assert note_of(notice) == f"🎲 Your turn in [Claim It! #1]({link}), in **{GROUP_NAME}**."
    assert "Roll" in " ".join(notice.button_labels()), "her turn's controls"
    assert notices(world, flos_turn.gus) == []
    # Her games, asked in her DM with the bot, name the group DM and link there too.
    mine = await world.command(flo, "my games", where=world.discord.dm_with(flo))
    assert f"**[Claim It! #1]({link}) in {GROUP_NAME}**: your turn" in ephemeral_answer(mine)

    # The week's turn nears its end: the bot's own deadline watch tells her again, by
    # direct message, in place of the first.
    world.advance(WEEK - 24 * 3600)
    reminder = await world.discord.wait_for_message(
        world.discord.dm_with(flo), lambda m: "⏰" in note_of(m)
    )
    await world.handled()
    assert notices(world, flo) == [reminder]
    assert note_of(reminder).startswith(
        f"🎲 Your turn in [Claim It! #1]({link}), in **{GROUP_NAME}**.\n⏰ Your turn ends "
    )
    # Nothing was posted in the group DM, edited there or read of it; nor is anyone
    # looked up as a member of its scope (no server's), at a deadline or a press.
    assert asked_in(world, flos_turn.channel) == []
    departures = world.bots[0].parts.get(Players).context.departures
    assert not await departures.gone(flos_turn.game.guild_id, flo.id)
    assert [r.route for r in list(world.discord.requests) if "/members/" in r.route] == []
    assert [m for m in flos_turn.channel.messages if m.author.id == world.discord.bot.id] == []


async def test_a_notice_never_recorded_is_tidied_and_the_group_dm_never_read(
    flos_turn: Group,
) -> None:
    world, flo = flos_turn.world, flos_turn.flo
    bot = world.bots[0]
    notice = await world.discord.wait_for_message(world.discord.dm_with(flo), lambda m: True)
    # Resuming the game holds its show while it tells her, then records the notice.
    async with bot.table.displays.hold(flos_turn.game.id):
        pass
    # As if the bot had stopped before recording it: Discord made it, the bot knows none.
    (kept,) = await bot.service.players.notices(flos_turn.game.id)
    await bot.service.players.forget_notice(kept)
    bot.table.pings.notices.unknown()
    await bot.table.pings.tidy(flos_turn.game)
    assert notices(world, flo) == [] and notice.deleted
    assert asked_in(world, flos_turn.channel) == []


async def test_a_member_the_bot_cannot_write_to_is_told_nothing_and_not_taken_for_closed(
    gus_turn: Group, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="bot.discord_ui.turn_notices")
    world, gus = gus_turn.world, gus_turn.gus
    bot = world.bots[0]
    pings = bot.table.pings
    english = language("en")
    await pings.update(gus_turn.game, (), english)
    assert notices(world, gus) == []
    assert refused_writes(world, gus) == 1
    said = [r.getMessage() for r in caplog.records if r.name == "bot.discord_ui.turn_notices"]
    assert said == [f"{gus.id} can't be written to; not told of game {gus_turn.game.id}"]
    assert not (await bot.service.players.get(gus.id)).dms_closed
    # Not asked again within the hour (the reminder, another look at the turn) ...
    await pings.remind_before_end(gus_turn.game, english)
    assert refused_writes(world, gus) == 1
    # ... but after it.
    world.advance(UNREACHABLE_FOR)
    await pings.remind_before_end(gus_turn.game, english)
    assert refused_writes(world, gus) == 2
    assert not (await bot.service.players.get(gus.id)).dms_closed
    assert asked_in(world, gus_turn.channel) == []


UNREACHED = (
    "I can't write to you, so you aren't told of your turns: install the app to your account "
    "and let it message you."
)


async def test_a_turn_in_a_group_dm_is_played_from_its_notice_and_the_message_follows(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="bot.discord_ui.turn_notices")
    async with running_world(tmp_path) as world:
        flo = world.discord.add_user("Flo")
        gus = world.discord.add_user("Gus")
        group = world.discord.add_group_dm(flo, [gus])
        world.discord.install_to_user(flo)
        asked = await world.command(flo, "claimit new", where=group)
        table = asked.response_message
        assert table is not None
        await world.click(gus, table, "Join")
        await world.click(flo, table, "Start")
        await world.quiet()
        game = await world.bots[0].service.current_game(group.id)
        assert game is not None and to_ping(game) == [flo.id]

        (notice,) = notices(world, flo)
        link = f"https://discord.com/channels/@me/{group.id}/{table.id}"
        assert note_of(notice) == f"🎲 Your turn in [Claim It! #1]({link}), in **{GROUP_NAME}**."
        rng = random.Random(2)
        while to_ping(game := await world.settled(game.id)) == [flo.id]:
            (notice,) = notices(world, flo)
            await world.click(flo, notice, pick_button(notice, rng, 1.0))
        assert notices(world, flo) == [], "gone with her turn"
        shown = describe(table)
        assert "Flo stopped" in shown and "**Gus**: roll the dice." in shown, "it follows"

        # Gus, whom the bot can't write to, is told nothing, and once why at his next press.
        assert notices(world, gus) == []
        said = [r.getMessage() for r in caplog.records if r.name == "bot.discord_ui.turn_notices"]
        assert said == [f"{gus.id} can't be written to; not told of game {game.id}"]
        assert not (await world.bots[0].service.players.get(gus.id)).dms_closed

        def told_why() -> list[Message]:
            return [m for m in group.messages if m.ephemeral and m.content == UNREACHED]

        await world.click(gus, table, "Roll")
        assert [m.visible_to for m in told_why()] == [gus.id]
        if to_ping(await world.settled(game.id)) == [gus.id]:
            await world.click(gus, table, pick_button(table, rng, 0.0))
            assert len(told_why()) == 1, "once"
        assert [r.route for r in list(world.discord.requests) if r.status >= 400] == [
            "POST /channels/{channel}/messages"
        ], "his DM refused once, and nothing asked of the group DM"
