"""Every request is held to Discord's own description of its route: a body or query the
description refuses is refused as Discord refuses it (400 50035, each problem at its
place in ``errors``), a form's ``payload_json`` too, and nothing changes; where Discord
takes what its description refuses, the one list of differences says so."""

from __future__ import annotations

import json
from typing import Any

import aiohttp
import pytest

from emulator.api_description import DESCRIPTION, discord_api, read
from emulator.api_differences import DIFFERENCES, Difference, StaleDifference, write_in
from emulator.command_limits import command_problems
from emulator.schema_checks import SchemaChecks, discord_checks
from tests.emulator.rest import Place

CDN = ("/attachments/", "/avatars/", "/embed/")


def required(*codes_and_messages: tuple[str, str]) -> dict[str, Any]:
    return {"_errors": [{"code": c, "message": m} for c, m in codes_and_messages]}


async def test_a_body_the_description_refuses_is_refused_with_each_problem_at_its_place(
    place: Place,
) -> None:
    body = {
        "content": "hi",
        "allowed_mentions": {"parse": ["nobody"]},
        "components": [{"type": 1, "components": [{"type": 2, "custom_id": "b"}]}],
        "tts": "yes",
    }
    status, answer = await place.call("POST", f"/channels/{place.channel.id}/messages", body)
    assert (status, answer["code"], answer["message"]) == (400, 50035, "Invalid Form Body")
    assert answer["errors"] == {
        "allowed_mentions": {
            "parse": {
                "0": required(
                    ("BASE_TYPE_CHOICES", "Value must be one of (users, roles, everyone).")
                )
            }
        },
        "components": {
            "0": {
                "components": {
                    "0": {"style": required(("BASE_TYPE_REQUIRED", "This field is required"))}
                }
            }
        },
        "tts": required(("BASE_TYPE_BOOLEAN", "Must be either true or false.")),
    }
    assert place.channel.messages == []


async def test_a_forms_payload_json_is_held_to_the_description_too(place: Place) -> None:
    body = {"content": "x", "attachments": [{"id": 0, "filename": "a.png", "description": 5}]}
    path = f"/channels/{place.channel.id}/messages"
    status, answer = await place.call("POST", path, body, files={"a.png": b"png"})
    assert (status, answer["code"]) == (400, 50035)
    assert answer["errors"] == {
        "attachments": {
            "0": {
                "description": required(("BASE_TYPE_STRING", 'Could not interpret "5" as string.'))
            }
        }
    }
    assert place.channel.messages == []


async def test_a_body_that_is_no_json_is_refused_with_50109(place: Place) -> None:
    headers = {"Authorization": f"Bot {place.emulator.token}", "Content-Type": "application/json"}
    url = f"{place.emulator.api_url}/channels/{place.channel.id}/messages"
    async with (
        aiohttp.ClientSession() as session,
        session.post(url, data=b'{"content": ', headers=headers) as response,
    ):
        assert response.status == 400
        assert await response.json() == {
            "code": 50109,
            "message": "The request body contains invalid JSON.",
        }
    assert place.channel.messages == []


@pytest.mark.parametrize(
    ("query", "errors"),
    [
        (
            "limit=0",
            {
                "limit": required(
                    ("NUMBER_TYPE_MIN", "int value should be greater than or equal to 1.")
                )
            },
        ),
        ("limit=ten", {"limit": required(("NUMBER_TYPE_COERCE", 'Value "ten" is not int.'))}),
        (
            "before=x",
            {"before": required(("NUMBER_TYPE_COERCE", 'Value "x" is not snowflake.'))},
        ),
    ],
)
async def test_a_query_the_description_refuses_is_refused(
    place: Place, query: str, errors: dict[str, Any]
) -> None:
    status, answer = await place.call("GET", f"/channels/{place.channel.id}/messages?{query}")
    assert (status, answer["code"], answer["errors"]) == (400, 50035, errors)


async def test_what_discord_takes_against_its_description_is_taken(place: Place) -> None:
    """The known differences: discord.py's integer ids and GUILD_MEDIA channels."""
    other = place.emulator.add_user("Bo")
    place.emulator.add_member(place.emulator.guilds[place.channel.guild_id], other)
    status, _ = await place.call("POST", "/users/@me/channels", {"recipient_id": other.id})
    assert status == 200
    body = {
        "content": f"<@{other.id}>",
        "allowed_mentions": {"users": [other.id]},
        "attachments": [{"id": 0, "filename": "board.png"}],
    }
    path = f"/channels/{place.channel.id}/messages"
    status, _ = await place.call("POST", path, body, files={"board.png": b"png"})
    assert status == 200
    command = {
        "name": "play",
        "description": "Play",
        "options": [{"type": 7, "name": "where", "description": "W", "channel_types": [0, 16]}],
    }
    assert command_problems([command]) == []


def test_the_description_alone_would_refuse_what_the_differences_let_through() -> None:
    """Each difference is needed: without the list, Discord's description refuses them."""
    bare = read(DESCRIPTION.read_bytes(), differences=())
    checks = SchemaChecks(bare)
    create = bare.operation("POST", "/channels/{}/messages")
    assert create is not None and create.body is not None
    refused = {
        "attachments": [{"id": 0, "filename": "board.png"}],
        "allowed_mentions": {"users": [1234]},
        "content": "x" * 2001,
    }
    places = {problem.path for problem in checks.problems(create.body, refused)}
    assert places == {("attachments", 0, "id"), ("allowed_mentions", "users", 0)}
    carried = discord_api().operation("POST", "/channels/{}/messages")
    assert carried is not None and carried.body is not None
    assert [str(p) for p in discord_checks().problems(carried.body, refused)] == [
        "content: Must be 2000 or fewer in length."
    ]


def test_a_difference_the_description_no_longer_needs_stops_the_loading() -> None:
    document = json.loads(DESCRIPTION.read_bytes())
    gone = Difference("/components/schemas/NoSuchSchema/properties/id", {}, "moved")
    with pytest.raises(StaleDifference, match="no /components/schemas/NoSuchSchema"):
        write_in(document, (gone,))
    write_in(document, DIFFERENCES)
    with pytest.raises(StaleDifference, match="already"):
        write_in(document, DIFFERENCES[:1])


def test_every_route_of_the_emulator_is_in_the_description(place: Place) -> None:
    """But the OAuth2 token URLs, which Discord documents (Topics, OAuth2) and leaves out
    of its description (``rest_oauth2``)."""
    routes = [
        route
        for route in place.emulator.routes()
        if not route.startswith("HEAD") and not route.split(" ", 1)[1].startswith(CDN)
    ]
    assert routes
    missing = [r for r in routes if discord_api().operation(*r.split(" ", 1)) is None]
    assert sorted(missing) == ["POST /oauth2/token", "POST /oauth2/token/revoke"]
