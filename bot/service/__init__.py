"""The game service: every change to a game goes through here. Discord-free."""

from bot.service.errors import ServiceError
from bot.service.game_service import BOT_LEVELS, SYSTEM, Actor, GameService, Outcome, Player
from bot.service.guild_settings import GuildSettingsService

__all__ = [
    "BOT_LEVELS",
    "SYSTEM",
    "Actor",
    "GameService",
    "GuildSettingsService",
    "Outcome",
    "Player",
    "ServiceError",
]
