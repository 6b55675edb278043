"""Discord's message components, classic and Components V2, and the rules they keep
beyond what Discord's description of its API says of each (where each kind may be, a
field's type and length, how many of each there are: ``request_schemas`` checks those
on every route).

A classic message holds up to 5 action rows of buttons and select menus below its
content and embeds. A message sent with the IS_COMPONENTS_V2 flag holds nothing but
components, laid out in any order. The rules below come from Discord's documentation
(``components/reference``, ``resources/message``, the change log of April 2025);
"chosen" marks where it says nothing and the emulator decided, in the shape of
Discord's documented 50035 form errors:

- a classic message holds at most 5 rows, and nothing but action rows at the top;
- a select menu fills its action row alone;
- a text display's ``content`` is not blank (chosen);
- a V2 message has at most 40 components, nested ones counted (every component
  object: rows, buttons, sections, their texts and accessories; not a gallery's
  items), and its text displays together at most 4000 characters (as discord.py's
  ``LayoutView.content_length`` says; the place is ``components``, the codes chosen);
- a media url is http(s) or ``attachment://`` (the file uploaded with the message
  under that name: one that isn't there is refused, chosen, see
  ``missing_attachments``); a file component's only ``attachment://``;
- a link button has a ``url`` and no ``custom_id``, a premium button an ``sku_id`` and
  no ``custom_id``, ``label`` or ``url``, any other a ``custom_id`` and no ``url``;
  ``custom_id`` is unique in the message.

Ids: ``id`` is optional, an int32 (0 to 2147483647 here, chosen: Discord's own are
positive) and unique in the message; 0 counts as none. Discord fills in the missing
ones in order, 1, 2, 3..., skipping ids the message already uses (``with_ids``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from emulator.form import Form, Path, objects

IS_COMPONENTS_V2 = 1 << 15
"""The message flag that makes a message all components."""

ACTION_ROW = 1
BUTTON = 2
STRING_SELECT = 3
USER_SELECT = 5
SECTION = 9
TEXT_DISPLAY = 10
THUMBNAIL = 11
MEDIA_GALLERY = 12
FILE = 13
SEPARATOR = 14
CONTAINER = 17
SELECTS = frozenset({STRING_SELECT, USER_SELECT, 6, 7, 8})
"""String, user, role, mentionable and channel select menus: each fills its row."""
INTERACTIVE = frozenset({BUTTON, *SELECTS})
TOP_LEVEL = frozenset(
    {ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER}
)
"""What a message's top level may hold, by the description: a classic message's only
action rows."""

ROWS = 5
MOST_COMPONENTS = 40
TEXT_LENGTH = 4000
LINK_STYLE = 5
PREMIUM_STYLE = 6
ATTACHED = "attachment://"
MEDIA_SCHEMES = frozenset({"http", "https", "attachment"})


def check_components(form: Form, components: object, *, v2: bool) -> None:
    """Notes in ``form`` what breaks the rules in a message's ``components``, as a V2
    message's or a classic one's."""
    checker = _Checker(form)
    if v2:
        checker.v2(components)
    else:
        checker.classic(components)


def walk(components: object, path: Path = ("components",)) -> list[tuple[Path, dict[str, Any]]]:
    """Every component, nested ones too, each with its place, in the order a member
    reads them: a layout before what it holds, a section's texts before its accessory.
    A list, gathered in one pass: every message the emulator sends or checks is walked
    several times, and nested generators cost as much again as the walking."""
    found: list[tuple[Path, dict[str, Any]]] = []
    _walk_into(components, path, found)
    return found


def _walk_into(components: object, path: Path, found: list[tuple[Path, dict[str, Any]]]) -> None:
    if not isinstance(components, list):
        return
    for index, component in enumerate(components):
        if not isinstance(component, dict):
            continue
        at = (*path, index)
        found.append((at, component))
        inner = component.get("components")
        if inner is not None:
            _walk_into(inner, (*at, "components"), found)
        accessory = component.get("accessory")
        if isinstance(accessory, dict):
            found.append(((*at, "accessory"), accessory))


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
    numbered: list[dict[str, Any]] = _copied(components)
    every = walk(numbered)
    taken = {c.get("id") for _, c in every}
    next_id = 1
    for _, component in every:
        if component.get("id") in (None, 0):
            while next_id in taken:
                next_id += 1
            component["id"] = next_id
            taken.add(next_id)
    return numbered


def _copied(value: Any) -> Any:
    """A copy of JSON data (objects, arrays and what they hold): ``copy.deepcopy`` does
    the same several times slower, minding shared and cyclic objects JSON never has."""
    if isinstance(value, dict):
        return {key: _copied(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copied(item) for item in value]
    return value


@dataclass
class _Checker:
    form: Form
    custom_ids: set[str] = field(default_factory=set)
    ids: set[int] = field(default_factory=set)
    count: int = 0
    text_length: int = 0

    def classic(self, rows: object) -> None:
        found = objects(rows, ("components",))
        if isinstance(rows, list) and len(rows) > ROWS:
            self.form.refuse(
                ("components",), "BASE_TYPE_MAX_LENGTH", f"Must be {ROWS} or fewer in length."
            )
        for at, row in found:
            self._id(at, row)
            kind = row.get("type")
            if kind == ACTION_ROW:
                self._action_row(at, row)
            elif kind in TOP_LEVEL:
                self.form.refuse(
                    (*at, "type"), "UNION_TYPE_CHOICES", 'Value of field "type" must be 1.'
                )

    def v2(self, components: object) -> None:
        for at, component in objects(components, ("components",)):
            self._component(at, component)
        # More than 40 at the top is the description's to refuse.
        top = len(components) if isinstance(components, list) else 0
        if self.count > MOST_COMPONENTS and top <= MOST_COMPONENTS:
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

    def _component(self, at: Path, component: Mapping[str, Any]) -> None:
        self.count += 1
        self._id(at, component)
        kind = component.get("type")
        if kind == ACTION_ROW:
            self._action_row(at, component)
        elif kind in (SECTION, CONTAINER):
            for child_at, child in objects(component.get("components"), (*at, "components")):
                self._component(child_at, child)
            accessory = component.get("accessory")
            if isinstance(accessory, Mapping):
                self._component((*at, "accessory"), accessory)
        elif kind == TEXT_DISPLAY:
            content = component.get("content")
            self.form.blank((*at, "content"), content)
            self.text_length += len(content) if isinstance(content, str) else 0
        elif kind == MEDIA_GALLERY:
            for item_at, item in objects(component.get("items"), (*at, "items")):
                self._media((*item_at, "media"), item.get("media"))
        elif kind == THUMBNAIL:
            self._media((*at, "media"), component.get("media"))
        elif kind == FILE:
            self._media((*at, "file"), component.get("file"), attachment_only=True)
        elif kind in INTERACTIVE:
            self._interactive(at, component)

    def _action_row(self, at: Path, row: Mapping[str, Any]) -> None:
        children = objects(row.get("components"), (*at, "components"))
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

    def _interactive(self, at: Path, component: Mapping[str, Any]) -> None:
        if component.get("type") == BUTTON:
            _check_button(self.form, at, component)
        custom_id = component.get("custom_id")
        if not isinstance(custom_id, str):
            return
        if custom_id in self.custom_ids:
            self.form.refuse(
                (*at, "custom_id"),
                "COMPONENT_CUSTOM_ID_DUPLICATED",
                "Component custom id cannot be duplicated",
            )
        self.custom_ids.add(custom_id)

    def _id(self, at: Path, component: Mapping[str, Any]) -> None:
        given = component.get("id")
        if not isinstance(given, int) or isinstance(given, bool) or not given:
            return
        if given in self.ids:
            self.form.refuse(
                (*at, "id"), "COMPONENT_ID_DUPLICATED", "Component id cannot be duplicated"
            )
        self.ids.add(given)

    def _media(self, at: Path, media: object, *, attachment_only: bool = False) -> None:
        """A url's scheme: the description refuses a url that is none, or missing."""
        url = media.get("url") if isinstance(media, Mapping) else None
        if not isinstance(url, str) or "://" not in url:
            return
        if attachment_only and attached_name(url) is None:
            self.form.refuse(
                (*at, "url"),
                "URL_TYPE_INVALID_URL",
                "A file component shows an uploaded file: attachment://<filename>.",
            )
        elif url.partition("://")[0] not in MEDIA_SCHEMES:
            self.form.refuse((*at, "url"), "URL_TYPE_INVALID_URL", "Not a well formed URL.")


def _check_button(form: Form, at: Path, button: Mapping[str, Any]) -> None:
    style = button.get("style")
    custom_id = button.get("custom_id")
    if style == LINK_STYLE:
        form.blank((*at, "url"), button.get("url"), required=True)
        form.absent((*at, "custom_id"), custom_id, "A link button cannot have a custom id")
    elif style == PREMIUM_STYLE:
        form.blank((*at, "sku_id"), button.get("sku_id"), required=True)
        form.absent((*at, "custom_id"), custom_id, "A premium button cannot have a custom id")
        form.absent((*at, "label"), button.get("label"), "A premium button cannot have a label")
        form.absent((*at, "url"), button.get("url"), "A premium button cannot have a url")
    else:
        form.blank((*at, "custom_id"), custom_id, required=True)
        form.absent((*at, "url"), button.get("url"), "Only a link button has a url")
