"""A voice channel's status kept current while a game is played in its chat, and cleared
at its end."""

from bot.discord_ui.part import Declaration
from bot.features.voice_status.discord.statuses import VoiceStatuses

PART = Declaration(VoiceStatuses)
