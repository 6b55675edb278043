"""A message the bot posts for a game and never records (Discord made it, but its answer
was lost, or the bot stopped before recording it) leaves no stray behind: posted again
under its nonce it is the message Discord made, and whatever of it is stale by the time
the game is shown again (its player moved meanwhile, the bot was away for longer than
Discord keeps a nonce) is deleted. So a game has one live table, one ping and one turn
notice per player at most, and none of them once it is over.

Deterministic: Discord makes the message and answers 503 (``fail(..., made=True)``), or
the bot's record of it fails; the bot's clock decides when the reconciler tries again."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Iterable

import pytest
from aiohttp import web

from bot.discord_ui.face_drawing import to_ping
from bot.storage import Game, TurnNotice
from emulator import Channel, Message, User
from tests.e2e.world import World, pick_button

CREATE_MESSAGE = "POST /channels/{channel}/messages"
NONCE_WINDOW = 5 * 60.0
"""Discord's "past few minutes" within which a nonce finds its message (the emulator's
``nonce_window``)."""


def into(channel: Channel, *, files: bool = False) -> Callable[[web.Request], bool]:
    """A fault's ``when``: a post into ``channel`` (with ``files``, only one that uploads
    a picture: a table rather than a ping)."""

    def applies(request: web.Request) -> bool:
        if request.match_info["channel"] != str(channel.id):
            return False
        return not files or request.content_type == "multipart/form-data"

    return applies


def live(messages: Iterable[Message], game: Game) -> list[Message]:
    """The messages with buttons of the game's turns."""
    turns = (f"claimit:turn:{game.id}:", f"claimit:pick:{game.id}:")
    return [
        m
        for m in messages
        if not m.deleted and any(str(b.get("custom_id")).startswith(turns) for b in m.buttons())
    ]


def notices(world: World, user: User, game: Game) -> list[Message]:
    """The live turn notices of the game in the user's direct messages."""
    return live(world.discord.dm_with(user).messages, game)


async def caught_up(world: World) -> None:
    """Once the reconciler's retry (a second later, on the bot's clock) is done."""
    world.clock.advance(2)
    await world.bots[0].table.reconciler.idle.wait()


async def until_turn_of(world: World, user: User, game: Game, rng: random.Random) -> Game:
    """Whoever else is to act ends their turn until it is ``user``'s."""
    while to_ping(game := await world.settled(game.id)) != [user.id]:
        mover = world.user(to_ping(game)[0])
        table = world.latest_with_buttons()
        await world.click(mover, table, pick_button(table, rng, 1.0))
    return game


async def started(world: World, *, dm: User | None = None, pings: str = "always") -> Game:
    """A two-player game of Ann and Bo, in a server that pings as ``pings`` says; ``dm``
    is told of their turns by direct message."""
    await world.command(world.players[0], "server settings", pings=pings)
    if dm is not None:
        await world.command(dm, "my settings", notify="dm")
    await world.start_game(2)
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is not None
    return game


async def test_a_turn_notice_whose_answer_was_lost_is_sent_once(world: World) -> None:
    ann = world.players[0]
    lost = world.discord.fail(CREATE_MESSAGE, 503, made=True, when=into(world.discord.dm_with(ann)))
    game = await until_turn_of(world, ann, await started(world, dm=ann), random.Random(1))
    assert lost.hits == 1
    await caught_up(world)
    (notice,) = notices(world, ann, game)
    assert len(world.discord.dm_with(ann).messages) == 1, "sent again, it is the one made"
    kept = await world.bots[0].service.players.notices(game.id)
    assert [n.message_id for n in kept] == [notice.id]


async def test_a_turn_notice_left_unrecorded_goes_once_its_player_moved(world: World) -> None:
    ann = world.players[0]
    lost = world.discord.fail(CREATE_MESSAGE, 503, made=True, when=into(world.discord.dm_with(ann)))
    rng = random.Random(1)
    game = await until_turn_of(world, ann, await started(world, dm=ann), rng)
    assert lost.hits == 1 and len(notices(world, ann, game)) == 1
    # She moves on the table before the bot tries her notice again.
    table = world.latest_with_buttons()
    await world.click(ann, table, pick_button(table, rng, 1.0))
    # Told of her turn, she is not told again while it goes on.
    assert notices(world, ann, game) == []
    while (game := await world.settled(game.id)).status.is_open:
        mover = world.user(to_ping(game)[0])
        table = world.latest_with_buttons()
        await world.click(mover, table, pick_button(table, rng, 0.5))
    assert notices(world, ann, game) == [], "none once the game is over"


async def test_a_turn_notice_left_unrecorded_is_kept_once_its_player_moved_from_it(
    world: World,
) -> None:
    ann = world.players[0]
    world.discord.fail(CREATE_MESSAGE, 503, made=True, when=into(world.discord.dm_with(ann)))
    game = await until_turn_of(world, ann, await started(world, dm=ann), random.Random(1))
    (notice,) = notices(world, ann, game)
    await world.click(ann, notice, "Roll")
    game = await world.settled(game.id)
    assert to_ping(game) == [ann.id], "her turn goes on: the notice shows what she places"
    assert notices(world, ann, game) == [notice]
    kept = await world.bots[0].service.players.notices(game.id)
    assert [n.message_id for n in kept] == [notice.id]


async def test_a_turn_notice_posted_just_before_a_stop_is_not_doubled(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    ann = world.players[0]
    players = world.bots[0].service.players
    keep = players.keep_notice
    failed = asyncio.Event()

    async def fails_once(notice: TurnNotice) -> None:
        if not failed.is_set():
            failed.set()
            raise OSError("disk full")
        await keep(notice)

    monkeypatch.setattr(players, "keep_notice", fails_once)
    game = await until_turn_of(world, ann, await started(world, dm=ann), random.Random(1))
    assert failed.is_set()
    # The bot stops before its retry, and is away for longer than Discord keeps a nonce.
    await world.stop_bots()
    world.advance(NONCE_WINDOW + 60)
    await world.start_bot()
    # Once the start's catch-up has told her again, it is waited for to its end.
    dm = world.discord.dm_with(ann)
    await world.discord.wait_until(lambda: len(dm.messages) == 2)
    await world.bots[0].table.reconciler.idle.wait()
    (notice,) = notices(world, ann, game)
    kept = await world.bots[0].service.players.notices(game.id)
    assert [n.message_id for n in kept] == [notice.id]


async def test_a_ping_left_unrecorded_goes_once_its_player_moved(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    places = world.bots[0].service.messages
    record = places.set_ping
    failed = asyncio.Event()

    async def fails_once(game_id: int, message_id: int | None, users: Iterable[int]) -> None:
        if message_id is not None and not failed.is_set():
            failed.set()
            raise OSError("disk full")
        await record(game_id, message_id, users)

    monkeypatch.setattr(places, "set_ping", fails_once)
    rng = random.Random(1)
    game = await world.settled((await started(world)).id)
    assert failed.is_set()
    (ping,) = world.pings()
    (mover,) = to_ping(game)
    assert ping.mentions == [mover]
    # The player pinged moves before the bot tries again: the ping it never recorded goes.
    table = world.latest_with_buttons()
    await world.click(world.user(mover), table, pick_button(table, rng, 0.0))
    game = await world.settled(game.id)
    assert [p.mentions for p in world.pings()] == [
        [user] for user in to_ping(game) if user != mover
    ]


async def test_a_table_posted_anew_whose_answer_was_lost_goes_once_the_game_moved_on(
    world: World,
) -> None:
    ann = world.players[0]
    rng = random.Random(1)
    game = await until_turn_of(world, ann, await started(world, dm=ann), rng)
    (notice,) = notices(world, ann, game)
    first = world.latest_with_buttons()
    # The channel moves on past the table: her move from her direct messages posts it
    # anew at the bottom, and Discord's answer to that post is lost.
    lost = world.discord.fail(CREATE_MESSAGE, 503, made=True, when=into(world.channel, files=True))
    await world.discord.say(world.players[2], world.channel, "nice one")
    await world.click(ann, notice, "Roll")
    assert lost.hits == 1
    unrecorded = world.latest_with_buttons()
    assert unrecorded.id != first.id
    # Her next move, from her direct messages again, is shown on one table.
    await world.click(ann, notice, pick_button(notice, rng, 0.0))
    game = await world.settled(game.id)
    (table,) = live(world.channel.messages, game)
    assert table.id == game.turn_message_id
