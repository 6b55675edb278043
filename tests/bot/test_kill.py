"""A bot killed at any moment loses no acknowledged action and leaves every game replayable."""

from __future__ import annotations

import json
import random
import signal
import sqlite3
import time
from pathlib import Path

import pytest

from bot.service import GameService
from bot.storage.opening import open_database
from tests import processes

pytestmark = [pytest.mark.slow, pytest.mark.long(seconds=15)]

CYCLES = 20


def run_until_killed(path: Path, seed: int, seconds: float) -> list[tuple[int, int]]:
    child = processes.python_module("tests.bot.kill_child", str(path), str(seed))
    try:
        assert child.stdout is not None
        first = child.stdout.readline()  # killing only once it plays makes every cycle count
        assert first, child.stderr.read() if child.stderr else "the child printed nothing"
        time.sleep(seconds)
    finally:
        assert processes.stop_popen(child, signal.SIGKILL) == -signal.SIGKILL
    assert child.stdout is not None
    rest = child.stdout.read()
    acknowledged = []
    for line in [first, *rest.splitlines()]:
        if line.strip():
            game, seq = line.split(":")
            acknowledged.append((int(game), int(seq)))
    return acknowledged


async def test_sigkill_at_random_moments_loses_no_acknowledged_action(tmp_path: Path) -> None:
    path = tmp_path / "killed.sqlite3"
    rng = random.Random(9)
    acknowledged: list[tuple[int, int]] = []
    for cycle in range(CYCLES):
        acknowledged += run_until_killed(path, cycle + 1, rng.uniform(0.02, 0.4))
    assert len(acknowledged) > CYCLES * 10

    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        stored = set(connection.execute("SELECT game_id, seq FROM moves"))
        games = [
            row[0] for row in connection.execute("SELECT id FROM games WHERE state IS NOT NULL")
        ]
    assert set(acknowledged) <= stored

    database = await open_database(path)
    try:
        service = GameService(database)
        for game_id in games:
            game = await service.game(game_id)
            assert game.broken is None
            moves = await service.history.moves(game_id)
            assert [m.seq for m in moves] == list(range(1, len(moves) + 1))
            assert all(json.loads(m.action) for m in moves)
            assert await service.history.replay(game_id) == game.state
    finally:
        await database.close()
