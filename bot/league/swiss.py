"""A Swiss round by standing: the leaders in match 1, the next group in match 2, and so on."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from bot.league.match_sizes import match_sizes


@dataclass(frozen=True)
class RoundPlan:
    """Who plays whom in one round: its matches (larger first), and who has a bye."""

    matches: tuple[tuple[int, ...], ...]
    """Each match's players, in standing order (or seed order, in a round robin)."""
    bye: int | None
    """The player sitting out this round, scored as a win; ``None`` when nobody is."""

    @property
    def players(self) -> tuple[int, ...]:
        """Everyone in the round, match by match, the bye last."""
        seated = tuple(player for match in self.matches for player in match)
        return seated if self.bye is None else (*seated, self.bye)


def swiss_round(
    standing: Sequence[int], had_bye: Collection[int], match_size: int, fewest: int
) -> RoundPlan:
    """The next round of a Swiss tournament.

    ``standing`` is the players still in it, best first. When the count needs a bye it
    goes to the lowest-standing player who has not had one (the lowest of all when
    everyone has). ``had_bye`` may name a player once for each bye they had: then it
    goes to the lowest of those with the fewest. The others fill the matches in standing
    order, the larger matches first; a rematch is not avoided (as on Board Game Arena)."""
    if len(set(standing)) != len(standing):
        raise ValueError(f"a player twice in the standing: {tuple(standing)}")
    sizes, needs_bye = match_sizes(len(standing), match_size, fewest)
    bye = _bye(standing, had_bye) if needs_bye else None
    seated = [player for player in standing if player != bye]
    matches = []
    for size in sizes:
        matches.append(tuple(seated[:size]))
        del seated[:size]
    return RoundPlan(tuple(matches), bye)


def _bye(standing: Sequence[int], had_bye: Collection[int]) -> int:
    byes = Counter(had_bye)
    fewest = min(byes[player] for player in standing)
    return [player for player in standing if byes[player] == fewest][-1]
