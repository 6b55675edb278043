"""A tournament as it stands now, and when it next needs a look by the clock: what the
tournaments' service reads and hands to the tournaments' Discord part."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from bot.features.tournaments.match_queries import Match
from bot.features.tournaments.queries import Entry, Tournament, TournamentState
from bot.features.tournaments.rounds import round_over
from bot.league import Row
from bot.storage.records import GameStatus


@dataclass(frozen=True)
class TournamentBoard:
    """A tournament as it now stands: who signed up (and was invited), every match with
    its game, the byes, and the standings summed from the games."""

    tournament: Tournament
    entries: tuple[Entry, ...]
    invitees: tuple[int, ...]
    matches: tuple[Match, ...]
    byes: Mapping[int, tuple[int, ...]] = field(default_factory=lambda: MappingProxyType({}))
    rows: tuple[Row, ...] = ()
    round_started_at: float | None = None
    """When its current round began."""

    @property
    def next_look(self) -> float | None:
        """When it next needs a look by the clock (``next_look``)."""
        return next_look(self.tournament, self.matches, self.round_started_at)

    def due(self, now: float) -> bool:
        """Whether it is to move on at ``now`` (``due``)."""
        return due(self.tournament, self.matches, now, self.round_started_at)

    @property
    def names(self) -> dict[int, str]:
        """Each player's name as they signed up."""
        return {entry.user_id: entry.name for entry in self.entries}

    def of_round(self, round_: int) -> tuple[Match, ...]:
        """The round's matches, in order."""
        return tuple(match for match in self.matches if match.round == round_)

    def bye_in(self, round_: int) -> int | None:
        """Who has the round's bye, if anyone."""
        return next((user for user, rounds in self.byes.items() if round_ in rounds), None)

    @property
    def in_play(self) -> int:
        """The tournament's games being played now."""
        return sum(1 for match in self.matches if match.status is GameStatus.ACTIVE)


@dataclass(frozen=True)
class Advanced:
    """What a look at a tournament did: the round it claimed, or its end."""

    board: TournamentBoard
    claimed: int | None = None
    ended: bool = False


def next_look(
    tournament: Tournament, matches: Sequence[Match], started: float | None
) -> float | None:
    """When the tournament next needs a look by the clock: its start, or, once its round
    (which began at ``started``) is over, its next round's time when rounds are set hours
    apart; ``None`` when only a game's end moves it."""
    if tournament.state is TournamentState.SIGNUP:
        return tournament.starts_at
    if tournament.state is not TournamentState.RUNNING or tournament.round_hours is None:
        return None
    if started is None or not round_over(matches, tournament.round):
        return None
    if tournament.round >= tournament.all_rounds:
        return None  # its end waits for no round
    return started + tournament.round_hours * 3600.0


def due(
    tournament: Tournament, matches: Sequence[Match], now: float, started: float | None
) -> bool:
    """Whether the tournament is to move on now: its start came, or its round is over
    (and, with rounds set hours apart, that many hours passed since it began)."""
    if tournament.state is TournamentState.SIGNUP:
        return now >= tournament.starts_at
    if tournament.state is not TournamentState.RUNNING or not round_over(matches, tournament.round):
        return False
    look = next_look(tournament, matches, started)
    return look is None or now >= look
