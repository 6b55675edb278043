"""The components written from a template (``bot.discord_ui.components.Templated``): a
press reaches a method of the feature that declares the component, and a custom_id made
from a component's fields is read back into the same fields."""

from __future__ import annotations

import inspect
from typing import Any

from bot.discord_ui.components import Templated, TemplatedButton
from bot.discord_ui.feature_registry import discovered
from bot.features.following.discord.controls import UnfollowButton
from bot.features.rematch.discord.controls import RematchButton, RematchReply, Reply


def test_each_press_calls_a_method_of_the_feature_that_declares_the_component() -> None:
    named = 0
    for declaration in discovered():
        for control in declaration.feature.controls:
            if issubclass(control, Templated) and control.pressed is Templated.pressed:
                method = getattr(declaration.feature, control.calls, None)
                assert inspect.iscoroutinefunction(method), (control, control.calls)
                named += 1
    assert named > 0


def test_a_custom_id_is_read_back_into_the_fields_it_was_made_of() -> None:
    made: list[TemplatedButton[Any]] = [
        RematchButton("claimit", 2**63 - 1, label="Rematch"),
        *(RematchReply("nuggets", 0, reply) for reply in Reply),
        UnfollowButton("claim", 7),
        UnfollowButton("claim", 7, listed=True),
    ]
    for control in made:
        match = type(control).pattern.fullmatch(control.custom_id)
        assert match is not None, control.custom_id
        back = type(control).parse(match)
        assert back.custom_id == control.custom_id
        assert all(getattr(back, name) == getattr(control, name) for name in match.groupdict())
    assert [control.custom_id for control in made] == [
        "claimit:rematch:9223372036854775807",
        "nuggets:again:0:yes",
        "nuggets:again:0:no",
        "nuggets:again:0:start",
        "claim:unfollow:7",
        "claim:unfollow:7:games",
    ]
