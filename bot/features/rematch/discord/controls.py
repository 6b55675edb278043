"""A rematch's buttons: **Rematch** under a finished game's result, and the answers on
the offer (yes, no, and the host's start with those who said yes). The game's kind and
id, and the answer, are all their custom_ids hold."""

from __future__ import annotations

from enum import StrEnum
from types import MappingProxyType
from typing import Protocol

import discord

from bot.discord_ui.components import GameButton, GameReply, Look


class Reply(StrEnum):
    """What an answer on the offer says: the last part of its custom_id."""

    YES = "yes"
    NO = "no"
    START = "start"


class RematchButton(GameButton["RematchKeeper"], template="{kind}:rematch:{game}"):
    """Under a finished game's result: its player asks to play it again (or says yes to
    the offer that stands)."""

    look = Look("Rematch", "🔁", discord.ButtonStyle.secondary)
    calls = "ask"


class RematchReply(GameReply["RematchKeeper", Reply], template="{kind}:again:{game}:{reply}"):
    """On a rematch offer: yes, no, or (the host's) start with those who said yes."""

    looks = MappingProxyType(
        {
            Reply.YES: Look(style=discord.ButtonStyle.success),
            Reply.NO: Look(style=discord.ButtonStyle.secondary),
            Reply.START: Look(style=discord.ButtonStyle.primary),
        }
    )


class RematchKeeper(Protocol):
    """What a rematch's buttons ask of the feature that keeps rematches."""

    async def ask(self, interaction: discord.Interaction, button: RematchButton) -> None:
        """The presser asks to play the game again."""

    async def reply(self, interaction: discord.Interaction, button: RematchReply) -> None:
        """The presser answers the offer."""
