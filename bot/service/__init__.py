"""The game service: every change to a game goes through here. Discord-free."""

from bot.service.errors import ServiceError
from bot.service.game_loading import SYSTEM, Actor, Where
from bot.service.game_parts import BOT_LEVELS, Player
from bot.service.game_service import GameService
from bot.service.guild_settings import GuildSettingsService

__all__ = [
    "BOT_LEVELS",
    "SYSTEM",
    "Actor",
    "GameService",
    "GuildSettingsService",
    "Player",
    "ServiceError",
    "Where",
]
