"""A local Discord for tests and the sandbox: REST and gateway on loopback, for the
real discord.py client."""

from emulator.activities import ActivityInstance, ActivityLaunch
from emulator.faults import Fault
from emulator.form import Problem
from emulator.installs import CommandUnavailable
from emulator.limits import check_message, message_problems
from emulator.model import Channel, Guild, Interaction, Message, User, shard_of
from emulator.oauth2 import AuthorizationRefused
from emulator.rate_limit_figures import DISCORD_RATE_LIMITS, RateLimits, Window
from emulator.rate_limits import LoggedRequest
from emulator.responses import DiscordError
from emulator.server import DEFAULT_BOT_PERMISSIONS, DiscordEmulator

__all__ = [
    "DEFAULT_BOT_PERMISSIONS",
    "DISCORD_RATE_LIMITS",
    "ActivityInstance",
    "ActivityLaunch",
    "AuthorizationRefused",
    "Channel",
    "CommandUnavailable",
    "DiscordEmulator",
    "DiscordError",
    "Fault",
    "Guild",
    "Interaction",
    "LoggedRequest",
    "Message",
    "Problem",
    "RateLimits",
    "User",
    "Window",
    "check_message",
    "message_problems",
    "shard_of",
]
