"""How an invitation to a private table reaches a player (``/my settings invitations``)."""

from __future__ import annotations

from enum import StrEnum

from bot.service.declared_player_settings import player_choice
from i18n import N_


class InviteBy(StrEnum):
    """How an invitation to a private table reaches a player."""

    PING = "ping"
    """A message naming them where the table is (the default)."""
    DM = "dm"
    """A direct message (a ping where their direct messages are closed)."""


INVITATIONS = player_choice(
    N_("invitations"),
    N_("How an invitation to a private table reaches you: a ping, or a DM"),
    N_("Invitations to private tables"),
    {
        InviteBy.PING: (N_("a ping where the table is"), N_("a ping where the table is")),
        InviteBy.DM: (
            N_("a direct message"),
            N_("a direct message (a ping while your direct messages are closed)"),
        ),
    },
    wide=True,
)
