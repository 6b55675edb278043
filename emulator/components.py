"""Discord's message components, classic and Components V2, and the rules they keep.

A classic message holds up to 5 action rows of buttons and select menus below its
content and embeds. A message sent with the IS_COMPONENTS_V2 flag holds nothing but
components, laid out in any order. The rules below come from Discord's documentation
(``components/reference``, ``resources/message``, the change log of April 2025);
"chosen" marks where it says nothing and the emulator decided, in the shape of
Discord's documented 50035 form errors.

Where each type may be:

- top level of a V2 message: action row (1), section (9), text display (10), media
  gallery (12), file (13), separator (14), container (17); of a classic message,
  action rows only;
- in a container: the same but containers; a container holds at least one (chosen);
- in a section: 1 to 3 text displays, and one accessory, required: a button (2) or a
  thumbnail (11), which goes nowhere else;
- in an action row: 1 to 5 buttons, or one select menu (3, 5, 6, 7, 8).

What each needs:

- text display: ``content``, not blank (chosen); all of a message's text displays
  together at most 4000 characters (as discord.py's ``LayoutView.content_length``
  says; the place is ``components``, the code chosen);
- media gallery: 1 to 10 ``items``, each a ``media`` with a ``url``, a ``description``
  (alt text) of at most 1024 and a boolean ``spoiler``;
- thumbnail: ``media`` with a ``url``, ``description`` at most 1024, ``spoiler``;
- file: ``file`` with an ``attachment://<filename>`` url, nothing else; ``name`` and
  ``size`` are Discord's to fill in;
- separator: ``divider`` a boolean, ``spacing`` 1 (small) or 2 (large);
- container: ``accent_color`` null or 0 to 0xFFFFFF, ``spoiler`` a boolean;
- a media url is http(s) or ``attachment://`` (the file uploaded with the message
  under that name: one that isn't there is refused, chosen, see ``missing_attachments``);
- buttons and selects as in classic messages (``custom_id`` 1 to 100 characters,
  unique in the message).

Counting: a V2 message has at most 40 components, nested ones counted (every
component object: rows, buttons, sections, their texts and accessories; not a
gallery's items); there is no top-level limit since April 2025, and none on a
container's children. A classic message keeps its 5 rows of 5.

Ids: ``id`` is optional, an int32 (0 to 2147483647 here, chosen: Discord's own are
positive) and unique in the message; 0 counts as none. Discord fills in the missing
ones in order, 1, 2, 3..., skipping ids the message already uses (``with_ids``).
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from emulator.form import Form, Path

IS_COMPONENTS_V2 = 1 << 15
"""The message flag that makes a message all components."""

ACTION_ROW = 1
BUTTON = 2
STRING_SELECT = 3
SECTION = 9
TEXT_DISPLAY = 10
THUMBNAIL = 11
MEDIA_GALLERY = 12
FILE = 13
SEPARATOR = 14
CONTAINER = 17
SELECTS = frozenset({STRING_SELECT, 5, 6, 7, 8})
"""String, user, role, mentionable and channel select menus: each fills its row."""
INTERACTIVE = frozenset({BUTTON, *SELECTS})

TOP_LEVEL = (ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER)
IN_CONTAINER = (ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR)
IN_SECTION = (TEXT_DISPLAY,)
ACCESSORIES = (BUTTON, THUMBNAIL)

ROWS = 5
ROW_WIDTH = 5
CUSTOM_ID_LENGTH = 100
MOST_COMPONENTS = 40
TEXT_LENGTH = 4000
GALLERY_ITEMS = 10
SECTION_TEXTS = 3
DESCRIPTION_LENGTH = 1024
LARGEST_ID = 2**31 - 1
LARGEST_COLOR = 0xFFFFFF
SPACINGS = (1, 2)
LINK_STYLE = 5
PREMIUM_STYLE = 6
ATTACHED = "attachment://"


def check_components(form: Form, components: object, *, v2: bool) -> None:
    """Notes in ``form`` what breaks the rules in a message's ``components``, as a V2
    message's or a classic one's."""
    checker = _Checker(form)
    if v2:
        checker.v2(components)
    else:
        checker.classic(components)


def walk(components: object, path: Path = ("components",)) -> Iterator[tuple[Path, dict[str, Any]]]:
    """Every component, nested ones too, each with its place, in the order a member
    reads them: a layout before what it holds, a section's texts before its accessory."""
    if not isinstance(components, list):
        return
    for index, component in enumerate(components):
        if not isinstance(component, dict):
            continue
        at = (*path, index)
        yield at, component
        yield from walk(component.get("components"), (*at, "components"))
        accessory = component.get("accessory")
        if isinstance(accessory, dict):
            yield (*at, "accessory"), accessory


def texts(components: object) -> list[str]:
    """What the text displays say, wherever they are, in reading order."""
    return [str(c.get("content")) for _, c in walk(components) if c.get("type") == TEXT_DISPLAY]


def media(components: object) -> Iterator[tuple[Path, dict[str, Any], dict[str, Any]]]:
    """Every piece of media the components show (gallery items, thumbnails, files): its
    place, its unfurled media item, and the component that shows it."""
    for at, component in walk(components):
        kind = component.get("type")
        if kind == MEDIA_GALLERY:
            items = component.get("items")
            for index, item in enumerate(items if isinstance(items, list) else []):
                if isinstance(item, dict) and isinstance(item.get("media"), dict):
                    yield (*at, "items", index, "media"), item["media"], component
        elif kind in (THUMBNAIL, FILE):
            key = "media" if kind == THUMBNAIL else "file"
            if isinstance(component.get(key), dict):
                yield (*at, key), component[key], component


def attached_name(url: object) -> str | None:
    """The file an ``attachment://`` url names; None for any other url."""
    if isinstance(url, str) and url.startswith(ATTACHED):
        return url.removeprefix(ATTACHED)
    return None


def referenced_files(components: object) -> set[str]:
    """The names of the uploaded files the components show."""
    return {name for _, item, _ in media(components) if (name := attached_name(item.get("url")))}


def missing_attachments(form: Form, components: object, filenames: set[str]) -> None:
    """Refuses each ``attachment://`` url naming no file the message has (chosen: Discord
    documents no answer; the place is the url, as for any other field)."""
    for at, item, _ in media(components):
        name = attached_name(item.get("url"))
        if name is not None and name not in filenames:
            form.refuse(
                (*at, "url"),
                "ATTACHMENT_NOT_FOUND",
                f"No file named {name!r} is attached to the message.",
            )


def with_ids(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A copy of the components in which every one without an id (or with 0) has one,
    as Discord numbers them: in reading order from 1, skipping ids already taken."""
    numbered = copy.deepcopy(components)
    taken = {c.get("id") for _, c in walk(numbered)}
    next_id = 1
    for _, component in walk(numbered):
        if component.get("id") in (None, 0):
            while next_id in taken:
                next_id += 1
            component["id"] = next_id
            taken.add(next_id)
    return numbered


@dataclass
class _Checker:
    form: Form
    custom_ids: set[str] = field(default_factory=set)
    ids: set[int] = field(default_factory=set)
    count: int = 0
    text_length: int = 0

    def classic(self, rows: object) -> None:
        for at, row in self.form.objects(("components",), rows, ROWS):
            self._id(at, row)
            if row.get("type") != ACTION_ROW:
                self.form.refuse(
                    (*at, "type"), "UNION_TYPE_CHOICES", 'Value of field "type" must be 1.'
                )
                continue
            self._action_row(at, row)

    def v2(self, components: object) -> None:
        for at, component in self.form.objects(("components",), components, None):
            self._component(at, component, TOP_LEVEL)
        if self.count > MOST_COMPONENTS:
            self.form.refuse(
                ("components",),
                "MAX_COMPONENTS_EXCEEDED",
                f"A message has at most {MOST_COMPONENTS} components, nested ones counted.",
            )
        if self.text_length > TEXT_LENGTH:
            self.form.refuse(
                ("components",),
                "MAX_TEXT_DISPLAY_LENGTH_EXCEEDED",
                f"The text displays together must be {TEXT_LENGTH} or fewer in length.",
            )

    def _component(self, at: Path, component: Mapping[str, Any], allowed: tuple[int, ...]) -> None:
        self.count += 1
        self._id(at, component)
        kind = component.get("type")
        if kind not in allowed:
            self.form.refuse(
                (*at, "type"),
                "UNION_TYPE_CHOICES",
                f'Value of field "type" must be one of {allowed}.',
            )
        elif kind == ACTION_ROW:
            self._action_row(at, component)
        elif kind == SECTION:
            self._section(at, component)
        elif kind == TEXT_DISPLAY:
            content = self.form.text(
                (*at, "content"), component.get("content"), TEXT_LENGTH, required=True
            )
            self.text_length += len(content)
        elif kind == MEDIA_GALLERY:
            items = self.form.objects(
                (*at, "items"), component.get("items"), GALLERY_ITEMS, least=1
            )
            for item_at, item in items:
                self._media((*item_at, "media"), item.get("media"))
                self._picture_extras(item_at, item)
        elif kind == THUMBNAIL:
            self._media((*at, "media"), component.get("media"))
            self._picture_extras(at, component)
        elif kind == FILE:
            self._file(at, component)
        elif kind == SEPARATOR:
            self.form.boolean((*at, "divider"), component.get("divider"))
            spacing = component.get("spacing")
            if spacing is not None and (isinstance(spacing, bool) or spacing not in SPACINGS):
                self.form.refuse(
                    (*at, "spacing"), "BASE_TYPE_CHOICES", f"Value must be one of {SPACINGS}."
                )
        elif kind == CONTAINER:
            self.form.number((*at, "accent_color"), component.get("accent_color"), 0, LARGEST_COLOR)
            self.form.boolean((*at, "spoiler"), component.get("spoiler"))
            children = self.form.objects(
                (*at, "components"), component.get("components"), None, least=1
            )
            for child_at, child in children:
                self._component(child_at, child, IN_CONTAINER)
        else:
            self._interactive(at, component)

    def _section(self, at: Path, section: Mapping[str, Any]) -> None:
        texts = self.form.objects(
            (*at, "components"), section.get("components"), SECTION_TEXTS, least=1
        )
        for text_at, text in texts:
            self._component(text_at, text, IN_SECTION)
        accessory = self.form.mapping((*at, "accessory"), section.get("accessory"))
        if accessory is not None:
            self._component((*at, "accessory"), accessory, ACCESSORIES)

    def _action_row(self, at: Path, row: Mapping[str, Any]) -> None:
        children = self.form.objects((*at, "components"), row.get("components"), ROW_WIDTH, least=1)
        if len(children) > 1 and any(child.get("type") in SELECTS for _, child in children):
            self.form.refuse(
                (*at, "components"),
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "The specified component exceeds the maximum width",
            )
        for child_at, child in children:
            self.count += 1
            self._id(child_at, child)
            if child.get("type") in INTERACTIVE:
                self._interactive(child_at, child)
            else:
                self.form.refuse(
                    (*child_at, "type"),
                    "UNION_TYPE_CHOICES",
                    'Value of field "type" must be a button or a select menu.',
                )

    def _interactive(self, at: Path, component: Mapping[str, Any]) -> None:
        if component.get("type") == BUTTON:
            _check_button(self.form, at, component)
        else:
            _check_select(self.form, at, component)
        if component.get("custom_id") is None:
            return
        custom_id = str(component["custom_id"])
        if custom_id in self.custom_ids:
            self.form.refuse(
                (*at, "custom_id"),
                "COMPONENT_CUSTOM_ID_DUPLICATED",
                "Component custom id cannot be duplicated",
            )
        self.custom_ids.add(custom_id)

    def _id(self, at: Path, component: Mapping[str, Any]) -> None:
        given = component.get("id")
        if not self.form.number((*at, "id"), given, 0, LARGEST_ID) or not given:
            return
        if given in self.ids:
            self.form.refuse(
                (*at, "id"), "COMPONENT_ID_DUPLICATED", "Component id cannot be duplicated"
            )
        self.ids.add(given)

    def _media(self, at: Path, media: object, *, attachment_only: bool = False) -> None:
        found = self.form.mapping(at, media)
        if found is None:
            return
        url = found.get("url")
        if not isinstance(url, str) or not url.strip():
            self.form.refuse((*at, "url"), "BASE_TYPE_REQUIRED", "This field is required")
        elif attachment_only and attached_name(url) is None:
            self.form.refuse(
                (*at, "url"),
                "URL_TYPE_INVALID_URL",
                "A file component shows an uploaded file: attachment://<filename>.",
            )
        elif not url.startswith(("http://", "https://", ATTACHED)):
            self.form.refuse((*at, "url"), "URL_TYPE_INVALID_URL", "Not a well formed URL.")

    def _picture_extras(self, at: Path, picture: Mapping[str, Any]) -> None:
        self.form.text((*at, "description"), picture.get("description"), DESCRIPTION_LENGTH)
        self.form.boolean((*at, "spoiler"), picture.get("spoiler"))

    def _file(self, at: Path, component: Mapping[str, Any]) -> None:
        self._media((*at, "file"), component.get("file"), attachment_only=True)
        self.form.boolean((*at, "spoiler"), component.get("spoiler"))


def _check_button(form: Form, at: Path, button: Mapping[str, Any]) -> None:
    style = button.get("style")
    custom_id = button.get("custom_id")
    if style == LINK_STYLE:
        form.text((*at, "url"), button.get("url"), 512, required=True)
        form.absent((*at, "custom_id"), custom_id, "A link button cannot have a custom id")
    elif style == PREMIUM_STYLE:
        form.text((*at, "sku_id"), button.get("sku_id"), 20, required=True)
        form.absent((*at, "custom_id"), custom_id, "A premium button cannot have a custom id")
        form.absent((*at, "label"), button.get("label"), "A premium button cannot have a label")
        form.absent((*at, "url"), button.get("url"), "A premium button cannot have a url")
    else:
        form.text((*at, "custom_id"), custom_id, CUSTOM_ID_LENGTH, least=1, required=True)
        form.absent((*at, "url"), button.get("url"), "Only a link button has a url")
    form.text((*at, "label"), button.get("label"), 80)


def _check_select(form: Form, at: Path, select: Mapping[str, Any]) -> None:
    form.text((*at, "custom_id"), select.get("custom_id"), CUSTOM_ID_LENGTH, least=1, required=True)
    form.text((*at, "placeholder"), select.get("placeholder"), 150)
    form.number((*at, "min_values"), select.get("min_values"), 0, 25)
    form.number((*at, "max_values"), select.get("max_values"), 1, 25)
    if select.get("type") != STRING_SELECT:
        return
    for option_at, option in form.objects((*at, "options"), select.get("options"), 25, least=1):
        form.text((*option_at, "label"), option.get("label"), 100, least=1, required=True)
        form.text((*option_at, "value"), option.get("value"), 100, least=1, required=True)
        form.text((*option_at, "description"), option.get("description"), 100)
