"""What the bot's Components V2 messages send, read as Discord receives them."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord_ui.card_layout import Card, Rows, layout

IS_COMPONENTS_V2 = discord.MessageFlags(components_v2=True).value


def components(view: discord.ui.LayoutView) -> list[dict[str, Any]]:
    """The components ``view`` sends (discord.py leaves ``to_components`` untyped)."""
    sent: list[dict[str, Any]] = view.to_components()  # type: ignore[no-untyped-call]
    return sent


def sent_body(card: Card) -> dict[str, Any]:
    """A card as the bot sends it to Discord: Components V2, its picture attached with
    its description (what ``emulator.message_problems`` judges)."""
    body: dict[str, Any] = {"flags": IS_COMPONENTS_V2, "components": components(layout(card))}
    if card.image is not None:
        body["attachments"] = [
            {"id": 0, "filename": card.image.filename, "description": card.image.description}
        ]
    return body


def items(rows: tuple[tuple[discord.ui.Item[Any], ...], ...]) -> list[discord.ui.Item[Any]]:
    """Rows of controls, one after another in reading order."""
    return [item for row in rows for item in row]


def controls_card(rows: Rows) -> Card:
    """Rows of controls in a card of their own: what they show and send, with no
    picture or words around them."""
    return Card(title=None, text="", rows=rows)
