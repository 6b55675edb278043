"""The position of the day's controls: **Answer** on the day's post, each option of the
position opened privately, and **This month** (the month's table and the presser's
streak).

Their custom_ids name the server and the day (UTC, as an ordinal), never a member: a
press answers for the presser, in the server it is pressed in, and one naming another
server or a day that is not the server's current one is refused."""

from __future__ import annotations

import discord

from bot.discord_ui.components import UNSEEN, Look, TemplatedButton, TemplatedSelect, number
from bot.features.drills.discord.controls import OPTION, Drilling

GUILD = number(2**63 - 1)
DAY = number(3_652_059)
"""A day as an ordinal: up to 31 December 9999."""
DAILY_PARTS = {"guild": GUILD, "day": DAY, "option": OPTION}


class DailyOpen(TemplatedButton[Drilling], template="dailyopen:{guild}:{day}", parts=DAILY_PARTS):
    """**Answer** on a day's post: the position with its options, to the presser alone."""

    calls = "daily_opened"

    def __init__(self, guild: int, day: int, label: str | None = None) -> None:
        self.guild, self.day = guild, day
        super().__init__(Look(label, "🧩", discord.ButtonStyle.primary))


class DailyAnswer(
    TemplatedButton[Drilling], template="dailyanswer:{guild}:{day}:{option}", parts=DAILY_PARTS
):
    """One of the day's options: the presser's answer."""

    calls = "daily_answered"

    def __init__(self, guild: int, day: int, option: str, look: Look = UNSEEN) -> None:
        self.guild, self.day, self.option = guild, day, option
        super().__init__(look)


class DailyPick(TemplatedSelect[Drilling], template="dailypick:{guild}:{day}", parts=DAILY_PARTS):
    """A menu of the day's options, each valued by its option as the report keeps it."""

    calls = "daily_picked"

    def __init__(self, guild: int, day: int) -> None:
        self.guild, self.day = guild, day
        super().__init__()


class DailyMonth(TemplatedButton[Drilling], template="dailymonth:{guild}", parts=DAILY_PARTS):
    """**This month**: the server's table of right answers this month, and the presser's
    streak, to the presser alone."""

    calls = "daily_month"

    def __init__(self, guild: int, label: str | None = None) -> None:
        self.guild = guild
        super().__init__(Look(label, "📅", discord.ButtonStyle.secondary))
