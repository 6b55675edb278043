"""A place that is gone ends or moves its game at once, in every game: a table or lobby a
moderator deletes is posted anew, a deleted channel ends its games (and its threads')
unrated and tells their players by DM, a deleted or locked thread sends its game to the
channel, and an archived thread is posted into, never edited in. Discord's refusals on
the way are one log line each, never a traceback; nothing asks a gone place again."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import discord
import pytest

from bot.discord_ui.core.turns.handlers import Turns
from bot.storage import EndReason, Game, GameStatus
from emulator import Channel, LoggedRequest, Message
from emulator.rate_limits import SEND_MESSAGE
from tests.e2e.world import THREAD_PERMISSIONS, TITLES, World, describe

WAIT = 60.0
"""Real seconds a wait for the bot may take before the test fails: a safety net, not a
pause (every wait ends as soon as what it waits for is there)."""
TURN = 600
"""The server's default turn time, in seconds."""
THREAD_IDLE = 1440 * 60
"""How long the bot's game threads stay idle before Discord archives them."""
MODERATING = THREAD_PERMISSIONS | discord.Permissions(manage_threads=True)
"""The bot may start threads, post in them and manage them (unarchive a locked one)."""
TABLE_CONTROLS = ("turn", "pick", "mine")
"""The kinds of custom_id a table's controls have: turn buttons, menus, Claim's My hand."""


def is_table(message: Message, game_id: int) -> bool:
    """The game's table: a public message of the bot's with the game's controls that
    pings nobody (a ping may carry My hand too)."""
    if message.ephemeral or message.mentions:
        return False
    ids = [str(b.get("custom_id", "")).split(":") for b in message.buttons()]
    return any(len(i) > 2 and i[1] in TABLE_CONTROLS and i[2] == str(game_id) for i in ids)


def tables(where: Channel, game_id: int) -> list[Message]:
    return [m for m in where.visible() if is_table(m, game_id)]


@pytest.fixture(autouse=True)
def no_tracebacks(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """Every test here logs at INFO, and nothing its run logged may carry a traceback."""
    caplog.set_level(logging.INFO)
    yield
    traced = [r.getMessage() for r in caplog.get_records("call") if r.exc_info]
    assert traced == []


async def game_in(world: World, where: Channel) -> Game:
    game = await world.bots[0].service.current_game(where.id)
    assert game is not None
    return await world.settled(game.id)


async def in_the_channel(world: World, kind: str) -> Game:
    """Ann and Bo's game of ``kind`` in the channel, started and shown."""
    await world.start_game(2, kind)
    return await game_in(world, world.channel)


async def in_a_thread(world: World, kind: str) -> tuple[Game, Channel]:
    """Threads on, Ann and Bo's game of ``kind`` started in its own thread and shown."""
    ann, bo = world.players[:2]
    await world.command(ann, "server settings", threads=True)
    lobby = await world.answered(ann, f"{kind} new")
    await world.discord.wait_for_message(
        world.channel, lambda m: m is lobby and "Played in" in describe(m), timeout=WAIT
    )
    (thread,) = world.discord.threads_of(world.channel)
    await world.click(bo, lobby, "Join")
    await world.click(ann, lobby, "Start")
    await world.discord.wait_for_message(thread, lambda m: bool(m.mentions), timeout=WAIT)
    return await game_in(world, thread), thread


async def sent_to_the_channel(world: World, game: Game, why: str) -> Message:
    """The game's table, posted anew in the channel saying ``why`` it came, once its mover
    is pinged there and the game is played there."""
    table = await world.discord.wait_for_message(
        world.channel, lambda m: is_table(m, game.id), timeout=WAIT
    )
    assert why in describe(table)
    mover = await world.mover()
    await world.discord.wait_for_message(
        world.channel, lambda m: mover.id in m.mentions, timeout=WAIT
    )
    moved = await world.settled(game.id)
    assert moved.thread_id is None and moved.turn_message_id == table.id
    return table


async def timed_out_in_the_channel(world: World, game: Game) -> Message:
    """The turn runs out: the game's table in the channel, once it shows the time-out."""
    world.clock.advance(TURN)
    return await world.discord.wait_for_message(
        world.channel,
        lambda m: is_table(m, game.id) and "time ran out" in describe(m),
        timeout=WAIT,
    )


async def move(world: World, game_id: int, where: Channel) -> Game:
    """Whoever is to act moves from the game's one table here: its first turn button, or
    in Claim the first card their hand offers."""
    before = await world.settled(game_id)
    (table,) = tables(where, game_id)
    mover = await world.mover(where)
    turns = [
        b
        for b in table.buttons()
        if b.get("type") == 2 and not b.get("disabled") and ":turn:" in str(b.get("custom_id"))
    ]
    if turns:
        clicked = await world.click(mover, table, str(turns[0]["custom_id"]))
    else:
        opened = await world.click(mover, table, "My hand")
        hand = await world.discord.wait_for_message(
            where,
            lambda m: (
                m.interaction_id == opened.id
                and any(":seat:" in str(b.get("custom_id")) for b in m.buttons())
            ),
            timeout=WAIT,
        )
        card = next(
            b
            for b in hand.buttons()
            if ":seat:" in str(b.get("custom_id")) and not b.get("disabled")
        )
        clicked = await world.click(mover, hand, str(card["custom_id"]))
    assert clicked.response_type in (6, 7) and not clicked.errors
    after = await world.settled(game_id)
    assert after.version > before.version
    return after


@pytest.mark.both_databases
@pytest.mark.parametrize("kind", TITLES)
async def test_a_table_a_moderator_deletes_is_posted_anew_at_once(world: World, kind: str) -> None:
    game = await in_the_channel(world, kind)
    (table,) = tables(world.channel, game.id)
    await world.discord.delete_message(table)
    # At once: no deadline passes, nobody asks for the board.
    anew = await world.discord.wait_for_message(
        world.channel, lambda m: is_table(m, game.id), timeout=WAIT
    )
    game = await world.settled(game.id)
    assert tables(world.channel, game.id) == [anew] and game.turn_message_id == anew.id
    assert world.channel.visible()[-1] is anew, "the table is at the bottom"
    # Deleted again before anyone moves: Discord never makes a message twice for one
    # nonce, and answers 10008 for one whose message was deleted.
    await world.discord.delete_message(anew)
    anew = await world.discord.wait_for_message(
        world.channel, lambda m: is_table(m, game.id), timeout=WAIT
    )
    assert tables(world.channel, game.id) == [anew]
    assert (await world.settled(game.id)).turn_message_id == anew.id
    moved = await move(world, game.id, world.channel)
    (table,) = tables(world.channel, game.id)
    # Again after a move: the table shown anew is the game as it stands, and works.
    await world.discord.delete_message(table)
    again = await world.discord.wait_for_message(
        world.channel, lambda m: is_table(m, game.id), timeout=WAIT
    )
    assert (await world.settled(game.id)).version == moved.version
    assert tables(world.channel, game.id) == [again]
    await move(world, game.id, world.channel)


@pytest.mark.parametrize("kind", TITLES)
async def test_a_lobby_a_moderator_deletes_is_posted_anew_at_once(world: World, kind: str) -> None:
    ann, bo = world.players[:2]
    lobby = await world.answered(ann, f"{kind} new")
    await game_in(world, world.channel)
    await world.discord.delete_message(lobby)
    anew = await world.discord.wait_for_message(
        world.channel, lambda m: "Join" in m.button_labels(), timeout=WAIT
    )
    await world.click(bo, anew, "Join")
    assert bo.name in describe(anew)
    game = await game_in(world, world.channel)
    assert game.lobby_message_id == anew.id
    assert [m for m in world.channel.visible() if m.buttons()] == [anew]


@pytest.mark.parametrize("kind", TITLES)
async def test_a_deleted_channel_ends_its_game_at_once_and_its_players_hear_of_it(
    world: World, kind: str
) -> None:
    ann, bo, cy = world.players[:3]
    game = await in_the_channel(world, kind)
    # A game elsewhere whose turn runs out on the same clock: once it has, the game of the
    # deleted channel would have timed out too.
    elsewhere = world.discord.add_channel(world.guild, "elsewhere")
    lobby = await world.answered(cy, f"{kind} new", where=elsewhere)
    await world.click(ann, lobby, "Join")
    await world.click(cy, lobby, "Start")
    control = await game_in(world, elsewhere)
    (control_table,) = tables(elsewhere, control.id)
    before = describe(control_table)

    gone = world.channel.id
    asked = len(world.discord.requests)
    await world.discord.delete_channel(world.channel)
    dms = [world.discord.dm_with(player) for player in (ann, bo)]
    await world.discord.wait_until(lambda: all(dm.visible() for dm in dms), timeout=WAIT)
    ended = await world.settled(game.id)
    assert ended.status is GameStatus.CANCELLED and ended.end_reason is EndReason.PLACE_GONE
    assert ended.deadline is None
    for dm in dms:
        (told,) = dm.visible()
        assert f"{TITLES[kind]} #" in told.content and "counts for nobody" in told.content

    world.clock.advance(2 * TURN)
    await world.discord.wait_until(
        lambda: any(describe(m) != before for m in tables(elsewhere, control.id)), timeout=WAIT
    )
    await world.settled(control.id)
    still = await world.settled(game.id)
    assert (still.version, still.seats) == (ended.version, ended.seats), "no time-out, no takeover"
    since = list(world.discord.requests)[asked:]
    assert [r for r in since if r.channel == gone] == []
    assert [r for r in since if r.status == 404] == []


@pytest.mark.both_databases
async def test_a_deleted_channel_ends_the_games_of_its_threads_and_tells_whom_it_can(
    threaded: World,
) -> None:
    world = threaded
    ann, bo, cy = world.players[:3]
    game, _ = await in_a_thread(world, "nuggets")
    lobby = await world.answered(cy, "claimit new")
    await world.discord.wait_for_message(
        world.channel, lambda m: m is lobby and "Played in" in describe(m), timeout=WAIT
    )
    waiting = next(
        g for g in await world.bots[0].service.games_here(world.channel.id) if g.id != game.id
    )
    places = {world.channel.id, *(t.id for t in world.discord.threads_of(world.channel))}
    assert len(places) == 3
    world.discord.close_dms(bo)
    closed = world.discord.dm_with(bo)

    asked = len(world.discord.requests)
    await world.discord.delete_channel(world.channel)
    told = [world.discord.dm_with(ann), world.discord.dm_with(cy)]
    await world.discord.wait_until(lambda: all(dm.visible() for dm in told), timeout=WAIT)
    for ended in [await world.settled(game.id), await world.settled(waiting.id)]:
        assert ended.status is GameStatus.CANCELLED and ended.end_reason is EndReason.PLACE_GONE
    assert "Gold Nuggets #" in told[0].visible()[0].content
    assert "Claim It! #" in told[1].visible()[0].content
    since = list(world.discord.requests)[asked:]
    assert [r for r in since if r.channel in places] == []
    assert [r for r in since if r.status == 404] == []
    # Bo takes no DMs: one try, refused, and nothing more.
    assert [r.status for r in since if r.channel == closed.id] == [403]
    assert not closed.visible()


@pytest.mark.both_databases
@pytest.mark.parametrize("kind", TITLES)
async def test_a_deleted_thread_sends_its_game_to_the_channel_at_once(
    threaded: World, kind: str
) -> None:
    world = threaded
    game, thread = await in_a_thread(world, kind)
    asked = len(world.discord.requests)
    await world.discord.delete_channel(thread)
    table = await sent_to_the_channel(world, game, "thread was deleted")
    assert tables(world.channel, game.id) == [table]
    await move(world, game.id, world.channel)
    since = list(world.discord.requests)[asked:]
    assert [r for r in since if r.channel == thread.id] == []
    assert [r for r in since if r.status >= 400] == []


@pytest.mark.both_databases
async def test_a_game_whose_thread_is_deleted_ends_if_its_channel_has_a_game_of_its_own(
    threaded: World,
) -> None:
    world = threaded
    ann, bo, cy = world.players[:3]
    game, thread = await in_a_thread(world, "claimit")
    await world.command(ann, "server settings", threads=False)
    other = (await world.command(cy, "claimit new")).response_message
    assert other is not None and "Join" in other.button_labels()
    await world.discord.delete_channel(thread)
    dms = [world.discord.dm_with(ann), world.discord.dm_with(bo)]
    await world.discord.wait_until(lambda: all(dm.visible() for dm in dms), timeout=WAIT)
    ended = await world.settled(game.id)
    assert ended.status is GameStatus.CANCELLED and ended.end_reason is EndReason.PLACE_GONE
    lobby = world.discord.messages[ended.lobby_message_id or 0]
    assert "nowhere else to go" in describe(lobby) and not lobby.buttons()
    assert "Join" in other.button_labels(), "the channel's own game goes on"
    assert (await game_in(world, world.channel)).status is GameStatus.LOBBY


async def test_a_game_sent_to_a_channel_it_cant_post_in_waits_there_and_backs_off(
    threaded: World,
) -> None:
    world = threaded
    game, thread = await in_a_thread(world, "claimit")
    mute = discord.Permissions(THREAD_PERMISSIONS.value)
    mute.send_messages = False
    await world.discord.set_bot_permissions(world.channel, mute)
    asked = len(world.discord.requests)
    await world.discord.delete_channel(thread)
    lobby = world.discord.messages[game.lobby_message_id or 0]
    await world.discord.wait_until(lambda: "Played in" not in describe(lobby), timeout=WAIT)
    moved = await world.settled(game.id)
    assert moved.thread_id is None and moved.turn_message_id is None and not moved.shown

    def refused() -> list[int]:
        return [r.status for r in list(world.discord.requests)[asked:] if r.status >= 400]

    assert refused() == [403], "one try, refused: no loop"
    await world.discord.set_bot_permissions(world.channel, THREAD_PERMISSIONS)
    world.clock.advance(1)  # the first retry's backoff
    table = await world.discord.wait_for_message(
        world.channel, lambda m: is_table(m, game.id), timeout=WAIT
    )
    assert (await world.settled(game.id)).turn_message_id == table.id
    assert refused() == [403]
    await move(world, game.id, world.channel)


@pytest.mark.parametrize("manages_threads", [False, True])
@pytest.mark.parametrize("kind", TITLES)
async def test_a_locked_thread_sends_its_game_to_the_channel_at_once(
    threaded: World, kind: str, manages_threads: bool
) -> None:
    """Nobody can press a button in a locked thread, a moderator neither: the game goes,
    even where the bot could still post there (Manage Threads)."""
    world = threaded
    if manages_threads:
        await world.discord.set_bot_permissions(world.channel, MODERATING)
    game, thread = await in_a_thread(world, kind)
    asked = len(world.discord.requests)
    await world.discord.lock_thread(thread)
    table = await sent_to_the_channel(world, game, "thread was locked")
    # Its old table and ping are gone from the thread, which the bot can't post in now.
    assert [m for m in thread.visible() if m.buttons() or m.mentions] == []
    assert tables(world.channel, game.id) == [table]
    await move(world, game.id, world.channel)
    since = list(world.discord.requests)[asked:]
    assert [r for r in since if r.status >= 400] == []
    assert posts_into(thread, since) == []


@pytest.mark.parametrize("manages_threads", [False, True])
@pytest.mark.parametrize("kind", TITLES)
async def test_a_thread_closed_and_locked_while_the_bot_was_away_sends_its_game_on(
    threaded: World, kind: str, manages_threads: bool
) -> None:
    """No word of it reached the bot: the game's next show finds the thread locked and
    goes to the channel, where play goes on, rather than posting into the thread."""
    world = threaded
    if manages_threads:
        await world.discord.set_bot_permissions(world.channel, MODERATING)
    game, thread = await in_a_thread(world, kind)
    await world.stop_bots()
    await world.discord.lock_thread(thread, archive=True)
    await world.start_bot()
    asked = len(world.discord.requests)
    # The turn runs out: the table must show it somewhere players can press.
    table = await timed_out_in_the_channel(world, game)
    timed_out = await world.settled(game.id)
    assert timed_out.version > game.version and timed_out.thread_id is None
    assert timed_out.turn_message_id == table.id and tables(world.channel, game.id) == [table]
    lobby = world.discord.messages[game.lobby_message_id or 0]
    assert f"<#{thread.id}>" not in describe(lobby), "the lobby sends nobody to the thread"
    refused = [r for r in list(world.discord.requests)[asked:] if r.status >= 400]
    moved = await move(world, game.id, world.channel)
    (shown,) = tables(world.channel, game.id)
    assert moved.shown and moved.turn_message_id == shown.id and moved.thread_id is None
    since = list(world.discord.requests)[asked:]
    assert [r for r in since if r.status >= 400] == refused, "refused once, never again"
    assert posts_into(thread, since) == []
    assert (thread.archived, thread.locked) == (True, True)


async def test_a_post_refused_in_a_thread_locked_unbeknown_to_the_bot_goes_to_the_channel(
    threaded: World,
) -> None:
    """discord.py still holds the thread open (no word came): the table's post is refused
    there once (50083, as it is closed too), and it goes to the channel instead."""
    world = threaded
    game, thread = await in_a_thread(world, "claimit")
    thread.archived = thread.locked = True
    asked = len(world.discord.requests)
    table = await timed_out_in_the_channel(world, game)
    assert (await world.settled(game.id)).turn_message_id == table.id
    await move(world, game.id, world.channel)
    since = list(world.discord.requests)[asked:]
    assert [r.status for r in posts_into(thread, since)] == [403]


def posts_into(where: Channel, requests: list[LoggedRequest]) -> list[LoggedRequest]:
    return [r for r in requests if r.channel == where.id and r.route == SEND_MESSAGE]


@pytest.mark.parametrize("how", ["idle", "moderator"])
@pytest.mark.parametrize("kind", TITLES)
async def test_an_archived_thread_is_posted_into_and_the_game_goes_on(
    threaded: World, kind: str, how: str
) -> None:
    world = threaded
    game, thread = await in_a_thread(world, kind)
    (old,) = tables(thread, game.id)
    if how == "idle":
        await world.discord.pass_time(THREAD_IDLE)
    else:
        await world.discord.archive_thread(thread)
    assert thread.archived
    asked = len(world.discord.requests)
    # The turn runs out: the table must show it, in a thread where nothing can be edited.
    world.clock.advance(TURN)
    table = await world.discord.wait_for_message(
        thread, lambda m: is_table(m, game.id) and m is not old, timeout=WAIT
    )
    timed_out = await world.settled(game.id)
    assert timed_out.version > game.version and timed_out.turn_message_id == table.id
    assert not thread.archived and old.deleted
    assert tables(thread, game.id) == [table]
    await move(world, game.id, thread)
    since = list(world.discord.requests)[asked:]
    # At most the one edit that may have crossed the archiving on its way.
    assert len([r for r in since if r.status >= 400]) <= 1


@pytest.mark.parametrize("kind", TITLES)
async def test_a_thread_archived_unbeknown_to_the_bot_is_posted_into(
    threaded: World, kind: str
) -> None:
    """Archived while the bot missed the event (it was away): its edit is refused once
    (50083), and the table is posted anew, which unarchives the thread."""
    world = threaded
    game, thread = await in_a_thread(world, kind)
    (old,) = tables(thread, game.id)
    thread.archived = True
    asked = len(world.discord.requests)
    world.clock.advance(TURN)
    table = await world.discord.wait_for_message(
        thread, lambda m: is_table(m, game.id) and m is not old, timeout=WAIT
    )
    timed_out = await world.settled(game.id)
    assert timed_out.turn_message_id == table.id and not thread.archived and old.deleted
    refused = [r for r in list(world.discord.requests)[asked:] if r.status >= 400]
    assert len(refused) == 1
    await move(world, game.id, thread)


@pytest.mark.both_databases
@pytest.mark.parametrize("kind", TITLES)
async def test_a_channel_deleted_while_the_bot_was_away_ends_its_game_on_start(
    world: World, kind: str
) -> None:
    ann, bo = world.players[:2]
    game = await in_the_channel(world, kind)
    await world.stop_bots()
    await world.discord.delete_channel(world.channel)
    asked = len(world.discord.requests)
    await world.start_bot(2)
    told = [world.discord.dm_with(ann), world.discord.dm_with(bo)]
    await world.discord.wait_until(lambda: all(dm.visible() for dm in told), timeout=WAIT)
    ended = await world.settled(game.id)
    assert ended.status is GameStatus.CANCELLED and ended.end_reason is EndReason.PLACE_GONE
    assert f"{TITLES[kind]} #" in told[0].visible()[0].content
    # Discord was asked once whether the channel is gone, and nothing more of it.
    since = list(world.discord.requests)[asked:]
    assert [(r.route, r.status) for r in since if r.channel == world.channel.id] == [
        ("GET /channels/{channel}", 404)
    ]


@pytest.mark.parametrize("kind", TITLES)
async def test_a_game_whose_channel_went_unbeknown_to_the_bot_ends_at_its_next_show(
    world: World, kind: str
) -> None:
    game = await in_the_channel(world, kind)
    # The channel goes, and the bot misses its CHANNEL_DELETE.
    await world.discord.delete_channel(world.channel, missed=True)
    world.clock.advance(TURN)
    await world.bots[0].parts.get(Turns).deadlines.handle_due()
    told = world.discord.dm_with(world.players[0])
    await world.discord.wait_until(lambda: bool(told.visible()), timeout=WAIT)
    ended = await world.settled(game.id)
    assert ended.status is GameStatus.CANCELLED and ended.end_reason is EndReason.PLACE_GONE
