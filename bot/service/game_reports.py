"""Reports of what decided finished games, and positions weighed by the games' judges,
as other features read them: one feature makes and keeps them where its judges run
(it provides ``Role.REPORTS``), others read them here without knowing it, declaring
that they need them (practice turns a player's graded decisions into drills, and weighs
a hint's options).

Every piece of judging says whom it is for (``Asker``): the judges share their time
between members and games, the most urgent work first, and a member may have only so
much of their own waiting (``QueueFull``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, Protocol

from bot.games.analysis import Analysis, Weighed
from bot.storage.records import Game


class Urgency(IntEnum):
    """How soon a piece of judging is wanted, the most urgent first."""

    HINT = 0
    """A player waits at the table, mid-game."""
    ASKED = 1
    """Someone waits for it: a report they asked for."""
    BACKGROUND = 2
    """Nobody waits for it: a report or drills made as a game ends."""


@dataclass(frozen=True)
class Asker:
    """Whom a piece of judging is for: the member who asked (``None``: nobody, a game's
    end), the game it is of (``None``: none said), and how soon it is wanted."""

    member: int | None
    game: int | None
    urgency: Urgency


NOBODY = Asker(None, None, Urgency.BACKGROUND)
"""Work nobody asked for and no game names: judged when nothing else waits."""


class QueueFull(Exception):
    """The member asking has as much waiting for them at this urgency as they may
    (``most`` asks in all, one in a game: ``in_game`` when it is the game's that is
    taken); nothing was queued. The feature that asked says so in its own words."""

    def __init__(self, most: int, *, in_game: bool) -> None:
        super().__init__(f"{'one in this game' if in_game else most} waiting already")
        self.most = most
        self.in_game = in_game


class GameReports(Protocol):
    """Finished games' reports, each judged once, whoever asks."""

    async def analysis(self, game: Game, asker: Asker | None = None) -> Analysis:
        """The finished game's report: kept, or judged now (off the event loop) and kept;
        for ``asker`` (``None``: nobody waits, the game's end)."""
        ...

    async def weighed(
        self, kind: str, positions: Sequence[tuple[Any, int]], asker: Asker = NOBODY
    ) -> list[Weighed | None]:
        """Each of ``positions`` of a game of ``kind`` (a state and the seat to decide
        there) weighed by the game's judge (``Analyst.weighed``), where games are judged:
        in processes of their own, so that a Claim position's second of search holds
        neither the bot's event loop nor its interpreter. Raises ``QueueFull``, queueing
        nothing, when ``asker`` has as much waiting as they may."""
        ...

    @property
    def judged_apart(self) -> bool:
        """Whether the judges run in processes of their own (not in a thread of the
        bot's, as where tests start many bots): judging every game as it ends is then
        no weight on the bot."""
        ...


class NoReports(LookupError):
    """No feature makes reports: a bot made without it (a test's) has none to read."""
