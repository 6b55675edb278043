"""Why a tournament, or a change of it, was refused, in plain words."""

from __future__ import annotations

from bot.service.errors import ServiceError
from i18n import Message


class NoTournament(ServiceError):
    """A tournament number the server doesn't have."""

    def __init__(self, number: int) -> None:
        super().__init__(Message("This server has no tournament number {number}.", number=number))


class CannotOrganise(ServiceError):
    """Creating or cancelling without the right."""

    def __init__(self) -> None:
        super().__init__(
            Message(
                "Only members who may manage the server's events (Manage Events) can "
                "create or cancel a tournament."
            )
        )


class BadTournament(ServiceError):
    """An option of a new tournament that can't be: the message says which and why."""


class SignupClosed(ServiceError):
    """A sign-up, or a leave, once sign-up has ended."""

    def __init__(self, started: bool) -> None:
        super().__init__(
            Message(
                "This tournament has started: to stop playing, leave your game at its table, "
                "and you won't be paired again."
            )
            if started
            else Message("Sign-up for this tournament has closed.")
        )


class TournamentOver(ServiceError):
    """A change of a tournament that has ended."""

    def __init__(self) -> None:
        super().__init__(Message("This tournament is over."))


class TournamentCancelled(ServiceError):
    """A cancel of a tournament cancelled already."""

    def __init__(self) -> None:
        super().__init__(Message("This tournament was cancelled already."))


class AlreadyInvitedToTournament(ServiceError):
    """An invitation of someone invited already (who is not pinged twice)."""

    def __init__(self) -> None:
        super().__init__(
            Message("They are invited already: they can press Sign up on the announcement.")
        )


class AlreadySignedUp(ServiceError):
    """A second sign-up."""

    def __init__(self) -> None:
        super().__init__(Message("You're signed up already. See you at the first round!"))


class NotSignedUp(ServiceError):
    """Leaving a tournament one isn't in."""

    def __init__(self) -> None:
        super().__init__(Message("You aren't signed up for this tournament."))


class TournamentFull(ServiceError):
    """A sign-up once the cap is reached."""

    def __init__(self, cap: int) -> None:
        super().__init__(Message("This tournament is full: all {cap} places are taken.", cap=cap))


class NotInvited(ServiceError):
    """A sign-up to a private tournament by someone not invited."""

    def __init__(self) -> None:
        super().__init__(
            Message("This tournament is private: only players its organiser invited can sign up.")
        )


class NotPrivateTournament(ServiceError):
    """An invitation to a tournament anyone may sign up to."""

    def __init__(self) -> None:
        super().__init__(Message("This tournament is open to all: anyone can press Sign up on it."))


class TournamentGameCancel(ServiceError):
    """A host's cancel of a tournament's game (the organiser hosts them all)."""

    def __init__(self) -> None:
        super().__init__(
            Message(
                "A tournament's game can only be cancelled by a moderator (Manage Messages). "
                "To stop playing, leave it: a computer player takes your seat."
            )
        )


class Barred(ServiceError):
    """A sign-up by a player dropped from one of the server's tournaments lately."""

    def __init__(self, days: int) -> None:
        super().__init__(
            Message(
                "You were dropped from a tournament here in the last {days} days (a computer "
                "player had to take over your seat), so you can't sign up for another yet.",
                days=days,
            )
        )
