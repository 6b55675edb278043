"""A tournament's standings, the sum of its tables, and the final round of its leaders."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from bot.league.points import bye_points, table_points


@dataclass(frozen=True)
class Played:
    """One table of one round, as far as it has been played."""

    round: int
    table: int
    players: tuple[int, ...]
    """Everyone at the table."""
    places: tuple[int, ...] | None
    """The table's places, as ``players`` orders them (1 the best, ties equal); ``None``
    while the game is played; empty when it was cancelled."""
    teams: tuple[tuple[int, ...], ...] = ()
    """Partners who score as one (indexes into ``players``), at a game played in teams:
    each team counts as one place at the table, and a partner is no opponent. Empty:
    everyone plays for themselves."""

    @property
    def finished(self) -> bool:
        """The game ended with places, so the table counts."""
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
    """The first tie-break: the points of everyone they sat with at a finished table, as
    often as they sat with them."""
    wins: int
    """The second tie-break: the finished tables they placed first at (a shared first
    counts; a bye does not)."""
    games: int
    """The finished tables they played (byes not counted)."""
    byes: int
    in_play: bool
    """A table of theirs is being played."""
    dropped_round: int | None


def standings(
    entrants: Sequence[Entrant], tables: Sequence[Played], table_size: int
) -> tuple[Row, ...]:
    """Every entrant's row, best first, dropped players among them with their points.

    Points are the sum of each finished table's ``table_points`` and each bye's
    ``bye_points``. Players are ordered by points, then opponents' points, then wins,
    then seed; the seed always separates them, but a rank is shared by rows equal in
    the three before it."""
    seeds = {entrant.user: entrant.seed for entrant in entrants}
    if len(seeds) != len(entrants):
        raise ValueError("an entrant twice in a tournament")
    points = {entrant.user: bye_points(table_size) * len(entrant.byes) for entrant in entrants}
    wins = dict.fromkeys(seeds, 0)
    games = dict.fromkeys(seeds, 0)
    in_play = dict.fromkeys(seeds, False)
    for table in tables:
        _check(table, seeds)
        if table.places is None:
            in_play.update(dict.fromkeys(table.players, True))
            continue
        if not table.places:
            continue
        best = min(table.places)
        scored = _scores(table, table_size)
        for player, place, score in zip(table.players, table.places, scored, strict=True):
            points[player] += score
            games[player] += 1
            wins[player] += place == best
    opponents = dict.fromkeys(seeds, Fraction(0))
    for table in tables:
        if table.finished:
            for index, player in enumerate(table.players):
                partners = _partners(table, index)
                opponents[player] += sum(
                    points[other] for n, other in enumerate(table.players) if n not in partners
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


def final_table(rows: Sequence[Row], table_size: int) -> tuple[int, ...]:
    """The players of the final round: the first ``table_size`` of the standings (rows
    in standing order, as ``standings`` gives them) who were not dropped."""
    return tuple(row.user for row in rows if row.dropped_round is None)[:table_size]


def with_final(rows: Sequence[Row], final: Played) -> tuple[Row, ...]:
    """The standings once the leaders' final is played: its players on top in the order
    of their places in it (players tied in it share a rank, in standing order), the
    others after them in standing order, ranks counted again.

    ``rows`` are the standings of the regular rounds (the final is not among the tables
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


def _scores(table: Played, table_size: int) -> tuple[Fraction, ...]:
    """Each player's points at a finished table: their place's, or their team's (a team
    takes the place of its best member, and the table is one of teams)."""
    assert table.places
    if not table.teams:
        return table_points(table.places, table_size)
    team_places = [min(table.places[seat] for seat in team) for team in table.teams]
    team_points = table_points(team_places, table_size)
    return tuple(
        next(team_points[n] for n, team in enumerate(table.teams) if seat in team)
        for seat in range(len(table.players))
    )


def _partners(table: Played, index: int) -> set[int]:
    """The seats of the table on ``index``'s side, their own included."""
    return next((set(team) for team in table.teams if index in team), {index})


def _check(table: Played, seeds: dict[int, int]) -> None:
    if len(set(table.players)) != len(table.players):
        raise ValueError(f"round {table.round}, table {table.table}: a player seated twice")
    strangers = set(table.players) - set(seeds)
    if strangers:
        raise ValueError(f"round {table.round}, table {table.table}: not entrants {strangers}")
    if table.places and len(table.places) != len(table.players):
        raise ValueError(f"round {table.round}, table {table.table}: places for other players")


def _worse(row: Row) -> tuple[Fraction, Fraction, int]:
    return (-row.points, -row.opponents_points, -row.wins)


def _ranked(rows: Sequence[Row], first: int) -> tuple[Row, ...]:
    # Rows come in order; each shares the rank of the first row equal to it.
    ranked: list[Row] = []
    for row in rows:
        same = bool(ranked) and _worse(ranked[-1]) == _worse(row)
        ranked.append(replace(row, rank=ranked[-1].rank if same else first + len(ranked)))
    return tuple(ranked)
