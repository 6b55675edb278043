"""A take-back's buttons: **Take back** under a game's table, and the answers on a
request (agree, refuse). The game's kind and id, the request's number and the answer are
all their custom_ids hold."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Any, ClassVar, Protocol

import discord

from bot.discord_ui.components import GAME, KIND, READERS, VERSION, Pressable, whole_up_to


class Answer(StrEnum):
    """What an answer on a request says: the last part of its custom_id."""

    AGREE = "agree"
    REFUSE = "refuse"


NUMBER = f"(?P<number>{whole_up_to(10**6)})"
"""A take-back's number among its game's."""


class TakebackButton(
    Pressable["TakebackKeeper"],
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=f"{KIND}:takeback:{GAME}:{VERSION}",
):
    """Under a game's table: its player takes back their last move, as the table showed
    the game (its version), so that a second press of one table takes back nothing more."""

    def __init__(self, kind: str, game: int, version: int, *, label: str = "Take back") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji="↩️",
                style=discord.ButtonStyle.secondary,
                custom_id=f"{kind}:takeback:{game}:{version}",
            )
        )
        self.kind, self.game, self.version = kind, game, version

    async def pressed(self, interaction: discord.Interaction, feature: TakebackKeeper) -> None:
        await feature.take_back(interaction, self)


class TakebackAnswer(
    Pressable["TakebackKeeper"],
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=f"{KIND}:takeback:{GAME}:{NUMBER}:(?P<answer>agree|refuse)",
):
    """On a request: another player agrees, or refuses."""

    readers: ClassVar[Mapping[str, Callable[[str], Any]]] = {
        **READERS,
        "number": int,
        "answer": Answer,
    }

    def __init__(
        self, kind: str, game: int, number: int, answer: Answer, *, label: str = ""
    ) -> None:
        agree = answer is Answer.AGREE
        super().__init__(
            discord.ui.Button(
                label=label or answer.value,
                emoji="✅" if agree else "✖️",
                style=discord.ButtonStyle.success if agree else discord.ButtonStyle.secondary,
                custom_id=f"{kind}:takeback:{game}:{number}:{answer}",
            )
        )
        self.kind, self.game, self.number, self.answer = kind, game, number, answer

    async def pressed(self, interaction: discord.Interaction, feature: TakebackKeeper) -> None:
        await feature.answer(interaction, self)


class TakebackKeeper(Protocol):
    """What a take-back's buttons ask of the feature that keeps take-backs."""

    async def take_back(self, interaction: discord.Interaction, button: TakebackButton) -> None:
        """The presser takes back their last move."""

    async def answer(self, interaction: discord.Interaction, button: TakebackAnswer) -> None:
        """The presser answers a request."""
