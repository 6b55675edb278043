"""Private messages (hands) of games with secrets: **My hand** and its buttons."""

from bot.discord_ui.feature import Declaration
from bot.discord_ui.features.hands.controls import hand_button, hand_opener
from bot.discord_ui.features.hands.handlers import Hands
from bot.discord_ui.message_hooks import HandChoice
from bot.games.face import OpenPrivate

FEATURE = Declaration(Hands, draws={OpenPrivate: hand_opener, HandChoice: hand_button})
