"""``/<game> new hints:``: a friendly game whose player to act may ask for hints, kept
so (and never rated) by the feature's ``lobby_opened`` hook as the lobby is made."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.discord_ui.command_parts import Option
from bot.discord_ui.new_options import NewOptions
from bot.features.hints.service import HintsAsked
from i18n import N_


def hints_asked(given: Mapping[str, Any]) -> Sequence[object]:
    """Whether the host asked for hints (left out: no)."""
    return (HintsAsked(bool(given["hints"])),)


NEW_OPTIONS = NewOptions(
    (
        Option(
            N_("hints"),
            bool | None,
            N_("A friendly game with hints for the player to act (never rated)"),
        ),
    ),
    asks=hints_asked,
)
"""``hints:``, off unless given."""
