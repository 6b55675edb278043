"""Typed errors of the Claim rules engine; each carries its conformance-protocol code.

The protocol checks an action in a fixed order (docs/rules/claim.md, Errors and
check order); each step of that order has its own error, so the first failure
is the answer.
"""

from __future__ import annotations

from engine.errors import InvalidState as InvalidState
from engine.errors import RulesError as RulesError


class BadSetup(RulesError):
    """A new game that breaks the deck-building or deal rules (seats, factions, deck, leader)."""

    code = "bad_setup"


class BadAction(RulesError):
    """Not an action at all: no seat in range, or not exactly one play, discard, take or loot."""

    code = "bad_action"


class GameAlreadyOver(RulesError):
    """Any action once the factions are counted."""

    code = "game_over"


class WrongStep(RulesError):
    """An action of a kind the game does not expect now (a play while discards are due)."""

    code = "wrong_step"


class NotYourTurn(RulesError):
    """An action of the right kind from a seat that may not act now."""

    code = "not_your_turn"


class NotInHand(RulesError):
    """A play or discard of a card the seat does not hold."""

    code = "not_in_hand"


class MustFollow(RulesError):
    """A play off the lead faction while holding it (a Doppelganger is always allowed)."""

    code = "must_follow"


class IllegalChoice(RulesError):
    """A take or loot choice that is not among the options offered."""

    code = "illegal_choice"
