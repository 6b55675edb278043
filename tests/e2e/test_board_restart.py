"""A board open while the bot is killed (SIGKILL) and started again: its connection ends,
and once the bot is back on the same port, the board signed in before connects again and
is shown the game as it stands, every move acknowledged before the kill in it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import aiohttp
import pytest

from emulator import DiscordEmulator
from tests.e2e.board_viewer import BoardViewer
from tests.e2e.running_bot import BotProcess, bot_environment
from tests.new_sqlite import new_sqlite
from tests.postgres_cluster import free_port

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


async def test_a_board_open_through_a_kill_sees_the_game_as_it_stands_once_the_bot_is_back(
    tmp_path: Path, emulator: DiscordEmulator
) -> None:
    ann, bo = emulator.add_user("Ann"), emulator.add_user("Bo")
    guild = emulator.add_guild("Prospectors", ann)
    emulator.add_member(guild, bo)
    channel = emulator.add_channel(guild, "claim-it")
    port = free_port()
    bot = BotProcess(
        bot_environment(
            emulator,
            await new_sqlite(tmp_path / "bot.sqlite3"),
            CLAIMIT_ACTIVITY_PORT=str(port),
            DISCORD_CLIENT_SECRET=emulator.client_secret,
        )
    )
    await bot.start()
    async with aiohttp.ClientSession() as session:
        try:
            lobby = await emulator.answer(await emulator.slash(ann, channel, "claimit new"))
            table = lobby.response_message
            assert table is not None
            await emulator.answer(await emulator.click(bo, table, "Join"))
            await emulator.answer(await emulator.click(ann, table, "Start"))
            instance = await emulator.launch_activity(channel.id, ann.id)
            code = emulator.authorize(ann.id, emulator.application_id, ["identify"])
            base = f"http://127.0.0.1:{port}"
            async with session.post(f"{base}/api/token", json={"code": code}) as answer:
                token = (await answer.json())["access_token"]

            async def watching() -> tuple[BoardViewer, dict[str, Any]]:
                viewer = BoardViewer(await session.ws_connect(f"{base}/api/live"))
                await viewer.send(type="hello", access_token=token, instance_id=instance.id)
                listed = await viewer.wait_for(lambda f: f["type"] == "games")
                await viewer.send(type="watch", game=listed["games"][0]["id"])
                return viewer, await viewer.game()

            viewer, first = await watching()
            mover = ann if first["game"]["to_act"] == [0] else bo
            rolled = await emulator.answer(await emulator.click(mover, table, "Roll"))
            assert rolled.response_type is not None
            moved = await viewer.game(version=first["game"]["version"] + 1)

            await bot.kill()
            assert (await viewer.ended())[0] != 1000
            await bot.start()
            again, shown = await watching()
            assert shown["game"] == {**moved["game"], "now": shown["game"]["now"]}
            assert shown["board"] == moved["board"]
            await again.close()
        finally:
            await bot.stop()
