"""The computer players' search, cut down where a test needs many decisions rather than
strong ones: the same code with fewer deals (hard's search two, normal's look-ahead in
phase 2 one)."""

from __future__ import annotations

import pytest

from engine.claim.players import search


@pytest.fixture
def light_search(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "BUDGET", 1)
    monkeypatch.setattr(search, "MIN_DEALS", 2)
    monkeypatch.setattr(search, "NORMAL_BUDGET", 1)
