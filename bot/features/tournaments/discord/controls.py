"""A tournament's buttons on its announcement: sign up, and leave before the start. The
tournament's id and the choice are all their custom_ids hold."""

from __future__ import annotations

from enum import StrEnum
from typing import Protocol

import discord

from bot.discord_ui.components import Look, TemplatedButton, choice, number


class EntryAction(StrEnum):
    """What a button on the announcement does: the last part of its custom_id."""

    JOIN = "join"
    LEAVE = "leave"


class EntryButton(
    TemplatedButton["EntryKeeper"],
    template="tournament:{tournament}:{entry}",
    parts={"tournament": number(2**63 - 1), "entry": choice(EntryAction)},
):
    """On a tournament's announcement while sign-up is open: sign up, or leave."""

    calls = "entry"

    def __init__(self, tournament: int, entry: EntryAction, *, label: str = "") -> None:
        self.tournament, self.entry = tournament, entry
        super().__init__(Look.either(label or entry.value, entry is EntryAction.JOIN, "✍️"))


class EntryKeeper(Protocol):
    """What the announcement's buttons ask of the feature that keeps tournaments."""

    async def entry(self, interaction: discord.Interaction, button: EntryButton) -> None:
        """The presser signs up, or leaves."""
