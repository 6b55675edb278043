"""Starting with a token Discord rejects, on a disk the database can't use, or with a
metrics port another program holds, or a metrics host with no address: one plain line,
no traceback. And a start that syncs the commands keeps the app's Entry Point."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
from pathlib import Path

from bot.storage.opening import open_database
from emulator import ActivityInstance
from emulator.entry_points import DISCORD_LAUNCH_ACTIVITY, entry_point
from tests.disk import tiny_disk
from tests.e2e.world import World, make_world


async def start(arguments: list[str], environment: dict[str, str], folder: Path) -> list[str]:
    """Runs ``claimit`` until it gives up; its standard error as lines."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        *arguments,
        cwd=folder,
        env={**os.environ, "CLAIMIT_SANDBOX_PORT": "0", **environment},
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    _, err = await process.communicate()
    assert process.returncode == 1, err.decode()
    assert "Traceback" not in err.decode()
    return err.decode().strip().splitlines()


async def test_a_full_disk_at_start_up_is_one_plain_line(world: World, tmp_path: Path) -> None:
    with tiny_disk(tmp_path / "disk") as disk:
        disk.fill()
        environment = {
            "DISCORD_TOKEN": world.discord.token,
            "CLAIMIT_DISCORD_URL": world.discord.base_url,
            "CLAIMIT_DATABASE": str(disk.path / "claimit.sqlite3"),
        }
        (line,) = await start([], environment, tmp_path)
    assert line.startswith("claimit: can't use the database ")
    assert "disk has free space" in line


async def test_a_rejected_token_is_one_plain_line(world: World, tmp_path: Path) -> None:
    environment = {
        "DISCORD_TOKEN": "wrong",
        "CLAIMIT_DISCORD_URL": world.discord.base_url,
        "CLAIMIT_DATABASE": str(tmp_path / "claimit.sqlite3"),
    }
    (line,) = await start([], environment, tmp_path)
    assert "Discord rejected DISCORD_TOKEN" in line


async def test_a_read_only_disk_at_start_up_is_one_plain_line(tmp_path: Path) -> None:
    with tiny_disk(tmp_path / "disk") as disk:
        path = disk.path / "sandbox.sqlite3"
        await (await open_database(path)).close()
        disk.read_only()
        environment = {"DISCORD_TOKEN": "", "CLAIMIT_SANDBOX_DATABASE": str(path)}
        (line,) = await start(["--sandbox"], environment, tmp_path)
    assert line.startswith(f"claimit: can't use the database {path}: ")
    assert "readonly" in line or "unable to open" in line


async def test_a_read_only_disk_with_a_killed_bots_files_is_one_plain_line(tmp_path: Path) -> None:
    """A bot killed on the disk leaves its WAL files beside the database. On a read-only
    disk SQLite then opens the file read-only and reads it (and even grants the write
    lock), so only a write tells that the bot can't run there."""
    with tiny_disk(tmp_path / "disk") as disk:
        path = disk.path / "sandbox.sqlite3"
        await (await open_database(path)).close()
        killed = (
            "import os, sqlite3, sys\n"
            "sqlite3.connect(sys.argv[1]).execute('SELECT count(*) FROM games').fetchall()\n"
            "os._exit(0)\n"
        )
        subprocess.run([sys.executable, "-c", killed, str(path)], check=True)
        assert Path(f"{path}-wal").exists() and Path(f"{path}-shm").exists()
        disk.read_only()
        environment = {"DISCORD_TOKEN": "", "CLAIMIT_SANDBOX_DATABASE": str(path)}
        (line,) = await start(["--sandbox"], environment, tmp_path)
    assert line == (
        f"claimit: can't use the database {path}: attempt to write a readonly database. "
        "Check that its folder exists and is writable and that the disk has free space"
    )


async def test_a_metrics_port_in_use_is_one_plain_line(world: World, tmp_path: Path) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        environment = {
            "DISCORD_TOKEN": world.discord.token,
            "CLAIMIT_DISCORD_URL": world.discord.base_url,
            "CLAIMIT_DATABASE": str(tmp_path / "claimit.sqlite3"),
            "CLAIMIT_RENDER_PROCESSES": "0",
            "CLAIMIT_METRICS_PORT": str(port),
        }
        (line,) = await start([], environment, tmp_path)
    assert line.startswith(
        f"claimit: CLAIMIT_METRICS_PORT {port} can't be listened on at 127.0.0.1"
    )
    assert line.endswith("(Address already in use); set another port, or 0 for any free one")


async def test_a_metrics_host_with_no_address_is_one_plain_line(
    world: World, tmp_path: Path
) -> None:
    environment = {
        "DISCORD_TOKEN": world.discord.token,
        "CLAIMIT_DISCORD_URL": world.discord.base_url,
        "CLAIMIT_DATABASE": str(tmp_path / "claimit.sqlite3"),
        "CLAIMIT_RENDER_PROCESSES": "0",
        "CLAIMIT_METRICS_PORT": "0",
        "CLAIMIT_METRICS_HOST": "nowhere.invalid",
    }
    (line,) = await start([], environment, tmp_path)
    assert line.startswith("claimit: CLAIMIT_METRICS_HOST nowhere.invalid is no address ")
    assert "PORT" not in line


async def test_a_start_keeps_the_entry_point_offered_in_group_dms(tmp_path: Path) -> None:
    """The bot serving the board registers its own Entry Point, installed as the games'
    commands are; a start without the board keeps it (Discord refuses an overwrite that
    leaves it out: 50240), and a user who installed the app opens the board from it in a
    group DM."""
    async with await make_world(tmp_path) as world:
        await world.start_bot(board=True)
        await world.stop_bots()
        await world.start_bot()
        kept = entry_point(world.discord.commands[None])
        assert kept is not None and kept["handler"] == DISCORD_LAUNCH_ACTIVITY
        assert (kept["integration_types"], kept["contexts"]) == ([0, 1], [0, 2])
        assert not [r for r in world.discord.requests if r.status >= 400]
        ann, bo, cy = world.players[:3]
        world.discord.install_to_user(ann)
        group = world.discord.add_group_dm(ann, [bo, cy])
        launched = await world.discord.use_entry_point(ann, group)
        assert isinstance(launched, ActivityInstance)
