"""Why an invitation to a private table, or its answer, was refused, in plain words."""

from __future__ import annotations

from bot.service.errors import Chosen, Refusal, ServiceError
from i18n import Message, Plural


class PrivateTable(Refusal):
    """A join by someone the host did not invite."""

    words = Message("This table is private: only players the host invited can join.")


class NotPrivate(Refusal):
    """An invitation, or opening to all, at a table anyone may join already."""

    words = Message("This table is open to all already: anyone can press Join.")


class CannotInviteSelf(Refusal):
    """The host invites themself."""

    words = Message("You can't invite yourself: you're at the table already.")


class CannotInviteBot(Refusal):
    """An invitation of a bot account."""

    player: str
    words = Message(
        "{player} is a bot and can't play; add a computer player from the lobby "
        "instead. Nobody was invited."
    )


class NotOnServer(Refusal):
    """An invitation of someone who is not a member of the game's server."""

    player: str
    words = Message(
        "{player} isn't a member of this server, so they can't join. Nobody was invited."
    )


class AlreadyInvited(Refusal):
    """An invitation of someone invited already."""

    player: str
    words = Message("{player} is invited already. Nobody new was invited.")


class AlreadySeated(Refusal):
    """An invitation of someone seated already."""

    player: str
    words = Message("{player} is at the table already. Nobody was invited.")


class TooManyInvitations(ServiceError):
    """More invitations than a table may send."""

    def __init__(self, most: int) -> None:
        super().__init__(
            Plural(
                "A table can invite {n} person at most. Nobody was invited.",
                "A table can invite {n} people at most. Nobody was invited.",
                most,
            )
        )


class NotInvited(Refusal):
    """An answer to an invitation by someone else than its invitee."""

    words = Message("This invitation is for someone else.")


class InvitationOver(Refusal):
    """An answer to an invitation whose lobby started, or closed."""

    started: bool
    chosen = Chosen(
        "started",
        {
            True: Message("This table has started already, so the invitation has ended."),
            False: Message("This table was closed, so the invitation has ended."),
        },
    )


class InviteeLeftServer(Refusal):
    """An accept, from a direct message, by an invitee no longer on the game's server."""

    words = Message(
        "You're no longer a member of the server this table is on, so you can't "
        "accept this invitation."
    )


class AlreadyAccepted(Refusal):
    """A second accept, or a decline after accepting."""

    declining: bool
    chosen = Chosen(
        "declining",
        {
            True: Message(
                "You're at the table already. To give up your seat, press Leave on the lobby."
            ),
            False: Message("You accepted this invitation already: your seat is waiting."),
        },
    )


class AlreadyDeclined(Refusal):
    """A second decline."""

    words = Message("You declined this invitation already.")


class NothingPicked(Refusal):
    """A pick of nobody Discord could name (a hand-made press)."""

    words = Message("Pick someone to invite. Nobody was invited.")


class NotInVoiceChat(Refusal):
    """``voice:`` typed anywhere but a voice channel's own chat, where the game night's
    table lives."""

    words = Message(
        "A game night in voice is opened from a voice channel's chat: join a voice "
        "channel and type this in its chat. Nothing was made."
    )


class HostNotInVoice(Refusal):
    """``voice:`` typed in the chat of a voice channel its host is not in."""

    words = Message(
        "You're not in this voice channel: join it, then type this again. Nothing was made."
    )


class NobodyElseInVoice(Refusal):
    """``voice:`` with nobody else in the voice channel to invite (computer players and
    other bots aside)."""

    words = Message(
        "Nobody else is in this voice channel yet: once your friends have joined it, "
        "type this again. Nothing was made."
    )
