"""A replay's controls: the Replay button on a finished game's result, the Share button
on a replay shown privately, and a step-through replay's buttons and menu. A game's kind
and id, and the step shown, are all their custom_ids hold, so that they work after any
restart."""

from __future__ import annotations

from typing import Protocol

import discord

from bot.discord_ui.components import (
    PARTS,
    GameButton,
    Look,
    Part,
    TemplatedButton,
    TemplatedSelect,
    number,
)

MOST_STEPS = 99_999
"""More steps than any game has (Claim It!'s longest run to a few hundred)."""


class ReplayButton(GameButton["ReplayShower"], template="{kind}:replay:{game}"):
    """On a finished game's result: shows the presser the game's replay, privately."""

    look = Look("Replay", "🎞️", discord.ButtonStyle.secondary)
    calls = "replay_button"


class ShareReplayButton(GameButton["ReplayShower"], template="{kind}:share:{game}"):
    """On a replay shown to one person: posts it in the channel for everybody."""

    look = Look("Share", "📣")
    calls = "share_button"


class StepButton(TemplatedButton["ReplayShower"], template="{kind}:step:{game}:{step}:{way}"):
    """A step-through replay's buttons, each naming the step it shows: ``open`` (on a
    replay) shows it in a private message of the presser's own, the others (first, back,
    next, last) turn the private message pressed to it."""

    parts = PARTS | {"step": number(MOST_STEPS), "way": Part("open|first|back|next|last")}
    calls = "step_button"

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
        self.kind, self.game, self.step, self.way = kind, game, step, way
        super().__init__(Look(label, emoji, discord.ButtonStyle.secondary, disabled))


class JumpMenu(TemplatedSelect["ReplayShower"], template="{kind}:jump:{game}"):
    """A step-through replay's menu of the game's chapters (rounds, tricks): each
    option's value is the step a chapter begins at."""

    calls = "jump"

    def __init__(
        self,
        kind: str,
        game: int,
        *,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        self.kind, self.game = kind, game
        super().__init__(options=options, placeholder=placeholder)


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
