"""Decisions of each game taken from its lessons' paths, as a hint or a drill meets them:
a position where the learner acts, as a game record with Ann in the learner's seat, and
its options weighed (made-up worths, the first the best: no judge is asked)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from bot.games import lesson_play
from bot.games.analysis import Unit, Weighed
from bot.games.claim.game import intent_of
from bot.storage.records import Game
from engine.claim.actions import Play
from engine.claimit import Phase as ClaimItPhase
from engine.gold_nuggets import Phase as NuggetsPhase

ANN = 11


@dataclass(frozen=True)
class Decision:
    """A learner's decision: the game at it, their seat, and its options weighed."""

    game: Game
    seat: int
    weighed: Weighed


def position(key: str, wanted: Callable[[Any], bool]) -> Any:
    """The first position of the lesson ``key``'s path where its learner acts and
    ``wanted`` holds."""
    taught = lesson_play.lesson(key)
    for state in lesson_play.path(key):
        if lesson_play.learner_to_act(taught, state) and wanted(state):
            return state
    raise AssertionError(f"lesson {key} has no such decision")


def decision(key: str, state: Any, options: Sequence[str], unit: Unit) -> Decision:
    """Ann's decision at ``state`` of the lesson ``key``, between ``options``, each worth
    a quarter less than the one before it."""
    taught = lesson_play.lesson(key)
    worths = tuple((option, Fraction(-index, 4)) for index, option in enumerate(options))
    game = replace(lesson_play.table(taught, state, ANN, "Ann", 4), id=3, number=12)
    return Decision(game, taught.learner, Weighed(unit, False, worths))


def claimit_rolling() -> Decision:
    """Claim It!: rolling again against stopping, a marker placed this turn."""
    state = position("claimit", lambda s: s.phase is ClaimItPhase.ROLL and s.placed_this_turn)
    return decision("claimit", state, ["roll", "stop"], Unit.SPACES)


def claimit_placing() -> Decision:
    """Claim It!: where to place, among several of the roll's placements."""
    state = position(
        "claimit", lambda s: s.phase is ClaimItPhase.PLACE and len(s.pending_placements()) > 2
    )
    options = [str(placement) for placement in state.pending_placements()]
    return decision("claimit", state, options, Unit.SPACES)


def nuggets_deciding() -> Decision:
    """Gold Nuggets: rolling on against taking."""
    state = position("nuggets", lambda s: s.phase is NuggetsPhase.DECIDE)
    return decision("nuggets", state, ["roll", "take"], Unit.NUGGETS)


def claim_playing() -> Decision:
    """Claim: which card of the hand to play."""
    key = "claim-knights"
    state = lesson_play.start(lesson_play.lesson(key))
    hand = state.hands[lesson_play.lesson(key).learner]
    return decision(key, state, [intent_of(Play(card)) for card in hand], Unit.WIN_CHANCE)


DECISIONS = {
    "claimit rolling": claimit_rolling,
    "claimit placing": claimit_placing,
    "nuggets deciding": nuggets_deciding,
    "claim playing": claim_playing,
}
"""Each game's decisions, by what they decide."""
