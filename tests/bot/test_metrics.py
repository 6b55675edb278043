"""The operator's figures: Discord's routes as templates, the hooks counting into the
figures of the bot whose work it is (and into nothing when none are set), and the
endpoint's scrape and health."""

from __future__ import annotations

import asyncio
import contextvars
import math
import random
from types import SimpleNamespace
from typing import Any, TypeVar, cast

import aiohttp
import discord
import pytest
from aiohttp import web
from aiohttp.typedefs import Handler
from prometheus_client.parser import text_string_to_metric_families

from bot.discord_ui import interaction_answers
from bot.discord_ui.global_pace import wrapper
from bot.discord_ui.interaction_answers import defer_now
from bot.discord_ui.watched import shards_health
from bot.games.outcome import Outcome
from bot.metrics.answers import following, interaction_answered
from bot.metrics.endpoint import Health, MetricsEndpoint
from bot.metrics.figures import (
    Metrics,
    action_made,
    counting,
    current,
    deadlines_due,
    picture_kind,
    timed_transaction,
)
from bot.metrics.requests import RequestCounts, route_of
from bot.service import Actor, GameService
from bot.storage.database import Body, CommitUnknown
from bot.storage.sqlite import SQLiteDatabase
from tests.bot.fixtures import Clock, served, started_game

T = TypeVar("T")


def test_routes_name_ids_tokens_and_emoji_rather_than_give_them() -> None:
    assert route_of("PATCH", "/api/v10/channels/12/messages/34") == (
        "PATCH /channels/{id}/messages/{id}"
    )
    token = "aW50ZXJhY3Rpb246MTIzOmFiYw"
    assert route_of("POST", f"/api/v10/interactions/981/{token}/callback") == (
        "POST /interactions/{id}/{token}/callback"
    )
    assert route_of("PATCH", f"/api/v10/webhooks/77/{token}/messages/@original") == (
        "PATCH /webhooks/{id}/{token}/messages/@original"
    )
    assert route_of("PUT", "/api/v10/channels/1/messages/2/reactions/%F0%9F%8E%B2/@me") == (
        "PUT /channels/{id}/messages/{id}/reactions/{emoji}/@me"
    )
    assert route_of("GET", "/api/v10/users/@me") == "GET /users/@me"
    assert route_of("GET", "/gateway") == "GET /gateway"


def test_routes_stay_few_however_many_ids() -> None:
    routes = {
        route_of("POST", f"/api/v10/channels/{channel}/messages")
        for channel in range(1_000_000, 1_000_500)
    } | {route_of("POST", f"/api/v10/interactions/{n}/token{n}x/callback") for n in range(500)}
    assert routes == {"POST /channels/{id}/messages", "POST /interactions/{id}/{token}/callback"}


def test_an_interactions_answers_are_told_by_their_paths() -> None:
    assert interaction_answered("/api/v10/interactions/981/abc/callback") == 981
    assert interaction_answered("/api/v10/webhooks/77/abc/messages/@original") is None
    assert interaction_answered("/api/v10/channels/1/messages") is None
    assert following("PATCH", "/api/v10/webhooks/77/abc/messages/@original") == "abc"
    assert following("DELETE", "/api/v10/webhooks/77/abc/messages/@original") == "abc"
    assert following("POST", "/api/v10/webhooks/77/abc") == "abc"
    assert following("GET", "/api/v10/webhooks/77/abc/messages/@original") is None
    assert following("PATCH", "/api/v10/webhooks/77/abc/messages/12") is None
    assert following("POST", "/api/v10/channels/1/messages") is None


def render_table() -> bytes:
    return b""


class Board:
    def render(self) -> bytes:
        return b""


def test_a_picture_is_named_by_what_makes_it() -> None:
    assert picture_kind(render_table) == "tests.bot.test_metrics.render_table"
    assert picture_kind(Board().render) == "tests.bot.test_metrics.Board.render"


def sample(metrics: Metrics, name: str, **labels: str) -> float:
    value = metrics.registry.get_sample_value(name, labels)
    return 0.0 if value is None else value


async def test_work_counts_into_the_figures_of_the_bot_it_is_for() -> None:
    """Each task counts into the figures its context names, and tasks it starts inherit
    them; with none named, nothing is counted anywhere."""
    first, second = Metrics(), Metrics()

    @timed_transaction("read")
    async def read(database: object) -> int:
        return 1

    async def bot(metrics: Metrics | None, moves: int) -> None:
        counting(metrics)

        async def move() -> None:
            action_made("claimit")
            await read(None)
            deadlines_due(moves)

        await asyncio.gather(*(asyncio.create_task(move()) for _ in range(moves)))

    await asyncio.create_task(bot(first, 3), context=contextvars.Context())
    await asyncio.create_task(bot(second, 2), context=contextvars.Context())
    await asyncio.create_task(bot(None, 4), context=contextvars.Context())
    assert current() is None
    assert sample(first, "claimit_actions_total", kind="claimit") == 3
    assert sample(second, "claimit_actions_total", kind="claimit") == 2
    assert sample(first, "claimit_database_seconds_count", transaction="read") == 3
    assert sample(second, "claimit_database_seconds_count", transaction="read") == 2
    assert (sample(first, "claimit_deadlines_due"), sample(second, "claimit_deadlines_due")) == (
        3,
        2,
    )


class Ticks:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


CALLBACK = "/api/v10/interactions/{}/token{}/callback"
ORIGINAL = "/api/v10/webhooks/77/token{}/messages/@original"
FOLLOW_UP = "/api/v10/webhooks/77/token{}"


def arrive(metrics: Metrics, interaction_id: int, type_name: str = "component") -> None:
    metrics.answers.arrived(interaction_id, f"token{interaction_id}", type_name)


def test_a_direct_answer_is_timed_once_by_its_type() -> None:
    clock = Ticks()
    metrics = Metrics(clock)
    answers = metrics.answers
    answers.sent("POST", CALLBACK.format(5, 5), 204)  # never seen arriving: not counted
    arrive(metrics, 6)
    arrive(metrics, 7, "autocomplete")
    clock.now = 0.04
    answers.sent("POST", CALLBACK.format(6, 6), 204)
    answers.sent("POST", CALLBACK.format(7, 7), 200)
    answers.sent("POST", FOLLOW_UP.format(6), 200)  # a follow-up of a direct answer
    answers.sent("POST", CALLBACK.format(6, 6), 204)  # a second answer is not the first
    answer = "claimit_answer_seconds_count"
    assert sample(metrics, answer, type="component", answer="direct") == 1
    assert sample(metrics, answer, type="autocomplete", answer="direct") == 1
    assert sample(metrics, "claimit_answer_seconds_sum", type="component", answer="direct") == 0.04
    assert sample(metrics, "claimit_interactions_total", type="component") == 1
    assert sample(metrics, "claimit_deferred_answer_seconds_count", type="component") == 0


def test_a_deferred_answer_is_timed_at_its_deferral_and_at_its_real_answer() -> None:
    clock = Ticks()
    metrics = Metrics(clock)
    answers = metrics.answers
    arrive(metrics, 6)
    arrive(metrics, 7, "application_command")
    clock.now = 1.5
    answers.deferring(6)
    answers.sent("POST", CALLBACK.format(6, 6), 204)
    answers.deferring(7)
    answers.sent("POST", CALLBACK.format(7, 7), 204)
    clock.now = 6.0
    answers.sent("GET", ORIGINAL.format(6), 200)  # read, not an answer
    answers.sent("PATCH", ORIGINAL.format(6), 500)  # failed, not an answer
    answers.sent("PATCH", ORIGINAL.format(6), 200)
    answers.sent("POST", FOLLOW_UP.format(7), 200)
    clock.now = 7.0
    answers.sent("POST", FOLLOW_UP.format(6), 200)  # after the real answer
    answer, deferred = "claimit_answer_seconds_sum", "claimit_deferred_answer_seconds_sum"
    assert sample(metrics, answer, type="component", answer="deferred") == 1.5
    assert sample(metrics, answer, type="command", answer="deferred") == 1.5
    assert sample(metrics, answer, type="component", answer="direct") == 0
    assert sample(metrics, deferred, type="component") == 6.0
    assert sample(metrics, deferred, type="command") == 6.0
    assert sample(metrics, "claimit_deferred_answer_seconds_count", type="component") == 1


def test_interactions_discord_took_no_answer_to_are_counted_by_why() -> None:
    clock = Ticks()
    metrics = Metrics(clock)
    answers = metrics.answers
    for interaction in range(1, 6):
        arrive(metrics, interaction)
    answers.sent("POST", CALLBACK.format(1, 1), 404)  # refused: too late (10062)
    answers.sent("POST", CALLBACK.format(2, 2), None)  # no answer, and no retry after
    answers.sent("POST", CALLBACK.format(3, 3), 503)
    answers.sent("POST", CALLBACK.format(3, 3), 204)  # its retry got through
    answers.deferring(5)
    answers.sent("POST", CALLBACK.format(5, 5), 204)  # deferred, and then nothing
    unanswered = "claimit_unanswered_total"
    assert sample(metrics, unanswered, type="component", reason="failed") == 1
    clock.now = 29.0
    answers.expire()
    assert sample(metrics, unanswered, type="component", reason="never") == 0
    clock.now = 31.0
    answers.expire()
    assert sample(metrics, unanswered, type="component", reason="failed") == 2
    assert sample(metrics, unanswered, type="component", reason="never") == 1  # the 4th
    assert sample(metrics, unanswered, type="component", reason="deferred") == 0
    clock.now = 15 * 60.0
    arrive(metrics, 6)  # an arrival looks too
    assert sample(metrics, unanswered, type="component", reason="deferred") == 1
    assert sample(metrics, "claimit_answer_seconds_count", type="component", answer="direct") == 1


async def test_the_endpoint_serves_the_figures_and_the_health_until_stopped() -> None:
    metrics = Metrics()
    health = Health(ready=False, latencies={0: None, 1: 0.04}, connected=1)
    scrapes = 0

    async def refresh() -> None:
        nonlocal scrapes
        scrapes += 1
        metrics.games.labels("claimit", "playing").set(scrapes)

    endpoint = MetricsEndpoint(metrics, lambda: health, refresh)
    await endpoint.start("127.0.0.1", 0)
    try:
        async with aiohttp.ClientSession(f"http://127.0.0.1:{endpoint.port}") as session:
            async with session.get("/healthz") as answer:
                assert answer.status == 503
                assert await answer.json() == {
                    "ready": False,
                    "shards_connected": 1,
                    "shards_run": 2,
                    "latency_seconds": {"0": None, "1": 0.04},
                }
            health = Health(ready=True, latencies={0: 0.05, 1: 0.04}, connected=2)
            async with session.get("/healthz") as answer:
                assert answer.status == 200
                assert (await answer.json())["ready"] is True
            async with session.get("/metrics") as answer:
                assert answer.status == 200
                families = {
                    family.name: family
                    for family in text_string_to_metric_families(await answer.text())
                }
        (games,) = families["claimit_games"].samples
        assert (games.labels, games.value) == ({"kind": "claimit", "state": "playing"}, 1)
        assert "waiting for players" in families["claimit_games"].documentation
        assert {"claimit_actions", "claimit_discord_requests", "claimit_answer_seconds"} <= set(
            families
        )
    finally:
        await endpoint.stop()
    assert not await reachable(f"http://127.0.0.1:{endpoint.port}/healthz")


async def reachable(url: str) -> bool:
    async with aiohttp.ClientSession() as session:
        try:
            async with session.get(url):
                return True
        except aiohttp.ClientConnectionError:
            return False


async def test_requests_are_counted_by_route_and_answer_and_refusals_by_code() -> None:
    """A refusal's code is read where the answer arrives, and whoever asked (discord.py)
    still reads the same body after."""

    async def refuse(request: web.Request) -> web.Response:
        code = int(request.match_info["code"])
        status = {10008: 404, 50013: 403, 0: 429}[code]
        return web.json_response({"code": code, "message": "no"}, status=status)

    codes = (10008, 50013, 50013, 0)
    metrics, bodies = await counted(
        "PATCH",
        "/channels/{channel}/messages/{code}",
        refuse,
        [f"/channels/7/messages/{code}" for code in codes],
    )
    assert [body["code"] for body in bodies] == list(codes)
    route = "PATCH /channels/{id}/messages/{id}"
    requests = "claimit_discord_requests_total"
    assert sample(metrics, requests, route=route, status="404") == 1
    assert sample(metrics, requests, route=route, status="403") == 2
    assert sample(metrics, requests, route=route, status="429") == 1
    refusals = "claimit_discord_refusals_total"
    assert sample(metrics, refusals, route=route, code="10008") == 1
    assert sample(metrics, refusals, route=route, code="50013") == 2
    assert sample(metrics, refusals, route=route, code="0") == 0


async def test_discord_s_429s_are_counted_by_their_limit_s_scope() -> None:
    async def limited(request: web.Request) -> web.Response:
        scope = request.match_info["scope"]
        headers = {} if scope == "none" else {"X-RateLimit-Scope": scope}
        return web.json_response({"retry_after": 0.1}, status=429, headers=headers)

    scopes = ("global", "user", "user", "shared", "none")
    metrics, _ = await counted("GET", "/users/{scope}", limited, [f"/users/{s}" for s in scopes])
    limited_total = "claimit_discord_rate_limited_total"
    assert sample(metrics, limited_total, client="bot", scope="global") == 1
    assert sample(metrics, limited_total, client="bot", scope="user") == 2
    assert sample(metrics, limited_total, client="bot", scope="shared") == 1
    # Cloudflare's ban says no scope.
    assert sample(metrics, limited_total, client="bot", scope="none") == 1
    assert sample(metrics, "claimit_discord_invalid_requests_total", client="bot") == 4


async def counted(
    method: str, route: str, answer: Handler, paths: list[str]
) -> tuple[Metrics, list[Any]]:
    """The figures of requests to ``paths`` (under the API) as the bot counts them, each
    answered by ``answer`` on ``route``, and the JSON bodies read after they were
    counted (as discord.py reads them)."""
    app = web.Application()
    app.router.add_route(method, f"/api/v10{route}", answer)
    runner, origin = await served(app)
    metrics = Metrics()
    counting = wrapper(None, RequestCounts(metrics))
    bodies = []
    try:
        async with aiohttp.ClientSession(middlewares=(counting,)) as session:
            for path in paths:
                async with session.request(method, f"{origin}/api/v10{path}") as response:
                    bodies.append(await response.json())
    finally:
        await runner.cleanup()
    return metrics, bodies


class Shard:
    def __init__(self, latency: float, closed: bool = False) -> None:
        self.latency = latency
        self.closed = closed

    def is_closed(self) -> bool:
        return self.closed


def test_the_bot_serves_once_ready_with_every_shard_it_runs_connected() -> None:
    up = {0: Shard(0.04), 1: Shard(0.05)}
    assert shards_health(True, {0, 1}, up).serving
    health = shards_health(True, {0, 1, 2}, up)  # shard 2 not launched yet
    assert not health.serving and health.connected == 2
    assert health.as_json()["latency_seconds"] == {"0": 0.04, "1": 0.05, "2": None}
    assert not shards_health(False, {0, 1}, up).serving
    assert not shards_health(True, {0, 1}, {0: Shard(0.04), 1: Shard(0.05, closed=True)}).serving
    first = shards_health(True, {0}, {0: Shard(math.nan)})  # no heartbeat answered yet
    assert first.serving and first.as_json()["latency_seconds"] == {"0": None}
    assert not shards_health(True, set(), {}).serving


async def test_a_move_whose_commit_answer_was_lost_counts_once_found_saved(
    sqlite_database: SQLiteDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The database lost the answer to the move's commit, and the game's row says it was
    saved: the move is counted as any other."""
    service = GameService(sqlite_database, dice=random.Random(1), clock=Clock())
    game = await started_game(service, 2)
    write = sqlite_database.write

    async def answer_lost(body: Body[T]) -> T:
        await write(body)
        raise CommitUnknown()

    metrics = Metrics()

    async def move() -> Outcome:
        counting(metrics)
        monkeypatch.setattr(sqlite_database, "write", answer_lost)
        assert game.state is not None
        player = game.seats[game.state.turn].user_id
        return await service.turns.act(game.id, Actor(player), game.version, "roll")

    outcome = await asyncio.create_task(move(), context=contextvars.Context())
    assert outcome.game.version == game.version + 1
    assert sample(metrics, "claimit_actions_total", kind="claimit") == 1


async def test_a_deferral_the_bot_makes_is_counted_as_its_first_answer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    metrics = Metrics()

    class Response:
        done = False

        def is_done(self) -> bool:
            return self.done

    response = Response()

    async def deferred(_: discord.Interaction, **options: object) -> None:
        assert options == {"thinking": True}
        metrics.answers.sent("POST", CALLBACK.format(6, 6), 204)
        response.done = True

    monkeypatch.setattr(interaction_answers, "defer", deferred)
    interaction = cast(discord.Interaction, SimpleNamespace(id=6, response=response, extras={}))

    async def answer() -> None:
        counting(metrics)
        arrive(metrics, 6)
        await defer_now(interaction, thinking=True)

    await asyncio.create_task(answer(), context=contextvars.Context())
    answered = "claimit_answer_seconds_count"
    assert sample(metrics, answered, type="component", answer="deferred") == 1
    assert sample(metrics, answered, type="component", answer="direct") == 0


def test_a_metrics_child_is_asked_of_prometheus_once_for_its_labels(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    metrics = Metrics()
    asked: list[tuple[str, ...]] = []
    labels = metrics.requests.labels

    def counted(*values: str) -> Any:
        asked.append(values)
        return labels(*values)

    monkeypatch.setattr(metrics.requests, "labels", counted)
    for status in ("200", "200", "429", "200"):
        metrics.requests_of("GET /users/@me", status).inc()
    assert asked == [("GET /users/@me", "200"), ("GET /users/@me", "429")]
    requests = "claimit_discord_requests_total"
    assert sample(metrics, requests, route="GET /users/@me", status="200") == 3
    assert sample(metrics, requests, route="GET /users/@me", status="429") == 1
