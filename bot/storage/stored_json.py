"""The JSON a row keeps as text (options, a setup, a move's action, figures): written
compact, and read back checked; and a declared setting's value, a server's or a
player's, as its table has kept it from the start."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any


def json_text(value: Mapping[str, Any]) -> str:
    """``value`` as a column keeps it: compact."""
    return json.dumps(dict(value), separators=(",", ":"))


def read_json_object(text: str | None, what: str) -> tuple[dict[str, Any] | None, str | None]:
    """The JSON object a column keeps (``None`` for none), or why it is not one, naming the
    column's value as ``what``."""
    if text is None:
        return None, None
    try:
        value = json.loads(text)
    except json.JSONDecodeError as e:
        return None, f"the saved {what} is not valid JSON ({e.msg})"
    if not isinstance(value, dict):
        return None, f"the saved {what} is not a JSON object"
    return value, None


def kept_value(text: str | None) -> Any:
    """A declared setting's value as kept (``None`` for none, or one no longer JSON: its
    setting reads as its default)."""
    if text is None:
        return None
    try:
        return json.loads(text)
    except ValueError:
        return None


def kept_text(value: Any) -> str:
    """A declared setting's value (a server's or a player's) as its table keeps it."""
    return json.dumps(value)
