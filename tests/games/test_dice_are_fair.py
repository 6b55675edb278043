"""The bot's dice are fair: a million dice thrown the way a game throws them (the service's
chance, through each game's ``roll`` intent) show every face equally often, as far as a
chi-square test can tell; and the same test catches dice loaded only slightly."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import cast

import pytest

from bot.games.claimit.game import CLAIMIT
from bot.games.fairness import dice_fairness
from bot.games.gold_nuggets.game import NUGGETS
from bot.service.game_service import GameService
from bot.storage.database import Database
from engine import claimit, gold_nuggets

DICE_PER_GAME = 500_000
"""Half of the million for each game: about a second each."""
NOT_FAIR_BELOW = 1e-6
"""Fair dice fail once in a million runs."""
SHARE_WITHIN = 0.005
LOAD = 0.006
"""How often the loaded dice show their favourite face whatever the throw: its share grows by
5/6 of this, half a percentage point: about the share check's margin (this seed's dice stay
inside it), yet far beyond what fair dice do at this count."""
LOADED_SEED = 20_240_607

Thrower = Callable[[random.Random, int], list[int]]
"""Throws about ``dice`` dice with a chance and returns how many showed each face."""


def service_dice() -> random.Random:
    """The chance a ``GameService`` throws dice with when none is given, as it makes it."""
    # The service only keeps the database at construction, so none is needed to read its
    # default; reading it (rather than making another ``SystemRandom``) keeps this test on
    # whatever the service uses.
    return GameService(cast(Database, None)).dice


def claimit_faces(chance: random.Random, dice: int) -> list[int]:
    state = claimit.GameState.new(2)
    counts: Counter[int] = Counter()
    for _ in range(dice // 3):
        action = CLAIMIT.action(state, 0, "roll", chance)
        assert isinstance(action, claimit.Roll)
        counts.update(action.dice)
    return [counts[face] for face in range(1, 7)]


def gold_nuggets_faces(chance: random.Random, dice: int) -> list[int]:
    # A turn's first roll throws all seven dice.
    state = gold_nuggets.GameState.new(2)
    counts: Counter[gold_nuggets.Face] = Counter()
    for _ in range(dice // 7):
        action = NUGGETS.action(state, 0, "roll", chance)
        assert isinstance(action, gold_nuggets.Roll)
        counts.update(action.faces)
    return [counts[face] for face in gold_nuggets.FACES]


THROWERS = pytest.mark.parametrize(
    "throw", [claimit_faces, gold_nuggets_faces], ids=["claimit", "gold_nuggets"]
)


class LoadedDice(random.Random):
    """Dice that now and then show their lowest face whatever they rolled."""

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        # Every throw of both games comes through here (``randint`` calls it too).
        fair = super().randrange(start, stop, step)
        lowest = 0 if stop is None else start
        return lowest if self.random() < LOAD else fair


@THROWERS
def test_the_bots_dice_show_every_face_equally_often(throw: Thrower) -> None:
    counts = throw(service_dice(), DICE_PER_GAME)
    fairness = dice_fairness(counts)
    assert fairness.total >= DICE_PER_GAME - 6
    assert fairness.p_value > NOT_FAIR_BELOW, fairness
    assert all(abs(share - 1 / 6) < SHARE_WITHIN for share in fairness.shares), fairness


@THROWERS
def test_the_check_catches_slightly_loaded_dice(throw: Thrower) -> None:
    counts = throw(LoadedDice(LOADED_SEED), DICE_PER_GAME)
    fairness = dice_fairness(counts)
    assert fairness.p_value <= NOT_FAIR_BELOW, fairness
    assert fairness.shares[0] == max(fairness.shares)
