"""``/<game> new invite:``, ``private:`` and ``voice:``: a private table, made so (its guest
list kept, the invitees invited) by the feature's ``lobby_opened`` hook as the lobby is made.

``voice:`` is another way to make the guest list: everyone else in the host's voice
channel, so it belongs with the other two rather than in a feature of its own, which would
have to make private tables again. Its value is read with the interaction it came with
(``VoiceRoomRead``, a discord.py transformer): who is in the voice channel whose chat the
command was typed in, from discord.py's cache of voice states (the bot asks for
``GUILD_VOICE_STATES``). The lobby is the command's answer in that chat, which is where the
table, its invitations and its board then live."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands

from bot.discord_ui.command_parts import Option
from bot.discord_ui.new_options import NewOptions
from bot.features.invitations.errors import HostNotInVoice, NobodyElseInVoice, NotInVoiceChat
from bot.features.invitations.service import MOST_INVITATIONS, Guestlist, Invitee
from i18n import N_


def invitee(user: discord.User | discord.Member) -> Invitee:
    """Someone a command's option names, as Discord resolved them: only a member of the
    server comes with member data."""
    return Invitee(user.id, user.display_name, user.bot, isinstance(user, discord.Member))


@dataclass(frozen=True)
class VoiceRoom:
    """Where ``voice:`` was typed, as the bot knew it then."""

    asked: bool
    """The host gave ``voice:true``."""
    in_voice_chat: bool
    """It was typed in a voice channel's chat."""
    host_in_voice: bool
    """Its host is in that voice channel."""
    others: tuple[Invitee, ...] = ()
    """The other people in that voice channel, in the order they joined it (bots left out:
    they can't play)."""


class VoiceRoomRead(app_commands.Transformer):
    """``voice:`` read as the voice room it was typed in, from discord.py's cache."""

    @property
    def type(self) -> discord.AppCommandOptionType:
        """A true or false option, as members see it."""
        return discord.AppCommandOptionType.boolean

    async def transform(self, interaction: discord.Interaction, value: Any, /) -> VoiceRoom:
        """Who else is in the voice channel whose chat the command came from."""
        channel = interaction.channel
        if not isinstance(channel, discord.VoiceChannel):
            return VoiceRoom(bool(value), in_voice_chat=False, host_in_voice=False)
        host = interaction.user.id
        others = tuple(invitee(m) for m in channel.members if m.id != host and not m.bot)
        return VoiceRoom(bool(value), True, host in channel.voice_states, others)


def voice_guests(room: VoiceRoom, invited: Sequence[Invitee]) -> tuple[Invitee, ...]:
    """Everyone else in the host's voice channel not ``invited`` already, as many as a
    table may invite besides; refused in plain words, nothing made, where the command was
    not typed in the chat of the host's voice channel, or nobody else is in it."""
    if not room.in_voice_chat:
        raise NotInVoiceChat()
    if not room.host_in_voice:
        raise HostNotInVoice()
    if not room.others:
        raise NobodyElseInVoice()
    already = {i.user_id for i in invited}
    fresh = [i for i in room.others if i.user_id not in already]
    return tuple(fresh[: max(0, MOST_INVITATIONS - len(invited))])


def guests_asked(given: Mapping[str, Any]) -> Sequence[object]:
    """The host's guest list: private if they said so, invited someone or asked for
    everyone in their voice channel."""
    invited = () if given["invite"] is None else (invitee(given["invite"]),)
    room: VoiceRoom | None = given["voice"]
    if room is None or not room.asked:
        return (Guestlist(bool(given["private"]), invited),)
    return (Guestlist(True, (*invited, *voice_guests(room, invited))),)


NEW_OPTIONS = NewOptions(
    (
        Option(
            N_("invite"),
            discord.User | None,
            N_("A private table: invite this player (more from the lobby)"),
        ),
        Option(N_("private"), bool | None, N_("A private table: only those you invite can join")),
        Option(
            N_("voice"),
            app_commands.Transform[VoiceRoom, VoiceRoomRead],
            N_("Game night: invite everyone in your voice channel (type it in its chat)"),
        ),
    ),
    asks=guests_asked,
)
"""``invite:`` someone, ``private:`` and ``voice:``, each making the table private."""
