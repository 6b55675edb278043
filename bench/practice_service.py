"""Practice as a player meets it: hints and drills asked through the real services, on a
SQLite file in a temporary directory, the games' reports judged in the bot's judging
processes (started once before the first game timed, as in a bot that judged lately).

Each game is opened with hints, one person seated beside computer players (of each
level in turn, at 2, 3 and 4 seats in turn); the bench chooses the person's moves as an
easy computer player would, so that they make mistakes, and presses Hint at each of
their positions twice: the first press is weighed by the game's judge, the second reads
the hint kept. Once the game is over the person asks for their drills: that first ask
makes the game's drills (judging the game, weighing its mistakes), the longest wait
practice has; then every drill due is answered (an option drawn at random).
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from bench.analysis import played
from bot.features.analysis.judging import PROCESSES, Judging
from bot.features.analysis.service import AnalysisService
from bot.features.drills.service import DrillService
from bot.features.hints.errors import NothingToWeigh
from bot.features.hints.service import HintsAsked, HintService
from bot.games.registry import rules_for
from bot.service import SYSTEM, Actor, GameService, Player
from bot.service.feature_registry import discovered
from bot.storage import Game, GameStatus
from bot.storage.game_values import Level
from bot.storage.opening import open_database
from tests.new_sqlite import new_sqlite

PERSON = Player(1, "Learner")
SEATS = (2, 3, 4)


@dataclass
class Timed:
    """The seconds each part of practice took, over a game kind's games."""

    first: list[float] = field(default_factory=list)
    second: list[float] = field(default_factory=list)
    forced: int = 0
    made: list[float] = field(default_factory=list)
    drills: list[int] = field(default_factory=list)
    answers: list[float] = field(default_factory=list)


def spread(seconds: list[float]) -> str:
    """Median, p90 and the longest of ``seconds``, in ms."""
    if not seconds:
        return "none"
    ordered = sorted(seconds)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (
        f"median {statistics.median(ordered) * 1000:.1f} ms, p90 {p90 * 1000:.1f} ms, "
        f"longest {ordered[-1] * 1000:.1f} ms"
    )


async def hinted(service: GameService, game: Game, timed: Timed) -> None:
    """The person's two presses of Hint in the position ``game`` stands in."""
    hints = service.part(HintService)
    for presses in (timed.first, timed.second):
        started = time.perf_counter()
        try:
            await hints.hint(game.id, Actor(PERSON.user_id), game.version)
        except NothingToWeigh:
            # One thing to do: nothing weighed, as the pure weighing leaves it out too.
            timed.forced += 1
            return
        presses.append(time.perf_counter() - started)


async def one_game(
    service: GameService, kind: str, number: int, hints_at: int, timed: Timed
) -> None:
    """Game ``number`` of ``kind`` played to its end, with hints at every ``hints_at``-th
    of the person's positions, then their drills asked and answered."""
    players = SEATS[number % len(SEATS)]
    level = list(Level)[number % len(Level)]
    game = await service.create_lobby(
        kind=kind,
        guild_id=10,
        channel_id=number,
        host=PERSON,
        bots=players - 1,
        bot_level=level,
        asked=(HintsAsked(True),),
    )
    game = await service.start(game.id, Actor(PERSON.user_id), game.version)
    rules = rules_for(kind)
    choosing = random.Random(number)
    positions = 0
    while game.status is GameStatus.ACTIVE:
        seat = game.seats[rules.to_act(game.state)[0]]
        if seat.user_id is None:
            intent = await asyncio.to_thread(
                rules.decide, game.state, seat.seat, seat.bot_level or Level.NORMAL, choosing
            )
            actor = SYSTEM
        else:
            if positions % hints_at == 0:
                await hinted(service, game, timed)
            positions += 1
            intent = rules.decide(game.state, seat.seat, Level.EASY, choosing)
            actor = Actor(seat.user_id)
        game = (await service.turns.act(game.id, actor, game.version, intent)).game
    drills = service.part(DrillService)
    started = time.perf_counter()
    await drills.due(PERSON.user_id)
    timed.made.append(time.perf_counter() - started)
    due = await drills.due(PERSON.user_id, limit=1000)
    timed.drills.append(len(due))
    for drill in due:
        option = choosing.choice(drill.weighed.worths)[0]
        started = time.perf_counter()
        await drills.answer(PERSON.user_id, drill.id, drill.version, option)
        timed.answers.append(time.perf_counter() - started)


async def practised(kind: str, games: int, hints_at: int) -> Timed:
    timed = Timed()
    discovered()
    with tempfile.TemporaryDirectory() as folder:
        database = await open_database(await new_sqlite(Path(folder) / "practice.sqlite3"))
        service = GameService(database, dice=random.Random(kind))
        reports = service.part(AnalysisService)
        reports.judging = Judging(PROCESSES)
        try:
            # The processes' start (imports) is paid here, before the first game timed.
            warm = played(kind, [Level.EASY, Level.EASY], 1)[:4]
            await reports.judging.analysis(kind, 2, warm, 1)
            for number in range(games):
                await one_game(service, kind, number, hints_at, timed)
        finally:
            await reports.judging.stop()
            await database.close()
    return timed


def bench_service(kind: str, games: int, hints_at: int) -> None:
    """Prints what the person waited for in ``games`` games of ``kind``."""
    started = time.perf_counter()
    timed = asyncio.run(practised(kind, games, hints_at))
    every = "every position" if hints_at == 1 else f"one position in {hints_at}"
    print(
        f"  through the services (SQLite), {games} games of one person playing as an easy "
        f"computer player, computer players of each level in turn "
        f"({time.perf_counter() - started:.0f} s):"
    )
    print(
        f"    a hint, first press (weighed), {len(timed.first)} positions ({every}; "
        f"{timed.forced} more with one thing to do): {spread(timed.first)}"
    )
    print(f"    a hint, second press (kept): {spread(timed.second)}")
    print(
        f"    the first drills asked after a game (it judged, its mistakes weighed; "
        f"{sum(timed.drills)} drills due then): {spread(timed.made)}"
    )
    print(f"    a drill's answer, {len(timed.answers)} drills: {spread(timed.answers)}")
