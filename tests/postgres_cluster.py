"""A throwaway PostgreSQL cluster for the tests: ``initdb`` and ``pg_ctl`` in a
temporary folder, listening on a free loopback port, gone when the tests end.

Debian's ``postgresql`` package holds the programs (``scripts/test.sh`` installs
it). PostgreSQL refuses to run as root, so as root the cluster runs as the
``postgres`` user the package creates. Every test gets a database of its own.

A test's database as the bot makes it (``made_database``) is a copy of one the bot
made once in the cluster: the bot's whole schema run on a new database costs the
server about twice what a copy of the result does, and some 250 tests each start on
one. What a new database goes through is tested where it is the point, on
``new_database``: the migrations' tests, and the upgrades of earlier schemas.
"""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import signal
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import asyncpg

from bot.storage.opening import open_database
from tests import processes

USER = "claimit"


def _programs() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        raise RuntimeError(
            "PostgreSQL's initdb is not installed: run `bash scripts/test.sh`, which installs "
            "Debian's postgresql package"
        )
    return Path(found[-1]).parent


def free_port() -> int:
    """A port nothing listens on now, on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    def __init__(self, folder: Path, port: int, *, durable: bool = False) -> None:
        self.folder = folder
        self.port = port
        self._names = itertools.count(1)
        self._programs = _programs()
        self._data = folder / "data"
        self._run_as = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        # Durability is worth nothing to a cluster thrown away after the tests, unless a
        # test crashes it on purpose: then what a commit answered must survive.
        self._options = (
            f"-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories={folder} "
            f"-c fsync=off -c synchronous_commit={'on' if durable else 'off'} "
            "-c full_page_writes=off -c max_connections=300"
        )
        self.postmaster: int | None = None
        self._made: str | None = None
        """The database the bot made, once made: the one ``made_database`` copies."""

    def url(self, database: str) -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    async def new_database(self) -> str:
        """An empty database of its own, as a URL."""
        return self.url(await self._create())

    async def made_database(self) -> str:
        """A database of its own as the bot makes one (its schema, no rows), as a URL."""
        if self._made is None:
            made = await self._create()
            await (await open_database(self.url(made))).close()
            self._made = made
        return self.url(await self._create(template=self._made))

    async def _create(self, template: str | None = None) -> str:
        """A new database's name: empty, or a copy of ``template``."""
        name = f"test_{os.getpid()}_{next(self._names)}"
        copied = "" if template is None else f' TEMPLATE "{template}"'
        admin = await asyncpg.connect(self.url("postgres"))
        try:
            await admin.execute(f'CREATE DATABASE "{name}"{copied}')
        finally:
            await admin.close()
        return name

    def _run(self, *args: str) -> None:
        subprocess.run([*self._run_as, *args], check=True, capture_output=True, text=True)

    def initialize(self) -> None:
        self._run(str(self._programs / "initdb"), "-D", str(self._data), "-U", USER,
                  "--auth=trust", "-E", "UTF8")  # fmt: skip

    def start(self) -> None:
        """Starts the server, once it accepts connections."""
        try:
            self._run(str(self._programs / "pg_ctl"), "-D", str(self._data), "-o", self._options,
                      "-l", str(self.folder / "log"), "-w", "start")  # fmt: skip
        finally:
            # Also after an interrupt while it starts: the server may be running.
            self._note_postmaster()

    def crash(self) -> None:
        """Stops the server as a crash does (``pg_ctl -m immediate``): no clean shutdown;
        the next start recovers from its log."""
        subprocess.run(
            [*self._run_as, str(self._programs / "pg_ctl"), "-D", str(self._data),
             "-m", "immediate", "-w", "stop"],
            capture_output=True,
        )  # fmt: skip
        if self.postmaster is not None:
            processes.forget_server(self.postmaster)
            self.postmaster = None

    def _note_postmaster(self) -> None:
        try:
            postmaster = int((self._data / "postmaster.pid").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return
        self.postmaster = postmaster
        # SIGQUIT is PostgreSQL's immediate shutdown, for a run stopped from outside.
        processes.remember_server(postmaster, lambda: os.kill(postmaster, signal.SIGQUIT))


@contextmanager
def running_cluster(*, durable: bool = False) -> Iterator[Cluster]:
    """A new cluster, running; ``durable`` keeps every answered commit through a crash."""
    folder = Path(tempfile.mkdtemp(prefix="claimit-pg-"))
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    cluster = Cluster(folder, free_port(), durable=durable)
    try:
        cluster.initialize()
        cluster.start()
        yield cluster
    finally:
        cluster.crash()
        shutil.rmtree(folder, ignore_errors=True)
