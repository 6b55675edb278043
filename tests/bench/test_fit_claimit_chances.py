"""The fit of Claim It!'s win-chance model: the likelihood's maximum found, and every level
at every table size among its games."""

from __future__ import annotations

import math

from bench.fit_claimit_chances import SIZES, fit_logistic, levels_of
from bot.storage.game_values import Level


def test_the_logistic_fit_finds_the_weights_its_targets_came_from() -> None:
    weights = (-0.4, 0.2, 1.3)
    rows = []
    for i in range(60):
        x = (1.0, i / 6 - 5, (i % 7) / 7)
        rows.append((x, 1 / (1 + math.exp(-sum(w * f for w, f in zip(weights, x, strict=True))))))
    found = fit_logistic(rows)
    assert all(abs(f - w) < 1e-6 for f, w in zip(found, weights, strict=True))


def test_the_games_seat_every_level_at_every_size() -> None:
    for size in SIZES:
        tables = [levels_of(n) for n in range(48) if len(levels_of(n)) == size]
        assert {level for table in tables for level in table} == set(Level)
        assert any(len(set(table)) > 1 for table in tables), "levels are mixed"


def test_an_offset_moves_each_rows_logit_and_the_fit_finds_the_rest() -> None:
    weights = (0.3, -0.7)
    rows, offsets = [], []
    for i in range(40):
        x, offset = (1.0, i / 8 - 2), (i % 5) / 2 - 1
        logit = offset + sum(w * f for w, f in zip(weights, x, strict=True))
        rows.append((x, 1 / (1 + math.exp(-logit))))
        offsets.append(offset)
    found = fit_logistic(rows, offsets)
    assert all(abs(f - w) < 1e-6 for f, w in zip(found, weights, strict=True))
    assert any(abs(f - w) > 0.01 for f, w in zip(fit_logistic(rows), weights, strict=True))
