"""The position of the day through its service, with a moved clock: nothing before the
server's hour nor without a channel; quiet with no finished games and where the bot may
not write; at the hour one position from the server's own drills, decided once however
many looks come, the same for a server and a day, none twice while others remain; one
answer per member and day, another day's or an option the position never had refused
with nothing changed; streaks of days answered right, and the month's table. A look
tells the time after it has read a server's settings."""

from __future__ import annotations

import datetime as dt
import json
import random
from fractions import Fraction

import pytest

from bot.features.drills.daily import (
    DailyAlreadyAnswered,
    DailyPositions,
    Day,
    NoDailyPosition,
    chosen,
    moment,
    streak,
    today,
)
from bot.features.drills.daily_queries import Candidate
from bot.features.drills.errors import NotAnOption
from bot.features.drills.service import DrillService
from bot.games.analysis import Unit, Weighed
from bot.service import Actor, GameService, GuildSettingsService
from bot.storage import Database
from bot.storage.game_values import Level
from bot.storage.records import GuildSettings
from tests.bot.fixtures import ANN, BO, CY, ScriptedDice, decided_to_the_end
from tests.clock import ManualClock

pytestmark = pytest.mark.service_on_clock

GUILD = 10
CHANNEL = 77
HOUR = 18


async def finished(service: GameService, dice: ScriptedDice, seed: int) -> None:
    """A game of Claim It! of Ann's against an easy computer player, played to its end
    as an easy player would (mistakes), in the server, its drills made."""
    dice.seed(seed)
    game = await service.create_lobby(
        kind="claimit", guild_id=GUILD, channel_id=1, host=ANN, bots=1, bot_level=Level.EASY
    )
    game = await service.start(game.id, Actor(ANN.user_id), game.version)
    await decided_to_the_end(service, game, random.Random(seed))
    await service.part(DrillService).due(ANN.user_id)


def at_hour(clock: ManualClock, hour: int = HOUR) -> None:
    """Moves the clock on to the next ``hour`` o'clock (UTC)."""
    now = clock.now()
    day = today(now)
    at = moment(day, hour)
    if at <= now:
        at = moment(day + dt.timedelta(days=1), hour)
    clock.advance(at - now)


def positions(database: Database, clock: ManualClock) -> DailyPositions:
    return DailyPositions(database, clock.now)


def everywhere(guild: int) -> bool:
    return True


def open_channel(guild: int, channel: int) -> bool:
    return True


async def named_channel(database: Database) -> None:
    await GuildSettingsService(database).change(
        GUILD, declared={"daily_channel": CHANNEL, "daily_hour": HOUR}
    )


async def posted(daily: DailyPositions, day: Day) -> None:
    """The day's post went out (as the Discord part settles it)."""
    await daily.settled(day, 5000 + day.day.toordinal() % 1000)


async def test_a_day_is_decided_once_at_the_servers_hour_from_its_own_drills(
    service: GameService, database: Database, dice: ScriptedDice, clock: ManualClock
) -> None:
    await finished(service, dice, 1)
    daily = positions(database, clock)
    nothing = await daily.look(everywhere, open_channel, GuildSettingsService(database).get)
    assert nothing.owed == [] and nothing.next_at is None, "no channel named: off"
    await named_channel(database)
    at_hour(clock, HOUR - 1)
    early = await daily.look(everywhere, open_channel, GuildSettingsService(database).get)
    assert early.owed == [], "before its hour"
    assert early.next_at == moment(today(clock.now()), HOUR)
    at_hour(clock)
    looks = [
        await daily.look(everywhere, open_channel, GuildSettingsService(database).get)
        for _ in range(3)
    ]
    day = Day(GUILD, today(clock.now()))
    assert all(looked.owed == [day] for looked in looks), "owed until posted, decided once"
    found = await daily.position(day)
    assert found is not None and found.channel_id == CHANNEL
    assert found.drill.guild_id == GUILD and found.drill.user_id == ANN.user_id
    await posted(daily, day)
    assert (
        await daily.look(everywhere, open_channel, GuildSettingsService(database).get)
    ).owed == []
    assert (
        await daily.look(
            lambda guild: guild != GUILD, open_channel, GuildSettingsService(database).get
        )
    ).owed == []


async def test_a_look_reads_the_time_after_the_servers_settings(
    service: GameService, database: Database, dice: ScriptedDice, clock: ManualClock
) -> None:
    """A look that began at 02:00, 8 hours past yesterday's hour, and read the server's
    settings at noon (a loaded machine) decides no day: at noon yesterday's hour is 18
    hours gone, today's 6 hours ahead."""
    await finished(service, dice, 1)
    await named_channel(database)
    daily = positions(database, clock)
    at_hour(clock, 2)
    settings = GuildSettingsService(database)

    async def read_at_noon(guild: int) -> GuildSettings:
        at_hour(clock, 12)
        return await settings.get(guild)

    looked = await daily.look(everywhere, open_channel, read_at_noon)
    noon = today(clock.now())
    assert looked.owed == [] and looked.next_at == moment(noon, HOUR)
    assert await daily.position(Day(GUILD, noon - dt.timedelta(days=1))) is None


async def test_quiet_without_finished_games_and_where_the_bot_may_not_write(
    service: GameService, database: Database, dice: ScriptedDice, clock: ManualClock
) -> None:
    await named_channel(database)
    daily = positions(database, clock)
    at_hour(clock)
    looked = await daily.look(everywhere, open_channel, GuildSettingsService(database).get)
    assert looked.owed == [] and looked.shut == []
    assert await daily.position(Day(GUILD, today(clock.now()))) is None
    await finished(service, dice, 1)
    clock.advance(86400)
    shut = await daily.look(
        everywhere, lambda guild, channel: False, GuildSettingsService(database).get
    )
    assert shut.owed == [] and shut.shut == [(GUILD, CHANNEL)]
    again = await daily.look(
        everywhere, lambda guild, channel: False, GuildSettingsService(database).get
    )
    assert again.shut == [], "told once a day: nothing is tried again"


async def test_a_near_tie_kept_from_before_the_filter_is_never_a_days_position(
    service: GameService, database: Database, dice: ScriptedDice, clock: ManualClock
) -> None:
    """A drill made before drills had to have a clear best answer may be a near tie: a
    whole server would argue over it, so no day takes it."""
    await finished(service, dice, 1)
    tie = Weighed(Unit.SPACES, True, (("roll", Fraction(1)), ("stop", Fraction(1))))
    await database.write(
        lambda c: c.execute("UPDATE drills SET weighed = ?", (json.dumps(tie.to_json()),))
    )
    daily = positions(database, clock)
    await named_channel(database)
    at_hour(clock)
    assert (
        await daily.look(everywhere, open_channel, GuildSettingsService(database).get)
    ).owed == []
    assert await daily.position(Day(GUILD, today(clock.now()))) is None, "a quiet day"


def test_the_choice_is_the_servers_and_the_days_and_never_repeats_while_others_remain() -> None:
    candidates = [Candidate(n, f"p{n % 7}", "claimit", {}) for n in range(1, 30)]
    day = Day(GUILD, dt.date(2026, 11, 30))
    first = chosen(candidates, set(), day)
    assert first is not None
    assert chosen(candidates, set(), day) == first, "the same wherever it is decided"
    seen: set[str] = set()
    for n in range(7):
        picked = chosen(candidates, seen, Day(GUILD, day.day + dt.timedelta(days=n)))
        assert picked is not None
        position = next(c.position for c in candidates if c.id == picked)
        assert position not in seen
        seen.add(position)
    assert chosen(candidates, seen, day) is not None, "all posted: they come round again"
    assert chosen([], set(), day) is None


def test_a_streak_counts_days_answered_right_in_a_row() -> None:
    posted = [10, 9, 8, 7, 5]
    assert streak(posted, {9, 8, 7, 5}, 10) == 4, "today's still to answer"
    assert streak(posted, {9, 8, 7, 5}, 0) == 0, "today's answered wrong"
    assert streak(posted, {10, 9, 7}, 0) == 2
    assert streak(posted, {10, 9, 8, 7, 5}, 0) == 5, "a day without a post breaks nothing"


async def test_answers_once_a_day_refusing_forgeries_and_streaks_across_days(
    service: GameService, database: Database, dice: ScriptedDice, clock: ManualClock
) -> None:
    for seed in (1, 2, 3):
        await finished(service, dice, seed)
    await named_channel(database)
    daily = positions(database, clock)
    days: list[Day] = []
    for n in range(3):
        at_hour(clock)
        (day,) = (
            await daily.look(everywhere, open_channel, GuildSettingsService(database).get)
        ).owed
        await posted(daily, day)
        days.append(day)
        found = await daily.current(day)
        best = found.drill.weighed.best
        worst = found.drill.weighed.worths[-1][0]
        assert found.drill.weighed.cost(worst) > 0
        if n:
            with pytest.raises(NoDailyPosition):
                await daily.answer(days[n - 1], BO.user_id, best)
        with pytest.raises(NotAnOption):
            await daily.answer(day, BO.user_id, "no-such-option")
        right = await daily.answer(day, BO.user_id, best)
        assert right.right and right.cost == 0
        with pytest.raises(DailyAlreadyAnswered):
            await daily.answer(day, BO.user_id, worst)
        assert await daily.answered(day, BO.user_id) == best
        answer = best if n != 1 else worst
        assert (await daily.answer(day, CY.user_id, answer)).right is (n != 1)
        assert (await daily.standing(GUILD, BO.user_id)).streak == n + 1
    cy = await daily.standing(GUILD, CY.user_id)
    assert cy.streak == 1, "wrong on the second day"
    assert cy.month == today(clock.now()).replace(day=1)
    month = [d for d in days if d.day.month == cy.month.month]
    bo_right = len(month)
    cy_right = len([d for d in month if d != days[1]])
    assert (BO.user_id, bo_right) in cy.table
    assert cy.table[0] == (BO.user_id, bo_right)
    if cy_right:
        assert (CY.user_id, cy_right) in cy.table
    with pytest.raises(NoDailyPosition):
        await daily.current(Day(GUILD + 1, days[-1].day))
    clock.advance(86400)
    ann = await daily.standing(GUILD, ANN.user_id)
    assert ann.streak == 0
