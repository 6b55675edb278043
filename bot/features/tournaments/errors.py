"""Why a tournament, or a change of it, was refused, in plain words."""

from __future__ import annotations

from bot.features.tournaments.queries import EndReason
from bot.service.errors import Chosen, Refusal, ServiceError
from i18n import Message


class NoTournament(Refusal):
    """A tournament number the server doesn't have."""

    number: int
    words = Message("This server has no tournament number {number}.")


class CannotOrganise(Refusal):
    """Creating or cancelling without the right."""

    words = Message(
        "Only members who may manage the server's events (Manage Events) can "
        "create or cancel a tournament."
    )


class BadTournament(ServiceError):
    """An option of a new tournament that can't be: the message says which and why."""


class SignupClosed(Refusal):
    """A sign-up, or a leave, once sign-up has ended."""

    started: bool
    chosen = Chosen(
        "started",
        {
            True: Message(
                "This tournament has started: to stop playing, leave your game at its table, "
                "and you won't be paired again."
            ),
            False: Message("Sign-up for this tournament has closed."),
        },
    )


class TournamentOver(Refusal):
    """A change of a tournament that has ended."""

    words = Message("This tournament is over.")


class TournamentEnded(ServiceError):
    """A cancel of a tournament that ended before its last round: cancelled already, or
    ended by itself, which is said as its announcement says it."""

    def __init__(self, reason: EndReason | None) -> None:
        if reason is EndReason.TOO_FEW:
            words = Message("This tournament did not take place: too few signed up by its start.")
        elif reason is EndReason.NOT_SHOWN:
            words = Message(
                "This tournament did not take place: its announcement could not be posted, "
                "so nobody could sign up."
            )
        elif reason is EndReason.NO_MATCHES:
            words = Message("This tournament has ended already: its tables could not be opened.")
        else:
            words = Message("This tournament was cancelled already.")
        super().__init__(words)


class AlreadyInvitedToTournament(Refusal):
    """An invitation of someone invited already (who is not pinged twice)."""

    words = Message("They are invited already: they can press Sign up on the announcement.")


class AlreadySignedUp(Refusal):
    """A second sign-up."""

    words = Message("You're signed up already. See you at the first round!")


class NotSignedUp(Refusal):
    """Leaving a tournament one isn't in."""

    words = Message("You aren't signed up for this tournament.")


class TournamentFull(Refusal):
    """A sign-up once the cap is reached."""

    cap: int
    words = Message("This tournament is full: all {cap} places are taken.")


class NotInvited(Refusal):
    """A sign-up to a private tournament by someone not invited."""

    words = Message("This tournament is private: only players its organiser invited can sign up.")


class NotPrivateTournament(Refusal):
    """An invitation to a tournament anyone may sign up to."""

    words = Message("This tournament is open to all: anyone can press Sign up on it.")


class TournamentGameCancel(Refusal):
    """A host's cancel of a tournament's game (the organiser hosts them all)."""

    words = Message(
        "A tournament's game can only be cancelled by a moderator (Manage Messages). "
        "To stop playing, leave it: a computer player takes your seat."
    )


class Barred(Refusal):
    """A sign-up by a player dropped from one of the server's tournaments lately."""

    days: int
    words = Message(
        "You were dropped from a tournament here in the last {days} days (a computer "
        "player had to take over your seat), so you can't sign up for another yet."
    )
