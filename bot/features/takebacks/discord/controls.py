"""A take-back's buttons: **Take back** under a game's table, and the answers on a
request (agree, refuse). The game's kind and id, the request's number and the answer are
all their custom_ids hold."""

from __future__ import annotations

from enum import StrEnum
from typing import Protocol

import discord

from bot.discord_ui.components import GameButton, Look, TemplatedButton, choice, number


class Answer(StrEnum):
    """What an answer on a request says: the last part of its custom_id."""

    AGREE = "agree"
    REFUSE = "refuse"


class TakebackButton(GameButton["TakebackKeeper"], template="{kind}:takeback:{game}:{version}"):
    """Under a game's table: its player takes back their last move, as the table showed
    the game (its version), so that a second press of one table takes back nothing more."""

    look = Look("Take back", "↩️", discord.ButtonStyle.secondary)
    calls = "take_back"

    def __init__(self, kind: str, game: int, version: int, *, label: str | None = None) -> None:
        self.version = version
        super().__init__(kind, game, label=label)


class TakebackAnswer(
    TemplatedButton["TakebackKeeper"],
    template="{kind}:takeback:{game}:{number}:{answer}",
    parts={"number": number(10**6), "answer": choice(Answer)},
):
    """On a request: another player agrees, or refuses. Besides a game's, its custom_id
    holds the take-back's number among its game's, and the answer."""

    calls = "answer"

    def __init__(
        self, kind: str, game: int, number: int, answer: Answer, *, label: str = ""
    ) -> None:
        self.kind, self.game, self.number, self.answer = kind, game, number, answer
        super().__init__(Look.either(label or answer.value, answer is Answer.AGREE, "✅", "✖️"))


class TakebackKeeper(Protocol):
    """What a take-back's buttons ask of the feature that keeps take-backs."""

    async def take_back(self, interaction: discord.Interaction, button: TakebackButton) -> None:
        """The presser takes back their last move."""

    async def answer(self, interaction: discord.Interaction, button: TakebackAnswer) -> None:
        """The presser answers a request."""
