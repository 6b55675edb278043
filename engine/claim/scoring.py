"""Counting the factions once the game is over (docs/rules/claim.md, End of the game and
scoring; Bards, Vikings, Raccoons).

Each faction goes to the unit with the most votes; equal votes go to the
highest card, else to nobody (H11). The Bards first look at the longest run
(H13). The game goes to the unit that won the most factions, then the most
cards and the highest value in them, else it is shared (H12).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from engine.claim.cards import Card, Faction
from engine.claim.errors import WrongStep
from engine.claim.state import ClaimState, Phase
from engine.claim.units import loot_raccoons, teams, unit_pile


class Reason(StrEnum):
    """Why a faction went where it went."""

    VOTES = "votes"
    """The most votes."""
    HIGH_CARD = "high_card"
    """Tied on votes, broken by the highest card."""
    RUN = "run"
    """The Bards' longest run."""
    NOBODY = "nobody"
    """No vote at all, or a tie the highest card does not break."""


@dataclass(frozen=True, slots=True)
class FactionScore:
    faction: Faction
    counts: tuple[int, ...]
    """Votes per unit, Viking doubling and loot included."""
    high: tuple[int, ...]
    """Per unit, the highest printed value of a real card of the faction; -1 if none."""
    run: tuple[int, ...]
    """Per unit, the longest run of consecutive values (Bards only; zeros otherwise)."""
    winner: int | None
    """The winning unit's index, or None."""
    reason: Reason
    doubled: tuple[int, ...]
    """Per unit, the extra votes of Vikings doubled (Vikings only; zeros otherwise)."""
    loot: tuple[int, ...]
    """Per unit, the loot Raccoons' votes added to this faction."""


@dataclass(frozen=True, slots=True)
class UnitScore:
    seats: tuple[int, ...]
    won: int
    """Factions won."""
    cards: int
    """Physical cards of the won factions in the unit's score piles (the first tie-break)."""
    value: int
    """Their printed values added up (the second tie-break)."""


@dataclass(frozen=True, slots=True)
class Score:
    factions: tuple[FactionScore, ...]
    """In the game's faction order."""
    units: tuple[UnitScore, ...]
    winners: tuple[int, ...]
    """The winning seats, ascending."""


def score(state: ClaimState) -> Score:
    """The count of a finished game; ``WrongStep`` before the end."""
    if state.phase is not Phase.OVER:
        raise WrongStep(f"the factions are counted when the game is over, not in {state.phase}")
    return count(state)


def count(state: ClaimState) -> Score:
    """The count of the piles as they lie, loot choices as recorded."""
    units = teams(state.players)
    piles = [unit_pile(state.scores, unit) for unit in units]
    loot_votes = [loot_raccoons(pile) for pile in piles]
    loot_for = [state.loot[unit[0]] for unit in units]
    factions = tuple(
        _faction_score(
            faction,
            [[c for c in pile if c.faction is faction] for pile in piles],
            piles,
            [
                votes if chosen is faction else 0
                for votes, chosen in zip(loot_votes, loot_for, strict=True)
            ],
        )
        for faction in state.factions
    )
    unit_scores = []
    for index, unit in enumerate(units):
        won = [f.faction for f in factions if f.winner == index]
        cards = [c for c in piles[index] if c.faction in won]
        unit_scores.append(UnitScore(unit, len(won), len(cards), sum(c.value for c in cards)))
    best = max((u.won, u.cards, u.value) for u in unit_scores)
    winners = sorted(
        seat for u in unit_scores if (u.won, u.cards, u.value) == best for seat in u.seats
    )
    return Score(factions, tuple(unit_scores), tuple(winners))


def _faction_score(
    faction: Faction,
    held: Sequence[Sequence[Card]],
    piles: Sequence[Sequence[Card]],
    loot: Sequence[int],
) -> FactionScore:
    units = range(len(held))
    doubled = [0] * len(held)
    if faction is Faction.VIKINGS:
        for unit in units:
            values = Counter(c.value for c in piles[unit])
            doubled[unit] = sum(1 for c in held[unit] if values[c.value] >= 2)
    counts = tuple(len(held[u]) + doubled[u] + loot[u] for u in units)
    high = tuple(max((c.value for c in held[u]), default=-1) for u in units)
    run = (
        tuple(longest_run({c.value for c in held[u]}) for u in units)
        if faction is Faction.BARDS
        else (0,) * len(held)
    )
    longest = [u for u in units if run[u] == max(run)] if max(run) > 0 else list(units)
    winner: int | None
    if len(longest) == 1:
        winner, reason = longest[0], Reason.RUN
    else:
        winner, reason = _decide(counts, high, longest)
    return FactionScore(faction, counts, high, run, winner, reason, tuple(doubled), tuple(loot))


def _decide(
    counts: Sequence[int], high: Sequence[int], candidates: Sequence[int]
) -> tuple[int | None, Reason]:
    """The normal rule among ``candidates``: most votes, then highest card, else nobody."""
    most = max(counts[u] for u in candidates)
    if most == 0:
        return None, Reason.NOBODY
    tied = [u for u in candidates if counts[u] == most]
    if len(tied) == 1:
        return tied[0], Reason.VOTES
    highest = max(high[u] for u in tied)
    best = [u for u in tied if high[u] == highest]
    if len(best) == 1:
        return best[0], Reason.HIGH_CARD
    return None, Reason.NOBODY


def longest_run(values: set[int]) -> int:
    """How many values the longest run of consecutive ones holds: what the Bards count."""
    longest = 0
    for value in values:
        if value - 1 not in values:
            length = 1
            while value + length in values:
                length += 1
            longest = max(longest, length)
    return longest
