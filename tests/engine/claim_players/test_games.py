"""Whole games between the levels: they end, every seat acting from its view, and a seeded
game replays identically."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from engine.claim import Action, ClaimState, Phase, score, teams, view
from engine.claim.players import Level, decide
from tests.engine.claim_players.positions import Chooser, play_game, sample_views


def computer(level: Level, rng: random.Random, log: list[Action]) -> Chooser:
    def choose(state: ClaimState, seat: int) -> Action:
        action = decide(view(state, seat), level, rng)
        log.append(action)
        return action

    return choose


def game(levels: Sequence[Level], seed: int) -> tuple[ClaimState, list[Action]]:
    rng = random.Random(seed)
    log: list[Action] = []
    end = play_game(len(levels), seed, [computer(level, rng, log) for level in levels])
    return end, log


@pytest.mark.parametrize(
    "levels",
    [
        (Level.EASY, Level.NORMAL),
        (Level.NORMAL, Level.HARD),
        (Level.HARD, Level.EASY, Level.NORMAL),
        (Level.EASY, Level.HARD, Level.NORMAL, Level.NORMAL),
    ],
)
@pytest.mark.usefixtures("light_search")
def test_games_between_levels_end_with_a_result(levels: tuple[Level, ...]) -> None:
    end, log = game(levels, seed=len(levels))
    assert end.phase is Phase.OVER
    result = score(end)
    assert result.winners
    assert len(result.units) == len(teams(len(levels)))
    assert len(log) >= 2 * 13 * len(levels) * 9 // 13


def test_a_game_at_full_strength_ends() -> None:
    end, _ = game((Level.HARD, Level.NORMAL), seed=11)
    assert end.phase is Phase.OVER


@pytest.mark.usefixtures("light_search")
def test_a_seeded_game_replays_identically() -> None:
    levels = (Level.EASY, Level.HARD, Level.NORMAL)
    assert game(levels, seed=5) == game(levels, seed=5)


@pytest.mark.parametrize("level", list(Level))
def test_the_same_view_and_generator_state_give_the_same_action(level: Level) -> None:
    for n, seen in enumerate(sample_views(2, games=1, seed=21, every=6)):
        first = decide(seen, level, random.Random(n))
        assert decide(seen, level, random.Random(n)) == first


@pytest.mark.long(seconds=20)
def test_normal_beats_easy_clearly() -> None:
    """Fully seeded: over 160 games (80 deals, each played from both seats) normal wins at
    least 64% (108 games here, 67.5%; 65% over 200 games of the benchmark's deals). Before
    normal looked ahead in phase 2 it won 99 of these (62%)."""
    shares = 0.0
    for n in range(160):
        levels = (Level.NORMAL, Level.EASY) if n % 2 == 0 else (Level.EASY, Level.NORMAL)
        end, _ = game(levels, seed=300 + n // 2)
        winners = score(end).winners
        shares += sum(1 for s in winners if levels[s] is Level.NORMAL) / len(winners)
    assert shares >= 0.64 * 160
