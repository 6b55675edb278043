"""Seasons through Discord: a server turns monthly seasons on, games are played in one
month, the clock moves across the month's end, and the season's end is announced once
with its podium where the game was last played (also across a restart);
``/claimit leaderboard season:`` shows the earlier season and the current one, and offers
both as the member types. In German too, with the server's own dates."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.features.seasons.discord.handlers import SeasonEnds
from bot.features.seasons.service import SEASON_MIN_GAMES
from emulator import Interaction, Message
from tests.e2e.world import World, describe, ephemeral_answer, running_world

pytestmark = pytest.mark.e2e

DECEMBER = datetime(2023, 12, 1, tzinfo=UTC).timestamp()


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    async with running_world(tmp_path, players=2) as world:
        yield world


async def played(world: World, games: int, group: str = "claimit") -> None:
    """``games`` two-player games of Ann's and Bo's played to their end here."""
    for _ in range(games):
        await world.start_game(2, group)
        game = await world.bots[0].service.current_game(world.channel.id)
        assert game is not None
        await world.played_out(game, each_shown=False)
        await world.quiet()


def card(answer: Interaction) -> str:
    """Everything the private answer's card says."""
    assert answer.response_message is not None
    return describe(answer.response_message)


def podiums(world: World) -> list[Message]:
    return [m for m in world.channel.visible() if "🏁" in describe(m)]


async def across_the_end(world: World) -> Message:
    """The clock moved past the end of November 2023; the announcement it brings."""
    world.advance(DECEMBER + 60 - world.clock.now())
    return await world.discord.wait_for_message(world.channel, lambda m: "🏁" in describe(m))


async def test_a_seasons_end_is_announced_once_and_its_standings_kept(world: World) -> None:
    ann, bo = world.players[:2]
    off = await world.command(ann, "claimit leaderboard", season="current")
    assert "This server has no seasons" in ephemeral_answer(off)
    await world.command(ann, "server settings", seasons="monthly")
    await played(world, SEASON_MIN_GAMES)
    # One Gold Nuggets game ranks nobody: its season's end announces nothing.
    await played(world, 1, "nuggets")
    now = await world.command(bo, "claimit leaderboard", season="current")
    board = ephemeral_answer(now)
    assert "Claim It! · November 2023 · Prospectors" in card(now)
    assert "**Ann**" in board and "**Bo**" in board and "3 games" in board
    assert "From Nov 1, 2023 to Nov 30, 2023 (UTC)" in card(now)

    podium = await across_the_end(world)
    said = describe(podium)
    assert "🏁 Claim It! · November 2023 is over" in said
    # A medal is for rating gained: of two players, one gained what the other lost.
    assert "🥇" in said and "🥈" not in said and "2 players played in it." in said
    assert " rating points · 3 games · " in said
    watch = world.bots[0].parts.get(SeasonEnds).looks
    await watch.stop()
    assert len(podiums(world)) == 1
    assert "Gold Nuggets" not in describe(podiums(world)[0])

    await world.stop_bots()
    bot = await world.start_bot(seed=2)
    again = bot.parts.get(SeasonEnds)
    await again.looks.stop()
    await again.looks.look()
    assert len(podiums(world)) == 1, "announced once, restart and all"

    offered = await world.discord.autocomplete(
        ann, world.channel, "claimit leaderboard", "season", ""
    )
    assert offered == [
        {"name": "December 2023 (now)", "value": "current"},
        {"name": "November 2023", "value": "2023-11-01"},
        {"name": "all time (the rating)", "value": "all"},
    ]
    # With seasons on, the leaderboard is the current season's unless asked otherwise.
    default = await world.command(ann, "claimit leaderboard")
    assert "December 2023" in card(default)
    ladder = await world.command(ann, "claimit leaderboard", season="all")
    assert "December 2023" not in card(ladder) and "**Ann**" in ephemeral_answer(ladder)
    earlier = await world.command(ann, "claimit leaderboard", season="2023-11-01")
    assert "November 2023" in card(earlier)
    assert "**Ann**" in ephemeral_answer(earlier)
    current = await world.command(ann, "claimit leaderboard", season="current")
    assert "December 2023" in card(current)
    assert "Nobody is ranked yet" in ephemeral_answer(current)
    future = await world.command(ann, "claimit leaderboard", season="2024-05-01")
    assert "There is no season '2024-05-01'" in ephemeral_answer(future)


async def test_in_german_with_the_servers_own_dates(world: World) -> None:
    ann = world.players[0]
    await played(world, SEASON_MIN_GAMES, "nuggets")
    await world.command(
        ann, "server settings", language="de", season_dates="2023-06-01, 2023-12-01"
    )
    podium = await across_the_end(world)
    said = describe(podium)
    assert "🏁 Gold Nuggets · 1. Juni\u2009–\u200930. Nov. 2023 ist vorbei" in said
    assert "2 Personen haben darin gespielt." in said
    dora = world.discord.add_user("Dora", locale="de")
    world.discord.add_member(world.guild, dora)
    board = await world.command(dora, "nuggets rangliste", saison="2023-07-15")
    shown = card(board)
    assert "Vom 1. Juni 2023 bis 30. Nov. 2023 (UTC)" in shown
    assert "Reihenfolge nach der in der Saison gewonnenen Wertung" in shown
