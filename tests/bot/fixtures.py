"""Service test helpers: scripted dice, a manual clock, random play through the service, and
a local web server standing in for Discord."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from discord.http import Route

from bot.features.tournaments.checks import NewTournament
from bot.features.tournaments.queries import Format
from bot.features.tournaments.service import TournamentService
from bot.games.outcome import Outcome
from bot.games.registry import rules_for
from bot.service import SYSTEM, Actor, GameService, Player
from bot.storage import Game, GameStatus
from bot.storage.game_values import Level
from bot.storage.opening import open_database
from engine.claimit import Phase


class ScriptedDice(random.Random):
    """Dice that come up as the test says; then like a seeded die."""

    def __init__(self, values: Iterable[int] = (), seed: int = 0) -> None:
        super().__init__(seed)
        self.values = list(values)

    def randint(self, a: int, b: int) -> int:
        return self.values.pop(0) if self.values else super().randint(a, b)

    def randrange(self, *args: int) -> int:  # type: ignore[override]
        return self.values.pop(0) if self.values else super().randrange(*args)


class Clock:
    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        self.now += 1
        return self.now


PLAYERS = [Player(100 + i, f"Player {i}") for i in range(5)]
ANN, BO, CY, DEE, EVE = PLAYERS
"""The players by name, in seat order."""


async def started_game(
    service: GameService,
    players: int,
    *,
    channel_id: int = 1,
    variant: bool = False,
    guild_id: int = 10,
    bots: int = 0,
) -> Game:
    """A game of ``players`` humans (``PLAYERS`` in order, the first hosting) and ``bots``."""
    return await started_by(
        service,
        PLAYERS[:players],
        guild_id=guild_id,
        channel_id=channel_id,
        options={"variant": variant},
        bots=bots,
    )


async def started_by(
    service: GameService,
    players: Sequence[Player],
    *,
    guild_id: int,
    channel_id: int,
    options: dict[str, Any] | None = None,
    bots: int = 0,
) -> Game:
    """A game of Claim It! of ``players`` (the first hosting) and ``bots`` in the channel,
    started (with the server's options but for ``options``)."""
    host = players[0]
    game = await service.create_lobby(
        kind="claimit",
        guild_id=guild_id,
        channel_id=channel_id,
        host=host,
        options=options,
        bots=bots,
    )
    for player in players[1:]:
        game = await service.join(game.id, player, game.version)
    return await service.start(game.id, Actor(host.user_id), game.version)


async def ann_first(
    service: GameService, dice: ScriptedDice, humans: int, *, bots: int = 0
) -> Game:
    """A game of ``humans`` (``started_game``) and ``bots`` whose first player is Ann, as
    the dice chose."""
    dice.values = [0]
    game = await started_game(service, humans, bots=bots)
    assert game.first_seat == 0 and not dice.values
    return game


async def a_game_starts_on(target: str | Path) -> None:
    """The database at ``target`` opens, upgraded to the latest schema, and takes a game."""
    database = await open_database(target)
    try:
        game = await started_game(GameService(database), 2)
        assert game.state is not None
    finally:
        await database.close()


async def random_press(
    service: GameService, game: Game, rng: random.Random, stop_chance: float = 0.4
) -> Outcome:
    """One button press by the player to move: a random placement, or stop or roll."""
    state = game.state
    assert state is not None
    actor = Actor(game.seats[state.turn].user_id)
    if state.phase is Phase.PLACE:
        placement = rng.choice(state.pending_placements())
        return await service.turns.act(game.id, actor, game.version, str(placement))
    if state.placed_this_turn and rng.random() < stop_chance:
        return await service.turns.act(game.id, actor, game.version, "stop")
    return await service.turns.act(game.id, actor, game.version, "roll")


async def play_to_the_end(
    service: GameService, game: Game, rng: random.Random, stop_chance: float = 0.4
) -> Game:
    """Plays a started game with random choices, as its players, until it ends."""
    while game.state is not None and game.state.phase is not Phase.OVER:
        game = (await random_press(service, game, rng, stop_chance)).game
    return game


async def decided_to_the_end(service: GameService, game: Game, choosing: random.Random) -> Game:
    """Plays a started game to its end, every seat (a person's too) as an easy computer
    player decides: a person's mistakes, from which drills are made."""
    rules = rules_for(game.kind)
    while game.status is GameStatus.ACTIVE:
        seat = game.seats[rules.to_act(game.state)[0]]
        intent = rules.decide(game.state, seat.seat, Level.EASY, choosing)
        actor = SYSTEM if seat.user_id is None else Actor(seat.user_id)
        game = (await service.turns.act(game.id, actor, game.version, intent)).game
    return game


def tournaments_of(service: GameService) -> TournamentService:
    """The service's tournaments."""
    return service.part(TournamentService)


def new_tournament(
    guild_id: int, channel_id: int, starts_at: float, /, **changed: Any
) -> NewTournament:
    """A rated Swiss cup of Claim It, three rounds of tables of three for at most sixteen
    players, open to all until it starts; ``changed`` names what differs (a ``starts_at``
    there moves the start alone, not the end of the signup)."""
    usual = NewTournament(
        guild_id=guild_id,
        channel_id=channel_id,
        kind="claimit",
        name="Winter Cup",
        format=Format.SWISS,
        rounds=3,
        match_size=3,
        turn_timeout=None,
        starts_at=starts_at,
        signup_until=starts_at,
        rated=True,
        cap=16,
        final=False,
        private=False,
        round_hours=None,
        options={},
        language=None,
    )
    return replace(usual, **changed)


async def served(app: web.Application) -> tuple[web.AppRunner, str]:
    """``app`` serving on a free local port: its runner (to clean up) and its origin."""
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    return runner, f"http://127.0.0.1:{runner.addresses[0][1]}"


async def as_discord(app: web.Application, monkeypatch: pytest.MonkeyPatch) -> web.AppRunner:
    """``app`` served as Discord's API, discord.py's requests sent to it for the test: its
    runner, to clean up."""
    runner, origin = await served(app)
    monkeypatch.setattr(Route, "BASE", f"{origin}/api/v10")
    return runner
