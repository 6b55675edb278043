"""A game night in voice through the real bot and the emulated Discord: five members in a
voice channel, ``/claimit new voice:true`` typed in its chat invites the four others, who
are seated as they accept; the board opens in the voice channel; while the game is played
the channel's status follows it (in the server's language), a member leaving voice keeps
their seat, and the game's end clears it. Without the permissions to set it, or with the
server's ``voice_status`` off, no status is asked for (one log line for the game, where
it is the permissions). ``voice:`` typed anywhere but the chat of the host's voice
channel, or with nobody else there, is refused in plain words and makes nothing."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import AsyncIterator
from functools import partial
from pathlib import Path

import aiohttp
import discord
import pytest

from bot.discord_ui.game_events import GameEnded
from bot.discord_ui.table_asks import On
from bot.features.voice_status.discord.statuses import VoiceStatuses
from bot.games.faces import face_for
from bot.games.registry import rules_for
from bot.service import Actor
from bot.storage import Game, GameStatus
from bot.storage.game_values import Level
from emulator import Channel, Message, User
from emulator.rate_limits import VOICE_STATUS
from emulator.world import VOICE_BOT_PERMISSIONS
from i18n import english, language
from tests.e2e.board_viewer import connected, signed_in
from tests.e2e.world import World, describe, ephemeral_answer, make_world

pytestmark = pytest.mark.e2e

STATUS_PERMISSIONS = VOICE_BOT_PERMISSIONS | discord.Permissions(
    set_voice_channel_status=True, manage_channels=True
)
"""What the bot needs besides a voice channel's defaults to set its status: it never
joins voice, so Manage Channels too."""
SKIPPED = "its status is not set"


async def voice_world(
    tmp_path: Path,
    permissions: discord.Permissions = STATUS_PERMISSIONS,
    locale: str | None = None,
) -> tuple[World, Channel]:
    """A world of five members with a voice channel (the bot's ``permissions`` there),
    whose bot serves the board; with ``locale``, a server speaking that language."""
    world = await make_world(tmp_path, 5, locale=locale)
    voice = world.discord.add_voice_channel(world.guild, "Game night", permissions)
    await world.start_bot(board=True)
    return world, voice


@pytest.fixture
async def night(tmp_path: Path) -> AsyncIterator[tuple[World, Channel]]:
    world, voice = await voice_world(tmp_path)
    async with world:
        yield world, voice


async def in_voice(world: World, voice: Channel, *users: User) -> None:
    """``users`` join the voice channel, once the bot has heard of each."""
    for user in users:
        await world.discord.join_voice(user, voice)
    await heard(world, voice, {u.id for u in world.discord.in_voice(voice)})


async def heard(world: World, voice: Channel, present: set[int]) -> None:
    """Until the bot's cache says exactly ``present`` are in the voice channel."""
    channel = world.bots[0].get_channel(voice.id)
    assert isinstance(channel, discord.VoiceChannel)
    while set(channel.voice_states) != present:
        await asyncio.sleep(0.01)


def status_requests(world: World, voice: Channel) -> list[int]:
    """The statuses of each voice-status request the bot made in ``voice``."""
    return [
        r.status
        for r in world.discord.requests
        if r.route == VOICE_STATUS and r.channel == voice.id
    ]


async def statuses_sent(world: World, game: Game) -> Game:
    """The game once shown, its events heard and the statuses they asked for sent."""
    game = await world.shown_and_heard(game.id)
    await world.bots[0].parts.get(VoiceStatuses).statuses.idle()
    return game


async def moves(world: World, game: Game, count: int) -> Game:
    """``count`` moves of the game's people, each shown through its table (each the move
    a computer player would make)."""
    bot, rules, rng = world.bots[0], rules_for(game.kind), random.Random(5)
    for _ in range(count):
        game = await world.shown_and_heard(game.id)
        seat = rules.to_act(game.state)[0]
        intent = rules.decide(game.state, seat, Level.NORMAL, rng)
        act = partial(bot.service.turns.act, game.id, Actor(game.seats[seat].user_id), None)
        await bot.table.move(game.id, partial(act, intent), On.TABLE)
    return await statuses_sent(world, game)


async def invitation(world: World, voice: Channel, user: User) -> Message:
    """The message in the voice channel's chat inviting ``user``."""
    return await world.discord.wait_for_message(voice, lambda m: f"<@{user.id}>" in describe(m))


async def two_in_voice_playing(
    world: World, voice: Channel, words: tuple[str, str, str] = ("new", "Join", "Start")
) -> Game:
    """Ann and Bo in voice, a game of Claim It! between them started in its chat (typed and
    pressed in the ``words`` of their Discord's language)."""
    ann, bo = world.players[:2]
    new, join, start = words
    await in_voice(world, voice, ann, bo)
    lobby = (await world.command(ann, f"claimit {new}", where=voice)).response_message
    assert lobby is not None
    await world.click(bo, lobby, join)
    await world.click(ann, lobby, start)
    return await world.game_here(voice)


def shown_status(world: World, game: Game, code: str = "en") -> str:
    return face_for(game.kind).voice_status(game, english() if code == "en" else language(code))


async def test_a_voice_night_invites_the_voice_channel_and_its_status_follows_the_game(
    night: tuple[World, Channel], session: aiohttp.ClientSession
) -> None:
    world, voice = night
    ann, bo, cy, di, ed = world.players[:5]
    await in_voice(world, voice, ann, bo, cy, di, ed)
    created = await world.command(ann, "claimit new", where=voice, voice=True)
    lobby = created.response_message
    assert lobby is not None and not lobby.ephemeral and lobby in voice.visible()
    await world.quiet()
    await world.handled()
    for user in (bo, cy, di, ed):
        asked = await invitation(world, voice, user)
        assert asked.button_labels() == ["Accept", "Decline"]
        await world.click(user, asked, "Accept")
    assert all(name in describe(lobby) for name in ("Bo", "Cy", "Di", "Ed"))
    await world.click(ann, lobby, "Start")
    game = await statuses_sent(world, await world.game_here(voice))
    assert [seat.user_id for seat in game.seats] == [u.id for u in (ann, bo, cy, di, ed)]
    assert voice.voice_status == shown_status(world, game)
    assert voice.voice_status.startswith("Claim It! #1 · ")

    clicked = await world.click(ann, world.table(voice), "Open the board")
    assert clicked.response_type == 12
    instance = world.discord.channel_activity(voice.id)
    assert instance is not None and ann.id in instance.users
    token = await signed_in(world.discord, world.boards[0], ann, session)
    viewer = await connected(world.boards[0], session, token, instance.id)
    await viewer.wait_for(lambda f: f["type"] == "welcome")
    assert (await viewer.game())["game"]["id"] == game.id

    game = await moves(world, game, 8)
    assert voice.voice_status == shown_status(world, game)
    await world.discord.leave_voice(bo, world.guild)
    await heard(world, voice, {ann.id, cy.id, di.id, ed.id})
    game = await moves(world, game, 4)
    assert game.seats[1].user_id == bo.id and not game.seats[1].is_bot
    assert voice.voice_status == shown_status(world, game)
    sent = len(status_requests(world, voice))

    finished = await world.played_out(game)
    await statuses_sent(world, finished)
    assert finished.status is GameStatus.FINISHED
    assert voice.voice_status is None
    assert set(status_requests(world, voice)) == {204}
    assert len(status_requests(world, voice)) > sent


async def test_a_german_server_s_voice_channel_says_it_in_german(tmp_path: Path) -> None:
    world, voice = await voice_world(tmp_path, locale="de")
    async with world:
        game = await two_in_voice_playing(world, voice, ("neu", "Beitreten", "Starten"))
        game = await moves(world, game, 3)
        assert voice.voice_status == shown_status(world, game, "de")
        assert voice.voice_status is not None
        assert " ist am Zug · " in voice.voice_status and "Claim-Marker" in voice.voice_status


async def test_without_the_permissions_the_status_is_skipped_with_one_log_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    world, voice = await voice_world(tmp_path, VOICE_BOT_PERMISSIONS)
    async with world:
        with caplog.at_level(logging.INFO):
            game = await two_in_voice_playing(world, voice)
            game = await moves(world, game, 6)
            await statuses_sent(world, await world.played_out(game))
        assert status_requests(world, voice) == []
        assert voice.voice_status is None
        skipped = [r for r in caplog.records if SKIPPED in r.getMessage()]
        assert len(skipped) == 1 and skipped[0].exc_info is None
        assert not [r for r in caplog.records if r.exc_info and r.levelno >= logging.WARNING]


async def test_a_server_that_turned_it_off_gets_no_status(tmp_path: Path) -> None:
    world, voice = await voice_world(tmp_path)
    async with world:
        await world.command(world.players[0], "server settings", voice_status=False)
        game = await two_in_voice_playing(world, voice)
        game = await moves(world, game, 4)
        assert status_requests(world, voice) == []
        assert voice.voice_status is None


async def test_a_voice_night_is_refused_outside_the_hosts_voice_channel_and_makes_nothing(
    night: tuple[World, Channel],
) -> None:
    world, voice = night
    ann, bo = world.players[:2]
    elsewhere = await world.command(ann, "claimit new", voice=True)
    assert ephemeral_answer(elsewhere) == (
        "A game night in voice is opened from a voice channel's chat: join a voice channel "
        "and type this in its chat. Nothing was made."
    )
    await in_voice(world, voice, bo)
    not_in = await world.command(ann, "claimit new", where=voice, voice=True)
    assert ephemeral_answer(not_in) == (
        "You're not in this voice channel: join it, then type this again. Nothing was made."
    )
    await world.discord.leave_voice(bo, world.guild)
    await in_voice(world, voice, ann)
    alone = await world.command(ann, "claimit new", where=voice, voice=True)
    assert ephemeral_answer(alone) == (
        "Nobody else is in this voice channel yet: once your friends have joined it, type "
        "this again. Nothing was made."
    )
    service = world.bots[0].service
    assert await service.current_game(world.channel.id) is None
    assert await service.current_game(voice.id) is None
    assert status_requests(world, voice) == []


async def test_a_server_that_wants_threads_plays_a_voice_night_in_the_voice_chat(
    night: tuple[World, Channel],
) -> None:
    world, voice = night
    ann, bo = world.players[:2]
    await world.command(ann, "server settings", threads=True)
    await in_voice(world, voice, ann, bo)
    created = await world.command(ann, "claimit new", where=voice, voice=True)
    assert await world.refusal(created) == "Games in a voice channel's chat play right there."
    game = await world.game_here(voice)
    assert game.thread_id is None and game.place_id == voice.id
    assert created.response_message in voice.visible()


async def test_a_cancelled_game_clears_the_status(night: tuple[World, Channel]) -> None:
    world, voice = night
    game = await moves(world, await two_in_voice_playing(world, voice), 2)
    assert voice.voice_status == shown_status(world, game)
    await world.command(world.players[0], "claimit cancel", where=voice)
    cancelled = await statuses_sent(world, game)
    assert cancelled.status is GameStatus.CANCELLED
    assert voice.voice_status is None
    # A start tells again of an end it showed just before a stop (after clearing what the
    # stop left owed): the status names the game no more, and nothing is asked.
    cleared = len(status_requests(world, voice))
    part = world.bots[0].parts.get(VoiceStatuses)
    await part.game_ended(GameEnded(cancelled, None))
    await part.statuses.idle()
    assert len(status_requests(world, voice)) == cleared
