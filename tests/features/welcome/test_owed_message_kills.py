"""A server that adds the bot is welcomed once, though the bot is killed as it posts
the welcome (``tests/e2e/test_owed_message_kills.py`` makes the kill)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.games.faces import faces
from tests.e2e.test_owed_message_kills import POST, WHEN, scene
from tests.e2e.world import title_of

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.long(seconds=3)]


@pytest.mark.parametrize("when", WHEN)
async def test_a_servers_welcome_is_posted_once(tmp_path: Path, when: str) -> None:
    """A server adds the bot, and the bot is killed as its welcome goes out; started
    again (the server is one it was in, no join), it posts the welcome still owed, once,
    in the channel picked at the join."""
    async with scene(tmp_path) as here:
        await here.start()
        guild = here.emulator.add_guild("Newcomers", here.people["Ann"])
        general = here.emulator.add_channel(guild, "general")
        here.kill_at(POST, here.into(general), made=when == "after")
        await here.emulator.add_bot(guild)
        await here.killed_and_back()
        await here.bot.logged("posting again what a stopped process left unrecorded")
        await here.all_sent("welcome:", 1)
        (welcome,) = [m for m in general.messages if title_of(m) == "Thanks for adding me!"]
        assert welcome.button_labels() == [f"{face.title} · Learn to play" for face in faces()]
        with sqlite3.connect(f"file:{here.database}?mode=ro", uri=True) as connection:
            owed = connection.execute("SELECT owed FROM welcomes WHERE guild_id = ?", (guild.id,))
            assert owed.fetchall() == [(0,)]
