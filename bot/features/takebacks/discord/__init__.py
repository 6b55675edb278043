"""Take-backs: **Take back** under a game's table while it is played, the request the
other players answer, and the game shown as it stood before the moves taken back."""

from bot.discord_ui.part import Declaration
from bot.features.takebacks.discord.handlers import Takebacks

PART = Declaration(Takebacks)
