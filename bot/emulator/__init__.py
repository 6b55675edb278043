"""A local Discord for tests and the sandbox: REST and gateway on loopback, for the
real discord.py client."""

from bot.emulator.model import Channel, Guild, Interaction, Message, User
from bot.emulator.server import DEFAULT_BOT_PERMISSIONS, DiscordEmulator, DiscordError

__all__ = [
    "DEFAULT_BOT_PERMISSIONS",
    "Channel",
    "DiscordEmulator",
    "DiscordError",
    "Guild",
    "Interaction",
    "Message",
    "User",
]
