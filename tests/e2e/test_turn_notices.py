"""Your turn by direct message (``/my settings notify``): one DM per turn, naming the
game, the server and the channel, with the table's picture, a link to it and the turn's
controls, deleted once you act (on the table), so that your DMs hold at most one per
game and none once it is over; a turn played from the DM, the table following; no ping
in the channel for you, while the others are pinged as before; a player whose DMs are
closed is pinged in the channel instead, and their settings say why."""

from __future__ import annotations

import random
from typing import Any

import discord
import pytest

from bot.discord_ui.face_drawing import to_ping
from bot.storage import Game
from emulator import Message, User
from emulator.model import snowflake
from tests.e2e.world import (
    World,
    describe,
    ephemeral_answer,
    move_labels,
    note_of,
    pick_button,
)

JUMP = "https://discord.com/channels/{guild}/{channel}/{message}"


def notices(world: World, user: User) -> list[Message]:
    """Every turn notice the bot posted in the user's DMs, deleted ones included."""
    dm = world.discord.dm_with(user)
    return [m for m in dm.messages if m.author.id == world.discord.bot.id and not m.ephemeral]


def kept(world: World, user: User) -> list[Message]:
    return [m for m in notices(world, user) if not m.deleted]


async def played_to_anns_turn(world: World, rng: random.Random) -> tuple[Message, Game]:
    """A two-player game started now, which Bo plays on (choosing with ``rng``) until Ann is
    to be told it is her turn: its table and the game then."""
    ann, bo = world.players[0], world.players[1]
    table = await world.start_game(2)
    started = await world.bots[0].service.current_game(world.channel.id)
    assert started is not None
    while to_ping(game := await world.settled(started.id)) != [ann.id]:
        await world.click(bo, table, pick_button(table, rng, 1.0))
    return table, game


async def test_a_game_told_by_direct_message_one_a_turn_and_none_left(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    ann, bo = world.players[0], world.players[1]
    opened: list[int] = []
    open_dm = discord.http.HTTPClient.start_private_message

    def counted(http: discord.http.HTTPClient, user_id: int) -> Any:
        opened.append(user_id)
        return open_dm(http, user_id)

    monkeypatch.setattr(discord.http.HTTPClient, "start_private_message", counted)
    # Every turn, as a player who comes back now and then is (one playing along in the
    # channel is told after the server's ping delay, as a ping would).
    await world.command(ann, "server settings", pings="always")
    chose = await world.command(ann, "my settings", notify="dm")
    assert "a direct message from the bot, and no ping in the channel" in ephemeral_answer(chose)
    table = await world.start_game(2)
    started = await world.bots[0].service.current_game(world.channel.id)
    assert started is not None
    link = JUMP.format(guild=world.guild.id, channel=world.channel.id, message=table.id)

    rng = random.Random(3)
    anns_turns = 0
    was_anns = False
    for _ in range(400):
        game = await world.settled(started.id)
        if game.status.value != "active":
            break
        people = to_ping(game)
        anns = ann.id in people
        if anns and not was_anns:
            # Her turn begins: one notice, which goes as soon as she acts (as a ping).
            (notice,) = kept(world, ann)
            assert note_of(notice) == (
                f"🎲 Your turn in [Claim It! #1]({link}) on **Prospectors**, in "
                f"<#{world.channel.id}>."
            )
            (picture,) = notice.gallery_items()
            assert picture.attachment is not None and picture.description
            assert notice.button_labels() == move_labels(table), "her turn's controls"
            anns_turns += 1
        else:
            assert kept(world, ann) == []
        assert all(ann.id not in ping.mentions for ping in world.pings())
        was_anns = anns
        mover = world.user(people[0])
        await world.click(mover, table, pick_button(table, rng, 0.5))
    else:
        raise AssertionError("the game did not finish")

    assert kept(world, ann) == [], "none once the game is over"
    # One direct message a turn, each deleted once she had acted: two requests a turn,
    # and her DM channel opened once.
    assert anns_turns > 2
    assert len(notices(world, ann)) == anns_turns
    assert all(m.deleted for m in notices(world, ann))
    assert opened == [ann.id]
    assert notices(world, bo) == [], "a player on channel pings gets no direct message"


async def test_closed_direct_messages_fall_back_to_the_channel_and_say_why(world: World) -> None:
    ann, bo = world.players[0], world.players[1]
    await world.command(ann, "server settings", pings="always")
    await world.command(ann, "my settings", notify="dm")
    world.discord.close_dms(ann)
    rng = random.Random(1)
    table, game = await played_to_anns_turn(world, rng)
    assert any(ann.id in ping.mentions for ping in world.pings()), "pinged instead"
    assert game.status.value == "active"
    # At her next move, she alone is told why, once.
    why = (
        "Your direct messages are closed to this bot, so your turn was told in the channel "
        "instead. Open them (the server's Privacy Settings), then choose /my settings notify "
        "again."
    )

    def told_why() -> list[Message]:
        return [m for m in world.channel.messages if m.ephemeral and m.content == why]

    told = await world.click(ann, table, pick_button(table, rng, 0.0))
    assert [m.visible_to for m in told_why()] == [ann.id]
    assert told.response_type == 7, "the move itself is answered by the table"
    if to_ping(await world.settled(game.id)) == [ann.id]:
        await world.click(ann, table, pick_button(table, rng, 0.0))
        assert len(told_why()) == 1, "once"
    assert kept(world, ann) == []
    settings = ephemeral_answer(await world.command(ann, "my settings"))
    assert "Your direct messages are closed to this bot" in settings
    # After a restart too: her turn comes in the channel, without another try by DM.
    await world.stop_bots()
    await world.start_bot()
    if to_ping(await world.settled(game.id)) == [ann.id]:
        await world.click(ann, table, pick_button(table, rng, 1.0))
    while to_ping(await world.settled(game.id)) != [ann.id]:
        await world.click(bo, table, pick_button(table, rng, 1.0))
    assert any(ann.id in ping.mentions for ping in world.pings()), "pinged after the restart"
    assert notices(world, ann) == [], "no direct message tried"
    # Choosing again tries them again.
    world.discord.open_dms(ann)
    again = ephemeral_answer(await world.command(ann, "my settings", notify="both"))
    assert "closed" not in again and "a direct message and a ping" in again


async def test_settings_are_the_players_own_in_their_language(world: World) -> None:
    cy = world.players[2]
    shown = ephemeral_answer(await world.command(cy, "my settings"))
    assert "a ping in the game's channel, as its server pings" in shown
    cy.locale = "de"
    german = ephemeral_answer(await world.command(cy, "meine einstellungen", benachrichtigung="dm"))
    assert "Direktnachricht" in german and "Deutsch" in german


async def test_a_turn_is_played_from_its_direct_message_and_the_table_follows(
    world: World,
) -> None:
    ann = world.players[0]
    await world.command(ann, "server settings", pings="always")
    await world.command(ann, "my settings", notify="dm")
    rng = random.Random(5)
    table, game = await played_to_anns_turn(world, rng)

    (notice,) = kept(world, ann)
    assert notice.button_labels() == move_labels(table)
    labels = notice.button_labels()
    first = "Roll" if any("Roll" in label for label in labels) else labels[0]
    old_id = next(b["custom_id"] for b in notice.buttons() if first in str(b.get("label")))
    await world.click(ann, notice, old_id)
    moved = await world.settled(game.id)
    assert moved.version > game.version, "the press in the DM was the move"
    assert "Ann rolled" in describe(table), "the table in the channel follows"
    assert to_ping(moved) == [ann.id], "this roll (the dice are seeded) asks her to place"
    # Still her turn: the same notice shows what she rolled and chooses next.
    assert kept(world, ann) == [notice] and not notice.deleted
    assert notice.button_labels() == move_labels(table)
    assert old_id not in [b["custom_id"] for b in notice.buttons()]
    rolled = describe(notice)
    assert "Ann rolled" in rolled and "It's your turn." not in rolled
    # A press the game has moved past changes nothing, and says so.
    stale = await world.discord.answer(
        await world.discord.forge(ann, notice, {"custom_id": old_id, "component_type": 2})
    )
    assert "moved on" in ephemeral_answer(stale)
    assert (await world.settled(game.id)).version == moved.version

    # Played to the end of her turn from the DM: the notice goes with it.
    while to_ping(game := await world.settled(game.id)) == [ann.id]:
        (notice,) = kept(world, ann)
        await world.click(ann, notice, pick_button(notice, rng, 1.0))
    assert kept(world, ann) == []


async def test_a_lobby_button_copied_into_a_dm_is_refused(world: World) -> None:
    ann, outsider = world.players[0], world.players[-1]
    lobby = await world.answered(ann, "claimit new")
    join = next(b["custom_id"] for b in lobby.buttons() if b.get("label") == "Join")
    dm = world.discord.dm_with(outsider)
    copied = Message(snowflake(), dm.id, world.discord.bot, content="a message to press on")
    dm.messages.append(copied)
    world.discord.messages[copied.id] = copied
    refused = await world.discord.answer(
        await world.discord.forge(outsider, copied, {"custom_id": join, "component_type": 2})
    )
    assert "isn't for a game played here" in ephemeral_answer(refused), "refused"
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is not None and [s.user_id for s in game.seats] == [ann.id]


async def test_direct_messages_come_in_the_language_chosen(world: World) -> None:
    ann = world.players[0]
    await world.command(ann, "server settings", pings="always")
    chose = ephemeral_answer(await world.command(ann, "my settings", notify="dm", language="de"))
    assert "**Direct messages in** German" in chose
    table = await world.start_game(2)
    started = await world.bots[0].service.current_game(world.channel.id)
    assert started is not None
    rng = random.Random(2)
    while to_ping(await world.settled(started.id)) != [ann.id]:
        mover = await world.mover()
        await world.click(mover, table, pick_button(table, rng, 1.0))
    (notice,) = kept(world, ann)
    assert note_of(notice).startswith("🎲 Du bist am Zug in [Claim It! #1]")
    assert "Würfeln" in notice.button_labels()
    # Back to the language her Discord is in.
    back = ephemeral_answer(await world.command(ann, "my settings", language="discord"))
    assert "**Direct messages in** English (your Discord's)" in back
    assert "a direct message from the bot" in back, "the rest as it was"
    # Which from now on follows her Discord: she switches it to German and presses
    # something; her next notice is in German.
    ann.locale = "de"
    await world.command(ann, "claimit regeln")
    while to_ping(await world.settled(started.id)) == [ann.id]:
        await world.click(ann, table, pick_button(table, rng, 1.0))
    while to_ping(await world.settled(started.id)) != [ann.id]:
        mover = await world.mover()
        await world.click(mover, table, pick_button(table, rng, 1.0))
    (notice,) = kept(world, ann)
    assert note_of(notice).startswith("🎲 Du bist am Zug in [Claim It! #1]")
