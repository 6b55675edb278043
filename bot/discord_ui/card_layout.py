"""Every message the bot posts, laid out with Discord's Components V2: one container
whose accent is the colour of whoever the message is about, its words as text
displays, its picture in a media gallery with its description (alt text), and its
controls in action rows inside the container.

A ``Card`` is what a message says; ``layout`` is the one place that turns it into
Discord's components, within Discord's limits by construction (``bot.discord_ui.limits``).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any
from urllib.parse import unquote, urlsplit

import discord

RGB = tuple[int, int, int]
Rows = tuple[tuple[discord.ui.Item[Any], ...], ...]
"""Controls, row by row."""

ROW_WIDTH = 4
"""Buttons on one row at most. Discord takes five, but a phone (390 px wide) shows four
short buttons side by side and wraps the fifth onto a line of its own."""


def balanced(count: int) -> list[int]:
    """How many of ``count`` buttons go on each row: as few rows as ``ROW_WIDTH``
    allows, as even as can be, the longer ones first (6 → 3 + 3, 13 → 4 + 3 + 3 + 3).
    Discord fills each row to five, which leaves a lone button under a full row."""
    if count == 0:
        return []
    rows = -(-count // ROW_WIDTH)
    return [count // rows + int(row < count % rows) for row in range(rows)]


def flowed(rows: Rows) -> Rows:
    """Rows several features added, as one set of controls: each run of buttons on
    balanced rows (two features' single buttons share a row), each menu on a row of its
    own."""
    flowing: list[tuple[discord.ui.Item[Any], ...]] = []
    run: list[discord.ui.Item[Any]] = []

    def shelve() -> None:
        start = 0
        for size in balanced(len(run)):
            flowing.append(tuple(run[start : start + size]))
            start += size
        run.clear()

    for item in (item for row in rows for item in row):
        if item.type is not discord.ComponentType.button:
            shelve()
            flowing.append((item,))
        else:
            run.append(item)
    shelve()
    return tuple(flowing)


@dataclass(frozen=True)
class Line:
    """A named value (what an embed field was): ``name`` in bold above ``value``, or
    beside it when ``inline`` lines share a row of text."""

    name: str
    value: str
    inline: bool = False


def answer_line(name: str, answer: bool | None, yes: str, no: str, waiting: str) -> Line:
    """One player's answer to what several were asked (a rematch, a take-back), inline
    beside the others': ``yes``, ``no``, or ``waiting`` until they answer."""
    return Line(name, waiting if answer is None else yes if answer else no, inline=True)


def _left_open() -> None:
    """What an upload's buffer does when asked to close: nothing (``Upload``)."""


class Upload(discord.File):
    """A picture's bytes as discord.py uploads them, freed as soon as nothing holds them.

    discord.py keeps a buffer it did not open from closing while it sends it, and when
    done puts the buffer's own ``close`` back onto it as an attribute: a bound method of
    the buffer, held in the buffer's own ``__dict__``. That cycle left every picture sent
    (tens of KiB each) for the cyclic collector, whose full collections of them held the
    event loop for 30 to 190 ms at 200 games (``bench.board``). Here the buffer keeps a
    function that holds nothing, so counting references frees it with its message."""

    __slots__ = ()

    def close(self) -> None:
        """What discord.py calls once it sent the picture: the buffer stays as it was,
        open for a retry of the same upload and holding nothing of its own."""
        self.fp.close = _left_open  # type: ignore[method-assign]


@dataclass(frozen=True)
class Image:
    """A picture the message uploads and shows, with what it shows for a reader who
    can't see it."""

    png: bytes
    description: str
    filename: str = "board.png"

    def file(self) -> discord.File:
        """The picture as an upload, named as the card's gallery points to it."""
        return Upload(io.BytesIO(self.png), self.filename, description=self.description)


@dataclass(frozen=True)
class Card:
    """One message: a title, its text, named lines, a small footer, a picture or a
    thumbnail, and the rows of controls under it all."""

    title: str | None
    text: str
    accent: RGB | None = None
    lines: tuple[Line, ...] = ()
    footer: str | None = None
    image: Image | None = None
    thumbnail: str | None = None
    """A picture by its URL (a player's avatar), beside the title and text."""
    log: tuple[str, ...] = ()
    """The last few things that happened, in small print under the picture."""
    rows: Rows = field(default=())
    note: str | None = None
    """A line above the container: who is pinged, or what just happened to the reader."""
    pings: tuple[int, ...] = ()
    """The users the note mentions as mentions (everyone else's is only a name): the
    message's post notifies them, and its edits keep them highlighted."""
    below: Card | None = None
    """A second part under this one, in the same container: its words, its picture and
    its controls (a player's own hand under the table, in their direct messages)."""

    def files(self) -> list[discord.File]:
        """The uploads the card's galleries show (its pictures)."""
        below = _below(self)
        pictures = [self.image, None if below is None else below.image]
        return [picture.file() for picture in pictures if picture is not None]


BELOW_FILE = "below.png"
"""What the lower part's picture is uploaded as where the upper one's has its name."""


def _below(card: Card) -> Card | None:
    """The card's lower part, its picture under a name of its own: a gallery finds its file
    by name, so that two pictures of one name would both show the upper one (a lesson's
    table shown twice, and no hand)."""
    below = card.below
    if below is None or below.image is None or card.image is None:
        return below
    if below.image.filename != card.image.filename:
        return below
    return replace(below, image=replace(below.image, filename=BELOW_FILE))


def _lines_texts(lines: Sequence[Line]) -> list[str]:
    """Inline lines share a text (``**name** value · **name** value``); each other line
    is a text of its own, its name above its value, as an embed's fields read on a phone."""
    texts: list[str] = []
    inline: list[str] = []
    for line in lines:
        if line.inline:
            inline.append(f"**{line.name}** {line.value}")
            continue
        if inline:
            texts.append(" · ".join(inline))
            inline = []
        texts.append(f"**{line.name}**\n{line.value}")
    if inline:
        texts.append(" · ".join(inline))
    return texts


Component = dict[str, Any]
"""One of Discord's components as the JSON a message sends."""

_TYPE = discord.ComponentType
TEXT, SECTION, THUMBNAIL = _TYPE.text_display.value, _TYPE.section.value, _TYPE.thumbnail.value
GALLERY, SEPARATOR = _TYPE.media_gallery.value, _TYPE.separator.value
CONTAINER, ROW = _TYPE.container.value, _TYPE.action_row.value
"""Discord's component types, as a message's JSON gives them."""
SMALL = discord.SeparatorSpacing.small.value


class Layout:
    """A message's components as the JSON Discord takes, built straight from a card: the
    same JSON discord.py's ``LayoutView`` of a container, its texts and its rows sends
    (a test compares the two), without making the dozen objects a view of a table
    holds, adding each to its parent and walking them back into JSON, which took a
    tenth of the bot's CPU a press. The bot reads the presses on its messages itself
    (``GameBot.on_interaction``, from each custom_id alone), so discord.py is to keep
    none of them: the view is finished from the start and dispatches nothing."""

    __discord_ui_view__ = True
    timeout: float | None = None

    __slots__ = ("components",)

    def __init__(self, components: list[Component]) -> None:
        self.components = components

    def to_components(self) -> list[Component]:
        """The components, as a message's ``components`` carry them."""
        return self.components

    def has_components_v2(self) -> bool:
        """Always: a container and texts are Components V2, which a message must flag."""
        return True

    def is_dispatchable(self) -> bool:
        """Never: the bot reads its presses itself."""
        return False

    def is_finished(self) -> bool:
        """From the start: it listens to nothing."""
        return True

    def mark(self, mark: int) -> None:
        """Gives the message's container ``mark`` as its id, by which the bot finds the
        message again among the channel's (a ping's)."""
        for component in self.components:
            if component["type"] == CONTAINER:
                component["id"] = mark


def layout(card: Card) -> Layout:
    """The card as Discord's components: everything inside one container."""
    parts = _parts(card)
    rows = card.rows
    below = _below(card)
    if below is not None:
        parts.append(_separator(visible=True))
        parts.extend(_parts(below))
        rows += below.rows
    if rows:
        parts.append(_separator(visible=False))
        parts.extend(
            {"type": ROW, "components": [item.to_component_dict() for item in row]} for row in rows
        )
    accent = None if card.accent is None else discord.Colour.from_rgb(*card.accent).value
    container = {"type": CONTAINER, "accent_color": accent, "spoiler": False, "components": parts}
    return Layout([_text(card.note), container] if card.note else [container])


def _text(content: str) -> Component:
    return {"type": TEXT, "content": content}


def _separator(*, visible: bool) -> Component:
    return {"type": SEPARATOR, "divider": visible, "spacing": SMALL}


def _parts(card: Card) -> list[Component]:
    """A card's words, lines, picture, log and footer, as the container shows them."""
    heading = f"### {card.title}\n" if card.title else ""
    words = (heading + card.text).strip()
    parts: list[Component] = []
    if card.thumbnail is not None and words:
        thumbnail = {
            "type": THUMBNAIL,
            "spoiler": False,
            "media": {"url": card.thumbnail},
            "description": None,
        }
        parts.append({"type": SECTION, "components": [_text(words)], "accessory": thumbnail})
    elif words:
        parts.append(_text(words))
    parts.extend(_text(text) for text in _lines_texts(card.lines))
    if card.image is not None:
        picture = {
            "media": {"url": f"attachment://{card.image.filename}"},
            "spoiler": False,
            "description": card.image.description,
        }
        parts.append({"type": GALLERY, "items": [picture]})
    if card.log:
        parts.append(_text("\n".join(f"-# {line}" for line in card.log)))
    if card.footer:
        parts.append(_text(f"-# {card.footer}"))
    return parts


def sent(card: Card) -> dict[str, Any]:
    """The card as a new message's arguments (``send``, ``send_message``, a follow-up)."""
    return {"view": layout(card), "files": card.files(), **_mentions(card)}


def edited(card: Card) -> dict[str, Any]:
    """The card as an edit's arguments: its picture replaces the message's."""
    return {"view": layout(card), "attachments": card.files(), **_mentions(card)}


def _mentions(card: Card) -> dict[str, Any]:
    """Lets the card's pings through the bot's default of mentioning nobody."""
    if not card.pings:
        return {}
    users = [discord.Object(user) for user in card.pings]
    return {"allowed_mentions": discord.AllowedMentions(users=users)}


def stripped(message: discord.Message) -> dict[str, Any]:
    """An edit's arguments that take a message's controls off and leave what it reads: a
    V2 message keeps its layout without its action rows (and the space above them); a
    classic one loses its components.

    A V2 message's pictures stay by naming their files (``attachment://``) and listing
    those files among the attachments the edit keeps: Discord documents such a name only
    for a file of the same request, and leaves the files its components show out of the
    message's ``attachments``, so they are found through the components."""
    if not message.flags.components_v2:
        return {"view": None}
    view = discord.ui.LayoutView.from_message(message, timeout=None)
    kept: list[discord.Attachment] = []
    for item in list(view.walk_children()):
        if isinstance(item, discord.ui.ActionRow):
            _parent(view, item).remove_item(item)
        elif isinstance(item, discord.ui.MediaGallery):
            for picture in item.items:
                picture.media = _uploaded(picture.media, message, kept)
        elif isinstance(item, discord.ui.Thumbnail):
            item.media = _uploaded(item.media, message, kept)
    for item in list(view.walk_children()):
        if isinstance(item, discord.ui.Container):
            while item.children and isinstance(item.children[-1], discord.ui.Separator):
                item.remove_item(item.children[-1])
    # As the bot's own layouts go: finished, so that discord.py keeps none of it.
    left: list[Component] = view.to_components()  # type: ignore[no-untyped-call]
    return {"view": Layout(left), "attachments": [*message.attachments, *kept]}


def _parent(
    view: discord.ui.LayoutView, item: discord.ui.Item[Any]
) -> discord.ui.LayoutView | discord.ui.Container[Any]:
    parent = item.parent
    return parent if isinstance(parent, discord.ui.Container) else view


def _uploaded(
    media: discord.UnfurledMediaItem, message: discord.Message, kept: list[discord.Attachment]
) -> discord.UnfurledMediaItem:
    """A picture of the message's own file named as it was sent (``attachment://``), so
    that the edit keeps showing that file (the address Discord returns for it expires);
    the file goes into ``kept``."""
    if media.attachment_id is None:
        return media
    filename = unquote(urlsplit(media.url).path.rsplit("/", 1)[-1])
    kept.append(
        discord.Attachment(
            data={
                "id": media.attachment_id,
                "filename": filename,
                "size": 0,
                "url": media.url,
                "proxy_url": media.proxy_url or media.url,
            },
            state=message._state,
        )
    )
    return discord.UnfurledMediaItem(f"attachment://{filename}")
