"""What the bot's Components V2 messages send, read as Discord receives them."""

from __future__ import annotations

from typing import Any

import discord


def components(view: discord.ui.LayoutView) -> list[dict[str, Any]]:
    """The components ``view`` sends (discord.py leaves ``to_components`` untyped)."""
    sent: list[dict[str, Any]] = view.to_components()  # type: ignore[no-untyped-call]
    return sent
