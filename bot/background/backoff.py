"""When to try again after background work on a game (or anything else a key names)
failed: soon, then ever later."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

FIRST_RETRY = 1.0
"""Seconds before the first retry; each failure in a row doubles it."""
LONGEST_WAIT = 300.0
"""The most seconds between two tries: a full disk or a Discord outage can last."""


@dataclass
class Backoff:
    """When each game that keeps failing is tried again: one second after its first failure,
    twice as long after each next one, a few minutes at most."""

    first: float = FIRST_RETRY
    longest: float = LONGEST_WAIT
    _failures: dict[Hashable, tuple[int, float]] = field(default_factory=dict)
    """For each game: failures in a row, and when it may be tried again."""

    def failed(self, game_id: Hashable, now: float) -> float:
        """Records a failure; returns when to try again."""
        failures = self._failures.get(game_id, (0, now))[0] + 1
        retry_at = now + min(self.first * 2.0 ** (failures - 1), self.longest)
        self._failures[game_id] = (failures, retry_at)
        return retry_at

    def succeeded(self, game_id: Hashable) -> None:
        """The game's work went through: its next failure waits one second again."""
        self._failures.pop(game_id, None)

    def keep_only(self, game_ids: set[Hashable]) -> None:
        """Forgets the failures of every other game."""
        for game_id in set(self._failures) - game_ids:
            del self._failures[game_id]

    def waiting(self, game_id: Hashable, now: float) -> bool:
        """Whether the game failed recently and is not to be tried yet."""
        failure = self._failures.get(game_id)
        return failure is not None and failure[1] > now

    def failures(self, game_id: Hashable) -> int:
        """How many times in a row the game's work has failed."""
        return self._failures.get(game_id, (0, 0.0))[0]

    def next_retry(self) -> float | None:
        """When the soonest game is due to be tried again; ``None`` when none is waiting."""
        return min((at for _, at in self._failures.values()), default=None)
