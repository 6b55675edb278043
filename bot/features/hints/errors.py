"""Why a hint was refused, in plain words."""

from __future__ import annotations

from bot.service.errors import Refusal, ServiceError
from i18n import Message, Plural


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


class HintStillWeighing(Refusal):
    """A hint asked in a game where the asker's last hint is still being weighed (they
    have moved on since): one hint a game waits at a time (``fair_share.BOUNDS``)."""

    words = Message(
        "Your last hint in this game is still being weighed. Ask again once it is shown."
    )


class TooManyHints(ServiceError):
    """A hint asked by a member with as many hints being weighed, in other games, as
    they may (``fair_share.BOUNDS``): nothing was queued."""

    def __init__(self, most: int) -> None:
        super().__init__(
            Plural(
                "You have {n} hint being weighed already, in another game. Ask again "
                "once it is shown.",
                "You have {n} hints being weighed already, in other games. Ask again "
                "once one of them is shown.",
                most,
            )
        )
