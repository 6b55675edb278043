"""One live table per game: what a whole game leaves in its channel, the pings that tell
whoever is to act, the table moving to the bottom, live hands and the game log, counted
through Discord as players see it."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any

import pytest

from bot.background.game_locks import Deferral
from bot.discord_ui.face_drawing import to_ping
from bot.service import Actor
from bot.storage import Game, GameStatus
from emulator import Channel, Message, User
from emulator.components import media
from tests.e2e.world import (
    RESPONSE_DEADLINE,
    THREAD_PERMISSIONS,
    World,
    board_png,
    describe,
    pick_button,
    running_world,
    title_of,
)


@pytest.fixture
async def world(tmp_path: Path, database_target: str) -> AsyncIterator[World]:
    async with running_world(tmp_path, 2, database=database_target) as world:
        yield world


def public(channel: Channel) -> list[Message]:
    return [m for m in channel.visible() if not m.ephemeral]


def pings_posted(world: World) -> list[Message]:
    """Every ping the bot posted in the channel, deleted ones included."""
    return [m for m in world.channel.messages if m.mentions and not m.ephemeral]


def at_most_table_and_ping(world: World) -> None:
    shown = public(world.channel)
    pings = [m for m in shown if m.mentions]
    assert len(shown) <= 2 and len(pings) <= 1, [describe(m)[:60] for m in shown]


def enabled(message: Message) -> list[dict[str, Any]]:
    return [b for b in message.buttons() if not b.get("disabled")]


async def game_here(world: World) -> Game:
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is not None
    return await world.settled(game.id)


async def open_hand(world: World, user: User, table: Message) -> Message:
    answered = await world.click(user, table, "My hand")
    return await world.discord.wait_for_message(
        world.channel,
        lambda m: m.interaction_id == answered.id and not m.loading and m.components_v2,
    )


async def play_on_the_table(world: World, table: Message, rng: random.Random) -> Game:
    """Both players click on the one table until the game is over."""
    game = await game_here(world)
    while game.status is GameStatus.ACTIVE:
        at_most_table_and_ping(world)
        user = await world.human_to_move()
        assert user is not None
        await world.click(user, table, pick_button(table, rng, stop_chance=0.4))
        game = await world.settled(game.id)
    return game


async def play_from_hands(
    world: World, hands: dict[int, Message], rng: random.Random, game_id: int
) -> Game:
    """Each player plays from the one hand they keep open, as it follows the game."""
    game = await world.settled(game_id)
    while game.status is GameStatus.ACTIVE:
        at_most_table_and_ping(world)
        (user_id, *_) = to_ping(game)
        hand = hands[user_id]
        assert enabled(hand), describe(hand)
        button = rng.choice(enabled(hand))
        await world.click(world.user(user_id), hand, str(button["custom_id"]))
        game = await world.settled(game_id)
    return game


async def start(world: World, command: str) -> Message:
    table = await world.start_game(2, command)
    await world.settled((await game_here(world)).id)
    return table


@pytest.mark.parametrize("command", ["claimit", "nuggets"])
async def test_a_whole_game_leaves_its_one_table_and_pings_each_player_once(
    world: World, command: str
) -> None:
    table = await start(world, command)
    game = await play_on_the_table(world, table, random.Random(3))
    assert game.status is GameStatus.FINISHED
    # The lobby became the table and then the result; every ping went when answered.
    assert public(world.channel) == [table]
    assert "game over" in title_of(table) and table.button_labels() == [
        "Replay",
        "What decided it",
        "Rematch",
    ]
    # Each player was pinged at their first turn; after that they were playing along
    # (the bot's clock stands still here), so no card or roll pinged them again.
    pinged = [m.mentions for m in pings_posted(world)]
    assert sorted(pinged) == sorted([[p.id] for p in world.players[:2]])
    assert all(m.deleted for m in pings_posted(world))


@pytest.mark.both_databases
async def test_a_whole_claim_game_is_played_from_one_hand_each(world: World) -> None:
    table = await start(world, "claim")
    game = await game_here(world)
    hands = {p.id: await open_hand(world, p, table) for p in world.players[:2]}
    # The ping offers the hand too.
    assert all("My hand" in m.button_labels() for m in pings_posted(world))
    finished = await play_from_hands(world, hands, random.Random(5), game.id)
    assert finished.status is GameStatus.FINISHED
    assert public(world.channel) == [table]
    assert "game over" in title_of(table)
    for player in world.players[:2]:
        opened = [m for m in world.channel.messages if m.visible_to == player.id and m.buttons()]
        assert len([m for m in world.channel.messages if m.visible_to == player.id]) <= 2
        assert opened == [] or all(not enabled(m) for m in opened)
        assert "over" in describe(hands[player.id])
    assert not any(i.errors for i in world.discord.interactions.values())


@pytest.mark.both_databases
async def test_an_away_player_is_pinged_once_per_turn_and_the_ping_goes_when_they_act(
    world: World,
) -> None:
    table = await start(world, "claimit")
    rng = random.Random(7)
    for _ in range(4):
        # Long enough since anyone moved: whoever is to act next counts as away.
        world.clock.advance(120)
        mover = await world.human_to_move()
        assert mover is not None
        (ping,) = world.pings()
        assert ping.mentions == [mover.id]
        assert str(table.id) in describe(ping)  # it links to the table
        posted = len(pings_posted(world))
        # The whole turn, rolls and placements: they are not pinged again meanwhile.
        while await world.human_to_move() == mover:
            assert len(pings_posted(world)) == posted
            await world.click(mover, table, pick_button(table, rng, stop_chance=0.6))
            await game_here(world)
        assert ping.deleted
        # The next player's ping, and only that.
        assert len(pings_posted(world)) == posted + 1
        at_most_table_and_ping(world)


async def test_a_change_shown_whole_reads_the_game_once_the_show_under_way_is_done(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Someone leaving while the move before is still being shown (its ping posted, say,
    and about to be recorded) is made only once that show is done: made before it, it
    read the game's messages as they were, and its own show would ping the player to act
    afresh, leaving the first ping behind for good."""
    table = await start(world, "claimit")
    bot = world.bots[0]
    game = await game_here(world)
    mover = await world.mover()
    (leaver,) = [user for user in world.players[:2] if user != mover]
    made: list[int] = []
    leave = bot.service.leave

    async def leaving(game_id: int, actor: Actor, version: int | None) -> Game:
        made.append(game_id)
        return await leave(game_id, actor, version)

    monkeypatch.setattr(bot.service, "leave", leaving)
    displays = bot.table.displays
    hold = displays.hold
    waiting = asyncio.Event()

    def holding(
        game_id: int, deferral: Deferral | None = None
    ) -> AbstractAsyncContextManager[None]:
        waiting.set()
        return hold(game_id, deferral)

    async with hold(game.id):  # a show of the game under way
        monkeypatch.setattr(displays, "hold", holding)
        left = asyncio.ensure_future(world.command(leaver, "claimit leave"))
        await asyncio.wait_for(waiting.wait(), RESPONSE_DEADLINE)
        assert made == []
    await left
    game = await game_here(world)
    seat = game.seat_left_by(leaver.id)
    assert made == [game.id] and seat is not None and seat.is_bot
    (ping,) = world.pings()
    assert ping.mentions == [mover.id] and game.ping_message_id == ping.id
    assert public(world.channel) == [table, ping]


async def test_someone_playing_along_is_pinged_only_after_the_delay(world: World) -> None:
    table = await start(world, "claimit")
    ann, bo = world.players[:2]
    rng = random.Random(11)
    # Both players move once: both now play along.
    for _ in range(2):
        mover = await world.human_to_move()
        assert mover is not None
        while await world.human_to_move() == mover:
            await world.click(mover, table, pick_button(table, rng, stop_chance=0.9))
    await game_here(world)
    assert world.pings() == []
    world.clock.advance(29)
    await game_here(world)
    assert world.pings() == []
    world.clock.advance(2)
    ping = await world.discord.wait_for_message(world.channel, lambda m: bool(m.mentions))
    mover = await world.human_to_move()
    assert mover is not None and ping.mentions == [mover.id] and mover in (ann, bo)


@pytest.mark.parametrize(("mode", "pinged"), [("always", True), ("never", False)])
async def test_a_server_chooses_when_players_are_pinged(
    world: World, mode: str, pinged: bool
) -> None:
    admin = world.players[0]
    await world.command(admin, "server settings", pings=mode)
    table = await start(world, "claimit")
    rng = random.Random(13)
    turns = 0
    while turns < 4:
        mover = await world.human_to_move()
        assert mover is not None
        pings = world.pings()
        assert (pings[0].mentions == [mover.id]) if pinged else pings == []
        while await world.human_to_move() == mover:
            await world.click(mover, table, pick_button(table, rng, stop_chance=0.9))
        await game_here(world)
        turns += 1
    assert len(pings_posted(world)) == (turns + 1 if pinged else 0)


async def test_the_table_moves_to_the_bottom_once_the_channel_moves_on(world: World) -> None:
    table = await start(world, "claimit")
    ann, bo = world.players[:2]
    await world.discord.say(ann, world.channel, "brb, tea")
    await world.discord.say(bo, world.channel, "take your time")
    mover = await world.human_to_move()
    assert mover is not None
    await world.click(mover, table, "Roll")
    game = await game_here(world)
    assert table.deleted
    moved = next(m for m in public(world.channel) if m.id == game.turn_message_id)
    assert "rolled" in describe(moved) and moved.buttons()
    # The chat stays, above the one table (and its ping, if any).
    shown = public(world.channel)
    assert [m.content for m in shown[:2]] == ["brb, tea", "take your time"]
    assert [m for m in shown if m.components_v2 and title_of(m)] == [moved]
    # Nothing said since: the next move edits it in place.
    await world.click(mover, moved, pick_button(moved, random.Random(1), 0.0))
    assert (await game_here(world)).turn_message_id == moved.id and not moved.deleted


async def test_a_server_may_keep_tables_where_they_are(world: World) -> None:
    await world.command(world.players[0], "server settings", move_table=False)
    table = await start(world, "claimit")
    await world.discord.say(world.players[1], world.channel, "hello")
    mover = await world.human_to_move()
    assert mover is not None
    await world.click(mover, table, "Roll")
    assert (await game_here(world)).turn_message_id == table.id and not table.deleted


async def test_the_whole_log_is_shown_privately(world: World) -> None:
    """The table keeps only the last moves of its log; the log command shows them all."""
    table = await start(world, "nuggets")
    rng = random.Random(5)
    game = await game_here(world)
    history = world.bots[0].service.history
    while len(await history.moves(game.id)) < 8 and game.status is GameStatus.ACTIVE:
        await world.click(await world.mover(), table, pick_button(table, rng, stop_chance=0.4))
        game = await world.settled(game.id)
    assert game.status is GameStatus.ACTIVE
    answer = await world.command(world.players[1], "nuggets log")
    said = answer.response_message
    assert said is not None and said.ephemeral and said.visible_to == world.players[1].id
    assert public(world.channel)[-1] is not said
    logged = [line for line in describe(said).split("\n") if line[:1].isdigit()]
    assert [line.split(". ", 1)[0] for line in logged] == [str(n) for n in range(1, 9)]
    # Under the newest move's headline, the three before it.
    small_print = [line[3:] for line in describe(world.table()).split("\n") if line[:3] == "-# "]
    assert small_print[-3:] == [line.split(". ", 1)[1] for line in logged[-4:-1]]


async def test_games_are_numbered_per_server_and_game_and_keep_their_language(
    world: World,
) -> None:
    ann = world.players[0]
    await world.command(ann, "claimit new")
    await world.command(ann, "claimit cancel")
    lobby = (await world.command(ann, "nuggets new")).response_message
    assert lobby is not None and "Gold Nuggets #1" in title_of(lobby)
    await world.command(ann, "server settings", language="de")
    await world.click(world.players[1], lobby, "Join")
    await world.click(ann, lobby, "Start")
    assert "Gold Nuggets #1" in title_of(lobby)
    # Opened in English, it stays in English (the server's new language is for new games).
    assert "Roll 7 dice" in lobby.button_labels() and "goes first" in describe(lobby)


@pytest.mark.parametrize("command", ["claimit", "nuggets"])
async def test_a_restart_mid_game_keeps_the_one_table_and_its_ping(
    world: World, command: str
) -> None:
    table = await start(world, command)
    rng = random.Random(17)
    for _ in range(3):
        user = await world.human_to_move()
        assert user is not None
        await world.click(user, table, pick_button(table, rng, stop_chance=0.5))
    game = await game_here(world)
    await world.stop_bots()
    await world.start_bot()
    await world.settled(game.id)
    at_most_table_and_ping(world)
    finished = await play_on_the_table(world, table, rng)
    assert finished.status is GameStatus.FINISHED
    assert public(world.channel) == [table]


async def moved_but_not_recorded(world: World, shown: bool) -> tuple[Message, Message, Game]:
    """A move that moved the table to the bottom, then a stop before its new place was
    recorded: the database still names the old (deleted) table, and says the move is
    shown (the stop came after that) or not. Returns the old table, the new one, the
    game."""
    table = await start(world, "claimit")
    await world.discord.say(world.players[1], world.channel, "back in a minute")
    await world.click(await world.mover(), table, "Roll")
    game = await game_here(world)
    assert table.deleted and game.turn_message_id is not None
    moved = world.discord.messages[game.turn_message_id]
    await world.stop_bots()
    with sqlite3.connect(world.database) as connection:
        connection.execute(
            "UPDATE games SET turn_message_id = ?, shown_version = ? WHERE id = ?",
            (table.id, game.version if shown else game.version - 1, game.id),
        )
    return table, moved, game


def tables_shown(world: World) -> list[Message]:
    return [m for m in public(world.channel) if title_of(m)]


async def test_a_table_whose_move_to_the_bottom_was_never_recorded_is_the_one_clicked(
    world: World,
) -> None:
    _, moved, game = await moved_but_not_recorded(world, shown=True)
    await world.start_bot()
    await world.click(await world.mover(), moved, pick_button(moved, random.Random(3), 0.0))
    after = await game_here(world)
    assert after.version > game.version and after.turn_message_id == moved.id
    assert tables_shown(world) == [moved] and f":{after.version}:" in str(moved.buttons())


async def test_a_table_whose_move_to_the_bottom_was_never_recorded_goes_at_the_catch_up(
    world: World,
) -> None:
    # Back after longer than Discord remembers a nonce: the catch-up's table is new.
    world.discord.nonce_window = 0
    _, moved, game = await moved_but_not_recorded(world, shown=False)
    await world.start_bot()
    await world.discord.wait_until(lambda: moved.deleted, 10)
    after = await game_here(world)
    assert after.version == game.version and after.shown
    (table,) = tables_shown(world)
    assert table.id == after.turn_message_id and f":{game.version}:" in str(table.buttons())


@pytest.mark.both_databases
async def test_a_claim_hand_follows_the_game_across_a_restart_and_a_newer_one_supersedes_it(
    world: World,
) -> None:
    table = await start(world, "claim")
    game = await game_here(world)
    hands = {p.id: await open_hand(world, p, table) for p in world.players[:2]}
    waiting = next(p for p in world.players[:2] if p.id not in to_ping(game))
    # Opened while waiting: nothing to press yet.
    assert not enabled(hands[waiting.id])
    await world.stop_bots()
    await world.start_bot()
    rng = random.Random(19)
    while waiting.id not in to_ping(game := await world.settled(game.id)):
        (mover,) = to_ping(game)
        button = rng.choice(enabled(hands[mover]))
        await world.click(world.user(mover), hands[mover], str(button["custom_id"]))
    # Its turn came: the hand opened while waiting is playable now, after the restart too.
    assert enabled(hands[waiting.id])
    newer = await open_hand(world, waiting, table)
    await world.settled(game.id)
    assert not hands[waiting.id].buttons() and "again" in describe(hands[waiting.id])
    assert enabled(newer)
    hands[waiting.id] = newer
    finished = await play_from_hands(world, hands, rng, game.id)
    assert finished.status is GameStatus.FINISHED
    assert "over" in describe(newer) and not newer.buttons()


async def test_in_a_thread_the_table_lives_and_moves_the_same_way(tmp_path: Path) -> None:
    async with running_world(tmp_path, 2, bot_permissions=THREAD_PERMISSIONS) as world:
        ann, bo = world.players[:2]
        await world.command(ann, "server settings", threads=True)
        lobby = await world.answered(ann, "claimit new")
        await world.click(bo, lobby, "Join")
        await world.click(ann, lobby, "Start")
        (thread,) = world.discord.threads_of(world.channel)
        game = await game_here(world)
        # The channel keeps the lobby, saying where the game is; the thread has the table.
        assert public(world.channel) == [lobby] and not lobby.buttons()
        assert f"<#{thread.id}>" in describe(lobby)
        table = next(m for m in public(thread) if m.id == game.turn_message_id)
        (ping,) = [m for m in public(thread) if m.mentions]
        await world.discord.say(bo, thread, "good luck")
        mover = await world.human_to_move()
        assert mover is not None
        await world.click(mover, table, "Roll")
        moved = await game_here(world)
        assert table.deleted and ping.deleted
        assert public(thread)[-1].id == moved.turn_message_id
        assert [m.content for m in public(thread)][:1] == ["good luck"]
        finished = await play_on_the_table(
            world,
            next(m for m in public(thread) if m.id == moved.turn_message_id),
            random.Random(2),
        )
        assert finished.status is GameStatus.FINISHED
        assert [m.content for m in public(thread) if not m.components_v2] == ["good luck"]
        assert len([m for m in public(thread) if m.components_v2]) == 1
        assert public(world.channel) == [lobby]


async def test_a_table_without_its_controls_keeps_its_picture(world: World) -> None:
    """A message whose controls come off (a damaged game's table, a stray lobby) keeps
    its picture: the edit names the message's file with ``attachment://`` and lists that
    file among the attachments it keeps, which is how Discord documents naming a file in
    an edit (a file uploaded or kept by the same request)."""
    table = await world.start_game(2)
    picture = board_png(table)
    bot = world.bots[0]
    (game,) = await bot.service.games_here(world.channel.id)
    game = await world.settled(game.id)
    assert table.buttons()

    await bot.table.places.strip_buttons(game)

    assert not table.buttons()
    assert board_png(table) == picture
    shown = [item["url"] for _, item, _ in media(table.components)]
    assert shown == ["attachment://board.png"]


async def test_a_press_is_shown_from_its_own_change_without_reading_the_game_again(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await world.start_game(2)
    game = await world.game_here()
    mover = await world.mover()
    await world.quiet()
    made = transactions_of_the_bot(world, monkeypatch)
    await world.click(mover, table, "Roll")
    await world.settled(game.id)
    await world.quiet()
    # The move's write; its show takes the game as the move left it, and records where
    # its messages are (the ping gone: the roller acted) and that it shows the move.
    assert made.count("write") == 1, made
    assert made.count("statement") <= 2, made
    # Only the following feature's look at who follows the game by rounds.
    assert made.count("read") <= 1, made


def transactions_of_the_bot(world: World, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The kinds of transaction (``read``, ``write``, ``statement``) the bot makes from now
    on, apart from the test's own (the game read to see it settled)."""
    made: list[str] = []
    test = asyncio.current_task()
    database = world.bots[0].service.database
    for kind in ("read", "write", "statement"):
        run = getattr(database, kind)

        async def counted(body: Any, kind: str = kind, run: Any = run) -> Any:
            if asyncio.current_task() is not test:
                made.append(kind)
            return await run(body)

        monkeypatch.setattr(database, kind, counted)
    return made
