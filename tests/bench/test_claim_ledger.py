"""Claim's ledger as one chain of values (``bench.claim_ledger``): over seeded 2-player
games, each seat's leftover is the terms a playout judge of a hidden-information game
leaves by construction (the estimator's shortfall, what the seat learnt, the phase
change, the horizon's move at a trick's start) and a rest within ``BOUND`` standard
errors of its sampling error."""

from __future__ import annotations

import pytest

from bench.claim_ledger import accounts
from engine.ledger import BOUND
from tests.engine.claim_players.test_judge import recorded

DEALS = 64
"""Deals a position is valued over: the rest's standard error (some 20 points of win
chance a seat and game here) grows as they shrink, and the bound with it."""


@pytest.mark.long(seconds=10)
@pytest.mark.parametrize("seed", [5, 6])
def test_a_seats_leftover_is_the_chains_terms_and_its_sampling_error(seed: int) -> None:
    start, actions = recorded(2, seed)
    chains, judged = accounts(start, actions, seed, DEALS)
    assert sum(j.cost for j in judged) > 0.05, "decisions cost something"
    for chain in chains:
        terms = chain.shortfall + chain.learnt + chain.phase_change + chain.horizon + chain.rest
        assert chain.leftover == pytest.approx(terms, abs=1e-9)
        assert 0.0 < chain.error < 0.3
        assert abs(chain.rest) <= BOUND * chain.error, chain
    assert sum(c.shortfall for c in chains) == pytest.approx(0.0, abs=1e-9)
    # Seed 6's leftover is past the bound, its shortfall and phase change are not noise.
    assert seed != 6 or any(abs(c.leftover) > BOUND * c.error for c in chains)
