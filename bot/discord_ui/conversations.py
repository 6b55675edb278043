"""Where an interaction comes from, as the bot can reach it: a server it is in, its own
direct message with someone (turn notices, ``/my``), or a **conversation**: a group DM, a
DM between users, or a server the bot is not in, where a command comes through the app
installed to someone's account. The bot is no member of a conversation: it reaches it
only through the interaction (its answer, and the token's webhook for 15 minutes).

Discord says which in the interaction's ``context`` (0 a server, 1 the bot's DM, 2 a
group DM or a DM between users) and ``authorizing_integration_owners`` (key "0", the
server's id, only where the server install covers the place; discord.py's
``is_guild_integration``). A press carries the installs of the interaction that made
its message, so it tells the same place its command did. (``is_user_integration`` says
only whether the presser is the installer: no word on the place.)"""

from __future__ import annotations

from dataclasses import dataclass

import discord


@dataclass(frozen=True)
class Place:
    """Where an interaction was made."""

    guild_id: int
    """The server's id (one the bot may not be in), or 0 for a DM or group DM."""
    channel_id: int
    interaction_only: bool
    """A conversation: the bot reaches it only through the interaction."""
    direct: bool
    """The bot's own DM with the person (a turn notice's, ``/my``'s)."""


def place_of(interaction: discord.Interaction) -> Place:
    """The place ``interaction`` was made in. A group DM has no ``guild_id``, as the bot's
    own DM has none: only the context tells them apart."""
    assert interaction.channel_id is not None
    channel = interaction.channel_id
    if interaction.context.private_channel:
        return Place(0, channel, interaction_only=True, direct=False)
    if interaction.guild_id is None:
        return Place(0, channel, interaction_only=False, direct=True)
    foreign = not interaction.is_guild_integration()
    return Place(interaction.guild_id, channel, interaction_only=foreign, direct=False)


def among_recipients(interaction: discord.Interaction) -> bool:
    """Whether the person is one of the channel's members, where the interaction lists
    them (a group DM's ``recipients``; Discord sends its members, the bot being none of
    them): a press from outside it comes only from a hand-made client."""
    channel = interaction.channel
    if not isinstance(channel, discord.GroupChannel) or not channel.recipients:
        return True
    return any(member.id == interaction.user.id for member in channel.recipients)
