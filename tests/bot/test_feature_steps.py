"""A feature declares its migration step in its own folder, beside its tables, and it
joins the core's steps as its tables join the schema: the latest version counts it,
two steps to one version are refused, and so is a version without a step."""

from __future__ import annotations

import pytest

from bot.storage.migrations import STEPS, Step, feature_step, latest


def test_a_second_step_to_a_version_is_refused() -> None:
    taken = latest()
    step = STEPS[taken]
    with pytest.raises(ValueError, match=f"two migration steps to version {taken}"):
        feature_step(taken, Step())
    assert STEPS[taken] is step


def test_a_version_without_a_step_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    gap = latest() + 2
    monkeypatch.setitem(STEPS, gap, Step())
    with pytest.raises(ValueError, match=f"no migration step to version {gap - 1}"):
        latest()
