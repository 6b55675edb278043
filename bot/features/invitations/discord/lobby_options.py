"""``/<game> new invite:`` and ``private:``: a private table, made so (its guest list
kept, the invitee invited) by the feature's ``lobby_opened`` hook as the lobby is made."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.discord_ui.command_parts import Option
from bot.discord_ui.new_options import NewOptions
from bot.features.invitations.service import Guestlist, Invitee
from i18n import N_


def invitee(user: discord.User | discord.Member) -> Invitee:
    """Someone a command's option names, as Discord resolved them: only a member of the
    server comes with member data."""
    return Invitee(user.id, user.display_name, user.bot, isinstance(user, discord.Member))


def guests_asked(given: Mapping[str, Any]) -> Sequence[object]:
    """The host's guest list: private if they said so or invited someone."""
    invited = given["invite"]
    return (Guestlist(bool(given["private"]), () if invited is None else (invitee(invited),)),)


NEW_OPTIONS = NewOptions(
    (
        Option(
            N_("invite"),
            discord.User | None,
            N_("A private table: invite this player (more from the lobby)"),
        ),
        Option(N_("private"), bool | None, N_("A private table: only those you invite can join")),
    ),
    asks=guests_asked,
)
"""``invite:`` someone, and ``private:``, each making the table private."""
