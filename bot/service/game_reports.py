"""Reports of what decided finished games, and positions weighed by the games' judges,
as other features read them: one feature makes and keeps them where its judges run
(``Feature.reports``), others read them here without knowing it (practice turns a
player's graded decisions into drills, and weighs a hint's options)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from bot.games.analysis import Analysis, Weighed
from bot.storage.records import Game


class GameReports(Protocol):
    """Finished games' reports, each judged once, whoever asks."""

    async def analysis(self, game: Game) -> Analysis:
        """The finished game's report: kept, or judged now (off the event loop) and kept."""
        ...

    async def weighed(
        self, kind: str, positions: Sequence[tuple[Any, int]]
    ) -> list[Weighed | None]:
        """Each of ``positions`` of a game of ``kind`` (a state and the seat to decide
        there) weighed by the game's judge (``Analyst.weighed``), where games are judged:
        in processes of their own, so that a Claim position's second of search holds
        neither the bot's event loop nor its interpreter."""
        ...

    @property
    def judged_apart(self) -> bool:
        """Whether the judges run in processes of their own (not in a thread of the
        bot's, as where tests start many bots): judging every game as it ends is then
        no weight on the bot."""
        ...


class NoReports(LookupError):
    """No feature makes reports: a bot made without it (a test's) has none to read."""
