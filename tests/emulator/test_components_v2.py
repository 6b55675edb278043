"""A Components V2 message (the IS_COMPONENTS_V2 flag) is held to V2's rules: where each
component may be, what it needs, its limits (accepted at them, refused one past them),
no content, embeds, stickers or poll; each refusal a 50035 naming its place."""

from __future__ import annotations

from typing import Any

import pytest

from emulator import message_problems
from emulator.components import IS_COMPONENTS_V2
from tests.emulator.rest import Place
from tests.emulator.v2 import (
    Payload,
    Where,
    button,
    codes_at,
    container,
    gallery,
    item,
    row,
    section,
    select,
    separator,
    text,
    thumbnail,
    v2,
)

LEGACY = "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2"
TYPE = "UNION_TYPE_CHOICES"
TOO_LONG = "BASE_TYPE_MAX_LENGTH"
BAD_LENGTH = "BASE_TYPE_BAD_LENGTH"
POLL = {"question": {"text": "?"}, "answers": [{"poll_media": {"text": "a"}}]}
REQUIRED = "BASE_TYPE_REQUIRED"


def texts(count: int, length: int = 1) -> list[Payload]:
    return [text("x" * length) for _ in range(count)]


REFUSED: dict[str, tuple[Payload, Where, str]] = {
    "content": (v2(text(), content="hi"), ("content",), LEGACY),
    "blank content": (v2(text(), content=" "), ("content",), LEGACY),
    "embeds": (v2(text(), embeds=[{"title": "t"}]), ("embeds",), LEGACY),
    "a poll": (v2(text(), poll=POLL), ("poll",), LEGACY),
    "stickers": (v2(text(), sticker_ids=["1"]), ("sticker_ids",), LEGACY),
    "V2 layout without the flag": (
        {"components": [text()]},
        ("components", 0, "type"),
        TYPE,
    ),
    "button at the top": (v2(button()), ("components", 0, "type"), TYPE),
    "select at the top": (v2(select()), ("components", 0, "type"), TYPE),
    "thumbnail at the top": (v2(thumbnail()), ("components", 0, "type"), TYPE),
    "unknown type": (v2({"type": 99}), ("components", 0, "type"), TYPE),
    "container in a container": (
        v2(container(container(text()))),
        ("components", 0, "components", 0, "type"),
        TYPE,
    ),
    "thumbnail in a container": (
        v2(container(thumbnail())),
        ("components", 0, "components", 0, "type"),
        TYPE,
    ),
    "empty container": (v2(container()), ("components", 0, "components"), BAD_LENGTH),
    "container without components": (
        v2({"type": 17}),
        ("components", 0, "components"),
        REQUIRED,
    ),
    "accent colour over 0xFFFFFF": (
        v2(container(text(), accent_color=0x1000000)),
        ("components", 0, "accent_color"),
        "NUMBER_TYPE_MAX",
    ),
    "negative accent colour": (
        v2(container(text(), accent_color=-1)),
        ("components", 0, "accent_color"),
        "NUMBER_TYPE_MIN",
    ),
    "accent colour as text": (
        v2(container(text(), accent_color="#fff")),
        ("components", 0, "accent_color"),
        "NUMBER_TYPE_COERCE",
    ),
    "container spoiler not a boolean": (
        v2(container(text(), spoiler="yes")),
        ("components", 0, "spoiler"),
        "BASE_TYPE_BOOLEAN",
    ),
    "empty text display": (v2(text("")), ("components", 0, "content"), BAD_LENGTH),
    "blank text display": (v2(text("  ")), ("components", 0, "content"), REQUIRED),
    "text display without content": (
        v2({"type": 10}),
        ("components", 0, "content"),
        REQUIRED,
    ),
    "section without accessory": (
        v2(section(text())),
        ("components", 0, "accessory"),
        REQUIRED,
    ),
    "section without text": (
        v2(section(accessory=button())),
        ("components", 0, "components"),
        BAD_LENGTH,
    ),
    "section with 4 texts": (
        v2(section(*texts(4), accessory=button())),
        ("components", 0, "components"),
        BAD_LENGTH,
    ),
    "button among a section's texts": (
        v2(section(button(), accessory=thumbnail())),
        ("components", 0, "components", 0, "type"),
        "BASE_TYPE_CHOICES",
    ),
    "text display as accessory": (
        v2(section(text(), accessory=text())),
        ("components", 0, "accessory", "type"),
        TYPE,
    ),
    "select as accessory": (
        v2(section(text(), accessory=select())),
        ("components", 0, "accessory", "type"),
        TYPE,
    ),
    "accessory custom_id of 101": (
        v2(section(text(), accessory=button("x" * 101))),
        ("components", 0, "accessory", "custom_id"),
        "BASE_TYPE_BAD_LENGTH",
    ),
    "thumbnail description of 1025": (
        v2(section(text(), accessory=thumbnail(description="x" * 1025))),
        ("components", 0, "accessory", "description"),
        BAD_LENGTH,
    ),
    "thumbnail without media": (
        v2(section(text(), accessory={"type": 11})),
        ("components", 0, "accessory", "media"),
        REQUIRED,
    ),
    "gallery without items": (v2(gallery()), ("components", 0, "items"), BAD_LENGTH),
    "gallery of 11": (v2(gallery(*[item()] * 11)), ("components", 0, "items"), BAD_LENGTH),
    "description of 1025 in a container": (
        v2(container(text(), separator(), gallery(item(description="x" * 1025)))),
        ("components", 0, "components", 2, "items", 0, "description"),
        BAD_LENGTH,
    ),
    "gallery item without media": (
        v2(gallery({"description": "d"})),
        ("components", 0, "items", 0, "media"),
        REQUIRED,
    ),
    "media without url": (
        v2(gallery({"media": {}})),
        ("components", 0, "items", 0, "media", "url"),
        REQUIRED,
    ),
    "media url neither http(s) nor attachment": (
        v2(gallery(item("ftp://example.com/a.png"))),
        ("components", 0, "items", 0, "media", "url"),
        "URL_TYPE_INVALID_URL",
    ),
    "gallery spoiler not a boolean": (
        v2(gallery(item(spoiler=1))),
        ("components", 0, "items", 0, "spoiler"),
        "BASE_TYPE_BOOLEAN",
    ),
    "file from a web address": (
        v2({"type": 13, "file": {"url": "https://example.com/rules.txt"}}),
        ("components", 0, "file", "url"),
        "URL_TYPE_INVALID_URL",
    ),
    "spacing 3": (v2(separator(spacing=3)), ("components", 0, "spacing"), "BASE_TYPE_CHOICES"),
    "spacing 0": (v2(separator(spacing=0)), ("components", 0, "spacing"), "BASE_TYPE_CHOICES"),
    "divider not a boolean": (
        v2(separator(divider="no")),
        ("components", 0, "divider"),
        "BASE_TYPE_BOOLEAN",
    ),
    "6 buttons in a container's row": (
        v2(container(row(*[button(str(i)) for i in range(6)]))),
        ("components", 0, "components", 0, "components"),
        BAD_LENGTH,
    ),
    "select beside a button": (
        v2(container(row(select(), button()))),
        ("components", 0, "components", 0, "components"),
        "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
    ),
    "text display in a row": (
        v2(row(text())),
        ("components", 0, "components", 0, "type"),
        TYPE,
    ),
    "custom_id in a row and an accessory": (
        v2(container(row(button("same")), section(text(), accessory=button("same")))),
        ("components", 0, "components", 1, "accessory", "custom_id"),
        "COMPONENT_CUSTOM_ID_DUPLICATED",
    ),
    "41 components at the top": (v2(*texts(41)), ("components",), TOO_LONG),
    "41 components nested": (
        v2(container(*texts(37), section(text(), accessory=button()))),
        ("components",),
        "MAX_COMPONENTS_EXCEEDED",
    ),
    "41 with a row's buttons": (
        v2(*texts(34), row(*[button(str(i)) for i in range(5)]), text()),
        ("components",),
        "MAX_COMPONENTS_EXCEEDED",
    ),
    "4001 characters of text": (
        v2(text("x" * 2000), container(section(text("x" * 2001), accessory=button()))),
        ("components",),
        "MAX_TEXT_DISPLAY_LENGTH_EXCEEDED",
    ),
    "the same id twice": (
        v2(text(id=7), container(text(id=7))),
        ("components", 1, "components", 0, "id"),
        "COMPONENT_ID_DUPLICATED",
    ),
    "id over int32": (v2(text(id=2**31)), ("components", 0, "id"), "NUMBER_TYPE_MAX"),
    "negative id": (v2(text(id=-1)), ("components", 0, "id"), "NUMBER_TYPE_MIN"),
    "id as text": (v2(text(id="1")), ("components", 0, "id"), "NUMBER_TYPE_COERCE"),
    "flags as text": ({**v2(text()), "flags": "32768"}, ("flags",), "NUMBER_TYPE_COERCE"),
    "alt text of 1025": (
        v2(text(), attachments=[{"id": 0, "description": "x" * 1025}]),
        ("attachments", 0, "description"),
        TOO_LONG,
    ),
    "attachment that isn't there": (
        v2(gallery(item("attachment://board.png"))),
        ("components", 0, "items", 0, "media", "url"),
        "ATTACHMENT_NOT_FOUND",
    ),
}


@pytest.mark.parametrize("refused", REFUSED.values(), ids=REFUSED.keys())
async def test_a_v2_message_breaking_a_rule_is_refused_where_it_breaks_it(
    place: Place, refused: tuple[Payload, Where, str]
) -> None:
    payload, where, code = refused
    status, body = await place.call("POST", f"/channels/{place.channel.id}/messages", payload)
    assert (status, body["code"], body["message"]) == (400, 50035, "Invalid Form Body")
    assert code in codes_at(body, where), body["errors"]
    assert place.channel.messages == []


def test_the_legacy_fields_are_refused_in_discords_words() -> None:
    problems = message_problems(v2(text(), content="hi", embeds=[{"title": "t"}]))
    assert [str(p) for p in problems] == [
        "content: The 'content' field cannot be used when using MessageFlags.IS_COMPONENTS_V2",
        "embeds: The 'embeds' field cannot be used when using MessageFlags.IS_COMPONENTS_V2",
    ]


AT_THE_LIMITS: dict[str, Payload] = {
    "40 components at the top": v2(*texts(40)),
    "40 components nested": v2(container(*texts(36), section(text(), accessory=button()))),
    "4000 characters of text": v2(
        text("x" * 2000), container(section(text("x" * 2000), accessory=button()))
    ),
    "a gallery of 10 with alt text of 1024": v2(
        gallery(*[item(description="x" * 1024, spoiler=True)] * 10)
    ),
    "a section of 3 with a button": v2(
        section(*texts(3), accessory=button("x" * 100, label="x" * 80, style=4, disabled=True))
    ),
    "a section with a link button": v2(
        section(text(), accessory={"type": 2, "style": 5, "label": "l", "url": "https://a.b"})
    ),
    "a section with a thumbnail": v2(
        section(text(), accessory=thumbnail(description="x" * 1024, spoiler=False))
    ),
    "separators": v2(
        text(), separator(), separator(spacing=1, divider=False), separator(spacing=2)
    ),
    "accent colours at either end": v2(
        container(text(), accent_color=0), container(text(), accent_color=0xFFFFFF, spoiler=True)
    ),
    "no accent colour": v2(container(text(), accent_color=None)),
    "5 rows of 5 in a container": v2(
        container(*[row(*[button(f"{r}{c}") for c in range(5)]) for r in range(5)])
    ),
    "every select in rows": v2(
        *[row(select(str(kind), type=kind)) for kind in (3, 5, 6, 7, 8)],
    ),
    "every kind in a container": v2(
        container(
            text(),
            section(text(), accessory=button()),
            gallery(item()),
            separator(),
            row(select()),
            accent_color=0x5865F2,
        ),
        text("after"),
    ),
    "ids at either end": v2(text(id=1), text(id=2**31 - 1), text(id=0)),
    "content null, embeds and stickers []": v2(text(), content=None, embeds=[], sticker_ids=[]),
    "action rows alone": v2(row(button())),
}


@pytest.mark.parametrize("payload", AT_THE_LIMITS.values(), ids=AT_THE_LIMITS.keys())
async def test_a_v2_message_at_the_limits_is_accepted(place: Place, payload: Payload) -> None:
    assert message_problems(payload) == []
    message = await place.post(payload)
    assert message.components_v2
    assert without_ids(message.components) == without_ids(payload["components"])


def without_ids(node: Any) -> Any:
    """The components as sent, less the ids Discord fills in."""
    if isinstance(node, list):
        return [without_ids(n) for n in node]
    if isinstance(node, dict):
        return {k: without_ids(v) for k, v in node.items() if k != "id"}
    return node


async def test_the_flag_is_kept_and_returned(place: Place) -> None:
    path = f"/channels/{place.channel.id}/messages"
    status, sent = await place.call("POST", path, v2(text("hello"), flags=IS_COMPONENTS_V2 | 4))
    assert status == 200
    assert sent["flags"] == IS_COMPONENTS_V2 | 4
    status, fetched = await place.call("GET", f"{path}/{sent['id']}")
    assert (status, fetched["flags"], fetched["content"]) == (200, sent["flags"], "")
    assert fetched["components"] == [{"type": 10, "content": "hello", "id": 1}]


async def test_a_classic_message_keeps_its_rules(place: Place) -> None:
    """Without the flag, five rows of buttons with content, as before; no V2 layout."""
    message = await place.post({"content": "hi", "components": [row(button())]})
    assert not message.components_v2
    assert message.components == [row(button())]
    rows = [row(button(str(i))) for i in range(6)]
    status, body = await place.call(
        "POST", f"/channels/{place.channel.id}/messages", {"components": rows}
    )
    assert (status, codes_at(body, ("components",))) == (400, [TOO_LONG])
