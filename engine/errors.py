"""The rules errors every game's engine shares: their base, which the shared transport
(``engine.json_lines``) answers with its code, and ``InvalidState``, the same in every game."""

from __future__ import annotations

from typing import ClassVar


class RulesError(Exception):
    """Base of every error an engine raises; nothing is changed when one is raised."""

    code: ClassVar[str] = "rules_error"


class InvalidState(RulesError):
    """A position that no legal play could reach, or a malformed description of one."""

    code = "invalid_state"


def check_whole_number(what: str, value: object, low: int, high: int) -> None:
    """Raises ``InvalidState`` naming ``what`` unless ``value`` is an int from ``low`` to
    ``high``."""
    if type(value) is not int or not low <= value <= high:
        raise InvalidState(f"{what} must be a whole number from {low} to {high}, not {value!r}")
