"""Where a take-back stands: the states its rows take, apart from its tables (``schema``),
which only the making of a database reads."""

from __future__ import annotations

from enum import StrEnum


class TakebackState(StrEnum):
    """Where a take-back stands."""

    ASKED = "asked"
    """The others are answering."""
    GRANTED = "granted"
    """The moves are undone."""
    REFUSED = "refused"
    """Someone said no."""
    EXPIRED = "expired"
    """The game moved on before everyone agreed."""
