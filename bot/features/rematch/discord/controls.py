"""A rematch's buttons: **Rematch** under a finished game's result, and the answers on
the offer (yes, no, and the host's start with those who said yes). The game's kind and
id, and the answer, are all their custom_ids hold."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Any, ClassVar, Protocol

import discord

from bot.discord_ui.components import GAME, KIND, READERS, Pressable


class Reply(StrEnum):
    """What an answer on the offer says: the last part of its custom_id."""

    YES = "yes"
    NO = "no"
    START = "start"


class RematchButton(
    Pressable["RematchKeeper"],
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=f"{KIND}:rematch:{GAME}",
):
    """Under a finished game's result: its player asks to play it again (or says yes to
    the offer that stands)."""

    def __init__(self, kind: str, game: int, *, label: str = "Rematch") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji="🔁",
                style=discord.ButtonStyle.secondary,
                custom_id=f"{kind}:rematch:{game}",
            )
        )
        self.kind, self.game = kind, game

    async def pressed(self, interaction: discord.Interaction, feature: RematchKeeper) -> None:
        await feature.ask(interaction, self)


class RematchReply(
    Pressable["RematchKeeper"],
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=f"{KIND}:again:{GAME}:(?P<reply>yes|no|start)",
):
    """On a rematch offer: yes, no, or (the host's) start with those who said yes."""

    readers: ClassVar[Mapping[str, Callable[[str], Any]]] = {**READERS, "reply": Reply}

    def __init__(self, kind: str, game: int, reply: Reply, *, label: str = "") -> None:
        style = {
            Reply.YES: discord.ButtonStyle.success,
            Reply.NO: discord.ButtonStyle.secondary,
            Reply.START: discord.ButtonStyle.primary,
        }[reply]
        super().__init__(
            discord.ui.Button(
                label=label or reply.value, style=style, custom_id=f"{kind}:again:{game}:{reply}"
            )
        )
        self.kind, self.game, self.reply = kind, game, reply

    async def pressed(self, interaction: discord.Interaction, feature: RematchKeeper) -> None:
        await feature.reply(interaction, self)


class RematchKeeper(Protocol):
    """What a rematch's buttons ask of the feature that keeps rematches."""

    async def ask(self, interaction: discord.Interaction, button: RematchButton) -> None:
        """The presser asks to play the game again."""

    async def reply(self, interaction: discord.Interaction, button: RematchReply) -> None:
        """The presser answers the offer."""
