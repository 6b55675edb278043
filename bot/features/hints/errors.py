"""Why a hint was refused, in plain words."""

from __future__ import annotations

from bot.service.errors import Refusal
from i18n import Message


class NoHints(Refusal):
    """A hint asked in a game opened without them (a hand-made button, a rated game)."""

    words = Message(
        "This game was opened without hints, so it may be rated: hints are only for games "
        "opened with them."
    )


class HintsOffHere(Refusal):
    """A lobby asked with hints on a server whose setting allows none."""

    words = Message(
        "Hints are off on this server, so that its games may be rated. The lobby wasn't opened."
    )


class NotYourHint(Refusal):
    """A hint asked by a player who is not to act now."""

    words = Message("It isn't your turn: a hint is only for the player to act.")


class NoHintsForComputers(Refusal):
    """A hint asked for a computer player's seat."""

    words = Message("Computer players never get hints.")


class NothingToWeigh(Refusal):
    """A hint asked where the seat has one thing it may do."""

    words = Message("You have only one thing you can do here, so there is nothing to weigh.")
