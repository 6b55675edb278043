"""A tournament whose process is killed at any moment, again and again, goes on where it
was: no round claimed twice, nobody in two matches of a round, no match with two games,
and its standings the sum of its games."""

from __future__ import annotations

import random
import signal
import sqlite3
import time
from fractions import Fraction
from pathlib import Path

import pytest

from bot.features.tournaments.queries import TournamentState
from bot.features.tournaments.service import TournamentService
from bot.league import match_points
from bot.service import GameService
from bot.storage.opening import open_database
from bot.storage.records import GameStatus
from tests import processes

pytestmark = [pytest.mark.slow, pytest.mark.long(seconds=8)]

KILLS = 8


def run(path: Path, seed: int, seconds: float | None) -> bool:
    """One run of the child, killed ``seconds`` after it starts playing (``None``: left
    to finish); whether it said the tournament is over."""
    child = processes.python_module(
        "tests.features.tournaments.tournament_kill_child", str(path), str(seed)
    )
    assert child.stdout is not None
    try:
        first = child.stdout.readline()
        assert first, child.stderr.read() if child.stderr else "the child printed nothing"
        if seconds is None:
            child.wait(timeout=120)
        else:
            time.sleep(seconds)
    finally:
        if child.poll() is None:
            processes.stop_popen(child, signal.SIGKILL)
    return "over" in child.stdout.read()


async def test_a_tournament_killed_at_any_moment_goes_on_once(tmp_path: Path) -> None:
    path = tmp_path / "killed.sqlite3"
    rng = random.Random(4)
    for kill in range(KILLS):
        if run(path, kill + 1, rng.uniform(0.05, 0.6)):
            break
    assert run(path, 99, None), "the tournament ends once left alone"

    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        rounds = [r for (r,) in connection.execute("SELECT round FROM tournament_rounds")]
        games = [g for (g,) in connection.execute("SELECT game_id FROM tournament_tables")]
        made = [g for (g,) in connection.execute("SELECT id FROM games")]
    assert sorted(rounds) == [1, 2, 3]
    assert None not in games and len(games) == len(set(games)) == 9
    assert sorted(made) == sorted(games), "no game made for a match twice"

    database = await open_database(str(path))
    try:
        service = GameService(database)
        (tournament,) = await service.part(TournamentService).server_tournaments(1)
        board = await service.part(TournamentService).tournament_board(tournament.id)
        assert board.tournament.state is TournamentState.FINISHED
        for round_ in (1, 2, 3):
            seated = [user for match in board.of_round(round_) for user in match.players]
            assert len(seated) == len(set(seated)) == 9
        points = {entry.user_id: Fraction(0) for entry in board.entries}
        for match in board.matches:
            game = await service.game(match.game_id or 0)
            assert game.status is GameStatus.FINISHED
            assert match.places is not None
            for user, won in zip(match.players, match_points(match.places, 3), strict=True):
                points[user] += won
        assert {row.user: row.points for row in board.rows} == points
    finally:
        await database.close()
