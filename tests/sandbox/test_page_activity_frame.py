"""The sandbox page as the Activity's parent frame, message by message: the SDK's
postMessage protocol as Discord's client speaks it (its HANDSHAKE, commands answered
with their cmd and nonce, events, CLOSE), seen from inside an Activity that speaks it by
hand, served through the page's proxy. The page alone, over the emulator, no bot."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import aiohttp
import pytest
import pytest_asyncio
from aiohttp import web
from playwright.async_api import Browser, Frame, Page, expect

from emulator import DiscordEmulator, User
from sandbox.server_world import CHANNEL_ID
from tests.quick_limits import QUICK_LIMITS
from tests.sandbox.pages import DESKTOP, member, open_page, page_with_board

pytestmark = pytest.mark.browser

WAIT = 10.0
"""A safety net for a hang, in seconds."""

ACTIVITY = """<!doctype html><meta charset="utf-8"><title>By hand</title><script>
"use strict";
// An Activity speaking the SDK's protocol itself, for the test to drive.
const CLIENT_ID = "%(client_id)s";
const query = new URLSearchParams(location.search);
const waiting = new Map();
window.received = [];
window.events = [];
let eventWaiter = null;
let readied;
window.ready = new Promise((resolve) => { readied = resolve; });
window.addEventListener("message", (event) => {
  window.received.push({ origin: event.origin, data: event.data });
  if (!Array.isArray(event.data)) return;
  const [opcode, payload] = event.data;
  if (opcode === 1 && payload.cmd === "DISPATCH" && payload.evt === "READY") readied(payload);
  else if (opcode === 1 && payload.cmd === "DISPATCH") {
    window.events.push(payload);
    if (eventWaiter) eventWaiter();
  } else if (opcode === 1 && waiting.has(payload.nonce)) {
    waiting.get(payload.nonce)(payload);
    waiting.delete(payload.nonce);
  } else if (opcode === 2) window.closedWith = payload;
});
window.hello = (changes = {}, target = document.referrer) => parent.postMessage([0, {
  v: 1, encoding: "json", client_id: CLIENT_ID, frame_id: query.get("frame_id"),
  sdk_version: "2.5.0", ...changes }], target);
let sent = 0;
window.rpc = (cmd, args = {}, evt = undefined) => new Promise((resolve) => {
  const nonce = `nonce-${++sent}`;
  waiting.set(nonce, resolve);
  parent.postMessage([1, { cmd, args, nonce, ...(evt ? { evt } : {}) }], document.referrer);
});
window.nextEvent = (count) => new Promise((resolve) => {
  eventWaiter = () => { if (window.events.length >= count) resolve(window.events[count - 1]); };
  eventWaiter();
});
window.closeActivity = (code, message) =>
  parent.postMessage([2, { code, message }], document.referrer);
// A frame inside the Activity (another site's, or a page of the Activity's own origin),
// speaking to the page as if it were the Activity.
window.spoof = (site) => new Promise((resolve) => {
  addEventListener("message", (event) => { if (event.data === "spoofed") resolve(); });
  const frame = document.createElement("iframe");
  frame.src = `${site}/spoof?frame_id=${query.get("frame_id")}`;
  document.body.append(frame);
});
// The Activity's own frame on another site for a moment, which asks the page to close the
// Activity, and comes back.
sessionStorage.setItem("visits", Number(sessionStorage.getItem("visits") || 0) + 1);
window.detour = () => {
  location.href = `%(foreign)s/close?back=${encodeURIComponent(location.href)}`;
};
</script><body>"""

SPOOF = """<!doctype html><meta charset="utf-8"><script>
const frameId = new URLSearchParams(location.search).get("frame_id");
top.postMessage([0, { v: 1, encoding: "json", client_id: "%(client_id)s", frame_id: frameId }],
  "*");
top.postMessage([1, { cmd: "USER_SETTINGS_GET_LOCALE", args: {}, nonce: "spoofed" }], "*");
parent.postMessage("spoofed", "*");
</script>"""

CLOSE = """<!doctype html><meta charset="utf-8"><script>
parent.postMessage([2, { code: 1000 }], "*");
location.href = new URLSearchParams(location.search).get("back");
</script>"""


@dataclass(frozen=True)
class HandMade:
    url: str
    emulator: DiscordEmulator
    foreign: str
    """Another site: the Activity's server at its own address."""


@pytest_asyncio.fixture(loop_scope="session")
async def hand_made() -> AsyncIterator[HandMade]:
    """The page over an emulator, its ``/activity/`` the Activity above: served by a server
    of its own, whose own origin (another port) is another site's."""
    emulator = DiscordEmulator(rate_limits=QUICK_LIMITS)
    await emulator.start()
    sock = socket.create_server(("127.0.0.1", 0))
    foreign = f"http://127.0.0.1:{sock.getsockname()[1]}"
    words = {"client_id": str(emulator.application_id), "foreign": foreign}
    app = web.Application()
    for path, text in (("/", ACTIVITY), ("/spoof", SPOOF), ("/close", CLOSE)):
        app.router.add_get(path, _serving(text % words))
    try:
        async with page_with_board(emulator, app, sock) as (url, _):
            yield HandMade(url, emulator, foreign)
    finally:
        await emulator.close()


def _serving(html: str) -> Callable[[web.Request], Awaitable[web.Response]]:
    async def serve(request: web.Request) -> web.Response:
        return web.Response(text=html, content_type="text/html")

    return serve


@pytest_asyncio.fixture(loop_scope="session")
async def as_cy(browser: Browser, hand_made: HandMade) -> AsyncIterator[Page]:
    async with open_page(browser, hand_made.url, DESKTOP, "Cy") as page:
        yield page


async def launched(page: Page) -> Frame:
    """The Activity, launched from the channel's launcher, once its page is there."""
    await page.locator("#launch-activity").click()
    handle = await page.locator("#viewers .viewer:not([hidden]) iframe").element_handle()
    frame = await handle.content_frame()
    assert frame is not None
    await frame.wait_for_function("window.rpc !== undefined")
    return frame


async def connected(page: Page) -> Frame:
    frame = await launched(page)
    await js(frame, "hello(); ready")
    return frame


async def js(frame: Frame, expression: str, arg: Any = None) -> Any:
    """What the expression in the Activity gives, once its promise settles."""
    return await asyncio.wait_for(frame.evaluate(expression, arg), WAIT)


async def rpc(frame: Frame, cmd: str, args: dict[str, Any] | None = None, evt: str = "") -> Any:
    """Discord's answer to the command (``evt``: the event it subscribes to)."""
    return await js(frame, "([c, a, e]) => rpc(c, a, e || undefined)", [cmd, args or {}, evt])


def asking(frame: Frame, args: dict[str, Any]) -> asyncio.Task[Any]:
    """AUTHORIZE, sent now, its answer awaited later (after the consent, if any)."""
    return asyncio.create_task(rpc(frame, "AUTHORIZE", args))


async def test_the_handshake_is_answered_with_ready_from_the_pages_origin(
    as_cy: Page, hand_made: HandMade
) -> None:
    frame = await launched(as_cy)
    ready = await js(frame, "hello(); ready")
    cy = member(hand_made.emulator, "Cy")
    assert ready == {
        "cmd": "DISPATCH",
        "evt": "READY",
        "nonce": None,
        "data": {
            "v": 1,
            "config": {
                "cdn_host": "cdn.discordapp.com",
                "api_endpoint": "//discord.com/api",
                "environment": "production",
            },
            "user": {
                "id": str(cy.id),
                "username": "Cy",
                "discriminator": "0",
                "avatar": cy.avatar,
            },
        },
    }
    origins = await frame.evaluate("received.map((m) => m.origin)")
    assert origins == [hand_made.url]


async def test_a_handshake_for_another_app_is_closed(as_cy: Page, hand_made: HandMade) -> None:
    frame = await launched(as_cy)
    await js(frame, "hello({ client_id: '1' })")
    await frame.wait_for_function("window.closedWith !== undefined")
    assert await js(frame, "closedWith") == {"code": 4000, "message": "Invalid Client ID"}


async def test_each_command_is_answered_with_its_cmd_and_nonce(
    as_cy: Page, hand_made: HandMade
) -> None:
    frame = await connected(as_cy)
    cy = member(hand_made.emulator, "Cy")
    answers = {
        "USER_SETTINGS_GET_LOCALE": {"locale": "de"},
        "CAPTURE_LOG": None,
        "ENCOURAGE_HW_ACCELERATION": {"enabled": True},
        "GET_PLATFORM_BEHAVIORS": {},
    }
    for n, (cmd, data) in enumerate(answers.items(), start=1):
        args = {"level": "log", "message": "hi"} if cmd == "CAPTURE_LOG" else {}
        answer = await rpc(frame, cmd, args)
        assert answer == {"cmd": cmd, "evt": None, "nonce": f"nonce-{n}", "data": data}
    answer = await rpc(frame, "SET_CONFIG", {"use_interactive_pip": True})
    assert answer["data"] == {"use_interactive_pip": True}
    answer = await rpc(frame, "GET_ACTIVITY_INSTANCE_CONNECTED_PARTICIPANTS")
    (participant,) = answer["data"]["participants"]
    assert participant == {
        "id": str(cy.id),
        "username": "Cy",
        "discriminator": "0",
        "global_name": "Cy",
        "avatar": cy.avatar,
        "flags": 0,
        "bot": False,
    }


async def test_what_the_sandbox_doesnt_do_is_refused_as_discord_refuses_it(
    as_cy: Page,
) -> None:
    frame = await connected(as_cy)
    answer = await rpc(frame, "GET_CHANNEL", {"channel_id": str(CHANNEL_ID)})
    assert (answer["evt"], answer["data"]["code"]) == ("ERROR", 4002)
    answer = await rpc(frame, "SUBSCRIBE", {}, "NO_SUCH_EVENT")
    assert (answer["evt"], answer["data"]["code"]) == ("ERROR", 4004)


async def test_subscribers_hear_who_comes_and_goes(as_cy: Page, hand_made: HandMade) -> None:
    emulator = hand_made.emulator
    cy, di = member(hand_made.emulator, "Cy"), member(hand_made.emulator, "Di")
    frame = await connected(as_cy)
    event = "ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE"
    answer = await rpc(frame, "SUBSCRIBE", {}, event)
    assert (answer["evt"], answer["data"]) == (None, {"evt": event})

    instance = await emulator.launch_activity(CHANNEL_ID, di.id)
    came = await js(frame, "nextEvent(1)")
    assert (came["cmd"], came["evt"], came["nonce"]) == ("DISPATCH", event, None)
    assert [p["id"] for p in came["data"]["participants"]] == [str(cy.id), str(di.id)]
    await emulator.leave_activity(instance.id, di.id)
    went = await js(frame, "nextEvent(2)")
    assert [p["id"] for p in went["data"]["participants"]] == [str(cy.id)]

    answer = await rpc(frame, "UNSUBSCRIBE", {}, event)
    assert answer["data"] == {"evt": event}


async def test_authorize_asks_the_member_first_and_cancel_refuses_it(
    as_cy: Page, hand_made: HandMade
) -> None:
    emulator = hand_made.emulator
    cy = member(hand_made.emulator, "Cy")
    frame = await connected(as_cy)
    args = {"client_id": str(emulator.application_id), "scope": ["identify"], "prompt": "none"}
    asked = asking(frame, args)
    await as_cy.locator(".consent button", has_text="Cancel").click()
    answer = await asked
    assert answer["evt"] == "ERROR"
    assert answer["data"] == {
        "code": 5000,
        "message": "OAuth2 Error: access_denied: "
        "The resource owner or authorization server denied the request",
    }
    assert not emulator.consented(cy.id, emulator.application_id, ["identify"])

    asked = asking(frame, args)
    await as_cy.locator(".consent button", has_text="Authorize").click()
    code = (await asked)["data"]["code"]
    assert emulator.consented(cy.id, emulator.application_id, ["identify"])
    # Consented, she isn't asked again, unless the app asks for consent itself.
    again = await rpc(frame, "AUTHORIZE", args)
    assert again["data"]["code"] not in ("", code)
    asked = asking(frame, {**args, "prompt": "consent"})
    await as_cy.locator(".consent button", has_text="Authorize").click()
    assert (await asked)["evt"] is None


async def test_a_scope_discord_doesnt_have_is_an_oauth2_error(
    as_cy: Page, hand_made: HandMade
) -> None:
    frame = await connected(as_cy)
    args = {"client_id": str(hand_made.emulator.application_id), "scope": ["telepathy"]}
    asked = asking(frame, args)
    await as_cy.locator(".consent button", has_text="Authorize").click()
    answer = await asked
    assert answer["evt"] == "ERROR"
    assert answer["data"]["code"] == 5000
    assert answer["data"]["message"].startswith("OAuth2 Error: invalid_scope: ")


async def token_for(emulator: DiscordEmulator, user: User) -> str:
    """The access token the Activity's server would get for the member: a code exchanged
    with the app's secret."""
    code = emulator.authorize(user.id, emulator.application_id, ["identify"])
    form = {
        "client_id": str(emulator.application_id),
        "client_secret": emulator.client_secret,
        "grant_type": "authorization_code",
        "code": code,
    }
    async with (
        aiohttp.ClientSession() as session,
        session.post(f"{emulator.api_url}/oauth2/token", data=form) as answer,
    ):
        assert answer.status == 200, await answer.text()
        token: str = (await answer.json())["access_token"]
    return token


async def test_authenticate_checks_the_token_with_discord(as_cy: Page, hand_made: HandMade) -> None:
    emulator = hand_made.emulator
    cy, di = member(hand_made.emulator, "Cy"), member(hand_made.emulator, "Di")
    frame = await connected(as_cy)
    token = await token_for(emulator, cy)
    answer = await rpc(frame, "AUTHENTICATE", {"access_token": token})
    data = answer["data"]
    assert answer["evt"] is None
    assert data["access_token"] == token
    assert data["user"] == {
        "id": str(cy.id),
        "username": "Cy",
        "discriminator": "0",
        "avatar": cy.avatar,
        "public_flags": 0,
        "global_name": "Cy",
    }
    assert data["scopes"] == ["identify"]
    assert datetime.fromisoformat(data["expires"]).timestamp() > emulator.clock.now()
    assert data["application"] == {
        "id": str(emulator.application_id),
        "name": emulator.bot.name,
        "description": "",
        "icon": None,
    }
    for wrong in ("not-a-token", await token_for(emulator, di), "two\nlines"):
        answer = await rpc(frame, "AUTHENTICATE", {"access_token": wrong})
        assert (answer["evt"], answer["data"]["code"]) == ("ERROR", 4009), wrong


@pytest.mark.parametrize("site", ["another site", "the activity's"])
async def test_only_the_activitys_own_window_speaks_for_it(
    as_cy: Page, hand_made: HandMade, site: str
) -> None:
    frame = await launched(as_cy)
    # A frame inside the Activity says the Activity's hello and asks for the member's
    # locale, before the Activity says anything: nothing is answered. The page answers
    # in order, so the Activity's own command's answer comes after any other.
    await js(frame, "(s) => spoof(s)", hand_made.foreign if site == "another site" else "/activity")
    await js(frame, "hello(); ready")
    await rpc(frame, "CAPTURE_LOG", {"level": "log", "message": "after"})
    said = await js(
        frame,
        "received.filter((m) => Array.isArray(m.data))"
        ".map((m) => m.data[1].evt || m.data[1].nonce)",
    )
    assert said == ["READY", "nonce-1"]


async def test_the_activitys_frame_on_another_site_isnt_heard(as_cy: Page) -> None:
    frame = await launched(as_cy)
    # Its CLOSE, from another site, would have closed the pane before the Activity is back.
    await js(frame, "detour()")
    await frame.wait_for_function(
        "sessionStorage.getItem('visits') === '2' && window.rpc !== undefined"
    )
    # Back from another site, its referrer is that site's: the SDK would post there.
    await js(frame, "hello({}, '*'); ready")
    await expect(as_cy.locator("#activity-pane")).to_be_visible()


async def test_an_activity_that_closes_itself_leaves_saying_why(
    as_cy: Page, hand_made: HandMade
) -> None:
    emulator = hand_made.emulator
    frame = await connected(as_cy)
    (launch,) = emulator.activity_launches
    await js(frame, "closeActivity(4000, 'The board broke.')")
    await expect(as_cy.locator("#activity-pane")).to_be_hidden()
    await expect(as_cy.locator("#composer-error")).to_have_text("Game Bot closed: The board broke.")
    await emulator.wait_until(lambda: emulator.activity_instance(launch.instance_id) is None, WAIT)
