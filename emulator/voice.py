"""Members in a server's voice channels, as a test or the sandbox moves them: joining,
moving and leaving, each told to the bot by VOICE_STATE_UPDATE (Gateway Events, Voice
State Update) if it asked for the GUILD_VOICE_STATES intent and is in the server.

The bot itself never joins voice here: the emulator has no voice server, so it never
sends the bot a voice state or VOICE_SERVER_UPDATE, and a bot asking to connect (the
gateway's Update Voice State, op 4) is not answered. Members' own voice (mute, deafen,
camera, streaming) is left out: each is heard and speaking, camera off.

A member joins any voice channel of the server they can see, Connect or not: the
emulator's members hold server-wide permissions only (``World.add_member``), and
Discord's @everyone grants Connect in a new server.
"""

from __future__ import annotations

from dataclasses import dataclass

from emulator import payloads
from emulator.changes import Changes
from emulator.gateway import GUILD_VOICE_STATES_INTENT, Gateway
from emulator.model import Channel, Guild, User
from emulator.settings import Settings
from emulator.world import World


@dataclass(frozen=True)
class Voice:
    settings: Settings
    world: World
    changes: Changes
    gateway: Gateway

    async def join_voice(self, user: User, channel: Channel) -> None:
        """The member joins the voice channel, or moves there from another of the server's
        (one VOICE_STATE_UPDATE, with the new channel, as Discord sends for a move);
        already there, nothing happens. A ValueError for what no client can do: a
        channel that is no voice channel or is gone, a user who is not a member of its
        server (the bot among them), or one who can't see it (no View Channel)."""
        if not channel.is_voice or self.world.where(channel.id) is not channel:
            raise ValueError(f"{channel.id} is no voice channel of the emulated Discord")
        guild = self.world.guild_of(channel)
        granted = guild.member_permissions.get(user.id)
        if granted is None or user.id == self.world.bot.id:
            raise ValueError(f"{user.name} is not a member of {guild.name}")
        if not (granted.view_channel or granted.administrator):
            raise ValueError(f"{user.name} can't see voice channel {channel.name}")
        if guild.voice_states.get(user.id) == channel.id:
            return
        # Moved to the end: who came last is last in the channel.
        guild.voice_states.pop(user.id, None)
        guild.voice_states[user.id] = channel.id
        await self._state_updated(guild, user, channel.id)

    async def leave_voice(self, user: User, guild: Guild) -> None:
        """The member leaves voice in the server (VOICE_STATE_UPDATE with no channel). A
        ValueError for a user who is not a member, or not in voice there."""
        if user.id not in guild.member_permissions:
            raise ValueError(f"{user.name} is not a member of {guild.name}")
        if guild.voice_states.pop(user.id, None) is None:
            raise ValueError(f"{user.name} is not in voice in {guild.name}")
        await self._state_updated(guild, user, None)

    def in_voice(self, channel: Channel) -> list[User]:
        """Who is in the voice channel, in the order they joined it."""
        voice_states = self.world.guild_of(channel).voice_states
        return [self.world.users[u] for u, c in voice_states.items() if c == channel.id]

    async def _state_updated(self, guild: Guild, user: User, channel_id: int | None) -> None:
        now = self.settings.clock.now()
        await tell_voice_state(self.world, self.gateway, guild, user, channel_id, now)
        await self.changes.changed()


async def tell_voice_state(
    world: World, gateway: Gateway, guild: Guild, user: User, channel_id: int | None, now: float
) -> None:
    """VOICE_STATE_UPDATE of the member, now in ``channel_id`` (None: out of voice), to
    the bot if it is in the server and asked for GUILD_VOICE_STATES."""
    if guild.id in world.guilds:
        state = payloads.voice_state(guild, user, channel_id, now)
        await gateway.dispatch_if_connected(
            "VOICE_STATE_UPDATE", state, guild.id, intent=GUILD_VOICE_STATES_INTENT
        )
