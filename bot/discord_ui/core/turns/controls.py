"""Every game's turn buttons are the same ``TurnButton`` (and menus ``TurnSelect``): what
they do is the game's *intent*, which only the game's rules read. A press plays it
(``Turns.play``)."""

from __future__ import annotations

from typing import Protocol

import discord

from bot.discord_ui.components import UNSEEN, Look, Part, TemplatedButton, TemplatedSelect, selected
from bot.discord_ui.face_drawing import look, offer
from bot.games.face import Choice, Menu
from bot.storage import Game


class TurnButton(TemplatedButton["TurnPlayer"], template="{kind}:turn:{game}:{version}:{intent}"):
    """A game's button: pressing it plays ``intent`` at the version it showed."""

    def __init__(
        self, kind: str, game: int, version: int, intent: str, look: Look = UNSEEN
    ) -> None:
        self.kind, self.game, self.version, self.intent = kind, game, version, intent
        super().__init__(look.labelled(intent))

    async def pressed(self, interaction: discord.Interaction, feature: TurnPlayer) -> None:
        await feature.play(interaction, self, self.intent)


class TurnSelect(
    TemplatedSelect["TurnPlayer"],
    template="{kind}:pick:{game}:{version}:{menu}",
    parts={"menu": Part("[a-z]{1,10}")},
):
    """A game's menu: each option's value is the intent choosing it plays."""

    def __init__(self, kind: str, game: int, version: int, menu: str) -> None:
        self.kind, self.game, self.version, self.menu = kind, game, version, menu
        super().__init__()

    async def pressed(self, interaction: discord.Interaction, feature: TurnPlayer) -> None:
        await feature.play(interaction, self, selected(interaction))


def choice_button(game: Game, choice: Choice) -> TurnButton:
    """A face's choice on the game's table, for the version it shows."""
    return TurnButton(game.kind, game.id, game.version, choice.intent, look(choice))


def menu_select(game: Game, menu: Menu) -> TurnSelect:
    """A face's menu on the game's table, each option playing its intent."""
    return TurnSelect(game.kind, game.id, game.version, menu.name).offering(offer(menu))


class TurnPlayer(Protocol):
    """What a press of a turn's control asks of the feature that plays turns."""

    async def play(
        self, interaction: discord.Interaction, pressed: TurnButton | TurnSelect, intent: str
    ) -> None:
        """Plays ``intent``, pressed on ``pressed``."""
