"""The operator's figures, scraped from the real bot's endpoint while a game is played
through the emulated Discord: they move as the game does."""

from __future__ import annotations

import asyncio
import contextvars
import random
from pathlib import Path

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.discord_ui import interaction_answers
from bot.discord_ui.client import GameBot
from bot.service.pace_grants import BUDGET
from bot.storage import GameStatus
from tests.e2e.world import make_world, pick_button

Figures = dict[tuple[str, frozenset[tuple[str, str]]], float]


async def scraped(session: aiohttp.ClientSession) -> Figures:
    async with session.get("/metrics") as answer:
        assert answer.status == 200
        text = await answer.text()
    return {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def total(figures: Figures, name: str, **labels: str) -> float:
    """The sum of ``name``'s samples that have ``labels``."""
    wanted = set(labels.items())
    return sum(value for (n, have), value in figures.items() if n == name and wanted <= have)


async def not_serving_while_it_stops(bot: GameBot, session: aiohttp.ClientSession) -> None:
    """While a stop waits for the work under way, ``/healthz`` says 503 (the bot is
    still ready and connected, but takes no new work)."""
    async with bot.work.admitted():
        stopping = asyncio.create_task(bot.close())
        while not bot.work.stopping:
            await asyncio.sleep(0)
        async with session.get("/healthz") as answer:
            assert answer.status == 503
            assert (await answer.json())["ready"] is False
    await stopping


async def test_the_figures_move_as_a_game_is_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = await make_world(tmp_path, players=2)
    async with world:
        bot = await world.start_bot(metrics_port=0)
        assert bot.endpoint is not None and bot.endpoint.port
        async with aiohttp.ClientSession(f"http://127.0.0.1:{bot.endpoint.port}") as session:
            async with session.get("/healthz") as answer:
                assert answer.status == 200
                health = await answer.json()
            assert health["ready"] is True
            assert (health["shards_connected"], health["shards_run"]) == (1, 1)
            assert set(health["latency_seconds"]) == {"0"}
            before = await scraped(session)
            assert total(before, "claimit_games", kind="nuggets") == 0
            assert total(before, "claimit_answer_seconds_count") == 0
            host, other = world.players[:2]
            lobby = await world.answered(host, "nuggets new")
            waiting = await scraped(session)
            await world.click(other, lobby, "Join")
            await world.click(host, lobby, "Start")
            started = await scraped(session)
            game = await bot.service.current_game(world.channel.id)
            assert game is not None
            # Played by clicks the emulated Discord sends the bot, from a context with no
            # figures in it: each move counts only if the bot's own tasks count it. The
            # first move's answer is deferred (as a slow one is), then edited in.
            with monkeypatch.context() as slow:
                slow.setattr(interaction_answers, "DEFER_AFTER", 0.0)
                first = world.latest_with_buttons()
                mover = await world.human_to_move()
                assert mover is not None
                clicking = world.click(mover, first, pick_button(first, random.Random(5), 0))
                clicked = await asyncio.create_task(clicking, context=contextvars.Context())
                assert clicked.response_type == 6
            playing = world.finish(random.Random(5))
            await asyncio.create_task(playing, context=contextvars.Context())
            game = await world.settled(game.id)
            assert game.status is GameStatus.FINISHED
            after = await scraped(session)
            moves = len(await bot.service.history.moves(game.id))
            await not_serving_while_it_stops(bot, session)
        # The game waited for its players (a lobby), was played, and is over.
        assert total(waiting, "claimit_games", kind="nuggets", state="waiting") == 1
        assert total(waiting, "claimit_games", kind="nuggets", state="playing") == 0
        assert total(started, "claimit_games", kind="nuggets", state="playing") == 1
        assert total(started, "claimit_games", kind="nuggets", state="waiting") == 0
        assert total(after, "claimit_games", kind="nuggets") == 0
        # Each move counted once, as its game's.
        actions = "claimit_actions_total"
        assert moves > 0
        assert total(after, actions, kind="nuggets") - total(before, actions) == moves
        # The command and the clicks (Join, Start, the moves), each answered once in
        # time, at once but the first move (deferred, then answered by an edit).
        clicks = 2 + moves
        assert total(after, "claimit_interactions_total", type="command") == 1
        assert total(after, "claimit_interactions_total", type="component") == clicks
        answered = "claimit_answer_seconds_count"
        assert total(after, answered, type="command", answer="direct") == 1
        assert total(after, answered, type="component", answer="direct") == clicks - 1
        assert total(after, answered, type="component", answer="deferred") == 1
        assert total(after, "claimit_deferred_answer_seconds_count", type="component") == 1
        assert total(after, "claimit_answer_seconds_bucket", le="3.0") == 1 + clicks
        assert total(after, "claimit_unanswered_total") == 0
        pictures = "claimit_pictures_total"
        assert total(after, pictures) - total(before, pictures) >= moves
        assert total(after, "claimit_picture_seconds_count") == total(after, pictures)
        # Each answered by a request of its own (a move's shows the table moved on).
        callbacks = "POST /interactions/{id}/{token}/callback"
        assert total(after, "claimit_discord_requests_total", route=callbacks) == 1 + clicks
        # Each move committed in a transaction of its own, at least.
        database = "claimit_database_seconds_count"
        assert total(after, database) - total(before, database) >= moves
        # Alone on its file, the bot holds the whole of the global budget, and met no
        # limit of Discord's.
        assert total(after, "claimit_pace_grant") == BUDGET
        assert total(after, "claimit_discord_rate_limited_total") == 0
