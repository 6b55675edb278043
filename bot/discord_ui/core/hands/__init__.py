"""Private messages (hands) of games with secrets: **My hand** and its buttons."""

from bot.discord_ui.core.hands.controls import hand_button, hand_opener
from bot.discord_ui.core.hands.handlers import Hands
from bot.discord_ui.message_hooks import HandChoice
from bot.discord_ui.part import Declaration
from bot.games.face import OpenPrivate

PART = Declaration(Hands, draws={OpenPrivate: hand_opener, HandChoice: hand_button})
