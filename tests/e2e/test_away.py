"""A player away for days (``/my away until:``), in every game, as the server chose: the
games waiting on them stop their clock with the time left kept, or a computer player
(normal) plays their turns, marked in the log and counted in the result, the game still
rated. The table says who is away until when; **I'm back** ends it early in one click,
and its end comes by itself, a restart in between or not; nobody away is pinged or
written to; the server's limit of days holds."""

from __future__ import annotations

import datetime as dt
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.games.registry import GAMES
from emulator import User
from tests.e2e.days import DAY, HOUR, TWO_DAYS, kept, start_two, until_turn_of
from tests.e2e.world import World, describe, ephemeral_answer, running_world

KINDS = list(GAMES)


@pytest.fixture
async def world(tmp_path: Path, database_target: str) -> AsyncIterator[World]:
    async with running_world(tmp_path, database=database_target, synced=True) as world:
        yield world


def in_days(world: World, days: int) -> str:
    """The date ``days`` from today (UTC, the players' zone until they tell theirs)."""
    today = dt.datetime.fromtimestamp(world.clock.now(), dt.UTC).date()
    return (today + dt.timedelta(days=days)).isoformat()


async def go_away(world: World, user: User, days: int) -> str:
    """``user`` is away until ``days`` from today: what they are answered, with the labels
    of its buttons."""
    asked = await world.command(user, "my away", until=in_days(world, days))
    await world.quiet()
    assert asked.response_message is not None
    return ephemeral_answer(asked) + "\n" + " ".join(asked.response_message.button_labels())


@pytest.mark.parametrize("kind", KINDS)
async def test_the_game_waits_for_someone_away_and_goes_on_when_they_are_back(
    world: World, kind: str
) -> None:
    ann, bo = world.players[0], world.players[1]
    await world.command(ann, "my settings", notify="both")
    game = await start_two(world, world.players[0], world.players[1], kind)
    game = await until_turn_of(world, game, bo)
    said = await go_away(world, ann, 3)
    assert "You're away until <t:" in said and "I'm back" in said
    table = world.table()
    assert "💤 Ann is away until <t:" in describe(table)
    assert "the game waits for them" in describe(table)
    assert "I'm back" in table.button_labels()

    # Her turn comes: its clock waits, with the whole turn kept; nobody tells her.
    game = await until_turn_of(world, game, ann)
    assert game.deadline is None and game.paused_left == TWO_DAYS * 60
    assert "The clock is stopped with 2 days left." in describe(world.table())
    assert not any(ann.id in ping.mentions for ping in world.pings())
    assert kept(world, ann) == []
    my_games = ephemeral_answer(await world.command(bo, "my games"))
    assert "the clock waits for Ann, away" in my_games

    # Three days on (and more: to her last day's end), still waiting: no time-out, no
    # takeover. A restart in between.
    (away,) = [seat for seat in game.seats if seat.away_until is not None]
    assert away.user_id == ann.id and away.away_until is not None
    assert 3 * DAY < away.away_until - world.clock.now() <= 4 * DAY
    world.advance(away.away_until - world.clock.now() - HOUR)
    await world.stop_bots()
    await world.start_bot()
    waiting = await world.settled(game.id)
    assert waiting.version == game.version and waiting.deadline is None
    # Her last day ends while the bot is down: the clock goes again at the start, with
    # the two days it had.
    await world.stop_bots()
    world.advance(2 * HOUR)
    await world.start_bot()
    back = await world.discord.wait_for_message(
        world.channel, lambda m: "👋 Ann is back: their turn ends" in describe(m)
    )
    game = await world.settled(game.id)
    assert game.paused_left is None and game.deadline is not None
    assert game.deadline == pytest.approx(world.clock.now() + TWO_DAYS * 60, abs=5)
    assert "I'm back" not in back.button_labels()
    assert any(ann.id in ping.mentions for ping in world.pings()), "her turn is told now"
    assert len(kept(world, ann)) == 1


async def test_coming_back_early_is_one_click(world: World) -> None:
    ann, bo = world.players[0], world.players[1]
    game = await start_two(world, world.players[0], world.players[1])
    game = await until_turn_of(world, game, bo)
    await go_away(world, ann, 5)
    game = await until_turn_of(world, game, ann)
    assert game.deadline is None
    world.advance(DAY)
    # On the table: her game counts on her again, the clock going on with its two days.
    await world.click(ann, world.table(), "I'm back")
    game = await world.settled(game.id)
    assert game.deadline == pytest.approx(world.clock.now() + TWO_DAYS * 60, abs=5)
    assert "👋 Ann is back" in describe(world.table())
    assert "I'm back" not in world.table().button_labels()
    assert "You're not away" in ephemeral_answer(await world.command(ann, "my away"))
    # Pressed by someone not away, it changes nothing and says so.
    pressed = await world.discord.answer(
        await world.discord.forge(bo, world.table(), {"custom_id": "my:back", "component_type": 2})
    )
    assert "You're not away, so nothing changed." in ephemeral_answer(pressed)


async def test_the_server_limits_the_days_away(world: World) -> None:
    ann = world.players[0]
    await world.command(ann, "server settings", away_days=2)
    game = await start_two(world, world.players[0], world.players[1])
    said = await go_away(world, ann, 5)
    assert "This server lets its players be away for 2 days at most" in said
    game = await world.settled(game.id)
    (seat,) = [s for s in game.seats if s.user_id == ann.id]
    assert seat.away_until == pytest.approx(world.clock.now() + 2 * DAY, abs=5)
    # A day too far is refused, plainly, and changes nothing.
    too_far = ephemeral_answer(await world.command(ann, "my away", until=in_days(world, 31)))
    assert "you can be away from today to 30 days ahead" in too_far
    unreadable = ephemeral_answer(await world.command(ann, "my away", until="next week"))
    assert "is no day I can read" in unreadable
