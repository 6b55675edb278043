"""Computer players' turns: decided in a worker thread, applied through the service one
visible step at a time, shown by editing the turn message as a click would."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from bot.background.backoff import FIRST_RETRY, LONGEST_WAIT
from bot.clock import Clock
from bot.games.outcome import Outcome
from bot.games.registry import rules_for
from bot.service import SYSTEM, GameService, ServiceError
from bot.service.errors import BoardMovedOn
from bot.service.time_away import stands_in
from bot.storage import Game, GameStatus
from bot.storage.game_values import Level
from bot.storage.write_refusals import WritesRefused

log = logging.getLogger(__name__)

Step = Callable[[int, Callable[[], Awaitable[Outcome]]], Awaitable[None]]
"""Makes one move of a game (the service call given) and shows it."""

DECISION_TRIES = 3
"""Decisions tried (each with a random draw of its own) before a computer player that
keeps failing to decide has the time-out rule move for it: a decision is worked out from
the position and its draw alone, so waiting would change nothing, and the people at the
table should not wait for a deadline."""


class CouldNotDecide(Exception):
    """A computer player's decision raised (a fault in the game's computer player)."""


@dataclass(eq=False)
class ComputerPlayers:
    """Computer players' turns, each game's in a task of its own that plays step by step until a
    person is to act (or the game ends)."""

    service: GameService
    step: Step
    pause: float
    """Seconds between steps, so that people can follow them."""
    mine: Callable[[int], bool]
    """Whether a server's games' computer players are this process's to move (its
    shard's lease)."""
    shown: Callable[[int], Awaitable[None]]
    """Until a game's table shows its last change: a computer player moves at the
    table's pace, so that every step of it is seen (nobody waits on it to be quick,
    and the people watching are who it plays for)."""
    clock: Clock
    _games: dict[int, asyncio.Task[None]] = field(default_factory=dict, init=False)
    _look_again: set[int] = field(default_factory=set, init=False)
    """Games whose running task must look once more before it ends: it may have read
    the game just before a change handed the turn to a computer player."""

    def play(self, game: Game) -> None:
        """Lets the computer players move until a human's turn (or the end)."""
        if not self.mine(game.guild_id):
            return  # the process holding its shard's lease moves them
        running = self._games.get(game.id)
        if running is None or running.done():
            self._games[game.id] = asyncio.create_task(self._turns(game.id))
        else:
            self._look_again.add(game.id)

    @property
    def busy(self) -> bool:
        """Whether a computer player is moving in any game."""
        return any(not task.done() for task in self._games.values())

    async def stop(self) -> None:
        """On shutdown: a step in flight is either committed or not; a restart resumes."""
        for task in self._games.values():
            task.cancel()
        await asyncio.gather(*self._games.values(), return_exceptions=True)
        self._games.clear()

    async def _turns(self, game_id: int) -> None:
        failures = 0
        while True:
            try:
                if not await self._move(game_id):
                    if game_id not in self._look_again:
                        return
                    self._look_again.discard(game_id)
                    continue
                failures = 0
            except ServiceError:
                return
            except Exception as error:
                # A full disk, say: this game waits and tries again; others go on.
                failures += 1
                wait = min(FIRST_RETRY * 2 ** (failures - 1), LONGEST_WAIT)
                log.warning(
                    "computer player in game %s failed (try %d); again in %.0f s",
                    game_id,
                    failures,
                    wait,
                    # A refused write is the storage's to report, in one line.
                    exc_info=failures == 1 and not isinstance(error, WritesRefused),
                )
                await asyncio.sleep(wait)

    async def _move(self, game_id: int) -> bool:
        """One step of the computer player to move; ``False`` when none is to move."""
        await self.shown(game_id)
        game = await self.service.game(game_id)
        if game.status is not GameStatus.ACTIVE or game.broken or game.state is None:
            return False
        if not self.mine(game.guild_id):
            return False  # another process took its shard over meanwhile
        rules = rules_for(game.kind)
        now = self.clock.now()
        seat = next(
            (
                game.seats[n]
                for n in rules.to_act(game.state)
                if game.seats[n].is_bot or stands_in(game.seats[n], now)
            ),
            None,
        )
        if seat is None:
            return False
        await asyncio.sleep(self.pause)
        level = seat.bot_level or Level.NORMAL
        move: Callable[[], Awaitable[Outcome]]
        try:
            intent = await self._decision(game, seat.seat, level)
        except CouldNotDecide:
            if not seat.is_bot:
                return False  # standing in for someone away: their clock runs as anyone's
            move = functools.partial(self.service.turns.stand_in, game_id, game.version)
        else:
            if seat.is_bot:
                move = functools.partial(
                    self.service.turns.act, game_id, SYSTEM, game.version, intent
                )
            else:
                # Standing in for someone away: the move is marked as the stand-in's.
                move = functools.partial(
                    self.service.turns.act_for_away, game_id, game.version, intent
                )
        # Someone (a deadline) may have moved first: then look again.
        with contextlib.suppress(BoardMovedOn):
            await self.step(game_id, move)
        return True

    async def _decision(self, game: Game, seat: int, level: Level) -> str:
        """What the computer player in ``seat`` plays. Its first draw is seeded by the
        position, so a game replays the same decisions; one that raises is tried again
        with other draws, then given up on (``CouldNotDecide``), logged once."""
        rules = rules_for(game.kind)
        for attempt in range(DECISION_TRIES):
            seed = f"{game.id}:{game.version}" + (f":{attempt}" if attempt else "")
            try:
                # A hard decision can take a tenth of a second: not on the event loop.
                return await asyncio.to_thread(
                    rules.decide, game.state, seat, level, random.Random(seed)
                )
            except Exception:
                if attempt == 0:
                    log.exception(
                        "computer player in game %s (seat %d) could not decide", game.id, seat
                    )
        log.warning(
            "computer player in game %s (seat %d) failed to decide %d times: "
            "the time-out rule moves for it",
            game.id,
            seat,
            DECISION_TRIES,
        )
        raise CouldNotDecide()
