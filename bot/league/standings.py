"""A tournament's standings, the sum of its matches, and the final round of its leaders."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from bot.league.points import bye_points, match_points


@dataclass(frozen=True)
class Played:
    """One match of one round, as far as it has been played."""

    round: int
    match_no: int
    players: tuple[int, ...]
    """Everyone in the match."""
    places: tuple[int, ...] | None
    """The match's places, as ``players`` orders them (1 the best, ties equal); ``None``
    while the game is played; empty when it was cancelled."""
    teams: tuple[tuple[int, ...], ...] = ()
    """Partners who score as one (indexes into ``players``), at a game played in teams:
    each team counts as one place in the match, and a partner is no opponent. Empty:
    everyone plays for themselves."""

    @property
    def finished(self) -> bool:
        """The game ended with places, so the match counts."""
        return bool(self.places)


@dataclass(frozen=True)
class Entrant:
    """A player of a tournament."""

    user: int
    seed: int
    """1 for the first seed (rating order at the start): it orders players tied on
    everything else."""
    byes: tuple[int, ...] = ()
    """The rounds they sat out with a bye."""
    dropped_round: int | None = None
    """The round from which they are no longer paired, if they were dropped or left."""


@dataclass(frozen=True)
class Row:
    """One player's line of the standings."""

    user: int
    rank: int
    """1-based; rows equal in points, opponents' points and wins share it."""
    points: Fraction
    opponents_points: Fraction
    """The first tie-break: the points of everyone they sat with in a finished match, as
    often as they sat with them."""
    wins: int
    """The second tie-break: the finished matches they placed first at (a shared first
    counts; a bye does not)."""
    games: int
    """The finished matches they played (byes not counted)."""
    byes: int
    in_play: bool
    """A match of theirs is being played."""
    dropped_round: int | None


def standings(
    entrants: Sequence[Entrant], matches: Sequence[Played], match_size: int
) -> tuple[Row, ...]:
    """Every entrant's row, best first, dropped players among them with their points.

    Points are the sum of each finished match's ``match_points`` and each bye's
    ``bye_points``. Players are ordered by points, then opponents' points, then wins,
    then seed; the seed always separates them, but a rank is shared by rows equal in
    the three before it."""
    seeds = {entrant.user: entrant.seed for entrant in entrants}
    if len(seeds) != len(entrants):
        raise ValueError("an entrant twice in a tournament")
    points = {entrant.user: bye_points(match_size) * len(entrant.byes) for entrant in entrants}
    wins = dict.fromkeys(seeds, 0)
    games = dict.fromkeys(seeds, 0)
    in_play = dict.fromkeys(seeds, False)
    for match in matches:
        _check(match, seeds)
        if match.places is None:
            in_play.update(dict.fromkeys(match.players, True))
            continue
        if not match.places:
            continue
        best = min(match.places)
        scored = _scores(match, match_size)
        for player, place, score in zip(match.players, match.places, scored, strict=True):
            points[player] += score
            games[player] += 1
            wins[player] += place == best
    opponents = dict.fromkeys(seeds, Fraction(0))
    for match in matches:
        if match.finished:
            for index, player in enumerate(match.players):
                partners = _partners(match, index)
                opponents[player] += sum(
                    points[other] for n, other in enumerate(match.players) if n not in partners
                )
    rows = [
        Row(
            user=entrant.user,
            rank=0,
            points=points[entrant.user],
            opponents_points=opponents[entrant.user],
            wins=wins[entrant.user],
            games=games[entrant.user],
            byes=len(entrant.byes),
            in_play=in_play[entrant.user],
            dropped_round=entrant.dropped_round,
        )
        for entrant in entrants
    ]
    rows.sort(key=lambda row: (_worse(row), seeds[row.user]))
    return _ranked(rows, first=1)


def final_match(rows: Sequence[Row], match_size: int) -> tuple[int, ...]:
    """The players of the final round: the first ``match_size`` of the standings (rows
    in standing order, as ``standings`` gives them) who were not dropped."""
    return tuple(row.user for row in rows if row.dropped_round is None)[:match_size]


def with_final(rows: Sequence[Row], final: Played) -> tuple[Row, ...]:
    """The standings once the leaders' final is played: its players on top in the order
    of their places in it (players tied in it share a rank, in standing order), the
    others after them in standing order, ranks counted again.

    ``rows`` are the standings of the regular rounds (the final is not among the matches
    they were counted from): the final decides the order among its players and adds no
    points. While the final is played its players' rows say so and the order stands; a
    cancelled final changes nothing."""
    users = [row.user for row in rows]
    if not set(final.players) <= set(users):
        raise ValueError(f"a finalist not in the standings: {final.players}")
    if final.places is None:
        return tuple(
            replace(row, in_play=True) if row.user in final.players else row for row in rows
        )
    if not final.places:
        return tuple(rows)
    place = dict(zip(final.players, final.places, strict=True))
    finalists = sorted((row for row in rows if row.user in place), key=lambda row: place[row.user])
    ranked = [
        replace(row, rank=1 + sum(other < place[row.user] for other in final.places))
        for row in finalists
    ]
    others = [row for row in rows if row.user not in place]
    return (*ranked, *_ranked(others, first=len(ranked) + 1))


def _scores(match: Played, match_size: int) -> tuple[Fraction, ...]:
    """Each player's points in a finished match: their place's, or their team's (a team
    takes the place of its best member, and the match is one of teams)."""
    assert match.places
    if not match.teams:
        return match_points(match.places, match_size)
    team_places = [min(match.places[seat] for seat in team) for team in match.teams]
    team_points = match_points(team_places, match_size)
    return tuple(
        next(team_points[n] for n, team in enumerate(match.teams) if seat in team)
        for seat in range(len(match.players))
    )


def _partners(match: Played, index: int) -> set[int]:
    """The seats of the match on ``index``'s side, their own included."""
    return next((set(team) for team in match.teams if index in team), {index})


def _check(match: Played, seeds: dict[int, int]) -> None:
    if len(set(match.players)) != len(match.players):
        raise ValueError(f"round {match.round}, match {match.match_no}: a player seated twice")
    strangers = set(match.players) - set(seeds)
    if strangers:
        raise ValueError(f"round {match.round}, match {match.match_no}: not entrants {strangers}")
    if match.places and len(match.places) != len(match.players):
        raise ValueError(f"round {match.round}, match {match.match_no}: places for other players")


def _worse(row: Row) -> tuple[Fraction, Fraction, int]:
    return (-row.points, -row.opponents_points, -row.wins)


def _ranked(rows: Sequence[Row], first: int) -> tuple[Row, ...]:
    # Rows come in order; each shares the rank of the first row equal to it.
    ranked: list[Row] = []
    for row in rows:
        same = bool(ranked) and _worse(ranked[-1]) == _worse(row)
        ranked.append(replace(row, rank=ranked[-1].rank if same else first + len(ranked)))
    return tuple(ranked)
