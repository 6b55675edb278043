"""What a tournament's standings picture shows, in plain values: every word already in
the reader's language, every figure already formatted. It is all the picture is drawn
from, and it crosses to the processes that draw pictures, so it is plain, frozen data."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

MOST_LINES: Final = 64
"""A tournament's most players: the picture has a line for each."""


@dataclass(frozen=True)
class StandingsLine:
    """One player's line of the standings."""

    rank: int
    """Shown as "1."; players sharing a place may share a rank."""
    name: str
    """The player's display name, any Unicode: what the font cannot draw is dropped, what
    is too long is shortened with an ellipsis."""
    points: str
    """Already formatted, such as "4½"."""
    tiebreak: str
    """The opponents' points, formatted."""
    wins: int
    games: int
    mark: str = ""
    """A short status word, already translated ("playing", "dropped", "bye"), or none."""
    highlight: bool = False
    """A line that stands out: a podium's or a finished final's players."""


@dataclass(frozen=True)
class StandingsView:
    """A tournament's standings as the picture shows them."""

    title: str
    """Such as "Spring Cup · Claim It!"."""
    subtitle: str
    """Such as "Swiss · round 2 of 3 · 4 games in play"."""
    headers: tuple[str, str, str, str, str, str]
    """The columns' headers, translated: rank, player, points, opponents' points, wins,
    games."""
    lines: tuple[StandingsLine, ...]
    footer: str = ""
    """Such as the tie-break rule in words, or "Final standings"; wrapped over as many
    lines as it needs."""
    podium: bool = False
    """The tournament is over: ranks 1-3 get gold, silver and bronze medals."""

    def __post_init__(self) -> None:
        if len(self.lines) > MOST_LINES:
            raise ValueError(f"a tournament has at most {MOST_LINES} players")
