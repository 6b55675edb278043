"""``claimit`` without a token (or with ``--sandbox``) starts the sandbox and says where,
and which games to start there."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
from pathlib import Path

import aiohttp
import pytest

from tests import processes


@pytest.mark.parametrize("how", ["no token", "--sandbox"])
async def test_the_run_command_without_a_token_starts_the_sandbox(tmp_path: Path, how: str) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "CLAIMIT_"))}
    env.update(
        DISCORD_TOKEN="" if how == "no token" else "a-real-token-stays-unused",
        CLAIMIT_SANDBOX_PORT="0",
        CLAIMIT_SANDBOX_DATABASE=str(tmp_path / "sandbox.sqlite3"),
    )
    process = await processes.start(
        sys.executable,
        "-m",
        "bot",
        *([how] if how.startswith("--") else []),
        cwd=tmp_path,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        assert process.stdout is not None
        line = (await asyncio.wait_for(process.stdout.readline(), 30)).decode()
        url = re.search(r"http://127\.0\.0\.1:\d+", line)
        assert url is not None, line
        async with (
            aiohttp.ClientSession() as session,
            session.get(url.group() + "/api/server") as response,
        ):
            info = await response.json()
        assert [(m["name"], m["locale"]) for m in info["members"]] == [
            ("Ann", "en-US"),
            ("Bo", "en-US"),
            ("Cy", "de"),
            ("Di", "de"),
            ("Ed", "en-GB"),
        ]
        assert {"claimit new", "nuggets new"} <= {c["name"] for c in info["commands"]["en-US"]}
        assert {"claimit neu", "nuggets neu"} <= {c["name"] for c in info["commands"]["de"]}
        assert [(g["command"], g["title"], g["new"]["de"]) for g in info["games"]] == [
            ("claimit", "Claim It!", "neu"),
            ("nuggets", "Gold Nuggets", "neu"),
            ("claim", "Claim", "neu"),
        ]
        games = "Claim It! (/claimit new), Gold Nuggets (/nuggets new) or Claim (/claim new)"
        assert f"{games} in #games" in line
    finally:
        process.send_signal(signal.SIGTERM)
        _, err = await asyncio.wait_for(process.communicate(), 30)
        await processes.ended(process)
    assert process.returncode == 0, err.decode()
    assert "Traceback" not in err.decode()
    assert (tmp_path / "sandbox.sqlite3").exists()
    assert not (tmp_path / "claimit.sqlite3").exists()
    assert ("DISCORD_TOKEN is not set" in err.decode()) == (how == "no token")
