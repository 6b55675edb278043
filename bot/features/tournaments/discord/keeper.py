"""The clock of a server's tournaments: it starts each at its time, opens each round's
matches once the last round is over (a thread each, then its game), tells each round's
players once, keeps the announcement's standings up to date, and announces the end
once. Only the process holding a server's shard does its tournaments' work; every step
is claimed in the database first, so a restart or another process never repeats it."""

from __future__ import annotations

import logging
from collections.abc import Hashable
from typing import Protocol

from bot.background.backoff import Backoff
from bot.background.looks import Looks
from bot.clock import Clock
from bot.features.tournaments.service import TournamentService
from bot.service.shard_leases import ShardLeases

log = logging.getLogger(__name__)

GIVE_UP = 8
"""Failed looks in a row after which a tournament ends, saying why: its matches can't be
opened (their channel gone, or the bot's right to make threads there), and about half an
hour of tries (the backoff doubles up to five minutes) is time enough to mend that."""
NAP = 300.0
"""Seconds between looks when nothing is due here: another process may have made a
tournament meanwhile, or a game ended there."""


class Tends(Protocol):
    """What the keeper asks of the feature that keeps tournaments."""

    tournaments: TournamentService
    clock: Clock
    leases: ShardLeases

    async def tend(self, tournament_id: int) -> float | None:
        """Moves the tournament on as far as it is due; when it next needs a look."""

    async def tell_end(self, tournament_id: int) -> None:
        """Announces the tournament's end, once."""

    async def give_up(self, tournament_id: int) -> None:
        """Ends a tournament that could not move on, try after try."""


class RoundKeeper(Looks):
    """Looks at every live tournament of this process's servers when one may have moved:
    a game of one ended, one was made or signed up to, or its time came."""

    what = "looking at the tournaments"

    def __init__(self, tournaments: Tends) -> None:
        super().__init__(tournaments.clock)
        self.tournaments = tournaments
        self.shown: dict[int, Hashable] = {}
        """What each tournament's announcement shows, as last edited here."""
        self._failing = Backoff()
        """Each tournament's failed looks in a row: one that fails waits, the others go on."""

    async def look(self) -> float:
        feature = self.tournaments
        now = self.clock.now()
        wake_at = now + NAP
        for tournament in await feature.tournaments.live_tournaments():
            if not feature.leases.holds(tournament.guild_id):
                continue
            if self._failing.waiting(tournament.id, now):
                continue
            try:
                due = await feature.tend(tournament.id)
                self._failing.succeeded(tournament.id)
            except Exception:
                due = self._failing.failed(tournament.id, now)
                if self._failing.failures(tournament.id) >= GIVE_UP:
                    await feature.give_up(tournament.id)
                    self._failing.succeeded(tournament.id)
                log.warning(
                    "tournament %s could not move on; again in %.0f s",
                    tournament.id,
                    due - now,
                    exc_info=True,
                )
            if due is not None:
                wake_at = min(wake_at, max(due, now))
        for tournament_id in await feature.tournaments.ended_untold():
            await feature.tell_end(tournament_id)
        retry = self._failing.next_retry()
        if retry is not None:
            wake_at = min(wake_at, max(retry, now))
        return wake_at
