"""What a feature adds to ``/<game> new``: options of its own, and what their values ask
of it as the lobby is made.

The lobby (``bot.discord_ui.core.lobby``) offers each feature's options after its own
and names none of them: the values a host gives go to the feature's ``asks``, which
turns them into its own kind of request (a reliability minimum, a private table's
guests), and each request reaches the feature's ``lobby_opened`` hook inside the
lobby's transaction (``bot.service.game_hooks``), where the feature keeps it or
refuses the lobby."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.discord_ui.command_parts import Option


def asks_nothing(given: Mapping[str, Any]) -> Sequence[object]:
    """The requests of a part whose options ask its feature nothing."""
    return ()


@dataclass(frozen=True)
class NewOptions:
    """A part's options of ``/<game> new`` (each optional: a lobby is made without them),
    and ``asks``: from their values by name (an option not given has its default), the
    requests its feature's ``lobby_opened`` hook is handed."""

    options: Sequence[Option] = ()
    asks: Callable[[Mapping[str, Any]], Sequence[object]] = field(default=asks_nothing)
    first: bool = False
    """Its options before those of every part without ``first`` (the others come in the
    features' order): ``/new`` offered the reliability minimum before the private
    table's options from the start, and members see a command's options in order."""
