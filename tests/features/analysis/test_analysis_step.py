"""The analysis folder's own migration step brings its seats table."""

from __future__ import annotations

from bot.features.analysis.schema import analysis_seats
from bot.storage import migrations
from bot.storage.migrations import STEPS, latest


def test_the_analysis_folders_step_brings_its_seats_table() -> None:
    since = int(analysis_seats.info["since"])
    assert since in STEPS and latest() >= since
    reached, statements = migrations.upgrade(since - 1, "sqlite")
    assert reached == since
    assert any(statement.startswith("CREATE TABLE analysis_seats") for statement in statements)
