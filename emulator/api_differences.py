"""Where Discord's behaviour and its own OpenAPI description differ, known and written
down once: each difference puts what Discord really takes into the description
(``api_description`` reads it with these written in), rather than the checks being
loosened. A refreshed description that no longer has a difference's place, or has
caught up with it, makes loading fail, so that the list is looked at again."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

SNOWFLAKE = {"$ref": "#/components/schemas/SnowflakeType"}
INTEGER_ID = {"type": "integer", "minimum": 0}
"""An id written as a JSON number, as discord.py writes the ids it holds as ints."""
BOT_CONTENT_LENGTH = 2000
"""The most characters a bot's message holds."""


@dataclass(frozen=True)
class Difference:
    """What Discord takes is ``value`` at ``at`` (a JSON Pointer into the description;
    a last ``-`` adds ``value`` to the list there), for the reason ``why``."""

    at: str
    value: object
    why: str


DIFFERENCES = (
    Difference(
        "/components/schemas/MessageAttachmentRequest/properties/id",
        {"oneOf": [SNOWFLAKE, INTEGER_ID]},
        "discord.py names each file it uploads by its index in the request as a number "
        '({"id": 0, "filename": "board.png"}), which Discord takes',
    ),
    Difference(
        "/components/schemas/MessageAllowedMentionsRequest/properties/users/items",
        {"oneOf": [{"type": "null"}, SNOWFLAKE, INTEGER_ID]},
        "discord.py lists the users a message may ping by their ids as numbers, which "
        "Discord takes",
    ),
    Difference(
        "/components/schemas/CreatePrivateChannelRequest/properties/recipient_id",
        {"oneOf": [{"type": "null"}, SNOWFLAKE, INTEGER_ID]},
        "discord.py opens a DM with the user's id as a number, which Discord takes",
    ),
    Difference(
        "/components/schemas/ChannelTypes/oneOf/-",
        {"title": "GUILD_MEDIA", "const": 16},
        "the description's channel types lack GUILD_MEDIA (16), which Discord documents "
        "and takes in a command option's channel_types (discord.py lists it for a text "
        "channel option)",
    ),
    Difference(
        "/components/schemas/ApplicationCommandUpdateRequest/properties/description",
        {
            "anyOf": [
                {"type": "string", "minLength": 1, "maxLength": 100},
                {"const": ""},
                {"type": "null"},
            ]
        },
        "a command's description is 1-100 characters, and one of 101 is refused as "
        "BASE_TYPE_BAD_LENGTH (many bots' logs: Must be between 1 and 100 in length), "
        "unless it is empty, as a context menu command's is; a slash command's may not be "
        "(``command_limits``)",
    ),
    Difference(
        "/components/schemas/InnerErrors/properties/_errors/items",
        {
            "type": "object",
            "properties": {"code": {"type": "string"}, "message": {"type": "string"}},
            "required": ["code", "message"],
        },
        "a field's errors in a 50035 answer name their kind in words (BASE_TYPE_REQUIRED), "
        "where the description has the number of a whole answer's code",
    ),
    Difference(
        "/components/schemas/MessageCreateRequest/properties/content/maxLength",
        BOT_CONTENT_LENGTH,
        "a bot's message holds at most 2,000 characters; the description's 4,000 is what "
        "a user with Nitro may send",
    ),
    Difference(
        "/components/schemas/MessageEditRequestPartial/properties/content/maxLength",
        BOT_CONTENT_LENGTH,
        "a bot's message holds at most 2,000 characters, edited too",
    ),
)


class StaleDifference(ValueError):
    """A difference whose place the description no longer has, or which it now shares."""


def write_in(description: dict[str, Any], differences: tuple[Difference, ...]) -> None:
    """Writes the differences into the description, in place."""
    for difference in differences:
        *parents, last = [_unescape(t) for t in difference.at.removeprefix("/").split("/")]
        node: Any = description
        for token in parents:
            node = _child(node, token, difference)
        if last == "-" and isinstance(node, list):
            if any(_same(item, difference.value) for item in node):
                raise StaleDifference(f"the description has {difference.at} already: drop it")
            node.append(difference.value)
            continue
        if _child(node, last, difference) == difference.value:
            raise StaleDifference(f"the description says {difference.at} already: drop it")
        node[int(last) if isinstance(node, list) else last] = difference.value


def _same(item: object, value: object) -> bool:
    """Whether a list's item is the value added, or the same choice (``const``)."""
    if isinstance(item, dict) and isinstance(value, dict) and "const" in value:
        return bool(item.get("const") == value["const"])
    return item == value


def _child(node: Any, token: str, difference: Difference) -> Any:
    try:
        return node[int(token)] if isinstance(node, list) else node[token]
    except (KeyError, IndexError, ValueError, TypeError):
        raise StaleDifference(f"the description has no {difference.at}") from None


def _unescape(token: str) -> str:
    return token.replace("~1", "/").replace("~0", "~")
