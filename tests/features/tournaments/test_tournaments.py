"""A server's tournament through Discord, in every game: announced with ``/tournament
create``, signed up to with its button, started by the clock days later, played round by
round in threads (each match a game, each round's players told), a player who leaves
dropped, the standings on the announcement as games end, a restart in the middle of a
round, and the winner announced once; a round robin of four on two processes."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from bot.features.ladder.discord.handlers import Ladder
from bot.features.tournaments.queries import TournamentState
from bot.features.tournaments.service import TournamentService
from bot.features.tournaments.tournament_board import TournamentBoard
from bot.service import Actor
from bot.storage import GameStatus
from emulator import Message, User
from emulator.model import shard_of
from tests.e2e.world import (
    THREAD_PERMISSIONS,
    TITLES,
    World,
    describe,
    ephemeral_answer,
    make_world,
)
from tests.postgres_cluster import Cluster

pytestmark = pytest.mark.e2e

DAY = 86_400.0
MORE = ("Fay", "Gus", "Hal", "Ivy")


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    world = await make_world(tmp_path, players=5, bot_permissions=THREAD_PERMISSIONS)
    for name in MORE:
        user = world.discord.add_user(name)
        world.discord.add_member(world.guild, user)
        world.players.append(user)
    await world.start_bot()
    async with world:
        yield world


def people(world: World) -> list[User]:
    """The nine who play: the world's five, its outsider, and four more."""
    return [user for user in world.players if user.name != "Outsider"][:9]


async def announced(world: World, group: str, **options: Any) -> Message:
    """``/tournament create`` by Ann, starting in two days: its announcement."""
    made = await world.command(
        world.players[0],
        "tournament create",
        game=group,
        name="Winter Cup",
        starts="+2d",
        **options,
    )
    announcement = made.response_message
    assert announcement is not None and not announcement.ephemeral, ephemeral_answer(made)
    await world.handled()
    return announcement


async def board_of(world: World, number: int = 1) -> TournamentBoard:
    return (
        await world.bots[0].service.part(TournamentService).numbered_board(world.guild.id, number)
    )


async def round_told(world: World, round_: int) -> Message:
    """The round's message, once its matches are open, and the announcement showing it."""
    told = await world.discord.wait_for_message(
        world.channel, lambda m: f"Round {round_} of" in describe(m) and "has begun" in describe(m)
    )
    await world.discord.wait_for_message(
        world.channel,
        lambda m: f"\nRound {round_} of" in describe(m) and "🏆 Winter" in describe(m),
    )
    return told


async def play_round(world: World, round_: int) -> TournamentBoard:
    """Every game of the round played to its end, each shown at its end alone."""
    board = await board_of(world)
    for match in board.of_round(round_):
        assert match.game_id is not None
        game = await world.bots[0].service.game(match.game_id)
        if game.status is GameStatus.ACTIVE:
            await world.played_out(game, each_shown=False)
    await world.handled()
    return await board_of(world)


@pytest.mark.parametrize("group", ["claimit", "nuggets", "claim"])
async def test_a_swiss_of_nine_runs_itself_over_days_to_its_winner(
    world: World, group: str
) -> None:
    nine = people(world)
    announcement = await announced(world, group, format="swiss", rounds=3, table_size=3)
    said = describe(announcement)
    assert "🏆 Winter Cup" in said and "Swiss, 3 rounds" in said and "Signed up: 0 of 16" in said
    assert announcement.button_labels() == ["Sign up", "Leave"]
    for user in nine:
        await world.click(user, announcement, "Sign up")
    twice = await world.click(nine[0], announcement, "Sign up")
    assert ephemeral_answer(twice) == "You're signed up already. See you at the first round!"
    assert "Signed up: 9 of 16" in describe(announcement)

    world.advance(2 * DAY + 1)
    first = await round_told(world, 1)
    board = await board_of(world)
    assert board.tournament.state is TournamentState.RUNNING
    matches = board.of_round(1)
    assert [len(t.players) for t in matches] == [3, 3, 3]
    assert all(f"<#{t.thread_id}>" in describe(first) for t in matches)
    threads = {t.thread_id for t in matches}
    assert len(threads) == 3 and world.channel.id not in threads
    assert announcement.button_labels() == [], "sign-up is over"
    mine = await world.command(nine[0], "my games")
    assert mine.response_message is not None
    seat = next(t for t in matches if nine[0].id in t.players)
    assert (
        f"**Winter Cup** ({TITLES[group]}): round 1 of 3, your table <#{seat.thread_id}>"
        in describe(mine.response_message)
    )

    board = await play_round(world, 1)
    await round_told(world, 2)
    board = await board_of(world)
    assert [len(t.players) for t in board.of_round(2)] == [3, 3, 3]
    assert "Round 2 of 3" in describe(announcement)
    assert announcement.attachments, "the standings are a picture"

    # Mid-round: one game played out, one player leaves, and the bot restarts.
    round_two = board.of_round(2)
    assert round_two[0].game_id is not None and round_two[1].game_id is not None
    service = world.bots[0].service
    await world.played_out(await service.game(round_two[0].game_id), each_shown=False)
    leaving = await service.game(round_two[1].game_id)
    leaver = leaving.seats[0].user_id
    assert leaver is not None
    await service.leave(leaving.id, Actor(leaver), None)
    await world.stop_bots()
    world.advance(DAY)
    await world.start_bot(seed=2)
    board = await play_round(world, 2)
    await round_told(world, 3)
    board = await board_of(world)
    assert sorted(len(t.players) for t in board.of_round(3)) == [2, 3, 3]
    assert leaver not in {user for t in board.of_round(3) for user in t.players}

    await play_round(world, 3)
    ended = await world.discord.wait_for_message(
        world.channel, lambda m: "wins Winter Cup" in describe(m)
    )
    board = await board_of(world)
    assert board.tournament.state is TournamentState.FINISHED
    winner = board.names[board.rows[0].user]
    assert f"**{winner}** wins Winter Cup ({TITLES[group]})." in describe(ended)
    assert f"🏆 **{winner}** wins!" in describe(announcement)
    assert announcement.button_labels() == []
    await world.handled()
    ends = [m for m in world.channel.visible() if "wins Winter Cup" in describe(m)]
    assert ends == [ended], "the end is told once"
    rounds_told = [m for m in world.channel.visible() if "has begun" in describe(m)]
    assert len(rounds_told) == 3, "each round is told once, the restart too"
    games = [t.game_id for t in board.matches]
    assert len(games) == len(set(games)) == 9
    history = await world.command(nine[0], f"{group} history")
    assert "🏆 Winter Cup, round 3" in ephemeral_answer(history)
    champion = world.user(board.rows[0].user)
    stats = await world.command(nine[0], f"{group} stats", user=champion)
    assert stats.response_message is not None
    assert "**Tournaments** 1 played, 1 won (latest: Winter Cup)" in describe(
        stats.response_message
    )


async def test_bad_options_and_rights_are_refused_in_plain_words(world: World) -> None:
    ann, bo = world.players[:2]

    async def refusal(user: User, **changed: Any) -> str:
        options = {
            "game": "claimit",
            "name": "Cup",
            "starts": "+1d",
            "format": "swiss",
            "rounds": 2,
            "table_size": 2,
            **changed,
        }
        return ephemeral_answer(await world.command(user, "tournament create", **options))

    past = await refusal(ann, starts="2020-01-01 10:00")
    assert past == "The start is in the past: choose a time to come."
    assert "I can't read “soon” as a time" in await refusal(ann, starts="soon")
    low = await refusal(ann, table_size=4, cap=3)
    assert low == "A cap of 3 is too low: tables of 4 need 4 players at least."
    too_many = await refusal(ann, game="claim", table_size=5)
    assert too_many == "table_size: Claim is played by 2 to 4 at a table."
    unseen = await refusal(ann, name="\u200b\u200c\u2060")
    assert unseen == "A tournament's name needs a letter or a digit you can see."
    assert "Manage Events" in await refusal(bo)
    assert [m for m in world.channel.visible() if "🏆" in describe(m)] == []
    nothing = await world.command(ann, "tournament show", number=1)
    assert ephemeral_answer(nothing) == "This server has no tournament number 1."


async def test_an_organiser_reads_and_is_answered_in_their_own_words(world: World) -> None:
    """A German organiser types the start as Germans write it; a member invited twice
    is pinged once; a cancelled tournament says so when cancelled again; a list says
    when its sign-up closes."""
    ann, bo = world.players[:2]
    ann.locale = "de"
    day = (datetime.fromtimestamp(world.clock.now(), UTC) + timedelta(days=10)).date()
    made = await world.command(
        ann,
        "turnier erstellen",
        spiel="claimit",
        name="Silvester",
        modus="swiss",
        beginn=f"{day.day}.{day.month}.{day.year} 18:00",
        spieler_pro_tisch=2,
        runden=2,
        privat=True,
    )
    assert made.response_message is not None and not made.response_message.ephemeral
    board = await world.bots[0].service.part(TournamentService).numbered_board(world.guild.id, 1)
    start = datetime(day.year, day.month, day.day, 18, tzinfo=UTC).timestamp()
    assert board.tournament.starts_at == start, "her time zone is UTC until she says"
    ann.locale = "en-US"
    await world.command(ann, "tournament invite", number=1, user=bo)
    again = ephemeral_answer(await world.command(ann, "tournament invite", number=1, user=bo))
    assert again == "They are invited already: they can press Sign up on the announcement."
    assert (
        len([m for m in world.channel.visible() if f"<@{bo.id}>, you're invited" in describe(m)])
        == 1
    )
    listed = ephemeral_answer(await world.command(bo, "tournament list"))
    assert "· sign-up closes <t:" in listed
    await world.command(ann, "tournament cancel", number=1)
    twice = ephemeral_answer(await world.command(ann, "tournament cancel", number=1))
    assert twice == "This tournament was cancelled already."


THREAD_MADE = "POST /channels/{channel}/threads"
CHANNEL_DELETED = "DELETE /channels/{channel}"


@pytest.mark.postgres
@pytest.mark.parametrize("group", ["claimit", "nuggets", "claim"])
async def test_a_round_robin_of_four_on_two_processes_meets_every_pair_once(
    tmp_path: Path, postgres: Cluster, group: str
) -> None:
    world = await make_world(
        tmp_path,
        4,
        THREAD_PERMISSIONS,
        database=await postgres.new_database(),
        max_concurrency=2,
    )
    async with world:
        # The first process holds the server's shard: it shows the games the test plays.
        ours = shard_of(world.guild.id, 2)
        await world.start_bot(shards=(2, frozenset({ours})))
        await world.start_bot(shards=(2, frozenset({1 - ours})))
        await world.discord.wait_for_shards(2)
        four = world.players[:4]
        announcement = await announced(
            world, group, format="round_robin", table_size=2, cap=4, rated=False
        )
        for user in four:
            await world.click(user, announcement, "Sign up")
        full = await world.click(world.players[4], announcement, "Sign up")
        assert ephemeral_answer(full) == "This tournament is full: all 4 places are taken."
        world.advance(2 * DAY + 1)
        for round_ in (1, 2, 3):
            await round_told(world, round_)
            board = await play_round(world, round_)
        # One winner, or several level on points (their games' results are the dice's
        # and the cards').
        await world.discord.wait_for_message(
            world.channel, lambda m: re.search(r"\*\* wins? Winter Cup", describe(m)) is not None
        )
        board = await board_of(world)
        assert board.tournament.state is TournamentState.FINISHED
        pairs = sorted(tuple(sorted(t.players)) for t in board.matches)
        assert pairs == sorted(combinations(sorted(u.id for u in four), 2))
        await world.handled()
        told = [m for m in world.channel.visible() if "has begun" in describe(m)]
        assert len(told) == 3
        made = [r for r in world.discord.requests if r.route == THREAD_MADE]
        gone = [r for r in world.discord.requests if r.route == CHANNEL_DELETED]
        # Moving the clock two days lets each process think the other stopped and stand
        # in for its shard for a moment: a thread made for a match the other opened first
        # is deleted again.
        assert len(made) - len(gone) == 6, "a thread per match"
        assert {t.thread_id for t in board.matches} == {
            int(thread.id) for thread in world.discord.channels.values() if thread.is_thread
        }
        ladder = world.bots[0].parts.get(Ladder).ladder
        for match in board.matches:
            assert await ladder.rating_changes(match.game_id or 0) == [], "unrated"
