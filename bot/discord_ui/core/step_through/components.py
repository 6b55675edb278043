"""A step-through's controls: the buttons that open it on a step and turn it, and its
menu of the game's chapters. A game's kind and id, and the step shown, are all their
custom_ids hold, so that they work after any restart."""

from __future__ import annotations

from typing import Protocol

import discord

from bot.discord_ui.components import UNSEEN, Look, Part, TemplatedButton, TemplatedSelect, number

MOST_STEPS = 99_999
"""More steps than any game has (Claim It!'s longest run to a few hundred)."""


class StepButton(
    TemplatedButton["Stepper"],
    template="{kind}:step:{game}:{step}:{way}",
    parts={"step": number(MOST_STEPS), "way": Part("open|first|back|next|last")},
):
    """A step-through's buttons, each naming the step it shows: ``open`` (on a replay, on
    a report) shows it in a private message of the presser's own, the others (first,
    back, next, last) turn the private message pressed to it."""

    calls = "step_button"

    def __init__(self, kind: str, game: int, step: int, way: str, look: Look = UNSEEN) -> None:
        self.kind, self.game, self.step, self.way = kind, game, step, way
        super().__init__(look)


def step_look(label: str, emoji: str, disabled: bool = False) -> Look:
    """How a step-through's button shows: grey, with its words and emoji."""
    return Look(label, emoji, discord.ButtonStyle.secondary, disabled)


def opening(kind: str, game: int, step: int, label: str) -> StepButton:
    """The button that opens the game's step-through on ``step``, saying ``label``."""
    return StepButton(kind, game, step, "open", step_look(label, "⏯️"))


class JumpMenu(TemplatedSelect["Stepper"], template="{kind}:jump:{game}"):
    """A step-through's menu of the game's chapters (rounds, tricks): each option's value
    is the step a chapter begins at."""

    calls = "jump"

    def __init__(self, kind: str, game: int) -> None:
        self.kind, self.game = kind, game
        super().__init__()


class Stepper(Protocol):
    """What a press of a step-through's control asks of the part that shows it."""

    async def step_button(self, interaction: discord.Interaction, button: StepButton) -> None:
        """Shows the step the button names."""

    async def jump(self, interaction: discord.Interaction, menu: JumpMenu) -> None:
        """Shows the first step of the chapter picked."""
