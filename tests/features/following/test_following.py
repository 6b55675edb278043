"""Following a game through Discord, in every game: **Follow** under a table answers the
presser alone, with **Unfollow**; the follower gets one direct message at the end (the
result as the channel shows it, with a link and the replay's command) and, as they
chose, one at each round's end (the table as the channel shows it); never more than the
channel shows. ``/<game> follow`` finds a game by its number; ``/my games`` lists the
games one follows, and drops them. A follow outlives a restart, and two processes on
PostgreSQL tell each follower once."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest

from bot.features.following.discord.handlers import Follows
from bot.games.faces import face_for
from bot.games.registry import rules_for
from bot.service import Actor
from bot.storage import Game, GameStatus
from bot.storage.game_values import Level
from emulator import Message
from emulator.model import Channel, User
from tests.e2e.world import (
    THREAD_PERMISSIONS,
    TITLES,
    World,
    describe,
    ephemeral_answer,
    line_value,
    make_world,
    note_of,
    running_world,
    text_of,
)
from tests.i18n_words import english_in
from tests.postgres_cluster import Cluster

pytestmark = pytest.mark.e2e


@pytest.fixture
async def world(tmp_path: Path, database_target: str) -> AsyncIterator[World]:
    async with running_world(tmp_path, players=3, database=database_target) as world:
        yield world


@pytest.fixture(params=list(TITLES))
def group(request: pytest.FixtureRequest) -> str:
    """Each game's command, for the tests every game must pass."""
    return str(request.param)


async def started_here(world: World, group: str) -> tuple[Game, Message]:
    """A two-player game of ``group`` started here by Ann and Bo, and its table."""
    table = await world.start_game(2, group)
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is not None
    return game, table


async def play_to_the_end(
    world: World,
    game: Game,
    group: str,
    where: Channel | None = None,
    *,
    each_shown: bool = False,
) -> Message:
    """Ann and Bo play the game to its end, each move the one a computer player would
    make (each shown, where the rounds matter); the result the channel shows."""
    game = await world.played_out(game, each_shown=each_shown)
    result = await world.discord.wait_for_message(
        where or world.channel,
        lambda m: f"{TITLES[group]} #{game.number} · game over" in describe(m),
    )
    await world.quiet()
    await told(world)
    return result


async def told(world: World) -> None:
    """Until every follower has been told what the games' events so far owe them."""
    for bot in world.bots:
        await bot.events.idle()


def dms(world: World, user: User) -> list[Message]:
    """What the bot wrote to ``user`` directly and still shows them (not its answers to
    their commands there)."""
    return [m for m in world.discord.dm_with(user).visible(user.id) if m.interaction_id is None]


def posted(world: World, user: User) -> list[Message]:
    """Everything the bot wrote to ``user`` directly, what it deleted since included."""
    return [m for m in world.discord.dm_with(user).messages if m.interaction_id is None]


def pictures(message: Message) -> list[bytes]:
    return [attachment.data for attachment in message.attachments]


@pytest.mark.both_databases
async def test_a_follower_hears_of_the_end_once_with_the_result_the_channel_shows(
    world: World, group: str
) -> None:
    cy = world.players[2]
    title = TITLES[group]
    game, table = await started_here(world, group)
    assert "Follow" in table.button_labels()
    followed = await world.click(cy, table, "Follow")
    answer = followed.response_message
    assert answer is not None and answer.ephemeral
    assert f"🔔 You follow [{title} #{game.number}]" in describe(answer)
    assert "you'll hear of its end by direct message" in describe(answer)
    assert answer.button_labels() == ["Unfollow"]
    table = world.table()
    again = await world.click(cy, table, "Follow")
    assert f"You follow [{title} #{game.number}]" in ephemeral_answer(again)
    assert "already" in ephemeral_answer(again)
    result = await play_to_the_end(world, game, group)
    [dm] = dms(world, cy)
    assert f"{title} #{game.number}](" in note_of(dm)
    assert "which you follow, is over: on" in note_of(dm)
    assert f"Watch it again with /{face_for(game.kind).command} replay game:{game.number}." in (
        note_of(dm)
    )
    assert dm.button_labels() == []
    # Exactly what the channel's result shows: its words and its picture, nothing more.
    assert describe(dm).removeprefix(note_of(dm)).strip() == describe(result).strip()
    assert pictures(dm) == pictures(result) and pictures(dm)
    assert dms(world, world.players[0]) == [] or all(
        "which you follow" not in note_of(m) for m in dms(world, world.players[0])
    )


async def rounds_over(world: World, game: Game) -> int:
    outcomes = await world.bots[0].service.history.outcomes(game.id)
    return face_for(game.kind).rounds_over(outcomes) or 0


async def test_a_follower_who_chose_rounds_hears_of_each_once_and_never_of_more_than_the_table(
    world: World, group: str
) -> None:
    cy = world.players[2]
    title = TITLES[group]
    chosen = await world.command(cy, "my settings", following="rounds")
    assert "you hear of their end, and of each round's end" in describe(
        chosen.response_message  # type: ignore[arg-type]
    )
    game, table = await started_here(world, group)
    followed = await world.click(cy, table, "Follow")
    said = ephemeral_answer(followed)
    if group == "claim":
        assert "you'll hear of its end by direct message" in said
        assert "Claim has no rounds, so only its end counts." in said
    else:
        assert "you'll hear of each round's end and of the game's end" in said
    result = await play_to_the_end(world, game, group, each_shown=True)
    *rounds, end = posted(world, cy)
    # Each round's notice replaced the one before, and the end the last one.
    assert dms(world, cy) == [end]
    expected = await rounds_over(world, game)
    assert (expected == 0) == (group == "claim")
    assert [text_of(m).split("\n")[0] for m in rounds] == [
        f"Round {n} is over." for n in range(1, expected + 1)
    ]
    for message in rounds:
        assert f"🔔 [{title} #{game.number}](" in note_of(message)
        assert message.button_labels() == [] and len(pictures(message)) == 1
    assert "is over: on" in note_of(end)
    assert pictures(end) == pictures(result)


async def test_moves_shown_at_once_count_every_round_they_end_and_a_stale_show_tells_nothing(
    world: World,
) -> None:
    """The rounds over are counted from the moves made since the last count: several
    shown at once tell of the last round they end, once; a show of the game the database
    has moved past tells nothing (its later show will)."""
    cy = world.players[2]
    await world.command(cy, "my settings", following="rounds")
    game, table = await started_here(world, "claimit")
    await world.click(cy, table, "Follow")
    await told(world)
    bot = world.bots[0]
    notices = bot.parts.get(Follows).notices
    rules = rules_for(game.kind)
    rng = random.Random(5)

    async def moved(times: int) -> Game:
        """The game after ``times`` moves made in the database alone (none shown)."""
        current = await bot.service.game(game.id)
        for _ in range(times):
            seat = next(iter(rules.to_act(current.state)))
            intent = rules.decide(current.state, seat, Level.NORMAL, rng)
            user = current.seats[seat].user_id
            await bot.service.turns.act(current.id, Actor(user), None, intent)
            current = await bot.service.game(game.id)
        return current

    first = await moved(1)
    await notices.shown(first)
    assert await rounds_over(world, first) == 0 and dms(world, cy) == []
    current = first
    while await rounds_over(world, current) < 2:
        stale = current
        current = await moved(1)
        assert current.status is GameStatus.ACTIVE
    expected = await rounds_over(world, current)
    await notices.shown(first)
    await notices.shown(stale)
    assert dms(world, cy) == []
    [follower] = await notices.follows.followers(game.id)
    assert follower.rounds_told == 0
    await notices.shown(current)
    await notices.shown(current)
    [told_once] = posted(world, cy)
    assert text_of(told_once).split("\n")[0] == f"Round {expected} is over."
    [follower] = await notices.follows.followers(game.id)
    assert follower.rounds_told == expected


async def test_my_games_lists_the_games_one_follows_and_drops_them(world: World) -> None:
    ann, cy = world.players[0], world.players[2]
    game, table = await started_here(world, "claimit")
    await world.click(cy, table, "Follow")
    listed = await world.command(cy, "my games")
    message = listed.response_message
    assert message is not None and message.ephemeral
    line = line_value(message, "🔔 Games you follow")
    assert f"[Claim It! #{game.number}](" in line and f"<#{world.channel.id}>" in line
    assert "to play" in line
    assert "Unfollow Claim It! #1" in message.button_labels()
    everywhere = await world.command(cy, "my games", where=world.discord.dm_with(cy))
    assert "on Prospectors" in line_value(
        everywhere.response_message,  # type: ignore[arg-type]
        "🔔 Games you follow",
    )
    unfollow = str(message.button("Unfollow Claim It! #1")["custom_id"])
    await world.click(cy, message, "Unfollow Claim It! #1")
    # The list is drawn again in place, without the game.
    assert "🔕 You no longer follow Claim It! #1." in describe(message)
    assert "Games you follow" not in describe(message)
    assert "Unfollow Claim It! #1" not in message.button_labels()
    again = await world.click(cy, message, unfollow)
    assert "don't follow that game" in ephemeral_answer(again)
    after = await world.command(cy, "my games")
    assert "Games you follow" not in describe(after.response_message)  # type: ignore[arg-type]
    assert "Games you follow" not in describe(
        (await world.command(ann, "my games")).response_message  # type: ignore[arg-type]
    )
    await play_to_the_end(world, game, "claimit")
    assert dms(world, cy) == []


async def test_a_game_is_followed_by_its_number_and_refused_plainly_otherwise(
    world: World,
) -> None:
    cy = world.players[2]
    game, _ = await started_here(world, "nuggets")
    number = game.number
    missing = await world.command(cy, "nuggets follow", number=9)
    assert ephemeral_answer(missing) == "This server has no Gold Nuggets game #9 to follow."
    lounge = world.discord.add_channel(world.guild, "lounge")
    followed = await world.command(cy, "nuggets follow", number=number, where=lounge)
    assert "🔔 You follow [Gold Nuggets #1](" in ephemeral_answer(followed)
    twice = await world.command(cy, "nuggets follow", number=number)
    assert ephemeral_answer(twice) == "You follow Gold Nuggets #1 already."
    await play_to_the_end(world, game, "nuggets")
    [dm] = dms(world, cy)
    assert "Gold Nuggets #1" in note_of(dm)
    over = await world.command(world.players[3], "nuggets follow", number=number)
    assert ephemeral_answer(over) == "Gold Nuggets #1 is over, so there is nothing left to follow."
    table = next(m for m in world.channel.visible() if "game over" in describe(m))
    assert "Follow" not in table.button_labels()


async def test_a_follow_outlives_a_restart_and_closed_dms_keep_it(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    bo, cy, di = world.players[1], world.players[2], world.players[3]
    await world.command(di, "my settings", following="rounds")
    game, table = await started_here(world, "claimit")
    await world.click(cy, table, "Follow")
    await world.click(di, world.table(), "Follow")
    world.discord.close_dms(di)
    await world.stop_bots()
    await world.start_bot(seed=2)
    with caplog.at_level("INFO"):
        await play_to_the_end(world, game, "claimit", each_shown=True)
    [dm] = dms(world, cy)
    assert "which you follow, is over" in note_of(dm)
    assert dms(world, di) == []
    refused = [r for r in caplog.records if "takes no direct messages" in r.getMessage()]
    assert len(refused) == await rounds_over(world, game) + 1
    assert dms(world, bo) == [] or all("which you follow" not in note_of(m) for m in dms(world, bo))


@pytest.mark.postgres
async def test_two_processes_tell_each_follower_once(tmp_path: Path, postgres: Cluster) -> None:
    world = await make_world(tmp_path, 4, database=await postgres.new_database(), max_concurrency=2)
    async with world:
        await world.start_two_processes()
        # The moves are made through the first process: the one whose shard the game's
        # server is not, so that the other hears of each through the database, shows it
        # and tells the followers.
        world.bots.sort(key=lambda bot: bot.leases.holds(world.guild.id))
        cy, di = world.players[2], world.players[3]
        await world.command(di, "my settings", following="rounds")
        game, table = await started_here(world, "claimit")
        await world.click(cy, table, "Follow")
        await world.click(di, world.table(), "Follow")
        await play_to_the_end(world, game, "claimit", each_shown=True)
        for bot in world.bots:
            await bot.events.stop()
        assert len(posted(world, cy)) == 1
        assert len(posted(world, di)) == await rounds_over(world, game) + 1
        assert len(dms(world, di)) == 1


async def test_a_game_in_a_private_thread_is_followed_only_by_its_members(world: World) -> None:
    ann, bo, cy, di = world.players[:4]
    await world.discord.set_bot_permissions(world.channel, THREAD_PERMISSIONS)
    thread = await world.discord.start_private_thread(world.channel, "our table", ann, [bo, di])
    lobby = await world.answered(ann, "claimit new", where=thread)
    await world.click(bo, lobby, "Join")
    await world.click(ann, lobby, "Start")
    game = await world.bots[0].service.current_game(thread.id)
    assert game is not None and game.place_id == thread.id
    refused = await world.command(cy, "claimit follow", number=game.number)
    assert ephemeral_answer(refused) == (
        "You can't see where Claim It! #1 is played, so you can't follow it."
    )
    member = await world.command(di, "claimit follow", number=game.number)
    assert "🔔 You follow [Claim It! #1](" in ephemeral_answer(member)
    await world.click(bo, world.table(thread), "Follow")
    await world.discord.leave_thread(thread, di)
    await play_to_the_end(world, game, "claimit", where=thread)
    assert dms(world, di) == []
    [told_bo] = dms(world, bo)
    assert "which you follow, is over" in note_of(told_bo)
    assert await world.bots[0].parts.get(Follows).follows.followers(game.id) == []


async def test_a_player_may_follow_and_one_who_left_the_server_is_told_nothing(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    ann, cy, outsider = world.players[0], world.players[2], world.players[3]
    game, table = await started_here(world, "nuggets")
    await world.click(ann, table, "Follow")
    await world.click(cy, world.table(), "Follow")
    await world.click(outsider, world.table(), "Follow")
    await world.discord.remove_member(world.guild, outsider)
    with caplog.at_level("INFO"):
        await play_to_the_end(world, game, "nuggets")
    left = f"{outsider.id} can no longer see game {game.id}: no longer following it"
    assert [r.getMessage() for r in caplog.records].count(left) == 1
    [told_ann] = [m for m in dms(world, ann) if "which you follow" in note_of(m)]
    assert "Gold Nuggets #1" in note_of(told_ann)
    assert len(dms(world, cy)) == 1
    assert dms(world, outsider) == []
    assert await world.bots[0].parts.get(Follows).follows.followers(game.id) == []


async def test_whoever_may_not_view_the_games_channel_is_refused(tmp_path: Path) -> None:
    world = await make_world(tmp_path, players=2)
    lurker = world.discord.add_user("Lurker")
    world.discord.add_member(world.guild, lurker, discord.Permissions(send_messages=True))
    lounge = world.discord.add_channel(world.guild, "lounge")
    await world.start_bot()
    async with world:
        game, _ = await started_here(world, "claim")
        refused = await world.command(lurker, "claim follow", number=game.number, where=lounge)
        assert ephemeral_answer(refused) == (
            "You can't see where Claim #1 is played, so you can't follow it."
        )
        assert await world.bots[0].parts.get(Follows).follows.followers(game.id) == []


async def test_a_follower_who_lost_view_channel_hears_nothing_more(world: World) -> None:
    """What a follow checks is checked at each notice: Cy may no longer view the game's
    channel (an admin changed his role), so its end never reaches him."""
    cy, di = world.players[2], world.players[3]
    game, table = await started_here(world, "nuggets")
    await world.click(cy, table, "Follow")
    await world.click(di, world.table(), "Follow")
    await world.discord.set_member_permissions(
        world.guild, cy, discord.Permissions(send_messages=True, use_application_commands=True)
    )
    await play_to_the_end(world, game, "nuggets")
    assert dms(world, cy) == []
    [told] = dms(world, di)
    assert "which you follow, is over" in note_of(told)
    assert await world.bots[0].parts.get(Follows).follows.followers(game.id) == []


async def test_a_german_follower_hears_in_german_with_german_command_names(
    tmp_path: Path,
) -> None:
    world = await make_world(tmp_path, players=3)
    cy = world.discord.add_user("Cyra", locale="de")
    world.discord.add_member(world.guild, cy)
    await world.start_bot()
    async with world:
        game, table = await started_here(world, "nuggets")
        followed = ephemeral_answer(await world.click(cy, table, "Follow"))
        assert "/meine einstellungen folgen" in followed and "/my" not in followed
        await play_to_the_end(world, game, "nuggets")
        [told] = dms(world, cy)
        said = describe(told)
        assert "dem du folgst, ist vorbei" in note_of(told), said
        assert english_in([said]) == {}
