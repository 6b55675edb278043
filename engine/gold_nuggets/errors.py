"""Typed errors of the rules engine; each carries its conformance-protocol code."""

from __future__ import annotations

from engine.errors import InvalidState as InvalidState
from engine.errors import RulesError as RulesError


class BadAction(RulesError):
    """An action that is not a roll, a set-aside, a take or a time-out in its documented form."""

    code = "bad_action"


class GameAlreadyOver(RulesError):
    """Any action once the centre is empty."""

    code = "game_over"


class WrongPhase(RulesError):
    """An action the turn does not allow now (e.g. taking before the first set-aside)."""

    code = "wrong_phase"


class BadDice(RulesError):
    """A roll that is not exactly the dice not set aside, each showing a face."""

    code = "bad_dice"


class IllegalSetAside(RulesError):
    """A set-aside that is not among those the waiting roll allows."""

    code = "illegal_set_aside"


class IllegalTake(RulesError):
    """A steal without three lassos, or from a seat that is not an opponent's."""

    code = "illegal_take"
