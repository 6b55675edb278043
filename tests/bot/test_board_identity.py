"""The board's shares of Discord's invalid-request budget, the shape a token must have to
be asked of Discord at all, and the bot's invalid requests counted as Discord counts
them."""

from __future__ import annotations

import aiohttp
import discord
import pytest
from aiohttp import web

from bot.activity.identity import DiscordIdentity, NotAllowed
from bot.activity.refusal_shares import WINDOW_SECONDS, Shares, address_of
from bot.metrics.figures import Metrics
from bot.metrics.requests import counting_requests
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
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    metrics = Metrics()
    trace = aiohttp.TraceConfig()
    counting_requests(trace, metrics, "board")
    try:
        base = f"http://127.0.0.1:{runner.addresses[0][1]}/api/v10/users"
        async with aiohttp.ClientSession(trace_configs=[trace]) as session:
            for asked in ("401", "403", "429", "429?scope=user", "429?scope=shared", "404"):
                async with session.get(f"{base}/{asked}"):
                    pass
    finally:
        await runner.cleanup()
    invalid = "claimit_discord_invalid_requests_total"
    assert metrics.registry.get_sample_value(invalid, {"client": "board"}) == 4
