"""The buttons of games with secrets: **My hand** on the public message, and the buttons
on a player's own private message."""

from __future__ import annotations

from typing import Protocol

import discord

from bot.discord_ui.components import UNSEEN, Look, TemplatedButton, number
from bot.discord_ui.face_drawing import look
from bot.discord_ui.message_hooks import HandChoice
from bot.games.face import OpenPrivate
from bot.storage import Game


class PrivateOpen(TemplatedButton["HandPlayer"], template="{kind}:mine:{game}"):
    """On the public game message of a game with secrets: opens the presser's own private
    message (their hand), whatever the game's version, since it always shows it as it is."""

    calls = "open_private"

    def __init__(
        self,
        kind: str,
        game: int,
        *,
        label: str = "My hand",
        emoji: str | None = None,
        row: int | None = None,
    ) -> None:
        self.kind, self.game = kind, game
        super().__init__(Look(label, emoji, row=row))


class PrivateButton(
    TemplatedButton["HandPlayer"],
    template="{kind}:seat:{game}:{key}:{intent}",
    parts={"key": number(10**18 - 1)},
):
    """A button on a seat's private message: plays ``intent`` if what the seat decides on is
    still what the message showed (its ``key``, ``HiddenInformation.decision_key``)."""

    calls = "play_privately"

    def __init__(self, kind: str, game: int, key: int, intent: str, look: Look = UNSEEN) -> None:
        self.kind, self.game, self.key, self.intent = kind, game, key, intent
        super().__init__(look.labelled(intent))


def hand_opener(game: Game, control: OpenPrivate) -> PrivateOpen:
    """**My hand**, as a game's face describes it, on its public messages."""
    return PrivateOpen(game.kind, game.id, label=control.label, emoji=control.emoji)


def hand_button(game: Game, shown: HandChoice) -> PrivateButton:
    """A choice in a seat's hand, counting while the seat decides on its key."""
    return PrivateButton(game.kind, game.id, shown.key, shown.choice.intent, look(shown.choice))


class HandPlayer(Protocol):
    """What a press in or for a hand asks of the feature that keeps the hands."""

    async def open_private(self, interaction: discord.Interaction, opened: PrivateOpen) -> None:
        """Shows the presser their own hand."""

    async def play_privately(self, interaction: discord.Interaction, button: PrivateButton) -> None:
        """Plays the button's intent from the presser's hand."""
