"""When a long turn reminds its player, on each database: a quarter of the turn time
before its end, at least an hour before; never for a turn of an hour or less, a game not
running, or a turn reminded of already; the next one to come; and the note that a turn
was reminded holds only for the deadline it was made for."""

from __future__ import annotations

import pytest

from bot.service import GameService
from bot.storage import Database, deadline_queries
from bot.storage.deadline_queries import reminder_at
from bot.storage.shards import EVERY
from tests.bot.fixtures import started_game

HOUR = 3600
DAY = 24 * HOUR
END = 1_000_000.0


@pytest.mark.parametrize(
    ("turn", "lead"),
    [(2 * DAY, DAY // 2), (7 * DAY, 7 * DAY // 4), (4 * HOUR, HOUR), (2 * HOUR, HOUR)],
)
def test_a_quarter_of_the_turn_before_its_end_at_least_an_hour(turn: int, lead: int) -> None:
    assert reminder_at(END, turn) == END - lead


def test_a_turn_of_an_hour_or_less_has_no_reminder() -> None:
    assert reminder_at(END, HOUR) is None
    assert reminder_at(END, 600) is None


async def timed(database: Database, game_id: int, turn: int, deadline: float) -> None:
    await database.write(
        lambda connection: connection.execute(
            "UPDATE games SET turn_timeout = ?, deadline = ? WHERE id = ?",
            (turn, deadline, game_id),
        )
    )


async def due(database: Database, now: float) -> list[tuple[int, float]]:
    return await database.read(
        lambda connection: deadline_queries.reminders_due(connection, now, EVERY)
    )


async def test_the_queries_agree_with_the_rule_and_remind_once_per_deadline(
    service: GameService, database: Database
) -> None:
    games = [await started_game(service, 2, channel_id=n) for n in range(4)]
    turns = (2 * DAY, 2 * HOUR, HOUR, 7 * DAY)
    for game, turn in zip(games, turns, strict=True):
        await timed(database, game.id, turn, END)
    long_two_days, two_hours, one_hour, week = (g.id for g in games)

    assert await due(database, END - DAY // 2 - 1) == [(week, END)]
    assert await due(database, END - DAY // 2) == [(long_two_days, END), (week, END)]
    assert {g for g, _ in await due(database, END - HOUR)} == {long_two_days, two_hours, week}
    assert await due(database, END) == [], "a turn that ended is the deadline scan's"
    assert all(game != one_hour for game, _ in await due(database, END - 1))

    assert await service.deadlines.next_reminder(0.0) == END - 7 * DAY // 4
    assert await service.deadlines.next_reminder(END - DAY) == END - DAY // 2

    assert await service.messages.mark_reminded(long_two_days, END)
    assert long_two_days not in {g for g, _ in await due(database, END - 1)}
    assert not await service.messages.mark_reminded(two_hours, END - 5), "another deadline"
    # The turn moved on: a new deadline reminds again.
    await timed(database, long_two_days, 2 * DAY, END + DAY)
    assert (long_two_days, END + DAY) in await due(database, END + DAY // 2)
