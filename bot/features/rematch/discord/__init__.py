"""Rematch: **Rematch** under every finished game's result, the offer its players answer,
and the new game it starts."""

from bot.discord_ui.part import Declaration
from bot.features.rematch.discord.handlers import Rematches

PART = Declaration(Rematches)
