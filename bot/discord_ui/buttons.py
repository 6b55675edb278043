"""Buttons that survive restarts: each custom_id carries the game and the version it showed.

No view or game object is kept in memory; a click is parsed from its custom_id
and handed to the game flow, which asks the service what is true now.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.discord_ui import text
from bot.service import BOT_LEVELS
from bot.storage import Game
from engine.claimit import MAX_PLAYERS, MIN_PLAYERS, GameState, Phase
from render import lettered

if TYPE_CHECKING:
    from bot.discord_ui.client import ClaimItBot

LOBBY_ACTIONS = ("join", "leave", "start", "cancel")


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"claimit:lobby:(?P<game>\d{1,19}):(?P<version>\d{1,9}):(?P<action>join|leave|start|cancel)",
):
    def __init__(self, game: int, version: int, action: str, *, disabled: bool = False) -> None:
        label, style = {
            "join": ("Join", discord.ButtonStyle.primary),
            "leave": ("Leave", discord.ButtonStyle.secondary),
            "start": ("Start", discord.ButtonStyle.success),
            "cancel": ("Cancel", discord.ButtonStyle.danger),
        }[action]
        super().__init__(
            discord.ui.Button(
                label=label,
                style=style,
                disabled=disabled,
                custom_id=f"claimit:lobby:{game}:{version}:{action}",
            )
        )
        self.game, self.version, self.action = game, version, action

    @classmethod
    def parse(cls, match: re.Match[str]) -> LobbyButton:
        return cls(int(match["game"]), int(match["version"]), match["action"])

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls.parse(match)

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: ClaimItBot = interaction.client  # type: ignore[assignment]
        await bot.flow.lobby_button(interaction, self.game, self.version, self.action)


class TurnButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"claimit:turn:(?P<game>\d{1,19}):(?P<version>\d{1,9}):(?P<action>roll|stop|[A-F])",
):
    def __init__(
        self,
        game: int,
        version: int,
        action: str,
        *,
        label: str | None = None,
        disabled: bool = False,
    ) -> None:
        if action == "roll":
            button = discord.ui.Button[Any](
                label="Roll", emoji="🎲", style=discord.ButtonStyle.primary
            )
        elif action == "stop":
            button = discord.ui.Button(
                label="Stop & claim", emoji="⛏️", style=discord.ButtonStyle.success
            )
        else:
            button = discord.ui.Button(label=label or action, style=discord.ButtonStyle.primary)
        button.disabled = disabled
        button.custom_id = f"claimit:turn:{game}:{version}:{action}"
        super().__init__(button)
        self.game, self.version, self.action = game, version, action

    @classmethod
    def parse(cls, match: re.Match[str]) -> TurnButton:
        return cls(int(match["game"]), int(match["version"]), match["action"])

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TurnButton:
        return cls.parse(match)

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: ClaimItBot = interaction.client  # type: ignore[assignment]
        await bot.flow.turn_button(interaction, self.game, self.version, self.action)


class BotSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"claimit:lobby:(?P<game>\d{1,19}):(?P<version>\d{1,9}):(?P<action>addbot|removebot)",
):
    """The host's menus to add a computer player (by level) or remove one (by seat)."""

    def __init__(self, game: int, version: int, action: str, *, lobby: Game | None = None) -> None:
        if action == "addbot":
            options = [
                discord.SelectOption(label=f"Add a computer player: {level}", value=level)
                for level in BOT_LEVELS
            ]
            placeholder = "Add a computer player…"
        else:
            bots = [s for s in (lobby.seats if lobby else ()) if s.is_bot]
            options = [
                discord.SelectOption(label=f"Remove {s.display_name}", value=str(s.seat))
                for s in bots
            ] or [discord.SelectOption(label="No computer players", value="-1")]
            placeholder = "Remove a computer player…"
        super().__init__(
            discord.ui.Select(
                custom_id=f"claimit:lobby:{game}:{version}:{action}",
                placeholder=placeholder,
                options=options,
            )
        )
        self.game, self.version, self.action = game, version, action

    @classmethod
    def parse(cls, match: re.Match[str]) -> BotSelect:
        return cls(int(match["game"]), int(match["version"]), match["action"])

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BotSelect:
        return cls.parse(match)

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: ClaimItBot = interaction.client  # type: ignore[assignment]
        await bot.flow.lobby_button(interaction, self.game, self.version, self.action)


def lobby_view(game: Game, *, bots_allowed: bool = True) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in LOBBY_ACTIONS:
        disabled = action == "start" and len(game.seats) < MIN_PLAYERS
        view.add_item(LobbyButton(game.id, game.version, action, disabled=disabled))
    if bots_allowed and len(game.seats) < MAX_PLAYERS:
        view.add_item(BotSelect(game.id, game.version, "addbot"))
    if any(s.is_bot for s in game.seats):
        view.add_item(BotSelect(game.id, game.version, "removebot", lobby=game))
    return view


def turn_view(game: Game, state: GameState) -> discord.ui.View:
    """Roll and Stop & claim, or one lettered button per legal placement (none while a
    computer player moves: nobody else may press)."""
    view = discord.ui.View(timeout=None)
    if game.seats[state.turn].is_bot:
        return view
    if state.phase is Phase.PLACE:
        for letter, placement in lettered(state):
            label = f"{letter}: {text.placement(placement)}"
            view.add_item(TurnButton(game.id, game.version, letter, label=label))
    elif state.phase is Phase.ROLL:
        view.add_item(TurnButton(game.id, game.version, "roll"))
        view.add_item(
            TurnButton(game.id, game.version, "stop", disabled=not state.placed_this_turn)
        )
    return view
