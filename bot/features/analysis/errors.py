"""Why a report of what decided a game was refused, in plain words."""

from __future__ import annotations

from bot.service.errors import Refusal, ServiceError, ToHistory
from i18n import Message, Plural


class NothingToAnalyse(ToHistory):
    """A report asked for where no game of its kind has ended."""

    command: str
    words = Message(
        "No {title} game has been played to the end in this channel yet, so there is "
        "no report of what decided one. {history} lists this server's finished games "
        "with their numbers."
    )


class NoSuchGameToAnalyse(ToHistory):
    """A report of a game number the server never started."""

    number: int
    command: str
    words = Message(
        "This server has no {title} game #{number}. {history} lists the finished "
        "games with their numbers."
    )


class StillPlaying(Refusal):
    """A report of a game still being played: judging its moves mid-game would tell its
    players what to do, and in a game of cards, what is in the others' hands."""

    game: str
    words = Message(
        "{game} is still being played: its report of what decided it is made once "
        "it ends, so that nobody learns from it mid-game."
    )


class EndedEarly(Refusal):
    """A report of a game closed before its end."""

    game: str
    words = Message(
        "{game} was closed before its end, so nothing decided it: only a game "
        "played to the end has a report."
    )


class TooManyReports(ServiceError):
    """A report asked for by a member who waits for as many being judged as they may
    (``fair_share.BOUNDS``): nothing was queued."""

    def __init__(self, most: int) -> None:
        super().__init__(
            Plural(
                "You're waiting for {n} report being judged already. Ask for this one "
                "once it is shown.",
                "You're waiting for {n} reports being judged already. Ask for this one "
                "once one of them is shown.",
                most,
            )
        )
