"""The buttons of games with secrets: **My hand** on the public message, and the buttons
on a player's own private message."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord_ui.components import (
    GAME,
    INTENT,
    KIND,
    UNSEEN,
    HandedOver,
    Look,
    intent_button,
    whole_up_to,
)


class PrivateOpen(
    HandedOver,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=f"{KIND}:mine:{GAME}",
):
    """On the public game message of a game with secrets: opens the presser's own private
    message (their hand), whatever the game's version, since it always shows it as it is."""

    def __init__(
        self,
        kind: str,
        game: int,
        *,
        label: str = "My hand",
        emoji: str | None = None,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji=emoji,
                style=discord.ButtonStyle.primary,
                custom_id=f"{kind}:mine:{game}",
                row=row,
            )
        )
        self.kind, self.game = kind, game

    @classmethod
    def parse(cls, match: re.Match[str]) -> PrivateOpen:
        return cls(match["kind"], int(match["game"]))


class PrivateButton(
    HandedOver,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=f"{KIND}:seat:{GAME}:(?P<key>{whole_up_to(10**18 - 1)}):{INTENT}",
):
    """A button on a seat's private message: plays ``intent`` if what the seat decides on is
    still what the message showed (its ``key``, ``HiddenInformation.decision_key``)."""

    def __init__(
        self,
        kind: str,
        game: int,
        key: int,
        intent: str,
        look: Look = UNSEEN,
    ) -> None:
        custom_id = f"{kind}:seat:{game}:{key}:{intent}"
        super().__init__(intent_button(custom_id, intent, look))
        self.kind, self.game, self.key, self.intent = kind, game, key, intent

    @classmethod
    def parse(cls, match: re.Match[str]) -> PrivateButton:
        return cls(match["kind"], int(match["game"]), int(match["key"]), match["intent"])
