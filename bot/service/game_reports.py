"""Reports of what decided finished games, as other features read them: one feature
makes and keeps them (``Feature.reports``), others read them here without knowing it
(practice turns a player's graded decisions into drills)."""

from __future__ import annotations

from typing import Protocol

from bot.games.analysis import Analysis
from bot.storage.records import Game


class GameReports(Protocol):
    """Finished games' reports, each judged once, whoever asks."""

    async def analysis(self, game: Game) -> Analysis:
        """The finished game's report: kept, or judged now (off the event loop) and kept."""
        ...


class NoReports(LookupError):
    """No feature makes reports: a bot made without it (a test's) has none to read."""
