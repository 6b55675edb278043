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

``bench_burst`` measures a hint's wait behind a burst, as issue 106 found it: a pair
playing several games together presses Hint in all of them at once (whoever is to act
in each), and another table's player presses Hint a moment after. Each round it also
times that player's hint with nothing else asked (its wait alone), then moves every
game on by one move, so that each press is of a position not weighed before.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import tempfile
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

from bench.analysis import played
from bench.figures import spread
from bot.features.analysis.judging import PROCESSES, Judging
from bot.features.analysis.service import AnalysisService
from bot.features.drills.service import DrillService
from bot.features.hints.errors import NothingToWeigh
from bot.features.hints.service import HintsAsked, HintService
from bot.games.registry import rules_for
from bot.service import SYSTEM, Actor, GameService, Player, ServiceError
from bot.service.feature_registry import discovered
from bot.storage import Game, GameStatus
from bot.storage.game_values import Level
from bot.storage.opening import open_database
from tests.new_sqlite import new_sqlite

PERSON = Player(1, "Learner")
SEATS = (2, 3, 4)
PAIR = (Player(11, "Ann"), Player(12, "Bo"))
"""The pair whose presses make the burst."""
OTHERS = (Player(13, "Cy"), Player(14, "Dee"))
"""The other table's players, whose hint waits behind the burst."""


@dataclass
class Timed:
    """The seconds each part of practice took, over a game kind's games."""

    first: list[float] = field(default_factory=list)
    second: list[float] = field(default_factory=list)
    forced: int = 0
    made: list[float] = field(default_factory=list)
    drills: list[int] = field(default_factory=list)
    answers: list[float] = field(default_factory=list)


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


@contextlib.asynccontextmanager
async def judged_service(kind: str) -> AsyncIterator[GameService]:
    """The services on a new SQLite file, games judged in the bot's judging processes,
    started (their imports paid) before anything is timed."""
    discovered()
    with tempfile.TemporaryDirectory() as folder:
        database = await open_database(await new_sqlite(Path(folder) / "practice.sqlite3"))
        service = GameService(database, dice=random.Random(kind))
        reports = service.part(AnalysisService)
        reports.judging = Judging(PROCESSES)
        try:
            warm = played(kind, [Level.EASY, Level.EASY], 1)[:4]
            await reports.judging.analysis(kind, 2, warm, 1)
            yield service
        finally:
            await reports.judging.stop()
            await database.close()


async def practised(kind: str, games: int, hints_at: int) -> Timed:
    timed = Timed()
    async with judged_service(kind) as service:
        for number in range(games):
            await one_game(service, kind, number, hints_at, timed)
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


@dataclass
class Burst:
    """What a burst of presses came to: the other table's hint alone and behind the
    burst, and the burst's own presses (answered, with their waits, or refused)."""

    alone: list[float] = field(default_factory=list)
    behind: list[float] = field(default_factory=list)
    answered: list[float] = field(default_factory=list)
    refused: int = 0


async def table(service: GameService, kind: str, channel: int, players: tuple[Player, ...]) -> Game:
    """A new game of ``kind`` with hints between ``players`` in ``channel``."""
    game = await service.create_lobby(
        kind=kind, guild_id=10, channel_id=channel, host=players[0], asked=(HintsAsked(True),)
    )
    for player in players[1:]:
        game = await service.join(game.id, player, game.version)
    return await service.start(game.id, Actor(players[0].user_id), game.version)


async def pressed(service: GameService, game: Game) -> float | None:
    """The seconds the player to act in ``game`` waits for their hint; ``None`` where
    there is nothing to weigh."""
    seat = game.seats[rules_for(game.kind).to_act(game.state)[0]]
    assert seat.user_id is not None
    started = time.perf_counter()
    try:
        await service.part(HintService).hint(game.id, Actor(seat.user_id), game.version)
    except NothingToWeigh:
        return None
    return time.perf_counter() - started


async def moved(
    service: GameService, game: Game, channel: int, players: tuple[Player, ...], rng: random.Random
) -> Game:
    """``game`` one move on (as an easy computer player would), or a new one in its
    channel once it is over."""
    rules = rules_for(game.kind)
    seat = game.seats[rules.to_act(game.state)[0]]
    assert seat.user_id is not None
    intent = rules.decide(game.state, seat.seat, Level.EASY, rng)
    game = (await service.turns.act(game.id, Actor(seat.user_id), game.version, intent)).game
    if game.status is GameStatus.ACTIVE:
        return game
    return await table(service, game.kind, channel, players)


async def burst_once(service: GameService, pairs: list[Game], other: Game, found: Burst) -> None:
    """The pair presses Hint in every game of theirs at once, and the other table's player
    a moment after."""

    async def one_of_the_pair(game: Game) -> None:
        try:
            waited = await pressed(service, game)
        except ServiceError:
            found.refused += 1  # past the presser's own queue, answered at once
        else:
            if waited is not None:
                found.answered.append(waited)

    burst = [asyncio.create_task(one_of_the_pair(game)) for game in pairs]
    await asyncio.sleep(0)  # the burst's presses begin before the other's
    waited = await pressed(service, other)
    if waited is not None:
        found.behind.append(waited)
    await asyncio.gather(*burst)


async def bursts(kind: str, rounds: int, games: int) -> Burst:
    found = Burst()
    rng = random.Random(106)
    async with judged_service(kind) as service:
        pairs = [await table(service, kind, channel, PAIR) for channel in range(games)]
        other = await table(service, kind, games, OTHERS)
        for _ in range(rounds):
            waited = await pressed(service, other)
            if waited is not None:
                found.alone.append(waited)
            other = await moved(service, other, games, OTHERS, rng)
            await burst_once(service, pairs, other, found)
            pairs = [
                await moved(service, game, channel, PAIR, rng) for channel, game in enumerate(pairs)
            ]
            other = await moved(service, other, games, OTHERS, rng)
    return found


def bench_burst(kind: str, rounds: int, games: int) -> None:
    """Prints a hint's wait behind a pair's burst of presses in ``games`` games of
    ``kind``, over ``rounds`` rounds."""
    started = time.perf_counter()
    found = asyncio.run(bursts(kind, rounds, games))
    print(
        f"  a hint behind a burst: a pair presses Hint in {games} games at once, another "
        f"table's player a moment after ({rounds} rounds, {PROCESSES} judging processes, "
        f"{time.perf_counter() - started:.0f} s):"
    )
    print(f"    the other table's hint alone: {spread(found.alone, 0.99)}")
    print(f"    the other table's hint behind the burst: {spread(found.behind, 0.99)}")
    print(
        f"    the burst's own presses: {spread(found.answered, 0.99)} answered, "
        f"{found.refused} refused at once (past the presser's own queue)"
    )
