"""Only the page itself may use the sandbox's API. Any website the person visits can make
their browser send requests to loopback: form-like "simple" POSTs go without a CORS
preflight, and a DNS name rebound to 127.0.0.1 looks same-origin to the site behind it."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import urlsplit

import aiohttp
import pytest
import pytest_asyncio

from tests.sandbox.conftest import Sandbox

ACTIONS = [
    "/api/command",
    "/api/message",
    "/api/click",
    "/api/select",
    "/api/clock",
    "/api/voice/join",
    "/api/voice/leave",
    "/api/activity/launch",
    "/api/activity/leave",
    "/api/activity/authorize",
    "/api/activity/authenticate",
]
FOREIGN = "http://evil.example"


@pytest_asyncio.fixture(loop_scope="session")
async def session() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


def port(url: str) -> int:
    bound = urlsplit(url).port
    assert bound is not None
    return bound


async def server_info(session: aiohttp.ClientSession, url: str) -> tuple[str, str]:
    """Ann's id and the channel's."""
    async with session.get(f"{url}/api/server") as response:
        info = await response.json()
    return info["members"][0]["id"], info["channel"]


async def new_game_from_the_page(
    session: aiohttp.ClientSession, sandbox: Sandbox
) -> tuple[str, str, dict[str, str]]:
    """Ann's ``/claimit new``, posted as the page itself posts it, once its lobby is out: her
    id, the channel's, and the command."""
    user, channel = await server_info(session, sandbox.url)
    command = {"user": user, "channel": channel, "text": "/claimit new"}
    async with session.post(
        f"{sandbox.url}/api/command", json=command, headers={"Origin": sandbox.url}
    ) as response:
        assert response.status == 200, await response.text()
    await sandbox.emulator.wait_for_message(
        sandbox.emulator.channels[int(channel)], lambda m: m.button_labels() != []
    )
    return user, channel, command


async def channel_messages(
    session: aiohttp.ClientSession, url: str, user: str, channel: str
) -> list[dict[str, Any]]:
    params = {"user": user, "channel": channel}
    async with session.get(f"{url}/api/channel", params=params) as response:
        assert response.status == 200
        messages: list[dict[str, Any]] = (await response.json())["messages"]
    return messages


async def test_a_cross_site_plain_text_post_is_refused_and_starts_nothing(
    sandbox: Sandbox, session: aiohttp.ClientSession
) -> None:
    user, channel, command = await new_game_from_the_page(session, sandbox)
    (lobby,) = await channel_messages(session, sandbox.url, user, channel)
    asked = len(sandbox.emulator.interactions)

    async with session.post(
        f"{sandbox.url}/api/command",
        data=json.dumps(command),
        headers={"Content-Type": "text/plain", "Origin": FOREIGN},
    ) as response:
        assert response.status == 403
        assert "error" in await response.json()
    # The page hands a command to Discord before it answers: refused, none was asked.
    assert len(sandbox.emulator.interactions) == asked
    assert await channel_messages(session, sandbox.url, user, channel) == [lobby]


@pytest.mark.parametrize("path", ACTIONS)
@pytest.mark.parametrize("origin", [None, "own"])
async def test_actions_must_be_json(
    bare_page_url: str, session: aiohttp.ClientSession, path: str, origin: str | None
) -> None:
    headers = {"Content-Type": "text/plain"}
    if origin is not None:
        headers["Origin"] = bare_page_url
    async with session.post(f"{bare_page_url}{path}", data="{}", headers=headers) as response:
        assert response.status == 415
        assert "JSON" in (await response.json())["error"]


@pytest.mark.parametrize("path", ACTIONS)
@pytest.mark.parametrize("origin", [FOREIGN, "null", "http://127.0.0.1:1"])
async def test_actions_from_another_origin_are_refused(
    bare_page_url: str, session: aiohttp.ClientSession, path: str, origin: str
) -> None:
    user, channel = await server_info(session, bare_page_url)
    body = {"user": user, "channel": channel, "text": "/claimit new"}
    async with session.post(
        f"{bare_page_url}{path}", json=body, headers={"Origin": origin}
    ) as response:
        assert response.status == 403
        assert "error" in await response.json()


@pytest.mark.parametrize(
    "host",
    [
        "evil.example:{port}",
        "localhost.evil.example:{port}",
        "127.0.0.1",
        "localhost",
        "127.0.0.1:1",
        "0.0.0.0:{port}",
    ],
)
async def test_a_foreign_host_is_refused_on_every_route(
    bare_page_url: str, session: aiohttp.ClientSession, host: str
) -> None:
    headers = {"Host": host.format(port=port(bare_page_url))}
    for path in ["/", "/static/sandbox.js", "/api/server", "/api/channel", "/nowhere"]:
        async with session.get(f"{bare_page_url}{path}", headers=headers) as response:
            assert response.status == 421, path
    for path in ACTIONS:
        async with session.post(
            f"{bare_page_url}{path}", json={}, headers={**headers, "Origin": bare_page_url}
        ) as response:
            assert response.status == 421, path
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await session.ws_connect(f"{bare_page_url}/api/live", headers=headers)
    assert refused.value.status == 421


@pytest.mark.parametrize("name", ["127.0.0.1", "localhost", "LocalHost", "[::1]"])
async def test_loopback_names_with_the_pages_port_are_served(
    bare_page_url: str, session: aiohttp.ClientSession, name: str
) -> None:
    host = f"{name}:{port(bare_page_url)}"
    async with session.get(f"{bare_page_url}/", headers={"Host": host}) as response:
        assert response.status == 200
    async with session.post(
        f"{bare_page_url}/api/click",
        json={"user": "nobody"},
        headers={"Host": host, "Origin": f"http://{host}"},
    ) as response:
        # Past the checks: the handler itself answers.
        assert response.status == 400
        assert "member" in await response.text()


async def test_a_websocket_from_another_origin_is_refused(
    bare_page_url: str, session: aiohttp.ClientSession
) -> None:
    live = f"{bare_page_url}/api/live"
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await session.ws_connect(live, origin=FOREIGN)
    assert refused.value.status == 403
    for origin in [bare_page_url, None]:
        ws = await session.ws_connect(live, origin=origin)
        await ws.close()


async def test_the_discord_behind_the_page_refuses_other_sites_too(
    sandbox: Sandbox, session: aiohttp.ClientSession
) -> None:
    """The page's emulator holds the bot's events and takes the bot's answers: a web page
    gets no gateway from it, posts nothing into the channel with a plain-text follow-up, and
    reaches it under no rebound name."""
    emulator = sandbox.emulator
    user, channel, _ = await new_game_from_the_page(session, sandbox)
    shown = await channel_messages(session, sandbox.url, user, channel)
    (interaction,) = emulator.interactions.values()
    followup = f"{emulator.api_url}/webhooks/{emulator.application_id}/{interaction.token}"
    phishing = json.dumps({"content": "Your session expired: log in at evil.example"})
    rebound = f"rebound.evil.example:{port(emulator.base_url)}"
    for headers, status in [
        ({"Content-Type": "text/plain", "Origin": FOREIGN}, 403),
        ({"Content-Type": "text/plain"}, 400),
        ({"Content-Type": "application/json", "Host": rebound}, 421),
    ]:
        async with session.post(followup, data=phishing, headers=headers) as response:
            assert response.status == status, headers
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await session.ws_connect(emulator.gateway_url, origin=FOREIGN)
    assert refused.value.status == 403
    assert await channel_messages(session, sandbox.url, user, channel) == shown
