"""A finished game's replay as a face describes it: the steps its renderer animates."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from render.common.replay import Hold, ReplayStep, ReplayTooLarge

__all__ = ["Hold", "Replay", "ReplayStep", "ReplayTooLarge", "caption"]

_FORMATTING = re.compile(r"(?<!\\)(\*\*|__|~~|\|\||\*|`)")
_ESCAPED = re.compile(r"\\(.)")


@dataclass(frozen=True)
class Replay:
    """A finished game's replay before it is drawn: its steps, and the renderer that animates
    them."""

    render: Callable[[Sequence[ReplayStep[Any]], int], bytes]
    """The game's renderer of replays, ``render(steps, limit)``: a module-level function,
    so that a picture process can run it."""
    steps: tuple[ReplayStep[Any], ...]


def caption(markdown: str) -> str:
    """A line of a message as a replay's frame shows it: plain text, names as typed."""
    plain = _FORMATTING.sub("", markdown).replace("\u200b", "")
    return " ".join(_ESCAPED.sub(r"\1", plain).split())
