"""Why a rematch was refused, in plain words."""

from __future__ import annotations

from bot.service.errors import Chosen, Refusal, ServiceError
from i18n import Message, Plural


class NoRematch(Refusal):
    """A rematch of a game that wasn't played to its end (cancelled, closed, or still on)."""

    words = Message("Only a game played to its end can be played again.")


class NotInRematch(Refusal):
    """A rematch asked for, or answered, by someone who didn't play the game to its end."""

    words = Message("Only the players of this game can play it again.")


class RematchStarted(Refusal):
    """A press on a rematch that has started already."""

    game: str
    words = Message("The rematch has started already: {game}, right here.")


class RematchOver(Refusal):
    """An answer to an offer that lapsed, or that too many declined."""

    lapsed: bool
    chosen = Chosen(
        "lapsed",
        {
            True: Message(
                "This rematch offer lapsed, so nothing changed. Press Rematch to ask again."
            ),
            False: Message("Too many declined this rematch, so nothing changed."),
        },
    )


class AlreadyAnswered(Refusal):
    """A second answer to a rematch offer."""

    accepted: bool
    chosen = Chosen(
        "accepted",
        {
            True: Message("You've said yes to this rematch already."),
            False: Message("You've declined this rematch already."),
        },
    )


class TooFewForRematch(ServiceError):
    """A rematch started with fewer players than the game takes (``stood_in``: a computer
    player that took over someone's seat does not come along)."""

    def __init__(self, fewest: int, *, stood_in: bool = False) -> None:
        if stood_in:
            words: Message | Plural = Plural(
                "A rematch needs at least {n} player, counting computer players; those who "
                "stood in for someone who left don't come along.",
                "A rematch needs at least {n} players, counting computer players; those who "
                "stood in for someone who left don't come along.",
                fewest,
            )
        else:
            words = Plural(
                "A rematch needs at least {n} player, counting computer players.",
                "A rematch needs at least {n} players, counting computer players.",
                fewest,
            )
        super().__init__(words)


class RematchPlaceTaken(Refusal):
    """A rematch where another game has opened since."""

    game: str
    words = Message(
        "{game} has opened here since, and a place holds one game at a time: the "
        "rematch can start once it ends."
    )
