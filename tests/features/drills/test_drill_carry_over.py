"""Drills the ladder of waits kept (before FSRS) carried over with their history: each
kind of ladder row becomes the card its answers give under the ``fsrs`` package's own
scheduler, replayed at the times the ladder implies; a database of version 32 with such
rows upgraded, its drills carried over at the service's first read, counted and answered
as FSRS schedules them; and the carry-over's SQL on both databases, once however many
services read at once."""

from __future__ import annotations

import asyncio
import sqlite3
from contextlib import closing
from pathlib import Path

import aiosqlite
import pytest
from fsrs import Card, Rating, Scheduler, State

from bot.features.drills import schedule
from bot.features.drills import service as drill_service
from bot.features.drills.schedule import DAY, moment
from bot.service import GameService
from bot.storage import Database, migrations
from bot.storage.connection import Connection
from bot.storage.opening import open_database
from bot.storage.sqlite import schema_version
from tests.bot.fixtures import ANN, ScriptedDice
from tests.bot.released_schema import stepped_on
from tests.clock import ManualClock
from tests.features.drills.test_service_drills import drills_of, every_drill, played
from tests.new_sqlite import new_sqlite

pytestmark = pytest.mark.service_on_clock

REFERENCE = Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)
T = 1_800_000_000.0
"""The moment the ladder's rows are read at."""


def replayed(reviews: list[tuple[Rating, float]], due: float) -> Card:
    """A new card due at ``due``, reviewed by the package's own scheduler."""
    card = Card(card_id=0, due=moment(due))
    for rating, at in reviews:
        card, _ = REFERENCE.review_card(card, rating, moment(at))
    return card


def same_card(ours: Card, theirs: Card) -> None:
    assert (ours.state, ours.step, ours.due) == (theirs.state, theirs.step, theirs.due)
    assert (ours.stability, ours.difficulty) == (theirs.stability, theirs.difficulty)
    assert ours.last_review == theirs.last_review


def test_each_ladder_row_becomes_the_card_its_implied_answers_give() -> None:
    good = Rating.Good
    # Never answered since it was met: a new card, due when it was.
    same_card(schedule.carried_over(0, T, None, False), replayed([], T))
    # Answered wrong: an Again the day before it is due.
    same_card(schedule.carried_over(0, T + DAY, None, True), replayed([(Rating.Again, T)], T))
    # Two right answers: the last at T (due 3 days on), the first the day before.
    same_card(
        schedule.carried_over(2, T + 3 * DAY, None, False),
        replayed([(good, T - DAY), (good, T)], T),
    )
    # Retired at T: five right answers, the ladder's 1, 3, 7 and 21 days apart.
    retired = schedule.carried_over(4, T, T, False)
    days = (-32, -31, -28, -21, 0)
    same_card(retired, replayed([(good, T + d * DAY) for d in days], T))
    assert retired.state is State.Review and retired.stability is not None
    assert retired.stability >= schedule.KNOWN and retired.due.timestamp() > T + 60 * DAY


LADDER_ROWS = {
    "fresh": "rung = 0, version = 0, due_at = {made}, retired_at = NULL",
    "wrong": f"rung = 0, version = 1, due_at = {T + DAY}, retired_at = NULL",
    "climbing": f"rung = 2, version = 2, due_at = {T + 3 * DAY}, retired_at = NULL",
    "retired": f"rung = 4, version = 5, due_at = {T - 10 * DAY}, retired_at = {T - 10 * DAY}",
}
"""A drill as the ladder left it, each way it could stand: never answered since it was
made, answered wrong at T, answered right the day before T and at T, retired ten days
before T."""


def expected(name: str, made: float) -> Card:
    """The card the row named ``name`` carries over to."""
    good = Rating.Good
    reviews = {
        "fresh": [],
        "wrong": [(Rating.Again, T)],
        "climbing": [(good, T - DAY), (good, T)],
        "retired": [(good, T + (d - 10) * DAY) for d in (-32, -31, -28, -21, 0)],
    }[name]
    return replayed(reviews, made if name == "fresh" else T)


async def a_drill_per_ladder_row(database: Database) -> dict[str, int]:
    """Ann's first drill copied once for each of ``LADDER_ROWS`` (a position of its own
    each) as the ladder left it, with no card, and the drills made before gone."""

    async def writing(connection: Connection) -> dict[str, int]:
        bounds = (await connection.fetch("SELECT MIN(id) AS a, MAX(id) AS b FROM drills"))[0]
        first, last = bounds["a"], bounds["b"]
        made = (
            await connection.fetch(
                "SELECT m.made_at FROM drills AS d JOIN drill_games AS m "
                "ON m.game_id = d.game_id WHERE d.id = ?",
                (first,),
            )
        )[0]["made_at"]
        columns = (
            "user_id, kind, position, seat, state, weighed, chosen, game_id, guild_id, move, "
            "met_at, made_at"
        )
        ids: dict[str, int] = {}
        for name, ladder in LADDER_ROWS.items():
            picked = columns.replace("position", f"position || '{name}'")
            await connection.execute(
                f"INSERT INTO drills ({columns}, rung, due_at, version) "
                f"SELECT {picked}, 0, 0, 0 FROM drills WHERE id = ?",
                (first,),
            )
            ids[name] = (await connection.ints("SELECT MAX(id) FROM drills"))[0]
            await connection.execute(
                f"UPDATE drills SET {ladder.format(made=made)} WHERE id = ?", (ids[name],)
            )
        await connection.execute("DELETE FROM drills WHERE id <= ?", (last,))
        return ids

    return await database.write(writing)


async def made_at(database: Database) -> float:
    rows = await database.read(lambda c: c.fetch("SELECT made_at FROM drill_games"))
    return float(rows[0]["made_at"])


async def carried_over_as_expected(service: GameService, ids: dict[str, int]) -> None:
    """Each row's card, once the service has read them, as its implied answers give it;
    counted at T as due, being learned and known."""
    drills = drills_of(service)
    made = await made_at(service.database)
    for name, drill_id in ids.items():
        same_card((await drills.drill(ANN.user_id, drill_id)).card, expected(name, made))
    (claimit,) = await drills.progress(ANN.user_id)
    assert (claimit.due, claimit.learning, claimit.known) == (1, 2, 1)
    assert [d.id for d in await every_drill(service, ANN.user_id)] == [ids["fresh"]]


async def test_the_ladders_drills_carry_over_once_on_both_databases(
    service: GameService,
    dice: ScriptedDice,
    clock: ManualClock,
    database: Database,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Fewer at once than the ladder's rows: the carrying goes on write after write.
    monkeypatch.setattr(drill_service, "CARRIED_AT_ONCE", len(LADDER_ROWS) - 1)
    await played(service, dice, "claimit")
    assert await every_drill(service, ANN.user_id)
    ids = await a_drill_per_ladder_row(database)
    clock.advance(T - clock.now())
    # Two processes' first reads at once: each carries over what the other has not.
    both = [GameService(database, clock=clock.now) for _ in range(2)]
    await asyncio.gather(*(drills_of(each).due_count(ANN.user_id) for each in both))
    for each in both:
        await carried_over_as_expected(each, ids)
    retired = await database.read(
        lambda c: c.ints("SELECT COUNT(*) FROM drills WHERE retired_at IS NOT NULL")
    )
    assert retired == [0]


async def test_a_version_32_database_with_ladder_drills_upgrades_and_drills_on(
    tmp_path: Path, clock: ManualClock
) -> None:
    latest = tmp_path / "latest.sqlite3"
    database = await open_database(await new_sqlite(latest))
    dice = ScriptedDice()
    service = GameService(database, dice=dice, clock=clock.now)
    await played(service, dice, "claimit")
    assert await every_drill(service, ANN.user_id)
    ids = await a_drill_per_ladder_row(database)
    await database.close()

    old = tmp_path / "version-32.sqlite3"
    await stepped_on(str(old), "sqlite", 32, ())
    copied_as_version_32(latest, old)

    clock.advance(T - clock.now())
    database = await open_database(old)
    try:
        async with aiosqlite.connect(old) as connection:
            assert await schema_version(connection) == migrations.latest()
        service = GameService(database, clock=clock.now)
        await carried_over_as_expected(service, ids)
        # Answered on: right when due, as FSRS goes on from the carried card.
        drills = drills_of(service)
        climbing = await drills.drill(ANN.user_id, ids["climbing"])
        clock.advance(climbing.due_at - clock.now())
        answered = await drills.answer(
            ANN.user_id, climbing.id, climbing.version, climbing.weighed.best
        )
        card, _ = REFERENCE.review_card(climbing.card, Rating.Good, moment(clock.now()))
        assert answered.next_due == card.due.timestamp()
        assert answered.drill.card.stability == card.stability
    finally:
        await database.close()


def copied_as_version_32(latest: Path, old: Path) -> None:
    """Every row of the latest database written into the one at version 32, in the
    columns that version has (the drills without their cards)."""
    with closing(sqlite3.connect(old)) as connection:
        connection.execute("ATTACH DATABASE ? AS latest", (str(latest),))
        tables = [
            row[0]
            for row in connection.execute(
                "SELECT name FROM main.sqlite_master WHERE type = 'table' "
                "AND name NOT LIKE 'sqlite_%'"
            )
        ]
        with connection:
            for table in tables:
                columns = ", ".join(
                    row[1] for row in connection.execute(f"PRAGMA main.table_info({table})")
                )
                connection.execute(
                    f"INSERT INTO main.{table} ({columns}) SELECT {columns} FROM latest.{table}"
                )
        assert "card_state" not in {
            row[1] for row in connection.execute("PRAGMA main.table_info(drills)")
        }
        connection.execute("DETACH DATABASE latest")
