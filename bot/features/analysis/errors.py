"""Why a report of what decided a game was refused, in plain words."""

from __future__ import annotations

from bot.service.errors import ServiceError, slash
from i18n import Message


class NothingToAnalyse(ServiceError):
    """A report asked for where no game of its kind has ended."""

    def __init__(self, title: str, command: str) -> None:
        super().__init__(
            Message(
                "No {title} game has been played to the end in this channel yet, so there is "
                "no report of what decided one. {history} lists this server's finished games "
                "with their numbers.",
                title=title,
                history=slash(command, "history"),
            )
        )


class NoSuchGameToAnalyse(ServiceError):
    """A report of a game number the server never started."""

    def __init__(self, title: str, number: int, command: str) -> None:
        super().__init__(
            Message(
                "This server has no {title} game #{number}. {history} lists the finished "
                "games with their numbers.",
                title=title,
                number=number,
                history=slash(command, "history"),
            )
        )


class StillPlaying(ServiceError):
    """A report of a game still being played: judging its moves mid-game would tell its
    players what to do, and in a game of cards, what is in the others' hands."""

    def __init__(self, game: str) -> None:
        super().__init__(
            Message(
                "{game} is still being played: its report of what decided it is made once "
                "it ends, so that nobody learns from it mid-game.",
                game=game,
            )
        )


class EndedEarly(ServiceError):
    """A report of a game closed before its end."""

    def __init__(self, game: str) -> None:
        super().__init__(
            Message(
                "{game} was closed before its end, so nothing decided it: only a game "
                "played to the end has a report.",
                game=game,
            )
        )
