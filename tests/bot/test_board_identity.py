"""The board's shares of Discord's invalid-request budget, the shape a token must have to
be asked of Discord at all, the bot's invalid requests counted as Discord counts them, and
Discord out of reach taken as Discord unable to say."""

from __future__ import annotations

import asyncio
from typing import Any, cast

import aiohttp
import discord
import pytest
from aiohttp import web
from discord.http import Route

from bot.activity import identity as identity_module
from bot.activity.identity import DOWN, DiscordIdentity, NotAllowed, Viewer
from bot.activity.refusal_shares import (
    PER_ADDRESS,
    PER_HOLDER,
    SHARES,
    WINDOW_SECONDS,
    Shares,
    address_of,
)
from bot.discord_ui.global_pace import wrapper
from bot.metrics.figures import Metrics
from bot.metrics.requests import RequestCounts
from tests.bot.fixtures import as_discord, served
from tests.clock import ManualClock


def test_a_window_holds_its_shares_and_empties_as_its_refusals_grow_old() -> None:
    clock = ManualClock()
    shares = Shares(clock.now, shares=3, per_address=2)
    assert shares.take("a") is not None and shares.take("a") is not None
    assert shares.take("a") is None  # the address's own bound
    assert shares.take("b") is not None
    assert shares.take("c") is None  # the bound over all of them
    clock.advance(WINDOW_SECONDS - 1)
    assert shares.take("c") is None
    clock.advance(1)
    assert shares.spent() == 0
    assert shares.take("c") is not None


def test_the_bots_live_processes_share_the_refusals_equally() -> None:
    """Cloudflare bans an address whoever of the bot's processes made the refusals there:
    each of them holds its part of the one budget, as many as are live now."""
    clock = ManualClock()
    live = [3]
    shares = Shares(clock.now, per_address=SHARES, processes=lambda: live[0])
    taken = [shares.take(f"192.0.2.{n}") for n in range(SHARES)]
    assert sum(each is not None for each in taken) == SHARES // 3
    live[0] = 1
    assert shares.take("192.0.2.200") is not None


def test_an_ask_discord_did_not_refuse_gives_its_share_back() -> None:
    clock = ManualClock()
    shares = Shares(clock.now, shares=2, per_address=1)
    taken = shares.take("a")
    assert taken is not None and shares.take("a") is None
    shares.give_back("a", taken)
    assert shares.spent() == 0 and shares.take("a") is not None


def test_a_refusal_of_what_was_asked_anyway_counts_against_the_shares() -> None:
    clock = ManualClock()
    shares = Shares(clock.now, shares=2, per_address=2)
    shares.refused("")
    shares.refused("")
    assert shares.spent() == 2 and shares.take("a") is None


def test_an_ipv6_strangers_addresses_count_as_one() -> None:
    assert address_of("2001:db8::1") == address_of("2001:db8::ffff:1") == "2001:db8::/64"
    assert address_of("2001:db8:0:1::1") != address_of("2001:db8::1")
    assert address_of("192.0.2.7") == "192.0.2.7"
    assert address_of(None) == ""


def test_ipv4_addresses_through_a_dual_stack_socket_count_each_as_its_own() -> None:
    assert address_of("::ffff:192.0.2.7") == "192.0.2.7"
    assert address_of("::ffff:192.0.2.7") != address_of("::ffff:198.51.100.1")


@pytest.mark.parametrize(
    "token", ["with space", "line\r\nbreak", "nul\x00", "lone\ud800", "é", "=", "x" * 257]
)
async def test_a_token_no_oauth2_server_could_issue_is_never_asked_of_discord(token: str) -> None:
    identity = DiscordIdentity(discord.Client(intents=discord.Intents.none()), "secret")
    with pytest.raises(NotAllowed) as refused:
        await identity.viewer(token, "i-1-gc-2-3")
    assert refused.value.code == 4003
    await identity.close()


async def test_the_invalid_requests_are_counted_as_discord_counts_them() -> None:
    async def answer(request: web.Request) -> web.Response:
        status = int(request.match_info["status"])
        scope = request.query.get("scope")
        headers = {"X-RateLimit-Scope": scope} if scope else {}
        return web.json_response({"code": 0, "message": "no"}, status=status, headers=headers)

    app = web.Application()
    app.router.add_get("/api/v10/users/{status}", answer)
    runner, origin = await served(app)
    metrics = Metrics()
    counting = wrapper(None, RequestCounts(metrics, "board"))
    try:
        base = f"{origin}/api/v10/users"
        async with aiohttp.ClientSession(middlewares=(counting,)) as session:
            for asked in ("401", "403", "429", "429?scope=user", "429?scope=shared", "404"):
                async with session.get(f"{base}/{asked}"):
                    pass
    finally:
        await runner.cleanup()
    invalid = "claimit_discord_invalid_requests_total"
    assert metrics.registry.get_sample_value(invalid, {"client": "board"}) == 4


class OutOfReach:
    """The bot's client, its requests of Discord each ending in ``error`` (``None``: never
    answered)."""

    application_id = 1

    def __init__(self, error: Exception | None) -> None:
        self.http = self
        self._error = error

    async def request(self, *_: Any) -> Any:
        return await self._failed()

    def get_guild(self, guild_id: int) -> OutOfReach:
        return self

    async def fetch_member(self, user_id: int) -> Any:
        return await self._failed()

    async def _failed(self) -> Any:
        if self._error is None:
            await asyncio.Event().wait()
        raise cast(Exception, self._error)


@pytest.mark.parametrize(
    "error",
    [
        aiohttp.ServerDisconnectedError(),
        aiohttp.ClientPayloadError("cut short"),
        OSError(101, "Network is unreachable"),
        None,
    ],
)
async def test_discord_out_of_reach_keeps_a_board_as_discord_unable_to_say(
    error: Exception | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A push asks who is in its viewers' instance, a move who is in the server: a
    connection dropped, refused or hung on the way to Discord is Discord unable to say now
    (the board kept, the push made), never a failure of the push or the ask."""
    monkeypatch.setattr(identity_module, "REQUEST_SECONDS", 0.0)
    identity = DiscordIdentity(cast(discord.Client, OutOfReach(error)), "secret")
    viewer = Viewer(4, "Ann", None, 2, 3, "i-1-gc-2-3", token="token")
    with pytest.raises(NotAllowed) as refused:
        await identity.in_instance(viewer.instance_id, viewer.user_id)
    assert refused.value.code == DOWN
    with pytest.raises(NotAllowed) as refused:
        await identity.in_place(viewer)
    assert refused.value.code == DOWN


async def test_a_token_discord_keeps_answering_429_for_costs_only_the_shares(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A token the bot's own exchange handed out is asked whatever strangers spent; its
    holder, asking Discord too often with it themselves, has Discord answer the bot's asks
    429, each counted towards the ban: asking at every move would spend the budget
    without bound."""
    asked: list[str] = []

    async def token(request: web.Request) -> web.Response:
        return web.json_response({"access_token": "their.token", "expires_in": 604800})

    async def me(request: web.Request) -> web.Response:
        asked.append(request.headers["Authorization"])
        return web.json_response({"message": "You are being rate limited."}, status=429)

    app = web.Application()
    app.router.add_post("/api/v10/oauth2/token", token)
    app.router.add_get("/api/v10/users/@me", me)
    runner = await as_discord(app, monkeypatch)
    identity = DiscordIdentity(cast(discord.Client, OutOfReach(None)), "secret")
    try:
        vouched = await identity.exchange("code", "192.0.2.7")
        viewer = Viewer(4, "Ann", None, 2, 3, "i-1-gc-2-3", token=vouched)
        for _ in range(5 * PER_ADDRESS):
            with pytest.raises(NotAllowed):
                await identity.still(viewer)
    finally:
        await identity.close()
        await runner.cleanup()
    assert asked == [f"Bearer {vouched}"] * PER_ADDRESS


class Instances:
    """The bot's client, answering the lookups of strangers' made-up instances (``i-9…``)
    never, and a player's at once."""

    application_id = 1

    def __init__(self, strangers: int) -> None:
        self.http = self
        self.asked: list[str] = []
        self.all_in = asyncio.Event()
        self._strangers = strangers

    async def request(self, route: Route) -> Any:
        instance_id = route.url.rpartition("/")[2]
        self.asked.append(instance_id)
        if instance_id.startswith("i-9"):
            if sum(i.startswith("i-9") for i in self.asked) == self._strangers:
                self.all_in.set()
            await asyncio.Event().wait()
        return {"users": ["4"], "location": {"kind": "gc", "guild_id": "2", "channel_id": "3"}}

    def get_guild(self, guild_id: int) -> None:
        return None


async def test_strangers_sign_ins_waiting_their_turn_never_hold_a_players_check(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A push asks who is in its viewers' instance, a move who holds the token: neither
    waits in the sign-ins' queue, which any number of strangers can fill."""

    async def me(request: web.Request) -> web.Response:
        return web.json_response({"id": "5", "username": "stranger"})

    app = web.Application()
    app.router.add_get("/api/v10/users/@me", me)
    runner = await as_discord(app, monkeypatch)
    monkeypatch.setattr(identity_module, "REQUEST_SECONDS", 3600.0)
    client = Instances(identity_module.IN_FLIGHT)
    identity = DiscordIdentity(cast(discord.Client, client), "secret")
    strangers = [
        asyncio.create_task(identity.viewer(f"stranger{n}", f"i-9{n}-gc-2-3", f"192.0.2.{n}"))
        for n in range(identity_module.IN_FLIGHT + 5)
    ]
    try:
        await client.all_in.wait()
        pushed = asyncio.create_task(identity.in_instance("i-1-gc-2-3", 4))
        await asyncio.sleep(0)
        assert "i-1-gc-2-3" in client.asked
        await pushed
    finally:
        for stranger in strangers:
            stranger.cancel()
        await asyncio.gather(*strangers, return_exceptions=True)
        await identity.close()
        await runner.cleanup()


class TwoMembers:
    """The bot's client, answering that the instance ``i-1-gc-2-3`` holds members 4 and 5."""

    application_id = 1

    def __init__(self) -> None:
        self.http = self

    async def request(self, route: Route) -> Any:
        return {"users": ["4", "5"], "location": {"kind": "gc", "guild_id": "2", "channel_id": "3"}}

    def get_guild(self, guild_id: int) -> None:
        return None


async def test_a_member_whose_many_tokens_were_revoked_costs_few_refusals_and_no_one_else_any(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every token Discord vouched for is asked whatever strangers spent; a member signed
    in with many (each device, each sign-in) whose tokens were then all revoked costs
    ``PER_HOLDER`` refusals so (their open boards checked again), then asks with shares as
    a stranger does: at most ``PER_ADDRESS`` more from their address when they come back
    with a hello. Another member's vouched token is still asked."""
    revoked: set[str] = set()
    asked: list[str] = []

    async def me(request: web.Request) -> web.Response:
        token = request.headers["Authorization"].removeprefix("Bearer ")
        asked.append(token)
        if token in revoked:
            return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        return web.json_response({"id": token.split(".")[0], "username": "someone"})

    app = web.Application()
    app.router.add_get("/api/v10/users/@me", me)
    runner = await as_discord(app, monkeypatch)
    clock = ManualClock()
    identity = DiscordIdentity(cast(discord.Client, TwoMembers()), "secret", clock=clock.now)
    instance = "i-1-gc-2-3"
    tokens = [f"4.token{n}" for n in range(25 * PER_HOLDER)]
    try:
        viewers = [await identity.viewer(token, instance, "192.0.2.7") for token in tokens]
        theirs = await identity.viewer("5.token", instance, "192.0.2.8")
        revoked.update(tokens)
        clock.advance(identity_module.FRESH_SECONDS + 1)
        asked.clear()
        for viewer in viewers[: len(viewers) // 2]:
            with pytest.raises(NotAllowed):
                await identity.still(viewer)
        assert asked == tokens[:PER_HOLDER]
        asked.clear()
        for token in tokens[len(viewers) // 2 :]:
            with pytest.raises(NotAllowed):
                await identity.viewer(token, instance, "192.0.2.7")
        assert asked == tokens[len(viewers) // 2 : len(viewers) // 2 + PER_ADDRESS]
        asked.clear()
        await identity.still(theirs)
        assert asked == ["5.token"]
    finally:
        await identity.close()
        await runner.cleanup()
