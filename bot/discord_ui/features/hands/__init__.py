"""Private messages (hands) of games with secrets: **My hand** and its buttons."""

from bot.discord_ui.feature import Declaration
from bot.discord_ui.features.hands.handlers import Hands

FEATURE = Declaration(Hands, position=7)
