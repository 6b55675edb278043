"""A replay's controls: the Replay button on a finished game's result, the Share button
on a replay shown privately, and a step-through replay's buttons and menu. A game's kind
and id, and the step shown, are all their custom_ids hold, so that they work after any
restart."""

from __future__ import annotations

from typing import Any, Protocol

import discord

from bot.discord_ui.components import GAME, KIND, Pressable, whole_up_to

MOST_STEPS = 99_999
"""More steps than any game has (Claim It!'s longest run to a few hundred)."""


class ReplayButton(
    Pressable["ReplayShower"],
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=f"{KIND}:replay:{GAME}",
):
    """On a finished game's result: shows the presser the game's replay, privately."""

    def __init__(self, kind: str, game: int, *, label: str = "Replay") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji="🎞️",
                style=discord.ButtonStyle.secondary,
                custom_id=f"{kind}:replay:{game}",
            )
        )
        self.kind, self.game = kind, game

    async def pressed(self, interaction: discord.Interaction, feature: ReplayShower) -> None:
        await feature.replay_button(interaction, self)


class ShareReplayButton(
    Pressable["ReplayShower"],
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=f"{KIND}:share:{GAME}",
):
    """On a replay shown to one person: posts it in the channel for everybody."""

    def __init__(
        self, kind: str, game: int, *, label: str = "Share", disabled: bool = False
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji="📣",
                style=discord.ButtonStyle.primary,
                disabled=disabled,
                custom_id=f"{kind}:share:{game}",
            )
        )
        self.kind, self.game = kind, game

    async def pressed(self, interaction: discord.Interaction, feature: ReplayShower) -> None:
        await feature.share_button(interaction, self)


STEP = f"(?P<step>{whole_up_to(MOST_STEPS)})"
WAY = "(?P<way>open|first|back|next|last)"


class StepButton(
    Pressable["ReplayShower"],
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=f"{KIND}:step:{GAME}:{STEP}:{WAY}",
):
    """A step-through replay's buttons, each naming the step it shows: ``open`` (on a
    replay) shows it in a private message of the presser's own, the others (first, back,
    next, last) turn the private message pressed to it."""

    def __init__(
        self,
        kind: str,
        game: int,
        step: int,
        way: str,
        *,
        label: str | None = None,
        emoji: str | None = None,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji=emoji,
                style=discord.ButtonStyle.secondary,
                disabled=disabled,
                custom_id=f"{kind}:step:{game}:{step}:{way}",
            )
        )
        self.kind, self.game, self.step, self.way = kind, game, step, way

    async def pressed(self, interaction: discord.Interaction, feature: ReplayShower) -> None:
        await feature.step_button(interaction, self)


class JumpMenu(
    Pressable["ReplayShower"],
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=f"{KIND}:jump:{GAME}",
):
    """A step-through replay's menu of the game's chapters (rounds, tricks): each
    option's value is the step a chapter begins at."""

    def __init__(
        self,
        kind: str,
        game: int,
        *,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"{kind}:jump:{game}",
                placeholder=placeholder,
                # Parsed back from a pick, the menu's options are not needed.
                options=options or [discord.SelectOption(label="-", value="-")],
            )
        )
        self.kind, self.game = kind, game

    async def pressed(self, interaction: discord.Interaction, feature: ReplayShower) -> None:
        await feature.jump(interaction, self)


class ReplayShower(Protocol):
    """What a press of a replay's control asks of the feature that shows replays."""

    async def replay_button(self, interaction: discord.Interaction, button: ReplayButton) -> None:
        """Shows the presser the game's replay."""

    async def share_button(
        self, interaction: discord.Interaction, button: ShareReplayButton
    ) -> None:
        """Shares the replay in the channel."""

    async def step_button(self, interaction: discord.Interaction, button: StepButton) -> None:
        """Shows the step the button names."""

    async def jump(self, interaction: discord.Interaction, menu: JumpMenu) -> None:
        """Shows the first step of the chapter picked."""
