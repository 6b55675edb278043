"""The components written from a template (``bot.discord_ui.components.Templated``): a
press reaches a method of the feature that declares the component, and a custom_id made
from a component's fields is the one the bot has always sent, read back into the same
fields. The core's components here; each feature's buttons beside its tests
(``tests/features/<name>/``), through ``read_back`` and ``looks``."""

from __future__ import annotations

import inspect
import itertools
from collections.abc import Mapping
from typing import Any

import discord
import pytest

from bot.discord_ui.components import Look, Templated, TemplatedButton, TemplatedSelect
from bot.discord_ui.core.hands.controls import PrivateButton, PrivateOpen
from bot.discord_ui.core.lobby.controls import BotSelect, LobbyAction, LobbyButton
from bot.discord_ui.core.players.controls import BackButton
from bot.discord_ui.core.step_through.components import JumpMenu, StepButton
from bot.discord_ui.core.turns.controls import TurnButton, TurnSelect
from bot.discord_ui.part_registry import discovered


def test_each_press_calls_a_method_of_the_feature_that_declares_the_component() -> None:
    named = 0
    for declaration in discovered():
        for control in declaration.part.controls:
            if issubclass(control, Templated) and control.pressed is Templated.pressed:
                method = getattr(declaration.part, control.calls, None)
                assert inspect.iscoroutinefunction(method), (control, control.calls)
                named += 1
    assert named > 0


Shown = tuple[str | None, str | None, discord.ButtonStyle]
"""A button as a player sees it: its words, its emoji and its colour."""


def read_back(made: Mapping[str, TemplatedButton[Any] | TemplatedSelect[Any]]) -> None:
    """Each control (a feature's too) sends the custom_id it is keyed by, and that
    custom_id, read back through its class's pattern, is the same control: the same
    custom_id, of the same fields."""
    for custom_id, control in made.items():
        assert control.custom_id == custom_id
        match = type(control).pattern.fullmatch(custom_id)
        assert match is not None, custom_id
        back = type(control).parse(match)
        assert back.custom_id == custom_id
        assert all(getattr(back, name) == getattr(control, name) for name in match.groupdict())


def looks(*buttons: TemplatedButton[Any]) -> list[Shown]:
    """How each of ``buttons`` shows (a yes-or-no pair of a feature's, say)."""
    return [
        (
            button.item.label,
            None if button.item.emoji is None else str(button.item.emoji),
            button.item.style,
        )
        for button in buttons
    ]


def test_a_custom_id_is_read_back_into_the_fields_it_was_made_of() -> None:
    read_back(
        {
            "claim:step:7:12:back": StepButton("claim", 7, 12, "back"),
            "claim:jump:7": JumpMenu("claim", 7),
            "claim:lobby:7:4:addbot": BotSelect("claim", 7, 4, LobbyAction.ADD_BOT),
            "claim:lobby:7:4:join": LobbyButton("claim", 7, 4, LobbyAction.JOIN),
            "my:back": BackButton(),
            "claim:mine:7": PrivateOpen("claim", 7),
            "claim:seat:7:99:S3@2,5": PrivateButton("claim", 7, 99, "S3@2,5"),
            "claim:turn:7:4:roll": TurnButton("claim", 7, 4, "roll"),
            "claim:pick:7:4:take": TurnSelect("claim", 7, 4, "take"),
        }
    )


def test_the_check_finds_a_custom_id_read_back_otherwise() -> None:
    with pytest.raises(AssertionError):
        read_back({"claim:turn:7:4:rol": TurnButton("claim", 7, 4, "roll")})


def test_a_yes_or_no_pair_shows_its_yes_green_with_its_emoji_and_its_no_grey() -> None:
    either = [
        ("Agree", True, "✅", "✖️"),
        ("Refuse", False, "✅", "✖️"),
        ("Sign up", True, "✍️", None),
        ("Leave", False, "✍️", None),
    ]
    buttons = [
        TurnButton("claim", 1, 2, "roll", Look.either(label, yes, emoji, no_emoji))
        for label, yes, emoji, no_emoji in either
    ]
    assert looks(*buttons) == [
        ("Agree", "✅", discord.ButtonStyle.success),
        ("Refuse", "✖️", discord.ButtonStyle.secondary),
        ("Sign up", "✍️", discord.ButtonStyle.success),
        ("Leave", None, discord.ButtonStyle.secondary),
    ]


def test_a_button_sends_what_discord_pys_button_of_its_look_sends() -> None:
    styles = (discord.ButtonStyle.primary, discord.ButtonStyle.success, discord.ButtonStyle.danger)
    emojis = (None, "🎲", "✖️", "<:nugget:123456789012345678>", "<a:spin:42>")
    for label, emoji, style, disabled in itertools.product(
        ("Roll", "", None), emojis, styles, (False, True)
    ):
        look = Look(label, emoji, style, disabled)
        button = TurnButton("claimit", 7, 3, "roll", look)
        # A turn's button without words of its own shows its intent.
        made = discord.ui.Button[Any](
            label=look.labelled("roll").label,
            emoji=look.emoji,
            style=style,
            disabled=disabled,
            custom_id="claimit:turn:7:3:roll",
        )
        assert button.to_component_dict() == made.to_component_dict(), look
        assert button.type is made.type and button.custom_id == made.custom_id


def test_a_button_changed_through_discord_pys_sends_as_changed() -> None:
    button = BackButton(label="Back")
    button.item.label = "Claim It! · Back"
    assert button.to_component_dict()["label"] == "Claim It! · Back"
