"""A conversation's message (a group DM's, a server's the bot is not in) when the token
it is edited through runs out: it says that the game goes on on the board, and
**🔄 Show it here** brings it back."""

from bot.discord_ui.core.conversations.handlers import ConversationMessages
from bot.discord_ui.part import Declaration

PART = Declaration(ConversationMessages)
