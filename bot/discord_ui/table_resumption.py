"""A live table's games brought up to date where this process takes them on: at its start,
standing in for a process that stopped, or told that another process could not show a
change of one of its games."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from bot.background.game_locks import GameLocks
from bot.background.reconciler import MessageReconciler
from bot.discord_ui.discord_refusals import expected
from bot.discord_ui.table_updates import TableUpdates, computer_to_move
from bot.service.shard_leases import ShardLeases
from bot.storage import GameStatus
from bot.storage.shards import Shards

log = logging.getLogger(__name__)


@dataclass(eq=False)
class TableResumption:
    """What a live table does for the games of shards this process has just taken on."""

    updates: TableUpdates
    """The table's shows, which hold the service, the pings, the languages and the
    computer players this needs too."""
    leases: ShardLeases
    reconciler: MessageReconciler
    displays: GameLocks

    async def take_over(self, shards: Shards) -> None:
        """This process has just taken on these shards' background work (at its start, or
        standing in for a process that stopped): their games' messages are brought up to
        date, their computer players move on and their deadlines are looked at."""
        self.updates.pings.notices.unknown()
        self.updates.service.messages.hands_unknown()
        self.reconciler.add(
            await self.updates.service.messages.games_not_shown(shards), unsure=True
        )
        await self.resume(shards)
        self.updates.service.deadline_moved_earlier.set()

    async def show_unshown(self) -> None:
        """Another process changed a game it could not show: this process's shards' games
        that are behind it are caught up now."""
        self.reconciler.add(await self.updates.service.messages.games_not_shown(self.leases.shards))

    async def resume(self, shards: Shards) -> None:
        """Computer players of these shards' games move on, and games whose data is
        damaged are reported, each game on its own so that one bad row stops nothing
        else."""
        for game_id in await self.updates.service.active_game_ids(shards):
            try:
                game = await self.updates.service.game(game_id)
                if game.broken is not None:
                    log.error("game %s is damaged: %s", game.id, game.broken)
                    if game.deadline is not None:
                        await self.updates.game_broken(game.id)
                else:
                    await self._resume_pings(game.id)
                    if computer_to_move(game, self.updates.clock.now()):
                        self.updates.computer.play(game)
            except Exception as error:
                if expected(error):
                    log.warning("could not resume game %s: %s", game_id, error)
                else:
                    log.exception("could not resume game %s", game_id)

    async def _resume_pings(self, game_id: int) -> None:
        """Whoever is to act and was not pinged yet is pinged (or their ping held back) as
        if their turn began now: a held ping does not outlive a stop."""
        async with self.displays.hold(game_id):
            game = await self.updates.service.game(game_id)
            if game.shown and game.status is GameStatus.ACTIVE:
                await self.updates.pings.update(
                    game, (), await self.updates.languages.of_game(game)
                )
