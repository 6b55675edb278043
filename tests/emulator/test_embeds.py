"""Embeds as Discord takes them: without Embed Links the bot's embeds are dropped and the
rest of the message kept, an embed-only message refused as Missing Permissions; an
interaction's answer keeps its embeds; a colour is 24-bit RGB."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from emulator import DEFAULT_BOT_PERMISSIONS, message_problems
from tests.emulator.rest import Place

EMBED = {"title": "board", "description": "your move"}
NO_LINKS = DEFAULT_BOT_PERMISSIONS & ~discord.Permissions(embed_links=True)


async def test_without_embed_links_the_message_is_kept_without_its_embeds(place: Place) -> None:
    place.channel.bot_permissions = NO_LINKS
    path = f"/channels/{place.channel.id}/messages"
    status, sent = await place.call("POST", path, {"content": "look", "embeds": [EMBED]})
    assert (status, sent["content"], sent["embeds"]) == (200, "look", [])
    message = place.emulator.messages[int(sent["id"])]
    assert message.embeds == []

    status, refused = await place.call("POST", path, {"embeds": [EMBED]})
    assert (status, refused) == (403, {"code": 50013, "message": "Missing Permissions"})
    assert [m.content for m in place.channel.messages] == ["look"]

    edit = f"{path}/{message.id}"
    status, edited = await place.call("PATCH", edit, {"content": "again", "embeds": [EMBED]})
    assert (status, edited["content"], edited["embeds"]) == (200, "again", [])
    status, refused = await place.call("PATCH", edit, {"content": "", "embeds": [EMBED]})
    assert (status, refused["code"]) == (403, 50013)
    assert message.content == "again"


async def test_with_embed_links_the_embeds_stay(place: Place) -> None:
    message = await place.post({"embeds": [EMBED]})
    assert message.embeds == [EMBED]


async def test_an_interactions_answer_keeps_its_embeds_without_embed_links(place: Place) -> None:
    place.channel.bot_permissions = NO_LINKS
    interaction = place.interaction()
    status, _ = await place.respond(interaction, 4, {"embeds": [EMBED]})
    assert status == 200
    assert interaction.response_message is not None
    assert interaction.response_message.embeds == [EMBED]


@pytest.mark.parametrize(
    ("color", "code"),
    [
        (0x1000000, "NUMBER_TYPE_MAX"),
        (2**31, "NUMBER_TYPE_MAX"),
        (-1, "NUMBER_TYPE_MIN"),
        ("#ff0000", "NUMBER_TYPE_COERCE"),
        (1.5, "NUMBER_TYPE_COERCE"),
    ],
)
async def test_an_embed_colour_beyond_24_bits_is_refused(
    place: Place, color: Any, code: str
) -> None:
    body = {"embeds": [{**EMBED, "color": color}]}
    assert [(p.path, p.code) for p in message_problems(body)] == [(("embeds", 0, "color"), code)]
    status, refused = await place.call("POST", f"/channels/{place.channel.id}/messages", body)
    assert (status, refused["code"]) == (400, 50035)
    assert refused["errors"]["embeds"]["0"]["color"]["_errors"][0]["code"] == code
    assert place.channel.messages == []


@pytest.mark.parametrize("color", [0, 0xFFFFFF, None])
async def test_a_24_bit_colour_is_taken(place: Place, color: int | None) -> None:
    message = await place.post({"embeds": [{**EMBED, "color": color}]})
    assert message.embeds[0]["color"] == color


def test_discord_py_sends_a_colour_as_the_int_checked() -> None:
    embed = discord.Embed(title="board", colour=discord.Colour(0xFFFFFF))
    assert message_problems({"embeds": [embed.to_dict()]}) == []
    assert message_problems({"embeds": [{**embed.to_dict(), "color": 0xFFFFFF + 1}]}) != []
