"""Server settings (Manage Server only) and a thread per game, with its fallbacks."""

from __future__ import annotations

import functools
import random
from pathlib import Path

import discord
import pytest

from bot.storage import GameStatus
from emulator import Channel, Message
from tests.e2e.world import (
    THREAD_PERMISSIONS,
    World,
    describe,
    ephemeral_answer,
    running_world,
)


async def test_anyone_looks_at_the_settings_only_manage_server_changes_them(world: World) -> None:
    ann, bo = world.players[:2]
    refused = await world.command(bo, "server settings", threads=True)
    assert "Manage Server" in ephemeral_answer(refused)
    assert "with /server settings and no options" in ephemeral_answer(refused)
    refused = await world.command(bo, "claimit settings", variant=True)
    assert "with /claimit settings and no options" in ephemeral_answer(refused)
    looked = ephemeral_answer(await world.command(bo, "server settings"))
    assert "**Threads** off" in looked and "Only members" not in looked
    assert "**Rule variant**" not in looked
    assert "/claimit settings, /nuggets settings, and /claim settings" in looked
    shown = ephemeral_answer(await world.command(ann, "claimit settings"))
    assert "**Turn time** 10 minutes" in shown and "**Threads** off" in shown
    assert "**Rule variant** off" in shown
    assert "for every game alike, with /server settings" in shown
    assert "**Game channels**\nany channel" in shown
    saved = ephemeral_answer(
        await world.command(ann, "server settings", turn_timeout=2, lobby_timeout=60, bots=False)
    )
    assert "Saved for every game on this server" in saved
    assert "**Turn time** 2 minutes" in saved and "1 hour" in saved
    assert "**Computer players** not allowed" in saved
    again = ephemeral_answer(await world.command(ann, "nuggets settings"))
    assert "**Turn time** 2 minutes" in again and "Saved" not in again
    variant = ephemeral_answer(await world.command(ann, "claimit settings", variant=True))
    assert "Saved: new Claim It! games start with these rules." in variant
    assert "**Rule variant** on" in variant


async def test_new_games_follow_the_server_settings(world: World) -> None:
    ann, bo = world.players[:2]
    await world.command(ann, "server settings", turn_timeout=2, bots=False)
    await world.command(ann, "claimit settings", variant=True)
    lobby = await world.answered(ann, "claimit new")
    assert "**Turn time** 2 minutes" in describe(lobby) and "**Rule variant** on" in describe(lobby)
    assert not any(b.get("type") == 3 for b in lobby.buttons()), "no bot menu when bots are off"
    await world.command(ann, "claimit cancel")
    refused = await world.command(ann, "claimit new", bots=1)
    assert "turned computer players off" in ephemeral_answer(refused)
    assert "no Claim It! game" in ephemeral_answer(await world.command(bo, "claimit board"))
    own = (await world.command(ann, "claimit new", turn_timeout=5, variant=False)).response_message
    assert own is not None and "**Turn time** 5 minutes" in describe(own)
    assert "**Rule variant** off" in describe(own)


async def test_games_run_only_in_the_listed_channels(world: World) -> None:
    ann = world.players[0]
    other = world.discord.add_channel(world.guild, "games")
    listed = ephemeral_answer(await world.command(ann, "server settings", allow_channel=other))
    assert f"<#{other.id}>" in listed
    refused = await world.command(ann, "claimit new")
    assert f"run only in <#{other.id}>" in ephemeral_answer(refused)
    both = await world.command(ann, "server settings", allow_channel=other, disallow_channel=other)
    assert "contradicts itself" in ephemeral_answer(both)
    assert f"<#{other.id}>" in ephemeral_answer(await world.command(ann, "server settings"))
    allowed = await world.command(ann, "claimit new", where=other)
    assert allowed.response_message is not None and not allowed.response_message.ephemeral
    await world.command(ann, "server settings", all_channels=True)
    anywhere = await world.command(ann, "claimit new")
    assert anywhere.response_message is not None and not anywhere.response_message.ephemeral


async def lobby_in_a_thread(world: World) -> tuple[Channel, Message]:
    """Threads on, a lobby by Ann, once it has its thread: (thread, lobby)."""
    ann = world.players[0]
    await world.command(ann, "server settings", threads=True)
    lobby = await world.answered(ann, "claimit new")
    await world.discord.wait_for_message(
        world.channel, lambda m: m is lobby and "Played in" in describe(m)
    )
    (thread,) = world.discord.threads_of(world.channel)
    assert f"<#{thread.id}>" in describe(lobby)
    return thread, lobby


async def start_in_a_thread(world: World) -> tuple[Channel, Message, Message]:
    """Threads on, a lobby by Ann that Bo joins, started: (thread, lobby, first turn)."""
    ann, bo = world.players[:2]
    thread, lobby = await lobby_in_a_thread(world)
    await world.click(bo, lobby, "Join")
    await world.click(ann, lobby, "Start")
    # The table opens in the thread, with its ping after it.
    await world.discord.wait_for_message(thread, lambda m: bool(m.mentions))
    return thread, lobby, world.table(thread)


async def test_a_game_gets_its_own_thread_and_is_played_there(threaded: World) -> None:
    world = threaded
    bo = world.players[1]
    thread, lobby, turn = await start_in_a_thread(world)
    assert f"Follow it in <#{thread.id}>" in describe(lobby)
    started = await world.bots[0].service.current_game(thread.id)
    assert started is not None
    game_id = started.id
    assert [m for m in world.channel.visible() if m.attachments] == []
    # Commands work from inside the thread too.
    reposted = (await world.command(bo, "claimit board", where=thread)).response_message
    assert reposted is not None and reposted.channel_id == thread.id and reposted.buttons()
    # The old table goes once the new one is out.
    await world.discord.wait_until(lambda: turn.deleted)
    await world.finish(random.Random(3), where=thread)
    assert [m.button_labels() for m in thread.visible() if m.buttons()] == [
        ["Replay", "What decided it", "Rematch"]
    ]
    # The lobby it was started from no longer says the game is on.
    await world.settled(game_id)
    assert "This game is over." in describe(lobby) and f"are in <#{thread.id}>" in describe(lobby)
    assert "The game is on" not in describe(lobby)


async def test_a_new_game_refused_where_one_is_played_says_why(threaded: World) -> None:
    """A game begun in the channel before threads were on, and a game's own thread: a new
    game is refused in either with the reason, not only that a game is there."""
    world = threaded
    ann, bo = world.players[:2]
    lobby = await world.answered(ann, "claimit new")
    await world.click(bo, lobby, "Join")
    await world.click(ann, lobby, "Start")
    await world.command(ann, "server settings", threads=True)
    refused = ephemeral_answer(await world.command(bo, "claimit new"))
    assert "Claim It! #1 is still played in this channel itself" in refused
    assert "before this server gave each game a thread of its own" in refused
    await world.command(ann, "claimit cancel")
    thread, _, _ = await start_in_a_thread(world)
    in_thread = ephemeral_answer(await world.command(bo, "nuggets new", where=thread))
    assert in_thread == (
        "This thread is Claim It! #2's, and a thread holds one game. Start a new game from "
        f"<#{world.channel.id}>: it gets a thread of its own."
    )


async def test_the_log_of_the_last_game_here_stays_when_time_outs_closed_it(
    threaded: World,
) -> None:
    """A game in its thread that nobody plays closes by time-outs, and has no replay: its
    log is still there, in its thread, in the channel it began from, and by its number."""
    world = threaded
    ann, bo = world.players[:2]
    thread, _, table = await start_in_a_thread(world)
    game = await world.bots[0].service.current_game(thread.id)
    assert game is not None
    await world.click(await world.mover(thread), table, "Roll")
    while game.status.is_open:
        before = describe(world.table(thread))
        world.advance(game.turn_timeout)
        await world.discord.wait_until(
            functools.partial(lambda seen: describe(world.table(thread)) != seen or None, before)
        )
        game = await world.settled(game.id)
    assert game.status is GameStatus.CANCELLED
    closed = "No human player was left, so this game closed. It counts for nobody."
    for where, options in ((thread, {}), (world.channel, {}), (world.channel, {"game": 1})):
        said = (await world.command(bo, "claimit log", where=where, **options)).response_message
        assert said is not None and said.ephemeral, where
        shown = describe(said)
        assert "Claim It! #1 · log" in shown and "1. " in shown and "rolled" in shown
        assert shown.rstrip().endswith(closed), shown
    none = ephemeral_answer(await world.command(ann, "claimit log", game=9))
    assert "no Claim It! game #9 that began" in none
    elsewhere = world.discord.add_channel(world.guild, "elsewhere")
    nothing = ephemeral_answer(await world.command(ann, "claimit log", where=elsewhere))
    assert "No Claim It! game has been played in this channel yet" in nothing


@pytest.mark.parametrize("manages_threads", [True, False])
async def test_a_lobby_everyone_left_lists_nobody_and_takes_its_thread_where_it_may(
    tmp_path: Path, manages_threads: bool
) -> None:
    permissions = THREAD_PERMISSIONS | discord.Permissions(manage_threads=manages_threads)
    async with running_world(tmp_path, bot_permissions=permissions) as world:
        ann = world.players[0]
        thread, lobby = await lobby_in_a_thread(world)
        game = await world.bots[0].service.current_game(world.channel.id)
        assert game is not None
        await world.command(ann, "claimit leave")
        await world.settled(game.id)
        closed = describe(lobby)
        assert "Everyone left, so this lobby closed." in closed
        assert "Ann" not in closed and "Players" not in closed and not lobby.buttons()
        if manages_threads:
            assert world.discord.threads_of(world.channel) == [], "its empty thread went"
            assert "Played in" not in closed
        else:
            # Discord lets a bot without Manage Threads neither delete nor archive it.
            assert world.discord.threads_of(world.channel) == [thread]


async def test_a_join_pressed_at_once_waits_for_the_lobbys_thread(threaded: World) -> None:
    """Pressed as soon as the lobby shows, before its thread is made: the Join is
    answered only once the thread is recorded, so a Start right after it opens the game
    in its thread, and the lobby in the channel never becomes a table."""
    world = threaded
    ann, bo = world.players[:2]
    await world.command(ann, "server settings", threads=True)
    lobby = await world.answered(ann, "claimit new")
    assert world.discord.threads_of(world.channel) == []
    await world.click(bo, lobby, "Join")
    (thread,) = world.discord.threads_of(world.channel)
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is not None and game.thread_id == thread.id
    await world.click(ann, lobby, "Start")
    await world.discord.wait_for_message(thread, lambda m: bool(m.mentions))
    game = await world.settled(game.id)
    assert game.turn_message_id != lobby.id and world.table(thread).buttons()
    assert f"Follow it in <#{thread.id}>" in describe(lobby)
    assert "Roll" not in lobby.button_labels()


async def test_without_thread_permissions_the_game_runs_in_the_channel_and_the_host_is_told(
    world: World,
) -> None:
    ann = world.players[0]
    await world.command(ann, "server settings", threads=True)
    created = await world.discord.slash(ann, world.channel, "claimit new")
    await world.discord.answer(created)
    note = await world.discord.wait_for_message(
        world.channel, lambda m: m.ephemeral and "Threads are on" in m.content
    )
    assert note.visible_to == ann.id
    assert "Create Public Threads and Send Messages in Threads" in note.content
    assert world.discord.threads_of(world.channel) == []
    lobby = created.response_message
    assert lobby is not None
    await world.click(world.players[1], lobby, "Join")
    await world.click(ann, lobby, "Start")
    # The lobby became the table, here in the channel.
    assert lobby.buttons() and "Join" not in lobby.button_labels()
    await world.discord.wait_for_message(world.channel, lambda m: bool(m.mentions))


async def test_a_deleted_thread_sends_the_game_back_to_its_channel(threaded: World) -> None:
    world = threaded
    thread, _, _ = await start_in_a_thread(world)
    await world.discord.delete_channel(thread)
    world.clock.advance(600)
    # The table comes back at once (``test_places_gone``), then shows the time-out.
    await world.discord.wait_for_message(
        world.channel, lambda m: bool(m.buttons()) and "time ran out" in describe(m)
    )
