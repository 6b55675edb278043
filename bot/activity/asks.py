"""What a board's page asks, as the server reads it: each ask's fields taken only as the
page makes them, and a connection's budget of asks."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, TypeGuard

ASKS_AT_ONCE = 200
"""The most asks a connection may make at once: a page asks one at a time (a move waits
for its answer), a person clicking fast a few a second, a reconnection three (hello, list,
watch)."""
ASKS_PER_SECOND = 20.0
"""How fast a connection's asks come back once spent: a rate no person keeps up, while a
page flooding the bot (each ask a read or a transaction) is closed within a second."""
PLAIN = re.compile(r"[!-~]{1,256}")
"""A token, an Activity instance's id or an authorization code as Discord makes them
(printable ASCII): anything else (a line break, a NUL, a lone surrogate) is never sent on
to Discord."""


class Asks:
    """One connection's budget of asks: ``ASKS_AT_ONCE`` at once, refilled at
    ``ASKS_PER_SECOND`` (a token bucket)."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self._clock = clock
        self._left = float(ASKS_AT_ONCE)
        self._at = clock()

    def take(self) -> bool:
        """Whether one more ask is within the budget (then spent)."""
        now = self._clock()
        # A clock set back refills nothing.
        refilled = max(0.0, now - self._at) * ASKS_PER_SECOND
        self._left, self._at = min(float(ASKS_AT_ONCE), self._left + refilled), now
        if self._left < 1:
            return False
        self._left -= 1
        return True


def parsed(data: str | bytes) -> dict[str, Any] | None:
    """A page's message as JSON's object, else ``None``: also when nested deeper than
    Python reads or holding a lone surrogate (which no UTF-8 can carry on)."""
    try:
        read = json.loads(data)
        json.dumps(read, ensure_ascii=False).encode()
    except (ValueError, RecursionError):
        return None
    return read if isinstance(read, dict) else None


def number(value: object) -> int | None:
    """An id, version or key as the database holds one (64 bits), else ``None``."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**63:
        return value
    return None


def intent(value: object) -> TypeGuard[str]:
    """A choice's intent as a game's face makes them (a hundred characters at most)."""
    return isinstance(value, str) and 0 < len(value) <= 100


def plain(*values: object) -> bool:
    """Whether each of ``values`` is a string as Discord makes its tokens and ids
    (``PLAIN``)."""
    return all(isinstance(v, str) and PLAIN.fullmatch(v) for v in values)


def locale(value: object) -> str | None:
    """A locale as a page says one (``de``, ``pt-BR``), else ``None``."""
    return value if isinstance(value, str) and len(value) <= 16 else None
