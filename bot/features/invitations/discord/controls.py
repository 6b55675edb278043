"""A private table's controls: on its lobby, the host's **Invite players…** picker and
**Open to all**; on each invitation, **Accept** and **Decline**. The game's kind and id,
and what the control does, are all their custom_ids hold."""

from __future__ import annotations

from enum import StrEnum
from types import MappingProxyType
from typing import Any, Protocol

import discord

from bot.discord_ui.components import GameButton, GameReply, Look, Templated
from bot.features.invitations.errors import NothingPicked
from bot.features.invitations.service import Invitee


class Reply(StrEnum):
    """An invitee's answer: the last part of its button's custom_id."""

    ACCEPT = "accept"
    DECLINE = "decline"


class ReplyButton(GameReply["InvitationKeeper", Reply], template="{kind}:invited:{game}:{reply}"):
    """On an invitation: its invitee takes the seat, or says no."""

    looks = MappingProxyType(
        {
            Reply.ACCEPT: Look(emoji="✅", style=discord.ButtonStyle.success),
            Reply.DECLINE: Look(style=discord.ButtonStyle.secondary),
        }
    )


class InvitePicker(
    Templated["InvitationKeeper"],
    discord.ui.DynamicItem[discord.ui.UserSelect[Any]],
    template="{kind}:invite:{game}:pick",
):
    """On a private lobby: the host picks people to invite, several at once."""

    calls = "pick"

    def __init__(self, kind: str, game: int, *, most: int = 1, placeholder: str = "") -> None:
        self.kind, self.game = kind, game
        super().__init__(
            discord.ui.UserSelect(
                custom_id=self._custom_id(),
                placeholder=placeholder or None,
                min_values=1,
                max_values=most,
            )
        )


class OpenButton(GameButton["InvitationKeeper"], template="{kind}:invite:{game}:open"):
    """On a private lobby: the host lets anyone join."""

    look = Look("Open to all", "🔓", discord.ButtonStyle.secondary)
    calls = "open"


def picked(interaction: discord.Interaction) -> list[Invitee]:
    """The people a user select's press names, as Discord resolved them: whether each is a
    bot, and a member of the server (only members come with member data)."""
    data: dict[str, Any] = dict(interaction.data or {})
    resolved = data.get("resolved") or {}
    users = resolved.get("users") or {}
    members = resolved.get("members") or {}
    invitees = []
    for value in data.get("values") or []:
        user = users.get(str(value))
        if not isinstance(user, dict):
            raise NothingPicked()
        member = members.get(str(value))
        nick = member.get("nick") if isinstance(member, dict) else None
        name = nick or user.get("global_name") or user.get("username") or str(value)
        invitees.append(
            Invitee(int(value), str(name), bool(user.get("bot", False)), member is not None)
        )
    if not invitees:
        raise NothingPicked()
    return invitees


class InvitationKeeper(Protocol):
    """What a private table's controls ask of the feature that keeps invitations."""

    async def reply(self, interaction: discord.Interaction, button: ReplyButton) -> None:
        """The invitee accepts or declines."""

    async def pick(self, interaction: discord.Interaction, picker: InvitePicker) -> None:
        """The host invites the people picked."""

    async def open(self, interaction: discord.Interaction, button: OpenButton) -> None:
        """The host opens the table to all."""
