"""Components V2 message bodies as a bot writes them, files uploaded with them, and
reading a 50035 answer at one place."""

from __future__ import annotations

from typing import Any

from emulator.components import IS_COMPONENTS_V2

Payload = dict[str, Any]
Where = tuple[str | int, ...]

V2 = IS_COMPONENTS_V2
PNG = b"\x89PNG\r\n\x1a\n not really a picture"


def v2(*components: Payload, **extra: Any) -> Payload:
    """A V2 message's body."""
    return {"flags": V2, "components": list(components), **extra}


def text(content: str = "x", **extra: Any) -> Payload:
    return {"type": 10, "content": content, **extra}


def container(*children: Payload, **extra: Any) -> Payload:
    return {"type": 17, "components": list(children), **extra}


def section(*texts: Payload, accessory: Payload | None = None, **extra: Any) -> Payload:
    payload = {"type": 9, "components": list(texts), **extra}
    if accessory is not None:
        payload["accessory"] = accessory
    return payload


def gallery(*items: Payload, **extra: Any) -> Payload:
    return {"type": 12, "items": list(items), **extra}


def item(url: str = "https://example.com/a.png", **extra: Any) -> Payload:
    """A media gallery's item."""
    return {"media": {"url": url}, **extra}


def thumbnail(url: str = "https://example.com/a.png", **extra: Any) -> Payload:
    return {"type": 11, "media": {"url": url}, **extra}


def file(name: str = "rules.txt", **extra: Any) -> Payload:
    return {"type": 13, "file": {"url": f"attachment://{name}"}, **extra}


def separator(**extra: Any) -> Payload:
    return {"type": 14, **extra}


def row(*components: Payload, **extra: Any) -> Payload:
    return {"type": 1, "components": list(components), **extra}


def button(custom_id: str = "b", **extra: Any) -> Payload:
    return {"type": 2, "style": 1, "label": custom_id, "custom_id": custom_id, **extra}


def select(custom_id: str = "s", **extra: Any) -> Payload:
    options = [{"label": "o", "value": "o"}]
    return {"type": 3, "custom_id": custom_id, "options": options, **extra}


def codes_at(answer: dict[str, Any], where: Where) -> list[str]:
    """The codes of the problems a 50035 answer names at ``where`` ([] for none there)."""
    node = answer.get("errors", {})
    for key in where:
        node = node.get(str(key), {})
    return [e["code"] for e in node.get("_errors", [])]
