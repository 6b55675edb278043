"""Every level answers every kind of decision with a legal action, at every player count and
with random factions."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.claim import Discard, Loot, NotYourTurn, Play, Take, legal_in_view, view
from engine.claim.players import Level, decide
from tests.engine.claim_players.positions import random_positions, sample_views


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("level", [Level.EASY, Level.NORMAL])
@pytest.mark.usefixtures("light_search")
def test_easy_and_normal_choose_legal_actions(players: int, level: Level) -> None:
    kinds: Counter[str] = Counter()
    for n, seen in enumerate(sample_views(players, games=12, seed=players, every=1)):
        action = decide(seen, level, random.Random(n))
        assert action in legal_in_view(seen)
        kinds[type(action).__name__] += 1
    assert kinds[Play.__name__] and kinds[Take.__name__]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.usefixtures("light_search")
def test_hard_chooses_legal_actions(players: int) -> None:
    for n, seen in enumerate(sample_views(players, games=4, seed=10 + players, every=4)):
        assert decide(seen, Level.HARD, random.Random(n)) in legal_in_view(seen)


def test_hard_at_full_strength_chooses_legal_actions() -> None:
    views = sample_views(2, games=1, seed=5, every=9)
    assert len(views) >= 3
    for n, seen in enumerate(views):
        assert decide(seen, Level.HARD, random.Random(n)) in legal_in_view(seen)


@pytest.mark.usefixtures("light_search")
def test_every_kind_of_decision_is_met() -> None:
    """The random games reach discards, loot choices and Seer winners' choices, and each
    level answers them."""
    found: dict[str, int] = {}
    for players in (2, 3, 4):
        for state, seat in random_positions(players, games=60, seed=99 + players):
            seen = view(state, seat)
            legal = legal_in_view(seen)
            kind = type(legal[0]).__name__
            if isinstance(legal[0], Take) and Take(None) in legal:
                kind = "seer"
            if found.get(kind, 0) >= 2:
                continue
            found[kind] = found.get(kind, 0) + 1
            for n, level in enumerate(Level):
                assert decide(seen, level, random.Random(n)) in legal
    for kind in (Play.__name__, Discard.__name__, Take.__name__, Loot.__name__, "seer"):
        assert found.get(kind), kind


def test_a_seat_that_may_not_act_is_refused() -> None:
    state, seat = next(random_positions(2, games=1, seed=3))
    other = view(state, 1 - seat)
    for level in Level:
        with pytest.raises(NotYourTurn):
            decide(other, level, random.Random(0))
