"""Every game's turn buttons are the same ``TurnButton`` (and menus ``TurnSelect``): what
they do is the game's *intent*, which only the game's rules read. A press plays it
(``Turns.play``)."""

from __future__ import annotations

from typing import Any, Protocol

import discord

from bot.discord_ui.components import (
    GAME,
    INTENT,
    KIND,
    UNSEEN,
    VERSION,
    Look,
    Pressable,
    intent_button,
    selected,
)
from bot.discord_ui.face_drawing import look
from bot.games.face import Choice, Menu
from bot.storage import Game


class TurnButton(
    Pressable["TurnPlayer"],
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

    async def pressed(self, interaction: discord.Interaction, feature: TurnPlayer) -> None:
        await feature.play(interaction, self, self.intent)


class TurnSelect(
    Pressable["TurnPlayer"],
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

    async def pressed(self, interaction: discord.Interaction, feature: TurnPlayer) -> None:
        await feature.play(interaction, self, selected(interaction))


def choice_button(game: Game, choice: Choice) -> TurnButton:
    """A face's choice on the game's table, for the version it shows."""
    return TurnButton(game.kind, game.id, game.version, choice.intent, look(choice))


def menu_select(game: Game, menu: Menu) -> TurnSelect:
    """A face's menu on the game's table, each option playing its intent."""
    options = [
        discord.SelectOption(
            label=option.label,
            value=option.intent,
            description=option.description,
            emoji=option.emoji,
        )
        for option in menu.options
    ]
    return TurnSelect(
        game.kind, game.id, game.version, menu.name, options=options, placeholder=menu.placeholder
    )


class TurnPlayer(Protocol):
    """What a press of a turn's control asks of the feature that plays turns."""

    async def play(
        self, interaction: discord.Interaction, pressed: TurnButton | TurnSelect, intent: str
    ) -> None:
        """Plays ``intent``, pressed on ``pressed``."""
