"""Every game's turn buttons are the same ``TurnButton`` (and menus ``TurnSelect``): what
they do is the game's *intent*, which only the game's rules read."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord_ui.components import (
    GAME,
    INTENT,
    KIND,
    UNSEEN,
    VERSION,
    HandedOver,
    Look,
    intent_button,
)


class TurnButton(
    HandedOver,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=f"{KIND}:turn:{GAME}:{VERSION}:{INTENT}",
):
    """A game's button: pressing it plays ``intent`` at the version it showed."""

    def __init__(
        self,
        kind: str,
        game: int,
        version: int,
        intent: str,
        look: Look = UNSEEN,
    ) -> None:
        custom_id = f"{kind}:turn:{game}:{version}:{intent}"
        super().__init__(intent_button(custom_id, intent, look))
        self.kind, self.game, self.version, self.intent = kind, game, version, intent

    @classmethod
    def parse(cls, match: re.Match[str]) -> TurnButton:
        return cls(match["kind"], int(match["game"]), int(match["version"]), match["intent"])


class TurnSelect(
    HandedOver,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=f"{KIND}:pick:{GAME}:{VERSION}:" + r"(?P<menu>[a-z]{1,10})",
):
    """A game's menu: each option's value is the intent choosing it plays."""

    def __init__(
        self,
        kind: str,
        game: int,
        version: int,
        menu: str,
        *,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"{kind}:pick:{game}:{version}:{menu}",
                placeholder=placeholder,
                # Parsed back from a click, the menu's options are not needed.
                options=options or [discord.SelectOption(label="-", value="-")],
                row=row,
            )
        )
        self.kind, self.game, self.version = kind, game, version

    @classmethod
    def parse(cls, match: re.Match[str]) -> TurnSelect:
        return cls(match["kind"], int(match["game"]), int(match["version"]), match["menu"])
