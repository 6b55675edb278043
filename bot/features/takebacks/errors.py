"""Why a take-back was refused, in plain words."""

from __future__ import annotations

from bot.service.errors import Chosen, Refusal, ServiceError
from i18n import Message


class NothingToTakeBack(Refusal):
    """The presser has made no move that still stands."""

    words = Message("You have no move of yours to take back yet.")


class TakebacksOff(Refusal):
    """The server's setting allows no take-back in this game."""

    rated: bool
    chosen = Chosen(
        "rated",
        {
            True: Message("Take-backs are off in this game because it is rated."),
            False: Message("Take-backs are off on this server."),
        },
    )


class TakebackAsked(Refusal):
    """A second request while one is being answered (``own``: the asker's own)."""

    own: bool = False
    chosen = Chosen(
        "own",
        {
            True: Message(
                "You asked to take that move back already: the other players are answering "
                "(Refuse on the request withdraws it)."
            ),
            False: Message(
                "A take-back is already being asked in this game: it needs answering first."
            ),
        },
    )


class NotYourMove(Refusal):
    """The presser's last move was made for them: by the clock when their time ran out, or
    by a computer player while they were away."""

    by_clock: bool
    chosen = Chosen(
        "by_clock",
        {
            True: Message(
                "Your last move was made by the clock when your time ran out, so it can't be "
                "taken back."
            ),
            False: Message(
                "Your last move was made by a computer player while you were away, so it "
                "can't be taken back."
            ),
        },
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


class NotYoursToAnswer(Refusal):
    """An answer from the asker, or from someone who is not asked."""

    asker: bool
    chosen = Chosen(
        "asker",
        {
            True: Message(
                "You asked for this take-back: the other players answer it (Refuse withdraws it)."
            ),
            False: Message("Only the other players in this game answer this take-back."),
        },
    )


class TakebackAnswered(Refusal):
    """A second answer from the same player."""

    agreed: bool
    chosen = Chosen(
        "agreed",
        {
            True: Message("You have agreed to this take-back already."),
            False: Message("You have refused this take-back already."),
        },
    )
