"""Following a game: **Follow** under a table being played, and ``/<game> follow``; the
follower hears of the game's end (and, as they chose, of each round's end) by direct
message, sees the games they follow in ``/my games``, and may drop each one."""

from bot.discord_ui.part import Declaration
from bot.features.following.discord.commands import commands
from bot.features.following.discord.handlers import Follows

PART = Declaration(Follows, commands=commands)
"""**Follow** and **Unfollow** (their custom_ids hold the game's kind and id), and
``follow`` in each game's group."""
