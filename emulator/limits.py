"""Discord's rules for a message body (content, embeds, components, attachments' alt
text, nonce), the same on every route that carries one; a Components V2 message (the
IS_COMPONENTS_V2 flag) by V2's rules (``components``). What Discord's description of
its API says of a message (lengths, types, which fields) is checked from it
(``request_schemas`` on every route); the rules here are the rest, which it can't say:
a message's blank texts, its embeds' 6,000 characters together, whatever V2 forbids.

The functions take the JSON body as sent, so a test can hold anything the bot builds
(``embed.to_dict()``, ``view.to_components()``) to exactly what the emulator accepts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from emulator.api_description import discord_api
from emulator.api_differences import BOT_CONTENT_LENGTH
from emulator.components import IS_COMPONENTS_V2, check_components
from emulator.form import Form, Problem, errors_object, objects
from emulator.responses import DiscordError
from emulator.schema_checks import discord_checks

CONTENT_LENGTH = BOT_CONTENT_LENGTH
"""The most characters a bot's message holds (``api_differences``)."""
EMBED_TOTAL = 6000
FLAGS_MOST = 2**63 - 1
"""Flags are a 64-bit field."""
LEGACY_CODE = "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2"


def message_problems(
    body: Mapping[str, Any], *, components_v2: bool | None = None
) -> list[Problem]:
    """Why Discord would refuse this message body with 50035 Invalid Form Body; [] if
    it would not: what its description of Create Message refuses, and its rules beyond
    (``rule_problems``)."""
    create = discord_api().operation("POST", "/channels/{}/messages")
    assert create is not None and create.body is not None
    return discord_checks().problems(create.body, body) + rule_problems(
        body, components_v2=components_v2
    )


def rule_problems(body: Mapping[str, Any], *, components_v2: bool | None = None) -> list[Problem]:
    """What Discord refuses in a message body that its description lets through.
    ``components_v2``: whether to judge it as a V2 message, as its ``flags`` say unless
    given (an edit without flags is judged as its message is)."""
    v2 = flagged_v2(body) if components_v2 is None else components_v2
    form = Form()
    if v2:
        form.problems += legacy_problems(
            body.get("content"), body.get("embeds"), body.get("sticker_ids"), body.get("poll")
        )
    else:
        _check_embeds(form, body.get("embeds"))
    flags = body.get("flags")
    if isinstance(flags, int) and not isinstance(flags, bool):
        form.number(("flags",), flags, 0, FLAGS_MOST)
    check_components(form, body.get("components"), v2=v2)
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
    rule (``rule_problems``): a route's body has been held to the description before."""
    problems = rule_problems(body, components_v2=components_v2)
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
    """Raises what Discord answers when creating this message, if it refuses it: 50035
    (``message_problems``), or 50006 when the message would be empty. Files count
    through ``attachments``, as discord.py lists them in the body."""
    problems = message_problems(body)
    if problems:
        raise refusal(problems)
    if is_empty(
        body.get("content"),
        body.get("embeds") or [],
        body.get("attachments") or [],
        body.get("components") or [],
        body.get("sticker_ids") or [],
        body.get("poll"),
    ):
        raise empty_message()


def _check_embeds(form: Form, embeds: object) -> None:
    """What the description leaves out: a field's name and value, and a footer's and an
    author's text, are required and not blank (Discord trims them); the texts of all
    the message's embeds count together towards ``EMBED_TOTAL``."""
    total = 0
    for at, embed in objects(embeds, ("embeds",)):
        total += _length(embed.get("title")) + _length(embed.get("description"))
        for field_at, field in objects(embed.get("fields"), (*at, "fields")):
            for name in ("name", "value"):
                form.blank((*field_at, name), field.get(name))
                total += _length(field.get(name))
        for part, name in (("footer", "text"), ("author", "name")):
            given = embed.get(part)
            if isinstance(given, Mapping):
                form.blank((*at, part, name), given.get(name), required=True)
                total += _length(given.get(name))
    if total > EMBED_TOTAL:
        form.refuse(
            ("embeds",),
            "MAX_EMBED_SIZE_EXCEEDED",
            f"Embed size exceeds maximum size of {EMBED_TOTAL}",
        )


def _length(text: object) -> int:
    return len(text) if isinstance(text, str) else 0
