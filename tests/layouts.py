"""What the bot's Components V2 messages send, read as Discord receives them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import discord

from bot.discord_ui.card_layout import Card, Layout, Rows, layout

IS_COMPONENTS_V2 = discord.MessageFlags(components_v2=True).value


def components(view: discord.ui.LayoutView | Layout) -> list[dict[str, Any]]:
    """The components ``view`` sends: the bot's, or a view of discord.py's (the floor's;
    discord.py leaves ``to_components`` untyped)."""
    if isinstance(view, Layout):
        return view.to_components()
    sent: list[dict[str, Any]] = view.to_components()  # type: ignore[no-untyped-call]
    return sent


def walked(parts: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component of ``parts``, each before those it holds (a container's, a row's,
    a section's text and its accessory)."""
    for part in parts:
        yield part
        yield from walked(part.get("components", []))
        if "accessory" in part:
            yield part["accessory"]


def galleries(card: Card) -> list[str]:
    """Where the card's galleries point, in order (``attachment://`` and a file's name)."""
    return [
        item["media"]["url"]
        for part in walked(components(layout(card)))
        if part["type"] == discord.ComponentType.media_gallery.value
        for item in part["items"]
    ]


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
