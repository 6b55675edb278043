"""What every change of a game shares: its write transaction, settled from the game's own
row when the database lost its commit's answer, the dice the service draws with, the
features' hooks it calls, and the deadline watch and past moves it tells (``GameService``
is made of the changes built on it, ``LobbyChanges`` and its own; its ``TurnChanges`` and
each feature's service make theirs in it too, ``bot.service.feature_service``)."""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time
from collections.abc import Callable
from typing import TypeVar

from bot.metrics.figures import action_made
from bot.service.game_hooks import GameHooks
from bot.service.game_reads import GameReads
from bot.service.game_reports import GameReports, NoReports
from bot.service.game_writes import Change, Written
from bot.service.past_moves import PastMoves
from bot.storage import game_queries
from bot.storage.connection import Connection
from bot.storage.database import CommitUnknown, Database
from bot.storage.records import Game

log = logging.getLogger(__name__)

LOOKS = 3
"""Reads of a game's row to settle a commit the database can't vouch for."""

T = TypeVar("T")


class GameChanges(GameReads):
    """The service's reads, with what its changes share: one write transaction per change,
    its dice, and whom a change tells."""

    def __init__(
        self,
        database: Database,
        *,
        dice: random.Random | None = None,
        clock: Callable[[], float] = time.time,
        hooks: GameHooks,
    ) -> None:
        super().__init__(database, clock)
        self.dice = dice if dice is not None else secrets.SystemRandom()
        """What the service draws a game's chance with."""
        self.hooks = hooks
        """The features' part in each change, called inside its transaction."""
        self.deadline_moved_earlier = asyncio.Event()
        """Set when the deadline watch must look again before it meant to: a new deadline
        may come before every earlier one (a new lobby, a start), or a game whose deadline
        passed has just been shown."""
        self.history = PastMoves(database)
        """The games' past moves, rebuilt from their logs."""
        self._reports: GameReports | None = None
        self.watchers: list[Callable[[int, Game | None], object]] = []
        """Told the id of each game a change made here committed (a board's live view
        follows it), whatever made it: a press, the clock, a computer player, a feature;
        with the game as the change left it where it was a move."""

    @property
    def reports(self) -> GameReports:
        """Finished games' reports and the judges' weighing, as the feature that makes
        them keeps them (the one providing ``Role.REPORTS``)."""
        if self._reports is None:
            raise NoReports("no feature makes reports of finished games")
        return self._reports

    async def change(self, body: Change[T]) -> T:
        """Runs ``body`` in a write transaction that changes a game (``save_game`` notes what
        it wrote). When its commit's answer was lost and the database can't say whether
        it committed (it restarted meanwhile), the game's own row says: the version the
        change wrote and its time mean it did; the version before means it didn't."""
        note = Written()
        returned: list[T] = []

        async def changing(connection: Connection) -> T:
            returned.append(await body(connection, note))
            return returned[0]

        try:
            value = await self._db.write(changing)
        except CommitUnknown as unknown:
            if note.game_id is None:
                raise
            if not await self._kept(note, unknown):
                raise unknown.__cause__ or unknown from None
            # Saved as written, and still the game's last: told as any other move.
            value = returned[0]
        if note.move is not None:
            self.history.made(note.move)
            action_made(note.move.game.kind)
        if note.game_id is not None:
            self.told(note.game_id, None if note.move is None else note.move.game)
        return value

    def told(self, game_id: int, game: Game | None = None) -> None:
        """Tells the watchers that the game changed (to ``game``, where it is known)."""
        for watcher in self.watchers:
            try:
                watcher(game_id, game)
            except Exception:
                # The change stands: a watcher's failure is its own.
                log.exception("a watcher of game %d failed", game_id)

    async def _kept(self, note: Written, unknown: CommitUnknown) -> bool:
        """Whether the change ``note`` describes is in the database; raises ``unknown``
        if the database still can't say (it isn't back, or the game moved on since)."""
        game_id = note.game_id
        assert game_id is not None
        for look in range(LOOKS):
            try:
                version, updated_at = await self._db.read(
                    lambda connection: game_queries.game_stamp(connection, game_id)
                )
                break
            except Exception:
                # A pooled connection from before the server went away fails once.
                if look == LOOKS - 1:
                    raise unknown from None
        if version == note.version - 1:
            return False
        if (version, updated_at) == (note.version, note.updated_at):
            return True
        raise unknown
