"""discord.py 2.7.1's Components V2 against the emulator: a ``LayoutView`` sent through
the real client is accepted, read back into the same structure, and a member's click
inside its container reaches the bot."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Iterator
from typing import Any

import discord
from discord import ui

from emulator import Message
from emulator.components import IS_COMPONENTS_V2, walk
from emulator.model import EPHEMERAL
from tests.emulator.rest import Bot, Place
from tests.emulator.v2 import PNG

ACCENT = 0x5865F2


class Press(ui.Button[ui.LayoutView]):
    """A button that tells the test it was pressed and answers by redrawing the message,
    its picture sent again: a layout sent anew may name only a file of the same request."""

    def __init__(self, label: str, pressed: asyncio.Queue[dict[str, Any]]) -> None:
        super().__init__(label=label, custom_id=label.lower())
        self.pressed = pressed

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(
            view=board(self.pressed, f"{self.label} pressed"), attachments=[picture()]
        )
        await self.pressed.put(dict(interaction.data or {}))


class Pick(ui.Select[ui.LayoutView]):
    def __init__(self, pressed: asyncio.Queue[dict[str, Any]]) -> None:
        options = [discord.SelectOption(label="North"), discord.SelectOption(label="South")]
        super().__init__(custom_id="pick", placeholder="Where to?", options=options)
        self.pressed = pressed

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        await self.pressed.put(dict(interaction.data or {}))


def board(pressed: asyncio.Queue[dict[str, Any]], heading: str = "# Claim It!") -> ui.LayoutView:
    """The kind of message the bot draws: a container with an accent colour, text, the
    picture with alt text, a separator, a section with a button, rows of buttons and a
    menu."""
    view = ui.LayoutView(timeout=None)
    view.add_item(
        ui.Container(
            ui.TextDisplay(heading),
            ui.MediaGallery(
                discord.MediaGalleryItem("attachment://board.png", description="the board")
            ),
            ui.Separator(spacing=discord.SeparatorSpacing.large),
            ui.Section(ui.TextDisplay("Ann, your turn"), accessory=Press("Roll", pressed)),
            ui.ActionRow(Press("Keep", pressed), Press("Stop", pressed)),
            ui.ActionRow(Pick(pressed)),
            accent_colour=ACCENT,
        )
    )
    return view


def picture() -> discord.File:
    return discord.File(io.BytesIO(PNG), filename="board.png", description="the board")


def after(label: str) -> ui.LayoutView:
    view = ui.LayoutView()
    view.add_item(ui.Container(ui.TextDisplay(f"{label} pressed"), accent_colour=ACCENT))
    return view


def read_back(components: list[discord.components.Component]) -> Iterator[Any]:
    """discord.py's components as nested type numbers, in reading order."""
    for component in components:
        yield component.type.value
        children = getattr(component, "children", [])
        if children:
            yield list(read_back(children))
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            yield list(read_back([accessory]))


def as_sent(components: list[dict[str, Any]]) -> Iterator[Any]:
    """The same, of the components as JSON."""
    for component in components:
        yield component["type"]
        if component.get("components"):
            yield list(as_sent(component["components"]))
        if "accessory" in component:
            yield list(as_sent([component["accessory"]]))


async def send_board(
    bot: Bot, place: Place
) -> tuple[discord.Message, Message, asyncio.Queue[dict[str, Any]]]:
    pressed: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    channel = bot.client.get_partial_messageable(place.channel.id)
    sent = await channel.send(view=board(pressed), file=picture())
    return sent, place.emulator.messages[sent.id], pressed


async def test_a_layout_view_makes_the_round_trip_through_discord_py(
    place: Place, bot: Bot
) -> None:
    sent, message, _ = await send_board(bot, place)

    assert sent.flags.components_v2 and message.flags == IS_COMPONENTS_V2
    # As discord.py sent it (which the emulator keeps, with ids) and read it back.
    assert list(read_back(sent.components)) == list(as_sent(message.components))
    (container,) = sent.components
    assert isinstance(container, discord.components.Container)
    assert container.accent_colour == discord.Colour(ACCENT)
    heading, gallery, separator, section, buttons, menu = container.children
    assert isinstance(heading, discord.components.TextDisplay) and heading.content == "# Claim It!"
    assert isinstance(gallery, discord.components.MediaGalleryComponent)
    (picture,) = gallery.items
    (board_file,) = message.attachments
    assert picture.description == "the board"
    assert picture.media.url.endswith(f"/attachments/{place.channel.id}/{board_file.id}/board.png")
    assert sent.attachments == []
    assert isinstance(separator, discord.components.SeparatorComponent)
    assert separator.spacing is discord.SeparatorSpacing.large and separator.visible
    assert isinstance(section, discord.components.SectionComponent)
    assert isinstance(section.accessory, discord.components.Button)
    assert section.accessory.label == "Roll"
    assert isinstance(buttons, discord.components.ActionRow)
    assert [b.label for b in buttons.children if isinstance(b, discord.components.Button)] == [
        "Keep",
        "Stop",
    ]
    assert isinstance(menu, discord.components.ActionRow)
    assert [c.type for c in menu.children] == [discord.ComponentType.string_select]
    # discord.py reads the ids Discord filled in, in reading order.
    assert [c["id"] for _, c in walk(message.components)] == list(range(1, 13))
    assert [getattr(c, "id", None) for c in container.children] == [2, 3, 4, 5, 8, 11]

    assert message.button_labels() == ["Roll", "Keep", "Stop"]
    assert message.text_displays() == ["# Claim It!", "Ann, your turn"]
    assert message.accent_color == ACCENT
    ((url, description, attachment),) = [
        (i.url, i.description, i.attachment) for i in message.gallery_items()
    ]
    assert (url, description) == ("attachment://board.png", "the board")
    assert attachment is not None and attachment.data == PNG
    assert attachment.description == "the board"


async def test_a_click_inside_the_container_reaches_the_bot(place: Place, bot: Bot) -> None:
    _, message, pressed = await send_board(bot, place)

    for label in ("Keep", "Roll"):
        component_id = message.button(label)["id"]
        clicked = await place.emulator.click(place.user, message, label)
        data = await pressed.get()
        assert (data["custom_id"], data["id"]) == (label.lower(), component_id)
        await place.emulator.answer(clicked)
        assert clicked.response_type == 7 and clicked.errors == []
        assert message.text_displays() == [f"{label} pressed", "Ann, your turn"]
        assert message.components_v2 and message.button(label)["id"] == component_id

    chosen = await place.emulator.select(place.user, message, "Where to?", "South")
    data = await pressed.get()
    assert (data["custom_id"], data["values"]) == ("pick", ["South"])
    await place.emulator.answer(chosen)
    assert chosen.response_type == 6


async def test_an_interaction_is_answered_with_v2_through_discord_py(
    place: Place, bot: Bot
) -> None:
    done = asyncio.Event()

    @bot.tree.command(name="board", description="shows the board")
    async def show(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(view=after("Answer"), ephemeral=True)
        await interaction.followup.send(view=after("Follow-up"), wait=True)
        await interaction.edit_original_response(view=after("Edited"))
        done.set()

    await bot.tree.sync()
    interaction = await place.emulator.slash(place.user, place.channel, "board")
    await done.wait()
    answer, follow_up = place.channel.messages
    assert answer is interaction.response_message
    assert (answer.flags, answer.text_displays()) == (
        EPHEMERAL | IS_COMPONENTS_V2,
        ["Edited pressed"],
    )
    assert (follow_up.flags, follow_up.text_displays()) == (IS_COMPONENTS_V2, ["Follow-up pressed"])
