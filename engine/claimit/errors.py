"""Typed errors of the rules engine; each carries its conformance-protocol code."""

from __future__ import annotations

from engine.errors import InvalidState as InvalidState
from engine.errors import RulesError as RulesError


class BadAction(RulesError):
    """An action that is not one of roll, place or stop in their documented form."""

    code = "bad_action"


class BadDice(RulesError):
    """Dice that are not three whole numbers from 1 to 6."""

    code = "bad_dice"


class WrongPhase(RulesError):
    """An action the turn does not allow now (e.g. placing before rolling)."""

    code = "wrong_phase"


class IllegalPlacement(RulesError):
    """A placement that is not among the legal placements of the current roll."""

    code = "illegal_placement"


class GameAlreadyOver(RulesError):
    """Any action once the game has ended."""

    code = "game_over"
