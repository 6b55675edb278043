"""Lessons in Discord: ``/<game> learn`` (Claim's with ``faction:``), 🎓 **Learn to play**
under a game's rules, the lesson's own buttons, and ``/my lessons``."""

from bot.discord_ui.part import Declaration
from bot.features.lessons.discord.commands import commands, my_commands, rules_rows
from bot.features.lessons.discord.handlers import Learning

PART = Declaration(Learning, commands=commands, my_commands=my_commands, rules_rows=rules_rows)
"""A lesson's buttons name its lesson and the version they show (never a learner: a
press is the presser's own lesson's), so that they work after any restart."""
