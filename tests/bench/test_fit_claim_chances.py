"""The fit of Claim's win-chance constants (``bench.fit_claim_chances``): the search finds a
loss's least, each constant is found again from forecasts made with it, and a game's
samples read every deal as the model does."""

from __future__ import annotations

from functools import partial

import pytest

from bench.fit_claim_chances import (
    PRECISION,
    Sample,
    finish_loss,
    least,
    samples_of,
    start_loss,
)
from bot.storage.game_values import Level
from engine.claim.win_chance import Finish, finish_chance, sharpened


def test_the_search_finds_the_least_of_a_loss_with_one_minimum() -> None:
    assert least(lambda x: (x - 1.7) ** 2) == pytest.approx(1.7, abs=PRECISION)
    assert least(lambda x: abs(x - 0.3), 0.05, 4.0) == pytest.approx(0.3, abs=PRECISION)


def test_the_sharpness_forecasts_were_made_with_is_found_again() -> None:
    samples = [Sample(2, (p,), (), sharpened(p, 1.3)) for p in (i / 40 for i in range(1, 40))]
    assert least(partial(start_loss, samples)) == pytest.approx(1.3, abs=0.01)


def test_the_spread_forecasts_were_made_with_is_found_again() -> None:
    finishes = [
        Finish(1.0 if lead > 0 else 0.0, lead, left)
        for lead in (-2.5, -1.5, -0.5, 0.5, 1.5, 2.5)
        for left in range(1, 12)
    ]
    samples = [Sample(3, (), (f,), finish_chance(f, 2.2)) for f in finishes]
    assert least(partial(finish_loss, samples)) == pytest.approx(2.2, abs=0.01)


def test_a_game_gives_each_seat_a_sample_where_each_trick_begins() -> None:
    found = samples_of(([Level.EASY, Level.NORMAL], 100_000, 2))
    assert len(found) % 2 == 0
    assert {s.players for s in found} == {2}
    first = [s for s in found if s.starts]
    second = [s for s in found if s.finishes]
    assert first and second
    assert len(first) + len(second) == len(found), "a trick's deals lie in one phase"
    assert all(len(s.starts) + len(s.finishes) == 2 for s in found)
    assert all(0.0 < c < 1.0 for s in first for c in s.starts)
    assert all(f.result in (0.0, 0.5, 1.0) and f.left >= 0 for s in second for f in s.finishes)
    # Both seats' results come from the one game: one wins, or they share.
    assert {s.result for s in found} <= {0.0, 0.5, 1.0}
