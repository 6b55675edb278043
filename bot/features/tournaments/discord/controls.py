"""A tournament's buttons on its announcement: sign up, and leave before the start. The
tournament's id and the choice are all their custom_ids hold."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Any, ClassVar, Protocol

import discord

from bot.discord_ui.components import READERS, Pressable, whole_up_to

TOURNAMENT = f"(?P<tournament>{whole_up_to(2**63 - 1)})"
"""A tournament's id, as the database keeps it."""


class Entry(StrEnum):
    """What a button on the announcement does: the last part of its custom_id."""

    JOIN = "join"
    LEAVE = "leave"


class EntryButton(
    Pressable["EntryKeeper"],
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=f"tournament:{TOURNAMENT}:(?P<entry>join|leave)",
):
    """On a tournament's announcement while sign-up is open: sign up, or leave."""

    readers: ClassVar[Mapping[str, Callable[[str], Any]]] = {
        **READERS,
        "tournament": int,
        "entry": Entry,
    }

    def __init__(self, tournament: int, entry: Entry, *, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or entry.value,
                emoji="✍️" if entry is Entry.JOIN else None,
                style=discord.ButtonStyle.success
                if entry is Entry.JOIN
                else discord.ButtonStyle.secondary,
                custom_id=f"tournament:{tournament}:{entry}",
            )
        )
        self.tournament, self.entry = tournament, entry

    async def pressed(self, interaction: discord.Interaction, feature: EntryKeeper) -> None:
        await feature.entry(interaction, self)


class EntryKeeper(Protocol):
    """What the announcement's buttons ask of the feature that keeps tournaments."""

    async def entry(self, interaction: discord.Interaction, button: EntryButton) -> None:
        """The presser signs up, or leaves."""
