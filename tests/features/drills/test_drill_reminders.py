"""The drills' reminder, decided on each database with a moved clock: at the player's
summary hour in their time zone, never in their quiet hours (it waits for their end,
still once that day), once a day however many looks or processes, never while turned
off, none on a day no drill is due; a reminder decided and not posted is owed until it
is settled, and one owed to a player who turned reminders off since is settled unsent;
a look tells the time after it has read a player's settings."""

from __future__ import annotations

import asyncio
import datetime as dt
import zoneinfo
from collections.abc import Iterator

import pytest

from bot.features.drills.reminder_settings import DRILL_REMINDERS
from bot.features.drills.reminders import DrillReminders, Reminder
from bot.service.declared_player_settings import DeclaredPlayerSettings
from bot.service.player_settings import PlayerSettingsService
from bot.storage import Database
from bot.storage.records import PlayerSettings, QuietHours
from tests.clock import ManualClock

ANN, BO = 101, 102
BERLIN = zoneinfo.ZoneInfo("Europe/Berlin")
DAY = dt.date(2026, 3, 2)
"""A Monday of Berlin's winter time (UTC+1), weeks from a change of its clocks."""
TOMORROW = DAY + dt.timedelta(days=1)
HOUR = 3600.0


class Drills:
    """How many drills each player has due, as the drills' service would say."""

    def __init__(self) -> None:
        self.due: dict[int, int] = {}

    async def count(self, user_id: int) -> int:
        return self.due.get(user_id, 0)


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(at(DAY, 12))


@pytest.fixture
def players(database: Database, clock: ManualClock) -> PlayerSettingsService:
    return PlayerSettingsService(database, clock.now, DeclaredPlayerSettings((DRILL_REMINDERS,)))


@pytest.fixture
def drills() -> Drills:
    return Drills()


@pytest.fixture
def reminders(
    database: Database, clock: ManualClock, players: PlayerSettingsService, drills: Drills
) -> DrillReminders:
    return DrillReminders(database, clock.now, players, drills.count)


def at(day: dt.date, hour: float) -> float:
    """``hour`` o'clock of ``day`` in Berlin."""
    midnight = dt.datetime(day.year, day.month, day.day, tzinfo=BERLIN)
    return midnight.timestamp() + hour * HOUR


def to(clock: ManualClock, when: float) -> None:
    clock.advance(when - clock.now())


async def turn_on(
    players: PlayerSettingsService,
    user: int,
    hour: int = 18,
    quiet: QuietHours | None = None,
    reminded: str = "on",
) -> None:
    await players.choose(
        user,
        "en-US",
        time_zone="Europe/Berlin",
        summary_hour=hour,
        quiet=quiet,
        declared={"drill_reminders": reminded},
    )


async def owed_now(reminders: DrillReminders) -> list[Reminder]:
    """The reminders a look finds to post now, each then posted (settled)."""
    owed = (await reminders.look()).owed
    for reminder in owed:
        await reminders.settled(reminder)
    return owed


async def test_at_the_players_hour_in_their_zone_and_not_before(
    clock: ManualClock, players: PlayerSettingsService, drills: Drills, reminders: DrillReminders
) -> None:
    await turn_on(players, ANN)
    drills.due[ANN] = 3
    looked = await reminders.look()
    assert looked.owed == []
    assert looked.next_at == at(DAY, 18), "18:00 in Berlin, 17:00 UTC"
    to(clock, at(DAY, 18) - 1)
    assert await owed_now(reminders) == []
    to(clock, at(DAY, 18))
    (reminder,) = await owed_now(reminders)
    assert reminder == Reminder(ANN, DAY)
    assert reminder.key == f"drills:{ANN}:2026-03-02"
    assert (await reminders.look()).next_at == at(TOMORROW, 18)


async def test_once_a_day_however_many_looks_and_processes(
    clock: ManualClock,
    database: Database,
    players: PlayerSettingsService,
    drills: Drills,
    reminders: DrillReminders,
) -> None:
    await turn_on(players, ANN)
    drills.due[ANN] = 3
    to(clock, at(DAY, 18))
    others = [DrillReminders(database, clock.now, players, drills.count) for _ in range(4)]
    looks = await asyncio.gather(*(each.look() for each in [reminders, *others]))
    # Those that look as it is decided find it owed: one message, by its key.
    assert {reminder for looked in looks for reminder in looked.owed} == {Reminder(ANN, DAY)}
    # Owed until posted: a look after a stop finds it again, and nothing new.
    assert (await reminders.look()).owed == [Reminder(ANN, DAY)]
    await reminders.settled(Reminder(ANN, DAY))
    for hour in (18.5, 20, 23.9):
        to(clock, at(DAY, hour))
        assert await owed_now(reminders) == []
    to(clock, at(TOMORROW, 18))
    assert await owed_now(reminders) == [Reminder(ANN, TOMORROW)]


def hours(start: float, days: int) -> Iterator[float]:
    """Every quarter of an hour of ``days`` days from ``start``."""
    for quarter in range(days * 96):
        yield start + quarter * HOUR / 4


@pytest.mark.parametrize(
    ("hour", "quiet"),
    [
        (23, QuietHours(22, 7)),
        (6, QuietHours(22, 7)),
        (12, QuietHours(9, 14)),
        (21, QuietHours(20, 10)),
        (18, None),
    ],
)
async def test_never_in_quiet_hours_and_once_a_day(
    clock: ManualClock,
    players: PlayerSettingsService,
    drills: Drills,
    reminders: DrillReminders,
    hour: int,
    quiet: QuietHours | None,
) -> None:
    """Looking every quarter of an hour for four days: a reminder each day, at the hour
    or else at the quiet hours' end, never within them (or at the first look, the day's
    moment less than half a day past as reminders are turned on)."""
    await turn_on(players, ANN, hour, quiet)
    drills.due[ANN] = 2
    start = clock.now()
    sent: list[tuple[float, Reminder]] = []
    for when in hours(start, 4):
        to(clock, when)
        sent += [(when, reminder) for reminder in await owed_now(reminders)]
    days = [reminder.day for _, reminder in sent]
    assert len(set(days)) == len(days), "once a day"
    assert len(sent) >= 4, sent
    expected = hour if quiet is None or not in_quiet(quiet, hour) else quiet.end
    for when, _ in sent:
        local = dt.datetime.fromtimestamp(when, BERLIN)
        assert quiet is None or not in_quiet(quiet, local.hour)
        assert when == start or (local.hour, local.minute) == (expected, 0)


async def waits_till_seven_tomorrow(clock: ManualClock, reminders: DrillReminders) -> None:
    """Nothing is owed yet: the next look is at the end of quiet hours, 7:00 the next
    day, where the clock is moved."""
    looked = await reminders.look()
    assert looked.owed == []
    assert looked.next_at == at(TOMORROW, 7)
    to(clock, at(TOMORROW, 7))


def in_quiet(quiet: QuietHours, hour: int) -> bool:
    if quiet.start < quiet.end:
        return quiet.start <= hour < quiet.end
    return hour >= quiet.start or hour < quiet.end


async def test_a_reminder_in_quiet_hours_waits_for_their_end_still_once_that_day(
    clock: ManualClock, players: PlayerSettingsService, drills: Drills, reminders: DrillReminders
) -> None:
    await turn_on(players, ANN, 23, QuietHours(22, 7))
    drills.due[ANN] = 4
    to(clock, at(DAY, 23))
    await waits_till_seven_tomorrow(clock, reminders)
    assert await owed_now(reminders) == [Reminder(ANN, DAY)], "the day of its hour"
    to(clock, at(TOMORROW, 12))
    assert await owed_now(reminders) == []


async def test_a_bot_back_in_quiet_hours_waits_for_their_end_and_late_sends_none(
    clock: ManualClock, players: PlayerSettingsService, drills: Drills, reminders: DrillReminders
) -> None:
    """Down at Ann's 18:00, the bot is back at 21:00, in her quiet hours from 20:00: it
    waits for their end, at 7:00, which is too late for that day's."""
    await turn_on(players, ANN, quiet=QuietHours(20, 7))
    drills.due[ANN] = 1
    to(clock, at(DAY, 21))
    await waits_till_seven_tomorrow(clock, reminders)
    assert await owed_now(reminders) == []
    to(clock, at(TOMORROW, 18))
    assert await owed_now(reminders) == [Reminder(ANN, TOMORROW)]


async def test_an_owed_reminder_waits_out_quiet_hours_that_began_meanwhile(
    clock: ManualClock, players: PlayerSettingsService, drills: Drills, reminders: DrillReminders
) -> None:
    """Decided at 18:00 and cut short before it was posted; the bot back at 22:30, in
    the quiet hours Ann set since: it waits for their end."""
    await turn_on(players, ANN)
    drills.due[ANN] = 1
    to(clock, at(DAY, 18))
    assert (await reminders.look()).owed == [Reminder(ANN, DAY)]
    await turn_on(players, ANN, quiet=QuietHours(22, 7))
    to(clock, at(DAY, 22.5))
    await waits_till_seven_tomorrow(clock, reminders)
    assert await owed_now(reminders) == [Reminder(ANN, DAY)]


async def test_never_when_off(
    clock: ManualClock, players: PlayerSettingsService, drills: Drills, reminders: DrillReminders
) -> None:
    """Bo never turned them on; Ann turned them on, then off again."""
    await players.choose(BO, "en-US", summary_hour=18)
    await turn_on(players, ANN)
    await turn_on(players, ANN, reminded="off")
    drills.due.update({ANN: 5, BO: 5})
    looked = await reminders.look()
    assert looked == type(looked)([], None), "nobody's to wake for"
    for when in hours(clock.now(), 2):
        to(clock, when)
        assert await owed_now(reminders) == []


async def test_one_owed_to_a_player_who_turned_them_off_since_is_settled_unsent(
    clock: ManualClock, players: PlayerSettingsService, drills: Drills, reminders: DrillReminders
) -> None:
    await turn_on(players, ANN)
    drills.due[ANN] = 3
    to(clock, at(DAY, 18))
    (reminder,) = (await reminders.look()).owed
    assert await reminders.still_due(reminder) == 3
    await turn_on(players, ANN, reminded="off")
    assert await reminders.still_due(reminder) == 0
    assert (await reminders.look()).owed == []


async def test_none_on_a_day_no_drill_is_due(
    clock: ManualClock, players: PlayerSettingsService, drills: Drills, reminders: DrillReminders
) -> None:
    await turn_on(players, ANN)
    to(clock, at(DAY, 18))
    assert await owed_now(reminders) == []
    # Drills made later that day wait for the next day's reminder.
    drills.due[ANN] = 2
    to(clock, at(DAY, 20))
    assert await owed_now(reminders) == []
    to(clock, at(TOMORROW, 18))
    assert await owed_now(reminders) == [Reminder(ANN, TOMORROW)]
    # Answered all since it was decided: nothing to post.
    to(clock, at(DAY + dt.timedelta(days=2), 18))
    (reminder,) = (await reminders.look()).owed
    drills.due[ANN] = 0
    assert await reminders.still_due(reminder) == 0
    assert (await reminders.look()).owed == []


async def test_late_by_half_a_day_at_most(
    clock: ManualClock, players: PlayerSettingsService, drills: Drills, reminders: DrillReminders
) -> None:
    """A look two hours after the hour (the bot was down) still reminds; one long after
    it (reminders turned on at night) waits for the next day's."""
    await turn_on(players, ANN)
    await turn_on(players, BO, hour=8)
    drills.due.update({ANN: 1, BO: 1})
    to(clock, at(DAY, 20))
    assert await owed_now(reminders) == [Reminder(ANN, DAY)]
    to(clock, at(TOMORROW, 8) - 1)
    assert await owed_now(reminders) == []


async def test_a_look_reads_the_time_after_the_players_settings(
    database: Database, clock: ManualClock, drills: Drills
) -> None:
    """A look that began at 20:00, two hours past Ann's hour, and read her settings at
    08:00 the next morning (a loaded machine) reminds her of nothing: that day's is 14
    hours late by then, and the next day's 10 hours ahead."""
    declared = DeclaredPlayerSettings((DRILL_REMINDERS,))

    class ReadNextMorning(PlayerSettingsService):
        async def get(self, user_id: int) -> PlayerSettings:
            to(clock, at(TOMORROW, 8))
            return await super().get(user_id)

    await turn_on(PlayerSettingsService(database, clock.now, declared), ANN)
    drills.due[ANN] = 1
    to(clock, at(DAY, 20))
    late = DrillReminders(
        database, clock.now, ReadNextMorning(database, clock.now, declared), drills.count
    )
    looked = await late.look()
    assert looked.owed == [] and looked.next_at == at(TOMORROW, 18)
