"""A tournament's standings and its next round, made from what is stored: its entries,
its byes and its matches with their games. Standings are always the sum of the games
(``bot.league``), never kept apart from them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.features.tournaments.match_queries import Match
from bot.features.tournaments.queries import Entry, Format, Tournament
from bot.games.registry import rules_for
from bot.league import (
    Entrant,
    Played,
    RoundPlan,
    Row,
    final_match,
    match_sizes,
    round_robin,
    standings,
    swiss_round,
    with_final,
)
from bot.storage.records import GameStatus


def entrants(entries: Sequence[Entry], byes: Mapping[int, Sequence[int]]) -> list[Entrant]:
    """The players as the standings count them, in seed order (sign-up order before the
    seeds are set)."""
    ordered = sorted(
        enumerate(entries), key=lambda pair: pair[1].seed or len(entries) + pair[0] + 1
    )
    return [
        Entrant(
            user=entry.user_id,
            seed=entry.seed or index + 1,
            byes=tuple(byes.get(entry.user_id, ())),
            dropped_round=entry.dropped_round,
        )
        for index, (_, entry) in enumerate(ordered)
    ]


def played(match: Match, kind: str) -> Played:
    """A match as the standings count it: in play until its game ends, nothing for a
    cancelled game; a game played in teams (Claim at four) scores by team."""
    if match.status is GameStatus.FINISHED and match.places is not None:
        places: tuple[int, ...] | None = match.places
    elif match.status is GameStatus.CANCELLED:
        places = ()
    else:
        places = None
    sides = rules_for(kind).teams(len(match.players)) if match.players else ()
    teams = sides if any(len(side) > 1 for side in sides) else ()
    return Played(match.round, match.match_no, match.players, places, teams)


def final_round(tournament: Tournament) -> int | None:
    """The round of the leaders' final, if the tournament has one."""
    return tournament.rounds + 1 if tournament.final else None


def board(
    tournament: Tournament,
    entries: Sequence[Entry],
    byes: Mapping[int, Sequence[int]],
    matches: Sequence[Match],
) -> tuple[Row, ...]:
    """The standings: every regular round's matches summed, the final's result (once it
    is played) ordering its players at the top."""
    final = final_round(tournament)
    regular = [played(match, tournament.kind) for match in matches if match.round != final]
    rows = standings(entrants(entries, byes), regular, tournament.match_size)
    for match in matches:
        if match.round == final and match.status is GameStatus.FINISHED:
            return with_final(rows, played(match, tournament.kind))
    return rows


def round_over(matches: Sequence[Match], round_: int) -> bool:
    """Whether every match of the round has a game, and every such game has ended."""
    of_round = [match for match in matches if match.round == round_]
    return all(match.status is not None and not match.status.is_open for match in of_round)


def next_plan(
    tournament: Tournament,
    entries: Sequence[Entry],
    byes: Mapping[int, Sequence[int]],
    matches: Sequence[Match],
    round_: int,
) -> RoundPlan:
    """Who plays whom in ``round_``, among the players not dropped by then."""
    fewest = rules_for(tournament.kind).min_players
    size = tournament.match_size
    active = {
        entry.user_id
        for entry in entries
        if entry.dropped_round is None or entry.dropped_round > round_
    }
    rows = board(tournament, entries, byes, matches)
    if round_ == final_round(tournament):
        ranked = [row for row in rows if row.user in active]
        return RoundPlan(matches=(final_match(ranked, size),), bye=None)
    if tournament.format is Format.SWISS:
        standing = [row.user for row in rows if row.user in active]
        # Each bye named once per round it was had: the next goes to whoever had fewest.
        had = [user for user, rounds in byes.items() for _ in rounds]
        return swiss_round(standing, had, size, fewest)
    seeded = [entrant.user for entrant in entrants(entries, byes)]
    schedule = round_robin(seeded, size, fewest)[round_ - 1]
    return without_dropped(schedule, active, size, fewest, byes)


def without_dropped(
    plan: RoundPlan,
    active: set[int],
    size: int,
    fewest: int,
    byes: Mapping[int, Sequence[int]],
) -> RoundPlan:
    """A round robin's planned round with the dropped players taken out. The matches left
    whole play as planned, so the others meet whom they were meant to; players left
    alone in a match (and the planned bye) sit together in new matches, or one of them
    has the bye."""
    kept: list[tuple[int, ...]] = []
    lone = [plan.bye] if plan.bye is not None and plan.bye in active else []
    for match in plan.matches:
        players = tuple(user for user in match if user in active)
        if len(players) >= fewest:
            kept.append(players)
        else:
            lone.extend(players)
    if len(lone) <= 1:
        return RoundPlan(matches=tuple(kept), bye=lone[0] if lone else None)
    sizes, bye = match_sizes(len(lone), size, fewest)
    sitting_out = None
    if bye:
        # Whoever had fewest byes sits out, as in a Swiss round.
        sitting_out = min(reversed(lone), key=lambda user: len(byes.get(user, ())))
        lone.remove(sitting_out)
    start = 0
    for count in sizes:
        kept.append(tuple(lone[start : start + count]))
        start += count
    return RoundPlan(matches=tuple(kept), bye=sitting_out)
