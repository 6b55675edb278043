"""Why a take-back was refused, in plain words."""

from __future__ import annotations

from bot.service.errors import Refusal, ServiceError
from i18n import Message


class NothingToTakeBack(Refusal):
    """The presser has made no move that still stands."""

    words = Message("You have no move of yours to take back yet.")


class TakebacksOff(ServiceError):
    """The server's setting allows no take-back in this game."""

    def __init__(self, rated: bool) -> None:
        super().__init__(
            Message("Take-backs are off in this game because it is rated.")
            if rated
            else Message("Take-backs are off on this server.")
        )


class TakebackAsked(ServiceError):
    """A second request while one is being answered (``own``: the asker's own)."""

    def __init__(self, *, own: bool = False) -> None:
        super().__init__(
            Message(
                "You asked to take that move back already: the other players are answering "
                "(Refuse on the request withdraws it)."
            )
            if own
            else Message(
                "A take-back is already being asked in this game: it needs answering first."
            )
        )


class NotYourMove(ServiceError):
    """The presser's last move was made for them: by the clock when their time ran out, or
    by a computer player while they were away."""

    def __init__(self, *, by_clock: bool) -> None:
        super().__init__(
            Message(
                "Your last move was made by the clock when your time ran out, so it can't be "
                "taken back."
            )
            if by_clock
            else Message(
                "Your last move was made by a computer player while you were away, so it "
                "can't be taken back."
            )
        )


class NoSuchTakeback(Refusal):
    """An answer to a request the game never had (a hand-made button)."""

    words = Message("That take-back request doesn't exist.")


class TakebackOver(ServiceError):
    """An answer to a request that has ended."""

    def __init__(self, state: str) -> None:
        words = {
            "granted": Message("That take-back has been made already."),
            "refused": Message("That take-back was refused, so it is over."),
        }.get(state, Message("That take-back request expired: the game moved on since."))
        super().__init__(words)


class NotYoursToAnswer(ServiceError):
    """An answer from the asker, or from someone who is not asked."""

    def __init__(self, asker: bool) -> None:
        super().__init__(
            Message(
                "You asked for this take-back: the other players answer it (Refuse withdraws it)."
            )
            if asker
            else Message("Only the other players in this game answer this take-back.")
        )


class TakebackAnswered(ServiceError):
    """A second answer from the same player."""

    def __init__(self, agreed: bool) -> None:
        super().__init__(
            Message("You have agreed to this take-back already.")
            if agreed
            else Message("You have refused this take-back already.")
        )
