"""A card's components, built as JSON straight from the card, are what discord.py's own
``LayoutView`` of the same container sends, whatever parts the card has."""

from __future__ import annotations

import itertools
from typing import Any

import discord
from discord.http import handle_message_parameters

from bot.discord_ui.card_layout import Card, Image, Layout, Line, _below, _lines_texts, layout
from bot.discord_ui.core.players.controls import BackButton
from tests.layouts import components

MENU = discord.ui.Select[Any](
    custom_id="pick:1", options=[discord.SelectOption(label="One", value="1")]
)
GREYED = discord.ui.Button[Any](
    label="Roll", emoji="🎲", custom_id="roll:1", style=discord.ButtonStyle.success, disabled=True
)


def discord_py_view(card: Card) -> discord.ui.LayoutView:
    """The card laid out with discord.py's classes: how the bot built it before."""

    def parts(card: Card) -> list[discord.ui.Item[Any]]:
        heading = f"### {card.title}\n" if card.title else ""
        words = (heading + card.text).strip()
        made: list[discord.ui.Item[Any]] = []
        if card.thumbnail is not None and words:
            made.append(
                discord.ui.Section(
                    discord.ui.TextDisplay(words), accessory=discord.ui.Thumbnail(card.thumbnail)
                )
            )
        elif words:
            made.append(discord.ui.TextDisplay(words))
        made.extend(discord.ui.TextDisplay(text) for text in _lines_texts(card.lines))
        if card.image is not None:
            item = discord.MediaGalleryItem(
                f"attachment://{card.image.filename}", description=card.image.description
            )
            made.append(discord.ui.MediaGallery(item))
        if card.log:
            made.append(discord.ui.TextDisplay("\n".join(f"-# {line}" for line in card.log)))
        if card.footer:
            made.append(discord.ui.TextDisplay(f"-# {card.footer}"))
        return made

    inside = parts(card)
    rows = card.rows
    below = _below(card)
    if below is not None:
        inside.append(discord.ui.Separator())
        inside.extend(parts(below))
        rows += below.rows
    if rows:
        inside.append(discord.ui.Separator(visible=False))
        inside.extend(discord.ui.ActionRow(*row) for row in rows)
    colour = None if card.accent is None else discord.Colour.from_rgb(*card.accent)
    view = discord.ui.LayoutView(timeout=None)
    if card.note:
        view.add_item(discord.ui.TextDisplay(card.note))
    view.add_item(discord.ui.Container(*inside, accent_colour=colour))
    return view


def cards() -> list[Card]:
    """Cards with every combination of parts a message of the bot's may have."""
    picture = Image(b"png", "The table, described.")
    lines = (Line("Ann", "3", inline=True), Line("Bob", "5", inline=True), Line("Score", "8"))
    made = []
    for title, note, thumbnail, image, rows, below in itertools.product(
        (None, "Claim It!"),
        (None, "<@1>, your turn"),
        (None, "https://cdn.example/avatar.png"),
        (None, picture),
        ((), ((BackButton(label="Back"), GREYED), (MENU,))),
        (None, Card(title=None, text="Your hand", image=picture, rows=((BackButton(),),))),
    ):
        made.append(
            Card(
                title=title,
                text="Ann rolled **4**.",
                accent=(200, 40, 10) if image else None,
                lines=lines if rows else (),
                footer="Game #7" if note else None,
                image=image,
                thumbnail=thumbnail,
                log=("Ann rolled.", "Bob stopped.") if below else (),
                rows=rows,
                note=note,
                below=below,
            )
        )
    made.append(Card(title=None, text="", rows=((BackButton(),),)))
    return made


def test_a_card_sends_what_discord_pys_layout_of_it_sends() -> None:
    for card in cards():
        assert components(layout(card)) == components(discord_py_view(card)), card


def test_a_card_goes_out_as_components_v2_and_is_kept_by_no_one() -> None:
    sent = layout(cards()[-1])
    assert isinstance(sent, Layout) and sent.is_finished() and not sent.is_dispatchable()
    # As discord.py sends a message's view, with the flag a V2 message needs.
    payload = handle_message_parameters(view=sent).payload  # type: ignore[arg-type]
    assert payload is not None
    assert payload["flags"] & discord.MessageFlags(components_v2=True).value
    assert payload["components"] == sent.to_components()


def test_a_ping_marks_its_container() -> None:
    sent = layout(Card(title=None, text="x", note="<@1>"))
    sent.mark(1234)
    assert [part.get("id") for part in sent.to_components()] == [None, 1234]
