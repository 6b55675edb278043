"""Private tables: a lobby only its host's invitees may join, the host's picker and
**Open to all** on it, and each invitation with **Accept** and **Decline**."""

from bot.discord_ui.part import Declaration
from bot.features.invitations.discord.handlers import Invitations
from bot.features.invitations.discord.lobby_options import NEW_OPTIONS

PART = Declaration(Invitations, new_options=NEW_OPTIONS)
