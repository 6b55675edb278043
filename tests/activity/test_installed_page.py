"""The board's page is built when the package is: a wheel carries it, so that the bot only
reads it, and a package installed in a folder nobody may write serves the board. Without
its page, the bot says so in one line."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import signal
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest

from tests import processes

ROOT = Path(__file__).resolve().parents[2]
SERVED_FROM = "served from "
SHOW_AND_RUN = (
    "import bot, runpy, sys; "
    f"print({SERVED_FROM!r} + bot.__file__, flush=True); "
    "sys.argv = ['claimit']; "
    "runpy.run_module('bot', run_name='__main__')"
)
"""``claimit``, after saying where its ``bot`` package was imported from."""

pytestmark = pytest.mark.long(seconds=45)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The package built as a wheel (in a build folder of its own: the checkout is only
    read) and installed into a folder, as ``pip install --target`` does."""
    work = tmp_path_factory.mktemp("installed")
    # setuptools' own folders (build/, the .egg-info) out of the checkout.
    extra = work / "setuptools.cfg"
    extra.write_text(f"[build]\nbuild_base = {work / 'build'}\n[egg_info]\negg_base = {work}\n")
    wheels = work / "wheels"
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--quiet"]
    subprocess.run(
        [*pip, "wheel", "--no-deps", "--wheel-dir", str(wheels), str(ROOT)],
        env={**os.environ, "DIST_EXTRA_CONFIG": str(extra)},
        check=True,
    )
    (wheel,) = wheels.glob("*.whl")
    target = work / "site"
    subprocess.run([*pip, "install", "--no-deps", "--target", str(target), str(wheel)], check=True)
    return target


@contextlib.contextmanager
def read_only(folder: Path) -> Iterator[None]:
    """``folder`` and all in it as ``chmod -R a-w`` leaves them, writable again after."""
    paths = [*folder.rglob("*"), folder]
    for path in paths:
        path.chmod(path.stat().st_mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
    try:
        yield
    finally:
        for path in reversed(paths):
            path.chmod(path.stat().st_mode | stat.S_IWUSR)


async def sandbox(site: Path, run: Path) -> asyncio.subprocess.Process:
    """``claimit`` as a player starts it (no token: the sandbox, serving the board), its
    ``bot`` from ``site``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "CLAIMIT_"))}
    env.update(
        PYTHONPATH=str(site),
        DISCORD_TOKEN="",
        CLAIMIT_SANDBOX_PORT="0",
        CLAIMIT_SANDBOX_DATABASE=str(run / "sandbox.sqlite3"),
        CLAIMIT_RENDER_PROCESSES="0",
        # What a folder nobody may write means to Python's bytecode cache, which chmod
        # doesn't keep root (these tests' user in CI) from writing: the optimized bytecode
        # ``claimit`` runs (``bot.optimized_interpreter``) is not in the wheel's install.
        PYTHONDONTWRITEBYTECODE="1",
    )
    return await processes.start(
        sys.executable,
        "-c",
        SHOW_AND_RUN,
        cwd=run,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )


async def served(site: Path, dist: Path, tmp_path: Path) -> None:
    """Runs the sandbox from ``site`` and gets the board's page and script from it."""
    process = await sandbox(site, tmp_path)
    try:
        assert process.stdout is not None
        line = (await asyncio.wait_for(process.stdout.readline(), 30)).decode()
        # Said again as ``claimit`` runs itself again optimized (``bot.optimized_interpreter``).
        for _ in range(2):
            assert line.startswith(SERVED_FROM + str(site)), line
            line = (await asyncio.wait_for(process.stdout.readline(), 30)).decode()
        url = re.search(r"http://127\.0\.0\.1:\d+", line)
        assert url is not None, line
        async with aiohttp.ClientSession() as session:
            for path, name in (("/activity/", "index.html"), ("/activity/app.js", "app.js")):
                async with session.get(url.group() + path) as response:
                    assert response.status == 200, path
                    assert await response.read() == (dist / name).read_bytes()
    finally:
        process.send_signal(signal.SIGTERM)
        _, err = await asyncio.wait_for(process.communicate(), 30)
        await processes.ended(process)
    assert process.returncode == 0, err.decode()


async def test_a_read_only_installed_package_serves_the_board(
    installed: Path, tmp_path: Path
) -> None:
    site = tmp_path / "site"
    shutil.copytree(installed, site)
    dist = site / "bot" / "activity" / "page" / "dist"
    assert {"index.html", "app.js", "app.css"} <= {p.name for p in dist.iterdir()}
    assert not (site / "bot" / "activity" / "page" / "node_modules").exists()
    with read_only(site):
        before = sorted(site.rglob("*"))
        await served(site, dist, tmp_path)
        assert sorted(site.rglob("*")) == before


async def test_an_installed_package_without_its_page_says_so_in_one_line(
    installed: Path, tmp_path: Path
) -> None:
    site = tmp_path / "site"
    shutil.copytree(installed, site)
    shutil.rmtree(site / "bot" / "activity" / "page" / "dist")
    process = await sandbox(site, tmp_path)
    _, err = await asyncio.wait_for(process.communicate(), 60)
    await processes.ended(process)
    said = err.decode()
    assert process.returncode == 1, said
    assert "Traceback" not in said
    assert "claimit: the Activity's page is not built: " in said
    assert "Install the package again (pip install builds the page)" in said
