"""A throwaway PostgreSQL cluster for the tests: ``initdb`` and ``pg_ctl`` in a
temporary folder, listening on a free loopback port, gone when the tests end.

Debian's ``postgresql`` package holds the programs (``scripts/test.sh`` installs
it). PostgreSQL refuses to run as root, so as root the cluster runs as the
``postgres`` user the package creates. Every test gets a database of its own.
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


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    def __init__(self, folder: Path, port: int) -> None:
        self.folder = folder
        self.port = port
        self._names = itertools.count(1)

    def url(self, database: str) -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    async def new_database(self) -> str:
        """An empty database of its own, as a URL."""
        name = f"test_{os.getpid()}_{next(self._names)}"
        admin = await asyncpg.connect(self.url("postgres"))
        try:
            await admin.execute(f'CREATE DATABASE "{name}"')
        finally:
            await admin.close()
        return self.url(name)


@contextmanager
def running_cluster() -> Iterator[Cluster]:
    bin_dir = _programs()
    as_root = os.geteuid() == 0
    folder = Path(tempfile.mkdtemp(prefix="claimit-pg-"))
    data = folder / "data"
    if as_root:
        shutil.chown(folder, "postgres", "postgres")
    run_as = ["runuser", "-u", "postgres", "--"] if as_root else []

    def run(*args: str) -> None:
        subprocess.run([*run_as, *args], check=True, capture_output=True, text=True)

    port = _free_port()
    postmaster: int | None = None
    run(str(bin_dir / "initdb"), "-D", str(data), "-U", USER, "--auth=trust", "-E", "UTF8")
    # Durability is worth nothing to a cluster thrown away after the tests.
    options = (
        f"-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories={folder} "
        "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300"
    )
    try:
        # Inside the try: an interrupt while the server starts must still stop it.
        run(str(bin_dir / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(folder / "log"),
            "-w", "start")  # fmt: skip
        postmaster = int((data / "postmaster.pid").read_text().split()[0])
        # SIGQUIT is PostgreSQL's immediate shutdown, for a run stopped from outside.
        processes.remember_server(postmaster, lambda: os.kill(postmaster, signal.SIGQUIT))
        yield Cluster(folder, port)
    finally:
        subprocess.run(
            [*run_as, str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"],
            capture_output=True,
        )
        if postmaster is not None:
            processes.forget_server(postmaster)
        shutil.rmtree(folder, ignore_errors=True)
