"""Only discord.py on this machine may use the emulator. A web page the person visits can
make their browser send requests to loopback: an upgrade to the gateway (which would
hand it the bot's events), form-like "simple" POSTs that need no CORS preflight, and, with
a DNS name rebound to 127.0.0.1, requests that look same-origin to the site behind it.
discord.py sends no Origin, a browser always does for those."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

import aiohttp
import pytest

from emulator import DiscordEmulator
from tests.emulator.rest import Place

FOREIGN = "http://evil.example"
PHISHING = {"type": 4, "data": {"content": "Your session expired: log in at evil.example"}}


def port(emulator: DiscordEmulator) -> int:
    bound = urlsplit(emulator.base_url).port
    assert bound is not None
    return bound


async def answer(
    method: str, url: str, headers: dict[str, str], data: str | None = None
) -> tuple[int, str, Any]:
    """Status, content type and JSON body of one request."""
    async with (
        aiohttp.ClientSession() as session,
        session.request(method, url, headers=headers, data=data) as response,
    ):
        return response.status, response.content_type, await response.json()


def routes(place: Place) -> list[tuple[str, str, str | None]]:
    """A request on each kind of route: REST (the bot's and the interactions'), the
    CDN-like pictures, and one the emulator doesn't have."""
    user = place.user
    interaction = place.interaction()
    return [
        ("GET", f"{place.emulator.api_url}/users/@me", None),
        ("GET", f"{place.emulator.api_url}/gateway", None),
        ("GET", f"{place.emulator.api_url}/channels/{place.channel.id}", None),
        (
            "POST",
            f"{place.emulator.api_url}/interactions/{interaction.id}/{interaction.token}/callback",
            json.dumps(PHISHING),
        ),
        ("GET", f"{place.emulator.base_url}/avatars/{user.id}/{user.avatar}.png", None),
        ("GET", f"{place.emulator.base_url}/embed/avatars/0.png", None),
        ("GET", f"{place.emulator.base_url}/nowhere", None),
    ]


@pytest.mark.parametrize(
    "host",
    [
        "rebound.evil.example:{port}",
        "localhost.evil.example:{port}",
        "127.0.0.1",
        "localhost",
        "127.0.0.1:1",
        "0.0.0.0:{port}",
    ],
)
async def test_a_foreign_host_is_refused_on_every_route(place: Place, host: str) -> None:
    emulator = place.emulator
    auth = {"Authorization": f"Bot {emulator.token}", "Content-Type": "application/json"}
    foreign = {**auth, "Host": host.format(port=port(emulator))}
    for method, url, data in routes(place):
        status, content_type, body = await answer(method, url, foreign, data)
        assert (status, content_type, body["code"]) == (421, "application/json", 0), url
        assert isinstance(body["message"], str)
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        async with aiohttp.ClientSession() as session:
            await session.ws_connect(emulator.gateway_url, headers=foreign)
    assert refused.value.status == 421
    assert all(i.response_type is None for i in emulator.interactions.values())
    assert place.channel.messages == []


@pytest.mark.parametrize("name", ["127.0.0.1", "localhost", "LocalHost"])
async def test_loopback_at_its_port_is_served_and_nothing_else(place: Place, name: str) -> None:
    emulator = place.emulator
    url = f"{emulator.api_url}/users/@me"
    auth = {"Authorization": f"Bot {emulator.token}"}
    status, _, body = await answer("GET", url, {**auth, "Host": f"{name}:{port(emulator)}"})
    assert (status, body["id"]) == (200, str(emulator.bot.id))
    status, _, _ = await answer("GET", url, {**auth, "Host": f"{name}.evil.example"})
    assert status == 421


@pytest.mark.parametrize("origin", [FOREIGN, "null", "http://127.0.0.1:1", "own"])
async def test_any_origin_is_refused_on_every_route(place: Place, origin: str) -> None:
    emulator = place.emulator
    # Not even its own: no page of the emulator's makes requests to it.
    origin = emulator.base_url if origin == "own" else origin
    headers = {
        "Authorization": f"Bot {emulator.token}",
        "Content-Type": "application/json",
        "Origin": origin,
    }
    for method, url, data in routes(place):
        status, content_type, body = await answer(method, url, headers, data)
        assert (status, content_type, body["code"]) == (403, "application/json", 0), url
    assert all(i.response_type is None for i in emulator.interactions.values())
    assert place.channel.messages == []


async def test_a_web_page_gets_no_gateway(place: Place) -> None:
    async with aiohttp.ClientSession() as session:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await session.ws_connect(place.emulator.gateway_url, origin=FOREIGN)
        assert refused.value.status == 403
        # Without an Origin, as discord.py connects, the gateway says hello.
        async with session.ws_connect(place.emulator.gateway_url) as ws:
            assert (await ws.receive_json())["op"] == 10


@pytest.mark.parametrize(
    "content_type", ["text/plain", "application/x-www-form-urlencoded", "application/octet-stream"]
)
async def test_a_body_neither_json_nor_multipart_is_refused(
    place: Place, content_type: str
) -> None:
    emulator = place.emulator
    posted = await place.post({"content": "lobby"})
    interaction = place.interaction()
    headers = {"Authorization": f"Bot {emulator.token}", "Content-Type": content_type}
    api = emulator.api_url
    callback = f"{api}/interactions/{interaction.id}/{interaction.token}/callback"
    for method, url, body in [
        ("POST", callback, PHISHING),
        ("POST", f"{api}/channels/{place.channel.id}/messages", PHISHING["data"]),
        ("PATCH", f"{api}/channels/{place.channel.id}/messages/{posted.id}", PHISHING["data"]),
        ("PUT", f"{api}/applications/{emulator.application_id}/commands", []),
    ]:
        status, _, answered = await answer(method, url, headers, json.dumps(body))
        assert (status, answered["code"]) == (400, 50035), url
        assert answered["message"] == "Invalid Form Body"
    assert interaction.response_type is None
    assert [(m.id, m.content, m.edited_at) for m in place.channel.messages] == [
        (posted.id, "lobby", None)
    ]
    assert emulator.command_syncs == 0
    # The same body as JSON is taken.
    status, _, _ = await answer(
        "POST",
        f"{callback}?with_response=true",
        {**headers, "Content-Type": "application/json"},
        json.dumps(PHISHING),
    )
    assert status == 200
