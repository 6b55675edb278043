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
