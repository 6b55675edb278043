"""A round robin's whole schedule, fixed at the start: every pair of players in a match.

Matches of two follow the circle method (Berger tables): every pair exactly once, in
n-1 rounds for an even count and n rounds with one bye each for an odd one. Larger
matches are chosen round by round so that each covers as many pairs not yet met as a
deterministic search finds, until every pair has met at least once."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, product

from bot.league.match_sizes import match_sizes
from bot.league.swiss import RoundPlan

_Pair = tuple[int, int]
_Matches = list[list[int]]


def round_robin(players: Sequence[int], match_size: int, fewest: int) -> tuple[RoundPlan, ...]:
    """Every round of a round robin of ``players`` (in seed order), the same every time.

    Fewer than two players play no round; players who all fit one match play one round
    of it. Matches of two pair everyone once (the circle method). Larger matches have the
    sizes of ``match_sizes``, byes going round (nobody sits out twice before everyone
    has once), and cover every pair at least once in at most n-1 rounds for n players
    (checked for every count up to 48), fewer the larger the matches. Within a match
    players keep seed order."""
    if len(set(players)) != len(players):
        raise ValueError(f"a player twice in a round robin: {tuple(players)}")
    sizes, needs_bye = match_sizes(len(players), match_size, fewest)
    if len(players) < 2:
        return ()
    pairs = match_size == 2
    rounds = _circle(len(players)) if pairs else _covering(len(players), sizes, needs_bye)
    return tuple(_named(matches, bye, players) for matches, bye in rounds)


def round_robin_rounds(players: int, match_size: int, fewest: int) -> int:
    """How many rounds a round robin of ``players`` has."""
    return len(round_robin(range(players), match_size, fewest))


def _circle(count: int) -> list[tuple[_Matches, int | None]]:
    # The first seat stays put while the others turn round past it. With an odd count
    # it is an empty seat, and whoever faces it has the bye: the last seed first.
    seats: list[int | None] = ([None] if count % 2 else []) + [*range(count)]
    half = len(seats) // 2
    rounds = []
    for _ in range(len(seats) - 1):
        matches: _Matches = []
        bye = None
        for first, second in zip(seats[:half], reversed(seats[half:]), strict=True):
            if first is None or second is None:
                bye = second if first is None else first
            else:
                matches.append([first, second])
        rounds.append((matches, bye))
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return rounds


def _covering(
    count: int, sizes: tuple[int, ...], needs_bye: bool
) -> list[tuple[_Matches, int | None]]:
    met = {pair: 0 for pair in combinations(range(count), 2)}
    byes = [0] * count
    rounds = []
    while any(times == 0 for times in met.values()):
        bye = _next_bye(count, met, byes) if needs_bye else None
        seated = [player for player in range(count) if player != bye]
        matches = _improved(_seated(seated, sizes, met), met)
        for match in matches:
            for pair in combinations(sorted(match), 2):
                met[pair] += 1
        if bye is not None:
            byes[bye] += 1
        rounds.append((matches, bye))
    return rounds


def _next_bye(count: int, met: dict[_Pair, int], byes: list[int]) -> int:
    # Of those with the fewest byes, whoever has the fewest pairs left to meet loses
    # least by sitting out; the lowest seed of them, as in a Swiss round.
    fewest = min(byes)
    return max(
        (player for player in range(count) if byes[player] == fewest),
        key=lambda player: (-_unmet(player, range(count), met), player),
    )


def _seated(seated: list[int], sizes: tuple[int, ...], met: dict[_Pair, int]) -> _Matches:
    # Each match starts with whoever has the most pairs left among those still
    # standing, and takes in turn whoever meets the most new people at it.
    left = list(seated)
    matches = []
    for size in sizes:
        first = max(left, key=lambda player: (_unmet(player, left, met), -player))
        match = [first]
        left.remove(first)
        while len(match) < size:
            joining = max(
                left,
                key=lambda player: (
                    sum(met[_pair(player, other)] == 0 for other in match),
                    -sum(met[_pair(player, other)] for other in match),
                    _unmet(player, left, met),
                    -player,
                ),
            )
            match.append(joining)
            left.remove(joining)
        matches.append(match)
    return matches


def _improved(matches: _Matches, met: dict[_Pair, int]) -> _Matches:
    # Two players of different matches swap while that makes more new pairs, or as
    # many with fewer repeats; each swap betters the round, so the search ends.
    matches = [list(match) for match in matches]
    better = True
    while better:
        better = False
        for one, other in combinations(matches, 2):
            for i, j in product(range(len(one)), range(len(other))):
                if _swap_gain(one, i, other, j, met) > (0, 0):
                    one[i], other[j] = other[j], one[i]
                    better = True
    return matches


def _swap_gain(
    one: list[int], i: int, other: list[int], j: int, met: dict[_Pair, int]
) -> tuple[int, int]:
    # What swapping one[i] and other[j] changes: new pairs first, then fewer meetings
    # again (so counted as a gain when they drop).
    going, coming = one[i], other[j]
    stays = [player for player in one if player != going]
    stays_there = [player for player in other if player != coming]
    here_after, there_after = _ties(coming, stays, met), _ties(going, stays_there, met)
    here_before, there_before = _ties(going, stays, met), _ties(coming, stays_there, met)
    return (
        here_after[0] + there_after[0] - here_before[0] - there_before[0],
        here_before[1] + there_before[1] - here_after[1] - there_after[1],
    )


def _ties(player: int, others: list[int], met: dict[_Pair, int]) -> tuple[int, int]:
    # How many of ``others`` the player has not met yet, and how often they met the rest.
    times = [met[_pair(player, other)] for other in others]
    return sum(time == 0 for time in times), sum(times)


def _unmet(player: int, among: Sequence[int] | range, met: dict[_Pair, int]) -> int:
    return sum(met[_pair(player, other)] == 0 for other in among if other != player)


def _pair(one: int, other: int) -> _Pair:
    return (one, other) if one < other else (other, one)


def _named(matches: _Matches, bye: int | None, players: Sequence[int]) -> RoundPlan:
    ordered = sorted((sorted(match) for match in matches), key=lambda match: (-len(match), match))
    return RoundPlan(
        tuple(tuple(players[seat] for seat in match) for match in ordered),
        None if bye is None else players[bye],
    )
