"""What the bot's words say (their limits are in test_message_limits)."""

from __future__ import annotations

import asyncio

from bot.discord_ui import text
from bot.discord_ui.messages import board_message
from engine.claimit import GameState, Roll, apply
from tests.discord_ui.test_message_limits import game


def placement_prompt(dice: tuple[int, int, int]) -> str:
    state, _ = apply(GameState.new(2), Roll(dice))
    message = asyncio.run(board_message(game(state), state, "Rolled."))
    assert message.embed.description is not None
    return message.embed.description


def test_one_placement_is_named_alone_and_several_as_a_range() -> None:
    assert "choose a placement (A)." in placement_prompt((1, 1, 1))
    several = placement_prompt((1, 2, 3))
    assert "choose a placement (A–" in several and "(A–A)" not in several


def test_the_rules_explain_the_variant_that_new_and_settings_offer() -> None:
    english = text.rules("en-US")
    assert "Rule variant" in english and "variant:True" in english
    german = text.rules("de")
    assert "Regelvariante" in german and "variant:True" in german
