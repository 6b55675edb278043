"""The numbers and ids a request writes in its path or query, and what they name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from emulator.model import Channel
from emulator.responses import DiscordError

T = TypeVar("T")

TRUE = frozenset({"true", "True", "1"})
"""How a query writes a boolean that is true."""


def number(raw: str) -> int | None:
    """A decimal number in a path or query; None for anything else (``str.isdigit``
    alone lets "²" through, which ``int`` refuses)."""
    return int(raw) if raw.isascii() and raw.isdigit() else None


def flag(query: Mapping[str, str], name: str) -> bool:
    """Whether the query sets the boolean ``name`` (absent: false)."""
    return query.get(name) in TRUE


def found(things: Mapping[int, T], raw: str) -> T | None:
    """What ``things`` holds under the id written in a path, if that is an id at all."""
    key = number(raw)
    return None if key is None else things.get(key)


def channel(channels: Mapping[int, Channel], raw: str) -> Channel:
    """The channel or thread a path names, or Discord's 10003."""
    named = found(channels, raw)
    if named is None:
        raise DiscordError(404, 10003, "Unknown Channel")
    return named
