"""Discord's rules for a message body (content, embeds, classic components, nonce), the
same on every route that carries one.

The functions take the JSON body as sent, so a test can hold anything the bot builds
(``embed.to_dict()``, ``view.to_components()``) to exactly what the emulator accepts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from emulator.responses import DiscordError

CONTENT_LENGTH = 2000
EMBEDS = 10
EMBED_TOTAL = 6000
NONCE_LENGTH = 25
ROWS = 5
ROW_WIDTH = 5
CUSTOM_ID_LENGTH = 100

ACTION_ROW = 1
BUTTON = 2
STRING_SELECT = 3
SELECTS = frozenset({STRING_SELECT, 5, 6, 7, 8})
"""String, user, role, mentionable and channel select menus: each fills its row."""
LINK_STYLE = 5
PREMIUM_STYLE = 6

Path = tuple[str | int, ...]


@dataclass(frozen=True)
class Problem:
    """One reason for a 50035 refusal, at its place in the body (``embeds.0.title``)."""

    path: Path
    code: str
    message: str

    def __str__(self) -> str:
        return f"{'.'.join(map(str, self.path))}: {self.message}"


def message_problems(body: Mapping[str, Any]) -> list[Problem]:
    """Why Discord would refuse this message body with 50035 Invalid Form Body; [] if
    it would not."""
    form = Form()
    form.text(("content",), body.get("content"), CONTENT_LENGTH)
    _check_nonce(form, body.get("nonce"))
    _check_embeds(form, body.get("embeds"))
    _check_components(form, body.get("components"))
    return form.problems


def check_form(body: Mapping[str, Any]) -> None:
    """Raises Discord's 50035 answer, with its ``errors`` object, if the body breaks a rule."""
    problems = message_problems(body)
    if problems:
        raise DiscordError(400, 50035, "Invalid Form Body", errors_object(problems))


def is_empty(
    content: str | None,
    embeds: Sequence[object],
    attachments: Sequence[object],
    components: Sequence[object],
    sticker_ids: Sequence[object] = (),
    poll: object = None,
) -> bool:
    """Whether a message has nothing Discord counts (content of only whitespace is none)."""
    has_text = bool((content or "").strip())
    return not (has_text or embeds or attachments or components or sticker_ids) and poll is None


def empty_message() -> DiscordError:
    return DiscordError(400, 50006, "Cannot send an empty message")


def check_message(body: Mapping[str, Any]) -> None:
    """Raises what Discord answers when creating this message, if it refuses it: 50035,
    or 50006 when the message would be empty. Files count through ``attachments``, as
    discord.py lists them in the body."""
    check_form(body)
    if is_empty(
        body.get("content"),
        body.get("embeds") or [],
        body.get("attachments") or [],
        body.get("components") or [],
        body.get("sticker_ids") or [],
        body.get("poll"),
    ):
        raise empty_message()


class Form:
    """The problems found so far, and checks that note them."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def refuse(self, path: Path, code: str, message: str) -> None:
        self.problems.append(Problem(path, code, message))

    def text(
        self, path: Path, value: object, most: int, *, least: int = 0, required: bool = False
    ) -> str:
        """The text at ``path`` ("" without one). ``required`` refuses a missing or
        blank one, as Discord trims before it checks."""
        if value is None or (required and not str(value).strip()):
            if required:
                self.refuse(path, "BASE_TYPE_REQUIRED", "This field is required")
            return ""
        text = str(value)
        if least and not least <= len(text) <= most:
            self.refuse(
                path, "BASE_TYPE_BAD_LENGTH", f"Must be between {least} and {most} in length."
            )
        elif len(text) > most:
            self.refuse(path, "BASE_TYPE_MAX_LENGTH", f"Must be {most} or fewer in length.")
        return text

    def objects(
        self, path: Path, value: object, most: int, *, least: int = 0
    ) -> list[tuple[Path, Mapping[str, Any]]]:
        """The objects of the array at ``path``, each with its own path."""
        if value is None:
            if least:
                self.refuse(path, "BASE_TYPE_REQUIRED", "This field is required")
            return []
        if not isinstance(value, list):
            self.refuse(path, "BASE_TYPE_ARRAY", "Must be an array.")
            return []
        if len(value) > most:
            self.refuse(path, "BASE_TYPE_MAX_LENGTH", f"Must be {most} or fewer in length.")
        elif len(value) < least:
            self.refuse(path, "BASE_TYPE_MIN_LENGTH", f"Must be {least} or more in length.")
        found = []
        for index, item in enumerate(value):
            if isinstance(item, Mapping):
                found.append(((*path, index), item))
            else:
                self.refuse((*path, index), "MODEL_TYPE_CONVERT", "Only dictionaries may be used")
        return found

    def number(self, path: Path, value: object, least: int, most: int) -> None:
        if value is None:
            return
        if isinstance(value, bool) or not isinstance(value, int):
            self.refuse(path, "NUMBER_TYPE_COERCE", f"Value {value!r} is not int.")
        elif value < least:
            self.refuse(
                path, "NUMBER_TYPE_MIN", f"int value should be greater than or equal to {least}."
            )
        elif value > most:
            self.refuse(
                path, "NUMBER_TYPE_MAX", f"int value should be less than or equal to {most}."
            )

    def absent(self, path: Path, value: object, why: str) -> None:
        if value is not None:
            self.refuse(path, "COMPONENT_INVALID_FIELD", why)


def _check_nonce(form: Form, nonce: object) -> None:
    if nonce is None:
        return
    if isinstance(nonce, bool) or not isinstance(nonce, str | int):
        form.refuse(("nonce",), "BASE_TYPE_CHOICES", "Must be a string or an integer.")
    elif len(str(nonce)) > NONCE_LENGTH:
        form.refuse(
            ("nonce",), "BASE_TYPE_MAX_LENGTH", f"Must be {NONCE_LENGTH} or fewer in length."
        )


def _check_embeds(form: Form, embeds: object) -> None:
    # The 6000 counts these texts over all the message's embeds together.
    total = 0
    for at, embed in form.objects(("embeds",), embeds, EMBEDS):
        total += len(form.text((*at, "title"), embed.get("title"), 256))
        total += len(form.text((*at, "description"), embed.get("description"), 4096))
        for field_at, field in form.objects((*at, "fields"), embed.get("fields"), 25):
            total += len(form.text((*field_at, "name"), field.get("name"), 256, required=True))
            total += len(form.text((*field_at, "value"), field.get("value"), 1024, required=True))
        footer = embed.get("footer")
        if isinstance(footer, Mapping):
            total += len(
                form.text((*at, "footer", "text"), footer.get("text"), 2048, required=True)
            )
        author = embed.get("author")
        if isinstance(author, Mapping):
            total += len(form.text((*at, "author", "name"), author.get("name"), 256, required=True))
    if total > EMBED_TOTAL:
        form.refuse(
            ("embeds",),
            "MAX_EMBED_SIZE_EXCEEDED",
            f"Embed size exceeds maximum size of {EMBED_TOTAL}",
        )


def _check_components(form: Form, rows: object) -> None:
    custom_ids: set[str] = set()
    for at, row in form.objects(("components",), rows, ROWS):
        if row.get("type") != ACTION_ROW:
            form.refuse((*at, "type"), "UNION_TYPE_CHOICES", 'Value of field "type" must be 1.')
            continue
        children = form.objects((*at, "components"), row.get("components"), ROW_WIDTH, least=1)
        if len(children) > 1 and any(child.get("type") in SELECTS for _, child in children):
            form.refuse(
                (*at, "components"),
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "The specified component exceeds the maximum width",
            )
        for child_at, child in children:
            kind = child.get("type")
            if kind == BUTTON:
                _check_button(form, child_at, child)
            elif kind in SELECTS:
                _check_select(form, child_at, child)
            else:
                form.refuse(
                    (*child_at, "type"),
                    "UNION_TYPE_CHOICES",
                    'Value of field "type" must be a button or a select menu.',
                )
            if child.get("custom_id") is None:
                continue
            custom_id = str(child["custom_id"])
            if custom_id in custom_ids:
                form.refuse(
                    (*child_at, "custom_id"),
                    "COMPONENT_CUSTOM_ID_DUPLICATED",
                    "Component custom id cannot be duplicated",
                )
            custom_ids.add(custom_id)


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


def errors_object(problems: list[Problem]) -> dict[str, Any]:
    """Discord's nested ``errors``: ``{"embeds": {"0": {"title": {"_errors": [...]}}}}``."""
    errors: dict[str, Any] = {}
    for problem in problems:
        node = errors
        for key in problem.path:
            node = node.setdefault(str(key), {})
        node.setdefault("_errors", []).append({"code": problem.code, "message": problem.message})
    return errors
