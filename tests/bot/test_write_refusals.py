"""A database that refuses writes is one log line a minute while it lasts, one when over."""

from __future__ import annotations

import logging

import pytest

from bot.storage.write_refusals import REPEAT_EVERY, WriteRefusals, WritesRefused


def test_refusals_are_said_once_a_minute_and_the_end_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    now = [0.0]
    refusals = WriteRefusals(lambda: now[0])
    caplog.set_level(logging.INFO)
    refused = [refusals.refused("the disk is full") for _ in range(5)]
    assert all(isinstance(e, WritesRefused) and e.cause == "the disk is full" for e in refused)
    now[0] += REPEAT_EVERY - 1
    refusals.refused("the disk is full")
    said = [r.getMessage() for r in caplog.records]
    assert len(said) == 1 and "the disk is full" in said[0]
    now[0] += 1
    refusals.refused("the disk is full")
    refusals.refused("the database file is read-only")  # another cause is news at once
    assert len(caplog.records) == 3
    refusals.worked()
    refusals.worked()
    over = [r.getMessage() for r in caplog.records[3:]]
    assert over == ["the database's writes work again (8 were refused)"]
    assert [r for r in caplog.records if r.exc_info] == []
