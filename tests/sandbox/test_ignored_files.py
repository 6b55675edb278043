"""Nothing the sandbox writes beside itself shows in ``git status``: its games' database
with SQLite's files beside it while it runs, the folder that keeps its channel, and one
set aside because it could not be read."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from bot.settings import DEFAULT_SANDBOX_DATABASE
from sandbox.run import discord_state
from sandbox.server_world import CHANNEL_ID
from tests.sandbox.conftest import started

PROJECT = Path(__file__).resolve().parents[2]


def not_ignored(repository: Path) -> list[str]:
    """The files git would offer to add there."""
    listed = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=all"],
        cwd=repository,
        capture_output=True,
        text=True,
        check=True,
    )
    return listed.stdout.splitlines()


async def test_git_ignores_every_file_the_sandbox_writes(tmp_path: Path) -> None:
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    shutil.copy(PROJECT / ".gitignore", tmp_path / ".gitignore")
    subprocess.run(["git", "add", ".gitignore"], cwd=tmp_path, check=True)
    database = tmp_path / DEFAULT_SANDBOX_DATABASE
    damaged = discord_state(str(database))
    damaged.mkdir()
    (damaged / "state.json").write_text("{")

    async with started(tmp_path, database=DEFAULT_SANDBOX_DATABASE) as sandbox:
        ann = next(u for u in sandbox.emulator.users.values() if u.name == "Ann")
        await sandbox.emulator.say(ann, sandbox.emulator.channels[CHANNEL_ID], "Kept.")
        written = {p.name for p in tmp_path.iterdir()} - {".git", ".gitignore"}
        assert f"{database.name}-wal" in written and f"{database.name}-shm" in written
        assert any(".unreadable-" in name for name in written), written
        assert not_ignored(tmp_path) == ["A  .gitignore"]
    assert (discord_state(str(database)) / "state.json").is_file()
    assert not_ignored(tmp_path) == ["A  .gitignore"]
