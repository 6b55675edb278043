"""The sandbox's server: five members, one channel for every game, a voice channel for a
game night, and a group DM of three members who installed the app to their accounts; fixed
ids so its games, who is in voice and the group DM survive a restart."""

from __future__ import annotations

from dataclasses import dataclass

import discord

from emulator import DEFAULT_BOT_PERMISSIONS, Channel, DiscordEmulator, Guild, User

GUILD_ID = 1_100_000_000_000_000_001
CHANNEL_ID = 1_100_000_000_000_000_002
VOICE_CHANNEL_ID = 1_100_000_000_000_000_003
GROUP_DM_ID = 1_100_000_000_000_000_004
MEMBERS = (
    # name, manages the server, their Discord's language, their device's time zone
    ("Ann", True, "en-US", "America/New_York"),
    ("Bo", False, "en-US", "America/Chicago"),
    ("Cy", False, "de", "Europe/Berlin"),
    ("Di", False, "de", "Europe/Berlin"),
    ("Ed", False, "en-GB", "Europe/London"),
)
"""The members one person can act as; Ann holds Manage Server, to try each game's settings
(``/claimit settings``, ``/nuggets settings``). Cy and Di use Discord in German: what only
they see (their hand, a refusal, the rules) is German, and so are the commands they type
(``/claimit neu``); the channel speaks the server's language. Discord shows a timestamp
(``<t:…>``) in the reader's own time zone, their device's, which Discord itself never
learns: the page shows each member's in the zone given here."""
SERVER_LOCALE = "en-US"
"""The server's own language; ``/server settings language:…`` changes what its games
speak."""
CHANNEL_NAME = "games"
"""The channel every game is played in: one game at a time, unless each gets a thread."""
BOT_NAME = "Game Bot"
"""The app's name here: it hosts every game, so no game's name (a deployment names its own)."""
INVITED_BOT = DEFAULT_BOT_PERMISSIONS | discord.Permissions(
    use_application_commands=True, create_public_threads=True, send_messages_in_threads=True
)
"""What the invite in docs/running-a-server.md gives the bot, so games can have threads here."""
VOICE_CHANNEL_NAME = "game-night"
"""The voice channel members join with a click on the page, whose chat (text in voice)
holds a game night's lobby and table."""
IN_VOICE = INVITED_BOT | discord.Permissions(
    connect=True, set_voice_channel_status=True, manage_channels=True
)
"""The bot's permissions in the voice channel: the invite's (docs/running-a-server.md), the
Connect a voice channel gives everyone, and what its status needs there: Set Voice Channel
Status, and Manage Channels, which Discord asks for of a bot not connected to the channel
(the bot never connects). Both are granted on the channel, as that page advises, so that
the status follows the game played in its chat."""
GROUP_DM_MEMBERS = ("Ann", "Bo", "Cy")
"""The group DM's members, its owner first: each installed the app to their account, so
its user-installable commands and its Activity reach them there, where the bot is no
member; Di and Ed don't see it."""


@dataclass(frozen=True)
class Member:
    user: User
    manages_server: bool
    time_zone: str


@dataclass(frozen=True)
class SandboxServer:
    guild: Guild
    channel: Channel
    members: tuple[Member, ...]
    voice_channel: Channel
    group_dm: Channel

    def member(self, user_id: int) -> Member | None:
        return next((m for m in self.members if m.user.id == user_id), None)


def populate(emulator: DiscordEmulator) -> SandboxServer:
    emulator.bot.name = BOT_NAME
    users = [
        emulator.add_user(name, id=GUILD_ID + 100 + n, locale=locale)
        for n, (name, _, locale, _) in enumerate(MEMBERS)
    ]
    guild = emulator.add_guild("Sandbox", users[0], id=GUILD_ID, locale=SERVER_LOCALE)
    for user in users[1:]:
        emulator.add_member(
            guild,
            user,
            discord.Permissions(
                view_channel=True,
                send_messages=True,
                use_application_commands=True,
                read_message_history=True,
            ),
        )
    channel = emulator.add_channel(guild, CHANNEL_NAME, INVITED_BOT, id=CHANNEL_ID)
    voice = emulator.add_voice_channel(guild, VOICE_CHANNEL_NAME, IN_VOICE, id=VOICE_CHANNEL_ID)
    friends = [u for u in users if u.name in GROUP_DM_MEMBERS]
    for friend in friends:
        emulator.install_to_user(friend)
    group_dm = emulator.add_group_dm(friends[0], friends[1:], id=GROUP_DM_ID)
    members = tuple(
        Member(user, manages, zone)
        for user, (_, manages, _, zone) in zip(users, MEMBERS, strict=True)
    )
    return SandboxServer(guild, channel, members, voice, group_dm)
