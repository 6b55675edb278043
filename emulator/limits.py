"""Discord's rules for a message body (content, embeds, components, attachments' alt
text, nonce), the same on every route that carries one; a Components V2 message (the
IS_COMPONENTS_V2 flag) by V2's rules (``components``).

The functions take the JSON body as sent, so a test can hold anything the bot builds
(``embed.to_dict()``, ``view.to_components()``) to exactly what the emulator accepts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from emulator.components import IS_COMPONENTS_V2, check_components
from emulator.form import Form, Problem, errors_object
from emulator.responses import DiscordError

CONTENT_LENGTH = 2000
EMBEDS = 10
EMBED_TOTAL = 6000
NONCE_LENGTH = 25
EMBED_COLOR_MOST = 0xFFFFFF
DESCRIPTION_LENGTH = 1024
"""An attachment's description (alt text)."""
FLAGS_MOST = 2**63 - 1
"""Flags are a 64-bit field."""
LEGACY_CODE = "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2"


def message_problems(
    body: Mapping[str, Any], *, components_v2: bool | None = None
) -> list[Problem]:
    """Why Discord would refuse this message body with 50035 Invalid Form Body; [] if
    it would not. ``components_v2``: whether to judge it as a V2 message, as its
    ``flags`` say unless given (an edit without flags is judged as its message is)."""
    v2 = flagged_v2(body) if components_v2 is None else components_v2
    form = Form()
    if v2:
        form.problems += legacy_problems(
            body.get("content"), body.get("embeds"), body.get("sticker_ids"), body.get("poll")
        )
    else:
        form.text(("content",), body.get("content"), CONTENT_LENGTH)
        _check_embeds(form, body.get("embeds"))
    _check_nonce(form, body.get("nonce"))
    form.number(("flags",), body.get("flags"), 0, FLAGS_MOST)
    check_components(form, body.get("components"), v2=v2)
    for at, entry in form.objects(("attachments",), body.get("attachments"), None):
        form.text((*at, "description"), entry.get("description"), DESCRIPTION_LENGTH)
    return form.problems


def flagged_v2(body: Mapping[str, Any]) -> bool:
    """Whether the body's ``flags`` ask for a Components V2 message."""
    flags = body.get("flags")
    return isinstance(flags, int) and bool(flags & IS_COMPONENTS_V2)


def legacy_problems(
    content: object, embeds: object, sticker_ids: object, poll: object
) -> list[Problem]:
    """What a V2 message may not have: content, embeds, stickers or a poll. Empty ones
    (null or "", [], null) are none, which is how an edit into V2 takes them away."""
    given = {
        "content": content not in (None, ""),
        "embeds": embeds not in (None, []),
        "sticker_ids": sticker_ids not in (None, []),
        "poll": poll is not None,
    }
    return [
        Problem(
            (name,),
            LEGACY_CODE,
            f"The '{name}' field cannot be used when using MessageFlags.IS_COMPONENTS_V2",
        )
        for name, used in given.items()
        if used
    ]


def refusal(problems: list[Problem]) -> DiscordError:
    """Discord's 50035 answer for these problems."""
    return DiscordError(400, 50035, "Invalid Form Body", errors_object(problems))


def check_form(body: Mapping[str, Any], *, components_v2: bool | None = None) -> None:
    """Raises Discord's 50035 answer, with its ``errors`` object, if the body breaks a
    rule (``message_problems``)."""
    problems = message_problems(body, components_v2=components_v2)
    if problems:
        raise refusal(problems)


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
        # A colour is 24-bit RGB: Discord refuses 2**24 and up (NUMBER_TYPE_MAX).
        form.number((*at, "color"), embed.get("color"), 0, EMBED_COLOR_MOST)
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
