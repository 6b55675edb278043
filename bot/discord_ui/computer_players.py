"""Computer players' turns: decided in a worker thread, applied through the service one
visible step at a time, shown by editing the turn message as a click would."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable

from bot.discord_ui.surfaces import Surface
from bot.service import SYSTEM, GameService, Outcome, ServiceError
from bot.service.errors import BoardMovedOn
from bot.storage import Game, GameStatus
from engine.claimit import Place
from engine.claimit.bots import Level, RollAgain, decide

log = logging.getLogger(__name__)


class ComputerPlayers:
    def __init__(
        self,
        service: GameService,
        surface_of: Callable[[Game], Surface],
        present: Callable[[Surface, Outcome], Awaitable[None]],
        pause: float,
    ) -> None:
        self.service = service
        self.surface_of = surface_of
        self.present = present
        self.pause = pause
        self._games: dict[int, asyncio.Task[None]] = {}

    def play(self, game: Game) -> None:
        """Lets the computer players move until a human's turn (or the end)."""
        running = self._games.get(game.id)
        if running is None or running.done():
            self._games[game.id] = asyncio.create_task(self._turns(game.id))

    async def stop(self) -> None:
        """On shutdown: a step in flight is either committed or not; a restart resumes."""
        for task in self._games.values():
            task.cancel()
        await asyncio.gather(*self._games.values(), return_exceptions=True)
        self._games.clear()

    async def resume(self) -> None:
        """After a start or restart: every game waiting for a computer player goes on."""
        for game in await self.service.active_games():
            if game.state is not None and game.seats[game.state.turn].is_bot:
                self.play(game)

    async def _turns(self, game_id: int) -> None:
        try:
            while True:
                game = await self.service.game(game_id)
                if game.status is not GameStatus.ACTIVE or game.broken or game.state is None:
                    return
                seat = game.seats[game.state.turn]
                if not seat.is_bot:
                    return
                await asyncio.sleep(self.pause)
                # Seeded by the position, so a game replays the same decisions.
                rng = random.Random(f"{game.id}:{game.version}")
                level = Level(seat.bot_level or Level.NORMAL)
                # A hard decision can take a tenth of a second: not on the event loop.
                decision = await asyncio.to_thread(decide, game.state, level, rng)
                try:
                    if isinstance(decision, RollAgain):
                        outcome = await self.service.roll(game_id, SYSTEM, game.version)
                    elif isinstance(decision, Place):
                        outcome = await self.service.place(
                            game_id, SYSTEM, game.version, decision.placement
                        )
                    else:
                        outcome = await self.service.stop(game_id, SYSTEM, game.version)
                except BoardMovedOn:
                    continue
                await self.present(self.surface_of(game), outcome)
        except ServiceError:
            return
        except Exception:
            log.exception("computer player in game %s failed", game_id)
