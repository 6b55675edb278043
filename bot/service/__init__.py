"""The game service: every change to a game goes through here. Discord-free."""

from bot.service.errors import ServiceError
from bot.service.game_service import (
    BOT_LEVELS,
    SYSTEM,
    Actor,
    GameService,
    Player,
    Where,
)
from bot.service.guild_settings import GuildSettingsService
from bot.service.ladder_service import LadderService, Leaderboard, PlayerStats

__all__ = [
    "BOT_LEVELS",
    "SYSTEM",
    "Actor",
    "GameService",
    "GuildSettingsService",
    "LadderService",
    "Leaderboard",
    "Player",
    "PlayerStats",
    "ServiceError",
    "Where",
]
